"""Market cards (BUILDERS.md section 7), the Wrath of the Pharaoh (section 9) and the
end of the game (section 8), with every Ruling about them."""

from __future__ import annotations

import pytest
from builders_support import BLACK, BROWN, GREY, WHITE, arrange, legal, play, start
from msgspec.structs import replace

from engine.builders import (
    IllegalAction,
    apply,
    current_player,
    outcome,
    parse_action,
    score,
    why_illegal,
)
from engine.builders.state import GameState

EMPTY_SHIPS = ((-1,) * 4, (-1,) * 4, (-1,) * 2, (-1,))


def holding(cards: tuple[int, ...], players: int = 4, **fields: object) -> GameState:
    """Round 1, black holding ``cards`` taken from this round's market."""
    deck = (*cards, *(c for c in range(34) if c not in cards))
    state = start(players, deck=deck)
    market = tuple(-1 if c in cards else c for c in state.market)
    held = (cards, *((),) * (players - 1))
    return arrange(state, held=held, market=market, **fields)


def at_market(stones: tuple[int, ...], market: tuple[int, ...], **fields: object) -> GameState:
    """``stones`` on the 2-ship (ship 3), sailed by black to a market showing ``market``."""
    deck = (*market, *(c for c in range(34) if c not in market))
    ships = (*EMPTY_SHIPS[:2], stones, EMPTY_SHIPS[3])
    state = arrange(start(4, deck=deck), ships=ships, **fields)
    return play(state, "S3:M")


@pytest.mark.parametrize(("card", "site"), [(0, "pyramid"), (2, "chamber"), (4, "obelisks")])
def test_red_cards_place_a_stone_from_the_quarry_at_once(card: int, site: str) -> None:
    state = at_market((WHITE, BROWN), (card, 14, 15, 16))
    quarry = state.quarry[WHITE]
    state = play(state, "T1")
    assert state.quarry[WHITE] == quarry - 1
    if site == "obelisks":
        assert state.obelisks[WHITE] == 1
    else:
        assert getattr(state, site) == (WHITE,)
    assert state.discard == (card,) and state.held[WHITE] == ()
    if site == "pyramid":
        assert score(state)[WHITE].pyramid == 2  # scored as usual


def test_ruling_a_red_card_with_an_empty_quarry_places_nothing() -> None:
    # White's 30 stones: one on the ship, 29 in the chamber; its quarry is empty
    # until the market's stones go back.
    state = at_market((WHITE, BROWN), (0, 14, 15, 16), chamber=(WHITE,) * 29, sled=(2, 0, 4, 5))
    assert state.quarry[WHITE] == 0
    state = play(state, "T1")
    assert state.pyramid == () and state.discard == (0,)
    state = play(state, "T2")  # brown's card ends the unload
    assert state.quarry[WHITE] == 1  # its stone from the ship, back only now


def test_ruling_each_player_plays_at_most_one_blue_card_per_round() -> None:
    state = holding((28, 31), ships=((WHITE, WHITE, -1, -1), *EMPTY_SHIPS[1:]))
    assert "sail" in legal(state) and "chisel" in legal(state)
    state = play(state, "chisel", "P2:1", "P2:2")
    assert state.blue_played[BLACK] and state.turn == WHITE
    state = play(state, "get", "get", "P4:1")  # white, brown, grey
    assert "sail" not in legal(state)
    reason = why_illegal(state, parse_action("sail"))
    assert reason == "you have already played a blue card this round"


def test_ruling_a_blue_card_may_be_played_in_the_round_it_was_taken() -> None:
    state = at_market((BLACK, -1), (31, 14, 15, 16), sled=(1, 3, 4, 5))
    state = play(state, "T1")  # black takes a Chisel; white's turn
    state = play(state, "get", "get", "P4:1")
    assert state.turn == BLACK and "chisel" in legal(state)


def test_blue_cards_held_at_the_end_score_one_each() -> None:
    assert score(holding((24, 28)))[BLACK].blue == 2


