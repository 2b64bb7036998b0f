"""The reserve, the supply, the box, and how far off the end of the game is."""

from __future__ import annotations

from collections import Counter
from functools import partial

from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip

from engine.duel import Countdown, GameState, countdown
from engine.duel.tokens import kind_of
from tui.duel.glyphs import ASCII, KIND_STYLES, UNICODE
from tui.i18n import _, current_language, ngettext
from tui.widgets.strips import StripView

_KIND_ORDER = ("obelisk", "temple", "pyramid", "chamber", "action")
# The box is listed by the token codes' families, which fit in one line.
_KIND_SHORT = {"obelisk": "OB", "temple": "T", "pyramid": "P", "chamber": "B", "action": "A"}


class HarborInfo(StripView):
    state: reactive[GameState | None] = reactive(None, repaint=False)
    ascii: reactive[bool] = reactive(False, repaint=False)

    def watch_state(self) -> None:
        self.redraw()

    def watch_ascii(self) -> None:
        self.redraw()

    def lines(self, width: int) -> list[Strip]:
        state = self.state
        if state is None:
            return []
        # Most moves leave the reserve, the supply and the box as they were.
        count = countdown(state)
        key = (
            len(state.reserve),
            len(state.supply),
            state.box,
            count,
            width,
            self.ascii,
            current_language(),
        )
        return self.part(key, partial(self._draw, state, count, width))

    def _draw(self, state: GameState, count: Countdown, width: int) -> list[Text]:
        glyphs = ASCII if self.ascii else UNICODE
        reserve = len(state.reserve)
        refills = len(state.supply) // 3
        reserve_words = (
            (_("Reserve") + " ", "bold"),
            (glyphs.facedown * reserve or _("empty"), "dim"),
            "  ",
            (_("Supply") + " ", "bold"),
        )
        head = Text.assemble(
            *reserve_words,
            ngettext("{tokens} ({count} refill)", "{tokens} ({count} refills)", refills).format(
                tokens=len(state.supply), count=refills
            ),
        )
        if head.cell_len > width:
            # A language whose word for the reserve is long (Russian): the
            # refills are counted again on the Boats line below.
            head = Text.assemble(*reserve_words, str(len(state.supply)))
        kinds = Counter(kind_of(t) for t in state.box)
        # A span, not the Text's own style, so that only the label is bold.
        box = Text.assemble((_("Box"), "bold"))
        # "T 2" read like the temple token 2: a times sign says it is a count.
        times = "x" if self.ascii else "\u00d7"
        for kind in _KIND_ORDER:
            if kinds[kind]:
                box += Text(f"  {_KIND_SHORT[kind]}", style=KIND_STYLES[kind])
                box += f"{times}{kinds[kind]}"
        if not kinds:
            box += Text(" " + _("empty"), style="dim")
        return [head, box, countdown_text(count, width)]


def countdown_text(count: Countdown, width: int) -> Text:
    """How close the end is, in the longest words that fit ``width``."""
    left, boats, end = count.unloads_left, count.boats_in_play, count.boats_at_end
    if left <= 0:
        return Text(_("The game is over."), style="bold")
    if left == 1:
        # Never a surprise: the last unload is announced before it is made.
        return Text(_("The next unload ends the game!"), style="bold reverse")
    label = (_("Boats") + " ", "bold")
    wide = Text.assemble(
        label,
        ngettext(
            "{boats} in play; the game ends at {end}, in {count} unload",
            "{boats} in play; the game ends at {end}, in {count} unloads",
            left,
        ).format(boats=boats, end=end, count=left),
    )
    if wide.cell_len <= width:
        return wide
    return Text.assemble(
        label,
        ngettext(
            "{boats} in play; end in {count} unload",
            "{boats} in play; end in {count} unloads",
            left,
        ).format(boats=boats, count=left),
    )
