"""What the game screen says about undo, takebacks and the other terminal, in
German and Russian, at 80x24."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from engine.duel import Place, Setup
from match.match import Match
from match.seats import Seat
from match.store import Store
from tui import i18n
from tui.app import ImhotepApp
from tui.duel.screens.game import GameScreen
from tui.screens.files import ConfirmScreen
from tui.widgets.line import Line


async def _until(pilot: Pilot[None], check: Callable[[], bool], timeout: float = 10) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never showed it")


def _message(app: ImhotepApp) -> str:
    screen = app.game_screen
    assert isinstance(screen, GameScreen)
    return screen.query_one("#message", Line).plain


def _russian(template: str, **values: str) -> str:
    """The Russian catalog's wording of ``template`` (never the English itself)."""
    wording = i18n.translations("ru").gettext(template)
    assert wording != template, template
    return wording.format(**values)


def _notes(app: ImhotepApp) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def test_an_undo_refused_and_taken_back_in_german() -> None:
    app = ImhotepApp(lang="de")
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=8, starter=0), ("Ann", "Bob"), ("human", "human"))
        await pilot.pause()
        await pilot.press("z")  # nothing played yet
        await pilot.pause()
        assert _message(app) == "Noch nichts zum Zurücknehmen."
        await pilot.press("5")
        await pilot.press("z")
        await pilot.pause()
        assert _message(app) == "Zurückgenommen."
        await pilot.press("y")  # redo
        await pilot.pause()
        assert _message(app) == "Wiederholt."
        assert i18n.current_language() == "de"


async def test_against_the_computer_a_refused_redo_is_in_russian() -> None:
    app = ImhotepApp(lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=8, starter=0), ("Ann", "CPU"), ("human", "random"))
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert _message(app) == _russian(
            "Redo is off in a game with the computer: undo, then play on."
        )


async def test_a_takeback_across_terminals_in_russian(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = Store.open(path)
    hosted = Match.new(
        Setup(seed=31, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=store,
        here=frozenset({0}),
        table=True,
        me="local:ann",
    )
    assert hosted.code is not None
    app = ImhotepApp(open_match=hosted, store=store, me="local:ann", lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # Bob plays from "another terminal": a match of his own on the same store.
        bob = Match.join(Store.open(path), hosted.code, me="local:bob", name="Bob")
        joined = _russian("{name} joined the table.", name="Bob")
        await _until(pilot, lambda: _message(app) == joined)
        await pilot.press("5")
        bob.poll()
        await pilot.press("z")
        await pilot.pause()
        asked = i18n.translations("ru").ngettext(
            "Asked {name} to take back your last move; waiting for the answer.",
            "Asked {name} to take back your last move; waiting for their answers.",
            1,
        )
        assert asked.startswith("Вы попросили игрока")
        assert _message(app) == asked.format(name="Bob")
        # A second try while the first request waits.
        await pilot.press("z")
        await pilot.pause()
        assert _message(app) == _russian(
            "A takeback has been asked for already: wait for the answer."
        )
        bob.poll()
        assert str(bob.answer_takeback(False)) == "You declined Ann's takeback."
        declined = _russian("{name} declined the takeback.", name="Bob")
        await _until(pilot, lambda: declined in _notes(app))
        # Bob moves and asks to take it back: the question and the answer on
        # this screen are Russian.
        bob.poll()
        assert bob.play(Place(0)) is None
        bob.undo()
        await _until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        confirm = app.screen
        assert isinstance(confirm, ConfirmScreen)
        assert confirm.question == _russian(
            "{name} asks to take back their last move. Allow it?", name="Bob"
        )
        await pilot.press("y")
        await _until(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
        await pilot.pause()
        assert _message(app) == _russian("You let {name} take back their move.", name="Bob")
        bob.close()
        left = _russian("{name} has left the game; it waits for them.", name="Bob")
        await _until(pilot, lambda: _message(app) == left)


def test_the_list_of_games_names_a_computer_level_in_the_language() -> None:
    from match.store import GameSummary, Presence
    from tui.screens.games import GamesScreen

    away = Presence(None, None)
    game = GameSummary(
        id=1,
        kind="duel",
        code=None,
        status="playing",
        seats=(Seat(name="Ann"), Seat(name="CPU", kind="hard")),
        presence=(away, away),
        moves=4,
        to_move=0,
        scores=(3, 1),
        invited=None,
        created_at=0.0,
        updated_at=0.0,
    )
    assert game.title == "Ann v CPU (hard)"  # the store's own English line
    i18n.use("de")
    # The game's name on the first line, the players on the next.
    assert (
        GamesScreen.cells(game, 60.0)[0]
        == "Imhotep \N{EN DASH} Das Duell\nAnn \N{EN DASH} CPU (schwer)"
    )
    i18n.use("en")
    assert GamesScreen.cells(game, 60.0)[0] == "Imhotep: The Duel\nAnn v CPU (hard)"
