"""A program under a pseudo-terminal of the test's own, and the bytes a bad
terminal can send it.

:class:`PtyProgram` is what a person at a terminal has: it starts a command
(the app, or the system's ``ssh`` client) on a new pty, feeds everything the
command draws into a ``pyte`` screen, and writes bytes as keys.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import random
import struct
import subprocess
import termios
from collections.abc import Iterator, Mapping, Sequence

import pyte
from ssh_support import WAIT, wait_until

# The app's own ways out, which end it as asked: sent last (quit_at_last).
QUIT_KEYS = (b"q", b"\x11")  # the start screen's q, and ctrl+q anywhere

# Bytes no UTF-8 decoder accepts: stray and truncated bytes, overlong forms
# of "/" and of NUL, UTF-16 surrogates (each half, and a pair), a code point
# above U+10FFFF, and the old five- and six-byte forms.
BAD_SEQUENCES = (
    b"\xff",
    b"\xfe",
    b"\xa1",
    b"\x80",
    b"\xc3",
    b"\xc3a",
    b"\xe2\x82",
    b"\xc0\xaf",
    b"\xe0\x80\xaf",
    b"\xf0\x80\x80\xaf",
    b"\xc0\x80",
    b"\xed\xa0\x80",
    b"\xed\xbf\xbf",
    b"\xed\xa0\xbd\xed\xb8\x80",
    b"\xf4\x90\x80\x80",
    b"\xf8\x88\x80\x80\x80",
    b"\xfc\x84\x80\x80\x80\x80",
)


def single_bytes() -> Iterator[bytes]:
    """Every byte 0x00-0xFF on its own, but the app's quit keys."""
    return (bytes([value]) for value in range(256) if bytes([value]) not in QUIT_KEYS)


def random_paste(size: int, seed: int = 32) -> bytes:
    """``size`` random bytes as a terminal pastes them: between the bracketed
    paste marks the app asks for. ESC is left out, so that no random run of
    bytes can end the paste early and turn the rest into keys."""
    rng = random.Random(seed)
    body = bytes(rng.randrange(256) for _ in range(size)).replace(b"\x1b", b"?")
    return b"\x1b[200~" + body + b"\x1b[201~"


class PtyProgram:
    """A command on a new pseudo-terminal, as a person's terminal runs it."""

    def __init__(self, process: subprocess.Popen[bytes], master: int, cols: int, rows: int):
        self.process = process
        self.master = master
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(master, self._read)
        self._open = True

    @classmethod
    async def start(
        cls,
        argv: Sequence[str],
        env: Mapping[str, str],
        cols: int = 80,
        rows: int = 24,
    ) -> PtyProgram:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        try:
            process = subprocess.Popen(
                list(argv),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=dict(env),
                start_new_session=True,
                close_fds=True,
            )
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        return cls(process, master, cols, rows)

    def _read(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if not data:
            self._loop.remove_reader(self.master)
            self._open = False
            return
        self.raw += data
        self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, text: str, timeout: float = WAIT) -> None:
        try:
            await wait_until(lambda: text in self.text(), repr(text), timeout)
        except AssertionError:
            raise AssertionError(
                f"timed out waiting for {text!r}; the screen shows:\n{self.text()}"
            ) from None

    async def send(self, data: bytes) -> None:
        """Type ``data``, as fast as the terminal takes it."""
        view = memoryview(data)
        while view:
            try:
                written = os.write(self.master, view[:4096])
            except BlockingIOError:
                await asyncio.sleep(0.005)
                continue
            view = view[written:]
            await asyncio.sleep(0)

    async def exit_status(self, timeout: float = WAIT) -> int:
        await wait_until(lambda: self.process.poll() is not None, "the program to end", timeout)
        # What it drew last, before the pty closed.
        await wait_until(lambda: not self._open, "the terminal to close", timeout)
        status = self.process.returncode
        assert status is not None
        return status

    def close(self) -> None:
        if self._open:
            self._loop.remove_reader(self.master)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


async def run_the_gauntlet(program: PtyProgram) -> None:
    """A 1 MB random paste, every bad sequence, then every single byte, each
    a little apart so that it arrives alone (a lone ESC is a key of its own)."""
    await program.send(random_paste(1024 * 1024))
    for sequence in BAD_SEQUENCES:
        await program.send(sequence)
        await asyncio.sleep(0.02)
    for byte in single_bytes():
        await program.send(byte)
        await asyncio.sleep(0.02)


async def quit_at_last(program: PtyProgram) -> int:
    """The quit keys, the last bytes of all, until one ends the app (q only
    quits on the start screen); the program's exit status."""
    for key in QUIT_KEYS:
        if program.process.poll() is not None:
            break
        await program.send(key)
        with contextlib.suppress(AssertionError):
            await wait_until(lambda: program.process.poll() is not None, "the app to quit", 5)
    return await program.exit_status()
