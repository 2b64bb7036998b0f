"""The game screen's keys: its bindings, their words, and when each is on.

Kept apart from the screen so that the key table, the words a key's
description takes and the rule of which keys work now can be read (and
tested) without a running app. The help's key list mirrors this table
(see ``tui.duel.help.topics``).
"""

from __future__ import annotations

from typing import Final

from textual.binding import Binding, BindingType

from engine.duel.tokens import BOAT_NAMES
from tui.duel.keys import LINE_KEYS, TOKEN_KEYS
from tui.duel.token_words import full_name
from tui.i18n import N_, _
from tui.screens.chat import CHAT_BINDING

# The keys whose description holds a value, by action (see describe_key).
_CELL_OF_ACTION = {f"digit({n})": n for n in range(1, 10)}
# r and c, the first key of a boat's name, stand for the boats of that line.
_LINES = {line: [b for b in BOAT_NAMES if b[0] == line] for line in LINE_KEYS.values()}
_BOAT_OF_ACTION = {
    f"line('{key}')": f"{_LINES[line][0]}-{_LINES[line][-1]}" for key, line in LINE_KEYS.items()
}
_TOKEN_OF_ACTION = {f"play('{token}')": token for token in TOKEN_KEYS.values()}
# The keys that act for a player at the table: a watcher is not shown them.
PLAYERS_ONLY: Final = frozenset(
    {"choose", "stop", "pass_turn", "undo", "redo", "hint", "save", "new_game", "rematch"}
)

GAME_BINDINGS: Final[list[BindingType]] = [
    Binding("enter", "choose", N_("Choose")),
    Binding("up,k", "move(-1, 0)", N_("Up"), show=False),
    Binding("down,j", "move(1, 0)", N_("Down"), show=False),
    Binding("left,h", "move(0, -1)", N_("Left"), show=False),
    Binding("right,l", "move(0, 1)", N_("Right"), show=False),
    # These descriptions hold a value: describe_key words them when shown.
    *(Binding(str(n), f"digit({n})", f"Cell {n}", show=False) for n in range(1, 10)),
    # A boat is typed by its name: r1-r3, c1-c3 (tui.duel.keys).
    *(
        Binding(key, f"line('{key}')", f"Boats {line}", show=False)
        for key, line in LINE_KEYS.items()
    ),
    # Always active, so a player who presses a token key without holding
    # it is told why; the held tokens show their keys in the player panel.
    *(Binding(key, f"play('{token}')", token, show=False) for key, token in TOKEN_KEYS.items()),
    Binding("x", "stop", N_("Stop")),
    Binding("full_stop", "pass_turn", N_("Pass")),
    Binding("escape", "back_out", N_("Back"), show=False),
    Binding("z", "undo", N_("Undo")),
    Binding("y", "redo", N_("Redo")),
    Binding("w", "save", N_("Save")),
    Binding("g", "log", N_("Log")),
    Binding("i", "details", N_("Points"), show=False),
    Binding("C", "codes", N_("Codes")),
    Binding("H", "hint", N_("Hint"), show=False),
    Binding("plus,equals_sign", "speed(-1)", N_("Faster"), show=False),
    Binding("minus", "speed(1)", N_("Slower"), show=False),
    Binding("o", "app.load_game", N_("Load"), show=False),
    # Talk at a table (shown only there: see TableChat.available).
    CHAT_BINDING,
    Binding("question_mark,f1", "help", N_("Help")),
    Binding("n", "new_game", N_("New game")),
    # After a game between people at a table, n is a rematch instead.
    Binding("n", "rematch", N_("Rematch")),
    Binding("q", "leave", N_("Quit")),
    # Run only when the binding above for the same key is off (Textual tries
    # a key's bindings in order): the key then says why nothing happens.
    Binding("x", "refused('stop')", show=False),
    Binding("full_stop", "refused('pass_turn')", show=False),
    Binding("z", "refused('undo')", show=False),
    Binding("y", "refused('redo')", show=False),
]


def describe_key(binding: Binding) -> str | None:
    """A key's description that holds a value, in the current language.

    The key bar and the Keys panel ask this first; None leaves the key to
    its own (marked) description.
    """
    action = binding.action
    if action in _CELL_OF_ACTION:
        return _("Cell {number}").format(number=_CELL_OF_ACTION[action])
    if action in _BOAT_OF_ACTION:
        return _("Boat {boat}").format(boat=_BOAT_OF_ACTION[action])
    if action in _TOKEN_OF_ACTION:
        return full_name(_TOKEN_OF_ACTION[action])
    return None