def test_ruling_lever_its_player_chooses_the_unloading_order_stone_by_stone() -> None:
    state = holding((24,), ships=((WHITE, BROWN, GREY, -1), *EMPTY_SHIPS[1:]))
    assert "lever" in legal(state)
    state = play(state, "lever")
    assert state.step == "sail" and current_player(state) == BLACK
    state = play(state, "S1:P")
    assert legal(state) == ["U1", "U2", "U3"]
    state = play(state, "U3")
    assert state.pyramid == (GREY,) and current_player(state) == BLACK
    assert legal(state) == ["U1", "U2"]
    state = play(state, "U1", "U2")
    assert state.pyramid == (GREY, WHITE, BROWN)
    assert state.ships[0] == (-1,) * 4 and state.turn == WHITE
    assert state.discard == (24,)


def test_a_lever_with_no_ship_ready_to_sail_says_so() -> None:
    state = holding((24,), ships=EMPTY_SHIPS)
    assert "lever" not in legal(state)
    assert why_illegal(state, parse_action("lever")) == (
        "Lever needs a ship that can sail now, and there is none"
    )


def test_ruling_lever_at_the_market_each_stone_owner_still_chooses_a_card() -> None:
    deck = (24, 14, 15, 16, *(c for c in range(34) if c not in (24, 14, 15, 16)))
    state = arrange(
        start(4, deck=deck),
        held=((24,), (), (), ()),
        market=(-1, 14, 15, 16),
        ships=(*EMPTY_SHIPS[:2], (WHITE, BROWN), EMPTY_SHIPS[3]),
    )
    state = play(state, "lever", "S3:M", "U2")
    assert state.step == "take" and current_player(state) == BROWN
    state = play(state, "T2")
    assert current_player(state) == BLACK and legal(state) == ["U1"]
    state = play(state, "U1")
    assert current_player(state) == WHITE
    state = play(state, "T3")
    assert state.held == ((), (15,), (14,), ()) and state.turn == WHITE


def test_hammer_gets_up_to_three_stones_then_places_one() -> None:
    state = holding((26,), sled=(1, 3, 4, 5))
    state = play(state, "hammer")
    assert state.sled[BLACK] == 4 and state.step == "place"
    state = play(state, "P1:1")
    assert state.sled[BLACK] == 3 and state.ships[0][0] == BLACK and state.turn == WHITE


def test_ruling_hammer_needs_the_placement_to_be_possible_and_may_move_no_stone() -> None:
    full = holding((26,), sled=(5, 3, 4, 5))
    state = play(full, "hammer")  # moves none: the sled is full
    assert state.sled[BLACK] == 5
    no_space = holding(
        (26,),
        ships=((WHITE,) * 4, (WHITE,) * 4, (BROWN, BROWN), (GREY,)),
        sled=(2, 3, 4, 5),
    )
    assert "hammer" not in legal(no_space)
    assert why_illegal(no_space, parse_action("hammer")) == (
        "Hammer needs a free space on a ship still to sail, and there is none"
    )
    nothing = holding((26,), sled=(0, 3, 4, 5), pyramid=(BLACK,) * 30)
    assert "hammer" not in legal(nothing)
    assert why_illegal(nothing, parse_action("hammer")) == (
        "Hammer needs a stone on your sled or in your quarry"
    )


def test_sail_card_loads_a_ship_then_sails_that_ship() -> None:
    state = holding((28,), ships=((WHITE, WHITE, -1, -1), *EMPTY_SHIPS[1:]))
    state = play(state, "sail")
    # Only spaces after which the ship could sail: the 4-ship needs 3 stones.
    assert legal(state) == ["P1:3", "P1:4", "P3:1", "P3:2", "P4:1"]
    with pytest.raises(IllegalAction, match="ship 2 could not sail"):
        apply(state, parse_action("P2:1"))
    state = play(state, "P1:4")
    assert legal(state) == ["S1:M", "S1:P", "S1:T", "S1:B", "S1:O"]
    with pytest.raises(IllegalAction, match="sails ship 1"):
        apply(state, parse_action("S3:P"))
    state = play(state, "S1:O")
    assert state.obelisks == (1, 2, 0, 0) and state.turn == WHITE


