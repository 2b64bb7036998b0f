"""The player's language: which one, and the words in it.

Catalogs are GNU gettext ``.mo`` files compiled by Babel from the ``.po``
files in ``locale/`` (the wheel ships that folder as ``tui/locale``), read with
the standard library's :mod:`gettext`. The language is chosen once at start
(:func:`choose_language`: ``--lang``, then the setting, then the environment's
``LC_ALL``, ``LC_MESSAGES``, ``LANG``, then English) and can be changed while
the app runs (:func:`use`). A string missing from a catalog, or a catalog
missing altogether, comes out in English.

Mark text where it is written: ``_("...")`` for a sentence, ``ngettext`` when
it has a count, ``pgettext`` when one English word needs different words in
another language, and :func:`N_` for a table built at import time that must
be translated when shown (``_(TABLE[key])``). The engine's words are
:class:`engine.message.Message` values; :func:`tr` words them in the current
language. Put whole sentences with named placeholders in the catalog, never
sentences glued from pieces (see STYLE.md, "Languages").

Recipes:

- A key's description is fixed when its class is defined, before the
  language is known: write ``Binding("z", "undo", N_("undo"))`` and let the
  key bar show ``_(binding.description)``.
- A sentence with a number: ``ngettext("{count} game", "{count} games",
  n).format(count=n)``; never choose the form with ``if n == 1``.
- Rich markup and Markdown code spans in a message must survive translation
  unchanged (the catalog tests compare them); keep them few and put the
  words outside them.
- After :func:`use`, text drawn from then on is in the new language; a
  screen already showing must draw itself again to follow.

This module imports nothing from the engine, so the start screen can use it
without loading the rules.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Final

DOMAIN: Final = "imhotep"
SOURCE_LANGUAGE: Final = "en"

# Each language in its own words, as the language menu shows it.
LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "hu": "Magyar",
    "de": "Deutsch",
    "ru": "Русский",
}

# The variables that name the language of messages, strongest first (POSIX).
LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")

_HERE = Path(__file__).resolve().parent


def locale_dir() -> Path:
    """Where the compiled catalogs are: ``tui/locale`` installed, ``locale/`` in a checkout."""
    installed = _HERE / "locale"
    if installed.is_dir():
        return installed
    return _HERE.parent / "locale"


def normalize(code: str | None) -> str | None:
    """The supported language a locale name or code stands for, or None.

    ``"hu_HU.UTF-8"``, ``"de-AT"``, ``"RU"`` and ``"ru_RU@euro"`` all name a
    language we speak; ``"C"``, ``"POSIX"`` and ``"C.UTF-8"`` mean English;
    anything else is None.
    """
    if not code:
        return None
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if base in ("c", "posix"):
        return SOURCE_LANGUAGE
    return base if base in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, English if it names none we speak.

    As POSIX has it, the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that
    is set and not empty decides; a language we lack there means English, not
    a weaker variable's choice.
    """
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name)
        if value:
            return normalize(value) or SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def choose_language(
    command_line: str | None = None,
    setting: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language to use: ``--lang``, else the setting, else the environment.

    A setting of ``"auto"`` (or none) defers to the environment; a value we do
    not speak is passed over as if it were not there.
    """
    for choice in (command_line, setting):
        language = normalize(choice) if choice and choice != "auto" else None
        if language is not None:
            return language
    return language_from_environment(environ)


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The catalog of ``language``; English (no catalog) for the source language.

    A catalog that is missing or cannot be read gives English rather than an
    error: the game must start whatever happened to its files.
    """
    if language == SOURCE_LANGUAGE or language not in LANGUAGES:
        return _gettext.NullTranslations()
    path = locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as handle:
            return _gettext.GNUTranslations(handle)
    except (OSError, ValueError, UnicodeDecodeError):
        # gettext raises OSError for a damaged file and ValueError or
        # UnicodeDecodeError for bad headers or text.
        return _gettext.NullTranslations()


class _Current:
    # The one piece of mutable state: the language this process shows. An app
    # runs one player's session (the SSH server starts a process per session).
    language: str = SOURCE_LANGUAGE
    catalog: _gettext.NullTranslations = _gettext.NullTranslations()


def use(language: str) -> str:
    """Show ``language`` from now on (English for one we do not speak); returns it."""
    chosen = normalize(language) or SOURCE_LANGUAGE
    _Current.language = chosen
    _Current.catalog = translations(chosen)
    return chosen


def current_language() -> str:
    return _Current.language


def translator() -> _gettext.NullTranslations:
    """The current catalog, for :meth:`engine.message.Message.render`."""
    return _Current.catalog


def _(message: str) -> str:
    """``message`` in the current language."""
    return _Current.catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the current language (Russian has three, Hungarian one)."""
    return _Current.catalog.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from its homonyms by ``context``."""
    return _Current.catalog.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _Current.catalog.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet."""
    return message


def tr(text: str) -> str:
    """Engine words (a :class:`~engine.message.Message`) in the current language.

    Anything else is returned as it is: a player's name, a file name, notation.
    """
    render = getattr(text, "render", None)
    if render is None:
        return text
    result: str = render(_Current.catalog)
    if _Current.language == "hu":
        result = hungarian_articles(result)
    return result


# "a", "az" or "a(z)" standing before a number: the article of a number put
# into a sentence, which the translator could not choose.
_ARTICLE_BEFORE_NUMBER = re.compile(r"\b([Aa])(?:z|\(z\))? (?=(\d+)\b)")


def reads_with_a_vowel(number: int) -> bool:
    """Whether ``number`` read aloud in Hungarian starts with a vowel: egy (1),
    öt (5), ötven (50), ötszáz (500), ezer (1000), egymillió; an ordinal reads
    the same way (első, ötödik, ezredik)."""
    if number >= 1000:
        magnitude, group = 0, number
        while group >= 1000:
            magnitude, group = magnitude + 1, group // 1000
        # One thousand is "ezer"; one million "egymillió".
        return True if group == 1 else reads_with_a_vowel(group)
    if number >= 100:
        return number // 100 == 5  # száz, kétszáz, ..., ötszáz
    if number >= 10:
        return number // 10 == 5  # tíz, húsz, ..., ötven
    return number in (1, 5)  # nulla, egy, kettő, ..., öt


def hungarian_articles(text: str) -> str:
    """``text`` with the article before each number made right for the number:
    "az 1 körös", "az 5. játék", "a 12. játék". A catalog cannot choose it,
    since the number is put in after translation, so its sentences write
    "a" (or "a(z)") and the number decides here."""

    def article(found: re.Match[str]) -> str:
        vowel = reads_with_a_vowel(int(found.group(2)))
        return f"{found.group(1)}{'z' if vowel else ''} "

    return _ARTICLE_BEFORE_NUMBER.sub(article, text)


def tr_error(error: BaseException) -> str:
    """Why ``error`` happened, in the current language where its words allow.

    What a player is told comes as ``reason``, a
    :class:`~engine.message.Message`: a :class:`~match.errors.MatchError`'s
    (a file, the game store) and the engine's errors' alike; anything else
    is shown as it is.
    """
    reason = getattr(error, "reason", None)
    if isinstance(reason, str) and reason:
        return tr(reason)
    return str(error)


__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_VARIABLES",
    "N_",
    "_",
    "choose_language",
    "current_language",
    "hungarian_articles",
    "language_from_environment",
    "locale_dir",
    "ngettext",
    "normalize",
    "npgettext",
    "pgettext",
    "tr",
    "tr_error",
    "translations",
    "translator",
    "use",
]
