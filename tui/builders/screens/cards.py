"""The market cards one key away: each kind's code, count, colour and effect."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.builders.cards import CARD_KIND, KINDS
from engine.builders.words import card_name
from tui.builders.glyphs import CARD_CODES, kind_style
from tui.builders.help.cards import card_effect, cards_overview
from tui.i18n import N_, _, tr
from tui.paths import style_path
from tui.widgets.keybar import KeyBar


class CardsScreen(ModalScreen[None]):
    """Dismissed with Esc, C or q."""

    CSS_PATH = style_path("builders.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,C,q", "dismiss", N_("Close"))]

    def compose(self) -> ComposeResult:
        with Vertical(id="details"):
            yield Static(_("The market cards"), id="details-title")
            with VerticalScroll():
                # The colours' meaning first: each card's line below shows its
                # colour only as the colour of its code.
                yield Static(cards_overview(), classes="part")
                for kind in KINDS:
                    head = Text(f"{CARD_CODES[kind]} ", style=kind_style(kind))
                    head.append(f"{tr(card_name(kind))} x{CARD_KIND.count(kind)}", style="bold")
                    head.append(": " + card_effect(kind), style="")
                    yield Static(head, classes="part")
        yield KeyBar()
