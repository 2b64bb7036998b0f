"""A player's own page (``p`` in the lobby): their rating and record in each
kind of game, and the games that wait for them, with how long."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from match.ratings import PROVISIONAL_GAMES
from tui.i18n import N_, _, ngettext, pgettext
from tui.lobby_lists import ago
from tui.paths import style_path
from tui.ratings_words import rating_text
from tui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from match.ratings import Rating
    from match.turns import Waiting


class PlayerScreen(ModalScreen[None]):
    """What the store says of one player: read when the page opens."""

    CSS_PATH = style_path("player.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,p,q", "dismiss(None)", N_("Back")),
    ]

    def __init__(
        self,
        name: str,
        ratings: dict[str, Rating],
        waiting: list[Waiting],
        problem: str | None = None,
    ) -> None:
        super().__init__()
        self.player = name
        self.ratings = ratings
        self.waiting = waiting
        self.problem = problem

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            # TRANSLATORS: the title of a player's own page; {name} is theirs.
            yield Static(
                Text(_("{name}: ratings and record").format(name=self.player)),
                classes="dialog-title",
            )
            yield Static("", id="ratings")
            yield Static(_("Waiting for you"), classes="heading")
            yield DataTable(id="waiting", cursor_type="none", zebra_stripes=True)
            yield Static("", id="none-waiting", classes="empty")
            yield Static(self._about(), id="about")
        yield KeyBar()

    def _about(self) -> Text:
        if self.problem:
            return Text(self.problem)
        return Text(
            ngettext(
                "Finished games between people at a table count; games against the "
                "computer and unfinished games do not. A rating with ? rests on fewer "
                "than {count} game.",
                "Finished games between people at a table count; games against the "
                "computer and unfinished games do not. A rating with ? rests on fewer "
                "than {count} games.",
                PROVISIONAL_GAMES,
            ).format(count=PROVISIONAL_GAMES)
        )

    def on_mount(self) -> None:
        from tui.games import title

        # Sentences rather than columns: a game's name and the words of a
        # record are long in some languages, and a sentence wraps.
        shown = Text()
        for kind, rating in self.ratings.items():
            shown.append(title(kind) + "\n", style="bold")
            shown.append(
                "  "
                + ngettext(
                    "rating {rating}; {count} game: {won} won, {lost} lost, {tied} tied",
                    "rating {rating}; {count} games: {won} won, {lost} lost, {tied} tied",
                    rating.games,
                ).format(
                    rating=rating_text(rating),
                    count=rating.games,
                    won=rating.wins,
                    lost=rating.losses,
                    tied=rating.ties,
                )
                + "\n"
            )
        if not self.ratings:
            shown.append(_("No rated games yet."), style="italic")
        shown.rstrip()
        self.query_one("#ratings", Static).update(shown)
        waiting = self.query_one("#waiting", DataTable)
        waiting.add_columns(
            pgettext("lobby column", "Against"),
            pgettext("lobby column", "Waiting"),
        )
        now = time.time()
        for turn in self.waiting:
            against = _("{players} ({game})").format(
                players=", ".join(turn.against), game=title(turn.kind)
            )
            waiting.add_row(Text(against), ago(turn.since, now), key=str(turn.game_id))
        none = self.query_one("#none-waiting", Static)
        none.update(Text(_("No game waits for you."), style="italic"))
        none.display = not self.waiting
        waiting.display = bool(self.waiting)
