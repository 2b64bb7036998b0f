"""ai.builders.evaluate: the fitted outlook reads only what every seat sees, and
bench/builders_fit.py fits weights that predict what they should."""

from __future__ import annotations

import math
import random

import pytest
from msgspec.structs import replace

from ai.builders.evaluate import (
    FEATURES,
    GAINS,
    TEMPERATURE,
    chances,
    features,
    outlook,
    softness,
)
from engine.builders.game import BUILDERS
from engine.builders.scoring import score
from engine.builders.sites import ROUNDS
from tests.ai.builders.test_builders_bench import _bench_script
from tests.ai.builders.test_builders_levels import _midgame, with_hidden_order

fit = _bench_script("builders_fit")


def test_every_table_and_round_has_a_gain_per_feature_and_a_temperature() -> None:
    for seats in (2, 3, 4):
        assert len(GAINS[seats]) == ROUNDS
        assert all(len(gains) == len(FEATURES) for gains in GAINS[seats])
        at_end, growth = TEMPERATURE[seats]
        assert at_end > 0 and growth > 0


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_chances_grow_sharper_smoothly_as_the_end_nears(seats: int) -> None:
    """No step in how sure the chances are where a round ends: a search that
    compares positions on both sides of it is not pulled either way."""
    rng = random.Random(seats)
    state = _midgame(seats, 20 + seats, 0)
    growth = TEMPERATURE[seats][1]
    ends = 0
    while not state.over:
        after = BUILDERS.apply(state, rng.choice(BUILDERS.legal_actions(state)))
        if after.over:
            break
        ends += after.round != state.round
        # A step sails at most one of a round's two or more ships.
        assert softness(state) >= softness(after) >= softness(state) * math.exp(-growth / 2)
        state = after
    assert ends == ROUNDS - 1


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_stone_on_a_ship_is_worth_more_than_one_on_the_sled(seats: int) -> None:
    # What loading a ship is for: without it the outlook would never load one.
    for gains in GAINS[seats]:
        assert (
            gains[FEATURES.index("stones on ships yet to sail")]
            > gains[FEATURES.index("stones on the sled")]
        )


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_outlook_does_not_depend_on_the_hidden_order(seats: int) -> None:
    for plies in (5, 30, 60):
        state = _midgame(seats, 40 + plies, plies)
        other = with_hidden_order(state, random.Random(plies))
        assert outlook(other) == outlook(state)
        assert chances(other) == chances(state)


def test_without_tempo_whose_turn_it_is_changes_nothing() -> None:
    state = _midgame(3, 9, 20)
    moved = replace(state, turn=(state.turn + 1) % state.players)
    assert outlook(moved, tempo=False) == outlook(state, tempo=False)
    assert outlook(moved) != outlook(state)


def test_the_features_count_what_the_seat_holds() -> None:
    state = _midgame(4, 12, 40)
    rows = features(state)
    for seat, row in enumerate(rows):
        assert row[FEATURES.index("stones on the sled")] == state.sled[seat]
        assert row[FEATURES.index("to move")] == (1.0 if seat == state.turn else 0.0)
        on_ships = sum(
            ship.count(seat)
            for ship, site in zip(state.ships, state.docked, strict=True)
            if site < 0
        )
        assert row[FEATURES.index("stones on ships yet to sail")] == on_ships


def test_the_features_that_settle_the_score_read_the_sites() -> None:
    state = replace(
        _midgame(3, 14, 0),
        temple=(0, 1, 2, 2, 1, 0, 0),  # 5 wide at 3 seats: 2 2 1 0 0 on top
        chamber=(1, 1, 0, 2, 0),  # 3 rows: the next 3 spaces border the last 3 (0 2 0)
        obelisks=(4, 1, 2),
    )
    rows = features(state)
    covered = FEATURES.index("visible temple stones the next two will cover")
    edge = FEATURES.index("stones on the burial chamber's open edge")
    lead = FEATURES.index("obelisk height over the tallest other, -3 to 3")
    points = FEATURES.index("obelisk points now")
    # The next two stones to the temple land on the left two: seat 2's.
    assert [row[covered] for row in rows] == [0.0, 0.0, 2.0]
    assert [row[edge] for row in rows] == [2.0, 0.0, 1.0]
    assert [row[lead] for row in rows] == [2.0, -3.0, -2.0]
    assert [row[points] for row in rows] == [s.obelisks for s in score(state)] == [12, 1, 6]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_an_early_obelisk_place_is_not_counted_as_kept(seats: int) -> None:
    """The score gives the first place's points for a single stone; in round
    one others overtake it all the time, and the outlook knows it: the search
    no longer sails to the obelisks for points it will not keep."""
    start = BUILDERS.start(BUILDERS.deal(seats, random.Random(seats), {}))
    ahead = replace(start, obelisks=(1,) + (0,) * (seats - 1))
    placed = score(ahead)[0].total - score(start)[0].total
    assert placed >= 10
    assert outlook(ahead, tempo=False)[0] - outlook(start, tempo=False)[0] < placed / 3


def test_the_solver_solves_a_known_system() -> None:
    x = fit.solve([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]], [3.0, 9.5, 14.0])
    assert x == pytest.approx([0.5, 2.0, 3.0])


def test_the_fit_recovers_a_planted_gain() -> None:
    """Points to come made of one feature's count times 2.5, plus noise: the
    fit finds 2.5 for that feature and about nothing for the others."""
    rng = random.Random(3)
    sled = FEATURES.index("stones on the sled")
    rows = []
    for game in range(60):
        state = _midgame(2, 100 + game, 10 + game % 30)
        feats = features(state)
        now = [float(s.total) for s in score(state)]
        final = [round(now[s] + 2.5 * feats[s][sled] + rng.gauss(0, 0.3)) for s in range(2)]
        rows.append(fit.Row(game, state, now, feats, final, (0.5, 0.5)))
    gains = fit.fit_gains(rows)
    assert gains[sled] == pytest.approx(2.5, abs=0.3)


def test_a_short_fit_plays_games_and_prints_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    fit.main(["--games", "3", "--iterations", "4", "--workers", "1"])
    out = capsys.readouterr().out
    assert "GAINS: Final = {" in out
    assert "TEMPERATURE: Final = {" in out
    for seats in (2, 3, 4):
        assert f"{seats}p" in out
