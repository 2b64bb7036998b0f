"""Saving and loading: a name prompt, the list of saves, and a path prompt.

All reading and writing happens in :mod:`match.saves`; these screens only ask
the player and show what went wrong.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Static

from match import saves
from tui.i18n import N_, _, tr, tr_error
from tui.paths import style_path
from tui.widgets.keybar import KeyBar


class PromptScreen(ModalScreen[str | None]):
    """Ask for one line of text (a save name or a path); Esc cancels."""

    CSS_PATH = style_path("files.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", N_("Cancel"))]

    def __init__(self, title: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Input(self.value, placeholder=self.placeholder, id="answer")
            yield Static("", id="problem")
        yield KeyBar()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self.query_one("#problem", Static).update(_("Please type something, or press Esc."))
            return
        self.dismiss(text)


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question: y or Enter says yes, n or Esc says no."""

    CSS_PATH = style_path("files.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "dismiss(True)", N_("Yes")),
        Binding("n,escape", "dismiss(False)", N_("No")),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="dialog-title")
        yield KeyBar()


class LoadScreen(ModalScreen[saves.LoadedGame | None]):
    """The saved games, newest first, with their players, score and whose turn."""

    CSS_PATH = style_path("files.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", N_("Cancel")),
        Binding("i", "import_file", N_("Open a file")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(_("Load a saved game"), classes="dialog-title")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield Static("", id="problem")
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(_("Name"), _("Saved"), _("Players"), _("Score"), _("Turn"))
        problem = self.query_one("#problem", Static)
        try:
            self.summaries = saves.list_saves()
        except saves.StorageError as exc:
            self.summaries = []
            problem.update(Text(tr_error(exc)))
        for index, summary in enumerate(self.summaries):
            table.add_row(*self._row(summary), key=str(index), height=None)
        if not self.summaries:
            problem.update(_("No saved games yet. Press i to open a file by its path."))

    @staticmethod
    def _row(summary: saves.SaveSummary) -> tuple[Text, ...]:
        # Names and file names are the players' own text: never markup.
        return tuple(Text(cell) for cell in LoadScreen._cells(summary))

    @staticmethod
    def _cells(summary: saves.SaveSummary) -> tuple[str, ...]:
        saved = summary.modified.strftime("%Y-%m-%d %H:%M") if summary.modified else "?"
        if summary.error is not None:
            return (summary.name, saved, _("unreadable"), "", "")
        names = summary.names or ("?", "?")
        scores = summary.scores or (0,) * len(names)
        if summary.finished:
            turn = _("finished")
        elif summary.to_move is not None and 0 <= summary.to_move < len(names):
            turn = names[summary.to_move]
        else:
            turn = "?"
        players = (
            _("{first} v {second}").format(first=names[0], second=names[1])
            if len(names) == 2
            else " v ".join(names)
        )
        if summary.game is not None:
            from tui.games import title  # the rules' titles, loaded when the list is drawn

            # The game on a line of its own above its players, as the list of
            # games in progress shows it: saves of both games share the list.
            players = f"{title(summary.game)}\n{players}"
        return (summary.name, saved, players, "-".join(map(str, scores)), turn)

    @on(DataTable.RowSelected)
    def _chosen(self, event: DataTable.RowSelected) -> None:
        event.stop()
        summary = self.summaries[int(str(event.row_key.value))]
        if summary.error is not None:
            self.query_one("#problem", Static).update(Text(tr(summary.error)))
            return
        self._open(summary.path)

    def _open(self, path: Path) -> None:
        try:
            loaded = saves.import_file(path)
        except saves.StorageError as exc:
            self.query_one("#problem", Static).update(Text(tr_error(exc)))
            return
        self.dismiss(loaded)

    def action_import_file(self) -> None:
        def opened(answer: str | None) -> None:
            if answer:
                self._open(Path(answer).expanduser())

        self.app.push_screen(
            PromptScreen(_("Open a save or game record"), placeholder=_("path to a .json file")),
            opened,
        )
