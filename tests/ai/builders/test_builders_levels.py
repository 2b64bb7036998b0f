"""ai.builders: every level plays legal games at every table, and never peeks."""

from __future__ import annotations

import random
import threading

import pytest
from msgspec.structs import replace

from ai.builders import LEVELS, hint, make_player
from ai.builders.evaluate import chances, outlook
from ai.builders.search import info_key
from engine.builders.game import BUILDERS
from engine.builders.sites import ROUND_CARDS
from engine.builders.state import GameState
from engine.message import Message


def _start(seats: int, seed: int, variant: bool = False) -> GameState:
    options = {"seed": str(seed), "variant": "yes" if variant else "no"}
    return BUILDERS.start(BUILDERS.deal(seats, random.Random(seed), options))


def _midgame(seats: int, seed: int, plies: int) -> GameState:
    """A position ``plies`` random steps in where there is a choice to make."""
    rng = random.Random(seed)
    state = _start(seats, seed, variant=seed % 2 == 1)
    for step in range(2000):
        if BUILDERS.over(state):
            break
        legal = BUILDERS.legal_actions(state)
        if step >= plies and len(legal) > 1:
            return state
        state = BUILDERS.apply_unchecked(state, rng.choice(legal))
    pytest.fail("no choice came up")


def with_hidden_order(state: GameState, rng: random.Random) -> GameState:
    """``state`` with another deck order and other round cards to come."""
    deck = list(state.deck)
    rng.shuffle(deck)
    seen = state.rounds[: state.round]
    unseen = [r for r in range(len(ROUND_CARDS[state.players])) if r not in seen]
    rng.shuffle(unseen)
    return replace(state, deck=tuple(deck), rounds=(*seen, *unseen[: 6 - len(seen)]))


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("variant", [False, True])
def test_every_level_plays_a_whole_game_in_every_seat(seats: int, variant: bool) -> None:
    # The levels take turns round the table, so each sits in several seats.
    order = [LEVELS[(seat + seats + variant) % len(LEVELS)] for seat in range(seats)]
    players = [
        make_player(level, seed=seat, time_budget=60.0, max_iterations=12)
        for seat, level in enumerate(order)
    ]
    state = _start(seats, 40 + seats, variant)
    while not BUILDERS.over(state):
        action = players[BUILDERS.current_player(state)].choose(state)
        state = BUILDERS.apply(state, action)  # checked: an illegal step would raise
    assert BUILDERS.result(state, ["a", "b", "c", "d"][:seats]) is not None


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("seats", "plies"), [(2, 0), (3, 25), (4, 60), (2, 90)])
def test_a_decision_does_not_depend_on_the_hidden_order(level: str, seats: int, plies: int) -> None:
    state = _midgame(seats, 100 + plies, plies)
    other = with_hidden_order(state, random.Random(plies))
    assert other != state
    seat = BUILDERS.current_player(state)
    assert BUILDERS.view(other, seat) == BUILDERS.view(state, seat)
    chosen = [
        make_player(level, seed=9, time_budget=60.0, max_iterations=80).choose(position)  # type: ignore[arg-type]
        for position in (state, other)
    ]
    assert chosen[0] == chosen[1]
    assert BUILDERS.why_illegal(state, chosen[0]) is None


def test_the_hint_does_not_depend_on_the_hidden_order() -> None:
    state = _midgame(3, 7, 30)
    other = with_hidden_order(state, random.Random(5))
    assert other != state
    first = hint(state, seed=3, time_budget=60.0, max_iterations=60)
    second = hint(other, seed=3, time_budget=60.0, max_iterations=60)
    assert first == second


@pytest.mark.parametrize(("seats", "plies"), [(2, 3), (3, 40), (4, 20), (2, 70)])
def test_a_hint_is_a_legal_step_and_a_reason(seats: int, plies: int) -> None:
    state = _midgame(seats, 200 + plies, plies)
    action, reason = hint(state, seed=1, time_budget=60.0, max_iterations=40)
    assert BUILDERS.why_illegal(state, action) is None
    assert isinstance(reason, Message) and str(reason)
    assert "{" not in str(reason)


