"""What every reachable state satisfies (BUILDERS.md section 13, and the set-up's shape).

The engine builds states only through :func:`new_game` and the rules, so its
own states keep these facts by construction. A state read from outside (a
save, the match store) has no such history: :func:`state_problems` checks it
before the rules may trust it. The checks run in stages, each trusting the
ones before it, so a broken shape is reported as such and never crashes the
deeper checks. The problems are in English, for logs and error messages.
"""

from __future__ import annotations

from collections import Counter
from typing import Final, get_args

from engine.builders.cards import ALL_CARDS, BLUE_KINDS, IS_BLUE, IS_KEPT
from engine.builders.rules import legal_actions
from engine.builders.sites import (
    MARKET,
    ROUND_CARDS,
    ROUNDS,
    SHIPS_PER_ROUND,
    SITES,
    SLED_SIZE,
    STONES,
    boards,
)
from engine.builders.state import EMPTY, GameState, Step

STEPS: Final = get_args(Step)
_CARD_STEPS: Final = ("place", "sail", "unload")


def _seats(values: tuple[int, ...], n: int) -> bool:
    return all(0 <= v < n for v in values)


def _shape_problems(s: GameState) -> list[str]:
    if s.players not in ROUND_CARDS:
        return [f"players is {s.players}, not 2, 3 or 4"]
    n = s.players
    problems: list[str] = []
    board = boards(s.sides)
    if board is None:
        problems.append(f"the board sides {s.sides!r} are not offered")
    if not 0 <= s.starter < n or not 0 <= s.turn < n:
        problems.append(f"starter {s.starter} or turn {s.turn} is not a seat")
    cards = len(ROUND_CARDS[n])
    if len(s.rounds) != ROUNDS or len(set(s.rounds)) != ROUNDS or not _seats(s.rounds, cards):
        problems.append(f"the round cards {s.rounds} are not {ROUNDS} different cards")
    if not 1 <= s.round <= ROUNDS:
        problems.append(f"round {s.round} is not 1 to {ROUNDS}")
    for name in ("quarry", "sled", "held", "blue_played", "obelisks", "temple_points"):
        if len(getattr(s, name)) != n:
            problems.append(f"{name} has {len(getattr(s, name))} entries for {n} players")
    if problems:
        return problems
    for name in ("quarry", "sled", "obelisks", "temple_points"):
        values = getattr(s, name)
        if not all(0 <= v <= STONES for v in values):
            problems.append(f"{name} {values} is out of range")
    if any(v > SLED_SIZE for v in s.sled):
        problems.append(f"a sled holds at most {SLED_SIZE} stones: {s.sled}")
    for name in ("pyramid", "temple", "chamber"):
        stones = getattr(s, name)
        if len(stones) > STONES * n or not _seats(stones, n):
            problems.append(f"the {name} holds something other than the players' stones")
    for who, held in enumerate(s.held):
        if len(held) > len(ALL_CARDS) or not all(c in ALL_CARDS and IS_KEPT[c] for c in held):
            problems.append(f"seat {who} holds cards {held}: red cards are never kept")
    for name in ("deck", "market", "discard"):
        cards_here = getattr(s, name)
        if len(cards_here) > len(ALL_CARDS) or not all(
            c in ALL_CARDS or (name == "market" and c == EMPTY) for c in cards_here
        ):
            problems.append(f"the {name} holds something other than market cards")
    if s.ply < 0:
        problems.append(f"ply is {s.ply}")
    return problems


def _ship_problems(s: GameState) -> list[str]:
    n = s.players
    if s.over:
        if s.round != ROUNDS:
            return [f"the game is over before the sixth round (round {s.round})"]
        if s.ships or s.docked or s.market:
            return ["the game is over, yet ships or market cards are out"]
        return []
    problems: list[str] = []
    capacities = ROUND_CARDS[n][s.rounds[s.round - 1]]
    if len(s.ships) != SHIPS_PER_ROUND or tuple(len(ship) for ship in s.ships) != capacities:
        problems.append(f"the ships are not those of round card {s.rounds[s.round - 1]}")
    elif len(s.docked) != SHIPS_PER_ROUND:
        problems.append("each ship needs a dock entry")
    elif not all(-1 <= d < len(SITES) for d in s.docked):
        problems.append(f"docked {s.docked} names no site")
    elif len([d for d in s.docked if d >= 0]) != len({d for d in s.docked if d >= 0}):
        problems.append(f"two ships sailed to one site: {s.docked}")
    elif EMPTY not in s.docked and s.step not in ("take", "unload"):
        problems.append("all four ships have sailed, yet the round has not ended")
    for ship in s.ships:
        if not all(-1 <= owner < n for owner in ship):
            problems.append(f"a ship holds {ship}")
    board = boards(s.sides)
    shown = board.market.cards if board else 0
    if len(s.market) != shown:
        problems.append(f"the market shows {len(s.market)} positions, not {shown}")
    return problems


