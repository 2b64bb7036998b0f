"""One player with a game open in two terminals (two SSH sessions of one key,
or two terminals of one account sharing a store).

The second terminal cannot play the seat the first one holds: it is told why
(the player plays the game in the other terminal), and once the first one
leaves, the second one takes the seat and says so, rather than telling the
player that they themselves have left.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.duel import Setup, legal_actions
from engine.games import game
from match import policy, presence
from match.match import Event, Match, SeatsChanged
from match.seats import Seat
from match.store import Store

ANN, BOB, CAROL = "key:ann", "key:bob", "key:carol"
LOCAL = "local:ann"
ELSEWHERE = (
    "You play this game in another terminal: this one watches "
    "until you leave it there, then plays your seat."
)
TAKEN = "Your other terminal has left this game: you play it here now."


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture(autouse=True)
def _look_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # A waiting process looks at presence every couple of seconds: at once here.
    monkeypatch.setattr(presence, "PRESENCE_LOOK_SECONDS", 0.0)


def _table(path: Path) -> tuple[Match, Match]:
    """Ann hosts and starts, Bob joins."""
    ann = Match.new(
        Setup(seed=31, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert ann.code is not None
    bob = Match.join(Store.open(path), ann.code, me=BOB, name="Bob")
    ann.poll()
    return ann, bob


def _heard(match: Match) -> list[str]:
    said: list[Event] = []
    match.subscribe(said.append)
    return said  # type: ignore[return-value]


def _seat_news(events: list[str]) -> list[str]:
    return [e.message for e in events if isinstance(e, SeatsChanged) and e.message]  # type: ignore[attr-defined]


def test_the_second_terminal_is_told_why_it_only_watches(path: Path) -> None:
    ann, bob = _table(path)
    assert ann.game_id is not None
    again = Match.open(Store.open(path), ann.game_id, me=ANN)
    assert again.here == frozenset() and again.watching and again.elsewhere
    assert policy.turn(again) == "elsewhere"
    assert policy.move_refusal(again) == ELSEWHERE
    assert again.refusal(legal_actions(again.state)[0]) == ELSEWHERE
    assert again.why_no_undo() == ELSEWHERE
    # Someone else's watcher is a watcher, as before.
    carol = Match.open(Store.open(path), ann.game_id, me=CAROL)
    assert policy.turn(carol) == "watching" and not carol.elsewhere
    for match in (ann, bob, again, carol):
        match.close()


def test_the_second_terminal_takes_the_seat_when_the_first_leaves(path: Path) -> None:
    ann, bob = _table(path)
    assert ann.game_id is not None
    again = Match.open(Store.open(path), ann.game_id, me=ANN)
    heard = _heard(again)
    ann.close()
    again.poll()
    assert again.here == frozenset({0}) and not again.watching and not again.elsewhere
    assert _seat_news(heard) == [TAKEN]
    assert policy.turn(again) == "here"
    # The seat is held here now: Bob sees Ann there, and her move counts.
    bob.poll()
    assert bob.presence_live == (True, True)
    assert again.play(legal_actions(again.state)[0]) is None
    bob.poll()
    assert len(bob.history.actions) == 1
    again.close()
    bob.close()


def test_two_waiting_terminals_of_one_player_do_not_both_take_the_seat(path: Path) -> None:
    ann, bob = _table(path)
    assert ann.game_id is not None
    second = Match.open(Store.open(path), ann.game_id, me=ANN)
    third = Match.open(Store.open(path), ann.game_id, me=ANN)
    ann.close()
    second.poll()
    third.poll()
    assert second.here == frozenset({0})
    assert third.here == frozenset() and third.elsewhere
    assert policy.turn(third) == "elsewhere"
    for match in (bob, second, third):
        match.close()


def test_a_watcher_by_choice_takes_no_seat(path: Path) -> None:
    ann, bob = _table(path)
    assert ann.game_id is not None
    looking = Match.open(Store.open(path), ann.game_id, me=ANN, seats=frozenset())
    heard = _heard(looking)
    ann.close()
    looking.poll()
    assert looking.here == frozenset() and not looking.elsewhere
    assert _seat_news(heard) == ["Ann has left the game; it waits for them."]
    looking.close()
    bob.close()


def test_one_terminal_playing_a_seat_does_not_take_the_other(path: Path) -> None:
    # Two terminals of one account may each play a seat of one game (host
    # and join from the same account): when one leaves, the other waits for it.
    host = Match.new(
        Setup(seed=31, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=LOCAL,
    )
    assert host.code is not None
    guest = Match.join(Store.open(path), host.code, me=LOCAL, name="Ann too")
    heard = _heard(guest)
    host.close()
    guest.poll()
    assert guest.here == frozenset({1})
    assert _seat_news(heard) == ["Ann has left the game; it waits for them."]
    guest.close()


def test_a_game_at_one_keyboard_opened_in_a_second_terminal(path: Path) -> None:
    # The local case: both seats are the account's, played in one terminal
    # (hot-seat); a second terminal on the same store watches, then plays both.
    first = Match.new(
        game("builders").deal(3, random.Random(5), None),
        (Seat(name="Ann"), Seat(name="Bea"), Seat(name="Cy")),
        store=Store.open(path),
        me=LOCAL,
    )
    assert first.play(legal_actions_of(first)) is None
    assert first.game_id is not None
    second = Match.open(Store.open(path), first.game_id, me=LOCAL)
    assert second.elsewhere and policy.turn(second) == "elsewhere"
    heard = _heard(second)
    first.close()
    second.poll()
    assert second.here == frozenset({0, 1, 2}) and not second.shared
    assert _seat_news(heard) == [TAKEN]
    assert second.play(legal_actions_of(second)) is None
    second.close()


def legal_actions_of(match: Match) -> object:
    return match.rules.legal_actions(match.state)[0]
