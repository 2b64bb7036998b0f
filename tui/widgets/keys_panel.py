"""The command palette's Keys panel, in the player's language.

Textual's panel prints each key's description as written in its binding,
which is English here (see :func:`tui.widgets.keybar.key_description`). This
one lists the same keys, one line per action, worded as the key bar words them.
"""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import HelpPanel, KeyPanel, Markdown
from textual.widgets._key_panel import BindingsTable

from tui.widgets.keybar import key_description


class WordedBindingsTable(BindingsTable):
    def render_bindings_table(self) -> Table:
        key_style = self.get_component_rich_style("bindings-table--key")
        description_style = self.get_component_rich_style("bindings-table--description")
        table = Table(
            padding=(0, 0),
            show_header=False,
            box=box.SIMPLE,
            border_style=self.get_component_rich_style("bindings-table--divider"),
        )
        table.add_column("", justify="right")
        table.add_column("")
        # Keys run by one action share a line; the node that binds them (a
        # widget, the screen, the app) starts a section of its own.
        lines: dict[tuple[int, str], tuple[list[str], str]] = {}
        for active in self.screen.active_bindings.values():
            binding = active.binding
            description = key_description(active.node, binding)
            if binding.system or not description:
                continue  # a fallback for a key whose main binding is off
            keys, _worded = lines.setdefault((id(active.node), binding.action), ([], description))
            shown = self.app.get_key_display(binding)
            if shown not in keys:
                keys.append(shown)
        section: int | None = None
        for (node, _action), (keys, description) in lines.items():
            if section is not None and node != section:
                table.add_section()
            section = node
            table.add_row(
                Text(" ".join(keys), style=key_style), Text(description, style=description_style)
            )
        return table


class WordedKeyPanel(KeyPanel):
    def compose(self) -> ComposeResult:
        yield WordedBindingsTable(shrink=True, expand=False)


class KeysPanel(HelpPanel):
    """Textual's help panel with the keys worded in the player's language."""

    def compose(self) -> ComposeResult:
        yield Markdown(id="widget-help")
        yield WordedKeyPanel(id="keys-help")
