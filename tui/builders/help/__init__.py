"""The Builders of Egypt help (see :mod:`tui.builders.help.topics`)."""

from tui.builders.help.topics import TOPIC_IDS, TOPICS, search_topics, topic_markdown, topic_title

__all__ = ["TOPICS", "TOPIC_IDS", "search_topics", "topic_markdown", "topic_title"]
