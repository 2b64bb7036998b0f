"""The table's chat on both games' screens: two players and a watcher, each
in an app of their own on one store, at 80x24."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, RichLog

from engine.duel import Setup
from match import service
from match.match import Match
from match.seats import Seat
from match.store import Store
from tui.app import ImhotepApp
from tui.screens.chat import ChatScreen
from tui.widgets.keybar import KeyBar
from tui.widgets.line import Line

ANN, BOB, CAROL = "local:ann", "local:bob", "local:carol"
ESCAPES = "hi \x1b]0;owned\x07there \x1b[2J\x1b[31mred\x1b[0m\x07\u202eend"


async def _until(pilot: Pilot[None], check: Callable[[], bool], timeout: float = 15) -> None:
    for _ in range(int(timeout / 0.05)):
        try:
            if check():
                return
        except NoMatches:  # the screen that shows it is not up yet
            pass
        await pilot.pause(0.05)
    screen = pilot.app.game_screen  # type: ignore[attr-defined]
    line = screen.query_one("#message", Line).plain if screen is not None else None
    raise AssertionError(f"the screen never showed it; its message line: {line!r}")


def _message(app: ImhotepApp) -> str:
    screen = app.game_screen
    assert screen is not None
    return screen.query_one("#message", Line).plain  # type: ignore[attr-defined]


def _log(app: ImhotepApp) -> str:
    log = app.screen.query_one("#chat-lines", RichLog)
    return "\n".join(strip.text for strip in log.lines)


def _people(app: ImhotepApp) -> list[str]:
    listed = app.screen.query_one("#chat-people", OptionList)
    return [str(listed.get_option_at_index(n).prompt) for n in range(listed.option_count)]


def _bar_actions(app: ImhotepApp) -> list[str]:
    return [entry[3] for entry in app.screen.query_one(KeyBar).shown_entries]


def _table(path: Path, kind: str) -> tuple[Store, Match, Store, Match, Store, Match]:
    """A table of ``kind`` hosted by Ann, joined by Bob and watched by Carol."""
    host_store = Store.open(path)
    for player, name in ((ANN, "Ann"), (BOB, "Bob"), (CAROL, "Carol")):
        host_store.name_player(player, name)
    setup = Setup(seed=31, starter=0) if kind == "duel" else service.deal(kind, {"seed": "5"})
    hosted = service.host(
        host_store, setup, (Seat(name="Ann"), Seat(name="Player 2")), mine=0, me=ANN, kind=kind
    )
    assert hosted.code is not None and hosted.game_id is not None
    guest_store = Store.open(path)
    joined = service.join(guest_store, hosted.code, me=BOB, name="Bob")
    watch_store = Store.open(path)
    watching = service.watch(watch_store, hosted.game_id, me=CAROL)
    return host_store, hosted, guest_store, joined, watch_store, watching


async def _say(pilot: Pilot[None], app: ImhotepApp, text: str) -> None:
    field = app.screen.query_one("#chat-input", Input)
    field.value = text
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("kind", ["duel", "builders"])
async def test_players_and_a_watcher_talk_at_a_table(tmp_path: Path, kind: str) -> None:
    host_store, hosted, guest_store, joined, watch_store, watching = _table(
        tmp_path / "games.sqlite3", kind
    )
    ann = ImhotepApp(open_match=hosted, store=host_store, me=ANN)
    bob = ImhotepApp(open_match=joined, store=guest_store, me=BOB)
    carol = ImhotepApp(open_match=watching, store=watch_store, me=CAROL)
    async with ann.run_test(size=(80, 24)) as ap, bob.run_test(size=(80, 24)) as bp:
        await ap.pause()
        assert "chat" in _bar_actions(ann) and "chat" in _bar_actions(bob)
        async with carol.run_test(size=(80, 24)) as cp:
            await cp.pause()
            assert "chat" in _bar_actions(carol)  # watchers talk too
            await _until(ap, lambda: "Carol is watching the game." in _message(ann))
            # Ann opens the chat and says a line with escape sequences in it.
            await ap.press("slash")
            await _until(ap, lambda: isinstance(ann.screen, ChatScreen))
            await _until(ap, lambda: "Nothing has been said" in _log(ann))
            await _say(ap, ann, ESCAPES)
            await _until(ap, lambda: "Ann: hi there redend" in _log(ann))
            assert ann.screen.query_one("#chat-input", Input).value == ""
            # The others see it cleaned on their message line, the chat closed.
            for other, pilot in ((bob, bp), (carol, cp)):
                await _until(pilot, lambda o=other: "Ann says: hi there redend" in _message(o))
                assert "\x1b" not in _message(other) and "owned" not in _message(other)
            # Carol, watching, answers from her own chat; her list shows who is here.
            await cp.press("slash")
            await _until(cp, lambda: "Ann: hi there redend" in _log(carol))
            people = _people(carol)
            assert people == ["Ann, playing", "Bob, playing", "Carol, watching (you)"]
            await _say(cp, carol, "good luck both")
            await _until(ap, lambda: "Carol: good luck both" in _log(ann))
            await _until(bp, lambda: "Carol says: good luck both" in _message(bob))
            # What is pasted into the line is cleaned before it is even drawn.
            field = carol.screen.query_one("#chat-input", Input)
            field.post_message(events.Paste("a\x1b]52;c;eA==\x07b\x1b[2Jc"))
            await _until(cp, lambda: field.value == "abc")
            await cp.press("escape")
            await _until(cp, lambda: not isinstance(carol.screen, ChatScreen))
        # Carol has gone: the players are told.
        await _until(bp, lambda: "Carol stopped watching the game." in _message(bob))
        # Bob mutes Ann: her next line reaches Carol's... no one's, here Bob's, no more.
        await bp.press("slash")
        await _until(bp, lambda: isinstance(bob.screen, ChatScreen))
        await bp.press("tab")
        listed = bob.screen.query_one("#chat-people", OptionList)
        await _until(bp, lambda: listed.has_focus)
        listed.highlighted = 0
        await bp.press("enter")
        await _until(bp, lambda: _people(bob)[0] == "Ann, playing (muted)")
        assert "Ann:" not in _log(bob)
        await _say(ap, ann, "can you hear me")
        await _until(ap, lambda: "Ann: can you hear me" in _log(ann))
        await bp.pause(1.5)
        assert "can you hear me" not in _log(bob)
        assert host_store.muted(BOB) == frozenset({ANN})
        # The game's revision never moved for the talk: no move was refused.
        assert hosted.revision == joined.revision == host_store.pulse(hosted.game_id or 0).revision


@pytest.mark.parametrize("kind", ["duel", "builders"])
async def test_a_game_at_one_keyboard_has_no_chat(kind: str) -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        setup: Any = Setup(seed=3) if kind == "duel" else service.deal(kind, {"seed": "3"})
        app.start_game(setup, ("Ann", "Bob"))
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None
        assert "chat" not in _bar_actions(app)
        await pilot.press("slash")
        await pilot.pause()
        assert not isinstance(app.screen, ChatScreen)
        assert screen.chat.talk is None  # type: ignore[attr-defined]
