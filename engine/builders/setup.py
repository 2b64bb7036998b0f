"""Setting a game up (BUILDERS.md section 2), from a seed or explicitly.

The explicit set-up is what makes a game the same everywhere: the number of
players, the starting seat, the six round cards in the order turned up, the
market deck (top first) and the variant. A seed only chooses these values.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.builders.cards import ALL_CARDS
from engine.builders.sites import (
    DEFAULT_SIDES,
    ROUND_CARDS,
    ROUNDS,
    START_SLED,
    STONES,
    Boards,
    boards,
)
from engine.builders.state import EMPTY, GameState
from engine.message import msg

_BOARDS: dict[str, Boards] = {}


def boards_of(state: GameState) -> Boards:
    """The boards the game is played with (cached: the rules ask every round)."""
    found = _BOARDS.get(state.sides)
    if found is None:
        chosen = boards(state.sides)
        if chosen is None:
            raise ValueError(msg("the board sides {sides} are not offered", sides=state.sides))
        found = _BOARDS[state.sides] = chosen
    return found


def temple_width(state: GameState) -> int:
    return boards_of(state).temple.width[state.players]


# --- set-up ---------------------------------------------------------------------


def dealt(seed: int, players: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The starting seat, the six round cards and the deck order that ``seed`` gives."""
    rng = random.Random(seed)
    starter = rng.randrange(players)
    rounds = tuple(rng.sample(range(len(ROUND_CARDS[players])), ROUNDS))
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    return starter, rounds, tuple(deck)


def setup_problem(
    players: int, starter: int, rounds: Sequence[int], deck: Sequence[int], sides: str
) -> str | None:
    """Why an explicit set-up is not one of BUILDERS.md section 2, or None."""
    if players not in ROUND_CARDS:
        return msg("a game has 2, 3 or 4 players, not {count}", count=players)
    if not 0 <= starter < players:
        return msg(
            "the starting seat is one of 0 to {last}, not {seat}", last=players - 1, seat=starter
        )
    cards = len(ROUND_CARDS[players])
    if (
        len(rounds) != ROUNDS
        or len(set(rounds)) != ROUNDS
        or any(not 0 <= r < cards for r in rounds)
    ):
        return msg(
            "the round cards are {count} different numbers from 0 to {last}",
            count=ROUNDS,
            last=cards - 1,
        )
    if sorted(deck) != list(ALL_CARDS):
        return msg(
            "the market deck is the {count} card numbers 0 to {last}, each once",
            count=len(ALL_CARDS),
            last=len(ALL_CARDS) - 1,
        )
    if boards(sides) is None:
        return msg("the board sides {sides} are not offered", sides=sides)
    return None


def new_game(
    seed: int | None = None,
    *,
    players: int = 2,
    starter: int | None = None,
    rounds: Sequence[int] | None = None,
    deck: Sequence[int] | None = None,
    variant: bool = False,
    sides: str = DEFAULT_SIDES,
) -> GameState:
    """A new game (BUILDERS.md section 2), dealt from ``seed`` or set up explicitly.

    Explicitly: ``rounds`` (six indexes into the player count's round cards, in
    the order turned up), ``deck`` (the 34 card ids, top first) and
    ``starter``. With a seed, whatever of these is not given is dealt from it
    (the starting seat too: the rules let the table choose one at random).
    Raises ValueError with a readable message for an impossible set-up.
    """
    if players not in ROUND_CARDS:
        raise ValueError(msg("a game has 2, 3 or 4 players, not {count}", count=players))
    if seed is None and (rounds is None or deck is None or starter is None):
        raise ValueError(msg("a game needs a seed, or its starter, round cards and deck"))
    if seed is not None:
        seeded_starter, seeded_rounds, seeded_deck = dealt(seed, players)
        starter = seeded_starter if starter is None else starter
        rounds = seeded_rounds if rounds is None else rounds
        deck = seeded_deck if deck is None else deck
    assert starter is not None and rounds is not None and deck is not None
    problem = setup_problem(players, starter, rounds, deck, sides)
    if problem is not None:
        raise ValueError(problem)
    sled = [0] * players
    for k in range(players):
        sled[(starter + k) % players] = START_SLED[k]
    capacities = ROUND_CARDS[players][rounds[0]]
    dealt_cards = boards(sides)
    assert dealt_cards is not None
    shown = dealt_cards.market.cards
    return GameState(
        players=players,
        starter=starter,
        variant=variant,
        sides=sides,
        rounds=tuple(rounds),
        deck=tuple(deck[shown:]),
        round=1,
        turn=starter,
        quarry=tuple(STONES - s for s in sled),
        sled=tuple(sled),
        ships=tuple((EMPTY,) * c for c in capacities),
        docked=(EMPTY,) * len(capacities),
        market=tuple(deck[:shown]),
        held=((),) * players,
        discard=(),
        blue_played=(False,) * players,
        pyramid=(),
        temple=(),
        chamber=(),
        obelisks=(0,) * players,
        temple_points=(0,) * players,
    )


__all__ = ["boards_of", "dealt", "new_game", "setup_problem", "temple_width"]
