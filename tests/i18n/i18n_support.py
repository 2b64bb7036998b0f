"""Reading the catalogs for the language tests."""

from __future__ import annotations

import re
import string
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from tui.i18n import DOMAIN, LANGUAGES, SOURCE_LANGUAGE

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)

# Rich markup such as [b]...[/b] or [@click=...]; a literal "[" is written "\[".
MARKUP_TAG = re.compile(r"(?<!\\)\[(/?[a-zA-Z@#$][^\[\]]*|/)\]")
# Markdown code spans (the help writes keys and notation in them).
CODE_SPAN = re.compile(r"`[^`]+`")


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def read_catalog(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def messages(catalog: Catalog) -> list[Message]:
    """The catalog's messages without its header entry."""
    return [m for m in catalog if m.id]


def ids(message: Message) -> tuple[str, ...]:
    return (message.id,) if isinstance(message.id, str) else tuple(message.id)


def strings(message: Message) -> tuple[str, ...]:
    return (message.string,) if isinstance(message.string, str) else tuple(message.string)


def placeholders(text: str) -> set[str]:
    """The names of the ``{name}`` fields in a str.format template."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def markup(text: str) -> list[str]:
    """The markup tags and code spans of ``text``, in order."""
    return MARKUP_TAG.findall(text) + CODE_SPAN.findall(text)
