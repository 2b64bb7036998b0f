"""Words for players that any language can reword, without a language switch here.

Every sentence the engine gives a player (why an action is illegal, what to do
now, what an action did, how a score arises) is a :class:`Message`: a ``str``
holding the English text, so that code which only needs English uses it like
any string, and beside it what a translator needs to word it again: the English
template (the catalog's msgid), a context for words whose grammar depends on
their place in a sentence, a plural form with its count, and the named values
to put in. The caller chooses the language by passing a translator to
:meth:`Message.render`; the engine itself holds none.

The constructors :func:`msg`, :func:`pmsg` and :func:`nmsg` are also the
markers that ``pybabel extract`` looks for (see ``babel.cfg``), so a template
must be a string literal written at the call.

A message is for showing, not for storing: write ``str(message)`` (its
English) into a file, since msgspec encodes plain ``str`` only, and keep the
codes and notation that saves and records are made of out of messages.

Values are put in with :meth:`str.format`, by name. A value that is itself a
:class:`Message` (a token's name, a boat) is translated with the same
translator first. A translation whose placeholders do not match its template
falls back to English rather than failing in front of a player.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Mapping
from typing import Protocol, Self, TypeAlias

Value: TypeAlias = "str | int"


class Translator(Protocol):
    """What :meth:`Message.render` needs; :class:`gettext.GNUTranslations` has it."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


# The source language: a translator with no catalog returns the English
# templates and applies English's own plural rule.
ENGLISH: Translator = gettext.NullTranslations()


class Message(str):
    """A sentence or phrase for a player: English as a ``str``, and how to reword it."""

    template: str
    context: str | None
    plural: str | None
    # How many, for a plural (not ``count``: str has a method of that name).
    n: int | None
    values: Mapping[str, Value]

    def __new__(
        cls,
        template: str,
        values: Mapping[str, Value] | None = None,
        *,
        context: str | None = None,
        plural: str | None = None,
        count: int | None = None,
    ) -> Self:
        values = dict(values or {})
        source = _choose(ENGLISH, template, context, plural, count)
        english = _fill(source, source, values, None)
        self = super().__new__(cls, english)
        self.template = template
        self.context = context
        self.plural = plural
        self.n = count
        self.values = values
        return self

    def render(self, translator: Translator | None = None) -> str:
        """The message in the language of ``translator`` (English without one)."""
        if translator is None:
            return str.__str__(self)
        chosen = _choose(translator, self.template, self.context, self.plural, self.n)
        english = _choose(ENGLISH, self.template, self.context, self.plural, self.n)
        return _fill(chosen, english, self.values, translator)

    def __reduce__(self) -> tuple[object, ...]:
        # A str subclass with extra state needs this to survive copy and pickle.
        return (_rebuild, (self.template, dict(self.values), self.context, self.plural, self.n))

    def __repr__(self) -> str:
        return f"Message({self.template!r}, {dict(self.values)!r})"


class Listing(Message):
    """Several messages in a row, separated by commas (a sentence's list of gains)."""

    items: tuple[Message, ...]

    def __new__(cls, items: Iterable[Message]) -> Self:
        parts = tuple(items)
        # The template lists one placeholder per item so that str() and a
        # translator's rendering both come from the same place.
        names = {f"item{k}": part for k, part in enumerate(parts)}
        template = ", ".join("{" + name + "}" for name in names)
        self = super().__new__(cls, template, names)
        self.items = parts
        return self

    def render(self, translator: Translator | None = None) -> str:
        if translator is None:
            return str.__str__(self)
        # The separator is not translated: a comma serves every language we speak.
        return ", ".join(item.render(translator) for item in self.items)

    def __reduce__(self) -> tuple[object, ...]:
        return (Listing, (self.items,))


def _rebuild(
    template: str,
    values: Mapping[str, Value],
    context: str | None,
    plural: str | None,
    count: int | None,
) -> Message:
    return Message(template, values, context=context, plural=plural, count=count)


def _choose(
    translator: Translator,
    template: str,
    context: str | None,
    plural: str | None,
    count: int | None,
) -> str:
    if plural is not None:
        n = count or 0
        if context is not None:
            return translator.npgettext(context, template, plural, n)
        return translator.ngettext(template, plural, n)
    if context is not None:
        return translator.pgettext(context, template)
    return translator.gettext(template)


def _fill(
    text: str, english: str, values: Mapping[str, Value], translator: Translator | None
) -> str:
    words = {
        name: value.render(translator) if isinstance(value, Message) else value
        for name, value in values.items()
    }
    try:
        return text.format(**words)
    except (KeyError, IndexError, ValueError):
        if translator is None:
            raise  # the English template itself is wrong: a bug to see at once
        # A translation naming a placeholder its template lacks (the catalog
        # tests catch this) must not crash a game: the whole sentence falls
        # back to English rather than mixing languages.
        return _fill(english, english, values, None)


def as_message(text: str) -> Message:
    """``text`` as a message: itself if it is one, else a fixed text (braces and all)."""
    if isinstance(text, Message):
        return text
    return Message(text.replace("{", "{{").replace("}", "}}"))


def reason_of(error: BaseException) -> Message:
    """The words ``error`` carries: its ``reason``, or its first argument when
    that is a message, else its text as a fixed message."""
    reason = getattr(error, "reason", None)
    if isinstance(reason, Message):
        return reason
    first = error.args[0] if error.args else ""
    return first if isinstance(first, Message) else as_message(str(error))


def msg(template: str, /, **values: Value) -> Message:
    """A message whose ``template`` names ``values`` as ``{name}``."""
    return Message(template, values)


def pmsg(context: str, template: str, /, **values: Value) -> Message:
    """A message whose wording depends on ``context`` (e.g. a boat as a sentence's object)."""
    return Message(template, values, context=context)


def nmsg(singular: str, plural: str, count: int, /, **values: Value) -> Message:
    """A message with plural forms chosen by ``count``, which is also the value ``{count}``."""
    return Message(singular, {"count": count, **values}, plural=plural, count=count)


__all__ = ["ENGLISH", "Listing", "Message", "Translator", "as_message", "msg", "nmsg", "pmsg"]
