"""Keeping games through the real app: every move survives kill -9, bad files
on the command line, save and load screens, the game log."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

from tui_support import NAMES, history_of

from cli.main import build_app, parse_args
from engine.duel import Place, Setup, encode_state
from match import saves as storage
from match.files import store_path
from match.match import Match
from match.seats import Seat
from match.store import Store, StoreError
from tui.app import ImhotepApp
from tui.duel.keys import keys_for
from tui.duel.screens.game import GameScreen
from tui.duel.screens.log import LogScreen
from tui.screens.files import LoadScreen, PromptScreen

REPO = Path(__file__).resolve().parents[2]


class PtyApp:
    """The real app in a pseudo-terminal of 80x24, with its output kept as text."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=REPO, start_new_session=True
        )
        os.close(slave)
        self.master = master
        self.output = bytearray()
        # The app stops drawing if nobody reads its output.
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        try:
            while chunk := os.read(self.master, 65536):
                self.output.extend(chunk)
        except OSError:
            pass

    def shows(self, text: str) -> bool:
        return text.encode() in self.output

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def kill(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        os.close(self.master)


def _wait_for(check: object, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.1)
    raise AssertionError("timed out waiting for the app")


def _stored_moves() -> int:
    """The moves of the one game in the data folder's store (-1: none yet)."""
    try:
        with Store.open(store_path(), create=False) as store:
            games = store.games()
    except StoreError:
        return -1
    return games[0].moves if len(games) == 1 else -1


def test_sigkill_loses_no_applied_action() -> None:
    env = {**os.environ, "TERM": "xterm-256color"}
    app = PtyApp([sys.executable, "-m", "tui"], env)
    try:
        # Each key waits for the screen it is meant for: a key typed before
        # the app reads its terminal could be lost, which is not what is tested.
        _wait_for(lambda: app.shows("Help: how to play"), timeout=60)
        app.type(b"n")
        _wait_for(lambda: app.shows("Burial chamber"), timeout=30)
        time.sleep(0.5)
        app.type(b"\x13")  # ctrl+s: start with the defaults
        _wait_for(lambda: app.shows("Reserve"), timeout=30)
        for moves, key in enumerate(b"1524", start=1):
            app.type(bytes([key]))
            _wait_for(lambda moves=moves: _stored_moves() == moves)
    finally:
        app.kill()  # SIGKILL: nothing in the app gets to run
    with Store.open(store_path()) as store:
        (game,) = store.games()
        match = Match.open(store, game.id)
        assert match.history.actions == (Place(0), Place(4), Place(1), Place(3))
        assert match.state.grid[:5] == (0, 0, -1, 1, 1)
        assert match.here == {0, 1}  # the killed process's seats are free again


def test_resume_opens_the_game_in_progress() -> None:
    history_setup = Setup(seed=4)
    app = ImhotepApp()

    async def play_some() -> bytes:
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game(history_setup, NAMES)
            await pilot.pause()
            await pilot.press("3", "7", "9")
            screen = app.game_screen
            assert screen is not None
            return encode_state(screen.state)

    import asyncio

    before = asyncio.run(play_some())
    resumed = build_app(parse_args(["--resume"]))

    async def look() -> bytes:
        async with resumed.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = resumed.game_screen
            assert screen is not None and resumed.screen is screen
            assert screen.names == NAMES
            return encode_state(screen.state)

    assert asyncio.run(look()) == before


def _run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        env={**os.environ},
    )


def test_cli_reports_a_bad_file_without_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_bytes(b'{"format": "imhotep-duel-save", "version": 1, "record": {')
    result = _run_cli("--load", str(bad))
    assert result.returncode == 2
    assert "broken.json" in result.stderr
    assert "Traceback" not in result.stderr
    assert bad.read_bytes().endswith(b"{")


