"""The course of the game: set-up choices, the Night, Day turns, the end of the
Day and the end of the game (KEMET.md sections 4, 5 and 14).

These functions move a :class:`~engine.kemet.core.Work` copy from one
decision point to the next, doing on the way everything that needs nobody's
choice (prayer points, draws, temple awards, the victory check).
"""

from __future__ import annotations

from engine.kemet.board import SANCTUARY
from engine.kemet.cards import (
    DIVINE_BOON,
    HAND_OF_GOD,
    HIGH_PRIEST,
    MUMMY_TILE,
    PRIEST_OF_AMON,
    REINFORCEMENTS,
    VISION,
)
from engine.kemet.core import Work, controller, layout, owns, temples_held, total_vp, units_of
from engine.kemet.state import NONE, REGULAR_TOKENS

VISION_DRAW = 5


# --- the DI deck -------------------------------------------------------------------


def shuffled(w: Work, cards: tuple[int, ...]) -> tuple[int, ...]:
    """``cards`` ordered by the next shuffle key (section 4, project convention)."""
    key = w.keys[w.shuffles % len(w.keys)]
    w.shuffles += 1
    place = {card: i for i, card in enumerate(key)}
    return tuple(sorted(cards, key=place.__getitem__))


def draw(w: Work, count: int) -> tuple[int, ...]:
    """Up to ``count`` cards from the top, rebuilding the deck from the discards."""
    got: list[int] = []
    for _ in range(count):
        if not w.di_deck:
            if not w.di_discard:
                break
            w.di_deck, w.di_discard = shuffled(w, w.di_discard), ()
        got.append(w.di_deck[0])
        w.di_deck = w.di_deck[1:]
    return tuple(got)


# --- set-up choices (section 4, steps 7-8) ---------------------------------------------


def next_setup(w: Work) -> None:
    """After a set-up choice: the next player's, or the first Night."""
    w.pos += 1
    if w.pos == w.players:
        w.pos = 0
        if w.phase == "pyramids":
            w.phase = "units"
        else:
            start_night(w)
            return
    w.actor = w.order[w.pos]
    w.turn_no += 1


# --- the Night (section 5.1) ------------------------------------------------------------


def start_night(w: Work) -> None:
    for seat in range(w.players):
        gain = 2 + (2 if owns(w, seat, HIGH_PRIEST) else 0)
        gain += 5 if owns(w, seat, PRIEST_OF_AMON) else 0
        w.gain_pp(seat, gain)
    w.draws = 0
    night_draws(w)


def _extra_draws(w: Work, seat: int) -> None:
    extra = (1 if owns(w, seat, DIVINE_BOON) else 0) + (1 if owns(w, seat, MUMMY_TILE) else 0)
    if extra:
        w.give_di(seat, draw(w, extra))


def night_draws(w: Work) -> None:
    """Step 2 from the drawer ``w.draws`` on; stops at a Vision choice."""
    while w.draws < w.players:
        seat = w.order[w.draws]
        if owns(w, seat, VISION):
            w.shown = draw(w, VISION_DRAW)
            if w.shown:
                w.phase, w.actor = "vision", seat
                w.turn_no += 1
                return
        else:
            w.give_di(seat, draw(w, 1))
        _extra_draws(w, seat)
        w.draws += 1
    w.pos = -1
    next_night_power(w)


def keep_vision(w: Work, card: int) -> None:
    seat = w.actor
    rest = list(w.shown)
    rest.remove(card)
    w.give_di(seat, (card,))
    w.di_deck = shuffled(w, (*w.di_deck, *rest))
    w.shown = ()
    _extra_draws(w, seat)
    w.draws += 1
    night_draws(w)


def next_night_power(w: Work) -> None:
    """Step 3: the next player in turn order with a night tile, else step 4."""
    while True:
        w.pos += 1
        if w.pos == w.players:
            break
        seat = w.order[w.pos]
        if owns(w, seat, HAND_OF_GOD) or owns(w, seat, REINFORCEMENTS):
            w.phase, w.actor, w.night_used = "night", seat, 0
            w.turn_no += 1
            return
    choose_order(w)


def fewest_vp(w: Work) -> int:
    """Who chooses the turn order: fewest VP, ties to the earliest in the old order."""
    return min(w.order, key=lambda seat: (total_vp(w, seat), w.order.index(seat)))


def choose_order(w: Work) -> None:
    """Step 4 (the first Night keeps the starting order)."""
    if w.day == 0:
        start_day(w)
        return
    w.phase, w.actor = "order", fewest_vp(w)
    w.turn_no += 1


def start_day(w: Work) -> None:
    w.day += 1
    w.used = (0,) * w.players
    w.regular = (0,) * w.players
    w.pos = 0
    begin_turn(w)


# --- Day turns (section 5.2) ---------------------------------------------------------


def begin_turn(w: Work) -> None:
    w.phase, w.actor = "turn", w.order[w.pos]
    w.placed, w.fresh = False, ()
    w.turn_no += 1


def back_to_turn(w: Work) -> None:
    """An action (or a Veto chain) is over: the turn player decides again."""
    w.phase, w.actor = "turn", w.order[w.pos]
    w.colour, w.group, w.resume = NONE, None, ""
    w.added, w.beast, w.fights = (), False, ()


def end_turn(w: Work) -> None:
    w.pos += 1
    if w.pos == w.players:
        w.pos = 0
    if all(r == REGULAR_TOKENS for r in w.regular):
        end_of_day(w)
    else:
        begin_turn(w)


# --- the end of the Day (section 5.3) and of the game (14) ----------------------------


def end_of_day(w: Work) -> None:
    delta = layout(w).side.delta
    holder = controller(w, delta)
    if holder != NONE:
        w.phase, w.actor = "delta", holder
        w.turn_no += 1
        return
    after_delta(w)


def after_delta(w: Work) -> None:
    lay = layout(w)
    for seat in w.order:
        for temple in lay.temples:
            if temple != lay.side.delta and controller(w, temple) == seat:
                w.gain_pp(seat, lay.side.temple_pp[temple])
    if lay.sanctuary:
        holder = controller(w, SANCTUARY)
        if holder != NONE and units_of(w, holder, SANCTUARY) >= 2:
            w.phase, w.actor = "sanctuary", holder
            w.turn_no += 1
            return
    after_sanctuary(w)


def after_sanctuary(w: Work) -> None:
    for seat in w.order:
        if temples_held(w, seat) >= 2:
            w.gain_vp(seat)
    totals = [total_vp(w, seat) for seat in range(w.players)]
    if max(totals) >= w.target:
        w.winner = winner_of(w)
        w.phase, w.actor = "over", NONE
        return
    start_night(w)


def winner_of(w: Work) -> int:
    """Most VP, then most battle VP, then earliest in the Day's turn order (section 14)."""
    return min(
        range(w.players),
        key=lambda seat: (-total_vp(w, seat), -w.bvp[seat], w.order.index(seat)),
    )


def sacrifice(w: Work, space: int, count: int) -> None:
    seat = w.actor
    w.move_units(seat, space, -count)
    w.settle_creatures(space)


__all__ = [
    "after_delta",
    "after_sanctuary",
    "back_to_turn",
    "begin_turn",
    "choose_order",
    "draw",
    "end_of_day",
    "end_turn",
    "fewest_vp",
    "keep_vision",
    "next_night_power",
    "next_setup",
    "night_draws",
    "sacrifice",
    "shuffled",
    "start_day",
    "start_night",
    "winner_of",
]
