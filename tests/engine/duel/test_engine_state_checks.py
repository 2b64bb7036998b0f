"""decode_state checks what it reads: only RecordError, only sound states.

Three parts: every state random legal play reaches passes the check and
round-trips; each invariant, broken on purpose, is reported in words; and a
fuzz of arbitrary bytes, deep nesting, bad UTF-8 and mutated saves, where
anything accepted must then play on without a crash.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import msgspec
import pytest
from engine_support import ALL_SIDES, make_deck, random_game, random_walk
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engine.duel import (
    NO_PLAYER,
    GameState,
    Pending,
    Player,
    RecordError,
    apply,
    check_state,
    current_player,
    decode_state,
    encode_state,
    legal_actions,
    new_game,
    outcome,
    score,
    state_problems,
    step_prompt,
)
from engine.duel.tokens import FULL_SET

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def find_state(seed_range: range, wanted: Any) -> GameState:
    """The first state of the random games of ``seed_range`` that ``wanted`` accepts."""
    for seed in seed_range:
        for _, _, after in random_game(seed, sides=ALL_SIDES[seed % 16]):
            if wanted(after):
                return after
    raise AssertionError("no such state in these games")


def reject(state: GameState, pattern: str) -> None:
    """``state`` saved and read back is refused with a message matching ``pattern``."""
    data = encode_state(state)
    with pytest.raises(RecordError, match=pattern) as info:
        decode_state(data)
    assert str(info.value).startswith("not a valid game state: ")
    assert state_problems(state)
    with pytest.raises(RecordError):
        check_state(state)


def survives(state: GameState) -> None:
    """An accepted state is sound, and every legal step from it leads to a sound state."""
    assert state_problems(state) == []
    score(state)
    outcome(state)
    step_prompt(state)
    actions = legal_actions(state)
    assert (actions == []) == state.over
    assert current_player(state) == (NO_PLAYER if state.over else state.turn)
    for action in actions:
        after = apply(state, action)
        assert state_problems(after) == [], (str(action), state_problems(after))


# --- every reachable state passes ------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    sides=st.sampled_from(ALL_SIDES),
    starter=st.integers(min_value=0, max_value=1),
    rng=st.randoms(use_true_random=False),
)
def test_every_reachable_state_passes_and_round_trips(
    seed: int, sides: str, starter: int, rng: random.Random
) -> None:
    state = new_game(seed, sides=sides, starter=starter)
    while True:
        assert state_problems(state) == []
        check_state(state)
        data = encode_state(state)
        assert decode_state(data) == state
        assert decode_state(data.decode()) == state
        actions = legal_actions(state)
        if not actions:
            break
        state = apply(state, rng.choice(actions))
    assert state.over


# --- each invariant, broken on purpose ---------------------------------------------

MID = random_walk(11, 24, sides="BBAB")
assert MID.pending is None and not MID.over and MID.supply and MID.box


def _player(state: GameState, who: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[who] = replace(players[who], **changes)
    return replace(state, players=(players[0], players[1]))


@pytest.mark.parametrize(
    ("state", "pattern"),
    [
        (replace(MID, grid=MID.grid[:3]), "the grid has 3 cells, not 9"),
        (replace(MID, grid=(7, *MID.grid[1:])), r"cell 1 \(row 1, column 1\) holds 7"),
        (replace(MID, boats=MID.boats[:5]), "there are 5 boats, not 6"),
        (replace(MID, turn=2), "turn is 2, not a player"),
        (replace(MID, starter=-1), "starter is -1, not a player"),
        (replace(MID, first_to_five=3), "first_to_five is 3"),
        (replace(MID, ply=-1), "ply is -1; it counts actions and cannot be negative"),
        (
            replace(MID, supply=("XX", *MID.supply[1:])),
            "unknown token codes in the supply: 'XX'",
        ),
        (replace(MID, box=(*MID.box[:-1], "")), "unknown token codes in the box: ''"),
        (_player(MID, 0, meeples=-1), "player 1 has -1 meeples in supply"),
        (_player(MID, 1, light=-2), "player 2 has -2 light pyramid tokens"),
        (_player(MID, 0, temples=(5,)), r"player 1 has temple values \[5\]; .* 1 to 4 circles"),
        (_player(MID, 1, chambers=(0, 13)), r"burial chambers \[0, 13\]; .* numbered 1 to 12"),
        (_player(MID, 0, actions=("OB",)), "unknown token codes in player 1's action tokens: 'OB'"),
        (_player(MID, 0, meeples=MID.players[0].meeples + 1), "player 1 has .* a player has 4"),
        (replace(MID, pending=Pending(token="OB", step="take")), "'OB', is not an action token"),
        (
            replace(MID, pending=Pending(token="AT", step="place")),
            "Take 1 token has no step 'place'",
        ),
        (
            replace(MID, pending=Pending(token="AP", step="place", placed=2)),
            "has placed 0 or 1 meeples by then, not 2",
        ),
    ],
)
def test_broken_shapes_are_named(state: GameState, pattern: str) -> None:
    reject(state, pattern)


def test_tokens_must_all_be_accounted_for() -> None:
    reject(replace(MID, supply=MID.supply[3:]), r"not all accounted for: .* missing")
    reject(
        replace(MID, supply=(*MID.supply[:-3], *MID.supply[-3:], *MID.supply[-3:])),
        "too many",
    )
    # Moving a token between places keeps the count but breaks a place's size.
    reject(replace(MID, supply=MID.supply[1:], box=(*MID.box, MID.supply[0])), "every refill")
    # A player's monuments count as places too.
    reject(_player(MID, 0, obelisks=MID.players[0].obelisks + 1), "1 obelisk too many")
    reject(_player(MID, 1, dark=7), "player 2 has 7 dark pyramid tokens; the game has 6")
    # A count far beyond the game's is refused before it is counted out.
    reject(_player(MID, 0, obelisks=2**70), "player 1 has 1180591620717411303424 obelisk")


def test_the_reserve_must_cover_the_take_tokens_still_to_play() -> None:
    start = new_game(4)
    # The whole reserve in the box: the Take tokens not among it can still be played.
    state = replace(start, reserve=(), box=start.reserve)
    takes = 3 - start.reserve.count("AT")
    reject(state, f"the reserve holds 0 tokens, but {takes} plays of Take 1 token are still")


def test_a_boat_leaves_only_once_the_supply_is_empty() -> None:
    slots = MID.boats[2]
    assert slots is not None
    state = replace(MID, boats=(*MID.boats[:2], None, *MID.boats[3:]), box=(*MID.box, *slots))
    reject(state, "the row 3 boat has left the game although the supply is not empty")


def test_over_exactly_when_one_boat_is_left() -> None:
    reject(replace(MID, over=True), "marked over with 6 boats in play")
    end = find_state(range(5), lambda s: s.over)
    reject(replace(end, over=False), "1 boat.* in play but the game is not marked over")
    reject(
        replace(end, pending=Pending(token="AT", step="take")),
        "marked over while an action token is being played",
    )


def test_first_to_five_matches_the_obelisks() -> None:
    five = find_state(
        range(50),
        lambda s: s.first_to_five != NO_PLAYER and s.players[1 - s.first_to_five].obelisks < 5,
    )
    reject(replace(five, first_to_five=NO_PLAYER), "nobody is recorded as first to 5")
    other = 1 - five.first_to_five
    reject(
        replace(five, first_to_five=other),
        f"player {other + 1} is recorded as first to 5 obelisks but holds",
    )


def test_ply_counts_at_least_the_actions_visible_on_the_board() -> None:
    reject(replace(MID, ply=0), r"ply is 0, but \d+ unloads and \d+ meeples")
    start = new_game(3, starter=1)
    reject(replace(start, turn=0), "no action has been taken yet, but it is player 1's turn")


def crowd(state: GameState, who: int, leave: int) -> GameState:
    """``state`` with ``who``'s supply meeples put on empty cells until ``leave`` remain."""
    cells = list(state.grid)
    meeples = state.players[who].meeples
    moved = 0
    for cell, owner in enumerate(cells):
        if meeples - moved == leave:
            break
        if owner == NO_PLAYER:
            cells[cell] = who
            moved += 1
    assert meeples - moved == leave
    crowded = replace(state, grid=tuple(cells), ply=state.ply + moved)
    return _player(crowded, who, meeples=leave)


