"""Opening games: the one door through which the app and the command line get a match.

Every way into a game is here: a new game (:func:`start`), a table for a
person at another terminal (:func:`host`), taking a seat at one
(:func:`join`), coming back (:func:`resume`), looking on (:func:`watch`,
:func:`replay`) and a game read from a file (:func:`bring_in`). A new game's
set-up comes from the game's own rules (:func:`deal`, the contract's
``Game.deal``), so who starts and what chance decides is the engine's.

When the store cannot take a game the player started at this keyboard, the
game is still played, without the store, and :class:`Opened` says why it is
not kept; a table, a seat or a stored game cannot exist without the store,
so those raise. Every refusal is one type, :class:`Unavailable`, whose
``message`` the app words (``tui.i18n.tr_error``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.game import AnyGame, RecordError
from engine.message import msg, reason_of
from match.errors import MatchError
from match.files import StorageError, store_path
from match.store import Store, StoreError, TooManyTables

# The rules, the match and the saves are imported when a game is opened: the
# start screen opens the store through here, and must not wait for them.
if TYPE_CHECKING:
    from match.history import History
    from match.match import Match
    from match.saves import LoadedGame
    from match.seats import Seat, UndoMode

# Anything the engine, a file or the store refuses with words for the player.
_REFUSALS = (StoreError, RecordError, StorageError)


class Unavailable(MatchError):
    """A game that cannot be opened as asked; ``reason`` says why, in the
    words of whatever refused it (the engine's or the store's)."""

    @classmethod
    def of(cls, error: Exception) -> Unavailable:
        """The refusal ``error`` stands for, keeping its words."""
        if isinstance(error, TooManyTables):
            return TableCapReached(error.reason)
        return cls(reason_of(error))


class TableCapReached(Unavailable):
    """The host already has as many open tables as one player may (the store
    counted them in the same transaction as the new one)."""


@dataclass(frozen=True)
class Opened:
    """A game to play, and why it is not kept when the store refused it (else None)."""

    match: Match
    not_kept: str | None = None


def open_store(path: Path | None = None) -> Store:
    """The game store at ``path`` (the data folder's when None); raises :class:`Unavailable`."""
    try:
        return Store.open(path if path is not None else store_path())
    except StoreError as exc:
        raise Unavailable.of(exc) from exc


def deal(
    kind: str | None = None,
    options: Mapping[str, str] | None = None,
    *,
    seats: int = 2,
    rng: random.Random | None = None,
) -> Any:
    """A new game's set-up, dealt by the rules of ``kind`` (the product's
    default game when None), who starts included.

    Chance comes from the system's generator unless ``rng`` is given; a set-up
    named by its seed (the option ``seed``) deals the same game every time.
    Raises :class:`Unavailable` for a game or an option the product does not have.
    """
    from engine.games import DEFAULT_KIND, game

    kind = DEFAULT_KIND if kind is None else kind
    try:
        rules = game(kind)
    except KeyError:
        raise Unavailable(msg("there is no game called {kind}", kind=repr(kind))) from None
    try:
        return rules.deal(seats, rng or random.SystemRandom(), options)
    except RecordError as exc:
        raise Unavailable.of(exc) from exc


def _rules(setup: Any, kind: str | None, seats: int) -> AnyGame:
    """The rules of ``setup``, which must be of the game ``kind`` when one is
    named, and for ``seats`` seats."""
    from engine.games import game_of

    try:
        rules = game_of(setup)
    except RecordError as exc:
        raise Unavailable.of(exc) from exc
    if kind is not None and rules.kind != kind:
        raise Unavailable(
            msg("this set-up is of {game}, not of {kind}", game=rules.kind, kind=repr(kind))
        )
    if rules.seats(setup) != seats:
        raise Unavailable(
            msg(
                "this set-up is for {count} players, not {seats}",
                count=rules.seats(setup),
                seats=seats,
            )
        )
    return rules


def start(
    setup: Any,
    seats: tuple[Seat, ...],
    *,
    kind: str | None = None,
    store: Store | None,
    me: str,
    away: frozenset[int] = frozenset(),
    undo_mode: UndoMode = "safe",
    hints: bool = False,
) -> Opened:
    """A new game at this keyboard, with the seats in ``away`` left to people
    at other terminals (the game is then a table they join by its code).

    The game is the set-up's own (``kind``, when given, must name it): its
    rules, its seat count. If the store cannot take it, the game is played
    without the store (and for this keyboard alone). Raises
    :class:`Unavailable` for a bad set-up.
    """
    from match.match import Match

    rules = _rules(setup, kind, len(seats))
    try:
        try:
            return Opened(
                Match.new(
                    setup,
                    seats,
                    store=store,
                    undo_mode=undo_mode,
                    me=me,
                    here=frozenset(range(len(seats))) - away,
                    table=bool(away),
                    hints=hints,
                    rules=rules,
                )
            )
        except StoreError as exc:
            match = Match.new(setup, seats, store=None, undo_mode=undo_mode, rules=rules)
            match.not_kept(exc.reason)
            return Opened(match, exc.reason)
    except RecordError as exc:
        raise Unavailable.of(exc) from exc


def host(
    store: Store,
    setup: Any,
    seats: tuple[Seat, ...],
    *,
    mine: int,
    kind: str | None = None,
    me: str,
    invited: str | None = None,
    hints: bool = False,
    owner_cap: int | None = None,
) -> Match:
    """Open a table in ``store`` at which ``me`` holds seat ``mine``; every
    other person's seat waits for whoever joins by the table's code (the
    first of them for ``invited``). The game is the set-up's own, as for
    :func:`start`.

    With ``owner_cap``, a host who already has that many open tables is
    refused with :class:`TableCapReached`."""
    from match.match import Match

    rules = _rules(setup, kind, len(seats))
    if not 0 <= mine < len(seats):
        raise Unavailable(msg("there is no seat {seat} at this table", seat=mine + 1))
    try:
        return Match.new(
            setup,
            seats,
            store=store,
            here=frozenset({mine}),
            table=True,
            invited=invited,
            me=me,
            hints=hints,
            owner_cap=owner_cap,
            rules=rules,
        )
    except (StoreError, RecordError) as exc:
        raise Unavailable.of(exc) from exc


def rematch(store: Store, finished: Match, *, rng: random.Random | None = None) -> Match:
    """The rematch of the finished game ``finished``, at its seats played here.

    The first player to ask sets it up: a new table with the same people,
    each one seat on, and the same options (:mod:`match.rematch`), every
    other person's seat kept for them, so that it waits in their lobby
    (Your games) and their game-over screen offers to take it. Whoever asks
    after that takes their seat at the same table. Raises
    :class:`Unavailable` if the game is not one to rematch or the store
    cannot take it.
    """
    from match import rematch as rematches
    from match.match import Match
    from match.store import RematchExists

    old_id = finished.game_id
    if old_id is None or not rematches.possible(finished):
        raise Unavailable(msg("a rematch is for a finished game between people at a table"))
    me = finished.me
    try:
        existing = store.rematch(old_id)
        if existing is None:
            count = len(finished.seats)
            try:
                created = Match.new(
                    rematches.deal(finished.rules, finished.history.setup, rng),
                    rematches.seats(finished.seats),
                    store=store,
                    here=frozenset(rematches.moved_on(seat, count) for seat in finished.here),
                    table=True,
                    me=me,
                    hints=finished.hints_allowed,
                    rules=finished.rules,
                    rematch_of=old_id,
                )
            except RematchExists as exc:
                existing = exc.game_id
            else:
                # Set up here: nothing to tell this terminal of it.
                finished.follower.rematch = created.game_id
                created.awaiting = frozenset(
                    index
                    for index, seat in enumerate(created.seats)
                    if not seat.computer and index not in created.here
                )
                return created
        finished.follower.rematch = existing
        return Match.open(store, existing, me=me)
    except (StoreError, RecordError) as exc:
        raise Unavailable.of(exc) from exc


def join(store: Store, code: str, *, me: str, name: str | None = None) -> Match:
    """Take the free seat of the table ``code``, or come back to one's own."""
    from match.match import Match

    try:
        return Match.join(store, code, me=me, name=name)
    except (StoreError, RecordError) as exc:
        raise Unavailable.of(exc) from exc


def resume(store: Store, game_id: int, *, me: str) -> Match:
    """Come back to a stored game, at the seats ``me`` holds in it."""
    from match.match import Match

    try:
        return Match.open(store, game_id, me=me)
    except (StoreError, RecordError) as exc:
        raise Unavailable.of(exc) from exc


def watch(store: Store, game_id: int, *, me: str) -> Match:
    """Look on at a stored game: no seat is taken, even one that is ``me``'s."""
    from match.match import Match

    try:
        return Match.open(store, game_id, me=me, seats=frozenset())
    except (StoreError, RecordError) as exc:
        raise Unavailable.of(exc) from exc


def replay(store: Store, game_id: int) -> tuple[History, tuple[Seat, ...]]:
    """A stored game replayed to look through, with its seats."""
    from match.match import stored_history

    try:
        return stored_history(store, game_id)
    except (StoreError, RecordError) as exc:
        raise Unavailable.of(exc) from exc


def read_file(path: Path) -> LoadedGame:
    """A save file or a game record, read and replayed."""
    from match.saves import import_file

    try:
        return import_file(path)
    except _REFUSALS as exc:
        raise Unavailable.of(exc) from exc


def bring_in(
    loaded: LoadedGame, seats: tuple[Seat, ...], *, store: Store | None, me: str
) -> Opened:
    """A game read from a file, kept in ``store`` from now on as a game of its
    own, played at this keyboard where it was saved. If the store cannot take
    it, it is played without the store."""
    from match.match import Match

    try:
        return Opened(Match.adopt(loaded.history, seats, store=store, me=me))
    except StoreError as exc:
        match = Match.adopt(loaded.history, seats, store=None, me=me)
        match.not_kept(exc.reason)
        return Opened(match, exc.reason)


__all__ = [
    "Opened",
    "TableCapReached",
    "Unavailable",
    "bring_in",
    "deal",
    "host",
    "join",
    "open_store",
    "read_file",
    "rematch",
    "replay",
    "resume",
    "start",
    "watch",
]
