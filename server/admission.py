"""The waiting rooms: connections that have not logged in yet, and who
leaves when a room is full.

A full room never turns the newcomer away. A player's key is tried only
after the newcomer's connection has been accepted, so a rule that refuses
the newcomer hands the door to whoever got there first and stays: a stranger
who holds enough idle sockets would keep every key out. Instead the
newcomer always comes in and someone who has waited longer makes room.

There are three rooms, by how far a connection has got: before its SSH
version line, in the key exchange, logging in. A connection moves on to the
next room as it takes those steps (a real client takes each within moments),
and makes room there if it must. So connections that stop in one place only
ever push out each other: idle sockets re-opened as fast as they are dropped
churn the first room, which a player's client leaves within a round trip,
and never touch the player in the rooms beyond. Whom a full room drops:

- from the neighbourhood (an IPv4 /24, an IPv6 /48) holding the most places,
- within it, from the address (an IPv4 address, an IPv6 /64) holding the most,
- within that, the connection that has stood still the longest (since it
  came into the room, or its last login attempt).

A crowd from other addresses thus only ever displaces itself, and a flood
from a player's own address displaces its own stalled connections first.
Only a connection that has stood still for a while (two seconds) is dropped
to make room; while no one has, the room runs over, up to a ceiling set by
the file descriptors the server may hold. So a flood re-opened as fast as
it is dropped, all of it young, cannot push out a player who arrived in the
meantime either: below the ceiling, a player is never dropped at all.
Only steps of the handshake count as moving, never bytes alone, so a
connection cannot look busy by trickling data, and each has only a dozen or
so steps before it has logged in or been cut off.

OpenSSH's ``MaxStartups`` instead refuses newcomers at random once its
unauthenticated connections pass a threshold, and ``PerSourcePenalties``
refuses an address whose connections failed; both would refuse a player
who shares an address with the flood, which this server promises never to do.
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, NamedTuple, TypeVar

Entry = TypeVar("Entry")


def origin(address: str) -> str:
    """The unit that counts as one client: one IPv4 address, or an IPv6 /64,
    the block one subscriber usually holds whole."""
    ip = _parse(address)
    if ip is None:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def neighbourhood(address: str) -> str:
    """The wider block an address sits in: an IPv4 /24, an IPv6 /48 (what
    one hosting customer or one site is usually given)."""
    ip = _parse(address)
    if ip is None:
        return address
    prefix = 48 if isinstance(ip, ipaddress.IPv6Address) else 24
    return str(ipaddress.ip_network((ip, prefix), strict=False))


def _parse(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


class WaitingRoom(Generic[Entry]):
    """One room: entries under their address, each with the time it last moved."""

    def __init__(self, capacity: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = max(1, capacity)
        self._clock = clock
        # neighbourhood -> origin -> entries, the one still the longest first
        self._blocks: dict[str, dict[str, OrderedDict[Entry, float]]] = {}
        self._block_sizes: dict[str, int] = {}
        self._where: dict[Entry, tuple[str, str]] = {}

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, entry: object) -> bool:
        return entry in self._where

    def held_by(self, address: str) -> int:
        """Places held by ``address``'s origin."""
        block = self._blocks.get(neighbourhood(address), {})
        return len(block.get(origin(address), ()))

    def add(self, entry: Entry, address: str) -> None:
        wide, narrow = neighbourhood(address), origin(address)
        self._blocks.setdefault(wide, {}).setdefault(narrow, OrderedDict())[entry] = self._clock()
        self._block_sizes[wide] = self._block_sizes.get(wide, 0) + 1
        self._where[entry] = (wide, narrow)

    def moved(self, entry: Entry) -> None:
        """``entry`` took a step: it is the last to leave its address."""
        where = self._where.get(entry)
        if where is None:
            return
        queue = self._blocks[where[0]][where[1]]
        queue[entry] = self._clock()
        queue.move_to_end(entry)

    def still_for(self, entry: Entry) -> float:
        where = self._where.get(entry)
        if where is None:
            return 0.0
        return self._clock() - self._blocks[where[0]][where[1]][entry]

    def leave(self, entry: Entry) -> None:
        where = self._where.pop(entry, None)
        if where is None:
            return
        wide, narrow = where
        block = self._blocks[wide]
        del block[narrow][entry]
        if not block[narrow]:
            del block[narrow]
        self._block_sizes[wide] -= 1
        if not block:
            del self._blocks[wide]
            del self._block_sizes[wide]

    def leaver(self, min_still: float = 0.0) -> Entry | None:
        """Who leaves to make room (see the module's notes), among those that
        have stood still at least ``min_still`` seconds; None if no one has."""
        horizon = self._clock() - min_still
        best: Entry | None = None
        best_rank: tuple[int, int, float] | None = None
        # One look at each address's stillest entry: a scan of the addresses
        # waiting, cheap beside the handshake that brought each one here.
        for wide, block in self._blocks.items():
            for queue in block.values():
                entry, since = next(iter(queue.items()))
                if since > horizon:
                    continue
                rank = (self._block_sizes[wide], len(queue), -since)
                if best_rank is None or rank > best_rank:
                    best, best_rank = entry, rank
        return best


