"""A one-line prompt on a raw SSH channel, for a first visitor's name.

The SSH session has no line discipline of its own (the pty belongs to the
app, which is not started yet), so this reads keystrokes itself: printable
characters are echoed, Backspace erases, Enter submits, Ctrl-C or Ctrl-D
gives up, and escape sequences (arrows, function keys) are skipped whole.
"""

from __future__ import annotations

import codecs
import enum

MAX_LINE = 64


class _Mode(enum.Enum):
    TEXT = enum.auto()
    ESCAPE = enum.auto()  # after ESC
    CSI = enum.auto()  # inside ESC [ ... or ESC O ...


class LineReader:
    """Feed raw bytes; get back what to echo and, on Enter, the line."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="ignore")
        self._text: list[str] = []
        self._mode = _Mode.TEXT
        self.cancelled = False

    def feed(self, data: bytes) -> tuple[str, str | None]:
        """The echo for ``data`` and the finished line (None while typing).

        Bytes after Enter in the same chunk are dropped: the prompt is done.
        """
        echo: list[str] = []
        for char in self._decoder.decode(data):
            if self._mode is _Mode.ESCAPE:
                self._mode = _Mode.CSI if char in "[O" else _Mode.TEXT
                continue
            if self._mode is _Mode.CSI:
                if "\x40" <= char <= "\x7e":
                    self._mode = _Mode.TEXT
                continue
            if char == "\x1b":
                self._mode = _Mode.ESCAPE
            elif char in "\r\n":
                echo.append("\r\n")
                return "".join(echo), "".join(self._text)
            elif char in "\x03\x04":
                self.cancelled = True
                echo.append("\r\n")
                return "".join(echo), None
            elif char in "\x7f\x08":
                if self._text:
                    self._text.pop()
                    echo.append("\b \b")
            elif char == "\x15":  # Ctrl-U: erase the line
                echo.append("\b \b" * len(self._text))
                self._text.clear()
            elif char.isprintable() and len(self._text) < MAX_LINE:
                self._text.append(char)
                echo.append(char)
        return "".join(echo), None
