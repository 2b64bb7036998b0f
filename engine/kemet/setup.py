"""Setting a game up (KEMET.md section 4), from a seed or explicitly.

The explicit set-up (the project convention of section 4) is everything
chance decides: player count, game length, variants, which city each seat
takes, the starting order, the DI deck order and the shuffle keys that order
every later shuffle. A seed only chooses these values. The players' own
set-up choices (pyramids, units) are decisions of the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import msgspec

from engine.kemet.board import LAYOUTS, SPACES
from engine.kemet.cards import CREATURES as _CREATURES
from engine.kemet.cards import DI_CARDS, STARTING_HAND, TILE_COUNT
from engine.kemet.state import NONE, START_PP, UNITS, GameState
from engine.message import msg

SHORT, LONG, BEGINNERS_TARGET = 8, 10, 4
KEYS_DEALT = 4  # shuffle keys a seed deals


class Setup(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """All of a game's chance, written down (section 4, project convention)."""

    players: int
    length: int = SHORT  # 8 (short) or 10 (long) VP
    beginners: bool = False  # section 15
    open_discards: bool = False  # section 15
    cities: tuple[int, ...]  # per seat: its city
    order: tuple[int, ...]  # the starting order, seats
    deck: tuple[int, ...]  # the 35 DI ids, top first
    keys: tuple[tuple[int, ...], ...]  # shuffle keys, each a permutation of the DI ids

    def problem(self) -> str | None:
        """Why this is not a set-up of section 4, or None."""
        n = self.players
        if n not in LAYOUTS:
            return msg("Kemet is for 2 to 5 players, not {count}", count=n)
        if self.length not in (SHORT, LONG):
            return msg("the game is played to 8 or 10 VP, not {count}", count=self.length)
        if self.beginners and self.length != SHORT:
            return msg("the beginners' game cannot be the long game")
        allowed = LAYOUTS[n].cities
        if len(self.cities) != n or len(set(self.cities)) != n:
            return msg("each of the {count} seats takes a different city", count=n)
        if any(c not in allowed for c in self.cities):
            return msg(
                "with {count} players the cities are {cities}",
                count=n,
                cities=", ".join(map(str, allowed)),
            )
        if sorted(self.order) != list(range(n)):
            return msg("the starting order names each seat once")
        ids = list(range(DI_CARDS))
        if sorted(self.deck) != ids:
            return msg("the DI deck holds the card ids 0 to 34, each once")
        if not self.keys or len(self.keys) > 64 or any(sorted(k) != ids for k in self.keys):
            return msg("each shuffle key orders the DI card ids 0 to 34, each once")
        return None


def dealt(seed: int, players: int, **options: bool | int) -> Setup:
    """The set-up ``seed`` deals (cities at random, section 4 ruling)."""
    rng = random.Random(seed)
    cities = list(LAYOUTS[players].cities)
    rng.shuffle(cities)
    order = list(range(players))
    rng.shuffle(order)
    deck = list(range(DI_CARDS))
    rng.shuffle(deck)
    keys = []
    for _ in range(KEYS_DEALT):
        key = list(range(DI_CARDS))
        rng.shuffle(key)
        keys.append(tuple(key))
    length = int(options.get("length", SHORT))
    return Setup(
        players=players,
        length=length,
        beginners=bool(options.get("beginners", False)),
        open_discards=bool(options.get("open_discards", False)),
        cities=tuple(cities),
        order=tuple(order),
        deck=tuple(deck),
        keys=tuple(keys),
    )


def start(setup: Setup) -> GameState:
    """The first state of ``setup`` (raises ValueError for an impossible one)."""
    problem = setup.problem()
    if problem is not None:
        raise ValueError(problem)
    n = setup.players
    hands: list[tuple[int, ...]] = [()] * n
    for k, seat in enumerate(setup.order):
        hands[seat] = (setup.deck[k],)
    return GameState(
        players=n,
        target=BEGINNERS_TARGET if setup.beginners else setup.length,
        beginners=setup.beginners,
        open_discards=setup.open_discards,
        cities=setup.cities,
        first_order=setup.order,
        order=setup.order,
        keys=setup.keys,
        shuffles=0,
        day=0,
        phase="pyramids",
        actor=setup.order[0],
        pos=0,
        turn_no=0,
        pp=(START_PP,) * n,
        vp=(0,) * n,
        bvp=(0,) * n,
        units=(0,) * (n * SPACES),
        reserve=(UNITS,) * n,
        levels=(0,) * (3 * n),
        sites=(NONE,) * (3 * n),
        tiles=(NONE,) * TILE_COUNT,
        creatures=(NONE,) * len(_CREATURES),
        di_deck=setup.deck[n:],
        di_discard=(),
        hands=tuple(hands),
        bhands=(STARTING_HAND,) * n,
        bdiscards=((),) * n,
        bremoved=((),) * n,
        used=(0,) * n,
        regular=(0,) * n,
        shown=(),
    )


def new_game(
    seed: int | None = None,
    *,
    players: int = 2,
    length: int = SHORT,
    beginners: bool = False,
    open_discards: bool = False,
    cities: Sequence[int] | None = None,
    order: Sequence[int] | None = None,
    deck: Sequence[int] | None = None,
    keys: Sequence[Sequence[int]] | None = None,
) -> GameState:
    """A new game dealt from ``seed``, with any of its chance given explicitly instead."""
    if players not in LAYOUTS:
        raise ValueError(msg("Kemet is for 2 to 5 players, not {count}", count=players))
    base = dealt(0 if seed is None else seed, players)
    if seed is None and (cities is None or order is None or deck is None or keys is None):
        raise ValueError(msg("a game needs a seed, or its cities, order, deck and keys"))
    setup = Setup(
        players=players,
        length=length,
        beginners=beginners,
        open_discards=open_discards,
        cities=base.cities if cities is None else tuple(cities),
        order=base.order if order is None else tuple(order),
        deck=base.deck if deck is None else tuple(deck),
        keys=base.keys if keys is None else tuple(tuple(k) for k in keys),
    )
    return start(setup)


__all__ = ["BEGINNERS_TARGET", "LONG", "SHORT", "Setup", "dealt", "new_game", "start"]
