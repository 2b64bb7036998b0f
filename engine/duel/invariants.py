"""What every state the engine can reach satisfies (RULES.md sections 3 to 10).

The engine only ever builds states from :func:`engine.new_game` and
:func:`engine.apply`, so its own states hold these facts by construction. A
state read from outside (a saved game, the match store) has no such history:
:func:`state_problems` checks it against the same facts before the rules are
allowed to trust it, and says in words what is wrong.

Every number here comes from the engine itself: the set-up is whatever
:func:`engine.new_game` deals, the tokens are :data:`engine.duel.tokens.FULL_SET`, and
the obelisk threshold is the one scoring uses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from engine.duel.rules import enabling_cells, legal_actions, new_game, unloadable_boats
from engine.duel.scoring import OBELISK_B_THRESHOLD
from engine.duel.state import NO_PLAYER, RULES, GameState, Pending, Player
from engine.duel.tokens import (
    ACTION_TOKENS,
    ALL_CODES,
    CHAMBERS,
    DARK_PYRAMID,
    FULL_SET,
    LIGHT_PYRAMID,
    OBELISK,
    PLACE_TWO,
    PLACE_UNLOAD,
    SWAP_UNLOAD,
    TAKE,
    TEMPLES,
    boat_words,
    cell_words,
    is_action_token,
    token_name,
)

# The set-up as the rules deal it; its sizes are the sizes every state keeps.
_START: Final = new_game(deck=FULL_SET)
CELLS: Final = len(_START.grid)
BOATS: Final = len(_START.boats)
RESERVE: Final = len(_START.reserve)
SUPPLY: Final = len(_START.supply)
MEEPLES: Final = _START.players[0].meeples
PLAYERS: Final = tuple(range(len(_START.players)))
_FIRST_BOAT = _START.boats[0]
assert _FIRST_BOAT is not None
SLOTS: Final = len(_FIRST_BOAT)  # tokens per refill, too

# Players keep temple values and chamber numbers, not codes (see rules._gain).
TEMPLE_CODES: Final = {int(code[1:]): code for code in TEMPLES}
CHAMBER_CODES: Final = {int(code[1:]): code for code in CHAMBERS}

# The steps each action token goes through, and how many meeples it has placed
# by then (rules.apply_unchecked moves a Pending along exactly these).
TOKEN_STEPS: Final[dict[str, dict[str, tuple[int, ...]]]] = {
    TAKE: {"take": (0,)},
    PLACE_TWO: {"place": (0, 1), "place_more": (2,)},
    PLACE_UNLOAD: {"place": (0,), "unload": (1,), "unload_more": (1,)},
    SWAP_UNLOAD: {"swap": (0,), "unload": (0,)},
}

_FULL_COUNT: Final = Counter(FULL_SET)


def _who(player: int) -> str:
    return f"player {player + 1}"


def held_tokens(player: Player) -> list[str]:
    """The codes of every token ``player`` has gained and not played."""
    held = [OBELISK] * player.obelisks + [LIGHT_PYRAMID] * player.light
    held += [DARK_PYRAMID] * player.dark
    held += [TEMPLE_CODES[v] for v in player.temples if v in TEMPLE_CODES]
    held += [CHAMBER_CODES[n] for n in player.chambers if n in CHAMBER_CODES]
    held += player.actions
    return held


def all_tokens(state: GameState) -> list[str]:
    """Every token the state places somewhere: boats, supply, reserve, box, players."""
    found = [*state.supply, *state.reserve, *state.box]
    for slots in state.boats:
        if slots is not None:
            found += slots
    for player in state.players:
        found += held_tokens(player)
    return found


def state_problems(state: GameState) -> list[str]:
    """What is wrong with ``state``, in words; empty when it keeps every invariant.

    Every state the engine reaches keeps them all (the property tests play
    random games to check this); the converse is not claimed: a sound state
    need not be reachable, but the rules can play on from it.

    The checks run in stages, each trusting what the ones before it
    established, so that a broken shape is reported as such and never crashes
    the deeper checks that ask the rules about the position.
    """
    problems = _shape_problems(state)
    if problems:
        return problems
    problems = [*_token_problems(state), *_meeple_problems(state)]
    if problems:
        return problems
    return _progress_problems(state)


# --- stage 1: sizes, ranges and codes ------------------------------------------


def _unknown_codes(where: str, codes: Iterable[str], allowed: Iterable[str]) -> list[str]:
    known = set(allowed)
    bad = sorted({code for code in codes if code not in known})
    return [f"unknown token codes in {where}: {', '.join(map(repr, bad))}"] if bad else []


def _shape_problems(state: GameState) -> list[str]:
    problems: list[str] = []
    if len(state.grid) != CELLS:
        problems.append(f"the grid has {len(state.grid)} cells, not {CELLS}")
    for cell, owner in enumerate(state.grid[:CELLS]):
        if owner != NO_PLAYER and owner not in PLAYERS:
            problems.append(
                f"{cell_words(cell)} holds {owner}, which is neither a player "
                f"({', '.join(map(str, PLAYERS))}) nor empty ({NO_PLAYER})"
            )
    if len(state.boats) != BOATS:
        problems.append(f"there are {len(state.boats)} boats, not {BOATS}")
    for name, value in (("turn", state.turn), ("starter", state.starter)):
        if value not in PLAYERS:
            problems.append(f"{name} is {value}, not a player ({', '.join(map(str, PLAYERS))})")
    if state.first_to_five != NO_PLAYER and state.first_to_five not in PLAYERS:
        problems.append(f"first_to_five is {state.first_to_five}, not a player or {NO_PLAYER}")
    if state.rules not in RULES:
        problems.append(f"the rules are {state.rules!r}, not one of {', '.join(RULES)}")
    if state.ply < 0:
        problems.append(f"ply is {state.ply}; it counts actions and cannot be negative")
    problems += _unknown_codes("the supply", state.supply, ALL_CODES)
    problems += _unknown_codes("the reserve", state.reserve, ALL_CODES)
    problems += _unknown_codes("the box", state.box, ALL_CODES)
    for boat, slots in enumerate(state.boats[:BOATS]):
        if slots is not None:
            problems += _unknown_codes(boat_words(boat), slots, ALL_CODES)
    for who, player in enumerate(state.players):
        problems += _player_shape_problems(_who(who), player)
    if state.pending is not None:
        problems += _pending_shape_problems(state.pending)
    problems += _emptied_shape_problems(state)
    return problems


def _emptied_shape_problems(state: GameState) -> list[str]:
    emptied = state.emptied
    if not emptied:
        return []
    if state.rules != "online":
        return [f"boats {list(emptied)} wait for a refill, which only the online rules defer"]
    if len(set(emptied)) != len(emptied) or not all(0 <= b < BOATS for b in emptied):
        return [f"the boats waiting for a refill, {list(emptied)}, are not distinct boats"]
    problems = [
        f"{boat_words(b)} waits for a refill but still holds tokens"
        for b in emptied
        if state.boats[b] is not None
    ]
    # Only the second unload of Place 1 and unload can follow an unload in the
    # same turn; every other turn ends, and refills, right after its unload.
    pending = state.pending
    if pending is None or pending.step != "unload_more" or len(emptied) != 1:
        problems.append(
            f"boats {list(emptied)} wait for a refill outside the second unload of "
            f"{token_name(PLACE_UNLOAD)}; the end of the turn refills them"
        )
    return problems


def _player_shape_problems(who: str, player: Player) -> list[str]:
    problems = [
        f"{who} has {count} {what}, which cannot be negative"
        for what, count in (
            ("meeples in supply", player.meeples),
            ("obelisks", player.obelisks),
            ("light pyramid tokens", player.light),
            ("dark pyramid tokens", player.dark),
        )
        if count < 0
    ]
    # Bounded here, before anything builds a list of that many tokens.
    problems += [
        f"{who} has {count} {token_name(code)} tokens; the game has {_FULL_COUNT[code]}"
        for code, count in (
            (OBELISK, player.obelisks),
            (LIGHT_PYRAMID, player.light),
            (DARK_PYRAMID, player.dark),
        )
        if count > _FULL_COUNT[code]
    ]
    bad_temples = sorted({v for v in player.temples if v not in TEMPLE_CODES})
    if bad_temples:
        problems.append(
            f"{who} has temple values {bad_temples}; a temple token shows "
            f"{min(TEMPLE_CODES)} to {max(TEMPLE_CODES)} circles"
        )
    bad_chambers = sorted({n for n in player.chambers if n not in CHAMBER_CODES})
    if bad_chambers:
        problems.append(
            f"{who} has burial chambers {bad_chambers}; they are numbered "
            f"{min(CHAMBER_CODES)} to {max(CHAMBER_CODES)}"
        )
    elif list(player.chambers) != sorted(set(player.chambers)):
        problems.append(
            f"{who}'s burial chambers {list(player.chambers)} are not distinct and ascending"
        )
    problems += _unknown_codes(f"{who}'s action tokens", player.actions, ACTION_TOKENS)
    return problems


def _pending_shape_problems(pending: Pending) -> list[str]:
    steps = TOKEN_STEPS.get(pending.token)
    if steps is None:
        return [f"the token being played, {pending.token!r}, is not an action token"]
    name = token_name(pending.token)
    if pending.step not in steps:
        return [f"{name} has no step {pending.step!r} (its steps: {', '.join(steps)})"]
    if pending.placed not in steps[pending.step]:
        allowed = " or ".join(map(str, steps[pending.step]))
        return [
            f"{name} at step {pending.step!r} has placed {allowed} meeples by then, "
            f"not {pending.placed}"
        ]
    return []


# --- stage 2: where the tokens and meeples are ---------------------------------


def _token_problems(state: GameState) -> list[str]:
    problems: list[str] = []
    found = Counter(all_tokens(state))
    if found != _FULL_COUNT:
        extra = found - _FULL_COUNT
        missing = _FULL_COUNT - found
        parts = [
            f"{count} {token_name(code)} too many" for code, count in sorted(extra.items())
        ] + [f"{count} {token_name(code)} missing" for code, count in sorted(missing.items())]
        problems.append(
            f"the {len(FULL_SET)} tokens of the game are not all accounted for: " + ", ".join(parts)
        )
    if len(state.supply) > SUPPLY or len(state.supply) % SLOTS:
        problems.append(
            f"the supply holds {len(state.supply)} tokens; it starts with {SUPPLY} "
            f"and every refill takes {SLOTS}"
        )
    if len(state.supply) < SLOTS * len(state.emptied):
        problems.append(
            f"{len(state.emptied)} boat(s) wait for a refill, but the supply holds "
            f"{len(state.supply)} tokens; a boat waits only for a refill there is"
        )
    if len(state.reserve) > RESERVE:
        problems.append(f"the reserve holds {len(state.reserve)} tokens, more than {RESERVE}")
    # Each Take 1 token refills its slot from the reserve, so the reserve must
    # hold one token for every Take token not yet played (RULES.md 4.3).
    taking = state.pending is not None and state.pending.step == "take"
    unplayed_takes = FULL_SET.count(TAKE) - state.box.count(TAKE) + int(taking)
    if len(state.reserve) < unplayed_takes:
        problems.append(
            f"the reserve holds {len(state.reserve)} tokens, but {unplayed_takes} plays "
            f"of Take 1 token are still possible and each refills a slot from it"
        )
    removed = [b for b, slots in enumerate(state.boats) if slots is None and b not in state.emptied]
    if removed and state.supply:
        problems.append(
            f"{boat_words(removed[0])} has left the game although the supply is not "
            f"empty; a boat leaves only when it cannot be refilled"
        )
    return problems


def _meeple_problems(state: GameState) -> list[str]:
    problems: list[str] = []
    for who, player in enumerate(state.players):
        on_grid = state.grid.count(who)
        if player.meeples + on_grid != MEEPLES:
            problems.append(
                f"{_who(who)} has {player.meeples} meeples in supply and {on_grid} on "
                f"the grid; a player has {MEEPLES}"
            )
    return problems


# --- stage 3: the course of the game ---------------------------------------------


def _progress_problems(state: GameState) -> list[str]:
    problems: list[str] = []
    in_play = sum(1 for slots in state.boats if slots is not None) + len(state.emptied)
    if state.over:
        if in_play != 1:
            problems.append(
                f"the game is marked over with {in_play} boats in play; it ends when "
                f"exactly one is left"
            )
        if state.pending is not None:
            problems.append("the game is marked over while an action token is being played")
    elif in_play < 2:
        problems.append(
            f"{in_play} boat(s) in play but the game is not marked over; it ends "
            f"when exactly one is left"
        )
    problems += _obelisk_problems(state)
    problems += _ply_problems(state, BOATS - in_play)
    if problems:
        return problems
    if state.pending is not None:
        problems += _pending_problems(state, state.pending)
    if not problems and not state.over and not legal_actions(state):
        # A safety net: the checks above should make this unreachable.
        problems.append(f"{_who(state.turn)} has no legal step although the game goes on")
    return problems


def _obelisk_problems(state: GameState) -> list[str]:
    reached = [who for who, p in enumerate(state.players) if p.obelisks >= OBELISK_B_THRESHOLD]
    first = state.first_to_five
    if first == NO_PLAYER and reached:
        return [
            f"{_who(reached[0])} holds {state.players[reached[0]].obelisks} obelisks but "
            f"nobody is recorded as first to {OBELISK_B_THRESHOLD}"
        ]
    if first != NO_PLAYER and first not in reached:
        return [
            f"{_who(first)} is recorded as first to {OBELISK_B_THRESHOLD} obelisks but "
            f"holds {state.players[first].obelisks}"
        ]
    return []


def _ply_problems(state: GameState, removed: int) -> list[str]:
    # Each unload refills or removes its boat, and each meeple on the grid was
    # put there by an action of its own: a lower bound on the actions so far.
    unloads = (SUPPLY - len(state.supply)) // SLOTS + removed
    on_grid = sum(1 for owner in state.grid if owner != NO_PLAYER)
    problems: list[str] = []
    if state.ply < unloads + on_grid:
        problems.append(
            f"ply is {state.ply}, but {unloads} unloads and {on_grid} meeples on the "
            f"grid took at least {unloads + on_grid} actions"
        )
    if state.ply == 0 and state.turn != state.starter:
        problems.append(
            f"no action has been taken yet, but it is {_who(state.turn)}'s turn and "
            f"{_who(state.starter)} starts"
        )
    return problems


def _pending_problems(state: GameState, pending: Pending) -> list[str]:
    name = token_name(pending.token)
    who = _who(state.turn)
    # Playing a token moves it to the box; only an unload of this same turn
    # (one, before the optional second) can have boxed a token after it.
    recent = state.box[-2:] if pending.step == "unload_more" else state.box[-1:]
    if pending.token not in recent:
        return [f"{name} is being played, so it must have just gone to the box"]
    meeples = state.players[state.turn].meeples
    step = pending.step
    if step in ("place", "place_more"):
        needed = 2 - pending.placed if pending.token == PLACE_TWO and step == "place" else 1
        if meeples < needed:
            return [f"{name} needs {needed} meeple(s) to place, but {who} has {meeples}"]
        if pending.token == PLACE_UNLOAD and not enabling_cells(state):
            return [f"{name}: no placement would let a boat be unloaded, yet one must follow"]
    elif step in ("unload", "unload_more", "swap"):
        if not unloadable_boats(state):
            return [f"{name} must unload a boat next, but no boat can be unloaded"]
    elif not any(
        not is_action_token(token) for slots in state.boats if slots is not None for token in slots
    ):
        return [f"{name} is being played, but no boat holds a token it could take"]
    return []
