"""The rules of RULES.md: set-up, legal actions and applying an action.

Two entry points apply an action. :func:`engine.duel.checks.apply` checks it
first and raises :class:`IllegalAction` with a reason a player can read;
:func:`apply_unchecked` here trusts that the action came from
:func:`legal_actions` (the fast path for computer players and benchmarks).
Why an action is illegal is told apart from this module, in
:mod:`engine.duel.checks`, so that each can check the other.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from msgspec.structs import replace

from engine.duel.actions import (
    PASS,
    PLACES,
    PLAYS,
    STOP,
    SWAPS,
    TAKES,
    UNLOADS,
    Action,
    Place,
    Play,
    Stop,
    Swap,
    Take,
    Unload,
)
from engine.duel.state import NO_PLAYER, RULES, GameState, Pending, Player, Rules, Sides
from engine.duel.tokens import (
    BOAT_LINES,
    CELL_BOATS,
    DARK_PYRAMID,
    FULL_SET,
    LIGHT_PYRAMID,
    OBELISK,
    PLACE_TWO,
    PLACE_UNLOAD,
    SWAP_UNLOAD,
    TAKE,
)
from engine.message import msg

EMPTY = NO_PLAYER
# The game ends the moment a boat leaves and only this many are left in play
# (RULES.md section 8); nobody gets the last boat's tokens.
BOATS_AT_END = 1


# --- set-up -------------------------------------------------------------------


def shuffled_deck(seed: int) -> tuple[str, ...]:
    """The 60 tokens in the deal order that ``seed`` gives."""
    deck = list(FULL_SET)
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def check_deck(deck: Sequence[str]) -> None:
    """Raise ValueError unless ``deck`` is exactly the 60 tokens of the game."""
    if len(deck) != len(FULL_SET):
        raise ValueError(
            msg("a deck has {wanted} tokens, not {count}", wanted=len(FULL_SET), count=len(deck))
        )
    if sorted(deck) != sorted(FULL_SET):
        extra = sorted(set(deck) - set(FULL_SET))
        if extra:
            raise ValueError(
                msg("unknown token codes in the deck: {codes}", codes=", ".join(extra))
            )
        counts = {t: deck.count(t) for t in set(FULL_SET)}
        wrong = [t for t in sorted(counts) if counts[t] != FULL_SET.count(t)]
        raise ValueError(msg("the deck has the wrong number of: {codes}", codes=", ".join(wrong)))


def new_game(
    seed: int | None = None,
    *,
    deck: Sequence[str] | None = None,
    sides: Sides | str = "AAAA",
    starter: int = 0,
    rules: Rules = "classic",
) -> GameState:
    """A new game dealt from ``seed`` or from an explicit ``deck``.

    The deck is dealt as RULES.md section 3 says: 18 tokens fill the row boats
    then the column boats (slots 1, 2, 3), the next 3 are the reserve (top
    first), and the last 39 are the supply (top first). ``sides`` is a
    :class:`Sides` or four letters (obelisk, temple, pyramids, burial chamber);
    ``starter`` is 0 or 1. ``rules`` is "classic" (the printed rules) or
    "online" (RULES.md section 11: refills wait for the end of the turn).
    """
    if (seed is None) == (deck is None):
        raise ValueError("new_game needs either a seed or a deck, not both")
    if deck is None:
        assert seed is not None
        cards = shuffled_deck(seed)
    else:
        check_deck(deck)
        cards = tuple(deck)
    if isinstance(sides, str):
        sides = Sides.parse(sides)
    if starter not in (0, 1):
        raise ValueError(f"the starting player is 0 or 1, not {starter!r}")
    if rules not in RULES:
        raise ValueError(f"the rules are {' or '.join(RULES)}, not {rules!r}")
    boats = tuple((cards[3 * b], cards[3 * b + 1], cards[3 * b + 2]) for b in range(6))
    return GameState(
        sides=sides,
        supply=cards[21:],
        reserve=cards[18:21],
        boats=boats,
        grid=(EMPTY,) * 9,
        players=(Player(), Player()),
        starter=starter,
        turn=starter,
        rules=rules,
    )


# --- queries ------------------------------------------------------------------


def current_player(state: GameState) -> int:
    """Whose decision it is (0 or 1), or -1 once the game is over."""
    return NO_PLAYER if state.over else state.turn


def meeples_in_line(state: GameState, boat: int) -> int:
    grid = state.grid
    return sum(1 for cell in BOAT_LINES[boat] if grid[cell] != EMPTY)


def unloadable_boats(state: GameState) -> list[int]:
    """Boats in play whose line holds at least two meeples."""
    grid = state.grid
    result = []
    for boat, slots in enumerate(state.boats):
        if slots is not None:
            a, b, c = BOAT_LINES[boat]
            if (grid[a] != EMPTY) + (grid[b] != EMPTY) + (grid[c] != EMPTY) >= 2:
                result.append(boat)
    return result


def empty_cells(state: GameState) -> list[int]:
    return [cell for cell, owner in enumerate(state.grid) if owner == EMPTY]


def enabling_cells(state: GameState) -> list[int]:
    """Empty cells where a meeple would leave some boat able to be unloaded."""
    cells = empty_cells(state)
    if unloadable_boats(state):
        return cells
    grid, boats = state.grid, state.boats
    result = []
    for cell in cells:
        for boat in CELL_BOATS[cell]:
            if boats[boat] is not None and any(grid[c] != EMPTY for c in BOAT_LINES[boat]):
                result.append(cell)
                break
    return result


def _takeable(state: GameState) -> list[Take]:
    return [
        TAKES[b][s]
        for b, slots in enumerate(state.boats)
        if slots is not None
        for s in range(3)
        if slots[s][0] != "A"
    ]


def _token_playable(state: GameState, token: str) -> bool:
    player = state.players[state.turn]
    if token == TAKE:
        return any(slots is not None and any(t[0] != "A" for t in slots) for slots in state.boats)
    if token == PLACE_TWO:
        return player.meeples >= 2
    if token == PLACE_UNLOAD:
        return player.meeples >= 1 and bool(enabling_cells(state))
    # SWAP_UNLOAD: the unload that must follow has to be possible already,
    # since swapping moves no meeple.
    return bool(unloadable_boats(state))


def legal_actions(state: GameState) -> list[Action]:
    """Every action the current player may take now; empty once the game is over."""
    if state.over:
        return []
    pending = state.pending
    if pending is None:
        return _turn_actions(state)
    step = pending.step
    if step == "take":
        return list(_takeable(state))
    if step == "place":
        cells = enabling_cells(state) if pending.token == PLACE_UNLOAD else empty_cells(state)
        return [PLACES[c] for c in cells]
    if step == "place_more":
        return [*(PLACES[c] for c in empty_cells(state)), STOP]
    if step == "unload":
        return [UNLOADS[b] for b in unloadable_boats(state)]
    if step == "unload_more":
        return [*(UNLOADS[b] for b in unloadable_boats(state)), STOP]
    # swap
    return [s for b, slots in enumerate(state.boats) if slots is not None for s in SWAPS[b]]


def _turn_actions(state: GameState) -> list[Action]:
    player = state.players[state.turn]
    actions: list[Action] = []
    if player.meeples:
        actions.extend(PLACES[c] for c in empty_cells(state))
    actions.extend(UNLOADS[b] for b in unloadable_boats(state))
    seen: set[str] = set()
    for token in player.actions:
        if token not in seen:
            seen.add(token)
            if _token_playable(state, token):
                actions.append(PLAYS[token])
    if not actions:
        actions.append(PASS)
    return actions


# --- applying -------------------------------------------------------------------


def _gain(player: Player, who: int, token: str, first_to_five: int) -> tuple[Player, int]:
    """``player`` after placing ``token`` on their boards (RULES.md section 5)."""
    head = token[0]
    if token == OBELISK:
        count = player.obelisks + 1
        if count == 5 and first_to_five == EMPTY:
            first_to_five = who
        return replace(player, obelisks=count), first_to_five
    if token == LIGHT_PYRAMID:
        return replace(player, light=player.light + 1), first_to_five
    if token == DARK_PYRAMID:
        return replace(player, dark=player.dark + 1), first_to_five
    if head == "T":
        return replace(player, temples=(*player.temples, int(token[1]))), first_to_five
    if head == "B":
        chambers = tuple(sorted((*player.chambers, int(token[1:]))))
        return replace(player, chambers=chambers), first_to_five
    return replace(player, actions=(*player.actions, token)), first_to_five


def _place(state: GameState, cell: int) -> GameState:
    who = state.turn
    grid = list(state.grid)
    grid[cell] = who
    players = list(state.players)
    players[who] = replace(players[who], meeples=players[who].meeples - 1)
    return replace(state, grid=tuple(grid), players=(players[0], players[1]))


def handout(state: GameState, boat: int) -> list[tuple[int, int, str]]:
    """Who gets what if ``boat`` is unloaded: (cell, owner, token) in hand-out order.

    Meeples are taken nearest the boat first; the first takes slot 3, the
    second slot 2, the third slot 1.
    """
    slots = state.boats[boat]
    assert slots is not None
    grid = state.grid
    owners = [(cell, grid[cell]) for cell in BOAT_LINES[boat] if grid[cell] != EMPTY]
    return [(cell, owner, slots[2 - k]) for k, (cell, owner) in enumerate(owners)]


def hand_out(state: GameState, boat: int) -> GameState:
    """The first half of unloading ``boat``: every meeple in its line takes its
    token (RULES.md section 4.2), the token left over goes to the box, and the
    meeples go home. The boat is left as it was, neither refilled nor removed:
    what a refill would bring is face down, so a preview must stop here.
    """
    slots = state.boats[boat]
    assert slots is not None
    grid = list(state.grid)
    players = list(state.players)
    first_to_five = state.first_to_five
    given = handout(state, boat)
    for cell, owner, token in given:
        grid[cell] = EMPTY
        gained, first_to_five = _gain(players[owner], owner, token, first_to_five)
        players[owner] = replace(gained, meeples=gained.meeples + 1)
    handed = len(given)
    box = state.box if handed == 3 else (*state.box, slots[0])
    return replace(
        state,
        grid=tuple(grid),
        players=(players[0], players[1]),
        first_to_five=first_to_five,
        box=box,
    )


def boats_in_play(state: GameState) -> int:
    """How many boats have not yet left the game (one waiting for its refill
    under the online rules is still in play)."""
    return sum(1 for slots in state.boats if slots is not None) + len(state.emptied)


# Every place that reasons about refills asks the three functions below, so
# that the classic and the online rules differ in this one spot.


def leaving_boats(state: GameState, boat: int) -> tuple[int, ...]:
    """The boats that leave the game if ``boat`` is unloaded now and the turn
    then ends: the ones the supply cannot refill.

    Classic rules refill a boat right after its unload, so only ``boat`` can
    leave, and only with the supply empty. Under the online rules the boats
    unloaded this turn are refilled when it ends, row boats top to bottom and
    then column boats left to right (the order of the boats' numbers), so with
    one refill left after a double unload the later boat in that order leaves,
    whichever was unloaded first. With the supply empty a boat leaves at once
    under both rules: nothing could ever refill it.
    """
    refills = len(state.supply) // 3
    if not refills:
        return (boat,)
    if not state.emptied:
        return ()
    return tuple(sorted((*state.emptied, boat))[refills:])


def _leaving_count(state: GameState) -> int:
    # How many boats an unload now takes out of the game, whichever it is.
    refills = len(state.supply) // 3
    return 1 if not refills else max(0, len(state.emptied) + 1 - refills)


def unload_ends_game(state: GameState) -> bool:
    """Whether an unload now would end the game: the boats the supply cannot
    refill leave, and the game ends when BOATS_AT_END boats are left."""
    return boats_in_play(state) - _leaving_count(state) == BOATS_AT_END


def supply_after_unload(state: GameState) -> int:
    """How many tokens the supply holds once an unload now has refilled its
    boat (and, under the online rules, the boats already waiting): a refill
    takes three, and with none left the boat leaves."""
    return max(0, len(state.supply) - 3 * (1 + len(state.emptied)))


def _unload(state: GameState, boat: int) -> GameState:
    state = hand_out(state, boat)
    boats = list(state.boats)
    supply = state.supply
    if supply and state.rules == "online":
        # The boat waits, empty, for the end of the turn (see _end_turn).
        boats[boat] = None
        return replace(state, boats=tuple(boats), emptied=(*state.emptied, boat))
    if supply:
        boats[boat] = (supply[0], supply[1], supply[2])
        supply = supply[3:]
    else:
        boats[boat] = None
    unloaded = replace(state, boats=tuple(boats), supply=supply)
    over = boats_in_play(unloaded) == BOATS_AT_END
    return replace(unloaded, over=over, pending=None if over else state.pending)


def _refill_emptied(state: GameState) -> GameState:
    """The online rules' end of a turn: the boats unloaded during it are
    refilled, row boats top to bottom and then column boats left to right
    (boat numbers ascending); those the supply cannot refill leave the game."""
    boats = list(state.boats)
    supply = state.supply
    for boat in sorted(state.emptied):
        if supply:
            boats[boat] = (supply[0], supply[1], supply[2])
            supply = supply[3:]
    refilled = replace(state, boats=tuple(boats), supply=supply, emptied=())
    return replace(refilled, over=boats_in_play(refilled) == BOATS_AT_END)


def _take(state: GameState, boat: int, slot: int) -> GameState:
    slots = state.boats[boat]
    assert slots is not None
    who = state.turn
    players = list(state.players)
    players[who], first_to_five = _gain(players[who], who, slots[slot], state.first_to_five)
    refilled = list(slots)
    refilled[slot] = state.reserve[0]
    boats = list(state.boats)
    boats[boat] = (refilled[0], refilled[1], refilled[2])
    return replace(
        state,
        players=(players[0], players[1]),
        first_to_five=first_to_five,
        boats=tuple(boats),
        reserve=state.reserve[1:],
    )


def _swap(state: GameState, boat: int, first: int, second: int) -> GameState:
    slots = state.boats[boat]
    assert slots is not None
    swapped = list(slots)
    swapped[first], swapped[second] = swapped[second], swapped[first]
    boats = list(state.boats)
    boats[boat] = (swapped[0], swapped[1], swapped[2])
    return replace(state, boats=tuple(boats))


def _end_turn(state: GameState) -> GameState:
    if state.emptied:
        state = _refill_emptied(state)
    if state.over:
        return replace(state, pending=None, ply=state.ply + 1)
    return replace(state, pending=None, turn=1 - state.turn, ply=state.ply + 1)


def _continue(state: GameState, pending: Pending) -> GameState:
    return replace(state, pending=pending, ply=state.ply + 1)


def _start_token(state: GameState, token: str) -> GameState:
    who = state.turn
    player = state.players[who]
    held = list(player.actions)
    held.remove(token)
    players = list(state.players)
    players[who] = replace(player, actions=tuple(held))
    first_step = {TAKE: "take", PLACE_TWO: "place", PLACE_UNLOAD: "place", SWAP_UNLOAD: "swap"}
    return replace(
        state,
        players=(players[0], players[1]),
        box=(*state.box, token),
        pending=Pending(token=token, step=first_step[token]),  # type: ignore[arg-type]
        ply=state.ply + 1,
    )


def apply_unchecked(state: GameState, action: Action) -> GameState:
    """The state after ``action``, which must be one of ``legal_actions(state)``."""
    pending = state.pending
    if pending is None:
        if isinstance(action, Place):
            return _end_turn(_place(state, action.cell))
        if isinstance(action, Unload):
            return _end_turn(_unload(state, action.boat))
        if isinstance(action, Play):
            return _start_token(state, action.token)
        return _end_turn(state)  # pass

    step = pending.step
    if isinstance(action, Stop):
        return _end_turn(state)
    if step == "take":
        assert isinstance(action, Take)
        return _end_turn(_take(state, action.boat, action.slot))
    if step == "swap":
        assert isinstance(action, Swap)
        swapped = _swap(state, action.boat, action.first, action.second)
        return _continue(swapped, replace(pending, step="unload"))
    if isinstance(action, Place):
        placed = _place(state, action.cell)
        if pending.token == PLACE_UNLOAD:
            return _continue(placed, replace(pending, step="unload", placed=1))
        count = pending.placed + 1
        if count == 1:
            return _continue(placed, replace(pending, placed=1))
        if count == 2 and placed.players[placed.turn].meeples > 0:
            return _continue(placed, replace(pending, step="place_more", placed=2))
        return _end_turn(placed)
    assert isinstance(action, Unload)
    unloaded = _unload(state, action.boat)
    if unloaded.over or step == "unload_more" or pending.token == SWAP_UNLOAD:
        return _end_turn(unloaded)
    # Place 1 and unload: a second unload is offered only when one is possible.
    if unloadable_boats(unloaded):
        return _continue(unloaded, replace(pending, step="unload_more"))
    return _end_turn(unloaded)


__all__ = [
    "STOP",
    "apply_unchecked",
    "current_player",
    "legal_actions",
    "new_game",
]


def reveals_hidden(before: GameState, after: GameState) -> bool:
    """Whether going from ``before`` to ``after`` turned up a face-down token.

    A refill from the supply or a reserve token moved to a boat shows players
    something they did not know; undo past such a step would let them peek.
    """
    return len(after.supply) != len(before.supply) or len(after.reserve) != len(before.reserve)
