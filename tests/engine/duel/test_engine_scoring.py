"""Scoring and the end of the game (RULES.md sections 5 to 9)."""

from __future__ import annotations

import pytest
from engine_support import play, position
from msgspec.structs import replace

from engine.duel import (
    NO_PLAYER,
    GameState,
    Player,
    PlayerScore,
    Unload,
    apply,
    legal_actions,
    outcome,
    score,
)
from engine.duel.scoring import chamber_groups, temple_sets


def scored(
    sides: str,
    black: Player,
    white: Player | None = None,
    *,
    cells: str = ".........",
    first_to_five: int = NO_PLAYER,
) -> tuple[PlayerScore, PlayerScore]:
    players = (black, white or Player())
    return score(position(sides=sides, players=players, cells=cells, first_to_five=first_to_five))


def finished(black: Player, white: Player, *, starter: int, sides: str = "AAAA") -> GameState:
    state = position(sides=sides, players=(black, white), starter=starter, removed=[0, 1, 2, 3, 4])
    return replace(state, over=True, supply=())


# --- section 9: the worked examples ------------------------------------------------


def test_worked_example_a_sides_69_points() -> None:
    black = Player(
        obelisks=2,
        temples=(1, 4, 2),
        light=4,
        dark=6,
        chambers=(3, 4, 5, 6, 7, 8, 11),
        actions=("AT", "AS"),
    )
    white = Player(obelisks=3)
    mine, theirs = scored("AAAA", black, white, cells="... .0. ...")
    assert mine == PlayerScore(
        obelisk=2, temple=7, pyramids=10 + 21, chamber=25 + 1, actions=2, meeples=1, total=69
    )
    assert theirs.obelisk == 3 + 6


def test_worked_example_b_sides_43_points() -> None:
    black = Player(
        obelisks=6,
        temples=(1, 1, 2, 2, 2, 3, 4, 4),
        light=0,
        dark=3,
        chambers=(1, 3, 4, 5),
        actions=("AP", "AU"),
    )
    white = Player(obelisks=4)
    mine, theirs = scored("BBBB", black, white, cells="..0 ... ...", first_to_five=0)
    assert mine == PlayerScore(
        obelisk=12, temple=26, pyramids=-6, chamber=8, actions=2, meeples=1, total=43
    )
    assert theirs.obelisk == 0  # fewer than five


# --- obelisk ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [(4, 3, 4 + 6), (3, 3, 3), (3, 4, 3), (0, 0, 0), (12, 0, 18)],
)
def test_obelisk_a_majority_bonus_only_when_strictly_more(
    mine: int, theirs: int, expected: int
) -> None:
    assert scored("AAAA", Player(obelisks=mine), Player(obelisks=theirs))[0].obelisk == expected


@pytest.mark.parametrize(
    ("black", "white", "first", "expected"),
    [
        (5, 0, 0, (12, 0)),
        (9, 3, 0, (12, 0)),
        (5, 5, 1, (6, 12)),  # second to five, holding five: 6
        (7, 4, 0, (12, 0)),  # second with four: nothing
        (10, 2, 0, (18, 0)),  # ten or more: 18
        (12, 0, 0, (18, 0)),
        (6, 6, 0, (12, 6)),
        (4, 4, NO_PLAYER, (0, 0)),
    ],
)
def test_obelisk_b(black: int, white: int, first: int, expected: tuple[int, int]) -> None:
    scores = scored("BAAA", Player(obelisks=black), Player(obelisks=white), first_to_five=first)
    assert (scores[0].obelisk, scores[1].obelisk) == expected


def first_to_five_race(cells: str) -> GameState:
    # Both hold four obelisks; one unload hands out two more obelisks.
    state = position(
        sides="BAAA",
        boats={0: ("T1", "OB", "OB")},
        cells=cells,
        players=(Player(obelisks=4), Player(obelisks=4)),
    )
    return apply(state, Unload(0))


def test_first_to_five_follows_hand_out_order_slot_3_first() -> None:
    # White's meeple is nearest the row 1 boat: white gets slot 3 first.
    after = first_to_five_race("10. ... ...")
    assert after.first_to_five == 1
    assert (after.players[0].obelisks, after.players[1].obelisks) == (5, 5)
    assert (score(after)[0].obelisk, score(after)[1].obelisk) == (6, 12)
    # And the other way round.
    after = first_to_five_race("01. ... ...")
    assert after.first_to_five == 0
    assert (score(after)[0].obelisk, score(after)[1].obelisk) == (12, 6)


