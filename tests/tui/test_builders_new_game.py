"""Choosing the game and setting up Builders of Egypt from the new game form.

The form is built from the game's table options: its seat count shows that
many seats, each played here, by the computer or from another terminal; who
starts offers the seats by name; Wrath of the Pharaoh is a choice. Every
game started is checked in the engine's set-up and the match's seats.
"""

from __future__ import annotations

import random
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from cli.main import build_app, parse_args
from match.store import Store
from tui import files
from tui.app import ImhotepApp
from tui.duel.screens.new_game import NewGameScreen
from tui.screens.games import GamesScreen
from tui.screens.new_game import TableAnswer, TableFormScreen


def _form(app: ImhotepApp) -> TableFormScreen:
    assert isinstance(app.screen, TableFormScreen), type(app.screen)
    return app.screen


async def _choose(pilot: Pilot[None], select_id: str, downs: int) -> None:
    """Open a drop-down by keys and take the entry ``downs`` below the one shown."""
    select = pilot.app.screen.query_one(f"#{select_id}", Select)
    select.focus()
    await pilot.press("enter", *["down"] * downs, "enter")
    await pilot.pause()


async def _type(pilot: Pilot[None], field: str, text: str) -> None:
    pilot.app.screen.query_one(f"#{field}", Input).focus()
    await pilot.press("ctrl+a", "ctrl+k", *text)


def _shown_rows(form: TableFormScreen) -> list[str]:
    """The titles of the rows on show, top to bottom."""
    return [
        str(row.query_one(".label", Static).render()).lstrip("> ")
        for row in form.query(".row")
        if row.display
    ]


