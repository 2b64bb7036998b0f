"""The token codes in words, where the window leaves room for them.

At 80x24 the harbor's corner names the token under the cursor; a larger window
has rows to spare below the players' panels, and there this key lists every
code, one to a line when the rows allow, else packed several to a line.
"""

from __future__ import annotations

from rich.text import Text
from textual.strip import Strip

from tui.duel.glyphs import token_style
from tui.duel.token_words import legend, short_legend
from tui.i18n import _, current_language
from tui.widgets.strips import StripView

_GAP = "   "


def _entry(codes: str, words: str) -> Text:
    # A range such as T1-T4 is coloured like its first token.
    return Text.assemble((codes, token_style(codes.split("-")[0])), f" {words}")


def legend_lines(width: int, height: int) -> list[Text]:
    """The key in at most ``height`` lines of ``width`` cells (the shortest form if none fits)."""
    full = legend()
    if height >= len(full) + 1:
        entries = [_entry(codes, words) for codes, words in full]
        if all(entry.cell_len <= width for entry in entries):
            return [Text(_("Token codes"), style="bold"), *entries]
    lines: list[Text] = []
    for codes, words in short_legend():
        entry = _entry(codes, words)
        if lines and lines[-1].cell_len + len(_GAP) + entry.cell_len <= width:
            lines[-1] += Text(_GAP) + entry
        else:
            lines.append(entry)
    if len(lines) < height:
        lines.insert(0, Text(_("Token codes"), style="bold"))
    return lines


class Legend(StripView):
    """Every token code and what it stands for."""

    def lines(self, width: int) -> list[Strip]:
        height = self.content_size.height
        return self.part(
            ("legend", current_language(), width, height), lambda: legend_lines(width, height)
        )
