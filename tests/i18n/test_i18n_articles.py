"""Hungarian articles before numbers: "az 1", "az 5.", "a 12." (issue 33)."""

from __future__ import annotations

import re

import pytest
from i18n_support import messages, read_catalog, strings

from engine.duel.tokens import token_phrase, token_subject
from engine.message import msg
from tui import i18n


@pytest.fixture
def hungarian() -> object:
    i18n.use("hu")
    yield
    i18n.use("en")


@pytest.mark.parametrize(
    ("number", "vowel"),
    [
        (0, False),
        (1, True),
        (2, False),
        (5, True),
        (10, False),
        (11, False),
        (15, False),
        (50, True),
        (55, True),
        (100, False),
        (500, True),
        (1000, True),
        (1500, True),
        (2000, False),
        (5000, True),
        (10_000, False),
        (50_000, True),
        (1_000_000, True),
        (3_000_000, False),
    ],
)
def test_a_number_read_aloud_starts_with_a_vowel_or_not(number: int, vowel: bool) -> None:
    assert i18n.reads_with_a_vowel(number) is vowel


def test_the_article_follows_the_number() -> None:
    fix = i18n.hungarian_articles
    assert fix("elveszi a 1 körös templomlapkát") == "elveszi az 1 körös templomlapkát"
    assert (
        fix("A 5 értékű sírkamralapka a dobozba kerül")
        == "Az 5 értékű sírkamralapka a dobozba kerül"
    )
    assert fix("a(z) 12. játék sérült") == "a 12. játék sérült"
    assert fix("az 3. sor") == "a 3. sor"
    # Only the article before a number: a word, or "a" inside a word, stays.
    assert fix("a hajó (2. sor), hajóra 5") == "a hajó (2. sor), hajóra 5"
    assert fix("a(z) DAWNA asztal") == "a(z) DAWNA asztal"


@pytest.mark.usefixtures("hungarian")
def test_a_token_with_one_or_five_takes_az() -> None:
    assert i18n.tr(token_phrase("T1")) == "az 1 körös templomlapkát"
    assert i18n.tr(token_phrase("T2")) == "a 2 körös templomlapkát"
    assert i18n.tr(token_phrase("B5")) == "az 5 értékű sírkamralapkát"
    assert i18n.tr(token_phrase("B11")) == "a 11 értékű sírkamralapkát"
    assert i18n.tr(token_subject("B1")).startswith("az 1 ")
    said = i18n.tr(msg("game {game} is no longer in the store", game=5))
    assert said.startswith("az 5. játék"), said


def test_no_other_language_is_touched() -> None:
    i18n.use("de")
    try:
        assert "a 1" not in i18n.tr(token_phrase("T1"))
    finally:
        i18n.use("en")
    assert i18n.tr(msg("game {game} is no longer in the store", game=5)).startswith("game 5")


def test_no_hungarian_sentence_reads_a_table_code_as_an_ordinal() -> None:
    # "{code}. asztal" read "DAWNA. asztal", an ordinal of a word.
    for message in messages(read_catalog("hu")):
        for text in strings(message):
            assert not re.search(r"\{code\}\.", text), text


def test_no_hungarian_sentence_puts_a_or_az_before_a_number_it_writes() -> None:
    # The numbers written in a sentence (not put in): "a 1", "a 5." read wrong.
    for message in messages(read_catalog("hu")):
        for text in strings(message):
            for article, number in re.findall(r"\b([Aa]z?) (\d+)\b", text):
                vowel = i18n.reads_with_a_vowel(int(number))
                assert article.lower() == ("az" if vowel else "a"), text
