"""Playing against the computer through the app."""

from __future__ import annotations

import asyncio
import threading
import time

from tui_support import NAMES, game_screen

from ai import duel as ai
from engine.duel import Action, GameState, Setup, legal_actions
from engine.duel.game import DUEL
from match.history import History
from tui.app import ImhotepApp
from tui.duel.keys import keys_for
from tui.duel.screens.game import GameScreen
from tui.duel.screens.game_over import GameOverScreen
from tui.screens.help import HelpScreen
from tui.widgets.line import Line


class HeldHard:
    """The hard player, still thinking until the test calls ``release()`` or the
    app cancels it: a search as long as a test needs, on any machine."""

    def __init__(self) -> None:
        self.player = ai.make_player("hard", seed=1, time_budget=0.2)
        self.released = threading.Event()

    def release(self) -> None:
        self.released.set()

    def choose(self, state: GameState, should_stop: threading.Event) -> Action:
        action = self.player.choose(state, should_stop=should_stop)
        # The cap only turns a search wrongly run on the UI thread into a
        # failed assertion instead of a test that hangs.
        give_up = time.monotonic() + 30.0
        while not (self.released.is_set() or should_stop.is_set()):
            if time.monotonic() > give_up:
                break
            should_stop.wait(0.01)
        return action


async def _wait_until(pilot, condition, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.05)


async def test_computer_against_computer_plays_to_the_end() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        history_setup = Setup(seed=31, sides="BABA")
        screen = game_screen(History.start(DUEL, history_setup), NAMES, ("easy", "medium"))
        screen.delay = 0.0
        await app.push_screen(screen)
        await _wait_until(pilot, lambda: screen.state.over, timeout=120)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert len(screen.history.actions) > 30


async def test_human_against_computer_and_undo_to_own_decision() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=8, starter=0), NAMES, ("human", "easy"))
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None
        screen.delay = 0.0
        await pilot.press("5")
        await _wait_until(
            pilot, lambda: screen.state.turn == 0 and len(screen.history.actions) >= 2
        )
        computer_step = screen.history.actions[1]
        assert computer_step in legal_actions(screen.history.states[1])
        assert "(easy)" in screen.query_one("#message", Line).plain
        # Undo returns to the human's decision, not to the computer's.
        await pilot.press("z")
        assert len(screen.history.actions) == 0
        assert screen.state.turn == 0


async def test_human_keys_are_refused_while_the_computer_is_to_move() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(
            History.start(DUEL, Setup(seed=8, starter=1)), NAMES, ("human", "hard")
        )
        screen.match.computers[1] = HeldHard()  # type: ignore[assignment]
        await app.push_screen(screen)
        await pilot.pause()
        # The first-game guide does not tell the person what the computer should do.
        screen.set_guide(True)
        assert screen.query_one("#message", Line).plain == ""
        await pilot.press("1")
        assert screen.state.ply == 0
        assert "computer" in screen.query_one("#message", Line).plain


async def _human_moved_against_held_hard(  # type: ignore[no-untyped-def]
    app: ImhotepApp, pilot, seed: int
) -> tuple[GameScreen, HeldHard]:
    """A game against a hard player that thinks until released, just after the
    human's first move: the computer is thinking."""
    app.start_game(Setup(seed=seed, starter=0), NAMES, ("human", "hard"))
    await pilot.pause()
    screen = app.game_screen
    assert screen is not None
    screen.delay = 0.0
    held = HeldHard()
    screen.match.computers[1] = held  # type: ignore[assignment]
    await pilot.press("5")
    await pilot.pause()
    return screen, held


async def test_ui_stays_responsive_while_the_computer_thinks() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, held = await _human_moved_against_held_hard(app, pilot, seed=3)
        assert "thinking" in str(screen.query_one("#prompt").text)
        await pilot.press("question_mark")  # help opens during the search
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert app.screen is screen
        assert screen.size.width == 100
        # The search cannot have ended on its own: the keys were answered while it ran.
        assert len(screen.history.actions) == 1
        assert "thinking" in str(screen.query_one("#prompt").text)
        held.release()
        await _wait_until(pilot, lambda: len(screen.history.actions) >= 2)


async def test_undo_interrupts_a_search() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen, _ = await _human_moved_against_held_hard(app, pilot, seed=4)
        await pilot.press("z")
        assert len(screen.history.actions) == 0
        await asyncio.sleep(0.3)
        await pilot.pause()
        assert len(screen.history.actions) == 0  # the interrupted search changed nothing


async def test_hint_names_a_legal_action() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=5), NAMES)
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None
        await pilot.press("1", "2")
        await pilot.press("H")
        await _wait_until(pilot, lambda: "Hint [" in screen.query_one("#message", Line).plain)
        text = screen.query_one("#message", Line).plain
        # The keys that play the hinted step, which must be a legal one.
        assert any(
            text.startswith(f"Hint [{' '.join(keys_for(a))}]:") for a in legal_actions(screen.state)
        )


