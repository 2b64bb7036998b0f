"""The rules help, topic by topic, as Markdown, in the player's language.

Everything numeric is generated from :mod:`engine.duel.scoring` (its tables and its
scoring functions) and from :mod:`engine.duel.tokens`, so the help cannot drift from
what the engine scores. The keys are listed once, in :data:`KEYS`, for both the
help text and the app's bindings.

The text is marked for the catalog paragraph by paragraph and put together
when a topic is shown, so it follows :func:`tui.i18n.use`. Titles, keywords
and key descriptions are tables built at import time (marked with ``N_``) and
translated when read. Notation, token codes and key names never change.

The topics are written in :mod:`tui.duel.help.play` (playing) and
:mod:`tui.duel.help.scoring` (scoring, rulings, keys); :mod:`~tui.duel.help.keys`
and :mod:`~tui.duel.help.markdown` hold what they share. This module lists
them, finds them and turns an engine's reason into one.

Pure Python: no Textual here, so the text can be tested and reused (the status
line, the newcomer's guide) without an app.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from engine.duel.state import Sides
from engine.duel.tokens import (
    PLACE_TWO,
    TAKE,
    TOKEN_NAMES,
)
from tui.duel.help.keys import HELP_KEYS, KEYS, TOKEN_TOPICS, Key, boat_key, key_label
from tui.duel.help.markdown import MONUMENTS, say
from tui.duel.help.play import (
    _end,
    _gained,
    _goal,
    _harbor,
    _place,
    _place_two,
    _place_unload,
    _setup,
    _swap_unload,
    _take,
    _turn,
    _unload_topic,
)
from tui.duel.help.scoring import (
    RULINGS,
    Ruling,
    _chamber,
    _controls,
    _leftovers,
    _notation,
    _obelisk,
    _online,
    _pyramids,
    _rulings,
    _temple,
    _tie,
)
from tui.i18n import N_
from tui.table_words import TABLE_TOPIC_KEYWORDS, TABLE_TOPIC_TITLE, table_markdown


@dataclass(frozen=True)
class Topic:
    id: str
    title: str  # short enough for the topic list; English, marked for the catalog
    render: Callable[[Sides | None], str]
    keywords: str = ""  # extra words for search, marked for the catalog
    codes: str = ""  # notation and token codes for search, the same in every language


TOPICS: Final[tuple[Topic, ...]] = (
    Topic("goal", N_("Goal of the game"), _goal, N_("aim win overview")),
    Topic("harbor", N_("The harbor"), _harbor, N_("grid cells boats slots reserve supply")),
    Topic("setup", N_("Setting up"), _setup, N_("start sides deal")),
    Topic("turn", N_("Your turn"), _turn, N_("actions pass")),
    Topic("place", N_("Placing a meeple"), _place),
    Topic("unload", N_("Unloading a boat"), _unload_topic, N_("slot order distance box refill")),
    Topic("tokens", N_("Gained tokens"), _gained, N_("cargo monuments")),
    Topic("take", TOKEN_NAMES[TAKE], _take, N_("action token reserve"), "AT"),
    Topic("place-two", TOKEN_NAMES[PLACE_TWO], _place_two, N_("action token"), "AP"),
    Topic(
        "place-unload",
        N_("Place 1 and unload"),
        _place_unload,
        N_("action token twice"),
        "AU 1-2x",
    ),
    Topic("swap-unload", N_("Swap and unload"), _swap_unload, N_("action token exchange"), "AS"),
    Topic("end", N_("End of the game"), _end, N_("last boat over finish")),
    Topic("obelisk", N_("Obelisk"), _obelisk, N_("scoring points side")),
    Topic("temple", N_("Temple"), _temple, N_("scoring points side sets circles")),
    Topic("pyramids", N_("Pyramids"), _pyramids, N_("scoring points side light dark")),
    Topic("chamber", N_("Burial chamber"), _chamber, N_("scoring points side groups")),
    Topic("leftovers", N_("Leftover points"), _leftovers, N_("unplayed meeples end scoring")),
    Topic("tie", N_("Ties"), _tie, N_("draw equal winner")),
    Topic("online", N_("Online rules"), _online, N_("Yucata variant reload refill order starter")),
    Topic("rulings", N_("Rulings"), _rulings),
    Topic("table", TABLE_TOPIC_TITLE, lambda _sides: table_markdown(), TABLE_TOPIC_KEYWORDS),
    Topic("controls", N_("Keys"), _controls, N_("controls keyboard bindings")),
    Topic("notation", N_("Notation"), _notation, N_("codes log record")),
)

TOPIC_IDS: Final = tuple(t.id for t in TOPICS)
_BY_ID: Final = {t.id: t for t in TOPICS}


def topic_title(topic_id: str) -> str:
    """The topic's title in the current language."""
    return say(_BY_ID[topic_id].title)


