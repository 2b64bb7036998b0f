"""Builders' game log: the shared log (:mod:`tui.screens.game_log`) with the
Builders board beside the decisions."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult

from engine.builders import GameState, current_player, score
from engine.builders.actions import Action
from engine.builders.describe import describe
from tui.builders.widgets.board import Board
from tui.i18n import _, ngettext, tr
from tui.paths import style_path
from tui.screens.game_log import GameLogScreen

if TYPE_CHECKING:
    from tui.play import HelpBook


class LogScreen(GameLogScreen):
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        style_path("widgets.tcss"),
        style_path("builders.tcss"),
        style_path("log.tcss"),
    ]
    # The moves fit beside the whole board (80 columns) only from 112 on.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (112, "-wide")]  # noqa: RUF012
    RECORD_NAME: ClassVar[str] = "imhotep-builders-game.json"
    DEFAULT_CLASSES = "builders-log"

    def compose_board(self) -> ComposeResult:
        yield Board(id="replay-board")

    def setup_board(self) -> None:
        self.query_one(Board).set_ascii(self.ascii)

    def show_board(self, state: GameState) -> None:
        self.query_one(Board).show(state)

    def position_words(self, ply: int, state: GameState) -> str:
        # "Player 1 -5 Player 2 -5" ran names and numbers together: each
        # total says what it is, and a comma parts the players.
        totals = ", ".join(
            f"{name} "
            + ngettext("{points} pt", "{points} pts", abs(points.total)).format(points=points.total)
            for name, points in zip(self.names, score(state), strict=True)
        )
        return _("After move {ply} of {moves}: {scores}").format(
            ply=ply, moves=len(self.states) - 1, scores=totals
        )

    def mover(self, before: GameState) -> int:
        return current_player(before)

    def decision_words(self, before: GameState, action: Action) -> str:
        return tr(describe(before, action, self.names))

    def help_book(self) -> HelpBook:
        from tui.builders.help import topics

        return topics
