"""At 80x24, in every language, the Builders of Egypt screens read whole.

Four players (the most the board must hold), through the states a game goes
through: the first turn, the middle of a round, a sail on show at each site,
a market card to choose, the Lever's order, the points, the cards, the help,
and the end. See layout_support for what "whole" means.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from layout_support import Problem, check_screen, vocabulary, words_of
from textual.pilot import Pilot

from engine.builders import Sail, legal_actions
from engine.games import game
from match.history import History
from match.match import Match
from match.seats import Seat
from tui import i18n
from tui.app import ImhotepApp
from tui.builders.keys import SITE_KEYS
from tui.builders.screens.game import GameScreen

LANGUAGES = ("en", "hu", "de", "ru")
NAMES = ("Ann", "Bob", "Cy", "Dee")
SIZE = (80, 24)
EXTRA = (*NAMES, "ctrl", "shift", "esc", "tab", "enter", *i18n.LANGUAGES.values())
BUILDERS = game("builders")


def _history(seed: int, plies: int, *, players: int = 4, step: str | None = None) -> History:
    """A random game of ``players`` from ``seed``, ``plies`` decisions in (then
    on to the next state at ``step``, if given)."""
    setup = BUILDERS.deal(players, random.Random(seed), {"variant": "yes"})
    history = History.start(BUILDERS, setup)
    rng = random.Random(seed)
    while not history.state.over and (
        history.cursor < plies or (step is not None and history.state.step != step)
    ):
        history.push(rng.choice(legal_actions(history.state)))
    return history


class Tour:
    def __init__(self, app: ImhotepApp, pilot: Pilot[None], language: str) -> None:
        self.app, self.pilot, self.language = app, pilot, language
        self.vocabulary = vocabulary(language, EXTRA)
        self.problems: list[Problem] = []
        self.seen = 0

    async def show(self, history: History) -> GameScreen:
        match = Match(history, tuple(Seat(name=n) for n in NAMES[: history.state.players]))
        screen = GameScreen(match)
        await self.app.push_screen(screen)
        self.app.clear_notifications()
        await self.pilot.pause()
        return screen

    async def look(self, name: str) -> None:
        await self.pilot.pause()
        self.seen += 1
        self.problems.extend(check_screen(self.app, f"{self.language}: {name}", self.vocabulary))

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await self.pilot.pause()

    def verdict(self) -> str:
        return f"{len(self.problems)} problems on {self.seen} screens:\n" + "\n".join(
            str(p) for p in self.problems
        )


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_builders_screen_reads_whole(language: str) -> None:
    app = ImhotepApp(lang=language, ascii=False, store_problem="not kept in tests")
    async with app.run_test(size=SIZE) as pilot:
        tour = Tour(app, pilot, language)
        await tour.show(_history(1, 0))
        await tour.look("the first turn")
        screen = await tour.show(_history(2, 70))
        await tour.look("the middle of a game")
        sails = [a for a in legal_actions(screen.state) if isinstance(a, Sail)]
        for site in sorted({a.site for a in sails}):
            sail = next(a for a in sails if a.site == site)
            await tour.press(str(sail.ship + 1), SITE_KEYS[site])
            await tour.look(f"a sail to site {site} on show")
            await tour.press("escape")
        await tour.press("i")
        await tour.look("the points")
        await tour.press("escape", "C")
        await tour.look("the market cards")
        await tour.press("escape", "g")
        await tour.look("the log and its replay")
        await tour.press("home")
        await tour.look("the replay at the set-up")
        await tour.press("escape")
        await tour.show(_history(3, 30, step="take"))
        await tour.look("a market card to choose")
        await tour.show(_history(4, 20, step="unload"))
        await tour.look("the Lever's order")
        await tour.press("s")
        await tour.look("a key that does nothing now")
        end = _history(5, 10_000)
        assert end.state.over
        await tour.show(end)
        await tour.look("the end of the game")
        await tour.press("b")
        await tour.look("the board after the end")
        assert not tour.problems, tour.verdict()


@pytest.mark.parametrize("players", (2, 3))
async def test_fewer_players_read_whole_in_english(players: int) -> None:
    app = ImhotepApp(lang="en", ascii=False, store_problem="not kept in tests")
    async with app.run_test(size=SIZE) as pilot:
        tour = Tour(app, pilot, "en")
        await tour.show(_history(6, 60, players=players))
        await tour.look(f"{players} players")
        assert not tour.problems, tour.verdict()


def test_words_of_player_names_are_known() -> None:
    assert all(w.casefold() in vocabulary("en", EXTRA) for n in NAMES for w in words_of(n))


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_builders_new_game_form_reads_whole(language: str, tmp_path: Path) -> None:
    from textual.widgets import Input, Select

    from match.store import Store
    from tui.screens.games import GamesScreen
    from tui.screens.new_game import TableFormScreen

    app = ImhotepApp(
        lang=language, ascii=False, new_game="builders", store=Store.open(tmp_path / "g.sqlite3")
    )
    async with app.run_test(size=SIZE) as pilot:
        tour = Tour(app, pilot, language)
        form = app.screen
        assert isinstance(form, TableFormScreen)
        await tour.look("the Builders form")
        for seats in ("2", "3", "4"):
            form.query_one("#option-seats", Select).value = seats
            await tour.look(f"the Builders form, {seats} seats")
        # Each field with focus (its row pointed at), and each menu open.
        for field in form.query("#form Select, #form Input"):
            if not field.display or not field.parent.display:  # type: ignore[union-attr]
                continue
            field.focus()
            await tour.look(f"the Builders form, {field.id} focused")
            if isinstance(field, Select):
                await tour.press("enter")
                await tour.look(f"the Builders form, the list of {field.id} open")
                await tour.press("escape")
        for value in ("human", "hard", "away"):
            for seat in range(4):
                form.query_one(f"#kind-{seat}", Select).value = value
            await tour.look(f"the Builders form, every seat {value}")
        for seat, name in enumerate(NAMES):
            form.query_one(f"#name-{seat}", Input).value = name
        for starter in ("0", "3", "random"):
            form.query_one("#option-starter", Select).value = starter
            await tour.look(f"the Builders form, who starts: {starter}")
        form.query_one("#option-variant", Select).value = "yes"
        form.query_one("#seed", Input).value = "x"
        await tour.press("ctrl+s")
        await tour.look("the Builders form, a bad seed")
        for seat in range(4):
            form.query_one(f"#kind-{seat}", Select).value = "human" if seat != 2 else "hard"
        form.query_one("#option-starter", Select).value = "0"
        form.query_one("#seed", Input).value = "3"
        await tour.press("ctrl+s")
        screen = app.game_screen
        assert screen is not None
        match = screen.match
        match.play(match.rules.legal_actions(match.state)[0])
        await pilot.pause()
        app.action_list_games()
        await tour.look("your games: a game of four")
        assert isinstance(app.screen, GamesScreen)
        assert not tour.problems, tour.verdict()
