"""The worked examples of KEMET.md section 17, one test each."""

from __future__ import annotations

from kemet_support import (
    arrange,
    checked,
    clear_board,
    day_one,
    empty_hands,
    give_cards,
    give_tiles,
    home,
    legal_texts,
    place_units,
    play,
    sp,
    turn_of,
)

from engine.kemet import legal_actions, score
from engine.kemet.cards import CREATURE_ID
from engine.kemet.core import Work
from engine.kemet.day import raise_cost, tile_cost
from engine.kemet.flow import fewest_vp, winner_of
from engine.kemet.state import NONE

JAKAB, GYULA = 0, 1
CHARGE, BLADES, ELEPHANT_TILE = 0, 9, 21


def _creature_at(state, name: str, space: str):  # type: ignore[no-untyped-def]
    creatures = list(state.creatures)
    creatures[CREATURE_ID[name]] = sp(space)
    return arrange(state, check=False, creatures=tuple(creatures))


def test_example_1_battle() -> None:
    s = clear_board(empty_hands(day_one(4)))
    s = place_units(s, {(JAKAB, "d12"): 5, (GYULA, "T1"): 4})
    s = give_tiles(s, JAKAB, CHARGE, BLADES)
    s = give_tiles(s, GYULA, ELEPHANT_TILE)
    s = _creature_at(s, "elephant", "T1")
    s = give_cards(s, GYULA, "BW", "WF")
    s = checked(turn_of(s, JAKAB))
    gyula_pp = s.pp[GYULA]
    s = play(s, "place move1", "group d12 5", "go T1")
    assert s.phase == "escape" and s.actor == GYULA
    s = play(s, "pass")
    assert s.phase == "commit" and s.actor == JAKAB
    s = play(s, "commit B4/B0")
    assert s.actor == GYULA
    s = play(s, "commit B1/B0 WF BW")
    from engine.kemet.forces import values

    # After the reveal: Jakab 10 strength, 2 damage; Gyula 9 strength, 4 protection.
    assert s.battle is not None and s.battle.winner == 0
    assert values(s, s.battle)[0][0] == 10 and values(s, s.battle)[1] == (9, 0, 4)
    assert s.units[JAKAB * 42 + sp("T1")] == 5 and s.units[GYULA * 42 + sp("T1")] == 4
    assert s.vp[JAKAB] == 1 and s.bvp[JAKAB] == 1
    assert s.pp[GYULA] == gyula_pp - 1
    assert s.phase == "loser" and s.actor == GYULA
    s = play(s, "recall")
    assert s.pp[GYULA] == gyula_pp - 1 + 4
    assert s.reserve[GYULA] == 12 and s.creatures[CREATURE_ID["elephant"]] == NONE
    assert s.phase == "winner" and s.actor == JAKAB
    s = checked(play(s, "stay"))
    assert score(s)[JAKAB].temporary == 1 and s.phase == "turn"


def test_example_2_klaris_move() -> None:
    s = clear_board(empty_hands(day_one(4)))
    s = place_units(s, {(0, "c1d1"): 2})
    s = give_tiles(s, 0, 2, 23)  # God Speed, Deep Desert Snake
    s = checked(turn_of(_creature_at(s, "snake", "c1d1"), 0))
    s = play(s, "place move1", "group c1d1 2+c")
    assert s.group is not None and s.group.mp == 3
    s = play(s, "go d12", "go d15")
    assert "go T3" in legal_texts(s)
    s = play(s, "go T3")
    assert s.group is not None and s.group.mp == 0
    # Or: teleport from the district holding her level-1 pyramid, for 2 PP.
    t = checked(turn_of(place_units(clear_board(day_one(4)), {(0, "c1d1"): 2}), 0))
    t = play(t, "place move1", "group c1d1 2")
    pp = t.pp[0]
    t = play(t, "tp T3")
    assert t.pp[0] == pp - 2 and t.group is not None and t.group.space == sp("T3")


def test_example_3_pyramid_costs() -> None:
    s = day_one(4)
    assert raise_cost(s, 0, 2, 3) == 3
    assert raise_cost(s, 0, 1, 3) == 5
    assert raise_cost(s, 0, 0, 4) == 10
    slaves = give_tiles(s, 0, 36)
    assert raise_cost(slaves, 0, 1, 3) == 3
    assert raise_cost(give_tiles(slaves, 0, 44), 0, 1, 3) == 2


def test_example_4_buying() -> None:
    s = day_one(4)
    s = arrange(s, levels=(1, 1, 3, *s.levels[3:]))
    assert tile_cost(s, 0, 24) == 3
    assert tile_cost(give_tiles(s, 0, 34), 0, 24) == 2
    assert tile_cost(give_tiles(s, 0, 34, 44), 0, 24) == 1
    s = checked(turn_of(s, 0))
    s = play(s, "place blue")
    assert "buy 24" in legal_texts(s)
    low = checked(turn_of(day_one(4), 0))
    assert "buy 24" not in legal_texts(play(low, "place blue"))


def test_example_5_three_actions_in_one_turn() -> None:
    s = checked(turn_of(give_tiles(day_one(4), 0, 15, 30), 0))
    pp = s.pp[0]
    s = play(s, "place pray2")
    assert s.pp[0] == pp + 2
    s = play(s, "silver raise", "skip", "gold move", "skip", "end")
    assert s.actor != 0 and s.used[0] & 0b1000101001 == 0b101001 | 1 << 0


