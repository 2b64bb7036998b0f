"""bench/builders_ai.py: the Builders tables of ai_bench play whole games and count fairly."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def _bench_script(name: str) -> ModuleType:
    # bench/ is a folder of scripts, not a package; builders_ai imports ismcts beside it.
    folder = Path(__file__).resolve().parents[3] / "bench"
    sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


bench = _bench_script("builders_ai")


@pytest.mark.parametrize(("seats", "place"), [(2, 1), (3, 0), (4, 2)])
def test_a_game_against_the_baseline_gives_a_share_and_times(seats: int, place: int) -> None:
    task = bench.Task(("hard", "baseline"), seats, 11, place, 0.005, 0.005)
    result = bench.play(task)
    assert 0.0 <= result.share <= 1.0
    assert result.share in (0.0, 1.0, 0.5, 1 / 3, 0.25)
    assert set(result.times) == {"hard", "baseline"}
    assert result.times["hard"] and result.times["baseline"]


def test_the_interval_holds_the_share() -> None:
    low, high = bench.wilson(7.5, 10)
    assert low < 0.75 < high
    assert bench.wilson(0, 0) == (0.0, 1.0)


def test_a_pairing_names_two_different_players() -> None:
    assert bench._pairing("hard:baseline") == ("hard", "baseline")
    for bad in ("hard", "hard:hard", "hard:grandmaster"):
        with pytest.raises(Exception, match="pairing"):
            bench._pairing(bad)


def test_the_schedule_takes_each_table_in_turn() -> None:
    pairing = ("hard", "baseline")
    tasks = bench.schedule([2, 3, 4], [pairing], 12, 100, 0.1, 0.1)
    assert len(tasks) == 12 * 3
    # Stopped after the first 15 games, each table has played 5 of them.
    first = [task.seats for task in tasks[:15]]
    assert [first.count(seats) for seats in (2, 3, 4)] == [5, 5, 5]
    # Each deal is still played once from every seat.
    for seats in (2, 3, 4):
        mine = [(t.seed, t.place) for t in tasks if t.seats == seats]
        assert sorted(mine) == [(100 + d, p) for d in range(12 // seats) for p in range(seats)]
