"""What the next steps would bring, asked before they are taken.

:func:`preview_unload` says what unloading a boat would do (who takes which
token, what goes to the box, both players' points before and after) so that a
player can look before committing to a step that may not be undone. It stops
short of the refill: the tokens that would reload the boat are face down, and a
preview must not show them. :func:`countdown` says how far off the end of the
game is, counted in unloads, which is the only thing that brings it nearer.
"""

from __future__ import annotations

import msgspec

from engine.duel.actions import IllegalAction, Unload
from engine.duel.checks import why_illegal
from engine.duel.rules import (
    BOATS_AT_END,
    boats_in_play,
    hand_out,
    handout,
    leaving_boats,
)
from engine.duel.scoring import PlayerScore, score
from engine.duel.state import GameState, Player


class Gift(msgspec.Struct, frozen=True, kw_only=True):
    """One token an unload hands out: from ``slot`` (0-2) to the meeple on ``cell``."""

    cell: int
    owner: int
    slot: int
    token: str


class UnloadPreview(msgspec.Struct, frozen=True, kw_only=True):
    """Everything an unload would do that both players may know in advance."""

    boat: int
    gifts: tuple[Gift, ...]  # in hand-out order: the meeple nearest the boat first
    boxed: int | None  # the slot whose token goes to the box, if only two meeples stand
    boxed_token: str | None
    holdings: tuple[Player, Player]  # both players' boards once the tokens are placed
    before: tuple[PlayerScore, PlayerScore]  # points now
    after: tuple[PlayerScore, PlayerScore]  # points once the tokens are placed
    boat_leaves: bool  # the supply cannot refill the boat: it leaves instead of reloading
    ends_game: bool  # and that leaves only the last boat: the game is over
    # Every boat that leaves once the turn ends: under the online rules the
    # last refill may go to a boat unloaded earlier in the turn instead.
    leaving: tuple[int, ...] = ()
    # The boat that takes the supply's last refill while another leaves for
    # want of one (the online rules after a double unload), else None.
    last_refill: int | None = None

    def gain(self, who: int) -> int:
        """The change in ``who``'s total (a meeple going home loses its point)."""
        return self.after[who].total - self.before[who].total

    def tokens_for(self, who: int) -> tuple[str, ...]:
        return tuple(gift.token for gift in self.gifts if gift.owner == who)


def preview_unload(state: GameState, boat: int) -> UnloadPreview:
    """What unloading ``boat`` now would do; IllegalAction if it may not be unloaded."""
    reason = why_illegal(state, Unload(boat))
    if reason is not None:
        raise IllegalAction(reason)
    slots = state.boats[boat]
    assert slots is not None
    given = handout(state, boat)
    gifts = tuple(
        Gift(cell=cell, owner=owner, slot=2 - k, token=token)
        for k, (cell, owner, token) in enumerate(given)
    )
    boxed = 0 if len(gifts) == 2 else None
    leaving = leaving_boats(state, boat)
    last_refill = None
    if leaving and state.supply:
        last_refill = max(b for b in (*state.emptied, boat) if b not in leaving)
    handed = hand_out(state, boat)
    return UnloadPreview(
        boat=boat,
        gifts=gifts,
        boxed=boxed,
        boxed_token=slots[0] if boxed is not None else None,
        holdings=handed.players,
        before=score(state),
        # Scored without the refill: a refill is face down and scores nothing.
        after=score(handed),
        boat_leaves=boat in leaving,
        ends_game=bool(leaving) and boats_in_play(state) - len(leaving) == BOATS_AT_END,
        leaving=leaving,
        last_refill=last_refill,
    )


class Countdown(msgspec.Struct, frozen=True, kw_only=True):
    """How far off the end is (RULES.md sections 4.2 and 8)."""

    boats_in_play: int
    refills_left: int  # reloads the supply still holds for boats not yet unloaded
    boats_at_end: int  # the game ends when this many boats are left
    # Unloads until the game ends, the last one included: each unload uses up a
    # refill while there is one, and after that takes its boat out of the game.
    unloads_left: int


def countdown(state: GameState) -> Countdown:
    boats = boats_in_play(state)
    # Under the online rules a boat unloaded earlier this turn already has its
    # refill waiting for it in the supply.
    refills = max(0, len(state.supply) // 3 - len(state.emptied))
    left = 0 if state.over else refills + boats - BOATS_AT_END
    return Countdown(
        boats_in_play=boats,
        refills_left=refills,
        boats_at_end=BOATS_AT_END,
        unloads_left=left,
    )
