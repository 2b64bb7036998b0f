"""Opening a match: a new game, a stored one, a table by its code, a game from a file.

These are :class:`match.match.Match`'s constructors (``Match.new``,
``Match.open``, ``Match.join``, ``Match.adopt``), kept here so that the
match itself holds only what a game being played needs.
"""

from __future__ import annotations

import time
from typing import Any, TypeVar

import msgspec

from engine.game import AnyGame
from engine.games import game_of
from engine.message import as_message, msg
from match import presence
from match.history import History
from match.seats import Seat, UndoMode, local_player
from match.store import Store, StoreError
from match.stored import history_of
from match.table import Table

# The class a constructor builds (Match, bound in match.match).
M = TypeVar("M", bound=Table)


def new(
    cls: type[M],
    setup: Any,
    seats: tuple[Seat, ...],
    *,
    store: Store | None,
    here: frozenset[int] | None = None,
    undo_mode: UndoMode = "safe",
    table: bool = False,
    invited: str | None = None,
    me: str | None = None,
    hints: bool = False,
    owner_cap: int | None = None,
    rules: AnyGame | None = None,
    rematch_of: int | None = None,
) -> M:
    """Start a game of ``rules`` (the set-up's own game when None) and keep it in ``store``.

    ``here`` are the seats played in this process (all by default). ``table``
    opens the game for people in other terminals, who join with its
    :attr:`code`; ``hints`` allows hints against them (see :attr:`hints_on`);
    ``owner_cap`` is how many open tables its host may have (the store
    refuses one more, in the same transaction: TooManyTables);
    ``rematch_of`` makes the table the rematch of that game (RematchExists
    if another player set it up first). Raises
    RecordError for a bad set-up and StoreError if the store cannot take
    the game (nothing is written then).
    """
    rules = rules or game_of(setup)
    if not rules.owns_setup(setup):
        raise StoreError(msg("the set-up is not one of this game's"))
    if len(seats) != rules.seats(setup):
        raise StoreError(msg("{count} seats do not make a game of this kind", count=len(seats)))
    if here is None:
        here = frozenset(range(len(seats)))
    history = History.start(rules, setup, undo_mode="safe" if table else undo_mode)
    me = me or local_player()
    owned = tuple(
        msgspec.structs.replace(seat, owner=me) if index in here and not seat.computer else seat
        for index, seat in enumerate(seats)
    )
    match = cls(history, owned, here=here, me=me, hints=hints)
    if store is None:
        return match
    if table:
        free = any(not s.computer and s.owner is None for s in owned)
        game_id = store.create_game(
            match.encode_setup(),
            match.seats,
            kind=rules.kind,
            undo_mode=history.undo_mode,
            status="open" if free else "playing",
            table=True,
            invited=invited,
            summary=match.summary(history.state),
            hints=hints,
            owner_cap=owner_cap,
            rematch_of=rematch_of,
        )
        match.adopt_store(store, game_id, 0)
    else:
        # A game at one keyboard is kept from its first move on: a game
        # started and left untouched is not worth a line in the list.
        match.store = store
    return match


def open_stored(
    cls: type[M],
    store: Store,
    game_id: int,
    *,
    me: str | None = None,
    seats: frozenset[int] | None = None,
) -> M:
    """Come back to a stored game, at the seats ``me`` holds there.

    A seat of ``me`` that another process plays now is left to it (two
    terminals of one account can hold the two seats of one game). With
    ``seats`` given, only those are taken. Raises StoreError (a damaged
    game too) when the game cannot be opened.
    """
    me = me or local_player()
    stored = store.game(game_id)
    history = history_of(stored)
    now = time.time()
    mine = {
        index
        for index, seat in enumerate(stored.seats)
        if not seat.computer
        and seat.owner == me
        and not stored.presence[index].live(now)
        and (seats is None or index in seats)
    }
    match = cls(
        history,
        stored.seats,
        here=frozenset(mine),
        me=me,
        code=stored.code,
        hints=stored.hints,
    )
    match.hints_used = stored.hints_used or (0,) * len(stored.seats)
    match.own_elsewhere = frozenset(
        index
        for index, seat in enumerate(stored.seats)
        if not seat.computer
        and seat.owner == me
        and index not in mine
        and (seats is None or index in seats)
    )
    # The revision read with the history, not a later one: a write names
    # the position this process has.
    match.adopt_store(store, game_id, stored.revision)
    match.request = stored.request
    match.presence_live = presence.live(stored.presence)
    return match


def join(
    cls: type[M], store: Store, code: str, *, me: str | None = None, name: str | None = None
) -> M:
    """Take the other seat of a table by its code, or come back to your own."""
    me = me or local_player()
    game_id = store.find_code(code)
    if game_id is None:
        raise StoreError(msg("there is no table with the code {code}", code=code.strip().upper()))
    stored = store.game(game_id)
    now = time.time()
    for index, seat in enumerate(stored.seats):
        if seat.owner == me and not seat.computer and not stored.presence[index].live(now):
            return open_stored(cls, store, game_id, me=me, seats=frozenset({index}))
    if any(not seat.computer and seat.owner is None for seat in stored.seats):
        taken = store.claim_free(game_id, me, name)
        if taken is not None:
            return open_stored(cls, store, game_id, me=me, seats=frozenset({taken}))
    raise StoreError(msg("every seat of that table is taken and played now"))


def adopt(
    cls: type[M],
    history: History,
    seats: tuple[Seat, ...],
    *,
    store: Store | None,
    me: str | None = None,
) -> M:
    """Bring a game read from a file into the store as a new game, played here."""
    me = me or local_player()
    owned = tuple(
        seat if seat.computer else msgspec.structs.replace(seat, owner=me) for seat in seats
    )
    if len(owned) != history.game.seats(history.setup):
        raise StoreError(msg("{count} seats do not make a game of this kind", count=len(owned)))
    match = cls(history, owned, me=me)
    if store is not None:
        match.store = store
        match.keeper.whole_game(store)
        if match.store_problem is not None:
            raise StoreError(as_message(match.store_problem))
    return match
