"""An app process under its own pseudo-terminal, bridged to callbacks.

The child gets the terminal's slave side as its controlling terminal (so the
kernel sends it SIGWINCH when the size changes, as a local terminal would),
runs in a session of its own (so a signal meant for it never reaches the
server), and is ended the way a real terminal ends a program: a hangup first,
then harder signals if it does not go. Its standard error is not the
terminal but a pipe the server reads into its own log, so that what a
failing app prints (a traceback, with the server's paths) never reaches the
player; the app draws on its standard output (tui.driver).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import signal
import struct
import termios
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

# A window is clamped to this: Textual draws every cell, and a client that
# claims 10,000x10,000 would make each frame a hundred million cells.
MAX_COLS = 400
MAX_ROWS = 200
DEFAULT_SIZE = (80, 24)
# Keystrokes waiting for a child that does not read: beyond this the SSH
# channel stops reading, so a flood cannot grow the server's memory.
INPUT_HIGH_WATER = 64 * 1024
READ_CHUNK = 64 * 1024
# What one app may put in the server's log through its standard error; the
# rest is read and dropped, so that an app that loops on an error cannot
# fill the server's disk.
MAX_ERROR_BYTES = 64 * 1024
MAX_ERROR_LINE = 1024


def clamp_size(cols: int, rows: int) -> tuple[int, int]:
    """A window size the app can draw: absurd or missing values made sane."""
    if cols <= 0 or rows <= 0:
        return DEFAULT_SIZE
    return min(cols, MAX_COLS), min(rows, MAX_ROWS)


def _set_size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def _keys_stay_keys(fd: int) -> None:
    """No key typed on this terminal may signal or freeze the app.

    A new pty turns ctrl-c, ctrl-\\ and ctrl-z into SIGINT, SIGQUIT and
    SIGTSTP for the app, and ctrl-s into a pause of its output, until the app
    puts the terminal in raw mode itself, a second or so after it starts.
    Keys a player presses while the app is still starting (or mashes to
    leave) would end it. With these off from the start every key is only
    input, and the app alone decides when the session ends.
    """
    attrs = termios.tcgetattr(fd)
    attrs[0] &= ~(termios.IXON | termios.IXOFF)  # iflag: ctrl-s / ctrl-q
    attrs[3] &= ~(termios.ISIG | termios.IEXTEN)  # lflag: signal keys, ctrl-v / ctrl-o
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


def _take_terminal() -> None:
    # Runs in the child after setsid(): make the pty (its stdin) the
    # controlling terminal, so size changes arrive as SIGWINCH.
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class ChildTerminal:
    """One app process and the master side of its pseudo-terminal."""

    def __init__(
        self,
        process: asyncio.subprocess.Process,
        master: int,
        on_output: Callable[[bytes], None],
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        self.process = process
        self._master: int | None = master
        self._on_output = on_output
        self._pending = bytearray()
        self._reading = False
        self._writing = False
        self._paused = False
        self._loop = asyncio.get_running_loop()
        self.on_input_drained: Callable[[], None] | None = None
        # Set once the app's last output has been read (or can never be).
        self.output_done = asyncio.Event()
        self._resume_reading()
        self.errors_done: asyncio.Future[None] | None = None
        if process.stderr is not None:
            self.errors_done = asyncio.ensure_future(
                _pass_errors(process.stderr, on_error or (lambda line: None))
            )

    @classmethod
    async def start(
        cls,
        argv: Sequence[str],
        *,
        env: Mapping[str, str],
        cwd: Path,
        size: tuple[int, int],
        on_output: Callable[[bytes], None],
        on_error: Callable[[str], None] | None = None,
    ) -> ChildTerminal:
        """Start ``argv`` under a new pty; each line it writes to standard
        error goes to ``on_error`` (the terminal, if None)."""
        master, slave = os.openpty()
        try:
            cols, rows = clamp_size(*size)
            _set_size(slave, cols, rows)
            _keys_stay_keys(slave)
            os.set_blocking(master, False)
            process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=slave,
                stdout=slave,
                stderr=slave if on_error is None else asyncio.subprocess.PIPE,
                env=dict(env),
                cwd=cwd,
                start_new_session=True,
                # preexec_fn runs after setsid(); only an ioctl, no Python
                # imports or locks, so it is safe in a threaded parent.
                preexec_fn=_take_terminal,
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        return cls(process, master, on_output, on_error)

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def input_backlog(self) -> int:
        return len(self._pending)

    def resize(self, cols: int, rows: int) -> None:
        if self._master is None:
            return
        cols, rows = clamp_size(cols, rows)
        with contextlib.suppress(OSError):
            _set_size(self._master, cols, rows)

    def write(self, data: bytes) -> None:
        """Send keystrokes to the app; what the pty cannot take now waits."""
        if self._master is None or not data:
            return
        self._pending += data
        self._flush()

    def pause_output(self) -> None:
        """The SSH side is full: stop reading the app until it drains."""
        self._paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        self._paused = False
        self._resume_reading()

    async def stop(self, grace: float = 2.0) -> int | None:
        """End the app (hangup, then SIGTERM, then SIGKILL); its exit status.

        What the app wrote before it went is passed on before ``output_done``
        is set, so that whoever waits for it writes after the app's last
        byte (the terminal's restore must come last, never in the middle of a frame).
        """
        for sig in (signal.SIGHUP, signal.SIGTERM, signal.SIGKILL):
            if self.process.returncode is not None:
                break
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, sig)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self.process.wait()), grace)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.process.wait(), grace)
        self._drain()
        self._close_master()
        return self.process.returncode

    # --- the master side ------------------------------------------------------

    def _resume_reading(self) -> None:
        if self._master is not None and not self._reading and not self._paused:
            self._loop.add_reader(self._master, self._read_ready)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._master is not None and self._reading:
            self._loop.remove_reader(self._master)
        self._reading = False

    def _read_ready(self) -> None:
        if self._master is None:
            return
        try:
            data = os.read(self._master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:
            # EIO: every process holding the slave side has gone.
            data = b""
        if not data:
            self._close_master()
            return
        self._on_output(data)

    def _drain(self) -> None:
        """Pass on what is left in the pty, whether or not output is paused:
        the app is gone, so this is at most the pty's buffer."""
        while self._master is not None:
            try:
                data = os.read(self._master, READ_CHUNK)
            except OSError:
                # EAGAIN: nothing more; EIO: the slave side is closed and empty.
                return
            if not data:
                return
            self._on_output(data)

    def _flush(self) -> None:
        if self._master is None:
            return
        while self._pending:
            try:
                written = os.write(self._master, self._pending[:READ_CHUNK])
            except BlockingIOError:
                break
            except OSError as exc:
                if exc.errno == errno.EINTR:
                    continue
                self._pending.clear()
                break
            del self._pending[:written]
        if self._pending and not self._writing:
            self._loop.add_writer(self._master, self._flush)
            self._writing = True
        elif not self._pending:
            if self._writing:
                self._loop.remove_writer(self._master)
                self._writing = False
            if self.on_input_drained is not None:
                self.on_input_drained()

    def _close_master(self) -> None:
        self.output_done.set()
        if self._master is None:
            return
        self._stop_reading()
        if self._writing:
            self._loop.remove_writer(self._master)
            self._writing = False
        self._pending.clear()
        with contextlib.suppress(OSError):
            os.close(self._master)
        self._master = None


async def _pass_errors(stream: asyncio.StreamReader, report: Callable[[str], None]) -> None:
    """Each line of ``stream`` to ``report``, up to MAX_ERROR_BYTES in all."""
    told = 0
    pending = b""
    while chunk := await stream.read(READ_CHUNK):
        pending += chunk
        *lines, pending = pending.split(b"\n")
        if len(pending) > MAX_ERROR_LINE:
            lines.append(pending)
            pending = b""
        for line in lines:
            if told < MAX_ERROR_BYTES:
                report(line[:MAX_ERROR_LINE].decode("utf-8", "replace").rstrip())
            told += len(line) + 1
    if pending and told < MAX_ERROR_BYTES:
        report(pending[:MAX_ERROR_LINE].decode("utf-8", "replace").rstrip())
        told += len(pending)
    if told > MAX_ERROR_BYTES:
        report(f"(and {told - MAX_ERROR_BYTES} more bytes, not logged)")
