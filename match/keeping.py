"""Keeping a match's game in the store: each step as it is made.

Every write names the revision of the game it was made on, so a write made on
a game that changed elsewhere is refused (:class:`StaleWrite`) and the match
reloads. A store that fails is not the end of a game: the steps it has not
taken are counted (:attr:`Match.unsaved`) and written whole once it works
again, unless someone else changed the game meanwhile.
"""

from __future__ import annotations

from engine.message import msg
from match import presence
from match.events import Notice
from match.store import StaleWrite, Store, StoreError
from match.table import Table


class Keeper:
    """Writes one :class:`~match.match.Match` to its store."""

    def __init__(self, match: Table) -> None:
        self.match = match

    def _actions(self) -> list[tuple[str, int]]:
        """Every action of the history with the seat that took it, undone ones too."""
        match = self.match
        states = match.history.all_states
        return [
            (text, match.mover(states[ply])) for ply, text in enumerate(match.history.full_notation)
        ]

    def new_action(self) -> bool:
        """Write the latest action (and any step the store missed); False if
        the game changed elsewhere meanwhile."""
        match = self.match
        store, game_id = match.store, match.game_id
        if store is None:
            if match.store_problem is not None:
                match.unsaved += 1
            return True
        if game_id is None:
            return self.whole_game(store)
        if match.unsaved:
            match.unsaved += 1
            return self.catch_up(store, game_id)
        history = match.history
        ply = history.cursor - 1
        state = history.state

        def append() -> int:
            return store.append(
                game_id,
                ply,
                match.rules.format_action(history.actions[ply]),
                match.mover(history.states[ply]),
                revision=match.revision,
                summary=match.summary(state),
                over=match.over(state),
            )

        try:
            try:
                match.revision = append()
            except StaleWrite:
                if not self._only_seats_changed(store, game_id, ply):
                    return False
                match.revision = append()
        except StaleWrite:
            return False
        except StoreError as exc:
            match.unsaved = 1
            self.failed(exc)
            return True
        self.ok()
        return True

    def _only_seats_changed(self, store: Store, game_id: int, ply: int) -> bool:
        """After a refused write: whether the store still holds this history's
        line up to ``ply`` (someone took a seat, which changes the revision
        too). If so its revision is taken, as the line is the same."""
        match = self.match
        try:
            stored = store.game(game_id)
        except StoreError:
            return False
        written = tuple(map(match.rules.format_action, match.history.actions[:ply]))
        if stored.line != written:
            return False
        match.revision = stored.revision
        # The revision taken covers the seat change: follow it now, or it is
        # never seen (the next look finds the revision this write makes).
        match.follower.follow_seats(stored.seats, presence.live(stored.presence))
        return True

    def catch_up(self, store: Store, game_id: int) -> bool:
        """Write the whole game as played here over the store's, if no one else
        changed it since this process last wrote (False then)."""
        match = self.match
        history = match.history
        try:
            match.revision = store.replace_line(
                game_id,
                self._actions(),
                cursor=history.cursor,
                revision=match.revision,
                summary=match.summary(history.state),
                over=match.over(history.state),
            )
        except StaleWrite:
            match.unsaved = 0
            return False
        except StoreError as exc:
            self.failed(exc)
            return True
        match.unsaved = 0
        self.ok()
        return True

    def whole_game(self, store: Store) -> bool:
        """The first write of a game at one keyboard: the game and its moves."""
        match = self.match
        history = match.history
        try:
            game_id = store.create_game(
                match.encode_setup(),
                match.seats,
                kind=match.rules.kind,
                undo_mode=history.undo_mode,
                status="over" if match.over(history.state) else "playing",
                actions=self._actions(),
                cursor=history.cursor,
                hints=match.hints_allowed,
                summary=match.summary(history.state),
            )
            match.adopt_store(store, game_id, 0)
        except StoreError as exc:
            match.unsaved = max(match.unsaved, history.cursor)
            self.failed(exc)
            return True
        match.unsaved = 0
        self.ok()
        return True

    def cursor(self, before: int) -> bool:
        """Write an undo or redo (the cursor moved from ``before``); False if
        the game changed elsewhere, and it was reloaded."""
        match = self.match
        store, game_id = match.store, match.game_id
        if store is None or game_id is None:
            # Not in a store yet: kept whole at the next write that works.
            if match.unsaved or match.store_problem is not None:
                match.unsaved += 1
            return True
        if match.unsaved:
            match.unsaved += 1
            if not self.catch_up(store, game_id):
                match.reload()
                return False
            return True
        try:
            match.revision = store.move_cursor(
                game_id,
                before,
                match.history.cursor,
                revision=match.revision,
                summary=match.summary(match.state),
            )
        except StaleWrite:
            match.reload()
            return False
        except StoreError as exc:
            match.unsaved = 1
            self.failed(exc)
            return True
        self.ok()
        return True

    def retry(self) -> None:
        """Try again to keep the steps the store has not taken."""
        match = self.match
        store, game_id = match.store, match.game_id
        if store is None or not match.unsaved:
            return
        if game_id is None:
            self.whole_game(store)
        elif not self.catch_up(store, game_id):
            match.reload()

    def not_kept(self, problem: str) -> None:
        """The store could not be opened: every step so far is not kept."""
        match = self.match
        if match.store is None:
            match.store_problem = problem
            match.unsaved = match.history.cursor

    def keep_in(self, store: Store) -> None:
        """Keep the game, played so far without a store, in ``store`` from now on."""
        match = self.match
        if match.store is not None:
            return
        match.store = store
        match.follower.start(store)
        if not match.history.full_notation:
            # A game at one keyboard is kept from its first move on.
            match.unsaved = 0
            self.ok()
            return
        self.whole_game(store)

    def failed(self, exc: StoreError) -> None:
        """The store refused a read or write: tell the player once."""
        match = self.match
        first = match.store_problem is None
        match.store_problem = exc.reason
        if first:
            match.emit(
                Notice(
                    msg("This game is not being kept: {problem}", problem=exc.reason), error=True
                )
            )

    def ok(self) -> None:
        match = self.match
        if match.store_problem is not None:
            match.store_problem = None
            match.emit(Notice(msg("The game is being kept again.")))
