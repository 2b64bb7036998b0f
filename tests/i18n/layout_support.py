"""Reading a screen as a player reads it: its words, and what did not fit.

A word cut by the edge of a box ("Ableg" for "Ablegen"), folded onto the next
line, or shortened with an ellipsis is no word of the language. So every run
of letters on the screen must be a word of the vocabulary: the words of the
language's catalog and of the English it is translated from, with the names,
codes and key letters the game shows. Words can also be lost whole: a line of
text below the bottom of its box, a key pushed off the end of the key bar.
Those are found by comparing what each widget holds with what it shows.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from i18n_support import ROOT, ids, messages, read_catalog, strings
from rich.cells import cell_len
from textual.app import App
from textual.geometry import Region
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Label, Static
from textual.widgets._toast import Toast

from engine.duel.tokens import ALL_CODES
from tui.widgets.keybar import KeyBar
from tui.widgets.line import Line

# A maximal run of letters, in any script.
WORD = re.compile(r"[^\W\d_]+")
# Text cut short with an ellipsis, and the word before it.
ELLIPSIS = re.compile(r"\S*\u2026")
# Textual's own ellipses, written on purpose (the command palette's prompt).
ELLIPSES_OF_TEXTUAL = frozenset({"commands\u2026"})


def words_of(text: str) -> list[str]:
    return WORD.findall(text)


DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def source_strings() -> list[str]:
    """The string literals of the game's code, docstrings left out.

    English the catalogs do not hold yet (a screen still to be marked for
    translation) is English, not a cut word.
    """
    texts = []
    for package in ("engine", "ai", "match", "tui", "server", "cli"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {
                id(node.body[0].value)
                for node in ast.walk(tree)
                if isinstance(node, DOCUMENTED)
                and node.body
                and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant)
            }
            texts.extend(
                node.value
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
            )
    return texts


@cache
def vocabulary(language: str, extra: tuple[str, ...] = ()) -> frozenset[str]:
    """Every word the game may show in ``language``, in lower case.

    English is always in: the catalogs translate from it, player names and
    notation are written in Latin letters, and a screen not translated yet is
    better in English than cut.
    """
    texts: list[str] = []
    for code in ("hu", "de", "ru"):
        for message in messages(read_catalog(code)):
            texts.extend(ids(message))
            if code == language:
                texts.extend(strings(message))
    texts.extend(source_strings())
    texts.extend(ALL_CODES)
    texts.extend(extra)
    words = {word.casefold() for text in texts for word in words_of(text)}
    # Single Latin letters are keys (q, n, x) and notation (R1, C3, P2).
    words.update("abcdefghijklmnopqrstuvwxyz")
    return frozenset(words)


@dataclass(frozen=True)
class Problem:
    where: str  # language and screen
    what: str
    line: str

    def __str__(self) -> str:
        return f"[{self.where}] {self.what}\n    | {self.line}"


def screen_lines(app: App[object]) -> list[str]:
    """The text of every cell of the terminal, line by line, as drawn last."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def region_text(lines: list[str], region: Region) -> list[str]:
    """The text of ``lines`` inside ``region`` (cells, so wide characters count twice)."""
    shown = []
    for y in range(max(0, region.y), min(len(lines), region.bottom)):
        shown.append(_cells(lines[y], region.x, region.right))
    return shown


def _cells(line: str, start: int, end: int) -> str:
    out, x = [], 0
    for char in line:
        width = cell_len(char)
        if x >= start and x + width <= end:
            out.append(char)
        x += width
    return "".join(out)


def cut_words(lines: list[str], vocabulary: frozenset[str]) -> list[tuple[int, str]]:
    """(line number, word) for each run of letters that is no known word, and
    for each text shortened with an ellipsis (no catalog writes one)."""
    found = []
    for number, line in enumerate(lines):
        found.extend((number, w) for w in words_of(line) if w.casefold() not in vocabulary)
        found.extend((number, c) for c in ELLIPSIS.findall(line) if c not in ELLIPSES_OF_TEXTUAL)
    return found


def _scrolls(widget: Widget) -> bool:
    """Whether ``widget`` sits in a box the player can scroll to see it all."""
    for node in widget.ancestors:
        if isinstance(node, Widget) and (
            node.allow_vertical_scroll or node.allow_horizontal_scroll
        ):
            return True
    return False


