"""One test per Ruling of KEMET.md sections 10-16 and of the table in section 20."""

from __future__ import annotations

import random

import pytest
from kemet_support import (
    arrange,
    checked,
    clear_board,
    day_one,
    empty_hands,
    give_cards,
    give_tiles,
    legal_texts,
    place_units,
    play,
    sp,
    turn_of,
)

from engine.kemet import KEMET, view
from engine.kemet.cards import CREATURE_ID
from engine.kemet.core import controller
from engine.kemet.describe import describe as say
from engine.kemet.setup import Setup
from engine.kemet.state import NONE

OFF_STRATEGY, DEF_STRATEGY, DIVINE_WOUND = 5, 22, 10
ACT_OF_GOD, DIVINE_WILL, HAND_OF_GOD, REINFORCEMENTS = 15, 30, 40, 28


def _beast(state, name: str, space: str):  # type: ignore[no-untyped-def]
    creatures = list(state.creatures)
    creatures[CREATURE_ID[name]] = sp(space)
    return arrange(state, check=False, creatures=tuple(creatures))


def _board(layout: dict[tuple[int, str], int], players: int = 4):  # type: ignore[no-untyped-def]
    return place_units(clear_board(empty_hands(day_one(players))), layout)


def _passes(state, after: int):  # type: ignore[no-untyped-def]
    """The Veto window answers "pass" for every other seat with cards."""
    k = state.order.index(after)
    seats = [*state.order[k + 1 :], *state.order[:k]]
    return ["pass"] * sum(1 for seat in seats if state.hands[seat])


def test_ruling_strategy_never_removes_a_special_card() -> None:
    s = arrange(day_one(4), levels=(1, 2, 1, *day_one(4).levels[3:]))
    s = play(checked(turn_of(s, 0)), "place red", "buy 5")
    assert s.phase == "strategy" and "remove B6" not in legal_texts(s)
    s = play(s, "remove B3")
    assert 6 in s.bhands[0] and s.bremoved[0] == (3,)
    s = play(s, "end")
    s = arrange(turn_of(s, 0), check=False, placed=False, levels=(1, 2, 2, *s.levels[3:]))
    s = play(s, "place blue", "buy 22")
    assert "remove B6" not in legal_texts(s) and "remove B7" not in legal_texts(s)


def test_ruling_both_sides_may_play_battle_di_cards() -> None:
    s = give_cards(_board({(0, "d12"): 2, (1, "T1"): 2}), 1, "BW")
    s = give_cards(s, 0, "WR")
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2", "go T1", "pass")
    assert "commit B1/B0 WR" in legal_texts(s)
    s = play(s, "commit B1/B0 WR")
    assert "commit B1/B0 BW" in legal_texts(s)


def test_ruling_veto_on_a_veto_and_cost_stays_paid() -> None:
    s = give_cards(_board({(1, "d12"): 2}), 0, "RF", "VE")
    s = give_cards(s, 1, "VE")
    s = checked(turn_of(s, 0))
    pp = s.pp[0]
    s = play(s, "di RF d12")
    assert s.phase == "veto" and s.actor == 1 and "veto" in legal_texts(s)
    s = play(s, "veto")
    assert s.phase == "veto" and s.actor == 0  # the card's player may veto the Veto
    s = play(s, "veto", *_passes(s, 0))
    assert s.units[1 * 42 + sp("d12")] == 1 and s.pp[0] == pp - 1  # Raining Fire stands
    t = give_cards(_board({(1, "d12"): 2}), 0, "RF")
    t = play(checked(turn_of(give_cards(t, 1, "VE"), 0)), "di RF d12", "veto")
    t = play(t, *_passes(t, 1))
    assert t.units[1 * 42 + sp("d12")] == 2 and t.pp[0] == pp - 1  # cancelled, still paid


def test_ruling_open_discards_is_a_table_option_default_face_down() -> None:
    setup = KEMET.deal(2, random.Random(1))
    assert not setup.open_discards
    assert KEMET.deal(2, random.Random(1), {"discards": "open"}).open_discards
    hidden = arrange(day_one(2), check=False, bhands=((2, 3, 4, 5), (2, 3, 4, 5)),
                     bdiscards=((0, 1), (0, 1)))  # fmt: skip
    assert view(hidden, 0).battle_discards[1] == ()
    shown = arrange(hidden, check=False, open_discards=True)
    assert view(shown, 0).battle_discards[1] == (0, 1)


def test_ruling_divine_wound_discards_only_their_number_is_public() -> None:
    s = give_tiles(_board({(0, "d12"): 2, (1, "T1"): 2}), 0, DIVINE_WOUND)
    s = give_cards(s, 0, "PR", "MT")
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2", "go T1", "commit B1/B0")
    s = play(s, "commit B1/B0")
    assert s.phase == "wound" and s.actor == 0
    before = s
    s = play(s, "wound PR")
    assert "Prayer" not in str(say(before, KEMET.parse_action("wound PR"), ["A", "B", "C", "D"]))
    seen = view(s, 1)
    assert seen.battle is not None and seen.battle.wound == (1, 0) and seen.hand_sizes[0] == 1
    s = play(s, "done")
    assert s.phase == "loser" and s.actor == 1  # 2+2+1 beats 2+2


