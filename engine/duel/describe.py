"""What an action does, in plain words, for the game log and replay viewer."""

from __future__ import annotations

from collections import Counter

from engine.duel.actions import Action, Pass, Place, Play, Stop, Swap, Take, Unload
from engine.duel.rules import handout, leaving_boats
from engine.duel.state import GameState
from engine.duel.tokens import boat_words, token_phrase, token_subject, tokens_phrase
from engine.message import Listing, Message, msg, pmsg


def describe(
    before: GameState, action: Action, names: tuple[str, str], *, codes: bool = False
) -> Message:
    """One sentence saying what ``action`` does when taken in ``before``.

    A :class:`~engine.message.Message`: English as a ``str``, translatable by
    the caller. Players' names are put in as they are. With ``codes`` the
    tokens are named by their codes (``OB``, ``T3``), for a line too short
    for their names.
    """
    who = names[before.turn]
    phrase = _code if codes else token_phrase
    if isinstance(action, Place):
        return msg("{player} places a meeple on cell {cell}.", player=who, cell=action.cell + 1)
    if isinstance(action, Unload):
        return _describe_unload(before, action, who, names, codes=codes)
    if isinstance(action, Play):
        return msg("{player} plays {token}.", player=who, token=phrase(action.token))
    if isinstance(action, Take):
        slots = before.boats[action.boat]
        boat = boat_words(action.boat, "owner")
        slot = action.slot + 1
        if slots is None:
            # Only a record that was never checked can take from a boat gone.
            return msg(
                "{player} takes a token from slot {slot} of {boat}; "
                "a reserve token fills the slot.",
                player=who,
                slot=slot,
                boat=boat,
            )
        return msg(
            "{player} takes {token} from slot {slot} of {boat}; a reserve token fills the slot.",
            player=who,
            token=phrase(slots[action.slot]),
            slot=slot,
            boat=boat,
        )
    if isinstance(action, Swap):
        return msg(
            "{player} swaps slots {first} and {second} of {boat}.",
            player=who,
            first=action.first + 1,
            second=action.second + 1,
            boat=boat_words(action.boat, "owner"),
        )
    if isinstance(action, Stop):
        return msg("{player} stops there.", player=who)
    assert isinstance(action, Pass)
    return msg("{player} has no legal action and passes.", player=who)


def _code(token: str, count: int = 1) -> str:
    return token if count == 1 else f"{count} {token}"


def _describe_unload(
    before: GameState, action: Unload, who: str, names: tuple[str, str], *, codes: bool
) -> Message:
    given = handout(before, action.boat)
    # Two tokens alike to one player are told once, with their count.
    taken = Counter((owner, token) for _, owner, token in given)
    phrase = _code if codes else tokens_phrase
    gains = Listing(
        msg("{player} takes {token}", player=names[owner], token=phrase(token, count))
        for (owner, token), count in taken.items()
    )
    boat = boat_words(action.boat, "object")
    slots = before.boats[action.boat]
    subject = _code if codes else token_subject
    boxed = subject(slots[0]) if len(given) == 2 and slots is not None else None
    if slots is None:
        return _unload_sentence(who, boat, gains, boxed, leaves=False)
    leaving = leaving_boats(before, action.boat)
    if before.supply and leaving:
        # The online rules after a double unload: one refill for two boats.
        first, second = min((*before.emptied, action.boat)), leaving[0]
        refill = msg(
            "The supply holds one last refill: it goes to {refilled}, and {leaving} "
            "leaves the game (online rules).",
            refilled=boat_words(first),
            leaving=boat_words(second),
        )
        unload = _unload_sentence(who, boat, gains, boxed, leaves=False)
        # TRANSLATORS: two sentences shown one after the other on the message line.
        return pmsg("two sentences", "{first} {second}", first=unload, second=refill)
    return _unload_sentence(who, boat, gains, boxed, leaves=bool(leaving))


def _unload_sentence(
    who: str, boat: Message, gains: Listing, boxed: Message | str | None, *, leaves: bool
) -> Message:
    # Whole sentences for each case, so that every language can order its own.
    if boxed is not None and leaves:
        return msg(
            "{player} unloads {boat}: {gains}; {token} goes to the box; "
            "the supply is empty, so the boat leaves the game.",
            player=who,
            boat=boat,
            gains=gains,
            token=boxed,
        )
    if boxed is not None:
        return msg(
            "{player} unloads {boat}: {gains}; {token} goes to the box.",
            player=who,
            boat=boat,
            gains=gains,
            token=boxed,
        )
    if leaves:
        return msg(
            "{player} unloads {boat}: {gains}; the supply is empty, so the boat leaves the game.",
            player=who,
            boat=boat,
            gains=gains,
        )
    return msg("{player} unloads {boat}: {gains}.", player=who, boat=boat, gains=gains)
