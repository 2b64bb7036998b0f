"""The rules of BUILDERS.md: who decides, the legal decisions, and applying one.

:func:`apply_unchecked` trusts that its action came from :func:`legal_actions`
(the fast path for computer players and benchmarks) and re-validates nothing;
the checked :func:`engine.builders.apply` lives in :mod:`engine.builders.checks`,
written clause by clause from the rules so that the two can test each other.

Speed matters here (the benchmark asks for 100,000 decisions a second with the
legal list built each time), so the hot functions read fields into locals,
build small tuples directly and hand out the shared action instances of
:mod:`engine.builders.actions`.
"""

from __future__ import annotations

from itertools import product
from typing import Final

from msgspec.structs import replace

from engine.builders.actions import (
    GET,
    MAX_SHIPS,
    MAX_SLOTS,
    PASS,
    PLACES,
    PLAYS,
    SAILS,
    TAKES,
    UNLOADS,
    Action,
    Get,
    Place,
    Play,
    Sail,
    Take,
    Unload,
)
from engine.builders.cards import (
    BLUE_KINDS,
    CARD_KIND,
    CARD_SITE,
    IS_RED,
    first_of_kind,
)
from engine.builders.setup import boards_of, new_game, temple_width
from engine.builders.sites import (
    CHAMBER,
    GET_STONES,
    MARKET,
    MAX_PLAYERS,
    MIN_LOAD,
    PYRAMID,
    ROUND_CARDS,
    ROUNDS,
    SLED_SIZE,
    TEMPLE,
)
from engine.builders.state import EMPTY, NO_PLAYER, GameState

# --- queries --------------------------------------------------------------------


def current_player(state: GameState) -> int:
    """Whose decision it is, or -1 once the game is over.

    At the market it is the owner of the stone being unloaded; with a Lever the
    card's player picks the unloading order; otherwise the player whose turn it is.
    """
    if state.over:
        return NO_PLAYER
    if state.step == "take":
        return state.ships[state.ship][state.slot]
    return state.turn


def can_sail(ship: tuple[int, ...]) -> bool:
    """Whether ``ship`` carries its minimum load (it must not have sailed yet)."""
    return len(ship) - ship.count(EMPTY) >= MIN_LOAD[len(ship)]


def _has_space(state: GameState) -> bool:
    docked = state.docked
    return any(docked[i] < 0 and EMPTY in ship for i, ship in enumerate(state.ships))


def _any_sail(state: GameState) -> bool:
    docked = state.docked
    return any(docked[i] < 0 and can_sail(ship) for i, ship in enumerate(state.ships))


def _sail_card_ships(state: GameState) -> list[int]:
    """Ships on which one more stone would let them sail (the Sail card's first step)."""
    docked = state.docked
    return [
        i
        for i, ship in enumerate(state.ships)
        if docked[i] < 0
        and EMPTY in ship
        and len(ship) - ship.count(EMPTY) + 1 >= MIN_LOAD[len(ship)]
    ]


def blue_playable(state: GameState, kind: str) -> bool:
    """Whether the current player could carry out a blue card of ``kind`` now (section 7.4)."""
    me = state.turn
    if kind == "lever":
        return _any_sail(state)
    if kind == "hammer":
        return (state.sled[me] > 0 or state.quarry[me] > 0) and _has_space(state)
    if state.sled[me] == 0:
        return False
    if kind == "sail":
        return bool(_sail_card_ships(state))
    return _has_space(state)  # chisel


def _ship_table(ship: int) -> dict[tuple[int, ...], tuple[tuple[Place, ...], bool]]:
    """For every load a ship can carry: its placements, and whether it can sail."""
    table: dict[tuple[int, ...], tuple[tuple[Place, ...], bool]] = {}
    for capacity in range(1, MAX_SLOTS + 1):
        for load in product(range(EMPTY, MAX_PLAYERS), repeat=capacity):
            places = tuple(PLACES[ship][k] for k, owner in enumerate(load) if owner < 0)
            table[load] = (places, can_sail(load))
    return table


