"""A rematch from the game-over dialog: n after a game between two terminals
sets up a new table with the sides swapped; the other terminal is told, and
its n takes the seat kept there. A game at one keyboard keeps n for the form."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from engine.duel import Setup
from match.match import Match
from match.seats import Seat
from match.store import Store
from tui.app import ImhotepApp
from tui.duel.screens.game_over import GameOverScreen
from tui.screens.new_game import NewGameForm

ANN, BOB = "key:ann", "key:bob"


async def _until(pilot: Pilot[None], check: Callable[[], bool], timeout: float = 15) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never showed it")


def _almost_over(path: Path) -> tuple[Match, Match]:
    """Ann (seat 1) and Bob (seat 2) at a table, one move from the end."""
    ann = Match.new(
        Setup(seed=21, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert ann.code is not None
    bob = Match.join(Store.open(path), ann.code, me=BOB, name="Bob")
    ann.poll()
    players = {0: ann, 1: bob}
    while True:
        seat = ann.to_move
        assert seat is not None
        mover = players[seat]
        action = mover.rules.legal_actions(mover.state)[0]
        if mover.rules.over(mover.rules.apply(mover.state, action)):
            return ann, bob
        assert mover.play(action) is None
        players[1 - seat].poll()


async def test_n_on_the_game_over_sets_up_and_takes_a_rematch(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    ann, bob = _almost_over(path)
    ann_app = ImhotepApp(open_match=ann, store=ann.store, me=ANN)
    bob_app = ImhotepApp(open_match=bob, store=bob.store, me=BOB)
    async with ann_app.run_test(size=(80, 24)) as ap, bob_app.run_test(size=(80, 24)) as bp:
        await ap.pause()
        await bp.pause()
        last = ann if ann.to_move == 0 else bob
        assert last.play(last.rules.legal_actions(last.state)[0]) is None
        for app, pilot in ((ann_app, ap), (bob_app, bp)):
            await _until(pilot, lambda app=app: isinstance(app.screen, GameOverScreen))
            dialog = app.screen
            assert isinstance(dialog, GameOverScreen) and dialog.rematch
            await _until(pilot, lambda dialog=dialog: bool(dialog.query("#rematch")))
        await ap.press("n")
        await _until(
            ap, lambda: ann_app.game_screen is not None and ann_app.game_screen.match is not ann
        )
        again = ann_app.game_screen.match  # type: ignore[union-attr]
        assert [s.name for s in again.seats] == ["Bob", "Ann"] and again.here == frozenset({1})
        assert any("Rematch: Bob can take" in n.message for n in ann_app._notifications)
        # Bob, still on his game-over dialog, is told, and n takes his seat.
        await _until(
            bp, lambda: any("A rematch is set up" in n.message for n in bob_app._notifications)
        )
        await bp.press("n")
        await _until(
            bp, lambda: bob_app.game_screen is not None and bob_app.game_screen.match is not bob
        )
        bobs = bob_app.game_screen.match  # type: ignore[union-attr]
        assert bobs.game_id == again.game_id and bobs.here == frozenset({0})
        assert not any("Rematch: Ann can take" in n.message for n in bob_app._notifications)
        # Bob starts: the sides are swapped, and the first seat starts again.
        assert bobs.to_move == 0 and not bobs.waiting


async def test_a_game_at_one_keyboard_keeps_n_for_the_form(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    match = Match.new(
        Setup(seed=21), (Seat(name="Ann"), Seat(name="Bob")), store=Store.open(path), me=ANN
    )
    while not match.rules.over(
        match.rules.apply(match.state, match.rules.legal_actions(match.state)[0])
    ):
        assert match.play(match.rules.legal_actions(match.state)[0]) is None
    app = ImhotepApp(open_match=match, store=match.store, me=ANN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert match.play(match.rules.legal_actions(match.state)[0]) is None
        await _until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert isinstance(app.screen, GameOverScreen) and not app.screen.rematch
        await pilot.press("n")
        await _until(pilot, lambda: isinstance(app.screen, NewGameForm))
