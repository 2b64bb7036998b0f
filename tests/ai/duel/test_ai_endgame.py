"""The endgame search: deepening stops once every line it reads has ended."""

from __future__ import annotations

import random
import time

from ai.duel.endgame import endgame_search
from ai.duel.evaluate import OUTLOOK, Evaluation
from ai.duel.hidden import determinize
from ai.duel.turns import complete_turns
from engine.duel import GameState, apply_unchecked, legal_actions, new_game


class Counting(Evaluation):
    """The outlook, counting how often it is asked."""

    def __init__(self) -> None:
        super().__init__("counting", OUTLOOK.monuments)
        self.calls = 0

    def evaluate(self, state: GameState, who: int) -> float:
        self.calls += 1
        return super().evaluate(state, who)


def evaluations(state: GameState, depth: int) -> tuple[int, object]:
    judge = Counting()
    deal = determinize(state, random.Random(1))
    found = endgame_search(
        deal, complete_turns(deal), time.monotonic() + 600, lambda: False, depth, judge
    )
    return judge.calls, found


def endgame_positions() -> list[GameState]:
    """Positions with the supply empty from random games, nearest the end first
    (a position far from the end takes long to search to depth 5)."""
    positions = []
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(seed)
        game = []
        while not state.over:
            if not state.supply and state.pending is None:
                game.append(state)
            state = apply_unchecked(state, rng.choice(legal_actions(state)))
        positions.extend(reversed(game[-4:]))
    return positions


def test_deepening_stops_when_every_line_has_ended_within_reach() -> None:
    checked = deepened = 0
    for state in endgame_positions():
        shallow, shallow_found = evaluations(state, 3)
        five, _ = evaluations(state, 5)
        if five == shallow:
            # Depth 3 read every line to the end: a deeper limit reads the
            # same lines once, not again and again, and answers the same.
            deep, deep_found = evaluations(state, 9)
            assert deep == shallow
            assert deep_found == shallow_found
            checked += 1
        elif five > shallow:
            deepened += 1
        if checked >= 3 and deepened >= 1:
            break
    assert checked >= 3 and deepened >= 1  # both kinds of position were met
