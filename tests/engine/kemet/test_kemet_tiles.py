"""The power tiles, creatures and DI cards of KEMET.md sections 10, 11 and 13."""

from __future__ import annotations

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

from engine.kemet.cards import CREATURE_ID
from engine.kemet.core import Work
from engine.kemet.day import recruit_cost
from engine.kemet.flow import start_night
from engine.kemet.forces import values
from engine.kemet.moving import teleport_cost


def _board(layout: dict[tuple[int, str], int]):  # type: ignore[no-untyped-def]
    return place_units(clear_board(empty_hands(day_one(4))), layout)


def _fight(state, attack: str, defend: str):  # type: ignore[no-untyped-def]
    """Seat 0 moves everything from d12 into T1, held by seat 1; both commit."""
    units = state.units[sp("d12")]
    s = play(checked(turn_of(state, 0)), "place move1", f"group d12 {units}", "go T1")
    return play(s, attack, defend)


def test_night_prayer_points_and_draws() -> None:
    s = give_tiles(day_one(4), 0, 37, 45)  # High Priest, Priest of Amon
    s = give_tiles(s, 1, 39, 46)  # Divine Boon, The Mummy
    w = Work(arrange(s, check=False, pp=(0, 0, 0, 0), day=1))
    hands = [len(h) for h in s.hands]
    start_night(w)
    assert w.pp[:2] == (9, 2)
    assert len(w.hands[1]) == hands[1] + 3 and len(w.hands[0]) == hands[0] + 1


def test_priest_pray_and_scribe_and_stargate_costs() -> None:
    s = checked(turn_of(give_tiles(day_one(4), 0, 32), 0))
    assert play(s, "place pray2").pp[0] == s.pp[0] + 3
    assert recruit_cost(give_tiles(s, 0, 16), 0, 3) == 1
    assert teleport_cost(s, 0) == 2 and teleport_cost(give_tiles(s, 0, 3, 44), 0) == 0


def test_battle_tiles_add_up() -> None:
    from msgspec.structs import replace

    s = _board({(0, "d12"): 2, (1, "T1"): 2})
    s = give_tiles(s, 0, 0, 4, 9)  # Charge!, Carnage, Blades of Neith
    s = give_tiles(s, 1, 18, 24)  # Defense!, Shield of Neith
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2", "go T1")
    assert s.battle is not None
    shown = replace(s.battle, played=(2, 2), discarded=(0, 0), revealed=True)
    attacker, defender = values(s, shown)
    assert attacker == (2 + 2 + 1 + 1, 2 + 1, 1)  # Charge!, Blades; Carnage
    assert defender == (2 + 2 + 1, 2, 1 + 1)  # Defense!; Shield of Neith


def test_holy_war_and_crusade() -> None:
    s = give_tiles(_board({(0, "d12"): 4, (1, "T1"): 2}), 0, 42, 38)
    s = arrange(s, check=False, pp=(3, 7, 7, 7))
    s = _fight(s, "commit B0/B1", "commit B1/B0")  # 4+1 beats 2+2; 3 damage - 2 protection
    assert s.pp[0] == 3 + 4 + 2  # Holy War, and Crusade for the one unit killed


def test_the_snake_cancels_the_other_creature() -> None:
    s = _board({(0, "d12"): 2, (1, "T1"): 2})
    s = give_tiles(give_tiles(s, 0, 23), 1, 12)
    creatures = list(s.creatures)
    creatures[CREATURE_ID["snake"]] = sp("d12")
    creatures[CREATURE_ID["scorpion"]] = sp("T1")
    s = arrange(s, creatures=tuple(creatures))
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2+c", "go T1")
    s = play(s, "commit B5/B0", "commit B5/B0")  # 2+4 against 2+4 (Scorpion absent)
    assert s.phase == "loser" and s.actor == 0  # a tie: the defender wins


def test_initiative_in_a_recruitment_battle() -> None:
    s = give_tiles(_board({(1, "c1d1"): 3}), 0, 13)
    s = play(checked(turn_of(s, 0)), "place recruit", "recruit c1d1", "done")
    assert s.phase == "commit" and s.units[1 * 42 + sp("c1d1")] == 1


def test_mana_theft_prayer_and_teleportation() -> None:
    s = give_cards(_board({(0, "c1d1"): 2, (1, "T1"): 1}), 0, "MT", "PR", "TP")
    s = checked(turn_of(arrange(s, check=False, pp=(5, 0, 3, 3)), 0))
    s = play(s, "di MT")
    assert s.pp == (6, 0, 2, 2)
    s = play(s, "di PR")
    assert s.pp[0] == 8
    s = play(s, "place move1", "group c1d1 2", "di TP T1")
    assert s.pp[0] == 7 and s.battle is not None and s.battle.space == sp("T1")


def test_escape_vetoed_means_battle() -> None:
    s = give_cards(_board({(0, "d12"): 2, (1, "T1"): 1}), 1, "ES")
    s = give_cards(s, 2, "VE")
    s = play(checked(turn_of(s, 0)), "place move1", "group d12 2", "go T1", "escape d13")
    assert s.phase == "veto" and s.actor == 2
    s = play(s, "veto")
    s = play(s, *["pass"] * (1 if s.phase == "veto" and s.actor == 1 else 0))
    assert s.phase == "commit" and s.units[1 * 42 + sp("T1")] == 1


def test_hand_of_god_may_place_a_level_0_pyramid() -> None:
    from engine.kemet.flow import next_night_power

    s = day_one(4, pyr="pyr w2/1 r1/2 b0/3")
    w = Work(arrange(give_tiles(s, 0, 40), check=False, pos=-1))
    next_night_power(w)
    s = play(w.freeze(), "hog b")
    assert s.levels[:3] == (2, 1, 1)
    assert "hog b" not in legal_texts(s)
