"""What every reachable state satisfies (KEMET.md section 18, and the set-up's shape).

The engine's own states keep these facts by construction; a state read from
outside (a save, the store) is checked here before the rules trust it. The
checks run in stages, each trusting the ones before it, so a broken shape is
reported as such and never crashes a deeper check.
"""

from __future__ import annotations

from collections import Counter
from typing import get_args

from engine.kemet.board import LAYOUTS, SANCTUARY, SPACES
from engine.kemet.cards import (
    CREATURES,
    DEFENSIVE_STRATEGY,
    DI_CARDS,
    HAND_OF_GOD,
    OFFENSIVE_STRATEGY,
    REINFORCEMENTS,
    SPECIAL_OF_TILE,
    TILE_COUNT,
    TILES,
    VISION,
)
from engine.kemet.core import Work, controller, limit, temporary_vp, units_of
from engine.kemet.day import empty_rows
from engine.kemet.flow import fewest_vp
from engine.kemet.moving import MOVING
from engine.kemet.state import NONE, PP_CAP, REGULAR_TOKENS, SILVER_BIT, UNITS, GameState, Phase

PHASES = get_args(Phase)
_PER_SEAT = ("cities", "first_order", "order", "pp", "vp", "bvp", "reserve", "hands")
_PER_SEAT_2 = ("bhands", "bdiscards", "bremoved", "used", "regular")


def _shape(s: GameState) -> list[str]:
    if s.players not in LAYOUTS:
        return [f"players is {s.players}, not 2 to 5"]
    n = s.players
    out = []
    for name in (*_PER_SEAT, *_PER_SEAT_2):
        if len(getattr(s, name)) != n:
            out.append(f"{name} has {len(getattr(s, name))} entries for {n} players")
    if len(s.units) != n * SPACES or len(s.levels) != 3 * n or len(s.sites) != 3 * n:
        out.append("the board tables have the wrong size")
    if len(s.tiles) != TILE_COUNT or len(s.creatures) != len(CREATURES):
        out.append("the tile or creature table has the wrong size")
    if s.phase not in PHASES:
        out.append(f"phase {s.phase!r} is unknown")
    if out:
        return out
    if sorted(s.first_order) != list(range(n)) or sorted(s.order) != list(range(n)):
        out.append("a turn order is not a permutation of the seats")
    cities = LAYOUTS[n].cities
    if len(set(s.cities)) != n or any(c not in cities for c in s.cities):
        out.append(f"cities {s.cities} are not different cities of {cities}")
    ids = list(range(DI_CARDS))
    if not s.keys or any(sorted(k) != ids for k in s.keys):
        out.append("a shuffle key is not a permutation of the DI cards")
    if s.target not in ((4,) if s.beginners else (8, 10)):
        out.append(f"the target {s.target} does not fit the game")
    if s.phase == "over" or s.actor == NONE:
        if s.phase != "over" or s.actor != NONE:
            out.append("only a finished game has no seat to decide")
    elif not 0 <= s.actor < n:
        out.append(f"actor {s.actor} is not a seat")
    if not 0 <= s.pos < n and s.phase not in ("night", "order", "vision"):
        out.append(f"pos {s.pos} is out of range")
    if s.ply < 0 or s.day < 0 or s.shuffles < 0 or s.turn_no < 0:
        out.append("a counter is negative")
    flat = [
        *s.units, *s.levels, *s.pp, *s.vp, *s.bvp, *s.reserve, *s.regular, *s.used,
    ]  # fmt: skip
    if any(v < 0 for v in flat):
        out.append("a count is negative")
    return out


def _units(s: GameState) -> list[str]:
    out = []
    live = LAYOUTS[s.players].in_play
    g = s.group
    mover = s.order[s.pos] if g is not None and s.battle is None else NONE
    for seat in range(s.players):
        board = sum(s.units[seat * SPACES : (seat + 1) * SPACES])
        moving = g.units if seat == mover and g is not None else 0
        if board + moving + s.reserve[seat] != UNITS:
            out.append(f"seat {seat} has {board} + {moving} + {s.reserve[seat]} units, not 12")
        for sp in range(SPACES):
            count = units_of(s, seat, sp)
            if count and sp not in live:
                out.append(f"seat {seat} has units off the board in play")
            if count > limit(s, seat):
                out.append(f"seat {seat} breaks the troop limit on space {sp}")
    for sp in range(SPACES):
        owners = [seat for seat in range(s.players) if units_of(s, seat, sp)]
        if len(owners) > 1 and not (
            (s.battle is not None and s.battle.space == sp)
            or sp in s.fights
            or (s.phase == "recruit" and sp in s.added)
        ):
            out.append(f"space {sp} holds units of {owners}")
    return out


