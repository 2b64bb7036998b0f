"""ai.players: each game's computer players, found by the game's kind."""

from __future__ import annotations

import random
import threading

import pytest

from ai import builders, duel
from ai.players import HINTS, PLAYERS, default_level, hint, levels, make_player
from engine.games import GAMES, game
from match.seats import HUMAN, is_seat_kind


def test_the_duel_offers_its_own_levels_weakest_first() -> None:
    assert levels("duel") == duel.LEVELS
    for level in duel.LEVELS:
        player = make_player("duel", level, seed=1, time_budget=0.1)
        assert isinstance(player, duel.ComputerPlayer)
        assert player.level == level


def test_every_game_of_the_product_is_named_and_every_level_can_be_kept() -> None:
    # The store reads a seat's level back only if it is a seat kind's word.
    assert set(PLAYERS) == set(GAMES)
    for kind in GAMES:
        assert levels(kind) and HUMAN not in levels(kind)
        assert all(is_seat_kind(level) for level in levels(kind))
        assert default_level(kind) in levels(kind)
    assert default_level("duel") == "medium" and default_level("chess") is None


def test_an_unknown_game_has_no_levels_and_an_unknown_level_no_player() -> None:
    assert levels("chess") == ()
    with pytest.raises(ValueError, match="random"):
        make_player("builders", "random")
    with pytest.raises(ValueError, match="grandmaster"):
        make_player("duel", "grandmaster")


def test_builders_offers_its_own_levels_and_they_stop_on_an_event() -> None:
    assert levels("builders") == builders.LEVELS == ("easy", "medium", "hard")
    rules = game("builders")
    player = make_player("builders", "hard", seed=2, time_budget=60.0)
    assert isinstance(player, builders.BuildersPlayer) and player.level == "hard"
    rng = random.Random(4)
    state = rules.start(rules.deal(2, rng))
    while len(rules.legal_actions(state)) < 2:
        state = rules.apply(state, rules.legal_actions(state)[0])
    stop = threading.Event()
    stop.set()
    # A set Event ends the search after its first iteration, however long the budget.
    action = player.choose(state, should_stop=stop)
    assert rules.why_illegal(state, action) is None
    assert player.last_iterations == 1


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_game_gives_a_hint_through_one_door(kind: str) -> None:
    assert set(HINTS) == set(GAMES)
    rules = game(kind)
    rng = random.Random(6)
    state = rules.start(rules.deal(rules.seat_counts[0], rng))
    for _ in range(6):
        state = rules.apply(state, rng.choice(list(rules.legal_actions(state))))
    stop = threading.Event()
    stop.set()  # the quickest hint: one iteration
    action, reason = hint(kind, state, should_stop=stop)
    assert rules.why_illegal(state, action) is None
    assert str(reason)


def test_a_game_without_hints_says_so() -> None:
    with pytest.raises(ValueError, match="chess"):
        hint("chess", object())
