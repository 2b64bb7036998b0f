"""The data tables against KEMET.md sections 3 and 10-13."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.kemet.board import LAYOUTS, SIDE_24, SIDE_35, SPACE_ID, SPACE_NAMES
from engine.kemet.cards import (
    BATTLE_CARDS,
    CREATURES,
    DI_CARDS,
    DI_COUNTS,
    DI_KIND_OF,
    DI_KINDS,
    TILES,
)


def _names(spaces: object) -> set[str]:
    return {SPACE_NAMES[s] for s in spaces}  # type: ignore[attr-defined]


def test_link_counts_of_both_sides() -> None:
    assert (len(SIDE_24.land), len(SIDE_24.harbour)) == (43, 3)
    assert (len(SIDE_35.land), len(SIDE_35.harbour)) == (55, 4)
    links = {n: sum(map(len, lay.neighbours)) // 2 for n, lay in LAYOUTS.items()}
    assert links[4] == 46 and links[5] == 59


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_links_are_symmetric_and_in_play(players: int) -> None:
    lay = LAYOUTS[players]
    for a, near in enumerate(lay.neighbours):
        for b in near:
            assert a in lay.neighbours[b]
            assert a in lay.in_play and b in lay.in_play


@pytest.mark.parametrize(("small", "big"), [(2, 4), (3, 5)])
def test_small_graphs_are_induced_subgraphs(small: int, big: int) -> None:
    few, many = LAYOUTS[small], LAYOUTS[big]
    for a in few.in_play:
        assert set(few.neighbours[a]) == {b for b in many.neighbours[a] if b in few.in_play}


def test_data_corrections_of_section_3_4() -> None:
    def near(players: int, a: str, b: str) -> bool:
        return SPACE_ID[b.lower()] in LAYOUTS[players].neighbours[SPACE_ID[a.lower()]]

    assert not near(4, "d18", "d15")
    assert not near(5, "d9", "d6")
    assert near(5, "d7", "d9")
    assert near(4, "d15", "T3") and near(5, "d6", "T3")
    assert near(3, "d11", "T6") and not near(2, "d15", "d16")


def test_spaces_in_play_per_player_count() -> None:
    assert _names(LAYOUTS[2].in_play) == {
        *(f"c{c}d{d}" for c in (1, 2) for d in (1, 2, 3)),
        "d12", "d13", "d14", "d15", "d20", "T1", "T2", "T5",
    }  # fmt: skip
    assert _names(LAYOUTS[3].in_play) == {
        *(f"c{c}d{d}" for c in (1, 2, 5) for d in (1, 2, 3)),
        *(f"d{k}" for k in range(1, 7)), "d11", "T1", "T2", "T6", "sanctuary",
    }  # fmt: skip
    assert len(LAYOUTS[4].in_play) == 26 and len(LAYOUTS[5].in_play) == 32


def test_obelisks_temples_and_delta() -> None:
    assert _names(SIDE_24.obelisks) == {"d13", "d17", "T1", "T2", "T3", "T4", "T5"}
    assert _names(SIDE_35.obelisks) == {
        "d2", "d4", "d8", "T1", "T2", "T3", "T4", "T6", "sanctuary",
    }  # fmt: skip
    pp = {SPACE_NAMES[t]: v for t, v in SIDE_24.temple_pp.items()}
    assert pp == {"T1": 2, "T2": 3, "T3": 3, "T4": 2, "T5": 5}
    assert SPACE_NAMES[SIDE_24.delta] == "T5" and SPACE_NAMES[SIDE_35.delta] == "T6"
    # Example 12: the delta is cut off from the rest of the board.
    assert _names(LAYOUTS[4].neighbours[SPACE_ID["t5"]]) == {"d20"}
    assert _names(LAYOUTS[5].neighbours[SPACE_ID["t6"]]) == {"d11"}


def test_tiles_colours_levels_and_costs() -> None:
    assert len(TILES) == 48
    per = Counter((t.colour, t.level) for t in TILES)
    assert set(per.values()) == {4} and len(per) == 12
    effects = Counter(t.effect for t in TILES)
    assert effects["charge"] == effects["defense"] == effects["priest"] == 2
    assert effects["act_of_god"] == effects["victory_point"] == 3


def test_creatures_section_11() -> None:
    table = {c.name: (c.strength, c.protection, c.damage, c.move) for c in CREATURES}
    assert table == {
        "scarab": (2, 0, 0, 2),
        "scorpion": (2, 0, 2, 1),
        "phoenix": (2, 0, 0, 1),
        "elephant": (1, 1, 0, 1),
        "snake": (0, 0, 0, 1),
        "sphinx": (2, 0, 0, 0),
        "mummy": (2, 0, 0, 1),
    }
    assert all(TILES[c.tile].effect.endswith(c.name) for c in CREATURES)


def test_battle_cards_section_12() -> None:
    assert BATTLE_CARDS[4] == (3, 0, 2) and BATTLE_CARDS[1] == (2, 2, 0)
    assert BATTLE_CARDS[6] == (3, 0, 3) and BATTLE_CARDS[7] == (3, 3, 0)


def test_di_cards_section_13() -> None:
    assert DI_CARDS == 35 == sum(DI_COUNTS)
    costs = {k.code: k.cost for k in DI_KINDS}
    assert costs == {
        "WR": 0, "WF": 1, "BB": 0, "BL": 1, "BW": 0, "IW": 1, "RF": 1,
        "PR": 0, "EN": 0, "MT": 0, "TP": 1, "OG": 1, "VE": 0, "ES": 0,
    }  # fmt: skip
    assert Counter(DI_KIND_OF)[DI_KINDS.index(next(k for k in DI_KINDS if k.code == "VE"))] == 2
