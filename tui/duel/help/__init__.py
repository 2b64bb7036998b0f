"""The in-app rules help: topics as Markdown (:mod:`tui.duel.help.topics`)."""

from tui.duel.help.topics import (
    HELP_KEYS,
    KEYS,
    TOPIC_IDS,
    TOPICS,
    Key,
    key_label,
    search_topics,
    topic_for_reason,
    topic_markdown,
    topic_title,
)

__all__ = [
    "HELP_KEYS",
    "KEYS",
    "TOPICS",
    "TOPIC_IDS",
    "Key",
    "key_label",
    "search_topics",
    "topic_for_reason",
    "topic_markdown",
    "topic_title",
]