def test_first_to_five_is_recorded_once() -> None:
    state = position(
        sides="BAAA",
        boats={0: ("T1", "OB", "OB")},
        cells="00. ... ...",
        players=(Player(obelisks=5), Player(obelisks=4)),
        first_to_five=1,
    )
    after = apply(state, Unload(0))
    assert after.first_to_five == 1


# --- temple ---------------------------------------------------------------------


def test_temple_a_counts_circle_symbols() -> None:
    assert scored("AAAA", Player(temples=(4, 4, 3, 1)))[0].temple == 12


def test_temple_values_are_public_in_the_order_gained() -> None:
    # Ruling 5: both players' temple values are shown (they are in the state).
    state = position(boats={0: ("T1", "T4", "T2")}, cells="01. ... ...")
    after = apply(state, Unload(0))
    assert after.players[0].temples == (2,) and after.players[1].temples == (4,)


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ((1, 1, 2, 2, 2, 3, 4, 4), 26),
        ((), 0),
        ((3,), 1),
        ((1, 2, 3, 4), 16),
        ((4, 4, 4), 3),
        ((1, 2, 1, 2), 8),
        ((1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4), 48),
    ],
)
def test_temple_b_sets(values: tuple[int, ...], expected: int) -> None:
    assert scored("ABAA", Player(temples=values))[0].temple == expected


def test_temple_b_sets_are_built_layer_by_layer() -> None:
    assert temple_sets((1, 1, 2, 2, 2, 3, 4, 4)) == [(1, 2, 3, 4), (1, 2, 4), (2,)]


# --- pyramids --------------------------------------------------------------------


@pytest.mark.parametrize(("count", "points"), enumerate([0, 1, 3, 6, 10, 15, 21]))
def test_pyramids_a_each_pyramid_separately(count: int, points: int) -> None:
    assert scored("AAAA", Player(light=count))[0].pyramids == points
    assert scored("AAAA", Player(dark=count))[0].pyramids == points
    assert scored("AAAA", Player(light=count, dark=2))[0].pyramids == points + 3


@pytest.mark.parametrize(("count", "points"), enumerate([-6, 0, 4, 10, 18, 30, 45]))
def test_pyramids_b_only_the_smaller_scores(count: int, points: int) -> None:
    assert scored("AABA", Player(light=count, dark=6))[0].pyramids == points
    assert scored("AABA", Player(light=6, dark=count))[0].pyramids == points


def test_pyramids_b_four_tokens_score_18() -> None:
    # Ruling 7: 18, not the Hungarian 15.
    assert scored("AABA", Player(light=4, dark=5))[0].pyramids == 18


def test_pyramids_b_equal_pyramids_score_once() -> None:
    assert scored("AABA", Player(light=3, dark=3))[0].pyramids == 10
    assert scored("AABA", Player())[0].pyramids == -6


# --- burial chamber ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("numbers", "expected"),
    [
        ((5,), 1),
        ((5, 6), 4),
        ((5, 6, 7), 9),
        ((5, 6, 7, 8), 16),
        ((1, 2, 3, 4, 5), 25),
        ((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), 25),
        ((1, 3, 5), 3),
        ((1, 12), 2),  # 12 and 1 are not adjacent
        ((11, 12, 1, 2), 8),
    ],
)
def test_chamber_a_groups(numbers: tuple[int, ...], expected: int) -> None:
    assert scored("AAAA", Player(chambers=tuple(sorted(numbers))))[0].chamber == expected


@pytest.mark.parametrize(
    ("numbers", "expected"),
    [((), 0), ((7,), 4), ((1, 2, 3, 4, 5, 6), 4), ((1, 12), 8), ((1, 3, 4, 5), 8)],
)
def test_chamber_b_every_group_scores_4(numbers: tuple[int, ...], expected: int) -> None:
    assert scored("AAAB", Player(chambers=numbers))[0].chamber == expected


def test_chamber_groups_do_not_wrap_from_12_to_1() -> None:
    assert chamber_groups((1, 2, 12)) == [(1, 2), (12,)]


