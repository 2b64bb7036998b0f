"""Text notation for Kemet decisions.

===========================  ====================================================
``pyr w2/1 r1/2 b0/3``       set-up: each colour's level and district (1-3)
``units 5/5/0``              set-up: units in districts 1, 2, 3
``keep VE``                  Vision: the DI card kept, by kind code
``hog r`` / ``reinforce d12``  Night powers; ``done`` ends them
``order 3-1-2``              the turn order, by seat number (from 1)
``place move1``              a regular token (will, move1, recruit, raise, move2,
                             pray2, white, red, blue, pray3); ``silver raise``;
                             ``gold move`` / ``gold recruit``
``di RF d12``                a DI card outside battle with its targets
``end`` ``skip`` ``stop``    end the turn; decline an action; end a Move
``raise w3`` ``buy 24``      raise the white pyramid to 3; buy tile 24
``remove B3``                Strategy: the battle card removed from the game
``creature c1d2``            place the creature there
``recruit c1d2``             one unit; ``beast elephant c1d2`` a creature
``fight c1d2``               the recruitment battle fought next
``group d12 3+c``            the moving group: space, units, ``+c`` with creature
``go d13`` ``tp T3``         a step or crossing; a teleport
``drop 2+c`` ``pick 1``      drop or pick up units (and the creature)
``escape d13`` ``veto``      reactions; ``pass`` declines a window or a sacrifice
``commit B4/B1 WF BW``       the battle commitment: played/discarded card, DI kinds
``wound VE``                 Divine Wound: discard a DI card of that kind
``retreat`` ``recall``       the loser's choice; ``to d13`` where it retreats;
``stay``                     the winner stays (or ``recall``)
``sacrifice``                a sacrifice at the end of the Day
===========================  ====================================================

Parsing ignores case and surrounding spaces; ``parse_action(format_action(a)) == a``.
"""

from __future__ import annotations

from engine.kemet.actions import BARE as _BARE
from engine.kemet.actions import GOLD as _GOLD
from engine.kemet.actions import ONE_SPACE as _ONE_SPACE
from engine.kemet.actions import Action, format_action
from engine.kemet.board import SPACE_ID
from engine.kemet.cards import BATTLE_CARDS, COLOUR_LETTERS, CREATURE_ID, DI_CODE
from engine.kemet.state import SPACE_KEYS
from engine.message import Message, as_message, msg


class NotationError(ValueError):
    """Text that is not valid notation (a syntax error, not an illegal decision)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason: Message = as_message(reason)


def _bad(text: str) -> NotationError:
    return NotationError(
        msg("{text} is not a Kemet decision (see the notation in the help)", text=repr(text[:40]))
    )


def _int(text: str, low: int, high: int) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise ValueError(text)
    return int(text)


def _sp(text: str) -> int:
    return SPACE_ID[text]


def _card(text: str) -> int:
    if not text.startswith("b"):
        raise ValueError(text)
    return _int(text[1:], 0, len(BATTLE_CARDS) - 1)


def _di(text: str) -> int:
    return DI_CODE[text.upper()]


def _units(text: str) -> tuple[int, int]:
    n, plus, c = text.partition("+")
    if plus and c != "c":
        raise ValueError(text)
    return _int(n, 0, 12), 1 if plus else 0


def _parse(words: list[str]) -> Action:
    v, rest = words[0], words[1:]
    if v in _BARE and not rest:
        return Action(v)
    if v in _ONE_SPACE and len(rest) == 1:
        return Action(v, (_sp(rest[0]),))
    if v == "pyr" and len(rest) == 3:
        levels, places = [0, 0, 0], [0, 0, 0]
        for c, word in enumerate(rest):
            level, slash, place = word[1:].partition("/")
            if word[:1] != COLOUR_LETTERS[c] or not slash:
                raise ValueError(word)
            levels[c], places[c] = _int(level, 0, 2), _int(place, 1, 3) - 1
        return Action(v, (*levels, *places))
    if v == "units" and len(rest) == 1:
        parts = rest[0].split("/")
        if len(parts) != 3:
            raise ValueError(rest)
        return Action(v, tuple(_int(p, 0, 12) for p in parts))
    if v in ("keep", "wound") and len(rest) == 1:
        return Action(v, (_di(rest[0]),))
    if v == "hog" and len(rest) == 1 and len(rest[0]) == 1 and rest[0] in COLOUR_LETTERS:
        return Action(v, (COLOUR_LETTERS.index(rest[0]),))
    if v == "order" and len(rest) == 1:
        return Action(v, tuple(_int(s, 1, 5) - 1 for s in rest[0].split("-")))
    if v in ("place", "silver") and len(rest) == 1 and rest[0] in SPACE_KEYS[1:]:
        return Action(v, (SPACE_KEYS.index(rest[0]),))
    if v == "gold" and len(rest) == 1 and rest[0] in _GOLD:
        return Action(v, (_GOLD.index(rest[0]),))
    if v == "di" and 1 <= len(rest) <= 3:
        return Action(v, (_di(rest[0]), *map(_sp, rest[1:])))
    if v == "raise" and len(rest) == 1 and len(rest[0]) == 2 and rest[0][0] in COLOUR_LETTERS:
        return Action(v, (COLOUR_LETTERS.index(rest[0][0]), _int(rest[0][1], 1, 4)))
    if v == "buy" and len(rest) == 1:
        return Action(v, (_int(rest[0], 0, 47),))
    if v == "remove" and len(rest) == 1:
        return Action(v, (_card(rest[0]),))
    if v == "beast" and len(rest) == 2:
        return Action(v, (CREATURE_ID[rest[0]], _sp(rest[1])))
    if v == "group" and len(rest) == 2:
        return Action(v, (_sp(rest[0]), *_units(rest[1])))
    if v in ("drop", "pick") and len(rest) == 1:
        return Action(v, _units(rest[0]))
    if v == "commit" and len(rest) >= 1:
        played, slash, discarded = rest[0].partition("/")
        if not slash or len(rest) > 20:
            raise ValueError(rest)
        return Action(v, (_card(played), _card(discarded), *sorted(map(_di, rest[1:]))))
    raise ValueError(words)


def parse_action(text: str) -> Action:
    """The decision written as ``text``; raises :class:`NotationError` if malformed."""
    words = text.strip().lower().split()
    if not words or len(words) > 24:
        raise _bad(text)
    try:
        return _parse(words)
    except (ValueError, KeyError, IndexError):
        raise _bad(text) from None


__all__ = ["NotationError", "format_action", "parse_action"]