# Looked up instead of computed: legal_actions is the engine's hottest function.
_SHIPS: Final = tuple(_ship_table(ship) for ship in range(MAX_SHIPS))
_SAIL_ROWS: dict[tuple[int, ...], tuple[tuple[Sail, ...], ...]] = {}


def _sail_rows(docked: tuple[int, ...]) -> tuple[tuple[Sail, ...], ...]:
    """Per ship, its sails to the sites still free (cached: few dock patterns occur)."""
    rows = _SAIL_ROWS.get(docked)
    if rows is None:
        free = [site for site in range(len(SAILS[0])) if site not in docked]
        rows = tuple(tuple(SAILS[i][site] for site in free) for i in range(len(docked)))
        _SAIL_ROWS[docked] = rows
    return rows


def _places(state: GameState, actions: list[Action]) -> None:
    docked = state.docked
    for i, ship in enumerate(state.ships):
        if docked[i] < 0:
            actions.extend(_SHIPS[i][ship][0])


def _sails(state: GameState, actions: list[Action], only: int = EMPTY) -> None:
    docked = state.docked
    rows = _sail_rows(docked)
    for i, ship in enumerate(state.ships):
        if docked[i] < 0 and (only < 0 or i == only) and _SHIPS[i][ship][1]:
            actions.extend(rows[i])


def legal_actions(state: GameState) -> list[Action]:
    """Every decision the current player may take now; ``[Pass()]`` only when
    nothing else is legal; empty once the game is over.

    The order is fixed: get, placements (ship by ship, bow first), sails (ship
    by ship, sites in the order M P T B O), blue cards (Lever, Hammer, Sail,
    Chisel); in a step, its own decisions in the same orders.
    """
    if state.over:
        return []
    step = state.step
    actions: list[Action] = []
    if step == "turn":
        me = state.turn
        sled = state.sled[me]
        if sled < SLED_SIZE and state.quarry[me] > 0:
            actions.append(GET)
        docked = state.docked
        rows = _SAIL_ROWS.get(docked) or _sail_rows(docked)
        sails: list[Action] = []
        for ship, dock, table, row in zip(state.ships, docked, _SHIPS, rows, strict=False):
            if dock < 0:
                places, sailable = table[ship]
                if sled:
                    actions.extend(places)
                if sailable:
                    sails.extend(row)
        actions.extend(sails)
        held = state.held[me]
        if held and not state.blue_played[me]:
            for kind in BLUE_KINDS:
                for card in held:
                    if CARD_KIND[card] == kind:
                        if blue_playable(state, kind):
                            actions.append(PLAYS[kind])
                        break
        if not actions:
            actions.append(PASS)
        return actions
    if step == "take":
        return [TAKES[p] for p, card in enumerate(state.market) if card >= 0]
    if step == "place":
        if state.card == "sail":
            for i in _sail_card_ships(state):
                actions.extend(_SHIPS[i][state.ships[i]][0])
        else:
            _places(state, actions)
        return actions
    if step == "sail":
        _sails(state, actions, state.ship if state.card == "sail" else EMPTY)
        return actions
    return [UNLOADS[k] for k in state.left]  # unload


# --- applying -------------------------------------------------------------------


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def deliver(state: GameState, site: int, owner: int) -> GameState:
    """``owner``'s stone arrives at a site other than the market (section 6)."""
    if site == PYRAMID:
        return replace(state, pyramid=(*state.pyramid, owner))
    if site == TEMPLE:
        return replace(state, temple=(*state.temple, owner))
    if site == CHAMBER:
        return replace(state, chamber=(*state.chamber, owner))
    return replace(state, obelisks=_set(state.obelisks, owner, state.obelisks[owner] + 1))


