"""The waiting rooms' choice of who makes room, on a clock the test turns."""

from __future__ import annotations

from server.admission import Admission, WaitingRoom, neighbourhood, origin


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
    room: WaitingRoom[str] = WaitingRoom(10, clock)
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
    room: WaitingRoom[str] = WaitingRoom(10, clock)
    room.add("player", "192.0.2.1")
    clock.now += 1
    room.add("other", "192.0.2.2")
    clock.now += 1
    for n in range(3):
        room.add(f"spread{n}", f"198.51.100.{n}")  # one each, in one /24
    clock.now += 1
    assert room.leaver() == "spread0"


def test_no_one_who_moved_recently_is_dropped_below_the_ceiling() -> None:
    clock = Clock()
    rooms: Admission[str] = Admission(3, ceiling=6, min_still=2.0, clock=clock)
    assert rooms.enter("player", "192.0.2.1") is None
    # A flood of newcomers from the player's own address fills the first room
    # and runs over, but no one there has stood still for two seconds.
    for n in range(5):
        assert rooms.enter(f"flood{n}", "192.0.2.1") is None
    assert len(rooms) == 6
    # At the ceiling the stillest goes whatever its time: the player came first.
    made_room = rooms.enter("flood5", "192.0.2.1")
    assert made_room is not None and made_room[0] == "player"


def test_a_player_moving_on_leaves_the_flood_behind() -> None:
    clock = Clock()
    rooms: Admission[str] = Admission(6, ceiling=24, min_still=2.0, clock=clock)
    for n in range(4):
        rooms.enter(f"idle{n}", "192.0.2.1")
    clock.now += 5
    # Each newcomer pushes out an idle socket that has stood still, never the player.
    made_room = rooms.enter("player", "192.0.2.1")
    assert made_room == ("idle0", 5.0, 0)
    for n in range(3):
        made_room = rooms.enter(f"again{n}", "192.0.2.1")
        assert made_room == (f"idle{n + 1}", 5.0, 0)
    assert rooms.enter("again3", "192.0.2.1") is None  # the room runs over instead
    # The player sends its version line, then finishes the key exchange.
    assert rooms.step("player", 1) is None
    assert rooms.room_of("player") == 1
    assert rooms.step("player", 2) is None
    # Stalled logins fill the last room; the player, moving, stays.
    for n in range(4):
        rooms.enter(f"stall{n}", "192.0.2.1")
        rooms.step(f"stall{n}", 2)
    clock.now += 3
    rooms.step("player", 2)  # a login attempt: it moved
    made_room = rooms.step("again0", 2)
    assert made_room is not None and made_room.entry == "stall0" and made_room.room == 2
    assert "player" in rooms
    rooms.leave("player")
    assert "player" not in rooms and rooms.room_of("player") is None