def topic_markdown(topic_id: str, sides: Sides | None = None) -> str:
    """The topic's Markdown in the current language; monument topics put the side in play first."""
    return _BY_ID[topic_id].render(sides)


def search_topics(query: str, sides: Sides | None = None) -> list[str]:
    """Ids of the topics whose title, keywords or text contain every word of ``query``.

    The text searched is the one the player reads, in the current language;
    token codes and notation are the same in every language. The topics named
    for the words come first: a word that begins a word of the title ("tie" in
    "Ties") outranks one among the keywords, which outranks one that begins a
    word of the text, which outranks one met inside a word. Equal ranks keep
    the topics' own order.
    """
    words = query.casefold().split()
    if not words:
        return list(TOPIC_IDS)
    found: list[tuple[int, int, str]] = []
    for index, topic in enumerate(TOPICS):
        title = topic_title(topic.id).casefold()
        keywords = " ".join((say(topic.keywords) if topic.keywords else "", topic.codes))
        keywords = keywords.casefold()
        text = topic.render(sides).casefold()
        haystack = " ".join((title, keywords, text))
        if all(w in haystack for w in words):
            rank = sum(_rank(w, title, keywords, text) for w in words)
            found.append((-rank, index, topic.id))
    return [topic_id for _, _, topic_id in sorted(found)]


def _rank(word: str, title: str, keywords: str, text: str) -> int:
    if _begins_a_word(word, title):
        return 3
    if _begins_a_word(word, keywords):
        return 2
    return 1 if _begins_a_word(word, text) else 0


def _begins_a_word(word: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(word), text) is not None


# --- from an engine reason to a topic -----------------------------------------------

# Checked in order: the first pattern found in the reason wins. Token names come
# first because they contain words ("unload", "place") that other rules match.
_REASON_RULES: Final[tuple[tuple[str, str], ...]] = (
    *((re.escape(TOKEN_NAMES[t].lower()), topic) for t, topic in TOKEN_TOPICS.items()),
    (r"\bswap\b", "swap-unload"),
    (r"this token's unload", "place-unload"),
    (r"game is over", "end"),
    (r"is not an action token", "tokens"),
    (r"not an action|not a boat|not a token|slot '|expected", "notation"),
    (r"step of an action token|\bpass\b", "turn"),
    (r"no such|no cell|numbered 1 to 9", "harbor"),
    (r"left the game|unloaded|\bline\b", "unload"),
    (r"meeple", "place"),
)


def match_reason(reason: str) -> str | None:
    """The topic a reason clearly belongs to, or None if no rule recognises it."""
    text = reason.lower()
    for pattern, topic in _REASON_RULES:
        if re.search(pattern, text):
            return topic
    return None


def topic_for_reason(reason: str) -> str:
    """The help topic that explains why an action was refused (engine.why_illegal)."""
    return match_reason(reason) or "turn"


__all__ = [
    "HELP_KEYS",
    "KEYS",
    "MONUMENTS",
    "RULINGS",
    "TOKEN_TOPICS",
    "TOPICS",
    "TOPIC_IDS",
    "Key",
    "Ruling",
    "Topic",
    "boat_key",
    "key_label",
    "match_reason",
    "say",
    "search_topics",
    "topic_for_reason",
    "topic_markdown",
    "topic_title",
]
