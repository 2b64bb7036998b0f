"""Victory points now and the end of the game (KEMET.md sections 9 and 14)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.kemet.core import temporary_vp
from engine.kemet.state import NONE, GameState
from engine.message import Message, msg


class PlayerScore(msgspec.Struct, frozen=True):
    """One seat's VP: permanent (battle VP among them) and temporary."""

    permanent: int
    battle: int
    temporary: int

    @property
    def total(self) -> int:
        return self.permanent + self.temporary


class Outcome(msgspec.Struct, frozen=True):
    """How a finished game ended: the one winner, the scores, and which rule decided."""

    winner: int
    scores: tuple[PlayerScore, ...]
    decided_by: str  # "vp", "battle" (battle VP) or "order" (turn order)

    def describe(self, names: Sequence[str]) -> Message:
        who = names[self.winner]
        total = self.scores[self.winner].total
        if self.decided_by == "vp":
            return msg("{player} wins with {points} VP.", player=who, points=total)
        if self.decided_by == "battle":
            return msg(
                "{player} wins with {points} VP, ahead on battle VP.", player=who, points=total
            )
        return msg(
            "{player} wins with {points} VP, tied on VP and battle VP "
            "but earlier in the turn order.",
            player=who,
            points=total,
        )


def score(state: GameState) -> tuple[PlayerScore, ...]:
    """Every seat's VP as they stand now."""
    return tuple(
        PlayerScore(state.vp[seat], state.bvp[seat], temporary_vp(state, seat))
        for seat in range(state.players)
    )


def outcome(state: GameState) -> Outcome | None:
    """None until the game is over; then the winner and why (section 14)."""
    if state.phase != "over" or state.winner == NONE:
        return None
    scores = score(state)
    best = scores[state.winner]
    rivals = [s for seat, s in enumerate(scores) if seat != state.winner]
    if all(s.total < best.total for s in rivals):
        decided = "vp"
    elif all(s.total < best.total or s.battle < best.battle for s in rivals):
        decided = "battle"
    else:
        decided = "order"
    return Outcome(state.winner, scores, decided)


def returns(state: GameState) -> tuple[float, ...]:
    """Each seat's outcome for search: 1.0 for the winner and 0 for the rest at the end;
    before it, each seat's share of all VP on the table (equal shares while nobody has any).
    """
    n = state.players
    if state.phase == "over":
        return tuple(1.0 if seat == state.winner else 0.0 for seat in range(n))
    totals = [s.total for s in score(state)]
    whole = sum(totals)
    if whole == 0:
        return (1.0 / n,) * n
    return tuple(t / whole for t in totals)


__all__ = ["Outcome", "PlayerScore", "outcome", "returns", "score"]
