"""The app's game store: opened when first needed, and tried again after a fault.

The start screen draws before the store is opened (from a thread), and a store
that cannot be used (a read-only or missing data folder, a full disk) leaves
the app playable with games not kept; see :class:`StoreApp`.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from textual.app import App

from tui import files
from tui.i18n import _, tr, tr_error

if TYPE_CHECKING:
    from match.store import Store


class StoreApp(App[None]):
    """The part of :class:`tui.app.ImhotepApp` that holds the game store."""

    #: The player id of the person at this keyboard.
    me: str

    def keep_store(self, store: Store | None, store_problem: str | None) -> None:
        """Use ``store``; without one (and without a ``store_problem`` saying
        why there is none) the data folder's store is opened when first needed."""
        self.store_problem = store_problem
        self._store = store
        self._store_lock = threading.Lock()
        self._problem_shown = False
        self._store_opened = store is not None or store_problem is not None

    @property
    def store(self) -> Store | None:
        """The game store; None (and why, in store_problem) if it cannot be used."""
        with self._store_lock:  # the start screen opens it from a thread
            if not self._store_opened:
                self._store = self._open_store()
                self._store_opened = True
        return self._store

    @property
    def open_store(self) -> Store | None:
        """The game store if it is open by now (never opened here: the start
        screen opens it away from the screen's thread)."""
        return self._store if self._store_opened else None

    def retry_store(self) -> Store | None:
        """The game store, trying the data folder's again if it could not be
        opened before (a read-only or missing folder, a full disk: the fault
        may be gone by now). Cheap when it fails: opening only reads."""
        with self._store_lock:
            if self._store is None and self._store_opened:
                problem, self.store_problem = self.store_problem, None
                self._store = self._open_store()
                if self._store is None and self.store_problem is None:
                    self.store_problem = problem
        return self._store

    def _open_store(self) -> Store | None:
        """The data folder's game store; None (and why, in store_problem) if it
        cannot be used. Games of earlier versions are brought in on the way."""
        from match import service
        from match.store import StoreError

        try:
            store = service.open_store(files.store_path())
        except service.Unavailable as exc:
            self.store_problem = exc.reason
            return None
        from match.legacy import bring_in, waiting_files

        try:
            if waiting_files(store):
                imported = bring_in(store, me=self.me)
                for problem in imported.problems:
                    self.log.warning(f"not brought into the store: {problem}")
        except StoreError as exc:
            self.store_problem = exc.reason
        return store

    def unfinished_games(self) -> list[Any]:
        """This player's games in progress, most recent first."""
        if self.store is None:
            return []
        from match.store import StoreError

        try:
            return self.store.games(owner=self.me, statuses=("open", "playing"))
        except StoreError as exc:
            self.notify(tr_error(exc), severity="error", markup=False)
            return []

    def can_continue(self) -> bool:
        """Whether there is a game to continue (opening the store if need be)."""
        games = bool(self.unfinished_games())
        self.show_store_problem()
        return games

    def show_store_problem(self) -> None:
        """Say once, if the store cannot be used, that games are not kept."""
        if self.store is None and self.store_problem and not self._problem_shown:
            self._problem_shown = True
            self.notify(
                _("Games are not being kept: {problem}").format(problem=tr(self.store_problem)),
                severity="warning",
                timeout=12,
                markup=False,
            )
