"""The match as its parts see it: what each of them reads, writes and calls.

:class:`match.match.Match` is the facade of parts (:mod:`match.keeping`,
:mod:`match.follow`, :mod:`match.takebacks`, :mod:`match.undo`,
:mod:`match.opening`) and hands itself to each. They type it as a
:class:`Table` from here rather than as ``Match``: the facade imports the parts,
so a part importing the facade back would make the two need each other.
This module imports neither; ``Match`` satisfies these protocols by its shape
(mypy checks it where the facade hands itself to a part or binds a
constructor of :mod:`match.opening`, whose ``cls`` is a ``type[Table]`` built
through :meth:`Table.__init__`).

Each protocol names only what the parts use: a part that needs more of the
match adds it here, in one place, where the reader sees what the parts share.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from engine.game import AnyGame
from engine.message import Message
from match.events import Event
from match.history import History
from match.presence import Heartbeat
from match.seats import Seat, Where
from match.store import Request, Standing, Store, StoreError


class KeeperPart(Protocol):
    """What the other parts ask of :class:`match.keeping.Keeper`."""

    def failed(self, exc: StoreError) -> None: ...

    def whole_game(self, store: Store) -> bool: ...

    def cursor(self, before: int) -> bool: ...


class FollowerPart(Protocol):
    """What the other parts ask of :class:`match.follow.Follower`."""

    def start(self, store: Store) -> None: ...

    def follow_seats(self, seats: tuple[Seat, ...], live: tuple[bool, ...]) -> None: ...


class TakebacksPart(Protocol):
    """What the other parts ask of :class:`match.takebacks.Takebacks`."""

    def target(self) -> int | None: ...

    def ask(self) -> Message: ...

    def agreed(self, cursor: int) -> Message | None: ...

    def follow(self, request: Request | None) -> None: ...


class Table(Protocol):
    """A match, as the parts of one read and change it."""

    # How match.opening's constructors build one.
    def __init__(
        self,
        history: History,
        seats: tuple[Seat, ...],
        *,
        here: frozenset[int] | None = None,
        code: str | None = None,
        me: str | None = None,
        hints: bool = False,
    ) -> None: ...

    # What the parts change as the game goes on (see Match.__init__).
    history: History
    seats: tuple[Seat, ...]
    store: Store | None
    game_id: int | None
    revision: int
    unsaved: int
    store_problem: str | None
    request: Request | None
    presence_live: tuple[bool, ...]
    hints_used: tuple[int, ...]
    # The seats played here, and this player's seats another process held
    # (see Match.own_elsewhere): a follower moves a seat from one to the other.
    here: frozenset[int]
    own_elsewhere: frozenset[int]
    awaiting: frozenset[int]

    # What they only read.
    @property
    def rules(self) -> AnyGame: ...

    @property
    def me(self) -> str: ...

    @property
    def hints_allowed(self) -> bool: ...

    @property
    def heartbeat(self) -> Heartbeat: ...

    @property
    def keeper(self) -> KeeperPart: ...

    @property
    def follower(self) -> FollowerPart: ...

    @property
    def takebacks(self) -> TakebacksPart: ...

    @property
    def state(self) -> Any: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def computers(self) -> Mapping[int, object]: ...

    @property
    def shared(self) -> bool: ...

    @property
    def watching(self) -> bool: ...

    @property
    def waiting(self) -> bool: ...

    def emit(self, event: Event) -> None: ...

    def mover(self, state: Any) -> int: ...

    def over(self, state: Any) -> bool: ...

    def summary(self, state: Any) -> Standing: ...

    def encode_setup(self) -> bytes: ...

    def where(self, seat: int) -> Where: ...

    def logged(self, text: str) -> None: ...

    def rebuild_log(self) -> None: ...

    def told_last(self) -> str: ...

    def why_no_undo(self) -> Message: ...

    def why_watching(self, watching: Message) -> Message: ...

    def reload(self) -> None: ...

    def stop_thinking(self) -> None: ...

    def adopt_store(self, store: Store, game_id: int, revision: int) -> None: ...


__all__ = ["FollowerPart", "KeeperPart", "Table", "TakebacksPart"]
