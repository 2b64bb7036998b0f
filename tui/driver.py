"""The terminal driver the app runs with: Textual's, made to survive any input.

Textual's Linux driver decodes what the terminal sends as strict UTF-8, in
its input thread, so one byte that is not UTF-8 (a key typed in a Latin-1 or
Latin-2 terminal, 0xFF, a surrogate's encoding, line noise) raises there and
ends the app (Textual issue #6456, open as of Textual 8.2). This driver reads
the same way but turns such bytes into U+FFFD, which no key binding knows.
Remove :class:`ForgivingDriver` once Textual decodes with ``errors=
"replace"`` itself.

It also draws on whichever of standard error and standard output is the
terminal, standard error first as Textual does: with the screen on standard
output, the SSH server can read the app's standard error (a traceback
included) into its own log, where the player never sees it.
"""

from __future__ import annotations

import codecs
import os
import selectors
import sys
from typing import Any

from textual.drivers.linux_driver import LinuxDriver

READ_SIZE = 4096


class ForgivingDriver(LinuxDriver):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not _is_terminal(sys.__stderr__) and _is_terminal(sys.__stdout__):
            self._file = sys.__stdout__

    def run_input_thread(self) -> None:
        # Textual's loop, with a decoder that replaces what is not UTF-8
        # instead of raising (Textual issue #6456).
        from textual._parser import ParseError
        from textual._xterm_parser import XTermParser

        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        parser = XTermParser(self._debug)
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)

        def handle(ready: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> None:
            for number, (_key, mask) in enumerate(ready):
                if not mask & selectors.EVENT_READ:
                    continue
                data = os.read(self.fileno, READ_SIZE)
                text = decoder.decode(data, final=final and number == len(ready) - 1)
                if not text:
                    break  # stdin is a pipe that has ended
                for event in parser.feed(text):
                    self.process_message(event)
            for event in parser.tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                handle(selector.select(0.1))
            selector.unregister(self.fileno)
            handle(selector.select(0.1), final=True)
        finally:
            selector.close()
            try:
                for _event in parser.feed(""):
                    pass
            except (EOFError, ParseError):
                pass


def _is_terminal(stream: Any) -> bool:
    try:
        return stream is not None and bool(stream.isatty())
    except (OSError, ValueError):
        return False