def test_a_gained_chamber_token_goes_on_its_number() -> None:
    state = position(
        boats={0: ("T1", "B3", "B9")},
        cells="00. ... ...",
        players=(Player(chambers=(4, 12)), Player()),
    )
    after = apply(state, Unload(0))
    assert after.players[0].chambers == (3, 4, 9, 12)


def test_gained_pyramids_are_built_by_colour() -> None:
    state = position(boats={0: ("T1", "PD", "PL")}, cells="00. ... ...")
    after = apply(state, Unload(0))
    assert (after.players[0].light, after.players[0].dark) == (1, 1)


# --- section 8: extras, the winner, the tie rule ------------------------------------


def test_unplayed_action_tokens_and_meeples_on_the_grid_score_one_each() -> None:
    mine, theirs = scored("AAAA", Player(actions=("AT", "AT", "AS")), cells="00. 1.. ...")
    assert (mine.actions, mine.meeples, mine.total) == (3, 2, 5)
    assert (theirs.actions, theirs.meeples, theirs.total) == (0, 1, 1)


def test_higher_total_wins() -> None:
    result = outcome(finished(Player(obelisks=1), Player(), starter=0))
    assert result is not None
    assert (result.winner, result.reason) == (0, "points")
    assert "wins by 7 points to 0" in result.describe()


@pytest.mark.parametrize("starter", [0, 1])
def test_a_tie_is_won_by_the_player_who_did_not_start(starter: int) -> None:
    state = finished(Player(temples=(3,)), Player(temples=(1, 2)), starter=starter)
    result = outcome(state)
    assert result is not None
    assert result.scores[0].total == result.scores[1].total == 3
    assert result.winner == 1 - starter
    assert result.reason == "tie"
    assert "did not start" in result.describe()


def test_no_outcome_while_the_game_goes_on() -> None:
    assert outcome(position()) is None


def test_score_is_a_live_preview_mid_game() -> None:
    state = play(position(boats={0: ("T1", "T2", "T3")}), "P1", "P2")
    assert score(state)[0].meeples == 1 and score(state)[1].meeples == 1
    after = play(state, "UR1")
    assert score(after)[0].temple == 3 and score(after)[1].temple == 2
    assert score(after)[0].meeples == 0


# --- the end of the game ---------------------------------------------------------


def test_game_ends_when_exactly_one_boat_remains() -> None:
    state = position(
        boats={4: ("T1", "T2", "T3"), 5: ("B1", "B2", "B3")},
        removed=[0, 1, 2, 3],
        supply=(),
        cells=".0. .1. ...",
    )
    after = apply(state, Unload(4))
    assert after.boats[4] is None and after.over
    assert legal_actions(after) == []
    assert outcome(after) is not None
    # The last boat's tokens go to nobody.
    assert after.boats[5] == ("B1", "B2", "B3")


def test_boat_removed_but_game_goes_on_with_two_boats_left() -> None:
    state = position(
        removed=[0, 1, 2], supply=(), cells="0.. 1.. ...", boats={3: ("T1", "T2", "T3")}
    )
    after = apply(state, Unload(3))
    assert after.boats[3] is None
    assert not after.over and sum(b is not None for b in after.boats) == 2
    assert outcome(after) is None
    assert legal_actions(after) != []


def test_empty_supply_removes_the_boat_instead_of_refilling() -> None:
    state = position(supply=(), cells="01. ... ...", boats={0: ("T1", "T2", "T3")})
    after = apply(state, Unload(0))
    assert after.boats[0] is None
    assert after.players[0].temples == (3,)  # the unload itself still happens
    with pytest.raises(ValueError, match="left the game"):
        apply(play(after, "P1", "P2"), Unload(0))


def test_removed_boat_meeples_still_count_for_crossing_lines() -> None:
    # Row 1's boat is gone; meeples on cells 1 and 2 cannot unload it, but a
    # meeple on cell 4 makes column 1 unloadable with the one on cell 1.
    state = position(removed=[0], cells="01. ... ...")
    assert [a for a in legal_actions(state) if isinstance(a, Unload)] == []
    state = play(state, "P4")
    assert [a for a in legal_actions(state) if isinstance(a, Unload)] == [Unload(3)]
    after = play(state, "UC1")
    assert after.grid[0] == NO_PLAYER and after.grid[3] == NO_PLAYER
    assert after.grid[1] == 1  # the other meeple on the removed boat's line stays
