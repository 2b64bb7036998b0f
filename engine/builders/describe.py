"""What a decision does, in plain words, for the game log (as :mod:`engine.duel.describe`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.builders.actions import Action, Get, Pass, Place, Play, Sail, Take, Unload
from engine.builders.rules import apply_unchecked, current_player
from engine.builders.sites import CHAMBER, GET_STONES, MARKET, OBELISKS, PYRAMID, SLED_SIZE, TEMPLE
from engine.builders.state import GameState
from engine.builders.words import card_name
from engine.message import Listing, Message, msg, nmsg, pmsg


def describe(before: GameState, action: Action, names: Sequence[str]) -> Message:
    """One sentence saying what ``action`` does when taken in ``before``.

    ``action`` is one of ``legal_actions(before)``; ``names`` are the seats'
    names, put in as they are. A :class:`~engine.message.Message`, worded by
    the caller in the player's language. A decision that ends a round also
    says what the temple scored then: nothing else on the board tells it.
    """
    said = _decision(before, action, names)
    ended = _round_end(before, apply_unchecked(before, action), names)
    if ended is None:
        return said
    # TRANSLATORS: two sentences shown one after the other on the message line.
    return pmsg("two sentences", "{first} {second}", first=said, second=ended)


def _round_end(before: GameState, after: GameState, names: Sequence[str]) -> Message | None:
    """What the temple scored if the decision ended the round (section 4.3)."""
    if after.round == before.round and after.over == before.over:
        return None
    scored = [
        (names[seat], gained)
        for seat, (was, now) in enumerate(
            zip(before.temple_points, after.temple_points, strict=True)
        )
        if (gained := now - was) > 0
    ]
    if not scored:
        return msg("Round {round} ends; no one scores at the temple.", round=before.round)
    gains = Listing(
        msg("{player} +{points}", player=name, points=points) for name, points in scored
    )
    return msg("Round {round} ends; the temple scores {gains}.", round=before.round, gains=gains)


def _decision(before: GameState, action: Action, names: Sequence[str]) -> Message:
    seat = current_player(before)
    who = names[seat]
    if isinstance(action, Get):
        return nmsg(
            "{player} moves {count} stone from the quarry to the sled.",
            "{player} moves {count} stones from the quarry to the sled.",
            _stones_got(before, seat),
            player=who,
        )
    if isinstance(action, Place):
        return msg(
            "{player} places a stone on ship {ship}, space {slot}.",
            player=who,
            ship=action.ship + 1,
            slot=action.slot + 1,
        )
    if isinstance(action, Sail):
        return _sail_sentence(who, action)
    if isinstance(action, Play):
        if action.card == "hammer":
            return nmsg(
                "{player} plays the Hammer: {count} stone from the quarry to the sled, "
                "then one stone onto a ship.",
                "{player} plays the Hammer: {count} stones from the quarry to the sled, "
                "then one stone onto a ship.",
                _stones_got(before, seat),
                player=who,
            )
        return msg("{player} plays the blue card {card}.", player=who, card=card_name(action.card))
    if isinstance(action, Unload):
        return msg(
            "{player} unloads the stone of {owner} from space {slot} of ship {ship}.",
            player=who,
            owner=names[before.ships[before.ship][action.slot]],
            slot=action.slot + 1,
            ship=before.ship + 1,
        )
    if isinstance(action, Take):
        return msg(
            "{player} takes the market card {card}.",
            player=who,
            card=card_name(before.market[action.position]),
        )
    assert isinstance(action, Pass)
    # The same words as the Duel's pass: one sentence for translators.
    return msg("{player} has no legal action and passes.", player=who)


def _stones_got(state: GameState, seat: int) -> int:
    return min(GET_STONES, SLED_SIZE - state.sled[seat], state.quarry[seat])


def _sail_sentence(who: str, action: Sail) -> Message:
    # A whole sentence per site, so that each language can put the place in its own case.
    ship = action.ship + 1
    if action.site == MARKET:
        return msg("{player} sails ship {ship} to the market.", player=who, ship=ship)
    if action.site == PYRAMID:
        return msg("{player} sails ship {ship} to the pyramid.", player=who, ship=ship)
    if action.site == TEMPLE:
        return msg("{player} sails ship {ship} to the temple.", player=who, ship=ship)
    if action.site == CHAMBER:
        return msg("{player} sails ship {ship} to the burial chamber.", player=who, ship=ship)
    assert action.site == OBELISKS
    return msg("{player} sails ship {ship} to the obelisks.", player=who, ship=ship)


__all__ = ["describe"]
