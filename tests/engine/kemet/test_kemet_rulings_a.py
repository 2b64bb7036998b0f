"""One test per Ruling of KEMET.md sections 1-9, each named for it."""

from __future__ import annotations

import pytest
from kemet_support import (
    arrange,
    checked,
    clear_board,
    day_one,
    empty_hands,
    fresh,
    give_cards,
    give_tiles,
    legal_texts,
    place_units,
    play,
    sp,
    turn_of,
)

from engine.kemet import score, view
from engine.kemet.board import LAYOUTS
from engine.kemet.cards import CREATURE_ID
from engine.kemet.core import Work, controller, held_pyramids
from engine.kemet.flow import draw
from engine.kemet.setup import dealt, new_game
from engine.kemet.state import NONE

LEGION, INITIATIVE, DEF_VICTORY, PRESCIENCE = 20, 13, 25, 26
SCARAB = CREATURE_ID["scarab"]


def _beast(state, name: str, space: str):  # type: ignore[no-untyped-def]
    creatures = list(state.creatures)
    creatures[CREATURE_ID[name]] = sp(space)
    return arrange(state, check=False, creatures=tuple(creatures))


def _board(layout: dict[tuple[int, str], int], players: int = 4):  # type: ignore[no-untyped-def]
    return place_units(clear_board(empty_hands(day_one(players))), layout)


def _end_of_day(state, pp=None):  # type: ignore[no-untyped-def]
    full = 1 << 1 | 1 << 3 | 1 << 6 | 1 << 7 | 1 << 8
    last = state.players - 1
    return checked(
        arrange(
            state,
            check=False,
            used=(full,) * state.players,
            regular=(5,) * state.players,
            pos=last,
            actor=state.order[last],
            placed=True,
            pp=pp or state.pp,
        )
    )


def test_ruling_vp_are_numbers_with_unlimited_supply() -> None:
    s = _board({(0, "sanctuary"): 4}, players=3)
    s = arrange(s, check=False, vp=(6, 0, 0))
    s = play(_end_of_day(s), "end", "sacrifice")
    assert s.vp[0] == 7  # a seventh permanent VP: no supply of tokens runs out


def test_ruling_pp_never_more_than_11() -> None:
    s = checked(turn_of(arrange(day_one(4), pp=(10, 7, 7, 7)), 0))
    s = play(s, "place pray2")
    assert s.pp[0] == 11
    s = play(s, "end")
    assert all(p <= 11 for p in s.pp)


def test_ruling_limits_troop_limit_creatures_and_legion() -> None:
    s = checked(turn_of(_board({(0, "d12"): 2, (0, "d13"): 4}), 0))
    s = play(s, "place move1", "group d12 2")
    assert "go d13" not in legal_texts(s)  # 6 units on d13 would break the limit of 5
    assert "go d13" in legal_texts(give_tiles(s, 0, LEGION))  # 7 with Legion
    s = checked(turn_of(_board({(0, "c1d1"): 5}), 0))
    s = play(s, "place recruit")
    assert "recruit c1d1" not in legal_texts(s) and "recruit c1d2" in legal_texts(s)


def test_ruling_data_correction_of_one_way_links() -> None:
    near = LAYOUTS[4].neighbours[sp("d18")]
    assert sp("d15") not in near and sp("d9") not in LAYOUTS[5].neighbours[sp("d6")]
    assert sp("d9") in LAYOUTS[5].neighbours[sp("d7")]


def test_ruling_cities_random_or_explicit() -> None:
    assert sorted(dealt(5, 3).cities) == [1, 2, 5]
    s = new_game(players=3, cities=(5, 1, 2), order=(0, 1, 2), deck=range(35), keys=[range(35)])
    assert s.cities == (5, 1, 2)
    with pytest.raises(ValueError):
        new_game(players=3, cities=(3, 1, 2), order=(0, 1, 2), deck=range(35), keys=[range(35)])


def test_ruling_pyramid_choices_for_all_before_units() -> None:
    s = fresh(3)
    for seat in (0, 1, 2):
        assert s.phase == "pyramids" and s.actor == seat
        s = play(s, "pyr w2/1 r1/2 b0/3")
    assert s.phase == "units" and s.actor == 0


