"""Hard's use of time: early stops, extra time for open questions, the bank."""

from __future__ import annotations

import random

import pytest
from ai_support import forced_position, midgame

import ai.duel.players
from ai.duel import make_player
from ai.duel.players import MAX_BUDGET, SEARCH_CAP
from ai.duel.tree import HardChoice, tree_search
from engine.duel import GameState, legal_actions


def test_a_search_stops_once_its_answer_cannot_change() -> None:
    # One legal step: the answer is known at the first check, long before a
    # minute is up (a search that missed this would run the whole minute).
    result = tree_search(forced_position(), random.Random(1), budget=60.0)
    assert result.stopped == "decided"
    assert result.iterations == 16


def test_a_capped_search_never_stops_early() -> None:
    # A cap makes results independent of the machine's speed, so the
    # timing rules must stay out of it.
    result = tree_search(forced_position(), random.Random(1), budget=60.0, max_iterations=200)
    assert (result.stopped, result.iterations) == ("cap", 200)


def test_extra_time_is_spent_only_until_the_question_settles() -> None:
    state = midgame(3, 12, sides="BBBB")
    result = tree_search(state, random.Random(2), budget=0.0, extra=60.0)
    assert result.stopped == "settled"
    assert result.steps[0] in legal_actions(state)


def test_without_extra_time_a_search_ends_when_its_time_is_up() -> None:
    state = midgame(3, 12, sides="BBBB")
    result = tree_search(state, random.Random(2), budget=0.0)
    assert (result.stopped, result.iterations) == ("time", 1)


def test_hard_saves_time_and_spends_it_later(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[float, float]] = []

    def instant_search(
        state: GameState,
        rng: random.Random,
        budget: float,
        stop: object,
        max_passes: int | None,
        extra: float,
    ) -> HardChoice:
        asked.append((budget, extra))
        return HardChoice((legal_actions(state)[0],), False)

    monkeypatch.setattr(ai.duel.players, "hard_search", instant_search)
    player = make_player("hard", seed=1, time_budget=0.3)
    state = midgame(4, 6)
    player.choose(forced_position())  # costs nothing, pays 0.3 s in
    for _ in range(12):
        player.choose(state)
    budget, extra = asked[0]
    # A third of the 0.3 s saved lengthens the search, a third waits as extra.
    assert budget == pytest.approx(0.3 + 0.1, abs=0.01)
    assert extra == pytest.approx(0.1, abs=0.01)
    # Searches that take no time keep saving; one decision never passes the cap.
    assert asked[1][0] > budget
    assert all(b + e <= SEARCH_CAP + 1e-9 for b, e in asked)
    assert SEARCH_CAP < MAX_BUDGET  # room for the last iteration within the cap
    assert asked[-1][0] + asked[-1][1] == pytest.approx(SEARCH_CAP)
