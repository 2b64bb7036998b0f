"""The keys of the game screen and of the help, as the help describes them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.duel.tokens import (
    PLACE_TWO,
    PLACE_UNLOAD,
    SWAP_UNLOAD,
    TAKE,
    TOKEN_NAMES,
)
from tui.duel.help.markdown import say
from tui.duel.keys import BOAT_KEY_RANGE, KEY_OF_TOKEN, LINE_KEYS, boat_keys
from tui.i18n import N_, _
from tui.table_words import CHAT_KEY, CHAT_KEY_LABEL, CHAT_KEY_WORDS

# --- keys -----------------------------------------------------------------------


@dataclass(frozen=True)
class Key:
    """One command of the game screen and the keys that give it.

    ``label`` and ``description`` are English, marked for the catalog; read
    them in the player's language with :meth:`shown_label` and :meth:`describe`.
    """

    name: str  # stable identifier the app maps to its action
    keys: tuple[str, ...]  # Textual key names, ready for a Binding
    label: str  # how the keys are written for players
    description: str
    # Values for the description's {placeholders}; engine messages are translated.
    values: tuple[tuple[str, str], ...] = ()

    def shown_label(self) -> str:
        # Most labels are key names ("Esc", "1-9") that stay as they are; a few
        # hold words ("arrows") and are in the catalog.
        return _(self.label)

    def describe(self) -> str:
        return _(self.description).format(**{k: say(v) for k, v in self.values})


def _token_key(token: str, name: str) -> Key:
    key = KEY_OF_TOKEN[token]
    # TRANSLATORS: {token} is an action token's name, as printed on it.
    return Key(name, (key,), key, N_('play "{token}"'), (("token", TOKEN_NAMES[token]),))


# The game screen's keys as the players read about them. The boat and token
# letters come from tui.duel.keys, which the game screen binds, so the two cannot
# disagree; the rest mirrors GameScreen.BINDINGS.
KEYS: Final[tuple[Key, ...]] = (
    Key(
        "move",
        ("up", "down", "left", "right", "k", "j", "h", "l"),
        N_("arrows, hjkl"),
        N_("move the cursor over cells, boats and slots"),
    ),
    Key("choose", ("enter",), "Enter", N_("choose what the cursor is on")),
    Key(
        "cell",
        tuple(str(n) for n in range(1, 10)),
        "1-9",
        N_("place a meeple on that cell; while taking or swapping, slot 1-3 of the chosen boat"),
    ),
    Key(
        "boat",
        tuple(LINE_KEYS),
        BOAT_KEY_RANGE,
        # TRANSLATORS: the boats' names (R1...C3) stay as they are: they are
        # printed on the board and typed as keys (r then 3 for R3).
        N_(
            "type a boat's name to unload it: r1, r2, r3 for the row boats, c1, c2, c3 for"
            " the column boats; the unload is shown first, and Enter or the same name again"
            " makes it (previews can be switched off in the command palette); while taking"
            " or swapping, choose that boat"
        ),
    ),
    _token_key(TAKE, "take"),
    _token_key(PLACE_TWO, "place-two"),
    _token_key(PLACE_UNLOAD, "place-unload"),
    _token_key(SWAP_UNLOAD, "swap-unload"),
    Key("stop", ("x",), "x", N_("stop: skip the optional last step of an action token")),
    Key(
        "back",
        ("escape",),
        "Esc",
        N_(
            "drop an unload on show, clear a half-made swap, or take back an action token"
            " nothing has been done with"
        ),
    ),
    Key("pass", ("full_stop",), ".", N_("pass (only when nothing else is legal)")),
    Key("undo", ("z",), "z", N_("undo")),
    Key("redo", ("y",), "y", N_("redo")),
    Key("save", ("w",), "w", N_("save the game")),
    Key("load", ("o",), "o", N_("load a game")),
    Key("log", ("g",), "g", N_("show the move log, with a replay viewer")),
    Key("details", ("i",), "i", N_("how each monument's points arise")),
    Key(
        "hint",
        ("H",),
        "H",
        N_(
            "a hint: what the hard computer player would do, and why (against another"
            " terminal only if the table allows hints, and the other player is told)"
        ),
    ),
    Key("codes", ("C",), "C", N_("every token code in words, on the message line")),
    Key("faster", ("plus", "equals_sign"), "+", N_("computer players move sooner")),
    Key("slower", ("minus",), "-", N_("computer players wait longer")),
    Key("new", ("n",), "n", N_("new game (once the game is over)")),
    Key("chat", (CHAT_KEY,), CHAT_KEY_LABEL, CHAT_KEY_WORDS),
    Key("help", ("question_mark", "f1"), "? / F1", N_("open this help")),
    Key("quit", ("q",), "q", N_("quit")),
)

# Keys of the help screen itself.
HELP_KEYS: Final[tuple[Key, ...]] = (
    Key("close", ("escape", "q"), "Esc / q", N_("close the help")),
    Key("search", ("slash",), "/", N_("search the topics")),
    Key(
        "open",
        ("enter", "right"),
        # TRANSLATORS: "right" is the right arrow key.
        N_("Enter / right"),
        N_("read the highlighted topic"),
    ),
    # TRANSLATORS: the left arrow key.
    Key("topics", ("left",), N_("left arrow"), N_("from the text back to the topic list")),
    # TRANSLATORS: the down arrow key.
    Key("results", ("down",), N_("down arrow"), N_("from the search box into the topics found")),
    Key("page", ("pageup", "pagedown"), "PgUp / PgDn", N_("scroll the text by a page")),
    Key("keys", ("question_mark", "f1"), "? / F1", N_("show this list of keys")),
    Key("focus", ("tab", "shift+tab"), "Tab", N_("move between search, topics and text")),
)

_KEYS_BY_NAME: Final = {k.name: k for k in (*KEYS, *HELP_KEYS)}


def key_label(name: str) -> str:
    """How the keys of command ``name`` are written, e.g. ``"1-9"``, in the current language."""
    return _KEYS_BY_NAME[name].shown_label()


def boat_key(boat: int) -> str:
    """The keys that choose ``boat`` (0-5, in the order of BOAT_NAMES), as typed: ``"r2"``."""
    return "".join(boat_keys(boat))


# Action token code -> (help topic id, key command name).
TOKEN_TOPICS: Final[dict[str, str]] = {
    TAKE: "take",
    PLACE_TWO: "place-two",
    PLACE_UNLOAD: "place-unload",
    SWAP_UNLOAD: "swap-unload",
}


def _keys(**names: str) -> dict[str, str]:
    """The labels of the named key commands, as values for a paragraph's placeholders."""
    return {field: key_label(name) for field, name in names.items()}