def test_a_forced_step_is_hinted_at_once_and_a_finished_game_is_not() -> None:
    rng = random.Random(3)
    state = _start(2, 3)
    while len(BUILDERS.legal_actions(state)) != 1:
        state = BUILDERS.apply(state, rng.choice(BUILDERS.legal_actions(state)))
    action, reason = hint(state, time_budget=60.0)
    assert action == BUILDERS.legal_actions(state)[0]
    assert str(reason)
    while not BUILDERS.over(state):
        state = BUILDERS.apply(state, rng.choice(BUILDERS.legal_actions(state)))
    with pytest.raises(ValueError, match="over"):
        hint(state)
    for level in LEVELS:
        with pytest.raises(ValueError, match="over"):
            make_player(level).choose(state)


def test_a_cancel_ends_hards_search_at_once() -> None:
    state = _midgame(4, 3, 10)
    stop = threading.Event()
    stop.set()
    player = make_player("hard", seed=2, time_budget=60.0)
    action = player.choose(state, should_stop=stop)
    assert BUILDERS.why_illegal(state, action) is None
    assert player.last_iterations == 1


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="grandmaster"):
        make_player("grandmaster")  # type: ignore[arg-type]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_outlook_is_the_final_score_at_the_end_and_chances_add_up(seats: int) -> None:
    rng = random.Random(seats)
    state = _start(seats, seats, variant=True)
    while not BUILDERS.over(state):
        assert sum(chances(state)) == pytest.approx(1.0)
        assert all(0.0 <= c <= 1.0 for c in chances(state))
        state = BUILDERS.apply(state, rng.choice(BUILDERS.legal_actions(state)))
    assert outlook(state) == [float(total) for total in BUILDERS.totals(state)]


def test_the_search_key_is_what_a_seat_sees() -> None:
    state = _midgame(3, 4, 35)
    seat = BUILDERS.current_player(state)
    other = with_hidden_order(state, random.Random(1))
    assert info_key(other, seat) == info_key(state, seat)
    # Anything a seat sees changes the key: here the next round card.
    shown = replace(state, round=state.round + 1) if state.round < 6 else None
    if shown is not None:
        assert info_key(shown, seat) != info_key(state, seat)


def _a_take_step(seats: int, seed: int) -> GameState:
    rng = random.Random(seed)
    state = _start(seats, seed)
    while state.step != "take":
        state = BUILDERS.apply_unchecked(state, rng.choice(BUILDERS.legal_actions(state)))
    return state


def test_the_market_splits_a_node_only_where_a_card_is_taken() -> None:
    # A market dealt below the root from a sampled deck would otherwise split
    # every line of play into thin nodes, one per sampled deal.
    state = _a_take_step(3, 8)
    swapped = replace(state, market=tuple(reversed(state.market)))
    assert swapped.market != state.market
    assert info_key(swapped, 0) != info_key(state, 0)  # which card: the decision
    before = _start(3, 8)
    other = replace(before, market=tuple(reversed(before.market)))
    assert before.step != "take" and other.market != before.market
    assert info_key(other, 0) == info_key(before, 0)


def test_a_hinted_sail_or_unload_is_told_as_a_lead_never_as_a_loss_of_points() -> None:
    """Told as two numbers, a sail often read 'adds -5.1 to the points you can
    expect and -1.9 to your strongest rival's': advice to lose points."""
    import re

    from ai.builders.explain import explain
    from engine.builders.actions import Sail, Unload

    told = 0
    for seats, seed, plies in ((2, 11, 30), (3, 12, 45), (4, 13, 25), (3, 14, 90)):
        state = _midgame(seats, seed, plies)
        rng = random.Random(seed)
        while not BUILDERS.over(state) and told < 200:
            for action in BUILDERS.legal_actions(state):
                if isinstance(action, Sail | Unload):
                    reason = str(explain(state, action, random.Random(1)))
                    told += 1
                    assert not re.search(r"-\d", reason), reason
                    assert "gains you" in reason or "costs you" in reason, reason
            state = BUILDERS.apply(state, rng.choice(BUILDERS.legal_actions(state)))
    assert told >= 50
