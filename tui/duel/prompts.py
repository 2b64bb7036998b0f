"""The game screen's words: its prompt line and what it says at the start.

Plain functions of the state, the selection and who is to move
(:func:`match.policy.turn`); no Textual. The prompt is fitted to the width
the screen gives, so it can be tested at any width without a terminal.
"""

from __future__ import annotations

from rich.cells import cell_len

from engine.duel import Action, GameState, Place, Play, current_player, step_prompt
from engine.duel.actions import PASS
from match.policy import Turn
from tui.duel.glyphs import Glyphs
from tui.duel.input import Selection
from tui.duel.keys import BOAT_KEY_SHORT, TOKEN_KEYS
from tui.duel.unload_preview import preview_prompt
from tui.i18n import _, tr
from tui.kinds import kind_word


def cut_at_word(text: str, room: int) -> str:
    """The longest start of ``text`` within ``room`` that ends with a whole word.

    A word cut in two reads as another word, or as none ("ját" for "játssz").
    Only a first word longer than the room is cut inside.
    """
    if len(text) <= room:
        return text
    head = text[: max(0, room)]
    if text[len(head)] != " ":
        whole = head.rpartition(" ")[0]
        head = whole or head
    return head.rstrip(" ,;:")


def prompt_line(
    state: GameState,
    legal: list[Action],
    turn: Turn,
    selection: Selection,
    *,
    names: tuple[str, str],
    kinds: tuple[str, str],
    code: str | None,
    glyphs: Glyphs,
    width: int,
) -> str:
    """The one line that says whose turn it is and what to do, ``width`` wide."""
    if turn == "over":
        return _("The game is over.")
    who = current_player(state)
    name = names[who]
    head = f"{glyphs.turn} {glyphs.meeples[who]} "
    if turn == "computer":
        return head + _("{name} ({level}) is thinking...").format(
            name=name, level=kind_word(kinds[who])
        )
    if turn == "watching":
        return head + _("{name}'s turn. You are watching.").format(name=name)
    if turn == "elsewhere":
        # The player's own seat, held by another terminal of theirs.
        return head + _("{name}'s turn. You play in another terminal; here you watch.").format(
            name=name
        )
    if turn == "unjoined":
        return head + _("waiting for a player to join (table {code})").format(code=code)
    if turn == "left":
        return head + _("waiting for {name}, who has left the game").format(name=name)
    if turn == "away":
        return head + _("{name}'s turn, in another terminal: waiting...").format(name=name)
    head += f"{name}: "
    if legal == [PASS]:
        # The engine's full reason goes to the message line (see pass_reason).
        return head + _("no legal action, so you pass") + key_hint(state, legal)
    if selection.preview is not None:
        return head + preview_prompt(selection.preview)
    if selection.selected is not None:
        what = _("{prompt} (slot {slot} chosen: pick the other)").format(
            prompt=tr(step_prompt(state)), slot=selection.selected[1] + 1
        )
        return fit_prompt(head, what, "", width=width, more=glyphs.more)
    hint = key_hint(state, legal)
    return fit_prompt(head, tr(step_prompt(state)), hint, width=width, more=glyphs.more)


def fit_prompt(head: str, what: str, hint: str, *, width: int, more: str) -> str:
    """The prompt in one line: the step's words give way before the keys do."""
    # The head holds the player's name, which may hold wide characters.
    used = cell_len(head) + len(hint)
    if used + len(what) <= width:
        return head + what + hint
    # An action token's name comes first ("Take 1 token: choose ..."), and
    # the panel already shows what is in play: drop it first.
    step = what.partition(": ")[2]
    what = step or what
    room = width - used
    if len(what) > room:
        what = cut_at_word(what, room - len(more)) + more
    return head + what + hint


def key_hint(state: GameState, legal: list[Action]) -> str:
    """The keys that answer the current step, in brackets."""
    step = state.pending.step if state.pending is not None else None
    boats = BOAT_KEY_SHORT
    if step is None:
        if legal == [PASS]:
            return " [" + _(". to pass") + "]"
        # Only the tokens the player can play now: a newcomer holding none
        # is not sent looking for them, and the step's words keep the room.
        playable = {action.token for action in legal if isinstance(action, Play)}
        tokens = "".join(f" {key}" for key, token in TOKEN_KEYS.items() if token in playable)
        cells = "1-9 " if any(isinstance(action, Place) for action in legal) else ""
        return f" [{cells}{boats}{tokens}]"
    hint = {
        "take": _("{boats}, then 1-3"),
        "swap": _("{boats}, then two of 1-3"),
        "place": "1-9",
        "place_more": _("1-9, or x"),
        "unload": "{boats}",
        "unload_more": _("{boats}, or x"),
    }[step]
    return f" [{hint.format(boats=boats)}]"


def pass_reason(state: GameState) -> str:
    """Why the player must pass, in the engine's words, as a sentence."""
    reason = tr(step_prompt(state))
    return reason[0].upper() + reason[1:] + "."


def rules_words(state: GameState) -> str:
    """At the start of a game by the online rules, a word on what they change."""
    if state.rules == "online" and not state.ply:
        return _(
            "This game is played by the online rules: boats unloaded in a turn "
            "are refilled when it ends."
        )
    return ""


def opening_words(
    state: GameState,
    *,
    store_problem: str | None,
    kept: bool,
    code: str | None,
    waiting_for_player: bool,
    in_lobby: bool,
) -> str:
    """What the message line says when the game screen opens.

    ``kept``: the match has a store; ``store_problem``: why the app has none;
    ``waiting_for_player``: a table whose other seat no one has taken yet.
    """
    if not kept:
        if not store_problem:
            return rules_words(state)
        return _("This game is not being kept: {problem}").format(problem=tr(store_problem))
    if code and waiting_for_player:
        if in_lobby:
            # Over SSH there is no command line: the other player is in the lobby.
            return _("Table {code}: the other player picks it in the lobby").format(code=code)
        return _("Table {code}: the other player types  imhotep-duel join {code}").format(code=code)
    return rules_words(state)


def moved_words(said: str, name: str, kind: str, *, by_computer: bool) -> str:
    """A move from elsewhere as the message line tells it: the computer's
    level beside the name the log's sentence starts with."""
    if by_computer and said.startswith(name):
        return f"{name} ({kind_word(kind)}){said[len(name) :]}"
    return said
