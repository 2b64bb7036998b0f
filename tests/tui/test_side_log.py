"""The log under the harbor: whole entries, cut short only when they cannot fit."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from tui.widgets.log import MORE, ActionLog

# Five lines at 36 columns, and one of seven.
FIVE = (
    "Ann unloads the row 1 boat: Ann takes temple 4, Ann takes an obelisk; temple 2 "
    "goes to the box; the supply is empty, so the boat leaves the game."
)
SEVEN = (
    'Bob unloads the column 1 boat: Ann takes the "Place 2-3 meeples" token, Ann takes '
    'the "Swap 2 tokens and unload" token; burial chamber 6 goes to the box; the '
    "supply is empty, so the boat leaves the game, and then some more words follow."
)


class LogApp(App[None]):
    # As on the game screen at 80x24: 36 columns, a rule and four lines.
    CSS = """
    ActionLog { width: 36; height: 5; border-top: solid red; }
    ActionLog.-full { border-top: none; }
    """

    def compose(self) -> ComposeResult:
        yield ActionLog()


def _shown(app: LogApp) -> list[str]:
    log = app.query_one(ActionLog)
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    return [line[: log.region.width].rstrip() for line in lines[: log.region.height]]


async def test_an_entry_that_fits_the_whole_log_is_shown_whole() -> None:
    app = LogApp()
    async with app.run_test(size=(40, 8)) as pilot:
        log = app.query_one(ActionLog)
        assert len(list(Text(FIVE).wrap(app.console, 36))) == 5
        log.entries = ("Bob places a meeple on cell 3.",)
        await pilot.pause()
        assert _shown(app)[0] == "─" * 36 and not log.has_class("-full")
        log.entries = ("Bob places a meeple on cell 3.", FIVE)
        await pilot.pause()
        await pilot.pause()
        shown = _shown(app)
        assert " ".join(shown) == FIVE
        # A short entry brings the rule back.
        log.entries = (FIVE, "Ann places a meeple on cell 1.")
        await pilot.pause()
        await pilot.pause()
        assert _shown(app)[0] == "─" * 36


async def test_an_entry_longer_than_the_log_is_cut_between_words() -> None:
    app = LogApp()
    async with app.run_test(size=(40, 8)) as pilot:
        log = app.query_one(ActionLog)
        log.entries = (SEVEN,)
        await pilot.pause()
        await pilot.pause()
        shown = _shown(app)
        assert len(shown) == 5 and shown[-1].endswith(MORE)
        text = " ".join(shown).removesuffix(MORE)
        assert SEVEN.startswith(text)
        assert SEVEN[len(text)] == " "  # no word torn in two
