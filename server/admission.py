"""The waiting rooms: connections that have not logged in yet, and who
leaves when they are full.

A full house never turns the newcomer away. A player's key is tried only
after the newcomer's connection has been accepted, so a rule that refuses
the newcomer hands the door to whoever got there first and stays: a stranger
who holds enough idle sockets would keep every key out. Instead the
newcomer always comes in, and only when ``ceiling`` connections are waiting
(what the server's file descriptors and memory allow) does one of them make
room. Below the ceiling no one is dropped at all: a flood of any kind just
waits, which costs the server a socket and a few KiB each, until its time
limits run out.

Connections wait in three rooms, by how far they have got: before their SSH
version line, in the key exchange, logging in. The one that leaves is, of
the first of these groups that holds anyone:

- before the version line: a real client sends it the moment it connects
  (the server even sees it there before reading it), so a silent socket is
  the cheapest thing a flood holds and the least likely to be a player;
- logging in and still for :data:`STALLED` seconds: a player's client
  offers its key a round trip after the key exchange and, once a listed key
  is offered, waits outside the rooms (the server's vouching); what stands
  here that long is a stranger's stalled login;
- the rest, in the key exchange or logging in: the server's own work, where
  a player waits for the server whenever it is busy, and the round trip
  between the key exchange and the key. Both rooms count as one here: were
  the login room to go first whenever it held anyone, a flood that only ever
  reaches the key exchange, from any address, would push out every player
  in that round trip, where it is alone in its room.

Within the room: from the neighbourhood (an IPv4 /24, an IPv6 /48) holding
the most places there, within it from the address (an IPv4 address, an IPv6
/64) holding the most, and of those the connection that has stood still the
longest, since it came into the room or made its last login attempt. So a
crowd from other addresses only ever displaces itself, and a flood from a
player's own address displaces its own stalled connections first. Only steps
of the handshake count as moving, never bytes alone, so a connection cannot
look busy by trickling data, and each has only a dozen or so steps before it
has logged in or been cut off.

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
from typing import Final, Generic, NamedTuple, TypeVar

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

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
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

    def held_around(self, address: str) -> int:
        """Places held by ``address``'s neighbourhood."""
        return self._block_sizes.get(neighbourhood(address), 0)

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

    def leaver(self, still: float = 0.0) -> Entry | None:
        """Who leaves this room to make room (see the module's notes), of
        those that have stood still ``still`` seconds or more; None if
        there is no one."""
        best: Entry | None = None
        best_rank: tuple[int, int, float] | None = None
        latest = self._clock() - still
        # One look at each address's stillest entry: a scan of the addresses
        # waiting, cheap beside the handshake that brought each one here.
        for wide, block in self._blocks.items():
            for queue in block.values():
                entry, since = next(iter(queue.items()))
                if since > latest:
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


SILENT, EXCHANGING, LOGGING_IN = range(len(ROOMS))
# Seconds a login stands still before it counts as stalled: a client on a
# slow link takes its next step within a round trip or two.
STALLED: Final = 2.0


class Admission(Generic[Entry]):
    """The three rooms (:data:`ROOMS`), ``ceiling`` connections in all."""

    def __init__(
        self,
        ceiling: int,
        *,
        has_spoken: Callable[[Entry], bool] = lambda entry: False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ceiling = max(1, ceiling)
        # Whether a connection of the first room has in fact sent its version
        # line, not yet read: asked before one is dropped as silent.
        self._has_spoken = has_spoken
        self.rooms = tuple(WaitingRoom[Entry](clock) for _ in ROOMS)
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
        rooms: the caller closes its connection)."""
        gone: Leaving[Entry] | None = None
        if len(self._in) >= self.ceiling:
            gone = self._make_room()
        self.rooms[room].add(entry, address)
        self._in[entry] = (room, address)
        return gone

    def step(self, entry: Entry, room: int) -> None:
        """``entry`` took a step: into ``room`` if that is further on, else it
        has moved where it is."""
        where = self._in.get(entry)
        if where is None:
            return
        here, address = where
        if room <= here:
            self.rooms[here].moved(entry)
            return
        self.rooms[here].leave(entry)
        self.rooms[room].add(entry, address)
        self._in[entry] = (room, address)

    def leave(self, entry: Entry) -> None:
        where = self._in.pop(entry, None)
        if where is not None:
            self.rooms[where[0]].leave(entry)

    def _make_room(self) -> Leaving[Entry] | None:
        silent = self.rooms[SILENT]
        while (leaving := silent.leaver()) is not None:
            if not self._has_spoken(leaving):
                return self._out(leaving, SILENT)
            self.step(leaving, EXCHANGING)  # not silent after all: on to the next room
        stalled = self.rooms[LOGGING_IN].leaver(STALLED)
        if stalled is not None:
            return self._out(stalled, LOGGING_IN)
        # The stillest of the address holding the most in both rooms, and of
        # its neighbourhood's: each room's leaver is its own room's choice.
        best: tuple[tuple[int, int, float], Entry, int] | None = None
        busy = (self.rooms[LOGGING_IN], self.rooms[EXCHANGING])
        for number in (LOGGING_IN, EXCHANGING):
            entry = self.rooms[number].leaver()
            if entry is None:
                continue
            address = self._in[entry][1]
            rank = (
                sum(room.held_around(address) for room in busy),
                sum(room.held_by(address) for room in busy),
                self.rooms[number].still_for(entry),
            )
            if best is None or rank > best[0]:
                best = (rank, entry, number)
        return None if best is None else self._out(best[1], best[2])

    def _out(self, entry: Entry, number: int) -> Leaving[Entry]:
        gone = Leaving(entry, self.rooms[number].still_for(entry), number)
        self.leave(entry)
        return gone
