"""The Duel's game log: the shared log (:mod:`tui.screens.game_log`) with the
harbor beside the moves."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult

from engine.duel import Action, GameState, describe, score
from tui.duel.widgets.harbor import Harbor
from tui.duel.widgets.info import HarborInfo
from tui.i18n import _, tr
from tui.paths import style_path
from tui.screens.game_log import GameLogScreen

if TYPE_CHECKING:
    from tui.play import HelpBook


class LogScreen(GameLogScreen):
    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("widgets.tcss"), style_path("log.tcss")]

    def compose_board(self) -> ComposeResult:
        yield Harbor(id="replay-harbor")
        yield HarborInfo(id="replay-info")

    def setup_board(self) -> None:
        self.query_one("#replay-harbor", Harbor).ascii = self.ascii
        self.query_one("#replay-info", HarborInfo).ascii = self.ascii

    def show_board(self, state: GameState) -> None:
        self.query_one("#replay-harbor", Harbor).state = state
        self.query_one("#replay-info", HarborInfo).state = state

    def position_words(self, ply: int, state: GameState) -> str:
        totals = score(state)
        return _(
            "After move {ply} of {moves}: {first} {first_points}, {second} {second_points}"
        ).format(
            ply=ply,
            moves=len(self.states) - 1,
            first=self.names[0],
            first_points=totals[0].total,
            second=self.names[1],
            second_points=totals[1].total,
        )

    def mover(self, before: GameState) -> int:
        return before.turn

    def decision_words(self, before: GameState, action: Action) -> str:
        return tr(describe(before, action, (self.names[0], self.names[1])))

    def help_book(self) -> HelpBook:
        from tui.duel.help import topics

        return topics
