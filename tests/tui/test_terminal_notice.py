"""A desktop notification goes only to a terminal known to take it, and
carries nothing but its words."""

from __future__ import annotations

import pytest

from tui.terminal_notice import protocol, sequence


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"}, "osc9"),
        ({"LC_TERMINAL": "iTerm2", "TERM": "xterm-256color"}, "osc9"),  # over ssh
        ({"TERM": "xterm-kitty"}, "osc9"),
        ({"TERM": "foot"}, "osc777"),
        ({"TERM": "xterm-ghostty"}, "osc777"),
        ({"TERM_PROGRAM": "WezTerm", "TERM": "xterm-256color"}, "osc777"),
        ({"TERM": "xterm-256color"}, None),
        ({"TERM": "linux"}, None),
        # A multiplexer would not pass it on whole, whatever is outside it.
        ({"TERM": "tmux-256color", "TERM_PROGRAM": "iTerm.app"}, None),
        ({"TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"}, None),
        # The player's word comes first.
        ({"TERM": "xterm-256color", "IMHOTEP_NOTIFY": "osc777"}, "osc777"),
        ({"TERM": "xterm-kitty", "IMHOTEP_NOTIFY": "off"}, None),
        ({"TERM": "xterm-kitty", "IMHOTEP_NOTIFY": "loud"}, None),
    ],
)
def test_the_terminal_decides_the_sequence(env: dict[str, str], expected: str | None) -> None:
    assert protocol(env) == expected


def test_the_sequences_carry_only_clean_words() -> None:
    assert sequence("osc9", "Imhotep", "Your turn") == "\x1b]9;Imhotep: Your turn\x1b\\"
    assert sequence("osc777", "Imhotep", "Your turn") == "\x1b]777;notify;Imhotep;Your turn\x1b\\"
    # A name from the store cannot end the sequence early or add a field.
    sent = sequence("osc777", "Imhotep", "Your turn against \x1b]52;c;bad\x07x;y")
    assert sent.count("\x1b") == 2 and sent.count(";") == 3 and "\x07" not in sent
    # OSC 9 followed by a digit is a ConEmu command.
    assert sequence("osc9", "4;1", "x").startswith("\x1b]9;")
    assert not sequence("osc9", "4;1", "x")[4].isdigit()
