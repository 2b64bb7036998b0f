"""tui.screens.help: every topic opens, keys move around, search filters, Esc closes."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import Input, Markdown, OptionList

from engine.duel import Sides
from tui.app import ImhotepApp
from tui.duel.help.topics import TOPIC_IDS, search_topics, topic_markdown
from tui.screens.help import ASCII_BULLETS, HelpScreen

SIDES = Sides.parse("BABA")


class HelpApp(App[None]):
    """The smallest app that shows the help over an empty screen, as the game does."""

    CSS_PATH = ImhotepApp.CSS_PATH  # the styles every screen of the game relies on

    def __init__(
        self, topic: str | None = None, sides: Sides | None = None, *, ascii: bool = False
    ) -> None:
        super().__init__()
        self.topic = topic
        self.sides = sides
        self.ascii = ascii
        self.closed = False

    def on_mount(self) -> None:
        self.set_class(self.ascii, "ascii")

        def closed(_: None) -> None:
            self.closed = True

        self.push_screen(HelpScreen(self.topic, self.sides), closed)


def help_screen(app: App[None]) -> HelpScreen:
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return screen


def highlighted(screen: HelpScreen) -> str | None:
    topics = screen.query_one("#help-topics", OptionList)
    option = topics.highlighted_option
    return option.id if option else None


def check_shows(screen: HelpScreen, topic: str, sides: Sides | None) -> None:
    assert screen.topic == topic
    assert highlighted(screen) == topic
    assert screen.markdown_source == topic_markdown(topic, sides)
    markdown = screen.query_one("#help-markdown", Markdown)
    assert markdown.children, f"{topic}: the Markdown was not rendered"
    # Readable at 80x24: the text gets most of the width and the list shows.
    assert markdown.region.width >= 45
    assert screen.query_one("#help-topics").region.height >= 10


async def test_every_topic_shows() -> None:
    # One screen walked through with the keyboard: a screen per topic is slow.
    app = HelpApp(TOPIC_IDS[0], SIDES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = help_screen(app)
        check_shows(screen, TOPIC_IDS[0], SIDES)
        for topic in TOPIC_IDS[1:]:
            await pilot.press("down")
            await pilot.pause()
            check_shows(screen, topic, SIDES)


@pytest.mark.parametrize("topic", ["goal", "unload", "pyramids", "notation"])
async def test_opens_on_topic(topic: str) -> None:
    app = HelpApp(topic, SIDES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        check_shows(help_screen(app), topic, SIDES)


async def test_opens_on_first_topic_by_default() -> None:
    app = HelpApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert help_screen(app).topic == TOPIC_IDS[0]


def test_unknown_topic_falls_back_to_the_first() -> None:
    assert HelpScreen("no-such-topic").topic == TOPIC_IDS[0]


async def test_keyboard_browsing() -> None:
    app = HelpApp("goal")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = help_screen(app)
        await pilot.press("down", "down")
        await pilot.pause()
        assert screen.topic == TOPIC_IDS[2]
        assert screen.markdown_source == topic_markdown(TOPIC_IDS[2])
        await pilot.press("enter")
        assert screen.focused is screen.query_one("#help-text")
        await pilot.press("down", "pagedown")
        await pilot.press("left")
        assert isinstance(screen.focused, OptionList)
        await pilot.press("up")
        await pilot.pause()
        assert screen.topic == TOPIC_IDS[1]
        # ? inside the help shows its keys instead of opening a second help.
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is screen
        assert screen.topic == "controls" == highlighted(screen)


async def test_search_filters_topics() -> None:
    app = HelpApp("goal", SIDES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = help_screen(app)
        await pilot.press("slash")
        assert isinstance(screen.focused, Input)
        await pilot.press(*"pyramid")
        await pilot.pause()
        assert screen.listed_topics == search_topics("pyramid", SIDES)
        assert "pyramids" in screen.listed_topics
        assert len(screen.listed_topics) < len(TOPIC_IDS)
        assert screen.topic in screen.listed_topics
        # q is part of a query, not a way out, while typing.
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is screen
        assert screen.listed_topics == []
        assert screen.has_class("-no-match")
        for _ in "pyramidq":
            await pilot.press("backspace")
        await pilot.pause()
        assert screen.listed_topics == list(TOPIC_IDS)
        assert not screen.has_class("-no-match")
        await pilot.press(*"tie", "enter")
        await pilot.pause()
        assert isinstance(screen.focused, OptionList)
        assert screen.topic in search_topics("tie")


async def test_escape_and_q_close() -> None:
    app = HelpApp("unload")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("slash", "escape")
        assert app.screen is not None and isinstance(app.screen, HelpScreen)
        assert isinstance(app.screen.focused, OptionList)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert app.closed
    app = HelpApp("unload")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_narrow_terminal_in_ascii() -> None:
    app = HelpApp("chamber", SIDES, ascii=True)
    async with app.run_test(size=(50, 20)) as pilot:
        await pilot.pause()
        screen = help_screen(app)
        assert screen.has_class("-narrow")
        markdown = screen.query_one("#help-markdown", Markdown)
        assert markdown.region.width >= 25
        assert list(ASCII_BULLETS) == markdown.BULLETS


@pytest.mark.parametrize("topic", ["controls", "pyramids", "notation"])
async def test_table_columns_line_up(topic: str) -> None:
    # Every cell of a column as wide as the column: the lines between cells
    # are drawn around each cell, so a narrower cell breaks the table's rules.
    from textual.widgets._markdown import MarkdownTableContent

    app = HelpApp(topic, SIDES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tables = list(help_screen(app).query(MarkdownTableContent))
        assert tables, f"{topic} has no table"
        for table in tables:
            columns = len(table.headers)
            cells = list(table.children)
            for column in range(columns):
                widths = {cell.region.width for cell in cells[column::columns]}
                assert len(widths) == 1, (topic, column, widths)


def key_bar(screen: HelpScreen) -> dict[str, tuple[str, bool]]:
    """The key bar's entries: description -> (key as shown, enabled)."""
    from tui.widgets.keybar import KeyBar

    bar = screen.query_one(KeyBar)
    return {description: (key, enabled) for key, description, enabled, _ in bar._entries}


