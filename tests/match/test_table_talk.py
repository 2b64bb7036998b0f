"""match.chat.TableTalk: what one process hears at a table between two looks."""

from __future__ import annotations

from pathlib import Path

from match.chat import Came, Said, TableTalk, Went
from match.seats import Seat
from match.store import Store

ANN, BOB, CAROL = "key:ann", "key:bob", "key:carol"


def _talk(path: Path, game: int, me: str, name: str, seat: int | None) -> TableTalk:
    talk = TableTalk(Store.open(path), game, me=me, name=name, session=f"s-{me}", seat=seat)
    talk.start()
    return talk


def test_what_is_heard_between_two_looks_comes_in_the_order_it_happened(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    seats = (Seat(name="Ann", owner=ANN), Seat(name="Bob", owner=BOB))
    game = Store.open(path).create_game(b'{"seed":1}', seats, kind="duel")
    ann = _talk(path, game, ANN, "Ann", 0)
    bob = _talk(path, game, BOB, "Bob", 1)
    # Carol sits down to watch, then Ann speaks, all before Bob looks again:
    # the message line shows the last of them, so it must be Ann's line.
    carol = _talk(path, game, CAROL, "Carol", None)
    assert ann.say("welcome") is None
    heard = bob.poll()
    assert [type(h) for h in heard] == [Came, Said]
    assert isinstance(heard[1], Said) and heard[1].line.text == "welcome"
    # Carol says goodbye and goes: her going is the last news.
    assert carol.say("bye") is None
    carol.close()
    heard = bob.poll()
    assert [type(h) for h in heard] == [Said, Went]
    assert heard[1] == Went("Carol")