def test_ruling_shuffle_keys_order_every_shuffle() -> None:
    key_a, key_b = tuple(reversed(range(35))), tuple(range(35))
    s = fresh(2, keys=(key_a, key_b))
    s = arrange(s, check=False, di_deck=(), di_discard=tuple(c for c in range(35) if c > 1))
    w = Work(s)
    assert draw(w, 2) == (34, 33)  # rebuilt by key 0 (k = 0 shuffles so far)
    w.di_discard, w.di_deck = w.di_deck, ()
    assert draw(w, 1) == (2,)  # the second shuffle follows key 1
    assert w.shuffles == 2


def test_ruling_first_round_begins_with_a_night() -> None:
    s = day_one(3)
    assert s.day == 1 and s.phase == "turn" and s.order == s.first_order
    assert s.pp == (7, 7, 7) and all(len(h) == 2 for h in s.hands)


def test_ruling_player_orders_the_placements_of_a_turn() -> None:
    s = checked(turn_of(give_tiles(day_one(4), 0, 15), 0))
    assert "end" not in legal_texts(s)  # not before the regular token
    s = play(s, "silver pray3")
    assert "end" not in legal_texts(s)
    s = play(s, "place pray2")
    assert "end" in legal_texts(s)


def test_ruling_null_action_uses_the_space() -> None:
    s = checked(turn_of(arrange(clear_board(day_one(4)), pp=(0, 7, 7, 7)), 0))
    s = play(s, "place white")
    assert legal_texts(s) == ["skip"]
    s = play(s, "skip")
    assert s.used[0] & 1 << 6 and s.phase == "turn"
    s = play(s, "end")
    s = checked(turn_of(s, 1))
    s = play(s, "place move1")
    assert legal_texts(s) == ["skip"]  # a player with no troop still uses the space


def test_ruling_sacrifices_optional_and_may_take_the_last_units() -> None:
    s = _board({(0, "T5"): 1, (0, "T1"): 1})
    s = _end_of_day(_beast(give_tiles(s, 0, 12), "scorpion", "T5"), pp=(0, 7, 7, 7))
    kept = play(s, "end", "pass")
    assert kept.vp[0] == 1  # declined: still two temples at step 4
    gone = play(s, "end", "sacrifice")
    assert gone.vp[0] == 0  # the emptied Delta temple no longer counts
    assert gone.creatures[CREATURE_ID["scorpion"]] == NONE


def test_ruling_raise_a_pyramid_whose_district_is_occupied() -> None:
    s = _board({(1, "c1d1"): 2})
    s = checked(turn_of(s, 0))
    assert (0, 1) in held_pyramids(s, 1) and (0, 1) not in held_pyramids(s, 0)
    s = play(s, "place raise")
    assert "raise w2" in legal_texts(s)


def test_ruling_recruit_battles_in_the_order_chosen() -> None:
    s = checked(turn_of(_board({(1, "c1d1"): 1, (2, "c1d2"): 1}), 0))
    s = play(s, "place recruit", "recruit c1d1", "recruit c1d2", "done")
    assert s.phase == "fight" and sorted(legal_texts(s)) == ["fight c1d1", "fight c1d2"]
    s = play(s, "fight c1d2")
    assert s.battle is not None and s.battle.space == sp("c1d2") and s.battle.sides == (0, 2)


def test_ruling_dropping_the_creature_lowers_movement_points() -> None:
    s = _beast(give_tiles(_board({(0, "c1d1"): 3}), 0, 8), "scarab", "c1d1")
    s = play(checked(turn_of(s, 0)), "place move1", "group c1d1 3+c")
    assert s.group is not None and s.group.mp == 3
    s = play(s, "go d12", "drop 1+c")
    assert s.group is not None and s.group.mp == 0  # 2 left, less the Scarab's 2


def test_ruling_move_goes_on_after_escape() -> None:
    s = give_cards(_board({(1, "d13"): 2, (2, "d12"): 1}), 2, "ES")
    s = give_tiles(s, 1, 2)  # God Speed: 2 MP
    s = play(checked(turn_of(s, 1)), "place move1", "group d13 2", "go d12")
    assert s.phase == "escape" and s.actor == 2
    s = play(s, "escape T1", *["pass"] * sum(1 for k in (3, 0, 1) if s.hands[k]))
    assert s.phase == "move" and s.actor == 1 and s.group is not None and s.group.mp == 1
    assert s.units[2 * 42 + sp("T1")] == 1
    assert "go c1d1" not in legal_texts(s)  # walls: it is no longer the first step


def test_ruling_one_player_per_space_after_battle_and_passing_controls_nothing() -> None:
    s = checked(turn_of(_board({(0, "d12"): 3}), 0))
    s = play(s, "place move1", "group d12 3", "go T1")
    assert controller(s, sp("T1")) == NONE and score(s)[0].temporary == 0
    s = play(s, "stop")
    assert score(s)[0].temporary == 1