def _creatures(s: GameState) -> list[str]:
    out = []
    live = LAYOUTS[s.players].in_play
    seen: Counter[tuple[int, int]] = Counter()
    for k, where in enumerate(s.creatures):
        owner = s.tiles[CREATURES[k].tile]
        if where == NONE:
            continue
        if owner == NONE:
            out.append(f"creature {k} is in play without an owner")
        elif where == MOVING:
            if s.group is None or s.group.creature != k:
                out.append(f"creature {k} moves without its group")
        elif where not in live or not units_of(s, owner, where):
            out.append(f"creature {k} stands without its owner's units")
        seen[(owner, where)] += 1
    if any(count > 1 for count in seen.values()):
        out.append("a player has two creatures on one space")
    return out


def _cards(s: GameState) -> list[str]:
    out = []
    b, c = s.battle, s.chain
    places = [*s.di_deck, *s.di_discard, *(x for h in s.hands for x in h), *s.shown]
    if b is not None and b.winner == NONE:
        places += [*b.di[0], *b.di[1]]
    if c is not None:
        places += [card for _, card in c.cards]
    if sorted(places) != list(range(DI_CARDS)):
        out.append("the 35 DI cards are not each in exactly one place")
    for seat in range(s.players):
        want = {0, 1, 2, 3, 4, 5}
        if s.tiles[OFFENSIVE_STRATEGY] == seat:
            want.add(6)
        if s.tiles[DEFENSIVE_STRATEGY] == seat:
            want.add(7)
        if s.phase == "strategy" and seat == s.actor:
            want.discard(SPECIAL_OF_TILE.get(s.colour, NONE))  # added once a card is removed
        have = [*s.bhands[seat], *s.bdiscards[seat], *s.bremoved[seat]]
        if b is not None and seat in b.sides and b.winner == NONE:
            side = b.sides.index(seat)
            have += [x for x in (b.played[side], b.discarded[side]) if x != NONE]
        if sorted(have) != sorted(want) or any(x >= 6 for x in s.bremoved[seat]):
            out.append(f"seat {seat}'s battle cards are {have}")
        if b is None and s.phase != "strategy" and len(s.bhands[seat]) not in (2, 4, 6):
            out.append(f"seat {seat} holds {len(s.bhands[seat])} battle cards between battles")
    return out


def _tiles_and_tokens(s: GameState) -> list[str]:
    out = []
    for seat in range(s.players):
        effects = [TILES[t].effect for t, owner in enumerate(s.tiles) if owner == seat]
        if len(set(effects)) != len(effects):
            out.append(f"seat {seat} owns two tiles with one effect")
        if s.beginners and any(
            TILES[t].level > 2 for t, owner in enumerate(s.tiles) if owner == seat
        ):
            out.append("a level 3 or 4 tile is owned in the beginners' game")
        if not 0 <= s.pp[seat] <= PP_CAP:
            out.append(f"seat {seat} has {s.pp[seat]} PP")
        if s.bvp[seat] > s.vp[seat]:
            out.append(f"seat {seat} has more battle VP than permanent VP")
        levels = s.levels[seat * 3 : seat * 3 + 3]
        sites = s.sites[seat * 3 : seat * 3 + 3]
        top = 2 if s.beginners else 4
        if s.phase != "pyramids" or s.pos < s.order.index(seat) or sites != (NONE,) * 3:
            chosen = sorted(sites) == [0, 1, 2]
            if not chosen and sites != (NONE,) * 3:
                out.append(f"seat {seat}'s pyramids are not in three districts")
        if sites != (NONE,) * 3 and sum(levels) < 3:
            out.append(f"seat {seat}'s pyramids have fewer than the 3 levels of the set-up")
        if any(not 0 <= lv <= top for lv in levels):
            out.append(f"seat {seat} has a pyramid level out of range")
        used, regular = s.used[seat], s.regular[seat]
        spaces = bin(used & 0x3FE).count("1")
        silver = 1 if used & SILVER_BIT else 0
        if not 0 <= regular <= REGULAR_TOKENS or spaces != regular + silver:
            out.append(f"seat {seat}'s action tokens do not add up")
        if s.day and empty_rows(used) > REGULAR_TOKENS - regular:
            out.append(f"seat {seat}'s tokens break the row rule")
    if s.day and max(s.regular) - min(s.regular) > 1:
        out.append("the players have placed unequal numbers of tokens")
    return out


def _end(s: GameState) -> list[str]:
    totals = [s.vp[seat] + temporary_vp(s, seat) for seat in range(s.players)]
    if s.phase == "over":
        if not 0 <= s.winner < s.players or max(totals) < s.target:
            return ["the game is over without a winner at the target"]
    elif s.winner != NONE:
        return ["a winner is named before the end"]
    return []


_NEEDS_BATTLE = frozenset({"escape", "commit", "wound", "loser", "retreat", "winner"})


