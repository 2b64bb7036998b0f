"""The engine's message constructors, for modules that must not load the engine.

:mod:`match.files` and :mod:`match.store` serve the start screen, which must
not wait for the rules engine; importing :mod:`engine.message` would load the
whole ``engine`` package. These wrappers import it only when a message is
made, which for those modules means only when something has gone wrong.

They keep the names ``msg`` and ``nmsg``, which ``pybabel extract`` looks for
(see ``babel.cfg``), so a template must still be a string literal at the call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.message import Message, Value


def msg(template: str, /, **values: Value) -> Message:
    """:func:`engine.message.msg`, imported on first use."""
    from engine.message import msg as make

    return make(template, **values)


def nmsg(singular: str, plural: str, count: int, /, **values: Value) -> Message:
    """:func:`engine.message.nmsg`, imported on first use."""
    from engine.message import nmsg as make

    return make(singular, plural, count, **values)


def as_message(text: str) -> Message:
    """:func:`engine.message.as_message` (a fixed text), imported on first use."""
    from engine.message import as_message as make

    return make(text)


__all__ = ["as_message", "msg", "nmsg"]