ROOMS = ("before its version line", "in the key exchange", "logging in")


class Leaving(NamedTuple, Generic[Entry]):
    """Who had to leave to make room: the seconds it had stood still, its room."""

    entry: Entry
    still: float
    room: int


class Admission(Generic[Entry]):
    """The three rooms (:data:`ROOMS`), a third of ``capacity`` each.

    A full room drops someone who has stood still there for ``min_still``
    seconds; if no one has, the newcomer still comes in and the room runs
    over, up to ``ceiling`` connections in all (what the file descriptors
    allow). There someone who has stood still in another room goes, and
    only if no one has, the stillest of the earliest room, whatever its time.
    A player's client takes each step far quicker than ``min_still``, so
    only a flood of more than ``ceiling`` sockets can reach it at all.
    """

    def __init__(
        self,
        capacity: int,
        ceiling: int | None = None,
        *,
        min_still: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.capacity = max(1, capacity)
        self.ceiling = max(self.capacity, ceiling or self.capacity)
        self.min_still = min_still
        self.rooms = tuple(
            WaitingRoom[Entry](max(1, self.capacity // len(ROOMS)), clock) for _ in ROOMS
        )
        self._in: dict[Entry, tuple[int, str]] = {}

    def __len__(self) -> int:
        return len(self._in)

    def __contains__(self, entry: object) -> bool:
        return entry in self._in

    def room_of(self, entry: Entry) -> int | None:
        where = self._in.get(entry)
        return None if where is None else where[0]

    def held_by(self, address: str) -> int:
        """Places held in all rooms by ``address``'s origin."""
        return sum(room.held_by(address) for room in self.rooms)

    def enter(self, entry: Entry, address: str, room: int = 0) -> Leaving[Entry] | None:
        """A new connection, in the first room (or ``room``, if it has taken
        steps already). Who had to leave to make room, if anyone (out of the
        rooms: the caller closes its connection), with the seconds it had
        stood still."""
        return self._seat(entry, address, room)

    def step(self, entry: Entry, room: int) -> Leaving[Entry] | None:
        """``entry`` took a step: into ``room`` if that is further on, else it
        has moved where it is. Who had to leave, as :meth:`enter`."""
        where = self._in.get(entry)
        if where is None:
            return None
        here, address = where
        if room <= here:
            self.rooms[here].moved(entry)
            return None
        self.rooms[here].leave(entry)
        del self._in[entry]
        return self._seat(entry, address, room)

    def leave(self, entry: Entry) -> None:
        where = self._in.pop(entry, None)
        if where is not None:
            self.rooms[where[0]].leave(entry)

    def _stillest_anywhere(self) -> Entry | None:
        # Someone who stood still, in any room; else, whatever its time, the
        # stillest of the earliest room that holds anyone: a silent socket
        # costs a flood least, and a real client passes that room at once.
        for min_still in (self.min_still, 0.0):
            for room in self.rooms:
                found = room.leaver(min_still)
                if found is not None:
                    return found
        return None

    def _seat(self, entry: Entry, address: str, room: int) -> Leaving[Entry] | None:
        here = self.rooms[room]
        leaving: Entry | None = None
        if len(here) >= here.capacity:
            leaving = here.leaver(self.min_still)
        if leaving is None and len(self._in) >= self.ceiling:
            leaving = self._stillest_anywhere()
        gone: Leaving[Entry] | None = None
        if leaving is not None:
            was_in = self._in[leaving][0]
            gone = Leaving(leaving, self.rooms[was_in].still_for(leaving), was_in)
            self.leave(leaving)
        here.add(entry, address)
        self._in[entry] = (room, address)
        return gone