def test_ruling_di_hand_size_does_not_drop_before_the_reveal() -> None:
    s = give_cards(_board({(0, "d12"): 2, (1, "T1"): 2}), 0, "WR", "BB")
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2", "go T1")
    s = play(s, "commit B1/B0 WR BB")
    assert s.hands[0] == () and view(s, 1).hand_sizes[0] == 2


def test_ruling_extra_tokens_lost_after_the_fifth_and_fresh_tokens_wait() -> None:
    s = arrange(day_one(4), levels=(1, 4, 1, *day_one(4).levels[3:]), pp=(11, 7, 7, 7))
    s = play(checked(turn_of(s, 0)), "place red", "buy 15")
    assert not any(t.startswith("silver") for t in legal_texts(s))  # bought this turn
    s = play(s, "end")
    s = turn_of(s, 0)
    s = arrange(s, check=False, placed=False)
    assert any(t.startswith("silver") for t in legal_texts(s))
    full = 1 << 1 | 1 << 3 | 1 << 6 | 1 << 8
    last = arrange(s, check=False, used=(full, *s.used[1:]), regular=(4, 4, 4, 4))
    last = play(last, "place pray2")
    assert not any(t.startswith("silver") for t in legal_texts(last))  # fifth placed: lost


def test_ruling_own_turn_cards_between_actions_and_move_cards_inside_a_move() -> None:
    s = give_cards(_board({(0, "d12"): 2}), 0, "PR", "OG")
    s = checked(turn_of(s, 0))
    assert "di PR" in legal_texts(s) and "di OG" not in legal_texts(s)
    raising = play(s, "place raise")
    assert not any(t.startswith("di") for t in legal_texts(raising))
    moving = play(s, "place move1")
    assert not any(t.startswith("di") for t in legal_texts(moving))  # no group yet
    moving = play(moving, "group d12 2")
    assert "di OG" in legal_texts(moving) and "di PR" not in legal_texts(moving)


def test_ruling_targets_named_when_played_and_enlistment_adds_0_to_2() -> None:
    s = checked(turn_of(give_cards(_board({(0, "d12"): 1}), 0, "EN"), 0))
    texts = [t for t in legal_texts(s) if t.startswith("di EN")]
    assert "di EN" in texts and "di EN d12" in texts and "di EN c1d1 d12" in texts
    s = play(s, "di EN d12 d12")  # nobody else holds a card: no window, it resolves
    assert s.units[sp("d12")] == 3 and s.reserve[0] == 9


def test_ruling_battle_di_paid_at_the_reveal() -> None:
    s = give_cards(_board({(0, "d12"): 2, (1, "T1"): 2}), 0, "WF")
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2", "go T1")
    pp = s.pp[0]
    s = play(s, "commit B1/B0 WF")
    assert s.pp[0] == pp
    s = play(s, "commit B1/B0")
    assert s.pp[0] == pp - 1


def test_ruling_windows_ask_every_seat_holding_a_card() -> None:
    s = give_cards(_board({}), 0, "PR")
    s = give_cards(s, 2, "WR")  # seat 2 holds a card, but no Veto
    s = play(checked(turn_of(s, 0)), "di PR")
    assert s.phase == "veto" and s.actor == 2 and legal_texts(s) == ["pass"]
    t = give_cards(_board({(0, "d12"): 2, (1, "T1"): 2}), 1, "WR")
    t = play(checked(turn_of(t, 0)), "place move1", "group d12 2", "go T1")
    assert t.phase == "escape" and legal_texts(t) == ["pass"]  # asked though it has no Escape


def test_ruling_drops_and_pick_ups_after_the_first_step_only() -> None:
    s = checked(turn_of(_board({(0, "d12"): 3, (0, "T1"): 1}), 0))
    s = play(s, "place move1", "group d12 3")
    assert not any(t.startswith(("drop", "pick")) for t in legal_texts(s))
    s = play(s, "go T1")
    assert "pick 1" in legal_texts(s)
    s = play(s, "drop 1")
    assert "pick 2" not in legal_texts(s) and "pick 1" in legal_texts(s)  # the dropped one stays
    assert controller(s, sp("T1")) == 0  # dropped units control at once


def test_ruling_teleporting_group_holds_the_pyramid_it_stands_on() -> None:
    s = checked(turn_of(_board({(1, "d12"): 2}), 1))
    s = play(s, "place move1", "group d12 2", "go c1d1")  # seat 0's level-1 white pyramid
    assert any(t.startswith("tp") for t in legal_texts(s))


def test_ruling_creature_picked_up_adds_no_mp_and_dropping_it_takes_none() -> None:
    s = give_tiles(_board({(0, "d12"): 1, (0, "T1"): 1}), 0, 8)
    s = _beast(s, "scarab", "T1")
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 1", "go T1", "pick 0+c")
    assert s.group is not None and s.group.mp == 0 and s.group.creature == CREATURE_ID["scarab"]