async def test_new_game_screen_sets_up_a_game_against_the_computer() -> None:
    from textual.widgets import Input, Select

    from tui.duel.screens.new_game import NewGameScreen

    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#kind-1", Select).value = "medium"
        form.query_one("#side-temple", Select).value = "B"
        form.query_one("#starter", Select).value = "0"
        form.query_one("#seed", Input).value = "77"
        await pilot.pause()
        assert "sets of different values" in str(form.query_one("#hint-temple").render())
        await pilot.click("#start")
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None and app.screen is screen
        assert screen.kinds == ("human", "medium")
        assert str(screen.state.sides) == "ABAA"
        assert screen.history.setup.seed == 77
        assert screen.state.turn == 0


async def test_the_computer_is_chosen_by_keys_alone() -> None:
    # From the game (the first field), Tab visits the fields in order: no
    # container in between.
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("tab", "tab", "tab", "tab")
        assert app.focused is not None and app.focused.id == "kind-1"
        # The drop-down with focus stands out from the others.
        shown = [app.screen.query_one(f"#kind-{who} SelectCurrent") for who in (0, 1)]
        assert shown[1].styles.background != shown[0].styles.background
        await pilot.press("enter", "down", "down", "down", "down", "enter")  # past tough
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None and app.screen is screen
        assert screen.kinds == ("human", "hard")


async def test_a_move_reported_after_the_player_left_the_game_screen_is_not_drawn() -> None:
    """A computer move on its way when the player pressed q reached a screen
    whose widgets were gone, and raised in the computer's thread."""
    import builders_screen_support as builders
    from tui_support import history_of, open_game

    from match.events import Moved

    app = ImhotepApp(store_problem="not kept in tests")
    games = (
        (open_game, history_of(Setup(seed=4), [])),
        (builders.open_game, builders.history_until(3, lambda s: s.ply > 2)),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        for opened, history in games:
            screen = await opened(app, history)  # type: ignore[operator]
            await pilot.pause()
            match = screen.match
            action = match.rules.legal_actions(match.state)[0]
            await app.pop_screen()
            await pilot.pause()
            assert screen not in app.screen_stack
            seat = match.mover(match.state)
            match.emit(Moved(action, seat, "a move", "computer", "a move"))  # no error


async def test_redo_is_not_offered_against_the_computer_and_the_key_says_why() -> None:
    """Redo never replays a step in a game with the computer: its key would
    sit dimmed on the bar for the whole game, so it is left off, and y says why."""
    import builders_screen_support as builders

    from match.match import Match
    from match.seats import Seat
    from tui.widgets.keybar import KeyBar

    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_game(Setup(seed=8, starter=0), NAMES, ("human", "easy"))
        await pilot.pause()
        duel = app.game_screen
        assert isinstance(duel, GameScreen)
        history = builders.history_until(2, lambda s: s.ply > 3 and s.step == "turn")
        seats = tuple(
            Seat(name=name, kind="human" if seat == history.state.turn else "easy")
            for seat, name in enumerate(builders.NAMES[:2])
        )
        builders_screen = builders.GameScreen(Match(history, seats))
        for screen in (duel, builders_screen):
            if screen is builders_screen:
                await app.push_screen(screen)
                await pilot.pause()
            before = screen.match.state
            assert screen.match.computers
            keys = app.screen.query_one(KeyBar).render().plain
            assert "Undo" in keys and "Redo" not in keys, keys
            await pilot.press("y")
            assert screen.match.state == before
            said = screen.query_one("#message", Line).plain
            assert "Redo is off in a game with the computer" in said, said


class HeldFirst:
    """A computer that takes its first legal step once the test releases it."""

    def __init__(self) -> None:
        self.released = threading.Event()

    def choose(self, state: object, should_stop: threading.Event) -> object:
        from engine.builders import legal_actions

        give_up = time.monotonic() + 30.0
        while not (self.released.is_set() or should_stop.is_set()):
            if time.monotonic() > give_up:
                break
            should_stop.wait(0.01)
        return legal_actions(state)[0]  # type: ignore[arg-type]


async def test_after_the_computer_moves_the_players_keys_come_back_to_the_bar() -> None:
    """The bar hid Stones while the computer was to move, and was not
    redrawn once it had moved: Stones stayed off for the player's turn."""
    import random

    import builders_screen_support as builders

    from engine.builders import Get, current_player
    from engine.builders import legal_actions as builders_legal
    from match.match import Match
    from match.seats import Seat
    from tui.widgets.keybar import KeyBar

    setup = builders.BUILDERS.deal(2, random.Random(5), {"starter": "1"})
    history = History.start(builders.BUILDERS, setup)
    assert current_player(history.state) == 1
    seats = (Seat(name="Ann"), Seat(name="Bob", kind="easy"))
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(120, 30)) as pilot:
        screen = builders.GameScreen(Match(history, seats))
        screen.match.delay = 0.0
        held = HeldFirst()
        screen.match.computers[1] = held  # type: ignore[assignment]
        await app.push_screen(screen)
        await pilot.pause()
        # The bar is drawn while the computer is to move: no Stones for the player.
        assert "Stones" not in app.screen.query_one(KeyBar).render().plain
        held.released.set()
        await _wait_until(pilot, lambda: current_player(screen.state) == 0)
        await pilot.pause()
        assert Get() in builders_legal(screen.state)
        assert "Stones" in app.screen.query_one(KeyBar).render().plain
