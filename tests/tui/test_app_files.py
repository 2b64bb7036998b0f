"""Saving through the real app: autosave survives kill -9, bad files on the
command line, save and load screens, the game log."""

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

from engine import Place, Setup, encode_state
from tui import storage
from tui.app import ImhotepApp
from tui.keys import keys_for
from tui.screens.files import LoadScreen, PromptScreen
from tui.screens.game import GameScreen
from tui.screens.log import LogScreen

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


def _autosaved_moves() -> int:
    try:
        loaded = storage.read_autosave()
    except storage.StorageError:
        return -1
    return -1 if loaded is None else loaded.history.cursor


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
        app.type(b"\r")  # start with the defaults
        _wait_for(lambda: app.shows("Reserve"), timeout=30)
        for moves, key in enumerate(b"1524", start=1):
            app.type(bytes([key]))
            _wait_for(lambda moves=moves: _autosaved_moves() == moves)
    finally:
        app.kill()  # SIGKILL: nothing in the app gets to run
    loaded = storage.read_autosave()
    assert loaded is not None
    assert loaded.history.actions == (Place(0), Place(4), Place(1), Place(3))
    assert loaded.state.grid[:5] == (0, 0, -1, 1, 1)


def test_resume_opens_the_autosaved_game() -> None:
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
    loaded = storage.read_autosave()
    assert loaded is not None
    resumed = ImhotepApp(open_game=loaded)

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
        [sys.executable, "-m", "tui", *args],
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


def test_a_plain_start_leaves_the_engine_and_saves_unloaded(tmp_path: Path) -> None:
    # Start-up time: the start screen must not wait for modules it does not show.
    probe = (
        "import sys\n"
        "from tui.__main__ import build_app, parse_args\n"
        "build_app(parse_args([]))\n"
        "print(sorted(m for m in ('engine', 'tui.storage', 'ai') if m in sys.modules))\n"
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
        await pilot.press("1", "2", "a")
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


async def test_a_finished_game_is_filed_and_not_offered_to_continue() -> None:
    import random

    from engine import apply, legal_actions

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
        screen = GameScreen(history_of(setup, actions[:-1]), NAMES)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press(*keys_for(actions[-1]))
        await pilot.pause()
        assert screen.state.over
    assert not storage.autosave_path().exists()
    finished = [s for s in storage.list_saves() if s.finished]
    assert len(finished) == 1 and finished[0].names == NAMES


async def test_a_game_left_for_another_is_kept_among_the_saves() -> None:
    # The command palette starts or loads a game at any time; the autosave then
    # belongs to the new game, so the one left must not go with it.
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=3), NAMES)
        await pilot.pause()
        await pilot.press("1", "2")
        left = encode_state(app.game_screen.state)  # type: ignore[union-attr]
        app.start_game(Setup(seed=4), ("Cy", "Di"))
        await pilot.pause()
        kept = [s for s in storage.list_saves() if s.names == NAMES]
        assert len(kept) == 1 and not kept[0].finished
        assert encode_state(storage.read_save(kept[0].path).history.state) == left
        # An untouched game is not worth a file.
        app.start_game(Setup(seed=5), NAMES)
        await pilot.pause()
        assert [s.names for s in storage.list_saves()].count(("Cy", "Di")) == 0
