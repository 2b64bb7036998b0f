"""The game screen of a player whose game is open in another terminal of
theirs: it says why it only watches, and plays the seat once the other
terminal has left it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from engine.duel import Place, Setup
from match import presence
from match.match import Match
from match.seats import Seat
from match.store import Store
from tui.app import ImhotepApp
from tui.duel.screens.game import GameScreen
from tui.widgets.line import Line

ANN, BOB = "key:ann", "key:bob"


async def _until(pilot: Pilot[None], check: Callable[[], bool], timeout: float = 15) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never showed it")


def _line(screen: GameScreen, which: str) -> str:
    return screen.query_one(f"#{which}", Line).plain


async def test_the_second_terminal_says_why_then_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(presence, "PRESENCE_LOOK_SECONDS", 0.1)
    path = tmp_path / "games.sqlite3"
    first = Match.new(
        Setup(seed=31, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert first.code is not None and first.game_id is not None
    bob = Match.join(Store.open(path), first.code, me=BOB, name="Bob")
    store = Store.open(path)
    app = ImhotepApp(open_match=Match.open(store, first.game_id, me=ANN), store=store, me=ANN)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        assert screen is not None
        await pilot.pause()
        assert "You play in another terminal; here you watch." in _line(screen, "prompt")
        await pilot.press("5")
        assert screen.history.cursor == 0
        assert "You play this game in another terminal" in _line(screen, "message")
        first.close()
        await _until(pilot, lambda: "you play it here now" in _line(screen, "message"))
        assert "Ann has left" not in _line(screen, "message")
        assert "watch" not in _line(screen, "prompt")
        await pilot.press("5")
        assert screen.history.actions == (Place(4),)
        bob.poll()
        assert bob.history.actions == (Place(4),)
    bob.close()
