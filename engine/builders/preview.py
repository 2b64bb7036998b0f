"""What sailing a ship would do, asked before it is done.

:func:`preview_sail` says which stone goes where and in what order, what each
player scores at once, and which cards the market offers. Nothing in it is
hidden: the deck is not touched by an unload.
"""

from __future__ import annotations

import msgspec

from engine.builders.actions import IllegalAction, Sail
from engine.builders.checks import why_illegal
from engine.builders.rules import deliver
from engine.builders.scoring import PlayerScore, score
from engine.builders.setup import boards_of, temple_width
from engine.builders.sites import CHAMBER, MARKET, OBELISKS, PYRAMID, TEMPLE, pyramid_points
from engine.builders.state import EMPTY, GameState


class Delivery(msgspec.Struct, frozen=True, kw_only=True):
    """One stone's way off the ship.

    ``place`` is where it lands, counted from 1: the pyramid's placement number
    (beyond 14: beside the board), the temple's space and layer, the burial
    chamber's column and row, the new height of its owner's obelisk; empty at
    the market, where its owner takes a card instead.
    """

    slot: int
    owner: int
    place: tuple[int, ...]
    points: int  # scored at once (the pyramid); others score later


class SailPreview(msgspec.Struct, frozen=True, kw_only=True):
    ship: int
    site: int
    deliveries: tuple[Delivery, ...]  # in unloading order (front first)
    offered: tuple[int, ...]  # the market's face-up cards, for a market sail
    before: tuple[PlayerScore, ...]  # as if the game ended now
    after: tuple[PlayerScore, ...]  # the same once the stones are delivered


def preview_sail(state: GameState, ship: int, site: int) -> SailPreview:
    """What sailing ``ship`` to ``site`` would do, front first.

    IllegalAction unless such a sail is a decision now (a turn's sail, or a
    blue card's sail step). With a Lever its player picks the order later; the
    preview shows the usual front-first order.
    """
    if state.step not in ("turn", "sail"):
        raise IllegalAction(why_illegal(state, Sail(ship, site)) or "")
    reason = why_illegal(state, Sail(ship, site))
    if reason is not None:
        raise IllegalAction(reason)
    stones = [(k, owner) for k, owner in enumerate(state.ships[ship]) if owner != EMPTY]
    pyramid_board = boards_of(state).pyramid
    width = temple_width(state)
    rows = boards_of(state).chamber.rows
    after = state
    deliveries = []
    for slot, owner in stones:
        place: tuple[int, ...] = ()
        points = 0
        if site == PYRAMID:
            number = len(after.pyramid)
            place, points = (number + 1,), pyramid_points(pyramid_board, number)
        elif site == TEMPLE:
            number = len(after.temple)
            place = (number % width + 1, number // width + 1)
        elif site == CHAMBER:
            number = len(after.chamber)
            place = (number // rows + 1, number % rows + 1)
        elif site == OBELISKS:
            place = (after.obelisks[owner] + 1,)
        if site != MARKET:
            after = deliver(after, site, owner)
        deliveries.append(Delivery(slot=slot, owner=owner, place=place, points=points))
    return SailPreview(
        ship=ship,
        site=site,
        deliveries=tuple(deliveries),
        offered=tuple(c for c in state.market if c != EMPTY) if site == MARKET else (),
        before=score(state),
        after=score(after),
    )


__all__ = ["Delivery", "SailPreview", "preview_sail"]
