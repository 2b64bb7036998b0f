"""Screenshots of the key screens, compared with the recorded SVGs.

Update after a deliberate change with ``pytest tests/tui --snapshot-update``,
then look at the new pictures before committing them.
"""

from __future__ import annotations

import random

import pytest
import textual.constants
from textual.pilot import Pilot
from textual.widgets import Input
from tui_support import NAMES, game_screen, history_of

from engine.duel import Action, Setup, apply, legal_actions
from tui.app import ImhotepApp
from tui.duel.keys import keys_for

MID_GAME = Setup(seed=21, sides="ABAB", starter=0)


def _random_prefix(setup: Setup, length: int | None) -> list[Action]:
    state = setup.start()
    rng = random.Random(setup.seed)
    actions: list[Action] = []
    while not state.over and (length is None or len(actions) < length):
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    return actions


async def _open_mid_game(pilot: Pilot[None]) -> None:
    history = history_of(MID_GAME, _random_prefix(MID_GAME, 30))
    await pilot.app.push_screen(game_screen(history, NAMES))
    await pilot.pause()


def test_game_screen_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(ImhotepApp(ascii=False), terminal_size=(80, 24), run_before=_open_mid_game)


def test_game_screen_100x30(snap_compare) -> None:  # type: ignore[no-untyped-def]
    # The large harbor, tokens spelled out, and the codes keyed beside the panels.
    assert snap_compare(ImhotepApp(ascii=False), terminal_size=(100, 30), run_before=_open_mid_game)


async def _preview_an_unload(pilot: Pilot[None]) -> None:
    await _open_mid_game(pilot)
    await pilot.press("7", "r", "3")  # Bob's meeple on cell 7, then Ann looks at unloading R3
    await pilot.pause()


def test_unload_preview_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(
        ImhotepApp(ascii=False), terminal_size=(80, 24), run_before=_preview_an_unload
    )


def test_unload_preview_ascii_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(
        ImhotepApp(ascii=True), terminal_size=(120, 40), run_before=_preview_an_unload
    )


def test_game_screen_120x40(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(ImhotepApp(ascii=False), terminal_size=(120, 40), run_before=_open_mid_game)


def test_game_screen_ascii(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(ImhotepApp(ascii=True), terminal_size=(80, 24), run_before=_open_mid_game)


def test_start_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(ImhotepApp(ascii=False), terminal_size=(80, 24))


def test_new_game_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(ImhotepApp(ascii=False), terminal_size=(80, 24), press=["n"])


async def _finish_game(pilot: Pilot[None]) -> None:
    setup = Setup(seed=8, sides="BBAA", starter=1)
    actions = _random_prefix(setup, None)
    history = history_of(setup, actions[:-1])
    await pilot.app.push_screen(game_screen(history, NAMES))
    await pilot.pause()
    await pilot.press(*keys_for(actions[-1]))
    await pilot.pause()


def test_game_over_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(ImhotepApp(ascii=False), terminal_size=(80, 24), run_before=_finish_game)


def test_new_game_screen_ascii_with_a_field_focused(snap_compare) -> None:  # type: ignore[no-untyped-def]
    # From the game, the first name, its seat: the seat's row is the one pointed at.
    assert snap_compare(ImhotepApp(ascii=True), terminal_size=(80, 24), press=["n", "tab", "tab"])


def test_new_game_screen_16_colours(snap_compare, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "standard")
    assert snap_compare(
        ImhotepApp(ascii=False),
        terminal_size=(80, 24),
        press=["n", "tab", "tab", "tab"],
    )


def test_command_palette_ascii(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def open_palette(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+p")
        # A blinking cursor would make the picture depend on the moment taken.
        pilot.app.screen.query_one(Input).cursor_blink = False
        await pilot.pause(0.3)

    assert snap_compare(ImhotepApp(ascii=True), terminal_size=(80, 24), run_before=open_palette)


def test_help_searched_for_a_word(snap_compare) -> None:  # type: ignore[no-untyped-def]
    # The first game's rules (outside a game ? asks which), searched: the topic named
    # for the word first and shown; the key bar says where to go.
    assert snap_compare(
        ImhotepApp(ascii=False),
        terminal_size=(80, 24),
        press=["question_mark", "enter", "slash", "t", "i", "e", "down"],
    )


# --- the same screens in each language -------------------------------------------------

LANGUAGES = ("hu", "de", "ru")


async def _open_help_in_game(pilot: Pilot[None]) -> None:
    await _open_mid_game(pilot)
    await pilot.press("question_mark")
    await pilot.pause()


@pytest.mark.parametrize("language", LANGUAGES)
def test_game_screen_80x24_in_each_language(snap_compare, language: str) -> None:  # type: ignore[no-untyped-def]
    app = ImhotepApp(ascii=False, lang=language)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_open_mid_game)


@pytest.mark.parametrize("language", LANGUAGES)
def test_unload_preview_80x24_in_each_language(snap_compare, language: str) -> None:  # type: ignore[no-untyped-def]
    app = ImhotepApp(ascii=False, lang=language)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_preview_an_unload)


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_screen_80x24_in_each_language(snap_compare, language: str) -> None:  # type: ignore[no-untyped-def]
    app = ImhotepApp(ascii=False, lang=language)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_open_help_in_game)


@pytest.mark.parametrize("language", LANGUAGES)
def test_new_game_screen_in_each_language(snap_compare, language: str) -> None:  # type: ignore[no-untyped-def]
    app = ImhotepApp(ascii=False, lang=language)
    assert snap_compare(app, terminal_size=(80, 24), press=["n"])
