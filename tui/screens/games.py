"""The player's games in progress, newest first: pick one to go on with it."""

from __future__ import annotations

import math
import time
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from match.store import GameSummary
from tui.i18n import N_, _, ngettext
from tui.kinds import players_words, seat_words
from tui.paths import style_path
from tui.widgets.keybar import KeyBar


def ago(then: float, now: float | None = None) -> str:
    """How long ago, in the largest unit that fits ("5 min ago")."""
    elapsed = (now if now is not None else time.time()) - then
    if not math.isfinite(elapsed):
        return "?"  # the store refuses such times; a list still must not fall over one
    seconds = max(0, int(elapsed))
    days, hours, minutes = seconds // 86400, seconds // 3600, seconds // 60
    if days:
        return ngettext("{count} d ago", "{count} d ago", days).format(count=days)
    if hours:
        return ngettext("{count} h ago", "{count} h ago", hours).format(count=hours)
    if minutes:
        return ngettext("{count} min ago", "{count} min ago", minutes).format(count=minutes)
    return _("just now")


class GamesScreen(ModalScreen[int | None]):
    """Unfinished games from the store; dismisses with the chosen game's id."""

    CSS_PATH = style_path("files.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", N_("Cancel"))]

    def __init__(self, games: list[GameSummary]) -> None:
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(_("Your games in progress"), classes="dialog-title")
            yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
            yield Static("", id="problem")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(_("Players"), _("Moves"), _("Score"), _("Turn"), _("Played"))
        now = time.time()
        for game in self.games:
            # Names are the players' own text: never markup.
            cells = (Text(cell) for cell in self.cells(game, now))
            table.add_row(*cells, key=str(game.id), height=None)
        if not self.games:
            self.query_one("#problem", Static).update(_("No games in progress."))

    @staticmethod
    def cells(game: GameSummary, now: float) -> tuple[str, ...]:
        if game.status == "open":
            turn = _("table {code}: waiting for a player").format(code=game.code)
        elif 0 <= game.to_move < len(game.seats):
            turn = game.seats[game.to_move].name
        else:
            turn = "?"
        seats = [seat_words(seat.name, seat.kind) for seat in game.seats]
        from tui.games import title  # the rules' titles, loaded when a list is drawn

        # The game on a line of its own, then its seats two to a line, so that
        # a table of four keeps the scores in sight at 80 columns.
        if len(seats) == 2:
            lines = [players_words(seats[0], seats[1])]
        else:
            lines = [", ".join(seats[i : i + 2]) + "," for i in range(0, len(seats), 2)]
            lines[-1] = lines[-1].removesuffix(",")
        players = "\n".join((title(game.kind), *lines))
        return (
            players,
            str(game.moves),
            ":".join(str(score) for score in game.scores),
            turn,
            ago(game.updated_at, now),
        )

    @on(DataTable.RowSelected)
    def _chosen(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.dismiss(int(str(event.row_key.value)))
