"""The outlook: expected final monument points from what is still to come."""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import pytest
from ai_support import midgame
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from ai.duel.evaluate import OUTLOOK, SCORE, points
from ai.duel.outlook import (
    _temple_outlook,
    monuments_outlook,
    obelisk_outlook,
    outlook,
    pool_of,
    share,
)
from engine.duel import NO_PLAYER, GameState, Player, Sides, new_game, unloadable_boats
from engine.duel.scoring import obelisk_points, temple_points
from engine.duel.tokens import FULL_SET

SIDE_SETS = ["AAAA", "BBBB", "ABAB", "BABA"]


def held_codes(player: Player) -> Counter[str]:
    held: Counter[str] = Counter({"OB": player.obelisks, "PL": player.light, "PD": player.dark})
    held.update(f"T{v}" for v in player.temples)
    held.update(f"B{n}" for n in player.chambers)
    held.update(player.actions)
    return held


def with_players(
    state: GameState, first: Player, second: Player, *, first_to_five: int = NO_PLAYER
) -> GameState:
    return replace(state, players=(first, second), first_to_five=first_to_five)


@pytest.mark.parametrize("plies", [0, 10, 30, 60])
def test_the_pool_is_what_nobody_holds_and_the_box_has_not_taken(plies: int) -> None:
    state = midgame(2, plies)
    pool = pool_of(state.box, *state.players)
    left = Counter(FULL_SET) - Counter(state.box)
    for player in state.players:
        left -= held_codes(player)
    # Exactly the tokens on the boats and face down: public counts, never an order.
    on_boats = Counter(t for slots in state.boats if slots for t in slots)
    assert left == on_boats + Counter(state.supply + state.reserve)
    assert pool.size == left.total()
    assert pool.obelisks == left["OB"]
    assert (pool.light, pool.dark) == (left["PL"], left["PD"])
    assert pool.temples == tuple(left[f"T{v}"] for v in (1, 2, 3, 4))
    assert pool.chambers == {n for n in range(1, 13) if left[f"B{n}"]}


def test_the_share_falls_as_the_game_runs_out() -> None:
    shares = [share(size) for size in range(60, -1, -1)]
    assert shares == sorted(shares, reverse=True)
    assert 0.35 < shares[0] < 0.45
    # A handful of tokens (the last boat's) is never handed out.
    assert share(3) == 0.0
    assert share(0) == 0.0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 80), sides=st.sampled_from(SIDE_SETS))
def test_with_nothing_left_to_come_the_outlook_is_the_score(
    seed: int, plies: int, sides: str
) -> None:
    state = midgame(seed, plies, sides)
    first, second = state.players
    pool = pool_of(state.box, first, second)
    held = (first.obelisks, second.obelisks)
    expected = [points(state, who) for who in (0, 1)]
    # Nothing to come at all, or a share of nothing: either way the score.
    for coming, chance in ((0, share(pool.size)), (pool.obelisks, 0.0)):
        obelisks = obelisk_outlook(state.sides.obelisk, held, state.first_to_five, coming, chance)
        for who, player in enumerate(state.players):
            obelisk = obelisk_points(state.sides, state.players, state.first_to_five, who)
            assert obelisks[who] == obelisk
            assert monuments_outlook(state.sides, player, pool, 0.0) == pytest.approx(
                expected[who] - obelisk
            )


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 80))
def test_a_sides_promise_at_least_what_is_held(seed: int, plies: int) -> None:
    # On the A sides a token never lowers a temple, pyramid or chamber score,
    # so what is still to come can only add to them.
    state = midgame(seed, plies, "AAAA")
    pool = pool_of(state.box, *state.players)
    chance = share(pool.size)
    for who, player in enumerate(state.players):
        held = points(state, who) - obelisk_points(
            state.sides, state.players, state.first_to_five, who
        )
        assert monuments_outlook(state.sides, player, pool, chance) >= held - 1e-9


def test_a_chamber_token_next_to_a_run_is_worth_more_on_side_a() -> None:
    state = new_game(1, sides="AAAA")
    run = Player(chambers=(3, 4))
    beside = outlook(with_players(state, Player(chambers=(3, 4, 5)), Player()))[0]
    apart = outlook(with_players(state, Player(chambers=(3, 4, 10)), Player()))[0]
    now = outlook(with_players(state, run, Player()))[0]
    assert beside > apart > now


def test_side_b_chamber_prefers_tokens_apart() -> None:
    # Every group scores the same on side B: joining two groups loses one.
    state = new_game(1, sides="BBBB")
    joined = outlook(with_players(state, Player(chambers=(3, 4, 5)), Player()))[0]
    apart = outlook(with_players(state, Player(chambers=(3, 5, 10)), Player()))[0]
    assert apart > joined


def test_side_b_pyramids_value_the_missing_colour() -> None:
    state = new_game(1, sides="BBBB")
    pair = outlook(with_players(state, Player(light=2, dark=1), Player()))[0]
    lopsided = outlook(with_players(state, Player(light=3), Player()))[0]
    assert pair > lopsided


def test_side_b_fourth_obelisk_counts_before_it_scores() -> None:
    state = new_game(1, sides="BBBB")
    three = with_players(state, Player(obelisks=3), Player(obelisks=3))
    four = with_players(state, Player(obelisks=4), Player(obelisks=3))
    # The score sees nothing yet; the outlook sees the race to five swing.
    assert points(four, 0) == points(three, 0)
    assert outlook(four)[0] - outlook(three)[0] > 2
    assert outlook(four)[1] < outlook(three)[1]
    # Once the opponent was first to five, a fourth is worth less to the race.
    behind = with_players(state, Player(obelisks=4), Player(obelisks=5), first_to_five=1)
    assert outlook(behind)[0] < outlook(four)[0]


