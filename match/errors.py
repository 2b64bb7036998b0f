"""The one error type for what a player is told when a file or the game
store cannot do what was asked.

``reason`` holds the words as a :class:`~engine.message.Message` (English as
a ``str``, and what a translator needs), the same attribute the engine's
errors use, so the app words any of them the same way
(:func:`tui.i18n.tr_error`). ``str(error)`` is the English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.message import Message


class MatchError(Exception):
    """Something a player is told; ``reason`` says it in any language."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason)
        self.reason = reason


__all__ = ["MatchError"]
