"""Set-up (RULES.md sections 1 to 3): components, deal order, seeds, sides, starter."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_support import ALL_SIDES, check_invariants, names

from engine.duel import (
    NO_PLAYER,
    Player,
    Sides,
    current_player,
    encode_state,
    legal_actions,
    new_game,
    shuffled_deck,
)
from engine.duel.tokens import ACTION_TOKENS, CHAMBERS, FULL_SET, TEMPLES


def test_the_box_holds_the_sixty_tokens_of_section_1() -> None:
    counts = Counter(FULL_SET)
    assert len(FULL_SET) == 60
    assert counts["OB"] == 12
    assert counts["PL"] == 6 and counts["PD"] == 6
    assert all(counts[t] == 3 for t in TEMPLES)
    assert all(counts[c] == 1 for c in CHAMBERS) and len(CHAMBERS) == 12
    assert all(counts[a] == 3 for a in ACTION_TOKENS) and len(ACTION_TOKENS) == 4


def test_each_player_starts_with_four_meeples_and_empty_boards() -> None:
    state = new_game(3)
    assert state.players == (Player(), Player())
    assert all(p.meeples == 4 for p in state.players)
    assert state.grid == (NO_PLAYER,) * 9
    assert state.box == ()
    assert state.pending is None and not state.over and state.ply == 0


def test_deal_order_from_an_explicit_deck() -> None:
    # Section 3.5: row boats 0, 1, 2 then column boats 0, 1, 2, each slot
    # 1, 2, 3; then the reserve, top first; then the supply, top first.
    deck = shuffled_deck(2024)
    state = new_game(deck=deck)
    for boat in range(6):
        assert state.boats[boat] == deck[3 * boat : 3 * boat + 3]
    assert state.reserve == deck[18:21]
    assert state.supply == deck[21:]
    assert len(state.supply) == 39 and len(state.reserve) == 3
    check_invariants(state)


def test_deal_order_with_a_hand_made_deck() -> None:
    # A deck whose order is easy to read: boat R1 gets B1 B2 B3, R2 B4 B5 B6, ...
    first = [*CHAMBERS, "T1", "T2", "T3", "T4", "T1", "T2"]  # 18 tokens
    reserve = ["OB", "PL", "PD"]
    rest = Counter(FULL_SET)
    rest.subtract(first + reserve)
    supply = [t for t in dict.fromkeys(FULL_SET) for _ in range(rest[t])]
    state = new_game(deck=first + reserve + supply)
    assert state.boats[0] == ("B1", "B2", "B3")
    assert state.boats[2] == ("B7", "B8", "B9")
    assert state.boats[3] == ("B10", "B11", "B12")  # column 1 boat comes after the rows
    assert state.boats[5] == ("T4", "T1", "T2")
    assert state.reserve == ("OB", "PL", "PD")
    assert state.supply[0] == supply[0] and len(state.supply) == 39


def test_new_game_from_a_seed_is_deterministic() -> None:
    a, b = new_game(41, sides="ABBA", starter=1), new_game(41, sides="ABBA", starter=1)
    assert a == b
    assert encode_state(a) == encode_state(b)
    assert shuffled_deck(41) == shuffled_deck(41)
    assert new_game(41) == new_game(deck=shuffled_deck(41))


def test_different_seeds_deal_different_games() -> None:
    deals = {shuffled_deck(seed) for seed in range(50)}
    assert len(deals) == 50
    assert all(Counter(d) == Counter(FULL_SET) for d in deals)


@pytest.mark.parametrize("sides", ALL_SIDES)
def test_sides_are_chosen_per_monument_and_shared(sides: str) -> None:
    state = new_game(1, sides=sides)
    assert str(state.sides) == sides
    assert state.sides == Sides.parse(sides.lower())
    assert (state.sides.obelisk, state.sides.temple, state.sides.pyramids, state.sides.chamber) == (
        tuple(sides)
    )


@pytest.mark.parametrize("bad", ["AAA", "AAAAA", "ABCA", "", "1234"])
def test_bad_sides_are_rejected(bad: str) -> None:
    with pytest.raises(ValueError, match="four letters"):
        new_game(1, sides=bad)


@pytest.mark.parametrize("starter", [0, 1])
def test_either_player_may_start(starter: int) -> None:
    # Ruling 3.6: player 1 or player 2 (random is the UI's choice between these).
    state = new_game(5, starter=starter)
    assert state.starter == starter
    assert current_player(state) == starter


def test_bad_starter_is_rejected() -> None:
    with pytest.raises(ValueError, match="0 or 1"):
        new_game(5, starter=2)


def test_seed_and_deck_are_exclusive() -> None:
    with pytest.raises(ValueError):
        new_game()
    with pytest.raises(ValueError):
        new_game(1, deck=shuffled_deck(1))


def test_bad_decks_are_rejected() -> None:
    deck = list(shuffled_deck(9))
    with pytest.raises(ValueError, match="60"):
        new_game(deck=deck[:-1])
    with pytest.raises(ValueError, match="unknown"):
        new_game(deck=[*deck[:-1], "XX"])
    wrong = list(deck)
    wrong[wrong.index("T1")] = "OB"  # 13 obelisks, 2 temple-1 tokens
    with pytest.raises(ValueError, match="wrong number"):
        new_game(deck=wrong)


def test_first_turn_offers_nine_placements_only() -> None:
    # No line holds two meeples and nobody holds an action token.
    state = new_game(1)
    assert names(legal_actions(state)) == [f"P{c}" for c in range(1, 10)]