async def test_the_game_option_opens_the_builders_form_and_ctrl_s_starts_it() -> None:
    app = build_app(parse_args(["--game", "builders"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = _form(app)
        assert form.query_one("#game", Select).value == "builders"
        # The form opens on its first field: the game.
        assert app.focused is form.query_one("#game")
        assert _shown_rows(form) == [
            "Players",
            "Player 1",
            "Player 2",
            "Who starts",
            "Wrath of the Pharaoh",
            "Hints",
            "Seed",
        ]
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None and app.screen is screen
        match = screen.match
        assert match.rules.kind == "builders"
        assert match.names == ("Player 1", "Player 2")
        assert match.kinds == ("human", "human")
        assert match.history.setup.players == 2 and not match.history.setup.variant
    assert files.read_settings().new_game.kind == "builders"


async def test_three_seats_one_a_computer_with_wrath_and_a_chosen_starter() -> None:
    app = ImhotepApp(ascii=False, new_game="builders")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = _form(app)
        await _choose(pilot, "option-seats", 1)  # 3 players
        assert _shown_rows(form)[:4] == ["Players", "Player 1", "Player 2", "Player 3"]
        await _type(pilot, "name-0", "Ann")
        await pilot.press("enter")  # Enter moves on: to who plays Ann's seat
        assert app.focused is form.query_one("#kind-0")
        await _type(pilot, "name-1", "Bob")
        await _type(pilot, "name-2", "Cy")
        await _choose(pilot, "kind-1", 3)  # the computer, hard (after easy and medium)
        # Who starts: random, then the seats by the names typed.
        starter = form.query_one("#option-starter", Select)
        assert [str(words) for words, _value in starter._options] == [
            "Random",
            "● Ann",
            "■ Bob",
            "▲ Cy",
        ]
        await _choose(pilot, "option-starter", 3)  # Cy
        await _choose(pilot, "option-variant", 1)  # Wrath on
        form.query_one("#seed", Input).value = "41"
        form.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None
        match = screen.match
        assert match.rules.kind == "builders"
        assert match.names == ("Ann", "Bob", "Cy")
        assert match.kinds == ("human", "hard", "human")
        setup = match.history.setup
        assert (setup.players, setup.starter, setup.variant) == (3, 2, True)
        # The seed deals: the same table dealt by the rules is this one.
        dealt = match.rules.deal(
            3, random.Random(), {"seed": "41", "starter": "2", "variant": "yes"}
        )
        assert setup == dealt
    remembered = files.read_settings().new_game
    assert remembered.kinds == ("human", "hard", "human")
    assert remembered.options == {"seats": "3", "starter": "2", "variant": "yes"}


async def test_four_seats_one_at_another_terminal_opens_a_table(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "games.sqlite3")
    app = ImhotepApp(ascii=True, new_game="builders", store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = _form(app)
        await _choose(pilot, "option-seats", 2)  # 4 players
        assert [str(form.query_one(f"#symbol-{s}", Static).render()) for s in range(4)] == [
            "A",
            "B",
            "C",
            "D",
        ]
        await _choose(pilot, "kind-3", 4)  # another terminal
        await _choose(pilot, "option-starter", 1)  # the first seat
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None
        match = screen.match
        assert match.names == ("Player 1", "Player 2", "Player 3", "Player 4")
        assert match.kinds == ("human",) * 4
        assert match.here == frozenset({0, 1, 2})
        assert match.code is not None  # a table the fourth player joins by its code
        assert (match.history.setup.players, match.history.setup.starter) == (4, 0)
        assert store.game(match.game_id or -1).kind == "builders"


async def test_fewer_seats_leave_no_starter_that_is_gone() -> None:
    app = ImhotepApp(ascii=False, new_game="builders")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = _form(app)
        await _choose(pilot, "option-seats", 2)  # 4 players
        await _choose(pilot, "option-starter", 4)  # the fourth seat
        assert form.query_one("#option-starter", Select).value == "3"
        await _choose(pilot, "option-seats", 0)  # back to 2
        form.query_one("#option-seats", Select).value = "2"
        await pilot.pause()
        assert form.query_one("#option-starter", Select).value == "random"
        assert not form.query_one("#row-seat-2").display
        answer = form.answer()
        assert answer is not None and answer.seats == 2 and answer.options["starter"] == "random"


async def test_switching_game_in_the_form_keeps_the_names() -> None:
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#name-0", Input).value = "Ann"
        # The form opens on the game's menu: the next entry is Builders.
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        form = _form(app)
        assert form.query_one("#game", Select).value == "builders"
        assert form.query_one("#name-0", Input).value == "Ann"
        assert form.seats() == 2
        await _choose(pilot, "option-seats", 1)
        form.query_one("#name-2", Input).value = "Cy"
        form.query_one("#game", Select).value = "duel"
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#name-0", Input).value == "Ann"
        await pilot.press("escape")
        await pilot.pause()
        assert app.game_screen is None and len(app.screen_stack) == 1


async def test_the_next_form_is_the_last_game_set_up() -> None:
    app = ImhotepApp(ascii=False, new_game="builders")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _choose(pilot, "option-seats", 2)
        await pilot.press("ctrl+s")
        await pilot.pause()
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = _form(app)
        assert form.seats() == 4


def test_a_remembered_form_that_does_not_fit_gives_the_defaults() -> None:
    odd = files.GameForm(
        kind="builders",
        names=("Ann", "\x1b[31mBob", "Cy"),
        kinds=("human", "tough", "hard"),
        options={"seats": "3", "starter": "7", "variant": "maybe"},
    )
    answer = TableAnswer.from_form(odd, "builders")
    assert answer.names == ("Ann", "Bob", "Cy")
    assert answer.kinds == ("human", "human", "hard")  # Builders has no "tough"
    assert answer.options == {"seats": "3", "starter": "random", "variant": "no"}
    duel = TableAnswer.from_form(files.GameForm(names=("A", "B")), "builders")
    assert duel.names == ("Player 1", "Player 2") and duel.options["seats"] == "2"


async def test_the_games_list_shows_a_builders_game_with_its_seats_and_scores(
    tmp_path: Path,
) -> None:
    store = Store.open(tmp_path / "games.sqlite3")
    app = ImhotepApp(ascii=False, new_game="builders", store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _choose(pilot, "option-seats", 1)
        for seat, name in enumerate(("Ann", "Bob", "Cy")):
            app.screen.query_one(f"#name-{seat}", Input).value = name
        await _choose(pilot, "kind-2", 3)
        await _choose(pilot, "option-starter", 1)  # Ann
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None
        # A game at one keyboard is kept from its first move on.
        match = screen.match
        assert match.play(match.rules.legal_actions(match.state)[0]) is None
        await pilot.pause()
        app.action_list_games()
        await pilot.pause()
        assert isinstance(app.screen, GamesScreen)
        assert len(app.screen.games) == 1
        cells = GamesScreen.cells(app.screen.games[0], 0.0)
        # The game on a line of its own, then the seats two to a line.
        assert cells[0] == "Imhotep: Builders of Egypt\nAnn, Bob,\nCy (hard)"
        assert cells[1] == "1"  # moves
        assert cells[2] == "0:0:0"  # each seat's score


def test_the_forms_game_and_the_hosts_game_are_apart() -> None:
    # host's own --game (with its default) must not overwrite the form's.
    args = parse_args(["--game", "builders"])
    assert args.form_game == "builders" and args.command is None
    hosting = parse_args(["host", "--game", "builders", "--seats", "3"])
    assert hosting.game == "builders" and hosting.form_game is None


def test_the_builders_form_with_four_seats(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def four_seats(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await _choose(pilot, "option-seats", 2)
        await _choose(pilot, "kind-1", 3)
        await _choose(pilot, "kind-3", 4)

    app = ImhotepApp(ascii=False, new_game="builders")
    assert snap_compare(app, terminal_size=(80, 24), run_before=four_seats)


async def test_default_names_remembered_in_another_language_follow_the_language() -> None:
    # Played: a German game ("Spieler 1", "Spieler 2") then a game in English:
    # the form offered "Spieler 1" and "Spieler 2" beside "Player 3".
    remembered = TableAnswer.from_form(
        files.GameForm(
            kind="builders",
            names=("Spieler 1", "2. játékos", "Cy"),
            kinds=("human", "human", "human"),
            options={"seats": "3"},
        ),
        "builders",
    )
    app = ImhotepApp(ascii=False, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(TableFormScreen(remembered))
        await pilot.pause()
        names = [app.screen.query_one(f"#name-{seat}", Input).value for seat in range(3)]
        assert names == ["Player 1", "Player 2", "Cy"]
