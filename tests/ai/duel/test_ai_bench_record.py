"""The AI benchmark's record: a long run spread over several sittings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ai_support import load_bench_script

bench = load_bench_script("ai_bench")
ARGS = ["--levels", "easy", "random", "--workers", "1", "--seed", "40"]


def _table_row(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("easy vs random"))


def test_a_recorded_run_plays_only_the_games_it_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "runs.jsonl"
    bench.main([*ARGS, "--games", "2", "--record", str(record)])
    first = [json.loads(line) for line in record.read_text().splitlines()]
    assert sorted((g["seed"], g["swapped"]) for g in first) == [(40, False), (40, True)]
    capsys.readouterr()

    # Asked for four games, the second sitting plays the two new ones only,
    # and its table counts all four.
    bench.main([*ARGS, "--games", "4", "--record", str(record)])
    out, err = capsys.readouterr()
    assert "2 games done before by this code" in err and "2 to play" in err
    assert "/4" in _table_row(out)
    assert len(record.read_text().splitlines()) == 4


def test_a_line_cut_by_a_killed_run_costs_only_its_own_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "runs.jsonl"
    bench.main([*ARGS, "--games", "2", "--record", str(record)])
    lines = record.read_text().splitlines()
    record.write_text(lines[0] + "\n" + lines[1][:25])  # killed while writing
    capsys.readouterr()

    bench.main([*ARGS, "--games", "2", "--record", str(record)])
    out, err = capsys.readouterr()
    assert "runs.jsonl:2: not a game record; skipped" in err
    assert "1 games done before by this code" in err and "1 to play" in err
    assert "/2" in _table_row(out)
    # The cut line was closed, so the replayed game has a line of its own.
    assert len([json.loads(x) for x in record.read_text().splitlines()[2:]]) == 1


def test_games_of_other_settings_are_not_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "runs.jsonl"
    bench.main([*ARGS, "--games", "2", "--record", str(record)])
    capsys.readouterr()
    bench.main([*ARGS, "--games", "2", "--budget", "0.3", "--record", str(record)])
    _, err = capsys.readouterr()
    assert "0 games done before by this code" in err and "2 to play" in err


def test_games_of_other_code_are_not_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "runs.jsonl"
    bench.main([*ARGS, "--games", "2", "--record", str(record)])
    capsys.readouterr()
    monkeypatch.setattr(bench, "players_digest", lambda: "changed")
    bench.main([*ARGS, "--games", "2", "--record", str(record)])
    out, err = capsys.readouterr()
    assert "0 games done before by this code (changed), 2 to play" in err
    assert "/2" in _table_row(out)


def test_a_line_that_is_not_text_is_skipped_not_fatal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "runs.jsonl"
    bench.main([*ARGS, "--games", "2", "--record", str(record)])
    first, second = record.read_bytes().splitlines()
    record.write_bytes(first + b"\n\xff\xfe\x00 damaged\n" + second + b"\n")
    capsys.readouterr()

    bench.main([*ARGS, "--games", "2", "--record", str(record)])
    _, err = capsys.readouterr()
    assert "runs.jsonl:2: not a game record; skipped" in err
    assert "2 games done before by this code" in err and "0 to play" in err