def _count_problems(s: GameState) -> list[str]:
    problems: list[str] = []
    n = s.players
    on_ships = Counter(owner for ship in s.ships for owner in ship if owner >= 0)
    at_sites = Counter((*s.pyramid, *s.temple, *s.chamber))
    for who in range(n):
        total = s.quarry[who] + s.sled[who] + on_ships[who] + at_sites[who] + s.obelisks[who]
        if total != STONES:
            problems.append(f"seat {who} has {total} stones, not {STONES}")
    everywhere = [*s.deck, *s.discard, *(c for c in s.market if c >= 0)]
    everywhere += [c for held in s.held for c in held]
    if sorted(everywhere) != list(ALL_CARDS):
        problems.append("the 34 market cards are not each in exactly one place")
    dealt = 4 * (ROUNDS if s.over else s.round)
    if len(s.deck) != len(ALL_CARDS) - dealt:
        problems.append(f"the deck holds {len(s.deck)} cards after {dealt} were dealt")
    rounds_scored = ROUNDS if s.over else s.round - 1
    board = boards(s.sides)
    width = board.temple.width[n] if board else 0
    if sum(s.temple_points) > rounds_scored * width or any(
        p > len(s.temple) * rounds_scored for p in s.temple_points
    ):
        problems.append(f"temple points {s.temple_points} exceed what the temple could give")
    played = sum(1 for f in s.blue_played if f)
    if played > sum(1 for c in s.discard if IS_BLUE[c]):
        problems.append("a blue card counts as played but none was discarded")
    return problems


def _step_problems(s: GameState) -> list[str]:
    step, ships, docked = s.step, s.ships, s.docked
    if step not in STEPS:
        return [f"step {step!r} is unknown"]
    busy = s.ship
    for i, ship in enumerate(ships):
        if docked[i] >= 0 and any(o >= 0 for o in ship) and i != busy:
            problems = [f"ship {i + 1} sailed but still holds stones"]
            return problems
    if s.over and step != "turn":
        return ["the game is over, yet a decision is in progress"]
    if s.over or step == "turn":
        if (s.card, s.placed, s.ship, s.slot, s.left) != ("", 0, EMPTY, EMPTY, ()):
            return ["no decision is in progress, yet one is recorded"]
        return []
    if step == "take" and s.card not in ("", "lever", "sail"):
        return [f"{s.card} has no market step"]
    if step in _CARD_STEPS and s.card not in BLUE_KINDS:
        return [f"step {step} needs a blue card in play, not {s.card!r}"]
    if s.card and not s.blue_played[s.turn]:
        return [f"step {step}: the player has not played a blue card"]
    if step == "place":
        if s.card not in ("hammer", "sail", "chisel"):
            return [f"{s.card} places no stone"]
        if s.ship != EMPTY or s.slot != EMPTY or s.left:
            return ["a placement step names a ship or stones to unload"]
        if s.placed not in (0, 1) or (s.placed == 1 and s.card != "chisel"):
            return [f"{s.card} cannot have placed {s.placed} stones and place another"]
        if s.sled[s.turn] == 0:
            return ["a stone is to be placed from an empty sled"]
        return []
    if step == "sail":
        if s.card not in ("lever", "sail") or s.slot != EMPTY or s.left:
            return [f"{s.card} does not sail, or the sail step names stones to unload"]
        if s.card == "lever" and busy != EMPTY:
            return ["the Lever's ship is chosen by its sail"]
        if s.card == "sail" and (not 0 <= busy < len(ships) or docked[busy] >= 0):
            return ["the Sail card's ship is missing or has sailed"]
        return []
    if not 0 <= busy < len(ships) or docked[busy] < 0:
        return ["the ship being unloaded is missing or has not sailed"]
    ship = ships[busy]
    if len(set(s.left)) != len(s.left) or not all(
        0 <= k < len(ship) and ship[k] >= 0 for k in s.left
    ):
        return [f"the stones left to unload {s.left} are not on the ship"]
    if step == "unload" and s.card != "lever":
        return ["only a Lever chooses the unloading order"]
    if step == "take":
        if docked[busy] != MARKET or not 0 <= s.slot < len(ship) or ship[s.slot] < 0:
            return ["the stone choosing a market card is not at the market"]
        if s.slot in s.left or not any(c >= 0 for c in s.market):
            return ["a stone chooses a card, yet none can be taken"]
    elif docked[busy] != MARKET and len(s.left) != sum(1 for o in ship if o >= 0):
        return ["a stone unloaded by the Lever is still on the ship"]
    if s.card != "lever" and step == "take":
        order = [k for k, o in enumerate(ship) if o >= 0]
        if tuple(order[order.index(s.slot) + 1 :]) != s.left:
            return ["the market unloads front first"]
    return []


def _stuck_problems(s: GameState) -> list[str]:
    # Asked last, of a state sound in every other way: the rules must offer a
    # decision exactly while the game goes on.
    if not s.over and not legal_actions(s):
        return [f"no decision is possible in step {s.step}, yet the game is not over"]
    return []


def state_problems(state: GameState) -> list[str]:
    """What is wrong with ``state``, in words; empty when it keeps every invariant."""
    stages = (_shape_problems, _ship_problems, _count_problems, _step_problems, _stuck_problems)
    for stage in stages:
        problems = stage(state)
        if problems:
            return problems
    return []


__all__ = ["state_problems"]
