"""tui.duel.input: keys and clicks to decisions, without Textual.

Random positions of random games: every legal action is reachable by some
sequence of keys (with unload previews on and off), a key never raises and
never hands the match an action the engine cannot at least refuse with a
reason, and a key that means nothing leaves everything as it was.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator

import pytest

from engine.duel import (
    Action,
    GameState,
    Setup,
    Swap,
    Take,
    apply,
    legal_actions,
    why_illegal,
)
from engine.duel.actions import PASS, PLACES, UNLOADS
from engine.duel.tokens import TAKE
from tui.duel import cursor as nav
from tui.duel.input import (
    Back,
    BoatKey,
    CellClick,
    Decision,
    Digit,
    Enter,
    Input,
    LineKey,
    Move,
    PassKey,
    Said,
    Selection,
    SlotClick,
    StopKey,
    TokenKey,
    decide,
    help_topic,
    offer,
)
from tui.duel.keys import TOKEN_KEYS
from tui.duel.marks import marks

KEYS: tuple[Input, ...] = (
    Move(-1, 0),
    Move(1, 0),
    Move(0, -1),
    Move(0, 1),
    Enter(),
    *(Digit(n) for n in range(1, 10)),
    LineKey("r"),
    LineKey("c"),
    *(TokenKey(token) for token in TOKEN_KEYS.values()),
    StopKey(),
    PassKey(),
    Back(),
)


def _positions(games: int = 6, every: int = 3) -> Iterator[GameState]:
    """Positions of random games, token steps included."""
    for seed in range(games):
        rng = random.Random(seed)
        state = Setup(seed=100 + seed).start()
        ply = 0
        while not state.over:
            if ply % every == 0 or state.pending is not None:
                yield state
            state = apply(state, rng.choice(legal_actions(state)))
            ply += 1


POSITIONS = list(_positions())


def _tried(
    state: GameState, decision: Decision, *, previews: bool
) -> tuple[Selection, Action | None]:
    """A decision carried out as the screen does: its action offered first."""
    selection, action = decision.selection, decision.action
    if action is None:
        return selection, None
    offered = offer(state, selection, action, previews=previews)
    return offered.selection, offered.action


def _reachable(state: GameState, *, previews: bool) -> set[Action]:
    """Every action some sequence of keys hands to the match, from a fresh selection."""
    seen = {Selection()}
    queue = deque(seen)
    played: set[Action] = set()
    while queue:
        selection = queue.popleft()
        for key in KEYS:
            after, action = _tried(state, decide(state, selection, key), previews=previews)
            if action is not None:
                played.add(action)
            elif after not in seen:
                seen.add(after)
                queue.append(after)
    return played


@pytest.mark.parametrize("previews", [True, False])
def test_every_legal_action_is_reachable_by_keys(previews: bool) -> None:
    assert len(POSITIONS) > 100
    for state in POSITIONS[::4]:
        missing = set(legal_actions(state)) - _reachable(state, previews=previews)
        assert not missing, (state.ply, state.pending, missing)


def test_a_key_never_hands_over_what_the_engine_cannot_judge() -> None:
    rng = random.Random(7)
    for state in POSITIONS:
        cursor = (rng.randrange(6), rng.randrange(6))
        if nav.target_at(cursor) is None:
            cursor = nav.START
        selection = Selection(cursor=cursor)
        for key in KEYS:
            decision = decide(state, selection, key)
            if decision.action is not None:
                # Legal, or refused with a reason the player is shown.
                reason = why_illegal(state, decision.action)
                assert reason is None or str(reason), (key, decision.action)


def test_keys_that_mean_nothing_change_nothing() -> None:
    state = Setup(seed=3).start()
    held = Selection()
    # Nothing held and no token in progress: Esc has nothing to drop.
    assert decide(state, held, Back()) == Decision(held)
    # The cursor stops at the harbor's edges.
    corner_cell = nav.position_of(nav.Target("cell", 8))
    at_edge = Selection(cursor=corner_cell)
    assert decide(state, at_edge, Move(1, 0)) == Decision(at_edge)
    assert decide(state, at_edge, Move(0, 1)) == Decision(at_edge)


def _take_step() -> GameState:
    for state in POSITIONS:
        if state.pending is not None and state.pending.step == "take":
            return state
    raise AssertionError("no take step in the sample games")


def _swap_step() -> GameState:
    for state in POSITIONS:
        if state.pending is not None and state.pending.step == "swap":
            return state
    raise AssertionError("no swap step in the sample games")


def test_while_taking_a_digit_away_from_a_boat_only_explains() -> None:
    state = _take_step()
    on_cell = Selection()
    decision = decide(state, on_cell, Digit(5))
    assert decision.selection == on_cell and decision.action is None
    assert decision.said == Said(
        "First choose a boat by its name (r1-r3, c1-c3), then its slot, 1-3."
    )
    at_boat = decide(state, on_cell, BoatKey(2)).selection
    assert nav.target_at(at_boat.cursor) == nav.Target("slot", 2, 0)
    refused = decide(state, at_boat, Digit(4))
    assert refused.selection == at_boat and refused.action is None
    assert refused.said is not None and refused.said.error
    taken = decide(state, at_boat, Digit(3))
    assert taken.action == Take(2, 2)
    assert nav.target_at(taken.selection.cursor) == nav.Target("slot", 2, 2)


def test_a_swap_is_two_slots_of_one_boat_and_the_same_slot_twice_clears_it() -> None:
    state = _swap_step()
    swap = next(a for a in legal_actions(state) if isinstance(a, Swap))
    first = decide(state, Selection(), SlotClick(swap.boat, swap.first))
    assert first.action is None and first.selection.selected == (swap.boat, swap.first)
    cleared = decide(state, first.selection, SlotClick(swap.boat, swap.first))
    assert cleared.selection.selected is None and cleared.said == Said("Swap cleared.")
    made = decide(state, first.selection, SlotClick(swap.boat, swap.second))
    assert made.action == swap
    dropped = decide(state, first.selection, Back())
    assert dropped.selection.selected is None and not dropped.back_out


def test_a_boat_clicked_without_a_slot_while_taking_asks_for_one() -> None:
    state = _take_step()
    decision = decide(state, Selection(), SlotClick(0, None))
    assert decision.action is None
    assert decision.said == Said("Choose a slot of that boat: 1, 2 or 3.")


def test_an_unload_is_shown_first_and_made_by_enter_or_its_key() -> None:
    state = next(s for s in POSITIONS if s.pending is None and UNLOADS[1] in legal_actions(s))
    asked = decide(state, Selection(), BoatKey(1))
    assert asked.action == UNLOADS[1]
    shown = offer(state, asked.selection, UNLOADS[1], previews=True)
    assert shown.action is None and shown.selection.preview is not None
    assert shown.selection.preview.boat == 1
    # Without previews the unload is made at once.
    assert offer(state, asked.selection, UNLOADS[1], previews=False).action == UNLOADS[1]
    on_show = shown.selection
    assert decide(state, on_show, Enter()).action == UNLOADS[1]
    again = decide(state, on_show, BoatKey(1))
    assert offer(state, on_show, again.action or PASS, previews=True).action == UNLOADS[1]
    # Moving away or Esc drops it, and says so.
    moved = decide(state, on_show, Move(0, 1))
    assert moved.selection.preview is None and moved.said == Said("")
    backed = decide(state, on_show, Back())
    assert backed.selection.preview is None
    assert backed.said == Said("Unload cancelled: nothing has changed.")


def test_an_illegal_unload_is_not_shown_but_handed_on_for_its_reason() -> None:
    state = Setup(seed=3).start()  # every boat is empty at the start
    assert why_illegal(state, UNLOADS[0]) is not None
    offered = offer(state, Selection(), UNLOADS[0], previews=True)
    assert offered.action == UNLOADS[0] and offered.selection.preview is None


def test_esc_in_a_token_asks_the_match_to_drop_it() -> None:
    state = _take_step()
    assert decide(state, Selection(), Back()).back_out


def test_clicks_move_the_cursor_where_they_point() -> None:
    state = Setup(seed=3).start()
    clicked = decide(state, Selection(), CellClick(0))
    assert clicked.action == PLACES[0]
    assert nav.target_at(clicked.selection.cursor) == nav.Target("cell", 0)


def test_marks_follow_the_selection() -> None:
    state = _swap_step()
    swap = next(a for a in legal_actions(state) if isinstance(a, Swap))
    legal = legal_actions(state)
    before = marks(legal, Selection(), None)
    assert (swap.boat, swap.first) in before.slots and (swap.boat, swap.second) in before.slots
    held = Selection(selected=(swap.boat, swap.first))
    after = marks(legal, held, None)
    assert (swap.boat, swap.first) not in after.slots  # the other of the pair is left
    assert (swap.boat, swap.second) in after.slots and after.selected == (swap.boat, swap.first)


def test_the_help_topic_follows_the_token_then_the_cursor() -> None:
    start = Setup(seed=3).start()
    assert help_topic(start, Selection()) == "place"
    on_slot = Selection(cursor=nav.position_of(nav.Target("slot", 0, 0)))
    assert help_topic(start, on_slot) == "unload"
    taking = _take_step()
    assert taking.pending is not None and taking.pending.token == TAKE
    assert help_topic(taking, Selection()) == help_topic(taking, on_slot)


def test_a_boat_is_typed_by_its_name() -> None:
    # c then 3 is C3, the boat a player reads (with keys a-f, c was R3).
    state = next(s for s in POSITIONS if any(a in UNLOADS for a in legal_actions(s)))
    for boat, name in enumerate(("r1", "r2", "r3", "c1", "c2", "c3")):
        first = decide(state, Selection(), LineKey(name[0]))
        assert first.action is None and first.selection.line == name[0]
        second = decide(state, first.selection, Digit(int(name[1])))
        assert second.action == UNLOADS[boat]
        assert second.selection.line is None


def test_a_line_key_then_anything_else_leaves_no_boat_half_chosen() -> None:
    state = POSITIONS[0]
    typed = decide(state, Selection(), LineKey("r")).selection
    wrong = decide(state, typed, Digit(5))
    assert wrong.action is None and wrong.said is not None and wrong.said.error
    assert wrong.selection.line is None
    cleared = decide(state, typed, Back())
    assert cleared.action is None and cleared.selection == Selection()
    # Another key does what it does, with the r dropped.
    moved = decide(state, typed, Move(1, 0))
    assert moved.selection == decide(state, Selection(), Move(1, 0)).selection
