"""Names chosen by the visitors of an open server, kept by their key's id."""

from __future__ import annotations

import logging
from pathlib import Path

import msgspec

from tui import files

log = logging.getLogger("imhotep.server")


class NameBook:
    """player id -> chosen name, in one small JSON file written atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._names: dict[str, str] = {}
        try:
            raw = msgspec.json.decode(files.read_bytes(path, limit=4 * 1024 * 1024))
        except files.StorageError:
            raw = {}
        except msgspec.DecodeError:
            log.warning("%s is damaged; visitors will choose their names again", path)
            raw = {}
        if isinstance(raw, dict):
            self._names = {
                k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, str)
            }

    def name_of(self, player: str) -> str | None:
        return self._names.get(player)

    def taken(self, name: str, by_other_than: str) -> bool:
        folded = name.casefold()
        return any(
            other.casefold() == folded for pid, other in self._names.items() if pid != by_other_than
        )

    def choose(self, player: str, name: str) -> None:
        """Record ``name`` for ``player``; StorageError if it cannot be written."""
        names = {**self._names, player: name}
        files.atomic_write(self.path, msgspec.json.encode(names))
        self._names = names
