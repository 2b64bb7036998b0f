"""The product as a player installs it: every entry point starts without the test extras.

``.ci/run`` first sets up the README's play command in an environment of its
own (``pip install -c requirements/play.txt .``, nothing else) and names it in
``IMHOTEP_PLAY_ENV``.
These tests run that environment's ``imhotep-duel`` under a real terminal
(a pseudo-terminal read through ``pyte``), from a folder outside the
checkout: the app starts, ``host`` shows a table code, and ``serve`` listens
and gives an SSH client a screen. A module that only a test extra provides
stops them all, as it would stop a player.

Run them by hand after ``python3 -m venv /tmp/play && /tmp/play/bin/pip install
-c requirements/play.txt .`` with ``IMHOTEP_PLAY_ENV=/tmp/play``.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest
from play_terminal import WAIT, PtyApp, wait_for

PLAY_ENV = os.environ.get("IMHOTEP_PLAY_ENV")

pytestmark = pytest.mark.skipif(
    not PLAY_ENV, reason="IMHOTEP_PLAY_ENV names no play environment (.ci/run sets one up)"
)


@pytest.fixture
def program() -> Path:
    assert PLAY_ENV
    path = Path(PLAY_ENV) / "bin" / "imhotep-duel"
    assert path.is_file(), f"{path}: the play environment has no imhotep-duel"
    return path


@pytest.fixture
def player_env(tmp_path: Path) -> dict[str, str]:
    """A player's environment: no checkout on the path, a data folder of its own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env |= {
        "IMHOTEP_DATA_DIR": str(tmp_path / "data"),
        "HOME": str(tmp_path),
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
    }
    env.pop("LC_ALL", None)
    return env


@pytest.fixture
def away(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    return folder


@pytest.fixture
def running(program: Path, player_env: dict[str, str], away: Path) -> Iterator[list[PtyApp]]:
    apps: list[PtyApp] = []
    yield apps
    for app in apps:
        app.kill()


def test_the_installed_game_is_not_the_checkout(program: Path, away: Path) -> None:
    python = program.parent / "python"
    done = subprocess.run(
        [python, "-c", "import tui; print(tui.__file__)"],
        cwd=away,
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(PLAY_ENV or "") in Path(done.stdout.strip()).parents
    # And the test extras are absent there, so this is what a player runs.
    missing = subprocess.run([python, "-c", "import pyte"], cwd=away, capture_output=True)
    assert missing.returncode != 0


def test_the_app_starts(
    program: Path, player_env: dict[str, str], away: Path, running: list[PtyApp]
) -> None:
    app = PtyApp([str(program)], player_env, away)
    running.append(app)
    wait_for(lambda: "New game" in app.text(), "the start screen", app)
    assert app.alive(), app.text()


def test_host_shows_a_table_code(
    program: Path, player_env: dict[str, str], away: Path, running: list[PtyApp]
) -> None:
    app = PtyApp([str(program), "host", "--name", "Ann"], player_env, away)
    running.append(app)
    wait_for(lambda: re.search(r"Table [A-Z0-9]{4,}", app.text()) is not None, "a code", app)
    assert app.alive(), app.text()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def _lobby_over_ssh(port: int, key: asyncssh.SSHKey) -> str:
    import pyte

    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)

    class Terminal(asyncssh.SSHClientSession[bytes]):
        def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
            stream.feed(data)

    def text() -> str:
        return "\n".join(screen.display)

    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username="smoke",
        client_keys=[key],
        known_hosts=None,
        agent_path=None,
        config=None,
    )
    try:
        await conn.create_session(
            Terminal, term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while "Your games" not in text():
            if loop.time() > deadline:
                raise AssertionError(f"no lobby over SSH; the screen shows:\n{text()}")
            await asyncio.sleep(0.1)
        return text()
    finally:
        conn.close()
        await conn.wait_closed()


def test_serve_answers_an_ssh_client_with_a_screen(
    program: Path, player_env: dict[str, str], away: Path, tmp_path: Path
) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519", comment="smoke@test")
    public = tmp_path / "smoke.pub"
    public.write_bytes(key.export_public_key("openssh"))
    subprocess.run(
        [program, "serve", "--add-key", public, "--as", "smoke"],
        cwd=away,
        env=player_env,
        check=True,
        capture_output=True,
        timeout=WAIT,
    )
    port = _free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as sink:
        server = subprocess.Popen(
            [program, "serve", "--listen", f"127.0.0.1:{port}"],
            cwd=away,
            env=player_env,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    try:

        def listening() -> bool:
            output = log.read_text(errors="replace")
            if server.poll() is not None:
                raise AssertionError(f"serve stopped at once:\n{output[-3000:]}")
            return "listening on" in output

        wait_for(listening, "serve to listen", None)
        screen = asyncio.run(_lobby_over_ssh(port, key))
        assert "smoke" in screen
        assert server.poll() is None, log.read_text(errors="replace")
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            code = server.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            server.kill()
            raise
    output = log.read_text(errors="replace")
    assert code == 0, output[-3000:]
    assert "Traceback" not in output, output[-3000:]
