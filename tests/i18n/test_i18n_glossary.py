"""The catalogs use the printed editions' words (locale/GLOSSARY.md)."""

from __future__ import annotations

import re

import pytest
from i18n_support import LOCALE, TRANSLATED, messages, read_catalog, strings

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
COLUMNS = {"hu": 1, "de": 2, "ru": 3}  # the glossary tables: English, hu, de, ru
LANGUAGE_NAMES = {"Hungarian": "hu", "German": "de", "Russian": "ru"}


def _rows() -> list[list[str]]:
    text = (LOCALE / "GLOSSARY.md").read_text(encoding="utf-8")
    return [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in text.splitlines()
        if line.startswith("|") and not line.startswith("| ---")
    ]


def _glossary(english: str, language: str) -> str:
    for row in _rows():
        if row[0].strip("*") == english:
            return row[COLUMNS[language]]
    raise AssertionError(f"{english!r} is not in the glossary")


def _forbidden(language: str) -> list[str]:
    for row in _rows():
        if LANGUAGE_NAMES.get(row[0]) == language:
            return [word.strip() for word in row[1].split(",")]
    raise AssertionError(f"no words-not-to-use row for {language}")


ACTION_TOKENS = (
    "Take 1 token",
    "Place 2-3 meeples",
    "Place 1 meeple and unload 1-2x",
    "Swap 2 tokens and unload",
)


@pytest.mark.parametrize("language", TRANSLATED)
def test_action_tokens_carry_the_editions_names(language: str) -> None:
    catalog = read_catalog(language)
    for english in ACTION_TOKENS:
        entry = catalog.get(english, context="token name")
        assert entry is not None, english
        assert entry.string == _glossary(english, language), (language, english)


@pytest.mark.parametrize("language", TRANSLATED)
def test_monuments_carry_the_editions_names(language: str) -> None:
    catalog = read_catalog(language)
    for english, msgid in [
        ("obelisk", "obelisk"),
        ("light pyramid / dark pyramid", "light pyramid"),
        ("temple", "temple {circles}"),
        ("burial chamber", "burial chamber {number}"),
    ]:
        word = _glossary(english, language).split(" / ")[0].split(" (")[0]
        entry = catalog.get(msgid, context="token name")
        assert entry is not None, msgid
        assert entry.string.lower().startswith(word.lower()), (language, msgid, word)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_word_that_is_not_on_the_box(language: str) -> None:
    words = _forbidden(language)
    assert words
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + ")", re.IGNORECASE)
    for message in messages(read_catalog(language)):
        for translation in strings(message):
            found = pattern.search(PLACEHOLDER.sub("", translation))
            assert found is None, (language, found and found.group(), translation)


def test_a_boat_slot_has_one_hungarian_name() -> None:
    # "{boat}, {slot}. hely" beside "{slot}. rakodótér" read as two things
    # (issue 33): a Duel boat's slot is the glossary's word, every time.
    word = _glossary("slot (on a boat)", "hu")
    assert word == "rakodótér"
    for message in messages(read_catalog("hu")):
        english = " ".join(
            str(part) for part in (message.id if isinstance(message.id, tuple) else (message.id,))
        )
        if not re.search(r"\bslots?\b", english):
            continue
        for text in strings(message):
            # A numbered slot ("2. hely") is the glossary's word.
            assert not re.search(r"(\d|\})\. hely", text), (english, text)
