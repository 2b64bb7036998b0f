"""The online rules (RULES.md section 11): refills wait for the end of the turn.

Under the online rules a boat unloaded during a turn stays empty until the turn
ends; then the boats unloaded in it are refilled row boats top to bottom, then
column boats left to right. Each scenario is played under both rules, so that
what differs is asserted next to what does not.
"""

from __future__ import annotations

import json

import pytest
from engine_support import play, position
from msgspec.structs import replace

from engine.duel import (
    NO_PLAYER,
    GameRecord,
    GameState,
    IllegalAction,
    Player,
    RecordError,
    Setup,
    Unload,
    apply,
    countdown,
    decode_record,
    decode_state,
    describe,
    encode_record,
    encode_state,
    leaving_boats,
    legal_actions,
    new_game,
    preview_unload,
    replay,
    state_problems,
    supply_after_unload,
    unload_ends_game,
    why_illegal,
)

ONLINE = "online"


def online(state: GameState) -> GameState:
    return replace(state, rules=ONLINE)


def holding(*tokens: str) -> tuple[Player, Player]:
    return (Player(actions=tokens), Player())


def with_held_au(state: GameState) -> GameState:
    """``state`` with the AU black holds taken out of the box, so that every
    token is in one place (position() deals the whole deck)."""
    box = list(state.box)
    box.remove("AU")
    return replace(state, box=tuple(box), ply=40)


def double_unload_position(supply: tuple[str, ...]) -> GameState:
    # Column 1 (cells 1, 4) and row 3 (cells 8, 9) are both ready to unload and
    # do not cross where a meeple stands, so black can unload the column boat
    # first and the row boat second.
    return with_held_au(
        position(
            boats={2: ("T1", "T2", "T3"), 3: ("B1", "B2", "B3")},
            supply=supply,
            cells="0.. 0.. .11",
            players=holding("AU"),
        )
    )


SIX = ("PL", "PL", "PL", "PD", "PD", "PD")


def test_new_game_and_setup_carry_the_rules() -> None:
    assert new_game(3).rules == "classic"
    assert new_game(3, rules="online").rules == ONLINE
    assert Setup(seed=3, rules="online").start().rules == ONLINE
    assert Setup(seed=3).start() == new_game(3)
    with pytest.raises(ValueError, match="the rules are classic or online"):
        new_game(3, rules="house")  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"setup\.rules: must be classic or online"):
        Setup(seed=3, rules="house").start()  # type: ignore[arg-type]


def test_classic_refills_the_first_boat_before_the_second_unload() -> None:
    state = play(double_unload_position(SIX), "AU", "P5", "UC1")
    assert state.boats[3] == ("PL", "PL", "PL")
    assert state.emptied == ()
    after = play(state, "UR3")
    assert after.boats[2] == ("PD", "PD", "PD")
    assert after.supply == ()


def test_online_boat_stays_empty_until_the_turn_ends() -> None:
    state = play(online(double_unload_position(SIX)), "AU", "P5", "UC1")
    # Unloaded, not refilled: the supply is untouched and the boat is empty.
    assert state.boats[3] is None
    assert state.emptied == (3,)
    assert state.supply == SIX
    assert state.pending is not None and state.pending.step == "unload_more"
    assert state_problems(state) == []
    # Still in play: not counted as gone, and its refill is already spoken for.
    count = countdown(state)
    assert count.boats_in_play == 6
    assert count.refills_left == 1
    assert count.unloads_left == 1 + 6 - 1
    assert supply_after_unload(state) == 0
    assert not unload_ends_game(state)
    # The empty boat cannot be unloaded, and says why.
    assert Unload(3) not in legal_actions(state)
    reason = why_illegal(state, Unload(3))
    assert reason is not None and "stays empty until the turn ends" in reason


def test_online_double_unload_refills_rows_before_columns() -> None:
    state = play(online(double_unload_position(SIX)), "AU", "P5", "UC1", "UR3")
    # The row 3 boat was unloaded second but is refilled first.
    assert state.boats[2] == ("PL", "PL", "PL")
    assert state.boats[3] == ("PD", "PD", "PD")
    assert state.supply == ()
    assert state.emptied == ()
    assert state.pending is None
    assert state.turn == 1
    assert state_problems(state) == []


def test_online_stop_refills_at_the_end_of_the_turn() -> None:
    state = play(online(double_unload_position(SIX)), "AU", "P5", "UC1", "stop")
    assert state.boats[3] == ("PL", "PL", "PL")
    assert state.supply == SIX[3:]
    assert state.emptied == () and state.pending is None and state.turn == 1


def test_online_plain_unload_refills_when_the_turn_ends() -> None:
    # A turn with one unload ends with it: the outcome is the classic one.
    start = double_unload_position(SIX)
    classic = play(start, "UC1")
    assert play(online(start), "UC1") == replace(classic, rules=ONLINE)


def test_online_row_boats_are_refilled_top_to_bottom() -> None:
    # Row 3 first, then row 1: row 1 is refilled first.
    state = position(
        supply=SIX,
        cells=".00 ... 11.",
        players=holding("AU"),
    )
    state = play(online(state), "AU", "P6", "UR3", "UR1")
    assert state.boats[0] == ("PL", "PL", "PL")
    assert state.boats[2] == ("PD", "PD", "PD")


