"""A desktop notification through the player's terminal, where it takes one.

Some terminals turn an OSC sequence into a notification of the desktop:
OSC 9 (iTerm2's, which kitty, WezTerm and Ghostty read too) carries one line;
OSC 777 (``notify;title;body``, from rxvt-unicode, which foot, WezTerm and
Ghostty read) a title and a line. A terminal that knows neither ignores a
well-formed OSC sequence, but a multiplexer (tmux, screen) may pass part of
it on, and ConEmu reads ``OSC 9;<digit>`` as commands of its own; so a
sequence is sent only to a terminal known to take it.

Which one that is, the terminal says in its environment: ``TERM_PROGRAM``
locally, ``LC_TERMINAL`` (iTerm2 sets it so that ssh passes it on) or a
``TERM`` of its own (``xterm-kitty``, ``foot``, ``xterm-ghostty``) over SSH,
where the server passes on only what it has checked. ``IMHOTEP_NOTIFY``
(``osc9``, ``osc777`` or ``off``) overrides the guess.

The sequence goes out through Textual's driver, as :meth:`App.bell` does: the
driver's one writer sends it between two whole frames, so it never lands in
the middle of one. Text is cleaned first (:func:`match.clean.clean_text`), and
the separators of the sequence are taken out of it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Literal

from textual.app import App

from match.clean import clean_text

Protocol = Literal["osc9", "osc777"]
SETTING = "IMHOTEP_NOTIFY"
MAX_TEXT = 160
ST = "\x1b\\"  # the string terminator; BEL would ring where the OSC is not read

# TERM_PROGRAM (or LC_TERMINAL) values, and TERM prefixes, of terminals
# known to show a notification for the sequence.
_PROGRAMS: dict[str, Protocol] = {
    "iTerm.app": "osc9",
    "iTerm2": "osc9",
    "WezTerm": "osc777",
    "ghostty": "osc777",
}
_TERMS: tuple[tuple[str, Protocol], ...] = (
    ("xterm-kitty", "osc9"),
    ("xterm-ghostty", "osc777"),
    ("wezterm", "osc777"),
    ("foot", "osc777"),
)
# Multiplexers between the app and the terminal: the guess would be the
# outer terminal's, and the sequence would not reach it whole.
_MULTIPLEXERS = ("screen", "tmux")


def protocol(env: Mapping[str, str] | None = None) -> Protocol | None:
    """The notification sequence this terminal takes, or None for none."""
    env = os.environ if env is None else env
    chosen = env.get(SETTING, "").strip().lower()
    if chosen in ("osc9", "osc777"):
        return chosen  # type: ignore[return-value]
    if chosen:
        return None  # "off", or a word we do not know: send nothing
    term = env.get("TERM", "")
    if term.startswith(_MULTIPLEXERS) or env.get("TMUX"):
        return None
    for name in (env.get("TERM_PROGRAM", ""), env.get("LC_TERMINAL", "")):
        if name in _PROGRAMS:
            return _PROGRAMS[name]
    for prefix, found in _TERMS:
        if term.startswith(prefix):
            return found
    return None


def _part(text: str) -> str:
    # ';' separates the fields of OSC 777; a leading digit could read as a
    # ConEmu command in OSC 9.
    return clean_text(text, MAX_TEXT).replace(";", ",").lstrip("0123456789 ")


def sequence(kind: Protocol, title: str, body: str) -> str:
    """The escape sequence that shows ``title`` and ``body``."""
    if kind == "osc9":
        return f"\x1b]9;{_part(f'{title}: {body}')}{ST}"
    return f"\x1b]777;notify;{_part(title)};{_part(body)}{ST}"


def notify_terminal(app: App[Any], title: str, body: str, kind: Protocol | None) -> bool:
    """Send the notification to the terminal of ``app``; whether it was sent."""
    driver = app._driver  # as App.bell reaches it: Textual has no public door
    if kind is None or app.is_headless or driver is None:
        return False
    driver.write(sequence(kind, title, body))
    return True