def _deliver_all(state: GameState, ship: int, site: int) -> GameState:
    """Unload a whole ship front first at a site other than the market."""
    stones = tuple(owner for owner in state.ships[ship] if owner >= 0)
    ships = list(state.ships)
    ships[ship] = (EMPTY,) * len(ships[ship])
    if site == PYRAMID:
        return replace(state, ships=tuple(ships), pyramid=state.pyramid + stones)
    if site == TEMPLE:
        return replace(state, ships=tuple(ships), temple=state.temple + stones)
    if site == CHAMBER:
        return replace(state, ships=tuple(ships), chamber=state.chamber + stones)
    heights = list(state.obelisks)
    for owner in stones:
        heights[owner] += 1
    return replace(state, ships=tuple(ships), obelisks=tuple(heights))


def _round_end(state: GameState) -> GameState:
    """Section 4.3: score the temple, clear the ships and the market, deal the next round."""
    points = list(state.temple_points)
    for owner in state.temple[-temple_width(state) :]:
        points[owner] += 1
    discard = state.discard + tuple(card for card in state.market if card >= 0)
    blank = (False,) * state.players
    if state.round == ROUNDS:
        return replace(
            state,
            temple_points=tuple(points),
            discard=discard,
            ships=(),
            docked=(),
            market=(),
            blue_played=blank,
            over=True,
        )
    capacities = ROUND_CARDS[state.players][state.rounds[state.round]]
    shown = boards_of(state).market.cards
    return replace(
        state,
        temple_points=tuple(points),
        discard=discard,
        round=state.round + 1,
        ships=tuple((EMPTY,) * c for c in capacities),
        docked=(EMPTY,) * len(capacities),
        market=state.deck[:shown],
        deck=state.deck[shown:],
        blue_played=blank,
    )


def _finish(state: GameState) -> GameState:
    """The action is complete: end the round if its fourth ship has sailed, and pass the turn."""
    done = replace(
        state,
        step="turn",
        card="",
        placed=0,
        ship=EMPTY,
        slot=EMPTY,
        left=(),
        turn=(state.turn + 1) % state.players,
        ply=state.ply + 1,
    )
    if EMPTY not in state.docked:
        return _round_end(done)
    return done


def _sail(state: GameState, ship: int, site: int, lever: bool) -> GameState:
    docked = _set(state.docked, ship, site)
    if lever:
        left = tuple(k for k, owner in enumerate(state.ships[ship]) if owner >= 0)
        return replace(state, docked=docked, step="unload", ship=ship, left=left, ply=state.ply + 1)
    if site == MARKET:
        order = tuple(k for k, owner in enumerate(state.ships[ship]) if owner >= 0)
        return replace(
            state,
            docked=docked,
            step="take",
            ship=ship,
            slot=order[0],
            left=order[1:],
            ply=state.ply + 1,
        )
    return _finish(_deliver_all(replace(state, docked=docked), ship, site))


def _market_done(state: GameState) -> GameState:
    """Every stone has taken its card: the stones go back to their quarries (section 6.1)."""
    ship = state.ships[state.ship]
    quarry = list(state.quarry)
    for owner in ship:
        if owner >= 0:
            quarry[owner] += 1
    ships = list(state.ships)
    ships[state.ship] = (EMPTY,) * len(ship)
    return _finish(replace(state, quarry=tuple(quarry), ships=tuple(ships)))


def _take(state: GameState, position: int) -> GameState:
    owner = state.ships[state.ship][state.slot]
    card = state.market[position]
    market = _set(state.market, position, EMPTY)
    if IS_RED[card]:
        taken = replace(state, market=market, discard=(*state.discard, card))
        if state.quarry[owner] > 0:
            taken = replace(taken, quarry=_set(state.quarry, owner, state.quarry[owner] - 1))
            taken = deliver(taken, CARD_SITE[card], owner)
    else:
        held = list(state.held)
        held[owner] = (*held[owner], card)
        taken = replace(state, market=market, held=tuple(held))
    left = state.left
    if not left:
        return _market_done(taken)
    if state.card == "lever":
        return replace(taken, step="unload", slot=EMPTY, ply=state.ply + 1)
    return replace(taken, slot=left[0], left=left[1:], ply=state.ply + 1)


