"""This round's four ships: their slots, minimum loads, and where each sailed."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text

from engine.builders import EMPTY, GameState
from engine.builders.sites import MIN_LOAD, ROUNDS
from engine.builders.words import site_name
from tui.builders.glyphs import stone_or_empty
from tui.builders.marks import NO_MARKS, Marks
from tui.builders.widgets.base import BoardPart, Hit, fit, row
from tui.i18n import _, tr


class ShipsView(BoardPart):
    """One line per ship: ``1 [●][■][·][·] ≥3 → pyramid``.

    A slot is 3 cells; the number before a ship chooses it (a click or its
    digit), a slot a stone may take is drawn green, the cursor reversed.
    """

    COMPONENT_CLASSES = {"ships--legal", "ships--cursor", "ships--chosen", "ships--sailed"}  # noqa: RUF012

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="board-part")
        self.state: GameState | None = None
        self.marks = NO_MARKS

    def show(self, state: GameState, marks: Marks) -> None:
        self.state, self.marks = state, marks
        if state.over:
            self.set_borders(_("Game over"))
        else:
            self.set_borders(
                _("Round {round} of {rounds}").format(round=state.round, rounds=ROUNDS)
            )
        self.redraw()

    def look(self) -> Hashable:
        state = self.state
        if state is None:
            return None
        unloading = state.ship if state.step in ("take", "unload") else EMPTY
        return (state.ships, state.docked, unloading, state.slot, self.marks)

    def draw(self, width: int) -> tuple[list[Text], list[Hit]]:
        state, marks, glyphs = self.state, self.marks, self.glyphs
        if state is None or not state.ships:
            return [], []
        legal = self.style_of("ships--legal")
        cursor = self.style_of("ships--cursor")
        chosen = self.style_of("ships--chosen")
        sailed = self.style_of("ships--sailed")
        lines: list[Text] = []
        hits: list[Hit] = []
        for i, ship in enumerate(state.ships):
            head = Text(f"{i + 1} ", style=chosen if marks.ship == i else "bold")
            line = row(head)
            hits.append(Hit(len(lines), 0, 2, ("ship", i)))
            for k, owner in enumerate(ship):
                x = line.cell_len
                cell = row("[", stone_or_empty(owner, glyphs), "]")
                if marks.cursor == (i, k) and not marks.at_market:
                    cell.stylize(cursor)
                elif (i, k) in marks.slots:
                    cell.stylize(legal, 0, 1)
                    cell.stylize(legal, 2, 3)
                elif i == state.ship and k in marks.unloads:
                    cell.stylize(legal)
                elif i == state.ship and state.step == "take" and k == state.slot:
                    cell.stylize(cursor)
                line.append_text(cell)
                hits.append(Hit(len(lines), x, x + 3, ("slot", i, k)))
            line.append(" " * (3 * (4 - len(ship)) + 1))
            dock = state.docked[i]
            if dock != EMPTY:
                line.append_text(Text(f"{glyphs.docked} {tr(site_name(dock))}", style=sailed))
            else:
                load = len(ship) - ship.count(EMPTY)
                least = MIN_LOAD[len(ship)]
                sign = "≥" if not self.ascii else ">="
                style = legal if i in marks.sailable else "dim"
                line.append_text(Text(f"{sign}{least}", style=style))
                if marks.preview_key is not None and marks.preview_key[0] == i:
                    site = marks.preview_key[1]
                    line.append_text(Text(f" {glyphs.docked} {tr(site_name(site))}?", style=cursor))
                elif load and i in marks.sailable and marks.ship == i:
                    line.append_text(Text(f" {glyphs.docked} ?", style=legal))
            hits.append(Hit(len(lines), 2 + 3 * len(ship), width, ("ship", i)))
            lines.append(fit(line, width, glyphs.more))
        return lines, hits
