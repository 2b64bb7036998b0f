"""Reading a game's table options (``Game.deal``): the checks every game shares.

Options come from the command line, the new-game screen and the lobby as
text, so each value is checked against the few a game offers, and every
refusal is a :class:`engine.game.RecordError` a player can read.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping

from engine.game import RecordError
from engine.message import Message, as_message, msg

# A seed is drawn as 32 random bits; one typed in may be larger, but not without end.
MAX_SEED_DIGITS = 19


class OptionError(RecordError):
    """A table option a game does not have, or a value it does not offer."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason)
        self.reason = as_message(reason)


def table_options(options: Mapping[str, str] | None, known: Collection[str]) -> dict[str, str]:
    """``options`` as a dict, refusing any option not in ``known``."""
    given = dict(options or {})
    for name in given:
        if name not in known:
            raise OptionError(
                msg(
                    "the table option {option} does not exist here (the options are {options})",
                    option=repr(name)[:40],
                    options=", ".join(sorted(known)),
                )
            )
    return given


def choice(given: Mapping[str, str], name: str, values: tuple[str, ...], default: str) -> str:
    """The value of option ``name``, one of ``values``."""
    value = given.get(name, default)
    if value not in values:
        raise OptionError(
            msg(
                "the table option {option} is {values}, not {value}",
                option=name,
                values=" or ".join(values),
                value=repr(value)[:40],
            )
        )
    return value


def seed(given: Mapping[str, str], rng: random.Random) -> int:
    """The option ``seed`` if given (a whole number from 0 up), else 32 bits of ``rng``."""
    text = given.get("seed")
    if text is None:
        return rng.getrandbits(32)
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_SEED_DIGITS):
        raise OptionError(
            msg(
                "the table option seed is a whole number from 0 up, not {value}",
                value=repr(text)[:40],
            )
        )
    return int(text)


def check_seats(seats: int, counts: tuple[int, ...]) -> None:
    if seats not in counts:
        raise OptionError(
            msg(
                "this game is played by {counts} players, not {seats}",
                counts=", ".join(map(str, counts)),
                seats=seats,
            )
        )


__all__ = ["OptionError", "check_seats", "choice", "seed", "table_options"]