def _lever_unload(state: GameState, slot: int) -> GameState:
    left = tuple(k for k in state.left if k != slot)
    site = state.docked[state.ship]
    if site == MARKET:
        return replace(state, step="take", slot=slot, left=left, ply=state.ply + 1)
    owner = state.ships[state.ship][slot]
    ships = list(state.ships)
    ships[state.ship] = _set(ships[state.ship], slot, EMPTY)
    moved = deliver(replace(state, ships=tuple(ships), left=left), site, owner)
    if left:
        return replace(moved, ply=state.ply + 1)
    return _finish(moved)


def _get(state: GameState, me: int) -> GameState:
    sled, quarry = state.sled[me], state.quarry[me]
    moved = min(GET_STONES, SLED_SIZE - sled, quarry)
    return replace(
        state,
        sled=_set(state.sled, me, sled + moved),
        quarry=_set(state.quarry, me, quarry - moved),
    )


def _place(state: GameState, ship: int, slot: int) -> GameState:
    me = state.turn
    ships = list(state.ships)
    ships[ship] = _set(ships[ship], slot, me)
    return replace(state, ships=tuple(ships), sled=_set(state.sled, me, state.sled[me] - 1))


def _play(state: GameState, kind: str) -> GameState:
    me = state.turn
    held = list(state.held)
    mine = held[me]
    # Of two cards of a kind the lower id goes to the discard, so that a
    # record replays to the same discard pile everywhere.
    card = first_of_kind(mine, kind)
    index = mine.index(card)
    held[me] = (*mine[:index], *mine[index + 1 :])
    state = replace(
        state,
        held=tuple(held),
        discard=(*state.discard, card),
        blue_played=_set_flag(state.blue_played, me),
        card=kind,
        ply=state.ply + 1,
    )
    if kind == "lever":
        return replace(state, step="sail")
    if kind == "hammer":
        state = _get(state, me)
    return replace(state, step="place")


def _set_flag(flags: tuple[bool, ...], index: int) -> tuple[bool, ...]:
    return (*flags[:index], True, *flags[index + 1 :])


def _card_place(state: GameState, ship: int, slot: int) -> GameState:
    placed = _place(state, ship, slot)
    card = state.card
    if card == "sail":
        return replace(placed, step="sail", ship=ship, ply=state.ply + 1)
    if card == "chisel" and state.placed == 0 and placed.sled[state.turn] and _has_space(placed):
        return replace(placed, placed=1, ply=state.ply + 1)
    return _finish(placed)


def apply_unchecked(state: GameState, action: Action) -> GameState:
    """The state after ``action``, which must be one of ``legal_actions(state)``."""
    step = state.step
    kind = type(action)
    if step == "turn":
        if kind is Place:
            assert isinstance(action, Place)
            return _finish(_place(state, action.ship, action.slot))
        if kind is Sail:
            assert isinstance(action, Sail)
            return _sail(state, action.ship, action.site, False)
        if kind is Get:
            return _finish(_get(state, state.turn))
        if kind is Play:
            assert isinstance(action, Play)
            return _play(state, action.card)
        return _finish(state)  # pass
    if step == "take":
        assert isinstance(action, Take)
        return _take(state, action.position)
    if step == "place":
        assert isinstance(action, Place)
        return _card_place(state, action.ship, action.slot)
    if step == "sail":
        assert isinstance(action, Sail)
        return _sail(state, action.ship, action.site, state.card == "lever")
    assert isinstance(action, Unload)
    return _lever_unload(state, action.slot)


__all__ = [
    "apply_unchecked",
    "blue_playable",
    "can_sail",
    "current_player",
    "legal_actions",
    "new_game",
]
