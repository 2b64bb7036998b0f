"""Token codes in words: the one table behind the board's legend, the tokens
spelled out on a large harbor, and the help's list of codes.

The full names are the engine's (:data:`engine.duel.tokens.TOKEN_NAMES`, the names
the rules and the log use); this module adds the short form a boat slot has
room for, at most two lines of :data:`SHORT_WIDTH` cells each.

The tables hold English; the functions give the words in the current
language (``LEGEND`` and the other constants are their English forms).
A translation of a short word must fit :data:`SHORT_WIDTH` cells too (the
language tests check it).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from engine.duel.tokens import (
    ACTION_TOKENS,
    CHAMBERS,
    DARK_PYRAMID,
    LIGHT_PYRAMID,
    OBELISK,
    PLACE_TWO,
    PLACE_UNLOAD,
    SWAP_UNLOAD,
    TAKE,
    TEMPLES,
    TOKEN_NAMES,
)
from tui.i18n import N_, _, current_language, pgettext, tr

SHORT_WIDTH: Final = 7


# The words of each token's short form, in the current language; numbers
# such as "2-3" or "12" stay as they are.
@cache
def _short_table(language: str) -> dict[str, tuple[str, ...]]:
    # TRANSLATORS: "token on a slot" words spell a token out on a boat slot
    # of a large harbor, two lines of at most 7 characters each.
    temple = pgettext("token on a slot", "temple")
    chamber = pgettext("token on a slot", "chamber")
    pyramid = pgettext("token on a slot", "pyramid")
    unload = pgettext("token on a slot", "+unload")
    return {
        OBELISK: (pgettext("token on a slot", "obelisk"),),
        LIGHT_PYRAMID: (pgettext("token on a slot", "light"), pyramid),
        DARK_PYRAMID: (pgettext("token on a slot", "dark"), pyramid),
        **{t: (temple, t[1]) for t in TEMPLES},
        **{c: (chamber, c[1:]) for c in CHAMBERS},
        TAKE: (pgettext("token on a slot", "take 1"), pgettext("token on a slot", "token")),
        PLACE_TWO: (pgettext("token on a slot", "place"), "2-3"),
        PLACE_UNLOAD: (pgettext("token on a slot", "place 1"), unload),
        SWAP_UNLOAD: (pgettext("token on a slot", "swap 2"), unload),
    }


def short_words(token: str) -> tuple[str, ...]:
    """The token in one or two short lines, e.g. ``("light", "pyramid")``."""
    return _short_table(current_language())[token]


def short_name(token: str) -> str:
    """The short form on one line, e.g. ``"place 1+unload"``."""
    first, *rest = short_words(token)
    for line in rest:
        first += line if line.startswith("+") else f" {line}"
    return first


def full_name(token: str) -> str:
    """The token's name as the rules give it, e.g. ``"Take 1 token"``."""
    return tr(TOKEN_NAMES[token])


def legend() -> tuple[tuple[str, str], ...]:
    """Every code, grouped as a player learns them: (codes, what they stand for)."""
    return (
        (OBELISK, full_name(OBELISK)),
        (LIGHT_PYRAMID, full_name(LIGHT_PYRAMID)),
        (DARK_PYRAMID, full_name(DARK_PYRAMID)),
        (
            f"{TEMPLES[0]}-{TEMPLES[-1]}",
            _("temple with {low} to {high} circles").format(low=TEMPLES[0][1], high=TEMPLES[-1][1]),
        ),
        (
            f"{CHAMBERS[0]}-{CHAMBERS[-1]}",
            _("burial chamber {low} to {high}").format(low=CHAMBERS[0][1:], high=CHAMBERS[-1][1:]),
        ),
        *((t, _("action token: {name}").format(name=full_name(t))) for t in ACTION_TOKENS),
    )


def short_legend() -> tuple[tuple[str, str], ...]:
    """The same, shorter, for packing several to a line."""
    return (
        (OBELISK, short_name(OBELISK)),
        (LIGHT_PYRAMID, short_name(LIGHT_PYRAMID)),
        (DARK_PYRAMID, short_name(DARK_PYRAMID)),
        (
            f"{TEMPLES[0]}-{TEMPLES[-1]}",
            _("temple {low}-{high}").format(low=TEMPLES[0][1], high=TEMPLES[-1][1]),
        ),
        (
            f"{CHAMBERS[0]}-{CHAMBERS[-1]}",
            _("chamber {low}-{high}").format(low=CHAMBERS[0][1:], high=CHAMBERS[-1][1:]),
        ),
        *((t, short_name(t)) for t in ACTION_TOKENS),
    )


# TRANSLATORS: the action tokens' key in the harbor's corner at 80x24: at
# most 11 characters each.
_ACTION_KEY: Final[tuple[tuple[str, str], ...]] = (
    (TAKE, N_("take token")),
    (PLACE_TWO, N_("place 2-3")),
    (PLACE_UNLOAD, N_("put+unload")),
    (SWAP_UNLOAD, N_("swap+unload")),
)
ACTION_KEY_WIDTH: Final = 11


def action_key() -> tuple[tuple[str, str], ...]:
    """The action tokens' key, the codes a newcomer cannot guess, in words short
    enough for the harbor's corner at 80x24 (:data:`ACTION_KEY_WIDTH` cells
    after the code)."""
    return tuple((code, _(words)) for code, words in _ACTION_KEY)


# The English forms, made before any language is chosen (help and tests).
LEGEND: Final = legend()
SHORT_LEGEND: Final = short_legend()
ACTION_KEY: Final = action_key()
