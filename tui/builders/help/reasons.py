"""From the engine's reason for refusing a decision to the help topic that explains it."""

from __future__ import annotations

import re
from typing import Final

_RULES: Final = (
    (r"lever", "card-lever"),
    (r"hammer", "card-hammer"),
    (r"chisel", "card-chisel"),
    (r"\bsail card\b|the one it loaded|^sail needs", "card-sail"),
    (r"blue card", "cards"),
    (r"minimum|sailed|site", "sail"),
    (r"sled|quarry|stones", "turn"),
    (r"market", "market"),
    (r"game is over", "end"),
    (r"pass", "turn"),
)


def topic_for_reason(reason: str) -> str:
    text = reason.lower()
    for pattern, topic in _RULES:
        if re.search(pattern, text):
            return topic
    return "turn"
