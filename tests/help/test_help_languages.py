"""The help and the first-game guide in every language the game speaks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import Input, Label, Markdown, OptionList, Static
from textual.widgets._markdown import MarkdownFence

from engine.duel import GameState, Sides
from tui import i18n
from tui.app import ImhotepApp
from tui.duel.guide import guide_text
from tui.duel.help.topics import TOPIC_IDS, search_topics, topic_markdown, topic_title
from tui.screens.help import HelpScreen

TRANSLATED = tuple(code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE)
GLOSSARY = Path(__file__).resolve().parents[2] / "locale" / "GLOSSARY.md"
COLUMN = {"hu": 1, "de": 2, "ru": 3}

# The glossary row of each monument and the harbor -> the topic named for it.
TERM_TOPICS = {
    "obelisk": "obelisk",
    "temple": "temple",
    "pyramids": "pyramids",
    "burial chamber": "chamber",
    "harbor (the board)": "harbor",
}

CODE_SPAN = re.compile(r"`[^`\n]+`")  # spans, not the fenced diagrams
NUMBER_OR_CODE = re.compile(r"-?[0-9]+\+?|`.*`")
CYRILLIC = re.compile("[\u0400-\u04ff]")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use(i18n.SOURCE_LANGUAGE)


def glossary_term(english: str, language: str) -> str:
    """The printed edition's word: the first one in the glossary's cell."""
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == english:
            return re.split(r"[,(;]", cells[COLUMN[language]])[0].strip()
    raise AssertionError(f"{english!r} is not in the glossary")


def english(topic: str, sides: Sides | None = None) -> str:
    i18n.use(i18n.SOURCE_LANGUAGE)
    return topic_markdown(topic, sides)


def table_values(markdown: str) -> list[list[str]]:
    """Every table row without its first cell, words blanked: the numbers and codes."""
    rows = []
    for line in markdown.splitlines():
        if line.startswith("|") and not line.startswith("| ---"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")][1:]
            rows.append([c if NUMBER_OR_CODE.fullmatch(c) else "" for c in cells])
    return rows


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("sides", [None, Sides.parse("ABBA")], ids=str)
def test_every_topic_is_translated_and_keeps_its_facts(language: str, sides: Sides | None) -> None:
    for topic in TOPIC_IDS:
        source = english(topic, sides)
        i18n.use(language)
        text = topic_markdown(topic, sides)
        assert text != source, (language, topic)
        assert text.startswith("# "), (language, topic)
        assert not re.search(r"\{[a-z_]+\}", text), (language, topic, "unfilled placeholder")
        # Notation, token codes and keys are the same in every language...
        assert CODE_SPAN.findall(text) == CODE_SPAN.findall(source), (language, topic)
        # ...and so is every number the tables hold.
        assert table_values(text) == table_values(source), (language, topic)
        if language == "ru":
            assert CYRILLIC.search(text), topic


ITALIC = re.compile(r"(?<![*\w])\*([^*]+)\*(?![*\w])")


def cross_references(text: str) -> list[str]:
    """The topics a text sends the reader to: its italics that are topic titles."""
    titles = {topic_title(t): t for t in TOPIC_IDS}
    return [titles[name] for name in ITALIC.findall(text) if name in titles]


@pytest.mark.parametrize("language", TRANSLATED)
def test_see_also_names_the_topics_by_their_translated_titles(language: str) -> None:
    for topic in TOPIC_IDS:
        wanted = cross_references(english(topic))
        i18n.use(language)
        assert cross_references(topic_markdown(topic)) == wanted, (language, topic)


@pytest.mark.parametrize("language", TRANSLATED)
def test_search_finds_the_topic_named_for_a_glossary_term(language: str) -> None:
    i18n.use(language)
    for english_term, topic in TERM_TOPICS.items():
        term = glossary_term(english_term, language)
        assert term.casefold() in topic_title(topic).casefold(), (language, term)
        found = search_topics(term)
        # The topic named for the word comes first (search ranks titles highest).
        assert found[0] == topic, (language, term, found)
        assert search_topics(term.upper()) == found
    # Token codes and notation are never translated, so they are found everywhere.
    assert "take" in search_topics("AT")
    assert "swap-unload" in search_topics("SC2:13")
    assert search_topics("xyzzy") == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_search_speaks_only_the_current_language(language: str) -> None:
    # An English word that no translation uses finds nothing once the help is
    # in another language: the search reads what the player reads.
    i18n.use(language)
    assert search_topics("meeple") == []
    i18n.use(i18n.SOURCE_LANGUAGE)
    assert search_topics("meeple")


class LanguageHelpApp(App[None]):
    CSS_PATH = ImhotepApp.CSS_PATH

    def on_mount(self) -> None:
        self.push_screen(HelpScreen(None, Sides.parse("BABA")))


def help_screen(app: App[None]) -> HelpScreen:
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return screen


@pytest.mark.parametrize("language", TRANSLATED)
async def test_help_screen_in_each_language(language: str) -> None:
    i18n.use(language)
    app = LanguageHelpApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = help_screen(app)
        topics = screen.query_one("#help-topics", OptionList)
        assert [str(topics.get_option_at_index(i).prompt) for i in range(len(TOPIC_IDS))] == [
            topic_title(t) for t in TOPIC_IDS
        ]
        assert screen.query_one("#help-search", Input).placeholder == i18n._("/ to search")
        # Each title fits on one line of the list: none is cut or wrapped.
        assert topics.virtual_size.height == len(TOPIC_IDS)
        assert max(len(topic_title(t)) for t in TOPIC_IDS) <= topics.scrollable_content_region.width
        for index, topic in enumerate(TOPIC_IDS):
            if index:
                await pilot.press("down")
            await pilot.pause()
            assert screen.topic == topic
            source = screen.markdown_source
            assert source == topic_markdown(topic, Sides.parse("BABA"))
            assert screen.query_one("#help-markdown", Markdown).children, topic
        # Search with the box's word for the burial chamber.
        term = glossary_term("burial chamber", language)
        await pilot.press("slash")
        await pilot.press(*term.casefold())
        await pilot.pause()
        assert screen.listed_topics[0] == "chamber"
        assert screen.topic == "chamber"
        assert term.casefold() in screen.markdown_source.casefold()
        # A word no topic holds says so, in this language, quoting the query.
        screen.query_one("#help-search", Input).value = "qqq"
        await pilot.pause()
        assert screen.listed_topics == []
        empty = str(screen.query_one("#help-empty", Static).render())
        assert empty == i18n._('No topic mentions "{query}".').format(query="qqq")
        assert "mentions" not in empty


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
async def test_diagrams_are_whole_at_80_columns(language: str) -> None:
    i18n.use(language)
    app = LanguageHelpApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = help_screen(app)
        for topic in ("harbor", "unload"):
            await screen.show_topic(topic)
            await pilot.pause()
            fences = list(screen.query(MarkdownFence))
            assert fences, topic
            for fence in fences:
                # A line wider than the pane widens the code past the fence's edge.
                code = fence.query_one(Label)
                assert code.outer_size.width <= fence.size.width, (language, topic)


async def test_help_follows_a_language_change_made_over_it() -> None:
    app = LanguageHelpApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = help_screen(app)
        assert screen.markdown_source.startswith("# Goal of the game")
        # The command palette (here a plain screen) opens over the help, the
        # player picks German, and the palette closes.
        await app.push_screen(Screen())
        i18n.use("de")
        app.pop_screen()
        await pilot.pause()
        assert app.screen is screen
        assert screen.markdown_source == topic_markdown(screen.topic, Sides.parse("BABA"))
        assert screen.markdown_source.startswith("# Ziel des Spiels")
        topics = screen.query_one("#help-topics", OptionList)
        assert str(topics.get_option_at_index(0).prompt) == "Ziel des Spiels"


@pytest.mark.parametrize("language", TRANSLATED)
def test_guide_in_each_language(language: str, game_states: list[GameState]) -> None:
    names = ("Ada", "Bo")
    for state in game_states[::5]:
        i18n.use(i18n.SOURCE_LANGUAGE)
        source = guide_text(state, names)
        i18n.use(language)
        text = guide_text(state, names)
        assert text != source, (language, source)
        assert text.endswith("."), text
        assert "{" not in text and "}" not in text, text
        if not state.over:
            assert names[state.turn] in text, text
        if language == "ru":
            assert CYRILLIC.search(text), text