def _context(s: GameState) -> list[str]:
    """The decision in progress has what it needs (its battle, chain, group...)."""
    p, b = s.phase, s.battle
    out = []
    if p in _NEEDS_BATTLE and b is None:
        out.append(f"phase {p} without a battle")
    if (p == "veto") != (s.chain is not None) and not (s.chain is not None and p in ("move",)):
        out.append(f"phase {p} and the Veto chain do not agree")
    if s.chain is not None and (
        not s.chain.cards or any(not 0 <= who < s.players for who, _ in s.chain.cards)
    ):
        out.append("the Veto chain is malformed")
    if b is not None:
        if b.sides[0] == b.sides[1] or any(not 0 <= who < s.players for who in b.sides):
            out.append("the battle's sides are not two seats")
        elif b.space not in LAYOUTS[s.players].in_play or b.source not in ("move", "recruit"):
            out.append("the battle's space or source is wrong")
        elif b.revealed and NONE in b.played:
            out.append("a battle is revealed before both sides committed")
        elif any(not NONE <= c < 8 for c in (*b.played, *b.discarded)):
            out.append("a battle card id is out of range")
        elif b.winner not in (NONE, 0, 1) or any(not 0 <= k < len(CREATURES) for k in b.pending):
            out.append("the battle's result is malformed")
        elif b.source == "move" and s.group is None:
            out.append("a battle from a Move without its group")
    if p == "strategy" and s.colour not in SPECIAL_OF_TILE:
        out.append("a Strategy choice without its tile")
    if p == "creature" and not (
        0 <= s.colour < len(CREATURES) and s.tiles[CREATURES[s.colour].tile] == s.actor
    ):
        out.append("a creature to place that the player does not own")
    if p == "vision" and not s.shown:
        out.append("a Vision choice without cards")
    if p == "fight" and not s.fights:
        out.append("a recruitment battle choice without battles")
    if p == "buy" and s.colour not in (0, 1, 2):
        out.append("a Buy action without its colour")
    if s.group is not None and (
        s.group.units < 1 or s.group.mp < 0 or s.group.space not in LAYOUTS[s.players].in_play
    ):
        out.append("the moving group is malformed")
    if any(not 0 <= sp < SPACES for sp in (*s.added, *s.fights)):
        out.append("a recruited unit's space is out of range")
    if not all(0 <= t < TILE_COUNT for t in s.fresh) or any(
        not NONE <= o < s.players for o in s.tiles
    ):
        out.append("a tile id or owner is out of range")
    if any(c not in (NONE, MOVING) and not 0 <= c < SPACES for c in s.creatures):
        out.append("a creature stands outside the board")
    if s.resume not in ("", "turn", "move", "battle", "nobattle"):
        out.append(f"resume {s.resume!r} is unknown")
    if not 0 <= s.draws <= s.players or not 0 <= s.night_used <= 1 + 2 * 4:
        out.append("the Night's counters are out of range")
    if (s.day == 0) != (p in ("pyramids", "units")) and p != "over":
        out.append(f"day {s.day} does not fit phase {p}")
    return out + _whose(s)


_IN_TURN = frozenset({"turn", "raise", "buy", "strategy", "recruit", "fight", "move"})


def _whose(s: GameState) -> list[str]:
    """The seat asked is the one the phase asks (turn player, a battle's side...)."""
    p, b, c = s.phase, s.battle, s.chain
    if p == "over":
        return []
    if p in _IN_TURN or p in ("pyramids", "units"):
        if not 0 <= s.pos < s.players or s.actor != s.order[s.pos]:
            return [f"phase {p} asks seat {s.actor}, not the seat whose turn it is"]
    elif p in _NEEDS_BATTLE and b is not None and s.actor not in b.sides:
        return [f"phase {p} asks seat {s.actor}, who is not in the battle"]
    elif p == "veto" and c is not None and (not c.asked or c.asked[0] != s.actor):
        return [f"the Veto window asks seat {s.actor} out of turn"]
    elif p == "vision" and s.tiles[VISION] != s.actor:
        return ["a Vision choice for a seat without Vision"]
    elif p == "night" and s.actor not in (s.tiles[HAND_OF_GOD], s.tiles[REINFORCEMENTS]):
        return ["night powers for a seat without a night tile"]
    elif p == "order" and s.actor != fewest_vp(Work(s)):
        return ["the turn order is chosen by a seat without the fewest VP"]
    elif p == "delta" and controller(s, LAYOUTS[s.players].side.delta) != s.actor:
        return ["a Delta sacrifice by a seat that does not hold the Delta temple"]
    elif p == "sanctuary" and (
        controller(s, SANCTUARY) != s.actor or units_of(s, s.actor, SANCTUARY) < 2
    ):
        return ["a Sanctuary sacrifice by a seat without two units there"]
    return []


def state_problems(state: GameState) -> list[str]:
    """What is wrong with ``state`` (English, for logs); empty for a sound state."""
    problems = _shape(state)
    if problems:
        return problems
    for stage in (_context, _units, _creatures, _cards, _tiles_and_tokens, _end):
        problems += stage(state)
        if problems:
            return problems
    return problems


__all__ = ["state_problems"]