def test_a_pending_token_fits_the_position() -> None:
    swap = find_state(
        range(50),
        lambda s: s.pending is not None and s.pending.step == "swap" and s.box.count("AS") == 1,
    )
    # Playing a token moves it to the box, so it is the last token there.
    reject(replace(swap, box=(swap.box[-1], *swap.box[:-1])), "must have just gone to the box")
    # Swap and unload needs a boat it can unload afterwards.
    emptied = replace(swap, grid=(NO_PLAYER,) * len(swap.grid))
    emptied = _player(_player(emptied, 0, meeples=4), 1, meeples=4)
    reject(emptied, "must unload a boat next, but no boat can be unloaded")

    place = find_state(
        range(50),
        lambda s: s.pending is not None and s.pending.token == "AP" and s.pending.placed == 0,
    )
    reject(crowd(place, place.turn, 1), r"Place 2-3 meeples needs 2 meeple\(s\) to place")
    assert state_problems(crowd(place, place.turn, 2)) == []


def test_place_and_unload_needs_a_placement_that_enables_an_unload() -> None:
    place = find_state(
        range(50),
        lambda s: s.pending is not None and s.pending.token == "AU" and s.pending.step == "place",
    )
    # On an empty grid no single meeple gives any line two.
    empty = replace(place, grid=(NO_PLAYER,) * len(place.grid))
    empty = _player(_player(empty, 0, meeples=4), 1, meeples=4)
    reject(empty, "no placement would let a boat be unloaded, yet one must follow")