async def test_the_key_bar_names_the_way_to_the_topics_and_the_text() -> None:
    app = HelpApp("goal")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = help_screen(app)
        assert isinstance(screen.focused, OptionList)
        # From the list: right reaches the text; left is where we are (dimmed).
        assert key_bar(screen)["Text"] == ("→", True)
        assert key_bar(screen)["Topics"] == ("←", False)
        await pilot.press("right")
        assert screen.focused is screen.query_one("#help-text")
        await pilot.pause()
        assert key_bar(screen)["Topics"] == ("←", True)
        assert key_bar(screen)["Text"][1] is False
        await pilot.press("left")
        assert isinstance(screen.focused, OptionList)
        await pilot.press("slash")
        await pilot.pause()
        assert key_bar(screen)["Topics"] == ("↓", True)


async def test_the_keys_in_ascii_mode_are_words() -> None:
    app = ImhotepApp(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark", "enter")  # the first game's rules
        await pilot.pause()
        screen = help_screen(app)
        keys = {key for key, _ in key_bar(screen).values()}
        assert {"Left", "Right"} <= keys
        assert all(key.isascii() for key in keys)


async def test_down_in_the_search_box_moves_into_the_results() -> None:
    app = HelpApp("goal")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = help_screen(app)
        await pilot.press("slash", *"tie")
        await pilot.pause()
        # The topic named for the word is first, and shown.
        assert screen.listed_topics[0] == "tie"
        assert screen.topic == "tie"
        await pilot.press("down")
        assert isinstance(screen.focused, OptionList)
        assert highlighted(screen) == "tie"
        await pilot.press("down")
        await pilot.pause()
        assert screen.topic == screen.listed_topics[1]


async def test_page_keys_scroll_the_text_by_a_page_wherever_the_focus_is() -> None:
    app = HelpApp("controls")  # the longest topic
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = help_screen(app)
        text = screen.query_one("#help-text")
        page = text.scrollable_content_region.height
        assert text.max_scroll_y > page  # more than two pages: a fair test
        assert isinstance(screen.focused, OptionList)
        await pilot.press("pagedown")
        await pilot.pause()
        assert text.scroll_y == page
        assert screen.topic == "controls"  # the list did not move
        await pilot.press("right", "pagedown")
        await pilot.pause()
        assert text.scroll_y == 2 * page
        await pilot.press("slash", "pageup")
        await pilot.pause()
        assert text.scroll_y == page
