"""The Builders game screen's keys: the bindings and their words.

Kept apart from the screen so the table can be read (and the help list
the keys) without a running app.
"""

from __future__ import annotations

from typing import Final

from textual.binding import Binding, BindingType

from engine.builders.words import card_name, site_name
from tui.builders.keys import BLUE_KEYS, GET_KEY, SITE_KEYS
from tui.i18n import N_, _, tr
from tui.screens.chat import CHAT_BINDING
from tui.table_words import CHAT_KEY_LABEL, CHAT_KEY_WORDS

PLAYERS_ONLY: Final = frozenset(
    {"choose", "get", "blue", "pass_turn", "undo", "redo", "save", "new_game", "hint", "rematch"}
)
_SITE_OF_ACTION = {f"site({site})": site for site in SITE_KEYS}
_BLUE_OF_ACTION = {f"blue('{kind}')": kind for kind in BLUE_KEYS}

GAME_BINDINGS: Final[list[BindingType]] = [
    Binding("enter", "choose", N_("Choose")),
    Binding("up", "move(-1, 0)", N_("Up"), show=False),
    Binding("down", "move(1, 0)", N_("Down"), show=False),
    Binding("left", "move(0, -1)", N_("Left"), show=False),
    Binding("right", "move(0, 1)", N_("Right"), show=False),
    *(Binding(str(n), f"digit({n})", f"{n}", show=False) for n in range(1, 5)),
    *(Binding(key, f"site({site})", f"site {site}", show=False) for site, key in SITE_KEYS.items()),
    Binding(GET_KEY, "get", N_("Stones")),
    *(Binding(key, f"blue('{kind}')", kind) for kind, key in BLUE_KEYS.items()),
    Binding("full_stop", "pass_turn", N_("Pass")),
    Binding("escape", "back_out", N_("Back"), show=False),
    Binding("z", "undo", N_("Undo")),
    Binding("y", "redo", N_("Redo")),
    Binding("w", "save", N_("Save"), show=False),
    Binding("g", "log", N_("Log")),
    Binding("i", "details", N_("Points")),
    Binding("C", "codes", N_("Cards")),
    Binding("H", "hint", N_("Hint"), show=False),
    # Talk at a table (shown only there: see TableChat.available).
    CHAT_BINDING,
    Binding("question_mark,f1", "help", N_("Help")),
    Binding("n", "new_game", N_("New game")),
    # After a game between people at a table, n is a rematch instead.
    Binding("n", "rematch", N_("Rematch")),
    Binding("q", "leave", N_("Quit")),
    Binding(GET_KEY, "refused('get')", show=False),
    *(Binding(key, f"refused('{kind}')", show=False) for kind, key in BLUE_KEYS.items()),
    Binding("full_stop", "refused('pass_turn')", show=False),
    Binding("z", "refused('undo')", show=False),
    Binding("y", "refused('redo')", show=False),
]


def describe_key(binding: Binding) -> str | None:
    """A key whose description names a site or a card, in the current language."""
    action = binding.action
    if action in _SITE_OF_ACTION:
        return tr(site_name(_SITE_OF_ACTION[action]))
    if action in _BLUE_OF_ACTION:
        return tr(card_name(_BLUE_OF_ACTION[action]))
    return None


def key_words() -> list[tuple[str, str]]:
    """Every key of the game and what it does, for the help's key list."""
    return [
        (
            "1-4",
            _(
                "choose a ship, then a space on it; at the market take a card; "
                "under a Lever pick the next stone"
            ),
        ),
        (
            " ".join(SITE_KEYS.values()),
            _(
                "sail the chosen ship to the market, pyramid, "
                "temple, burial chamber or obelisks (shown first)"
            ),
        ),
        (_("Enter"), _("make the sail on show, or act on the space under the cursor")),
        (_("arrows"), _("move the cursor over the ships' spaces or the market's cards")),
        (GET_KEY, _("get stones from the quarry to the sled")),
        (" ".join(BLUE_KEYS.values()), _("play a blue card: Lever, Hammer, Sail, Chisel")),
        (".", _("pass (only when nothing else is possible)")),
        (_("Esc"), _("drop the sail on show or the ship chosen")),
        ("z / y", _("undo / redo")),
        ("g", _("the game log and replay")),
        ("i", _("every player's points, part by part, and the tie-break")),
        ("C", _("the market cards' codes and effects")),
        ("w", _("save the game under a name")),
        ("H", _("a hint: what the computer player would do now")),
        (CHAT_KEY_LABEL, _(CHAT_KEY_WORDS)),
        ("? F1", _("help on what is under the cursor")),
    ]