def test_take_needs_a_token_to_take() -> None:
    # Three boats left, holding nine action tokens; a Take 1 token is under way.
    boats = {0: ("AP",) * 3, 1: ("AU",) * 3, 2: ("AS",) * 3}
    reserve = ("OB", "OB", "OB")
    start = new_game(deck=make_deck(boats, reserve))
    rest = Counter(FULL_SET) - Counter(t for slots in boats.values() for t in slots)
    rest -= Counter(reserve) + Counter({"AT": 3})
    state = replace(
        start,
        supply=(),
        boats=(*start.boats[:3], None, None, None),
        box=(*sorted(rest.elements()), "AT"),
        players=(Player(actions=("AT", "AT")), Player()),
        pending=Pending(token="AT", step="take"),
        ply=40,
    )
    reject(state, "Take 1 token is being played, but no boat holds a token it could take")
    # The same with one obelisk on a boat instead is sound.
    boats_ok = (("AP", "AP", "OB"), *state.boats[1:])
    ok = replace(state, boats=boats_ok, reserve=("OB", "OB", "AP"))
    assert state_problems(ok) == []
    assert [str(a) for a in legal_actions(ok)] == ["TR1:3"]


def test_the_reserve_never_grows() -> None:
    extra = 4 - len(MID.reserve)
    state = replace(MID, reserve=(*MID.reserve, *MID.box[:extra]), box=MID.box[extra:])
    reject(state, "the reserve holds 4 tokens, more than 3")


def test_sound_states_are_accepted_from_text_and_bytes() -> None:
    data = encode_state(MID)
    assert decode_state(data) == MID
    assert decode_state(data.decode()) == MID
    check_state(MID)
    assert state_problems(MID) == []


# --- fuzz: only RecordError, and anything accepted plays on -------------------------


def decode_or_refuse(data: bytes | str) -> GameState | None:
    try:
        state = decode_state(data)
    except RecordError as exc:
        assert str(exc).strip()
        return None
    survives(state)
    return state


@FUZZ
@given(st.binary(max_size=300))
def test_arbitrary_bytes(data: bytes) -> None:
    decode_or_refuse(data)


@FUZZ
@given(st.text(max_size=200))
def test_arbitrary_text(text: str) -> None:
    decode_or_refuse(text)


