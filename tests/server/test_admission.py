"""The waiting rooms' choice of who makes room, on a clock the test turns."""

from __future__ import annotations

import pytest

from server.admission import STALLED, Admission, WaitingRoom, neighbourhood, origin


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_blocks_are_a_v4_slash_24_or_a_v6_slash_48() -> None:
    assert neighbourhood("192.0.2.7") == neighbourhood("192.0.2.200") == "192.0.2.0/24"
    assert neighbourhood("2001:db8:1:2::5") == neighbourhood("2001:db8:1:ff::9")
    assert neighbourhood("::ffff:192.0.2.7") == "192.0.2.0/24"
    assert origin("::ffff:192.0.2.7") == "192.0.2.7"
    assert neighbourhood("?") == "?"


def test_the_stillest_of_the_address_holding_the_most_leaves() -> None:
    clock = Clock()
    room: WaitingRoom[str] = WaitingRoom(clock)
    for n in range(3):
        room.add(f"crowd{n}", f"198.51.100.{n}")
        clock.now += 1
    for n in range(3):
        room.add(f"flood{n}", "203.0.113.9")
        clock.now += 1
    room.add("player", "203.0.113.9")
    # The flood's block holds the most; its oldest still connection goes,
    # never the crowd's, though they came first.
    assert room.leaver() == "flood0"
    room.moved("flood0")  # it took a step: now the others have stood still longer
    assert room.leaver() == "flood1"
    room.leave("flood1")
    room.leave("flood2")
    room.leave("flood0")
    # One each: the stillest of all goes, and a player who just moved is last.
    assert room.leaver() == "crowd0"
    assert room.held_by("203.0.113.9") == 1


def test_a_block_of_many_addresses_counts_as_one_neighbourhood() -> None:
    clock = Clock()
    room: WaitingRoom[str] = WaitingRoom(clock)
    room.add("player", "192.0.2.1")
    clock.now += 1
    room.add("other", "192.0.2.2")
    clock.now += 1
    for n in range(3):
        room.add(f"spread{n}", f"198.51.100.{n}")  # one each, in one /24
    clock.now += 1
    assert room.leaver() == "spread0"


def test_no_one_leaves_below_the_ceiling() -> None:
    clock = Clock()
    rooms: Admission[str] = Admission(6, clock=clock)
    for n in range(6):
        assert rooms.enter(f"idle{n}", "192.0.2.1") is None
        clock.now += 100
    assert len(rooms) == 6
    made_room = rooms.enter("newcomer", "192.0.2.1")
    assert made_room == ("idle0", 600.0, 0)
    assert len(rooms) == 6 and "newcomer" in rooms


def test_silent_sockets_go_first_then_stalled_logins_then_key_exchanges() -> None:
    clock = Clock()
    rooms: Admission[str] = Admission(5, clock=clock)
    rooms.enter("player", "192.0.2.1", room=1)  # its version line was there at once
    clock.now += 10
    for n in range(2):
        rooms.enter(f"stalled{n}", "192.0.2.1")
        rooms.step(f"stalled{n}", 1)
        rooms.step(f"stalled{n}", 2)
    rooms.enter("silent", "198.51.100.7")
    clock.now += 10
    assert rooms.enter("fresh0", "192.0.2.1") is None  # five waiting: the ceiling
    # A silent socket goes before anyone further on.
    assert rooms.enter("fresh1", "192.0.2.1") == ("silent", 10.0, 0)
    for n in range(2):
        rooms.step(f"fresh{n}", 1)
        rooms.step(f"fresh{n}", 2)
    # Then a stalled login, the stillest of the address holding the most.
    assert rooms.enter("fresh2", "192.0.2.1", room=1) == ("stalled0", 10.0, 2)
    assert rooms.enter("fresh3", "192.0.2.1", room=1) == ("stalled1", 10.0, 2)
    # Logged in: only key exchanges wait. The one waiting longest goes last of all.
    rooms.leave("fresh0")
    rooms.leave("fresh1")
    rooms.enter("fresh4", "192.0.2.1", room=1)
    rooms.enter("fresh5", "192.0.2.1", room=1)
    assert rooms.enter("fresh6", "192.0.2.1", room=1) == ("player", 20.0, 1)
    assert rooms.room_of("player") is None and "player" not in rooms
    assert len(rooms) == 5


def test_a_player_between_key_exchange_and_key_outlasts_a_flood_of_key_exchanges() -> None:
    # A flood that never gets past the key exchange holds every place but
    # one, and keeps arriving. The player has just finished hers: alone in
    # the login room for a round trip, she must not be the first to go.
    clock = Clock()
    rooms: Admission[str] = Admission(6, clock=clock)
    for n in range(5):
        rooms.enter(f"flood{n}", "198.51.100.7", room=1)
        clock.now += 0.1
    rooms.enter("player", "192.0.2.1", room=1)
    clock.now += 0.3
    rooms.step("player", 2)
    for n in range(5, 25):
        clock.now += 0.05
        made_room = rooms.enter(f"flood{n}", "198.51.100.7", room=1)
        assert made_room is not None and made_room.entry.startswith("flood")
    assert rooms.room_of("player") == 2


def test_a_flood_from_the_players_own_address_pushes_out_its_stillest_first() -> None:
    clock = Clock()
    rooms: Admission[str] = Admission(4, clock=clock)
    for n in range(3):
        rooms.enter(f"flood{n}", "192.0.2.1", room=1)
    clock.now += 0.5
    rooms.enter("player", "192.0.2.1", room=1)
    clock.now += 0.2
    rooms.step("player", 2)  # a step: now the flood has stood still longer
    first = rooms.enter("flood3", "192.0.2.1", room=1)
    assert first is not None and first.entry == "flood0" and first.room == 1
    assert first.still == pytest.approx(0.7)
    clock.now += 0.1
    second = rooms.enter("flood4", "192.0.2.1", room=1)
    assert second is not None and second.entry == "flood1"
    assert second.still == pytest.approx(0.8)


def test_a_login_stalled_that_long_goes_before_any_key_exchange() -> None:
    clock = Clock()
    rooms: Admission[str] = Admission(3, clock=clock)
    rooms.enter("crowd0", "198.51.100.7", room=1)
    rooms.enter("crowd1", "198.51.100.8", room=1)
    rooms.enter("stalled", "192.0.2.1", room=2)
    clock.now += STALLED - 0.5
    # Not yet stalled: the crowd's neighbourhood holds the most, and goes.
    assert rooms.enter("crowd2", "198.51.100.9", room=1) == ("crowd0", STALLED - 0.5, 1)
    clock.now += 0.5
    assert rooms.enter("crowd3", "198.51.100.10", room=1) == ("stalled", STALLED, 2)
