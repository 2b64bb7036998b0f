"""The Builders help, topic by topic, as Markdown in the player's language.

The text lives in small modules by subject (:mod:`.rules`, :mod:`.sites`,
:mod:`.cards`, :mod:`.guide`); this is their table of contents and search,
the :class:`tui.play.HelpBook` the help screen reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from tui.builders.help import cards, guide, rules, sites
from tui.i18n import N_, _
from tui.table_words import TABLE_TOPIC_KEYWORDS, TABLE_TOPIC_TITLE, table_markdown


@dataclass(frozen=True)
class Topic:
    id: str
    title: str  # English, marked for the catalog
    render: Callable[[], str]
    keywords: str = ""  # marked for the catalog
    codes: str = ""  # notation and codes, the same in every language


TOPICS: Final = (
    Topic("guide", N_("Your first game"), guide.first_game, N_("start newcomer tips")),
    Topic("goal", N_("Goal of the game"), rules.goal, N_("aim win overview")),
    Topic("setup", N_("Setting up"), rules.setup, N_("start sled quarry deck")),
    Topic("round", N_("A round"), rules.round_topic, N_("ships round card end")),
    Topic("turn", N_("Your turn"), rules.turn, N_("actions get place pass")),
    Topic("sail", N_("Sailing a ship"), rules.sail, N_("minimum load unload order preview")),
    Topic("market", N_("The market"), sites.market, N_("cards take site"), "M"),
    Topic("pyramid", N_("The pyramid"), sites.pyramid, N_("site levels points"), "P"),
    Topic("temple", N_("The temple"), sites.temple, N_("site layers top round"), "T"),
    Topic("chamber", N_("The burial chamber"), sites.chamber, N_("site groups columns"), "B"),
    Topic("obelisks", N_("The obelisks"), sites.obelisks, N_("site height ranking"), "O"),
    Topic(
        "cards",
        N_("Market cards"),
        cards.cards_markdown,
        N_("red green purple blue"),
        "En Sa Pa dP dT dB dO St Lv Hm Sl Ch",
    ),
    Topic("card-lever", N_("Lever"), lambda: cards.blue_markdown("lever"), N_("blue card"), "Lv"),
    Topic(
        "card-hammer", N_("Hammer"), lambda: cards.blue_markdown("hammer"), N_("blue card"), "Hm"
    ),
    Topic("card-sail", N_("Sail"), lambda: cards.blue_markdown("sail"), N_("blue card"), "Sl"),
    Topic(
        "card-chisel", N_("Chisel"), lambda: cards.blue_markdown("chisel"), N_("blue card"), "Ch"
    ),
    Topic("end", N_("End of the game"), rules.end, N_("scoring tie winner")),
    Topic("wrath", N_("Wrath of the Pharaoh"), rules.wrath, N_("variant penalty")),
    Topic("seeing", N_("What everyone sees"), rules.seeing, N_("hidden deck undo")),
    Topic("table", TABLE_TOPIC_TITLE, table_markdown, TABLE_TOPIC_KEYWORDS),
    Topic("controls", N_("Keys"), guide.controls, N_("controls keyboard mouse")),
    Topic("notation", N_("Notation"), guide.notation, N_("codes log record")),
)

TOPIC_IDS: Final = tuple(t.id for t in TOPICS)
_BY_ID: Final = {t.id: t for t in TOPICS}


def topic_title(topic_id: str) -> str:
    return _(_BY_ID[topic_id].title)


def topic_markdown(topic_id: str, context: Any = None) -> str:
    return _BY_ID[topic_id].render()


def search_topics(query: str, context: Any = None) -> list[str]:
    """Topics whose title, keywords or text hold every word of ``query``; the
    ones whose title has a word starting so come first."""
    words = query.casefold().split()
    if not words:
        return list(TOPIC_IDS)
    found: list[tuple[int, int, str]] = []
    for index, topic in enumerate(TOPICS):
        title = topic_title(topic.id).casefold()
        keywords = " ".join((_(topic.keywords) if topic.keywords else "", topic.codes)).casefold()
        text = topic.render().casefold()
        haystack = " ".join((title, keywords, text))
        if all(w in haystack for w in words):
            rank = sum(_rank(w, title, topic.codes) for w in words)
            found.append((-rank, index, topic.id))
    return [topic_id for _r, _i, topic_id in sorted(found)]


def _rank(word: str, title: str, codes: str) -> int:
    """A word that starts a word of the title, or is the one code of a topic
    (a card's own topic, not the list of all cards), ranks first."""
    if re.search(r"(?<!\w)" + re.escape(word), title):
        return 3
    return 3 if codes.casefold() == word else 1
