"""Opening one fresh store from several connections at once: every one opens it."""

from __future__ import annotations

import threading
from pathlib import Path

from match.seats import Seat
from match.store import Store


def test_connections_opening_a_fresh_store_at_once_all_open_it(tmp_path: Path) -> None:
    failures: list[str] = []
    for round_ in range(25):
        path = tmp_path / f"games-{round_}.sqlite3"
        start = threading.Barrier(6)

        def open_and_write(path: Path = path, start: threading.Barrier = start) -> None:
            start.wait()
            try:
                with Store.open(path) as store:
                    store.create_game(b'{"seed":1}', (Seat(name="A"), Seat(name="B")), kind="duel")
            except Exception as exc:  # any failure at all, not only the store's
                failures.append(repr(exc))

        threads = [threading.Thread(target=open_and_write) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert failures == []
