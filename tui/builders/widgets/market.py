"""The market: its face-up cards by position, and the deck's size."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from engine.builders import EMPTY, MARKET, GameState
from engine.builders.cards import CARD_KIND
from engine.builders.words import card_name
from tui.builders.glyphs import card_code
from tui.builders.help.cards import card_effect
from tui.builders.keys import SITE_KEYS
from tui.builders.marks import NO_MARKS, Marks
from tui.builders.widgets.base import BoardPart, Hit, Target, fit, row
from tui.i18n import _, ngettext, tr


class MarketView(BoardPart):
    """One line per position: its number, the card's code and its name.

    While a stone's owner chooses a card, the cards on offer are green and the
    digit or a click takes one; otherwise a click chooses the market as a site.
    """

    COMPONENT_CLASSES = {"market--legal", "market--cursor"}  # noqa: RUF012

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="board-part site")
        self.state: GameState | None = None
        self.marks = NO_MARKS
        self.deck = 0

    def show(self, state: GameState, marks: Marks, deck: int) -> None:
        self.state, self.marks, self.deck = state, marks, deck
        docked = [i for i, site in enumerate(state.docked) if site == MARKET]
        deck_words = ngettext("deck {count}", "deck {count}", deck).format(count=deck)
        if docked:
            arrow = self.glyphs.docked.replace("->", "<-").replace("→", "←")
            deck_words = f"{arrow} {docked[0] + 1}  {deck_words}"
        self.set_borders(_("{key} Market").format(key=SITE_KEYS[MARKET]), deck_words)
        self.set_class(MARKET in marks.sites, "-legal")
        self.set_class(marks.preview_key is not None and marks.preview_key[1] == MARKET, "-preview")
        self.redraw()

    def whole_target(self) -> Target | None:
        return ("site", MARKET)

    def look(self) -> Hashable:
        state = self.state
        if state is None:
            return None
        marks = self.marks
        return (state.market, marks.takes, marks.cursor, marks.at_market, self.roomy)

    @property
    def roomy(self) -> bool:
        """Whether each card's effect fits under its name (a tall window)."""
        state = self.state
        return state is not None and self.content_size.height >= 2 * len(state.market)

    def draw(self, width: int) -> tuple[list[Text], list[Hit]]:
        state, marks = self.state, self.marks
        if state is None:
            return [], []
        lines: list[Text] = []
        hits: list[Hit] = []
        for position, card in enumerate(state.market):
            head = Text(f"{position + 1} ", style="bold")
            if card == EMPTY:
                line = row(head, Text(self.glyphs.taken, style="dim"))
            else:
                line = row(head, card_code(card), " ", tr(card_name(card)))
            if marks.at_market and marks.cursor == (0, position):
                line.stylize(self.style_of("market--cursor"))
            elif position in marks.takes:
                line.stylize(self.style_of("market--legal"), 0, 2)
            hits.append(Hit(len(lines), 0, width, ("card", position)))
            lines.append(fit(line, width, self.glyphs.more))
            if self.roomy:
                effect = card_effect(CARD_KIND[card]) if card != EMPTY else ""
                hits.append(Hit(len(lines), 0, width, ("card", position)))
                lines.append(fit(Text("  " + effect, style="dim"), width, self.glyphs.more))
        return lines, hits
