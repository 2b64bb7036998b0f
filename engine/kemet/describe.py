"""What a decision does, in plain words for the log, and what to decide now.

The log is read by every seat, so a sentence never names what the decision
keeps hidden: a commitment's cards, the card Vision keeps, the battle card a
Strategy removes, the DI cards given to Divine Wound (section 16).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.kemet.actions import Action
from engine.kemet.state import GameState
from engine.kemet.words import (
    ACTION_NAMES,
    COLOUR_NAMES,
    CREATURE_NAMES,
    DI_NAMES,
    space_name,
    tile_name,
)
from engine.message import Message, msg, nmsg


def describe(before: GameState, action: Action, names: Sequence[str]) -> Message:
    """One sentence saying what ``action`` does when taken in ``before``."""
    who = names[before.actor] if 0 <= before.actor < len(names) else "?"
    v, a = action.verb, action.args
    if v == "pyr":
        return msg(
            "{player} sets up pyramids: white {w}, red {r}, blue {b}.",
            player=who, w=a[0], r=a[1], b=a[2],
        )  # fmt: skip
    if v == "units":
        return msg(
            "{player} places units in the city: {a}, {b} and {c}.",
            player=who, a=a[0], b=a[1], c=a[2],
        )  # fmt: skip
    if v == "keep":
        return msg("{player} keeps one of the cards Vision drew.", player=who)
    if v == "hog":
        return msg(
            "{player} raises the {colour} pyramid with the Hand of God.",
            player=who,
            colour=COLOUR_NAMES[a[0]],
        )
    if v == "reinforce":
        return msg("{player} adds a unit to {space}.", player=who, space=space_name(a[0]))
    if v == "order":
        return msg(
            "{player} sets the turn order: {order}.",
            player=who,
            order=", ".join(names[s] for s in a),
        )
    if v in ("place", "silver", "gold"):
        spot = ACTION_NAMES[0] if v == "gold" else ACTION_NAMES[a[0]]
        return msg("{player} takes the action {action}.", player=who, action=spot)
    if v == "di":
        return msg("{player} plays {card}.", player=who, card=DI_NAMES[a[0]])
    if v == "raise":
        return msg(
            "{player} raises the {colour} pyramid to level {level}.",
            player=who,
            colour=COLOUR_NAMES[a[0]],
            level=a[1],
        )
    if v == "buy":
        return msg("{player} buys {tile}.", player=who, tile=tile_name(a[0]))
    if v == "remove":
        return msg("{player} removes a battle card from the game.", player=who)
    if v == "creature":
        return msg("{player} places a creature in {space}.", player=who, space=space_name(a[0]))
    if v == "recruit":
        return msg("{player} recruits a unit in {space}.", player=who, space=space_name(a[0]))
    if v == "beast":
        return msg(
            "{player} brings the {creature} to {space}.",
            player=who,
            creature=CREATURE_NAMES[a[0]],
            space=space_name(a[1]),
        )
    if v == "fight":
        return msg("{player} attacks in {space}.", player=who, space=space_name(a[0]))
    if v == "group":
        return nmsg(
            "{player} moves {count} unit from {space}.",
            "{player} moves {count} units from {space}.",
            a[1],
            player=who,
            space=space_name(a[0]),
        )
    if v in ("go", "tp", "to", "escape"):
        return _to(v, who, a[0])
    # Literal calls, not a chosen pair of strings: pybabel only extracts literals.
    if v == "drop":
        return nmsg(
            "{player} leaves {count} unit behind.",
            "{player} leaves {count} units behind.",
            a[0],
            player=who,
        )
    if v == "pick":
        return nmsg(
            "{player} picks up {count} unit.", "{player} picks up {count} units.", a[0], player=who
        )
    if v == "commit":
        return msg("{player} commits to the battle.", player=who)
    if v == "wound":
        return msg("{player} discards a DI card for Divine Wound.", player=who)
    return _plain(v, who)


def _to(verb: str, who: str, space: int) -> Message:
    where = space_name(space)
    if verb == "go":
        return msg("{player} moves to {space}.", player=who, space=where)
    if verb == "tp":
        return msg("{player} teleports to {space}.", player=who, space=where)
    if verb == "escape":
        return msg("{player} plays Escape towards {space}.", player=who, space=where)
    return msg("{player} sends the beaten troop back to {space}.", player=who, space=where)


def _plain(verb: str, who: str) -> Message:
    sentences = {
        "done": msg("{player} is done.", player=who),
        "end": msg("{player} ends the turn.", player=who),
        "skip": msg("{player} does nothing with this action.", player=who),
        "stop": msg("{player} stops moving.", player=who),
        "veto": msg("{player} plays Veto.", player=who),
        "pass": msg("{player} passes.", player=who),
        "retreat": msg("{player} retreats.", player=who),
        "recall": msg("{player} recalls the troop.", player=who),
        "stay": msg("{player} stays.", player=who),
        "sacrifice": msg("{player} sacrifices units.", player=who),
    }
    return sentences.get(verb, msg("{player} decides.", player=who))


_PROMPTS = {
    "pyramids": msg("Divide 3 levels among your pyramids and place them in your districts."),
    "units": msg("Place 10 units in your city's districts, at most 5 in each."),
    "vision": msg("Vision: keep one of the cards you drew."),
    "night": msg("Use your night powers, or say you are done."),
    "order": msg("Choose the turn order for the coming Day."),
    "turn": msg("Place an action token, play a DI card, or end your turn."),
    "raise": msg("Choose a pyramid to raise, or skip."),
    "buy": msg("Choose a power tile to buy, or skip."),
    "strategy": msg("Choose a battle card to remove from the game."),
    "creature": msg("Choose a district of your city for your creature."),
    "recruit": msg("Recruit units one at a time, then say you are done."),
    "fight": msg("Choose which recruitment battle is fought first."),
    "escape": msg("Your troop is attacked: play Escape, or pass."),
    "veto": msg("A DI card was played: play Veto on it, or pass."),
    "commit": msg("Choose a battle card to play, one to discard, and any battle DI cards."),
    "wound": msg("Divine Wound: discard DI cards for strength, then say you are done."),
    "loser": msg("You lost the battle: retreat or recall your troop."),
    "retreat": msg("You won: choose where the beaten troop retreats."),
    "winner": msg("You won the battle: stay, or recall your troop."),
    "delta": msg("Sacrifice a unit on the Delta temple for 5 prayer points, or pass."),
    "sanctuary": msg("Sacrifice two units on the Sanctuary for 1 VP, or pass."),
    "over": msg("The game is over."),
}


def prompt(state: GameState) -> Message:
    """What the seat to move must decide now."""
    if state.phase == "move":
        if state.group is None:
            return msg("Choose the troop to move (and how many units), or skip.")
        return nmsg(
            "Move on ({count} movement point left), teleport, drop or pick up units, or stop.",
            "Move on ({count} movement points left), teleport, drop or pick up units, or stop.",
            state.group.mp,
        )
    return _PROMPTS[state.phase]


__all__ = ["describe", "prompt"]
