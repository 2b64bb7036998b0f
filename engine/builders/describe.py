"""What a decision does, in plain words, for the game log (as :mod:`engine.duel.describe`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.builders.actions import Action, Get, Pass, Place, Play, Sail, Take, Unload
from engine.builders.rules import current_player
from engine.builders.sites import CHAMBER, GET_STONES, MARKET, OBELISKS, PYRAMID, SLED_SIZE, TEMPLE
from engine.builders.state import GameState
from engine.builders.words import card_name
from engine.message import Message, msg, nmsg


def describe(before: GameState, action: Action, names: Sequence[str]) -> Message:
    """One sentence saying what ``action`` does when taken in ``before``.

    ``action`` is one of ``legal_actions(before)``; ``names`` are the seats'
    names, put in as they are. A :class:`~engine.message.Message`, worded by
    the caller in the player's language.
    """
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