def test_side_a_obelisk_majority_leans_to_the_leader() -> None:
    state = new_game(1, sides="AAAA")
    level = outlook(with_players(state, Player(obelisks=3), Player(obelisks=3)))
    ahead = outlook(with_players(state, Player(obelisks=5), Player(obelisks=3)))
    assert level[0] == pytest.approx(level[1])
    assert ahead[0] - level[0] > 2  # two tokens and a larger part of the bonus
    assert ahead[1] < level[1]


def test_the_outlook_is_symmetric_between_the_players() -> None:
    state = midgame(4, 40, "BABA")
    swapped = replace(
        state,
        players=state.players[::-1],
        first_to_five=NO_PLAYER if state.first_to_five < 0 else 1 - state.first_to_five,
    )
    assert outlook(swapped) == pytest.approx(outlook(state)[::-1])


@pytest.mark.parametrize("seed", [8, 9, 10])
def test_a_finished_game_has_nothing_more_to_come(seed: int) -> None:
    # The last boat's cargo and the reserve are still in the pool, but the
    # game is over: the outlook is the monument score.
    state = midgame(seed, 400, SIDE_SETS[seed % len(SIDE_SETS)])
    assert state.over
    assert pool_of(state.box, *state.players).size > 0
    assert outlook(state) == tuple(float(points(state, who)) for who in (0, 1))
    for who in (0, 1):
        assert OUTLOOK.evaluate(state, who) == SCORE.evaluate(state, who)


def test_obelisk_races_follow_the_model_exactly() -> None:
    # Hand-worked: side B, 4 against 4 obelisks, one left to come, chance 0.4
    # each. Whoever gets it is first to five (12), the other stays at 4 (0).
    mine, theirs = obelisk_outlook("B", (4, 4), NO_PLAYER, 1, 0.4)
    assert mine == pytest.approx(0.4 * 12) and theirs == pytest.approx(0.4 * 12)
    # Two to come, 4 against 3: player 0 is first to five with any one of
    # them (1 - 0.6 * 0.6); player 1 needs both (0.4 * 0.4), and then player 0
    # stays at four.
    mine, theirs = obelisk_outlook("B", (4, 3), NO_PLAYER, 2, 0.4)
    assert mine == pytest.approx(12 * (1 - 0.6**2))
    assert theirs == pytest.approx(12 * 0.4**2)
    # Side A, 3 against 3, one to come: the taker leads by one (+1 and +6).
    mine, _ = obelisk_outlook("A", (3, 3), NO_PLAYER, 1, 0.4)
    assert mine == pytest.approx(3 + 0.4 * (1 + 6))
    # Nothing to come is the score itself.
    assert obelisk_outlook("B", (6, 2), 0, 0, 0.3) == (12.0, 0.0)
    # A target out of reach counts nothing, however many tokens are shared.
    assert obelisk_outlook("B", (1, 9), 1, 3, 0.4)[0] == 0.0


def temple_b_by_enumeration(
    held: tuple[int, int, int, int], coming: tuple[int, int, int, int], chance: float
) -> float:
    """Side B temples' expected points over every way the four values may come."""
    total = 0.0
    for gained in itertools.product(*(range(c + 1) for c in coming)):
        chance_of = 1.0
        for g, c in zip(gained, coming, strict=True):
            chance_of *= comb(c, g) * chance**g * (1 - chance) ** (c - g)
        values = tuple(
            v for v, h, g in zip((1, 2, 3, 4), held, gained, strict=True) for _ in range(h + g)
        )
        total += chance_of * temple_points("B", values)
    return total


@settings(max_examples=300, deadline=None)
@given(
    held=st.tuples(*[st.integers(0, 4)] * 4),
    coming=st.tuples(*[st.integers(0, 4)] * 4),
    chance=st.sampled_from([0.0, 0.1, 0.25, 0.4, 0.5]),
)
def test_side_b_temples_by_layers_match_every_way_the_values_may_come(
    held: tuple[int, int, int, int], coming: tuple[int, int, int, int], chance: float
) -> None:
    expected = temple_b_by_enumeration(held, coming, chance)
    assert _temple_outlook("B", held, coming, chance) == pytest.approx(expected, abs=1e-9)


def test_the_outlook_prefers_the_promising_unload_that_the_score_misses() -> None:
    # Side B obelisks: a fourth obelisk scores nothing yet, a temple 1 scores
    # one point now. The score-now view takes the temple; the outlook sees
    # that the fourth obelisk leads the race to twelve points.
    base = new_game(1, sides="BBBB")
    state = with_players(base, Player(obelisks=3), Player(obelisks=3))
    obelisk = with_players(base, Player(obelisks=4), Player(obelisks=3))
    temple = with_players(base, Player(obelisks=3, temples=(1,)), Player(obelisks=3))
    assert not unloadable_boats(state)  # nothing ready: only the holdings differ
    assert SCORE.material(temple, 0) > SCORE.material(obelisk, 0)
    assert OUTLOOK.material(obelisk, 0) > OUTLOOK.material(temple, 0)


def test_sides_are_part_of_the_cache_key() -> None:
    player = Player(light=3)
    pool = pool_of((), player, Player())
    a = monuments_outlook(Sides.parse("AAAA"), player, pool, 0.3)
    b = monuments_outlook(Sides.parse("AABA"), player, pool, 0.3)
    assert a != b