def test_ruling_no_teleport_onto_a_space_already_occupied_this_move() -> None:
    s = give_tiles(_board({(0, "c1d1"): 2}), 0, 7)
    s = play(checked(turn_of(s, 0)), "place move1", "group c1d1 2", "tp T1")
    assert "tp T2" in legal_texts(s) and "tp T1" not in legal_texts(s)


def test_ruling_phoenix_picked_up_ignores_walls_from_then_on() -> None:
    s = give_tiles(_board({(1, "d13"): 1, (1, "d12"): 1}), 1, 14)
    s = _beast(s, "phoenix", "d12")
    s = arrange(s, check=False, tiles=tuple(1 if t == 2 else o for t, o in enumerate(s.tiles)))
    s = play(checked(turn_of(s, 1)), "place move1", "group d13 1", "go d12")
    assert "go c1d1" not in legal_texts(s)
    s = play(s, "pick 0+c")
    assert "go c1d1" in legal_texts(s)


def test_ruling_defender_keeps_control_during_the_battle() -> None:
    s = _board({(0, "d12"): 2, (1, "T1"): 1})
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2", "go T1")
    assert s.phase == "commit" and controller(s, sp("T1")) == 1


def test_ruling_both_destroyed_attacker_places_its_creature_first() -> None:
    s = _board({(0, "d12"): 1, (0, "c1d1"): 1, (0, "c1d2"): 1, (1, "T1"): 1, (1, "c2d1"): 1,
                (1, "c2d2"): 1})  # fmt: skip
    s = give_tiles(give_tiles(s, 0, 8), 1, 21)
    s = _beast(_beast(s, "scarab", "d12"), "elephant", "T1")
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 1+c", "go T1")
    s = play(s, "commit B0/B1", "commit B0/B1")  # 3 damage each way: both wiped
    assert s.phase == "creature" and s.actor == 0
    assert sorted(legal_texts(s)) == ["creature c1d1", "creature c1d2"]
    s = play(s, "creature c1d2")
    assert s.phase == "creature" and s.actor == 1


def test_ruling_bought_creature_placed_at_once_where_the_buyer_picks() -> None:
    s = arrange(day_one(4), levels=(1, 1, 2, *day_one(4).levels[3:]))
    s = play(checked(turn_of(s, 0)), "place blue", "buy 21")
    assert s.phase == "creature" and len(legal_texts(s)) == 3
    s = play(s, "creature c1d3")
    assert s.creatures[CREATURE_ID["elephant"]] == sp("c1d3") and s.phase == "turn"


def test_ruling_beginners_game_plays_to_4_and_is_never_long() -> None:
    assert day_one(2, beginners=True).target == 4
    with pytest.raises(ValueError):
        day_one(2, beginners=True, length=10)
    assert Setup(players=2, length=10, beginners=True, cities=(1, 2), order=(0, 1),
                 deck=tuple(range(35)), keys=(tuple(range(35)),)).problem()  # fmt: skip


def test_ruling_night_powers_in_any_order_one_unit_at_a_time() -> None:
    from engine.kemet.core import Work
    from engine.kemet.flow import next_night_power

    s = give_tiles(_board({(0, "c1d1"): 1}), 0, HAND_OF_GOD, REINFORCEMENTS)
    w = Work(arrange(s, check=False, pos=-1))
    next_night_power(w)
    s = w.freeze()
    assert s.phase == "night" and s.actor == 0
    s = play(s, "reinforce c1d1", "hog r", "reinforce c1d2")
    assert not any(t.startswith("hog") for t in legal_texts(s))
    s = play(s, "reinforce c1d2", "reinforce c1d3")
    assert not any(t.startswith("reinforce") for t in legal_texts(s))  # four at most
    assert legal_texts(s) == ["done"]


def test_ruling_pray_cannot_be_declined_and_null_recruit_recruits_none() -> None:
    s = checked(turn_of(day_one(4), 0))
    prayed = play(s, "place pray2")
    assert prayed.phase == "turn" and prayed.pp[0] == s.pp[0] + 2
    none = play(s, "place recruit", "done")
    assert none.reserve == s.reserve and none.pp == s.pp


def test_ruling_moves_turns_wounds_and_nights_end_only_when_said() -> None:
    s = checked(turn_of(_board({(0, "d12"): 1}), 0))
    s = play(s, "place move1", "group d12 1", "go d13")
    assert s.phase == "move" and "stop" in legal_texts(s)  # 0 MP: the player still says stop
    s = play(s, "stop")
    assert s.phase == "turn" and s.actor == 0 and "end" in legal_texts(s)


def test_ruling_the_log_names_no_hidden_card() -> None:
    s = give_cards(_board({(0, "d12"): 2, (1, "T1"): 2}), 0, "WF")
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2", "go T1")
    text = str(say(s, KEMET.parse_action("commit B5/B0 WF"), ["A", "B", "C", "D"]))
    assert "War" not in text and "B5" not in text
    assert NONE == -1