def _on_show(widget: Widget) -> bool:
    """Whether ``widget`` is meant to be seen: it and every box around it are
    displayed (a row hidden on purpose hides its fields too)."""
    nodes = [widget, *(node for node in widget.ancestors if isinstance(node, Widget))]
    return widget.visible and all(node.display for node in nodes)


def _held_text(widget: Widget) -> str | None:
    """The whole text a widget would show with room enough, if it is a text widget."""
    if isinstance(widget, Line):
        text = widget.text
        if isinstance(text, tuple):
            # The guide drops whole sentences that do not fit (by design); the
            # first must show.
            return text[0] if text else ""
        return widget.plain
    if isinstance(widget, Static | Label):
        return str(getattr(widget.visual, "plain", ""))
    if isinstance(widget, Button):
        return str(getattr(widget.label, "plain", widget.label))
    return None


def overlays(screen: Screen[object]) -> list[Widget]:
    """What is drawn over the screen's own widgets: an open drop-down, a notification."""
    return [
        widget
        for widget in screen.query("*")
        if (widget.styles.overlay == "screen" or isinstance(widget, Toast))
        and widget.display
        and widget.region.area
    ]


def _only(lines: list[str], regions: list[Region], *, rows: bool) -> list[str]:
    """The text of ``lines`` inside ``regions``, each region's part apart.

    With ``rows``, lines that no region reaches are kept whole: a word half
    hidden under an open drop-down or a dialog is no fault of its own box,
    but the rest of the screen still counts.
    """
    out = []
    for y, line in enumerate(lines):
        beside = sorted((r for r in regions if r.y <= y < r.bottom), key=lambda r: r.x)
        if not beside:
            out.append(line if rows else "")
            continue
        out.append(" ".join(_cells(line, r.x, r.right) for r in beside))
    return out


def check_screen(app: App[object], where: str, vocabulary: frozenset[str]) -> list[Problem]:
    """Everything on the app's screen that a player cannot read whole."""
    screen: Screen[object] = app.screen
    lines = screen_lines(app)
    size = app.size
    full = Region(0, 0, size.width, size.height)
    on_top = overlays(screen)
    covers = [widget.region for widget in on_top]
    readable = _only(lines, covers, rows=True)
    if isinstance(screen, ModalScreen):
        # A dialog over another screen: what shows of that screen beside it
        # is cut by the dialog's edge, as it should be.
        dialog = [child.region for child in screen.children if child.display]
        readable = _only(readable, dialog + covers, rows=False)
    problems = [
        Problem(where, f"cut or unknown word {word!r} (line {number + 1})", lines[number])
        for number, word in cut_words(readable, vocabulary)
    ]
    for widget in screen.query("*"):
        if not _on_show(widget) or _scrolls(widget):
            continue
        under = not any(widget is top or top in widget.ancestors for top in on_top)
        if under and any(widget.region.overlaps(region) for region in covers):
            continue
        if isinstance(widget, KeyBar):
            problems.extend(_check_key_bar(widget, lines, full, where))
            continue
        held = _held_text(widget)
        if not held or not held.strip():
            continue
        region = widget.content_region.intersection(full)
        shown = set(words_of(" ".join(region_text(lines, region))))
        lost = [word for word in words_of(held) if word not in shown]
        if lost:
            name = widget.id or type(widget).__name__
            visible = "\n    | ".join(region_text(lines, region)) or "(nothing)"
            problems.append(
                Problem(
                    where,
                    f"{name} does not show {' '.join(lost)!r} of {held!r}; it shows",
                    visible,
                )
            )
    return problems


def _check_key_bar(bar: KeyBar, lines: list[str], full: Region, where: str) -> list[Problem]:
    region = bar.region
    if not full.contains_region(region) or region.height < 1:
        return [Problem(where, f"the key bar is outside the screen at {region}", "")]
    line = region_text(lines, region)[0]
    problems = []
    optional = getattr(bar.screen, "OPTIONAL_KEYS", frozenset())
    shown = bar.shown_entries
    for entry in bar._entries:
        key, description, _enabled, action = entry
        if entry not in shown and action in optional:
            continue  # left out on purpose, for the others' room
        if f" {key} {description} " not in line + " ":
            problems.append(Problem(where, f"key {key} {description!r} is not whole", line))
    return problems


def all_problems(groups: Iterable[list[Problem]]) -> str:
    return "\n".join(str(problem) for group in groups for problem in group)