def test_cli_resume_without_a_game_says_so() -> None:
    result = _run_cli("--resume")
    assert result.returncode == 1
    assert "no game to resume" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_plain_start_leaves_the_engine_and_saves_unloaded(tmp_path: Path) -> None:
    # Start-up time: the start screen must not wait for modules it does not show.
    probe = (
        "import sys\n"
        "from cli.main import build_app, parse_args\n"
        "build_app(parse_args([]))\n"
        "heavy = ('engine', 'match.saves', 'match.match', 'ai')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
        env={**os.environ, "IMHOTEP_DATA_DIR": str(tmp_path)},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_cli_directory_and_missing_file(tmp_path: Path) -> None:
    for target in (tmp_path, tmp_path / "missing.json"):
        result = _run_cli("--load", str(target))
        assert result.returncode == 2, result.stderr
        assert "Traceback" not in result.stderr
        assert result.stderr.strip()


async def test_save_then_load_through_the_screens() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_game(Setup(seed=9), NAMES)
        await pilot.pause()
        await pilot.press("5", "1")
        game = app.game_screen
        assert game is not None
        saved_state = encode_state(game.state)
        await pilot.press("w")
        assert isinstance(app.screen, PromptScreen)
        await pilot.press("ctrl+a", "ctrl+k", *"first", "enter")
        await pilot.pause()
        assert storage.save_exists("first")
        await pilot.press("9")  # play on after saving
        assert encode_state(game.state) != saved_state
        await pilot.press("o")
        assert isinstance(app.screen, LoadScreen)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        reopened = app.game_screen
        assert isinstance(reopened, GameScreen) and reopened is not game
        assert encode_state(reopened.state) == saved_state


async def test_game_log_steps_through_history_without_changing_the_game() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_game(Setup(seed=2), NAMES)
        await pilot.pause()
        await pilot.press("1", "2", "r", "1", "r", "1")  # the unload is shown, then made
        game = app.game_screen
        assert game is not None
        current = encode_state(game.state)
        await pilot.press("g")
        log = app.screen
        assert isinstance(log, LogScreen)
        words = str(log.query_one("#words").render())
        assert "unloads the row 1 boat" in words
        await pilot.press("up")
        assert "Bob places a meeple on cell 2" in str(log.query_one("#words").render())
        await pilot.press("home")
        assert "as dealt" in str(log.query_one("#words").render())
        await pilot.press("escape")
        assert app.screen is game
        assert encode_state(game.state) == current


async def test_saving_under_a_taken_name_asks_first() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_game(Setup(seed=9), NAMES)
        await pilot.pause()
        await pilot.press("5")
        await pilot.press("w", "ctrl+a", "ctrl+k", *"mine", "enter")
        await pilot.pause()
        first = storage.read_save(storage.save_path("mine")).history.cursor
        await pilot.press("1")
        await pilot.press("w", "ctrl+a", "ctrl+k", *"mine", "enter")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, PromptScreen)
        assert "exists" in prompt.title_text
        assert storage.read_save(storage.save_path("mine")).history.cursor == first
        await pilot.press("enter")  # confirmed
        await pilot.pause()
        assert storage.read_save(storage.save_path("mine")).history.cursor == first + 1


async def test_a_finished_game_is_kept_and_not_offered_to_continue() -> None:
    import random

    from engine.duel import apply, legal_actions

    setup = Setup(seed=14)
    state = setup.start()
    rng = random.Random(0)
    actions = []
    while not state.over:
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat(name=NAMES[0]), Seat(name=NAMES[1]))
        match = Match.adopt(history_of(setup, actions[:-1]), seats, store=app.store)
        screen = app.show_match(match)
        await pilot.pause()
        await pilot.press(*keys_for(actions[-1]))
        await pilot.pause()
        assert screen.state.over
        assert not app.unfinished_games()
    with Store.open(store_path()) as store:
        (finished,) = store.games(statuses=("over",))
        assert (finished.seats[0].name, finished.seats[1].name) == NAMES
        assert finished.moves == len(actions)


async def test_a_game_left_for_another_is_kept_in_the_store() -> None:
    # The command palette starts or loads a game at any time; the game left
    # stays among the games in progress, and Continue brings it back.
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=3), NAMES)
        await pilot.pause()
        await pilot.press("1", "2")
        left = encode_state(app.game_screen.state)  # type: ignore[union-attr]
        app.start_game(Setup(seed=4), ("Cy", "Di"))
        await pilot.pause()
        (kept,) = app.unfinished_games()
        assert kept.title == "Ann v Bob" and kept.moves == 2
        # An untouched game is not worth a line in the list.
        app.start_game(Setup(seed=5), NAMES)
        await pilot.pause()
        assert [g.title for g in app.unfinished_games()] == ["Ann v Bob"]
        app.action_continue_game()
        await pilot.pause()
        assert encode_state(app.game_screen.state) == left  # type: ignore[union-attr]


async def test_a_save_never_adds_a_game_to_the_store() -> None:
    # The play-test: two moves, w, quit; the next start listed the game twice
    # (the save was brought in as another game), the second at the old position.
    app = ImhotepApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_game(Setup(seed=9), NAMES)
        await pilot.pause()
        await pilot.press("5", "1")
        await pilot.press("w", "ctrl+a", "ctrl+k", *"two moves", "enter")
        await pilot.pause()
        assert storage.save_path("two moves").is_file()
        await pilot.press("9")  # played on after the save
        await pilot.pause()
        assert len(app.unfinished_games()) == 1
    again = ImhotepApp()
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        games = again.unfinished_games()
        assert len(games) == 1
        assert games[0].moves == 3


def test_the_load_list_names_each_saves_game() -> None:
    def summary(game: str | None, names: tuple[str, ...]) -> storage.SaveSummary:
        scores = tuple(range(len(names)))
        return storage.SaveSummary("s", Path("s.json"), None, names, None, scores, 1, game)

    cells = LoadScreen._cells(summary("builders", ("Ann", "Bob", "Cy")))
    assert cells[2] == "Imhotep: Builders of Egypt\nAnn v Bob v Cy"
    assert cells[3:] == ("0-1-2", "Bob")
    assert LoadScreen._cells(summary("duel", NAMES))[2].startswith("Imhotep: The Duel\n")
    # With no game read (the field is optional), the players alone.
    assert LoadScreen._cells(summary(None, NAMES))[2] == f"{NAMES[0]} v {NAMES[1]}"