def test_ruling_escape_then_initiative_then_cards_no_battle_no_vp() -> None:
    s = give_tiles(_board({(0, "d12"): 2, (1, "T1"): 2}), 0, INITIATIVE)
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2", "go T1")
    assert s.battle is None and s.phase == "move" and s.vp[0] == 0
    assert s.reserve[1] == 12


def test_ruling_commitments_in_order_hidden_until_the_reveal() -> None:
    s = arrange(_board({(0, "d12"): 2, (1, "T1"): 2}), check=False, pp=(0, 7, 7, 7))
    s = give_cards(s, 0, "WF", "WR")
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2", "go T1")
    texts = legal_texts(s)
    assert "commit B4/B0 WR" in texts and not any("WF" in t for t in texts)  # 0 PP
    s = play(s, "commit B4/B0 WR")
    seen = view(s, 1).battle
    assert seen is not None and seen.played == (NONE, NONE) and seen.di == ((), ())
    assert view(s, 1).hand_sizes[0] == 2  # the committed card still counts


def test_ruling_prescience_holder_commits_second_and_sees_the_played_card() -> None:
    s = give_tiles(_board({(0, "d12"): 2, (1, "T1"): 2}), 0, PRESCIENCE)
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2", "go T1")
    assert s.phase == "commit" and s.actor == 1  # the side without it first
    s = play(s, "commit B3/B0")
    seen = view(s, 0).battle
    assert seen is not None and seen.played == (NONE, 3) and seen.discarded == (NONE, NONE)


def test_ruling_defensive_victory_needs_a_survivor() -> None:
    s = give_tiles(_board({(0, "d12"): 1, (1, "T1"): 1}), 1, DEF_VICTORY)
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 1", "go T1")
    won = play(s, "commit B1/B0", "commit B5/B1")  # 1+2 against 1+4, no damage
    assert won.bvp[1] == 1 and won.vp[1] == 1
    lost_all = play(s, "commit B0/B1", "commit B5/B1")  # 3 damage kills the defender
    assert lost_all.bvp[1] == 0


def test_ruling_loser_decides_first_then_winner_and_space_may_empty() -> None:
    s = _board({(0, "d12"): 1, (1, "T1"): 2})
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 1", "go T1")
    s = play(s, "commit B0/B1", "commit B1/B0")  # defender 4 beats 3; attacker loses 0
    assert s.phase == "loser" and s.actor == 0
    s = play(s, "recall")
    assert s.phase == "winner" and s.actor == 1
    s2 = _board({(0, "d12"): 2, (1, "T1"): 1})
    s2 = play(checked(turn_of(s2, 0)), "place move1", "group d12 2", "go T1")
    s2 = play(s2, "commit B0/B1", "commit B5/B0")  # defender wins (5-3) but dies (3 damage)
    assert s2.phase == "loser" and s2.actor == 0
    s2 = play(s2, "recall")
    assert s2.phase == "turn" and controller(s2, sp("T1")) == NONE


def test_ruling_temporary_vp_derived_never_stored() -> None:
    s = _board({(0, "T1"): 1, (0, "T2"): 1})
    assert score(s)[0].temporary == 2 and s.vp[0] == 0
    s = arrange(s, levels=(1, 1, 4, *s.levels[3:]))
    assert score(s)[0].temporary == 3
    assert score(place_units(s, {(1, "c1d3"): 1}))[0].temporary == 2  # the occupier holds it


def test_ruling_recruit_battles_follow_one_another() -> None:
    s = checked(turn_of(_board({(1, "c1d1"): 1, (2, "c1d2"): 1}), 0))
    s = play(s, "place recruit", "recruit c1d1", "recruit c1d1", "recruit c1d2", "done")
    s = play(s, "fight c1d2", "commit B5/B0", "commit B1/B0")  # 1+4 beats 1+2
    assert s.phase == "loser" and s.actor == 2
    s = play(s, "recall", "stay")
    # The second battle starts by itself: only one is left.
    assert s.battle is not None and s.battle.space == sp("c1d1") and s.battle.sides == (0, 1)
    s = play(s, "commit B4/B3", "commit B1/B0", "recall", "stay")  # B5 and B0 are spent
    assert checked(s).phase == "turn" and s.actor == 0 and s.fights == ()
    assert s.vp[0] == s.bvp[0] == 2
