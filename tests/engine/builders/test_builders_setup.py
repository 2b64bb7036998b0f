"""Set-up (BUILDERS.md section 2), from a seed or explicitly, and the seat view (section 10)."""

from __future__ import annotations

import pytest
from builders_support import DECK, start

from engine.builders import Setup, current_player, new_game, view
from engine.builders.sites import ROUND_CARDS
from engine.builders.state import GameState


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("starter", [0, 1])
def test_explicit_setup_deals_sleds_ships_and_market(players: int, starter: int) -> None:
    state = start(players, starter=starter, rounds=(6, 5, 4, 3, 2, 1))
    sleds = [0] * players
    for k in range(players):
        sleds[(starter + k) % players] = 2 + k  # the starter 2, the next 3, ...
    assert state.sled == tuple(sleds)
    assert state.quarry == tuple(30 - s for s in sleds)
    assert tuple(len(ship) for ship in state.ships) == ROUND_CARDS[players][6]
    assert all(owner == -1 for ship in state.ships for owner in ship)
    assert state.docked == (-1, -1, -1, -1)
    assert state.market == (0, 1, 2, 3)  # the top four, in the order drawn
    assert state.deck == DECK[4:]
    assert state.round == 1 and state.turn == starter == current_player(state)
    assert state.temple_points == (0,) * players and not state.over


def test_a_seed_deals_the_same_game_and_chooses_the_starter() -> None:
    assert new_game(5, players=3) == new_game(5, players=3)
    starters = {new_game(seed, players=4).starter for seed in range(40)}
    assert starters == {0, 1, 2, 3}  # Ruling: the set-up may choose a random seat
    assert new_game(5, players=3, starter=2).starter == 2  # ... or any seat
    games = {(new_game(seed).rounds, new_game(seed).deck) for seed in range(20)}
    assert len(games) == 20


def test_a_seed_uses_six_of_the_seven_round_cards() -> None:
    for seed in range(30):
        rounds = new_game(seed, players=3).rounds
        assert len(rounds) == 6 and len(set(rounds)) == 6 and set(rounds) <= set(range(7))


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": 5}, "2, 3 or 4 players"),
        ({"starter": 4}, "starting seat"),
        ({"rounds": (0, 1, 2, 3, 4)}, "round cards"),
        ({"rounds": (0, 1, 2, 3, 4, 4)}, "round cards"),
        ({"rounds": (0, 1, 2, 3, 4, 7)}, "round cards"),
        ({"deck": DECK[:-1]}, "market deck"),
        ({"deck": (*DECK[:-1], 0)}, "market deck"),
    ],
)
def test_an_impossible_setup_is_refused_in_words(kwargs: dict[str, object], words: str) -> None:
    values: dict[str, object] = {
        "players": 4,
        "starter": 0,
        "rounds": (0, 1, 2, 3, 4, 5),
        "deck": DECK,
    }
    values.update(kwargs)
    with pytest.raises(ValueError, match=words):
        new_game(**values)  # type: ignore[arg-type]


def test_b_sides_are_not_offered_yet() -> None:
    with pytest.raises(ValueError, match="not offered"):
        new_game(1, sides="ABAAA")


def test_without_a_seed_the_whole_setup_is_needed() -> None:
    with pytest.raises(ValueError, match="seed"):
        new_game(players=2, starter=0, rounds=(0, 1, 2, 3, 4, 5))


def test_the_setup_of_a_first_state_rebuilds_it() -> None:
    state = new_game(9, players=3, variant=True)
    setup = Setup.of(state)
    assert setup.start() == state
    assert setup.deck[:4] == state.market and setup.variant


def test_a_seat_sees_everything_but_the_deck_order_and_the_rounds_to_come() -> None:
    state = new_game(3, players=3)
    seen = view(state, 1)
    assert seen.deck_size == len(state.deck) == 30
    assert seen.rounds_seen == state.rounds[:1]
    names = set(type(seen).__struct_fields__)
    assert "deck" not in names and "rounds" not in names
    for name in GameState.__struct_fields__:
        if name not in ("deck", "rounds"):
            assert getattr(seen, name) == getattr(state, name), name
    # Two games that differ only in what is hidden look the same to every seat.
    other = new_game(
        players=3,
        starter=state.starter,
        rounds=(*state.rounds[:1], *reversed(state.rounds[1:])),
        deck=(*state.market, *reversed(state.deck)),
    )
    assert other != state
    assert all(view(other, seat) == view(state, seat) for seat in range(3))
    with pytest.raises(ValueError):
        view(state, 3)
