"""The reserve, the supply and the box."""

from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from engine import GameState
from engine.tokens import kind_of
from tui.glyphs import ASCII, KIND_STYLES, UNICODE

_KIND_ORDER = ("obelisk", "temple", "pyramid", "chamber", "action")
# The box is listed by the token codes' families, which fit in one line.
_KIND_SHORT = {"obelisk": "OB", "temple": "T", "pyramid": "P", "chamber": "B", "action": "A"}


class HarborInfo(Widget):
    state: reactive[GameState | None] = reactive(None)
    ascii: reactive[bool] = reactive(False)

    def render(self) -> Text:
        state = self.state
        if state is None:
            return Text("")
        glyphs = ASCII if self.ascii else UNICODE
        reserve = len(state.reserve)
        refills = len(state.supply) // 3
        head = Text.assemble(
            ("Reserve ", "bold"),
            (glyphs.facedown * reserve or "empty", "dim"),
            "  ",
            ("Supply ", "bold"),
            f"{len(state.supply)} ({refills} refill{'s' if refills != 1 else ''})",
        )
        kinds = Counter(kind_of(t) for t in state.box)
        box = Text("Box", style="bold")
        for kind in _KIND_ORDER:
            if kinds[kind]:
                box += Text(f"  {_KIND_SHORT[kind]} ", style=KIND_STYLES[kind])
                box += str(kinds[kind])
        if not kinds:
            box += Text(" empty", style="dim")
        return Text("\n").join([head, box])
