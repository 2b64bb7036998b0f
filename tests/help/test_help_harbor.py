"""The harbor topic names every token code the board shows, from the one table."""

from __future__ import annotations

import re

from engine.duel.tokens import ALL_CODES, TOKEN_NAMES
from tui.duel.help.topics import topic_markdown
from tui.duel.token_words import ACTION_KEY, LEGEND, SHORT_LEGEND, SHORT_WIDTH, short_words


def _covered(codes: str) -> set[str]:
    """The codes a legend row stands for: one code, or a range such as B1-B12."""
    first, _, last = codes.partition("-")
    if not last:
        return {codes}
    head = first.rstrip("0123456789")
    low, high = int(first[len(head) :]), int(last[len(head) :])
    return {f"{head}{n}" for n in range(low, high + 1)}


def test_the_legend_covers_every_code_once() -> None:
    for legend in (LEGEND, SHORT_LEGEND):
        seen = [code for codes, _ in legend for code in _covered(codes)]
        assert sorted(seen) == sorted(ALL_CODES)


def test_the_harbor_topic_lists_every_code_with_its_name() -> None:
    text = topic_markdown("harbor")
    rows = dict(re.findall(r"^\| `([^`]+)` \| (.+) \|$", text, flags=re.MULTILINE))
    assert {code for codes in rows for code in _covered(codes)} == set(ALL_CODES)
    for code in ("OB", "PL", "PD", "AT", "AP", "AU", "AS"):
        # The names players meet in the rules and the log.
        assert TOKEN_NAMES[code] in rows[code]


def test_every_token_spells_out_within_a_slot() -> None:
    for code in ALL_CODES:
        words = short_words(code)
        assert 1 <= len(words) <= 2
        assert all(0 < len(line) <= SHORT_WIDTH for line in words), code


def test_the_action_key_fits_the_small_harbor_corner() -> None:
    # The corner is 15 cells wide, and one is kept free before the column boats.
    assert all(len(f"{code} {words}") <= 14 for code, words in ACTION_KEY)
