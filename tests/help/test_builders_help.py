"""The Builders help: every rule has a topic, every topic reads in every
language, the numbers are the engine's, and the help opened from the game
lands on what the player is doing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.builders import ALL_ACTIONS, legal_actions, new_game, why_illegal
from engine.builders.cards import KINDS
from engine.builders.rules import apply_unchecked
from engine.builders.sites import OBELISKS_A, PYRAMID_A
from tui import i18n
from tui.builders.glyphs import CARD_CODES
from tui.builders.help import TOPIC_IDS, search_topics, topic_markdown, topic_title
from tui.builders.help.reasons import topic_for_reason
from tui.builders.input import Selection
from tui.builders.prompts import help_topic

HELP = Path(__file__).resolve().parents[2] / "tui" / "builders" / "help"


@pytest.fixture(params=("en", "hu", "de", "ru"))
def language(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    i18n.use(request.param)
    yield request.param
    i18n.use("en")


def test_every_rule_of_the_rules_page_has_a_topic() -> None:
    # BUILDERS.md: the aim and components (1), set-up (2), round cards and a
    # round (3, 4), the actions (5), the five sites (6), the cards (7, 7.4),
    # the end (8), the variant (9), what is seen (10).
    for topic in (
        "goal", "setup", "round", "turn", "sail", "market", "pyramid", "temple", "chamber",
        "obelisks", "cards", "card-lever", "card-hammer", "card-sail", "card-chisel", "end",
        "wrath", "seeing", "guide", "controls",
    ):  # fmt: skip
        assert topic in TOPIC_IDS


def test_every_topic_reads_in_every_language(language: str) -> None:
    english = {}
    i18n.use("en")
    for topic in TOPIC_IDS:
        english[topic] = topic_markdown(topic)
    i18n.use(language)
    for topic in TOPIC_IDS:
        text = topic_markdown(topic)
        assert len(text) > 60, topic
        assert topic_title(topic)
        if language != "en":
            assert text != english[topic], f"{topic} is not translated into {language}"


def test_the_numbers_are_the_engines() -> None:
    i18n.use("en")
    assert " ".join(map(str, PYRAMID_A.points)) in topic_markdown("pyramid")
    assert "| 4 | 15 | 10 | 5 | 1 |" in topic_markdown("obelisks")
    assert OBELISKS_A.places[3] == (12, 6, 1)
    assert "| 3 | 12 | 6 | 1 |" in topic_markdown("obelisks")
    cards = topic_markdown("cards")
    for kind in KINDS:
        assert f"`{CARD_CODES[kind]}`" in cards


def test_search_finds_topics_by_title_and_by_code() -> None:
    i18n.use("en")
    assert search_topics("pyramid")[0] == "pyramid"
    assert search_topics("Lv")[0] == "card-lever"
    assert "wrath" in search_topics("pharaoh")
    assert search_topics("") == list(TOPIC_IDS)


def test_no_help_module_is_longer_than_four_hundred_lines() -> None:
    for path in HELP.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 400, path.name


def test_help_opens_on_the_decision_in_progress() -> None:
    rng = random.Random(4)
    seen = set()
    for seed in range(30):
        state = new_game(seed, players=2 + seed % 3)
        while not state.over:
            topic = help_topic(state, Selection())
            assert topic in TOPIC_IDS
            seen.add(topic)
            state = apply_unchecked(state, rng.choice(legal_actions(state)))
        seen.add(help_topic(state, Selection()))
    assert seen <= set(TOPIC_IDS)
    assert {"turn", "market", "card-lever", "end"} <= seen


def test_every_refusal_leads_to_a_topic() -> None:
    rng = random.Random(9)
    state = new_game(3, players=3)
    reasons = set()
    while not state.over:
        for action in ALL_ACTIONS:
            reason = why_illegal(state, action)
            if reason is not None:
                reasons.add(str(reason))
        state = apply_unchecked(state, rng.choice(legal_actions(state)))
    assert len(reasons) > 10
    for reason in reasons:
        assert topic_for_reason(reason) in TOPIC_IDS


@pytest.mark.parametrize(
    ("reason", "topic"),
    [
        ("Lever needs a ship that can sail now, and there is none", "card-lever"),
        ("Hammer needs a stone on your sled or in your quarry", "card-hammer"),
        ("Chisel needs a stone on your sled, and it is empty", "card-chisel"),
        ("Sail needs a stone on your sled, and it is empty", "card-sail"),
        ("Sail needs a ship that one more stone lets sail, and there is none", "card-sail"),
    ],
)
def test_a_blue_card_that_cannot_be_played_leads_to_its_own_topic(reason: str, topic: str) -> None:
    assert topic_for_reason(reason) == topic