def test_sail_card_is_playable_only_if_both_steps_are() -> None:
    state = holding((28,), ships=((-1,) * 4, (-1,) * 4, (BROWN, BROWN), (GREY,)))
    # No space lets a ship sail after one more stone: 4-ships need 3 stones.
    assert "sail" not in legal(state)
    assert why_illegal(state, parse_action("sail")) == (
        "Sail needs a ship that one more stone lets sail, and there is none"
    )
    empty_sled = holding((28,), sled=(0, 3, 4, 5))
    assert "sail" not in legal(empty_sled)
    assert why_illegal(empty_sled, parse_action("sail")) == (
        "Sail needs a stone on your sled, and it is empty"
    )


def test_chisel_places_two_stones_on_one_ship_or_two() -> None:
    state = play(holding((31,)), "chisel", "P1:1")
    assert state.step == "place" and state.turn == BLACK
    assert "P1:2" in legal(state) and "P2:1" in legal(state)
    state = play(state, "P2:1")
    assert state.ships[0][0] == BLACK == state.ships[1][0] and state.turn == WHITE


def test_ruling_chisel_places_one_when_only_one_can_be_placed() -> None:
    one_stone = play(holding((31,), sled=(1, 3, 4, 5)), "chisel", "P1:1")
    assert one_stone.turn == WHITE and one_stone.step == "turn"
    one_space = holding(
        (31,), ships=((WHITE,) * 4, (WHITE, WHITE, WHITE, -1), (BROWN, BROWN), (GREY,))
    )
    after = play(one_space, "chisel", "P2:4")
    assert after.turn == WHITE and after.sled[BLACK] == 1
    none = holding((31,), sled=(0, 3, 4, 5))
    assert "chisel" not in legal(none)
    assert why_illegal(none, parse_action("chisel")) == (
        "Chisel needs a stone on your sled, and it is empty"
    )


def test_ruling_wrath_of_the_pharaoh_costs_five_without_a_floor() -> None:
    plain = start(4)
    wrath = replace(start(4, variant=True))
    assert score(plain)[BLACK].wrath == 0
    assert [s.total for s in score(wrath)] == [-5, -5, -5, -5]  # no floor
    delivered = arrange(
        wrath, pyramid=(BLACK,), temple=(BLACK,), chamber=(BLACK,), obelisks=(1, 0, 0, 0)
    )
    assert score(delivered)[BLACK].wrath == 0 and score(delivered)[WHITE].wrath == -5


def test_ruling_a_stone_placed_by_a_red_card_counts_as_delivered() -> None:
    state = at_market(
        (WHITE, -1),
        (4, 14, 15, 16),
        pyramid=(WHITE,),
        temple=(WHITE,),
        chamber=(WHITE,),
    )
    state = replace(state, variant=True)
    assert score(state)[WHITE].wrath == -5
    state = play(state, "T1")  # Paved path: a stone onto white's obelisk
    assert score(state)[WHITE].wrath == 0


def finished(**fields: object) -> GameState:
    """A two-player game after its sixth round, with ``fields`` changed."""
    state = arrange(
        start(2),
        round=6,
        ships=(),
        docked=(),
        market=(),
        deck=tuple(range(24, 34)),
        discard=tuple(range(24)),
        over=True,
    )
    return arrange(state, **fields)


def test_the_most_points_win() -> None:
    result = outcome(finished(pyramid=(0,)))
    assert result is not None and result.winners == (0,) and result.reason == "points"
    assert result.describe(("Ann", "Bob")) == "Ann wins with 2 points"


def test_a_tie_goes_to_more_stones_on_the_sled_else_the_victory_is_shared() -> None:
    by_sled = outcome(finished(pyramid=(0, 1), obelisks=(1, 1), sled=(0, 3)))
    # 2 + 5 (shared obelisk points) against 1 + 5: not a tie yet.
    assert by_sled is not None and by_sled.winners == (0,)
    tie = outcome(finished(temple=(0, 1), temple_points=(3, 3), sled=(1, 4)))
    assert tie is not None and tie.winners == (1,) and tie.reason == "sled"
    assert "more stones on the sled" in tie.describe(("Ann", "Bob"))
    shared = outcome(finished(temple=(0, 1), temple_points=(3, 3), sled=(2, 2)))
    assert shared is not None and shared.winners == (0, 1) and shared.reason == "shared"
    assert shared.describe(("Ann", "Bob")) == "Ann, Bob share the victory with 3 points each"
    assert outcome(start(2)) is None