def test_one_refill_left_goes_to_the_row_boat_under_online_rules() -> None:
    three = ("PL", "PL", "PL")
    classic = play(double_unload_position(three), "AU", "P5", "UC1", "UR3")
    # Classic: the column boat, unloaded first, took the last refill.
    assert classic.boats[3] == three and classic.boats[2] is None
    start = online(double_unload_position(three))
    state = play(start, "AU", "P5", "UC1")
    assert leaving_boats(state, 2) == (3,)
    assert supply_after_unload(state) == 0
    preview = preview_unload(state, 2)
    assert preview.leaving == (3,)
    assert preview.last_refill == 2
    assert not preview.boat_leaves  # the row boat keeps sailing
    assert not preview.ends_game
    words = describe(state, Unload(2), ("Ann", "Bob"))
    assert "it goes to the row 3 boat, and the column 1 boat leaves the game" in words
    after = apply(state, Unload(2))
    assert after.boats[2] == three and after.boats[3] is None
    assert after.emptied == () and not after.over
    assert state_problems(after) == []


def test_online_last_refill_ends_the_game_when_two_boats_were_left() -> None:
    three = ("PL", "PL", "PL")
    state = position(
        boats={2: ("T1", "T2", "T3"), 3: ("B1", "B2", "B3")},
        removed=[0, 1, 4, 5],
        supply=three,
        cells="0.. 0.. .11",
        players=holding("AU"),
    )
    state = play(online(state), "AU", "P5", "UC1")
    assert not state.over
    assert unload_ends_game(state)
    assert preview_unload(state, 2).ends_game
    after = play(state, "UR3")
    assert after.over and after.pending is None
    assert after.boats[2] == three and after.boats[3] is None
    assert legal_actions(after) == []


def test_online_empty_supply_ends_the_game_at_once_as_classic_does() -> None:
    # Ruling: no refill could ever come, so the boat leaves at once and the
    # game ends mid-turn, though column 3 could still be unloaded.
    start = position(
        boats={4: ("T1", "T2", "T3"), 5: ("B1", "B2", "B3")},
        removed=[0, 1, 2, 3],
        supply=(),
        cells=".10 ..0 ...",
        players=holding("AU"),
    )
    classic = play(start, "AU", "P5", "UC2")
    state = play(online(start), "AU", "P5", "UC2")
    assert state == replace(classic, rules=ONLINE)
    assert state.over and state.boats[4] is None and state.boats[5] == ("B1", "B2", "B3")
    with pytest.raises(IllegalAction, match="game is over"):
        apply(state, Unload(5))


def test_states_with_a_boat_waiting_round_trip_and_are_checked() -> None:
    state = play(online(double_unload_position(SIX)), "AU", "P5", "UC1")
    data = encode_state(state)
    assert json.loads(data)["emptied"] == [3]
    assert json.loads(data)["rules"] == ONLINE
    assert decode_state(data) == state
    classic = replace(state, rules="classic")
    assert any("only the online rules defer" in p for p in state_problems(classic))
    filled = replace(state, boats=(*state.boats[:3], ("OB", "OB", "OB"), *state.boats[4:]))
    assert any("still holds tokens" in p for p in state_problems(filled))
    between = replace(state, pending=None)
    assert any("outside the second unload" in p for p in state_problems(between))


def test_a_real_online_game_state_decodes_to_itself() -> None:
    # A state reached by play, so every token is accounted for.
    setup = Setup(seed=11, rules="online")
    state = setup.start()
    assert decode_state(encode_state(state)) == state
    # Old encodings have neither field: they are classic games between turns.
    data = json.loads(encode_state(new_game(11)))
    del data["rules"], data["emptied"]
    assert decode_state(json.dumps(data)) == new_game(11)


def test_records_keep_the_rules_and_old_records_read_as_classic() -> None:
    record = GameRecord(setup=Setup(seed=8, sides="ABBA", starter=1, rules="online"))
    data = json.loads(encode_record(record))
    assert data["setup"]["rules"] == ONLINE
    assert decode_record(encode_record(record)) == record
    assert replay(record)[0].rules == ONLINE
    # A version 1 record, written before the option: no "rules", classic.
    old = {"format": "imhotep-duel-record", "version": 1, "setup": {"seed": 8}, "actions": []}
    decoded = decode_record(json.dumps(old))
    assert decoded.setup.rules == "classic"
    assert replay(decoded)[0] == new_game(8)


def test_unknown_rules_in_a_record_are_refused() -> None:
    data = json.loads(encode_record(GameRecord(setup=Setup(seed=8))))
    data["setup"]["rules"] = "house"
    with pytest.raises(RecordError, match="invalid record"):
        decode_record(json.dumps(data))


def test_empty_boat_is_never_takeable_or_swappable() -> None:
    state = play(online(double_unload_position(SIX)), "AU", "P5", "UC1")
    assert state.turn == 0 and state.grid[0] == NO_PLAYER
    assert all(not (hasattr(a, "boat") and a.boat == 3) for a in legal_actions(state))