@pytest.mark.parametrize("depth", [200, 5_000, 200_000])
@pytest.mark.parametrize(
    "shape",
    [
        ("[", "]", ""),
        ('{"a":', "}", "1"),
        ('{"sides":', "}", "1"),
        ('{"supply":[', "]}", "1"),
        ('{"pending":', "}", "null"),
    ],
)
def test_deeply_nested_json(depth: int, shape: tuple[str, str, str]) -> None:
    head, tail, core = shape
    data = (head * depth + core + tail * depth).encode()
    assert decode_or_refuse(data) is None
    # The same nesting inside an otherwise valid state, as an unknown field:
    # skipped when shallow, refused when deeper than the decoder will go.
    valid = encode_state(MID)
    inner = decode_or_refuse(valid[:-1] + b',"extra":' + data + b"}")
    assert inner is None if depth > 1000 else inner == MID


@FUZZ
@given(
    position=st.integers(min_value=0, max_value=10_000),
    junk=st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80"]),
)
def test_invalid_utf8(position: int, junk: bytes) -> None:
    valid = encode_state(MID)
    # Inside a token code, so that the JSON around it stays well formed.
    quote = [i for i, byte in enumerate(valid) if byte == ord('"')]
    at = quote[position % len(quote)] + 1
    with pytest.raises(RecordError, match="invalid UTF-8"):
        decode_state(valid[:at] + junk + valid[at:])


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*path, index))
    return found


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


OTHER_VALUES = [None, True, False, 0, -1, 1, 2, 3, 4, 5, 9, 13, 2**70, 1.5, "", "AT", "x", [], {}]
TOKENS = sorted(set(FULL_SET))
MUTATIONS = ["number", "value", "token", "drop", "duplicate", "shorten", "move", "swap"]


def mutate(tree: Any, data: st.DataObject) -> Any:
    """One change somewhere in a state's JSON tree (changed in place)."""
    paths = _paths(tree)
    path = data.draw(st.sampled_from(paths[1:]))
    parent, key = _get(tree, path[:-1]), path[-1]
    node = parent[key]
    kind = data.draw(st.sampled_from(MUTATIONS))
    if kind == "number" and isinstance(node, int) and not isinstance(node, bool):
        parent[key] = node + data.draw(st.integers(min_value=-3, max_value=3))
    elif kind == "number" and isinstance(node, bool):
        parent[key] = not node
    elif kind == "token":
        parent[key] = data.draw(st.sampled_from(TOKENS))
    elif kind == "drop":
        del parent[key]
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(key, node)
    elif kind == "shorten" and isinstance(node, list) and node:
        del node[data.draw(st.integers(min_value=0, max_value=len(node) - 1)) :]
    elif kind in ("move", "swap"):
        # Tokens and counts trade places: the total can stay right while the
        # places break, which only the deeper checks catch.
        other_path = data.draw(st.sampled_from(paths[1:]))
        other_parent = _get(tree, other_path[:-1])
        other_key = other_path[-1]
        related = path[: len(other_path)] == other_path or other_path[: len(path)] == path
        if kind == "swap" and not related:
            other_parent[other_key], parent[key] = node, other_parent[other_key]
        elif kind == "move" and isinstance(node, list) and isinstance(other_parent, list) and node:
            other_parent.insert(other_key, node.pop())
    else:
        parent[key] = data.draw(st.sampled_from(OTHER_VALUES))
    return tree


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.integers(min_value=0, max_value=2**16),
    plies=st.integers(min_value=0, max_value=140),
    sides=st.sampled_from(ALL_SIDES),
    changes=st.integers(min_value=1, max_value=3),
    data=st.data(),
)
def test_mutated_states(
    seed: int, plies: int, sides: str, changes: int, data: st.DataObject
) -> None:
    state = random_walk(seed, plies, sides=sides, starter=seed % 2)
    tree = msgspec.json.decode(encode_state(state))
    for _ in range(changes):
        tree = mutate(tree, data)
    decode_or_refuse(json.dumps(tree).encode())
