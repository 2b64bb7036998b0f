"""tui.duel.prompts: the game screen's prompt and opening words, without Textual."""

from __future__ import annotations

import random

import pytest
from rich.cells import cell_len

from engine.duel import GameState, Setup, UnloadPreview, apply, legal_actions, preview_unload
from engine.duel.actions import PASS, UNLOADS
from match.policy import Turn
from tui.duel.glyphs import ASCII, UNICODE
from tui.duel.input import Selection
from tui.duel.prompts import (
    cut_at_word,
    fit_prompt,
    key_hint,
    moved_words,
    opening_words,
    pass_reason,
    prompt_line,
)

NAMES = ("Ann", "Bob")
NOTHING_HELD = Selection()


def _line(
    state: GameState,
    turn: Turn = "here",
    selection: Selection = NOTHING_HELD,
    *,
    width: int = 78,
    kinds: tuple[str, str] = ("human", "human"),
) -> str:
    return prompt_line(
        state,
        legal_actions(state),
        turn,
        selection,
        names=NAMES,
        kinds=kinds,
        code="K7QXM",
        glyphs=ASCII,
        width=width,
    )


def _positions() -> list[GameState]:
    found = []
    for seed in range(4):
        rng = random.Random(seed)
        state = Setup(seed=40 + seed).start()
        while not state.over:
            found.append(state)
            state = apply(state, rng.choice(legal_actions(state)))
    return found


def test_the_player_to_move_is_named_with_the_keys_that_answer() -> None:
    state = Setup(seed=3, starter=0).start()
    line = _line(state)
    assert line.startswith(f"{ASCII.turn} {ASCII.meeples[0]} Ann: ")
    assert line.endswith(key_hint(state, legal_actions(state)))


@pytest.mark.parametrize(
    ("turn", "words"),
    [
        ("computer", "Ann (easy) is thinking..."),
        ("watching", "Ann's turn. You are watching."),
        ("elsewhere", "Ann's turn. You play in another terminal; here you watch."),
        ("unjoined", "waiting for a player to join (table K7QXM)"),
        ("left", "waiting for Ann, who has left the game"),
        ("away", "Ann's turn, in another terminal: waiting..."),
    ],
)
def test_a_waiting_keyboard_is_told_why(turn: Turn, words: str) -> None:
    state = Setup(seed=3, starter=0).start()
    line = _line(state, turn, kinds=("easy", "human"))
    assert line == f"{ASCII.turn} {ASCII.meeples[0]} {words}"


def test_the_end_of_the_game_is_the_whole_prompt() -> None:
    state = Setup(seed=3).start()
    assert _line(state, "over") == "The game is over."


def test_every_prompt_fits_its_width() -> None:
    for width in (78, 60):
        for state in _positions()[::7]:
            assert cell_len(_line(state, width=width)) <= width, (width, _line(state, width=width))


def test_a_long_step_gives_way_before_the_keys() -> None:
    head, hint = "> A Ann: ", " [a-f, then 1-3]"
    what = "Take 1 token: choose a boat and one of its slots to take from"
    fitted = fit_prompt(head, what, hint, width=50, more=UNICODE.more)
    assert fitted.startswith(head) and fitted.endswith(UNICODE.more + hint)
    assert "Take 1 token" not in fitted  # the token's name goes first
    assert len(fitted) <= 50
    assert fit_prompt(head, what, hint, width=200, more="~") == head + what + hint


def test_words_are_cut_between_words() -> None:
    assert cut_at_word("choose a boat", 9) == "choose a"
    assert cut_at_word("choose a boat", 40) == "choose a boat"
    assert cut_at_word("unloadable", 4) == "unlo"


def test_an_unload_on_show_and_a_swap_half_chosen_are_prompted() -> None:
    for state in _positions():
        if state.pending is None and UNLOADS[0] in legal_actions(state):
            break
    else:
        raise AssertionError("no unload in the sample games")
    preview: UnloadPreview = preview_unload(state, 0)
    assert "Esc" in _line(state, selection=Selection(preview=preview))
    swaps = [s for s in _positions() if s.pending is not None and s.pending.step == "swap"]
    assert swaps
    held = _line(swaps[0], selection=Selection(selected=(0, 1)), width=200)
    assert "(slot 2 chosen: pick the other)" in held


def _forced_pass() -> GameState:
    """A position where the player to move can only pass (random play of seed 24)."""
    rng = random.Random(24)
    state = Setup(seed=24).start()
    while legal_actions(state) != [PASS]:
        assert not state.over, "the seed no longer reaches a forced pass"
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def test_a_forced_pass_is_said_with_its_key_and_its_reason() -> None:
    state = _forced_pass()
    assert _line(state).endswith("no legal action, so you pass [. to pass]")
    reason = pass_reason(state)
    assert reason[0].isupper() and reason.endswith(".") and len(reason) > 10


def test_the_opening_words() -> None:
    start = Setup(seed=3).start()
    online = Setup(seed=3, rules="online").start()

    def words(state: GameState = start, **given: object) -> str:
        told = {
            "store_problem": None,
            "kept": True,
            "code": None,
            "waiting_for_player": False,
            "in_lobby": False,
        }
        told.update(given)
        return opening_words(state, **told)  # type: ignore[arg-type]

    assert words() == ""
    assert "online rules" in words(online)
    assert words(kept=False, store_problem="disk full") == (
        "This game is not being kept: disk full"
    )
    assert words(code="K7QXM", waiting_for_player=True) == (
        "Table K7QXM: the other player types  imhotep-duel join K7QXM"
    )
    assert words(code="K7QXM", waiting_for_player=True, in_lobby=True) == (
        "Table K7QXM: the other player picks it in the lobby"
    )
    assert words(code="K7QXM") == ""  # both seats taken


def test_a_computer_s_move_names_its_level() -> None:
    said = "Ann places a meeple on cell 5."
    assert moved_words(said, "Ann", "hard", by_computer=True) == (
        "Ann (hard) places a meeple on cell 5."
    )
    assert moved_words(said, "Ann", "human", by_computer=False) == said
