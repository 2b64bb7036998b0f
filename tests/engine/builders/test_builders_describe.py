"""The log's sentence for every kind of Builders decision (engine.builders.describe)."""

from __future__ import annotations

import random
import re

import pytest
from builders_support import BLACK, GREY, WHITE, arrange, last_ship_of_round_one, play, start

from engine.builders import (
    GameState,
    Get,
    Pass,
    Place,
    Play,
    Sail,
    Take,
    Unload,
    apply,
    current_player,
    legal_actions,
    new_game,
)
from engine.builders.actions import Action
from engine.builders.describe import describe
from engine.builders.sites import SITE_LETTERS
from engine.builders.words import card_name
from engine.message import Message

NAMES = ("Ann", "Bob", "Cy", "Dee")
LEFTOVER = re.compile(r"\{[a-z_]+\}")
SITE_WORDS = ("market", "pyramid", "temple", "burial chamber", "obelisks")


def _kind(action: Action) -> str:
    if isinstance(action, Play):
        return action.card
    if isinstance(action, Sail):
        return f"sail to {SITE_LETTERS[action.site]}"
    return type(action).__name__


def _described() -> list[tuple[GameState, Action, Message]]:
    """Every decision of a few random games of each size, with its sentence."""
    found = []
    for seed in range(12):
        rng = random.Random(seed)
        state = new_game(seed, players=2 + seed % 3, variant=seed % 2 == 1)
        while not state.over:
            action = rng.choice(legal_actions(state))
            found.append((state, action, describe(state, action, NAMES)))
            state = apply(state, action)
    return found


@pytest.fixture(scope="module")
def described() -> list[tuple[GameState, Action, Message]]:
    return _described()


def test_random_games_meet_every_kind_of_decision(
    described: list[tuple[GameState, Action, Message]],
) -> None:
    kinds = {_kind(action) for _, action, _ in described}
    wanted = {"Get", "Place", "Unload", "Take", "lever", "hammer", "sail", "chisel"}
    assert kinds >= wanted | {f"sail to {letter}" for letter in SITE_LETTERS}


def test_each_sentence_names_who_decides_and_what(
    described: list[tuple[GameState, Action, Message]],
) -> None:
    for before, action, sentence in described:
        assert isinstance(sentence, Message)
        assert sentence.startswith(NAMES[current_player(before)] + " "), sentence
        assert sentence.endswith(".") and not LEFTOVER.search(sentence), sentence
        if isinstance(action, Place):
            assert f"ship {action.ship + 1}, space {action.slot + 1}" in sentence
        elif isinstance(action, Sail):
            assert f"ship {action.ship + 1} to the {SITE_WORDS[action.site]}." in sentence
        elif isinstance(action, Unload):
            owner = NAMES[before.ships[before.ship][action.slot]]
            assert f"the stone of {owner} from space {action.slot + 1}" in sentence
        elif isinstance(action, Play) and action.card != "hammer":
            assert sentence.lower().endswith(f"blue card {action.card}.")


def test_getting_stones_says_how_many_move() -> None:
    state = start(4)  # black starts with 2 on the sled
    assert describe(state, Get(), NAMES) == ("Ann moves 3 stones from the quarry to the sled.")
    nearly_full = arrange(state, sled=(4, 3, 4, 5))
    assert describe(nearly_full, Get(), NAMES) == "Ann moves 1 stone from the quarry to the sled."


def test_getting_stones_tells_the_count_the_rules_move(
    described: list[tuple[GameState, Action, Message]],
) -> None:
    for before, action, sentence in described:
        if isinstance(action, Get) or action == Play("hammer"):
            seat = current_player(before)
            moved = apply(before, action).sled[seat] - before.sled[seat]
            stones = "stone" if moved == 1 else "stones"
            assert f" {moved} {stones} from the quarry to the sled" in sentence, sentence


def test_taking_a_card_is_told_of_the_stones_owner_with_the_cards_name() -> None:
    state = arrange(start(4), ships=((GREY, WHITE, GREY, -1), (-1,) * 4, (-1,) * 2, (-1,)))
    at_market = play(state, "S1:M")
    assert current_player(at_market) == GREY
    card = at_market.market[1]
    sentence = describe(at_market, Take(1), NAMES)
    assert sentence.startswith("Dee takes the market card ")
    assert sentence == f"Dee takes the market card {card_name(card)}."
    assert at_market.turn == BLACK  # the turn stays black's while grey chooses


def test_the_decision_that_ends_a_round_tells_what_the_temple_scored() -> None:
    state = last_ship_of_round_one(temple=(WHITE, GREY, GREY))
    sentence = describe(state, Sail(3, SITE_LETTERS.index("O")), NAMES)
    assert sentence == (
        "Cy sails ship 4 to the obelisks. Round 1 ends; the temple scores Bob +1, Dee +2."
    )
    empty = last_ship_of_round_one(temple=())
    assert describe(empty, Sail(3, SITE_LETTERS.index("O")), NAMES) == (
        "Cy sails ship 4 to the obelisks. Round 1 ends; no one scores at the temple."
    )
    # Any other decision of the round says nothing of its end.
    assert "Round" not in describe(state, Get(), NAMES)


def test_every_round_end_of_a_game_is_told_once(
    described: list[tuple[GameState, Action, Message]],
) -> None:
    told = [(before.round, sentence) for before, _, sentence in described if "Round " in sentence]
    games = 12
    assert len(told) == games * 6
    for round_, sentence in told:
        assert f"Round {round_} ends; " in sentence, sentence


def test_passing_is_told_as_in_the_duel() -> None:
    stuck = arrange(start(4), sled=(0, 3, 4, 5), pyramid=(BLACK,) * 30)
    assert legal_actions(stuck) == [Pass()]
    assert describe(stuck, Pass(), NAMES) == "Ann has no legal action and passes."
    assert apply(stuck, Pass()).turn == WHITE


def test_every_sentence_is_worded_in_every_language(
    described: list[tuple[GameState, Action, Message]],
) -> None:
    from tui import i18n

    sentences = {str(s): s for _, _, s in described}
    for language in ("hu", "de", "ru"):
        catalog = i18n.translations(language)
        for sentence in sentences.values():
            worded = sentence.render(catalog)
            assert worded != str(sentence), (language, sentence)
            assert not LEFTOVER.search(worded), (language, worded)
