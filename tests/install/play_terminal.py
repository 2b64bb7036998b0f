"""A program under a pseudo-terminal, its screen read through ``pyte``.

The installed app needs a real terminal; this gives it one of 80x24 and keeps
what it drew, so a test reads the screen as a player would. Waits poll with
a generous deadline: on a loaded machine an app may take seconds to start.
"""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pyte

WAIT = 60.0  # seconds: an upper bound, never a measure


class PtyApp:
    def __init__(
        self, args: list[str], env: dict[str, str], cwd: Path, cols: int = 80, rows: int = 24
    ) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self._screen = pyte.Screen(cols, rows)
        self._stream = pyte.ByteStream(self._screen)
        self._lock = threading.Lock()
        self._master = master
        self.process = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, start_new_session=True
        )
        os.close(slave)
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        while True:
            try:
                data = os.read(self._master, 65536)
            except OSError:
                return
            if not data:
                return
            with self._lock:
                self._stream.feed(data)

    def text(self) -> str:
        with self._lock:
            return "\n".join(self._screen.display)

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        if self.alive():
            self.process.kill()
        self.process.wait(timeout=WAIT)
        os.close(self._master)


def wait_for(condition: Callable[[], bool], what: str, app: PtyApp | None) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if app is not None and not app.alive():
            raise AssertionError(f"the program ended before {what}:\n{app.text()}")
        if time.monotonic() > deadline:
            shown = app.text() if app is not None else ""
            raise AssertionError(f"timed out waiting for {what}\n{shown}")
        time.sleep(0.1)