def test_example_6_night_draws_with_vision() -> None:
    from engine.kemet.flow import start_night

    s = give_tiles(day_one(4), 0, 41, 39, 46)
    s = arrange(s, check=False, order=(0, 1, 2, 3), day=1)
    w = Work(s)
    before = len(s.hands[0])
    start_night(w)
    assert w.phase == "vision" and w.actor == 0 and len(w.shown) == 5
    s = play(w.freeze(), f"keep {legal_texts(w.freeze())[0].split()[1]}")
    assert len(s.hands[0]) == before + 3


def test_example_7_turn_order_chooser() -> None:
    a, b, c = 0, 1, 2
    s = arrange(day_one(3), check=False, vp=(3, 1, 1), order=(c, a, b))
    assert fewest_vp(Work(s)) == c


def test_example_8_row_rule() -> None:
    s = turn_of(day_one(4), 0)
    row3 = 1 << 6 | 1 << 7  # two tokens in row 3
    s = arrange(s, check=False, used=(row3, *s.used[1:]), regular=(2, 2, 2, 2))
    assert {f"place {k}" for k in ("move1", "recruit", "raise", "move2", "pray2", "blue")} <= set(
        legal_texts(s)
    )
    s = play(s, "place blue", "skip", "end")
    s = turn_of(s, 0)
    s = arrange(s, check=False, regular=(3, 3, 3, 3))
    texts = legal_texts(s)
    assert "place pray3" not in texts and "place move1" in texts and "place raise" in texts


def test_example_9_walls() -> None:
    base = clear_board(empty_hands(day_one(4)))
    s = checked(turn_of(place_units(base, {(1, "d12"): 2}), 1))
    s = play(s, "place move1", "group d12 2")
    assert "go c1d2" in legal_texts(s)
    s = checked(turn_of(place_units(base, {(1, "d13"): 2}), 1))
    s = play(s, "place move1", "group d13 2")
    s = arrange(s, check=False, group=s.group and s.group.__class__(*(
        *[getattr(s.group, f) for f in ("space", "units", "creature")], 3,
        *[getattr(s.group, f) for f in ("bonus", "moved", "gates", "visited", "dropped",
                                        "dropped_creature")],
    )))  # fmt: skip
    s = play(s, "go d12")
    assert "go c1d2" not in legal_texts(s)
    gates = play(give_tiles(s, 1, 6), "stop")
    assert gates.phase == "turn"
    assert "go c1d2" in legal_texts(give_tiles(s, 1, 6))
    s = give_cards(arrange(s, check=False, pp=(7, 7, 7, 7)), 1, "OG")
    s = play(s, "di OG", *["pass"] * sum(1 for k in (2, 3, 0) if s.hands[k]))
    assert s.phase == "move" and "go c1d2" in legal_texts(s)


def test_example_10_end_of_day() -> None:
    def ending(t5: int) -> tuple[int, int, int]:
        s = clear_board(empty_hands(day_one(4)))
        s = place_units(s, {(0, "T1"): 2, (0, "T5"): t5})
        full = 1 << 1 | 1 << 3 | 1 << 6 | 1 << 7 | 1 << 8
        s = arrange(
            s, check=False, used=(full,) * 4, regular=(5,) * 4, pos=3, actor=3, placed=True,
            pp=(0, 7, 7, 7),
        )  # fmt: skip
        s = checked(s)
        pp, vp = s.pp[0], s.vp[0]
        s = play(s, "end")
        assert s.phase == "delta" and s.actor == 0
        s = play(s, "sacrifice")
        return s.pp[0] - pp, s.vp[0] - vp, s.units[sp("T5")]

    # +5 (Delta), +2 (T1), and the next Night's +2 follows at once.
    assert ending(1) == (5 + 2 + 2, 0, 0)
    assert ending(2) == (5 + 2 + 2, 1, 1)


def test_example_11_retreat_impossible() -> None:
    s = clear_board(empty_hands(day_one(4)))
    s = checked(turn_of(place_units(s, {(0, "d15"): 3, (1, "T2"): 1}), 0))
    s = play(s, "place move1", "group d15 2", "go T2", "commit B5/B0", "commit B1/B0")
    # Attacker 2+4 = 6 against 1+2 = 3: the defender loses, d15 is held: recall.
    assert s.phase == "winner" and s.actor == 0
    assert s.units[1 * 42 + sp("T2")] == 0 and s.reserve[1] == 12


def test_example_12_delta() -> None:
    s = clear_board(empty_hands(day_one(4)))
    s = checked(turn_of(place_units(s, {(0, "c1d1"): 2}), 0))
    s = play(s, "place move1", "group c1d1 2", "tp T5")
    texts = legal_texts(s)
    assert [t for t in texts if t.startswith(("go", "tp"))] == ["go d20"]
    assert any(t.startswith("tp") for t in legal_texts(give_tiles(s, 0, 7)))


def test_example_13_victory() -> None:
    s = arrange(day_one(3), check=False, vp=(8, 8, 6), bvp=(2, 3, 0))
    s = clear_board(s)
    assert winner_of(Work(s)) == 1
    assert winner_of(Work(arrange(s, check=False, vp=(9, 8, 6)))) == 0


def test_home_helper_names_the_seats_city() -> None:
    s = day_one(4)
    assert home(0, 0, s) == sp("c1d1") and home(3, 2, s) == sp("c4d3")
    assert legal_actions(s)
