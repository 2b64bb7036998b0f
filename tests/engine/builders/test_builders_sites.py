"""The sites' A sides (BUILDERS.md section 6) and the worked examples of section 11."""

from __future__ import annotations

from builders_support import BLACK, BROWN, GREY, WHITE, arrange, legal, play, start

from engine.builders import current_player, preview_sail, score
from engine.builders.scoring import chamber_groups, obelisk_scores
from engine.builders.sites import CHAMBER, MARKET, PYRAMID, TEMPLE
from engine.builders.state import GameState

EMPTY_SHIPS = ((-1,) * 4, (-1,) * 4, (-1,) * 2, (-1,))  # round card 0 for 4 players


def ships(first: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (first, *EMPTY_SHIPS[1:])


def test_example_temple_round_end_four_players() -> None:
    # Top stones: grey twice, white, brown and black once each.
    temple = (BLACK, BLACK, WHITE, BROWN, BLACK, GREY, WHITE, GREY, BROWN, BLACK)
    state = arrange(
        start(4),
        temple=temple,
        ships=(*EMPTY_SHIPS[:3], (WHITE,)),
        docked=(MARKET, PYRAMID, CHAMBER, -1),
        market=(-1, -1, -1, -1),
        discard=(0, 1, 2, 3),
    )
    assert score(state)[GREY].temple == 2  # as if the game ended now
    after = play(state, "S4:O")
    assert after.temple_points == (1, 1, 1, 2)  # black, white, brown 1 each; grey 2


def test_example_temple_placement_starts_a_new_layer_from_the_left() -> None:
    # A 3-ship (round card 1: 4 3 3 2) with brown, brown, white; layer 1 has one space left.
    state = arrange(
        start(4, rounds=(1, 0, 2, 3, 4, 5)),
        temple=(BLACK, WHITE, GREY, BLACK),
        ships=((-1,) * 4, (BROWN, BROWN, WHITE), (-1,) * 3, (-1,) * 2),
    )
    seen = preview_sail(state, 1, TEMPLE)
    assert [(d.owner, d.place) for d in seen.deliveries] == [
        (BROWN, (5, 1)),  # space 5 of layer 1
        (BROWN, (1, 2)),  # space 1 of layer 2
        (WHITE, (2, 2)),  # space 2 of layer 2
    ]
    after = play(state, "S2:T")
    assert after.temple[-3:] == (BROWN, BROWN, WHITE)
    assert score(after)[WHITE].temple == 1  # visible: the last five stones
    assert score(after)[BROWN].temple == 2


def test_two_players_build_a_temple_four_spaces_wide() -> None:
    state = arrange(start(2), temple=(0, 0, 0, 0, 1, 1))
    # Visible: the second layer's two stones and the first layer's last two.
    assert (score(state)[0].temple, score(state)[1].temple) == (2, 2)
    three = arrange(start(3), temple=(0, 0, 0, 0, 0, 1, 1))
    assert (score(three)[0].temple, score(three)[1].temple) == (3, 2)


def test_example_burial_chamber_groups_four_players() -> None:
    # Column by column, top to bottom: grey fills two columns (a group of 6),
    # then white/brown/brown, white/black/brown, brown.
    chamber = (GREY,) * 6 + (WHITE, BROWN, BROWN, WHITE, BLACK, BROWN, BROWN)
    state = arrange(start(4), chamber=chamber)
    points = [s.chamber for s in score(state)]
    assert points == [1, 3, 7, 17]  # black 1; white 3; brown 6 + 1; grey 15 + 2
    assert sorted(chamber_groups(chamber, 3)) == sorted(
        [(GREY, 6), (WHITE, 2), (BROWN, 3), (BLACK, 1), (BROWN, 1)]
    )


def test_burial_chamber_groups_connect_orthogonally_not_diagonally() -> None:
    # Column 1: black, white, -; column 2: white, black -> four groups of 1.
    assert sorted(chamber_groups((BLACK, WHITE, WHITE, WHITE, BLACK), 3)) == [
        (BLACK, 1), (BLACK, 1), (WHITE, 1), (WHITE, 2),
    ]  # fmt: skip
    # Column 1: black, white, black; column 2: black -> the top row joins.
    assert sorted(chamber_groups((BLACK, WHITE, BLACK, BLACK), 3)) == [
        (BLACK, 1), (BLACK, 2), (WHITE, 1),
    ]  # fmt: skip


def test_example_obelisks_four_players() -> None:
    state = arrange(start(4), obelisks=(3, 4, 0, 3))  # black 3, white 4, brown 0, grey 3
    assert [s.obelisks for s in score(state)] == [7, 15, 0, 7]


def test_obelisks_without_a_stone_take_no_place() -> None:
    assert obelisk_scores((3, 2, 1, 0), (15, 10, 5, 1)) == (15, 10, 5, 0)
    assert obelisk_scores((2, 0), (10, 1)) == (10, 0)
    assert obelisk_scores((2, 2), (10, 1)) == (5, 5)
    assert obelisk_scores((1, 1, 1), (12, 6, 1)) == (6, 6, 6)  # 19 / 3 rounded down


def test_example_market_owners_choose_in_unloading_order() -> None:
    # A 4-ship with white, brown, grey and one empty space; on the market a
    # Statue, a Lever, an Entrance and a Pyramid decoration.
    deck = (14, 24, 0, 6, *(c for c in range(34) if c not in (14, 24, 0, 6)))
    state = arrange(start(4, deck=deck), ships=ships((WHITE, -1, BROWN, GREY)))
    quarry = state.quarry
    state = play(state, "S1:M")
    assert current_player(state) == WHITE
    assert legal(state) == ["T1", "T2", "T3", "T4"]
    state = play(state, "T2")  # white takes the Lever
    assert current_player(state) == BROWN and legal(state) == ["T1", "T3", "T4"]
    state = play(state, "T3")  # brown: the Entrance, carried out at once
    assert state.pyramid == (BROWN,) and state.quarry[BROWN] == quarry[BROWN] - 1
    assert current_player(state) == GREY
    assert state.ships[0] == (WHITE, -1, BROWN, GREY)  # the stones wait on the ship
    state = play(state, "T1")  # grey: the Statue
    # Finally the stones go back to their owners' quarries.
    assert state.ships[0] == (-1,) * 4
    assert [state.quarry[k] - quarry[k] for k in range(4)] == [0, 1, 0, 1]
    assert state.held == ((), (24,), (), (14,))
    assert state.market == (-1, -1, -1, 6) and state.discard == (0,)
    assert current_player(state) == WHITE  # black sailed; the turn passes on


def test_pyramid_fills_its_fourteen_spaces_in_order_then_one_point_each() -> None:
    points = (2, 1, 3, 2, 4, 3, 2, 1, 3, 2, 3, 1, 3, 4, 1, 1)
    state = start(2)
    for number in range(len(points) + 1):
        state = arrange(state, pyramid=(0,) * number)
        total = sum(points[:number])
        assert score(state)[0].pyramid == total
        assert score(state)[0].track == total  # scored at once, on the track
    four = arrange(start(2), pyramid=(0,) * 12, ships=((1, 1, 0, 1), *start(2).ships[1:]))
    seen = preview_sail(four, 0, PYRAMID)
    assert [(d.owner, d.place, d.points) for d in seen.deliveries] == [
        (1, (13,), 3), (1, (14,), 4), (0, (15,), 1), (1, (16,), 1),
    ]  # fmt: skip
    assert seen.after[1].pyramid - seen.before[1].pyramid == 8


def holding(cards: tuple[int, ...], **fields: object) -> GameState:
    """Four players in round 1, black holding ``cards`` taken from this round's market."""
    deck = (*cards, *(c for c in range(34) if c not in cards))
    state = start(4, deck=deck)
    market = tuple(-1 if c in cards else c for c in state.market)
    return arrange(state, held=(cards, (), (), ()), market=market, **fields)


def test_example_burial_decoration_thirteen_stones_give_four_points() -> None:
    state = holding((10,), chamber=(BLACK, WHITE) * 6 + (GREY,))
    assert score(state)[BLACK].green == 4
    assert score(state)[WHITE].green == 0


def test_decorations_count_every_stone_at_their_site() -> None:
    # Both pyramid decorations; 15 stones at the pyramid (one beside the board).
    state = holding((6, 7), pyramid=(WHITE,) * 15)
    assert score(state)[BLACK].green == 10
    temple = holding((8,), temple=(WHITE,) * 12)  # every layer counts
    assert score(temple)[BLACK].green == 4
    obelisks = holding((12,), obelisks=(1, 2, 3, 3))  # all obelisks together
    assert score(obelisks)[BLACK].green == 3


def test_example_three_statues_give_six_points() -> None:
    assert score(holding((14, 15, 16)))[BLACK].purple == 6
    assert score(holding((14,)))[BLACK].purple == 1
    assert score(holding((14, 15, 16, 17)))[BLACK].purple == 10


def test_statues_beyond_five_add_two_each() -> None:
    from engine.builders.cards import statue_points

    assert [statue_points(n) for n in range(9)] == [0, 1, 3, 6, 10, 15, 17, 19, 21]


def test_a_shared_victory_splits_the_returns() -> None:
    # Two seats tied on points and on the sled share the win: half each.
    import random

    from msgspec.structs import replace

    from engine.builders.game import BUILDERS
    from engine.builders.scoring import outcome

    rng = random.Random(12)
    state = BUILDERS.start(BUILDERS.deal(3, rng))
    while not BUILDERS.over(state):
        state = BUILDERS.apply(state, rng.choice(BUILDERS.legal_actions(state)))
    even = replace(
        state,
        pyramid=(),
        temple=(),
        chamber=(),
        obelisks=(0, 0, 0),
        held=((), (), ()),
        temple_points=(0, 0, 1),
        sled=(2, 2, 2),
    )
    ended = outcome(even)
    assert ended is not None and ended.winners == (2,)
    shared = replace(even, temple_points=(1, 1, 0))
    assert BUILDERS.returns(shared) == (0.5, 0.5, 0.0)
