"""Helpers for the save tests: saves as version 1 wrote them, and the Duel's records."""

from __future__ import annotations

from pathlib import Path

import msgspec

from engine.duel import GameRecord, decode_record, encode_record
from match.saves import LoadedGame, SaveFile


def version_1_save(record: GameRecord, **fields: object) -> SaveFile:
    """A save as version 1 wrote it: the Duel's record, before saves named their game."""
    return SaveFile(version=1, record=msgspec.Raw(msgspec.json.encode(record)), **fields)  # type: ignore[arg-type]


def record_of(loaded: LoadedGame) -> GameRecord:
    """The Duel's record inside a loaded save, as the file holds it."""
    return decode_record(bytes(loaded.save.record))


def write_record(path: Path, record: GameRecord) -> Path:
    """``record`` exported as the Duel writes its records (what export_record writes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(encode_record(record))
    return path
