"""ai.players: each game's computer players, found by the game's kind."""

from __future__ import annotations

import random
import threading

import pytest

from ai import duel
from ai.ismcts import IsmctsPlayer
from ai.players import PLAYERS, default_level, levels, make_player
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
    with pytest.raises(ValueError, match="easy"):
        make_player("builders", "easy")
    with pytest.raises(ValueError, match="grandmaster"):
        make_player("duel", "grandmaster")


def test_the_builders_computer_is_the_neutral_search_and_stops_on_an_event() -> None:
    rules = game("builders")
    player = make_player("builders", "hard", seed=2, time_budget=60.0)
    assert isinstance(player, IsmctsPlayer) and player.game is rules
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
