"""The one cleaner of text read from elsewhere (match.clean)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from match.clean import MAX_NAME, clean_name, clean_text

ESC = "\x1b"


@pytest.mark.parametrize(
    ("stored", "shown"),
    [
        # OSC 52 (clipboard), ended by BEL or by ST, and a window title.
        (f"Bob{ESC}]52;c;SGVsbG8=\x07!", "Bob!"),
        (f"Bob{ESC}]52;c;SGVsbG8={ESC}\\!", "Bob!"),
        (f"{ESC}]0;pwned\x07Bob", "Bob"),
        # An OSC that never ends takes the rest with it, as a terminal would.
        (f"Bob{ESC}]0;pwned", "Bob"),
        # Cursor moves, erasing, colours: CSI with its parameters, 7- and 8-bit.
        (f"Bob{ESC}[5A{ESC}[2J{ESC}[1;31mred{ESC}[0m", "Bobred"),
        ("Bob\x9b5Ax", "Bobx"),
        # DCS, APC and the short escapes (charset, keypad, reset).
        (f"a{ESC}Pq#0;2;0;0;0{ESC}\\b{ESC}_x{ESC}\\c", "abc"),
        (f"a{ESC}(0b{ESC}=c{ESC}cd", "abcd"),
        # C0 and C1 controls go; line breaks and tabs become spaces.
        ("a\x00b\x07c\x08d\x7fe\x9cf", "abcdef"),
        ("one\ntwo\tthree\rfour\x85five", "one two three four five"),
        ("a\u2028b\u2029c", "a b c"),
        # Bidi overrides and isolates, zero-width and other format characters.
        ("\u202eevil\u202c", "evil"),
        ("\u2066a\u2067b\u2068c\u2069", "abc"),
        ("a\u200bb\u200dc\ufeffd\u00ade", "abcde"),
        # Lone surrogates, private use, unassigned.
        ("a\ud800b\udfffc", "abc"),
        ("a\ue000b\U0010fffdc\U000e0001d", "abcd"),
        # Letters of any script stay, composed (NFC).
        ("Ádám Ёжик Ζωή", "Ádám Ёжик Ζωή"),
        ("A\u0301", "Á"),
    ],
)
def test_clean_text(stored: str, shown: str) -> None:
    assert clean_text(stored, 100) == shown


def test_stacked_marks_are_cut_short() -> None:
    zalgo = "q" + "\u0301" * 50 + "b"  # no letter q with an accent to compose into
    cleaned = clean_text(zalgo, 100)
    assert cleaned.startswith("q") and cleaned.endswith("b")
    assert sum(unicodedata.category(c) == "Mn" for c in cleaned) <= 3
    # A mark with nothing under it is dropped.
    assert clean_text("\u0301x", 10) == "x"


def test_length_is_capped_even_for_huge_text() -> None:
    assert clean_text("x" * 10_000_000, 24) == "x" * 24
    assert len(clean_name("y" * 1000, "?")) == MAX_NAME


def test_clean_name_keeps_one_line_and_falls_back() -> None:
    assert clean_name("  Ann \n  Lee ", "?") == "Ann Lee"
    assert clean_name(f"{ESC}]0;title\x07", "Player 1") == "Player 1"
    assert clean_name("\u202e\u200b", "?") == "?"


@given(st.text(max_size=200))
def test_nothing_a_terminal_acts_on_survives(text: str) -> None:
    cleaned = clean_text(text, 64)
    assert len(cleaned) <= 64
    cleaned.encode("utf-8")  # no lone surrogate is left to make this raise
    for char in cleaned:
        assert unicodedata.category(char)[0] != "C", repr(char)
        assert char == " " or not char.isspace()
    assert clean_text(cleaned, 64) == cleaned
