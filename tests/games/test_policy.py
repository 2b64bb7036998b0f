"""match.policy: what a person at this keyboard may do and see, without a screen."""

from __future__ import annotations

from pathlib import Path

from engine.duel import Setup, legal_actions
from engine.duel.game import DUEL
from match import policy
from match.history import History
from match.match import Match
from match.seats import Seat
from match.store import Store

ANN, BOB, CAROL = "key:ann", "key:bob", "key:carol"


def _table(path: Path, *, join: bool = True) -> tuple[Match, Match | None]:
    """Ann's match of a two-terminal game (Ann starts), and Bob's if he joined."""
    ann = Match.new(
        Setup(seed=31, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert ann.code is not None
    if not join:
        return ann, None
    bob = Match.join(Store.open(path), ann.code, me=BOB, name="Bob")
    ann.poll()
    return ann, bob


def _first_move(ann: Match, *others: Match) -> None:
    assert ann.play(legal_actions(ann.state)[0]) is None
    for match in others:
        match.poll()


def test_one_keyboard_moves_sees_everything_and_may_ask_hints() -> None:
    match = Match(History.start(DUEL, Setup(seed=3)), (Seat(name="Ann"), Seat(name="Bob")))
    assert policy.turn(match) == "here"
    assert policy.move_refusal(match) is None
    assert not policy.deal_hidden(match)
    assert policy.may_ask_hint(match)
    assert [policy.seat_shown_as(match, seat) for seat in (0, 1)] == ["human", "human"]


def test_the_computer_to_move_keeps_the_keyboard_waiting() -> None:
    seats = (Seat(name="Ann", kind="easy"), Seat(name="Bob"))
    match = Match(History.start(DUEL, Setup(seed=3, starter=0)), seats)
    assert policy.turn(match) == "computer"
    assert policy.move_refusal(match) == "Please wait: Ann (computer) is to move."
    assert not policy.may_ask_hint(match)
    assert policy.seat_shown_as(match, 0) == "easy"
    match.play_computer()
    assert policy.turn(match) == "here" and policy.move_refusal(match) is None


def test_a_seat_nobody_has_taken_is_shown_as_free_until_someone_does(tmp_path: Path) -> None:
    ann, _ = _table(tmp_path / "games.sqlite3", join=False)
    assert policy.seat_shown_as(ann, 1) == "free"
    assert ann.code is not None
    Match.join(Store.open(tmp_path / "games.sqlite3"), ann.code, me=BOB, name="Bob")
    ann.poll()
    assert policy.seat_shown_as(ann, 1) == "remote"


def test_across_terminals_the_deal_stays_hidden_and_the_other_waits(tmp_path: Path) -> None:
    ann, bob = _table(tmp_path / "games.sqlite3")
    assert bob is not None
    assert policy.turn(ann) == "here" and policy.turn(bob) == "away"
    assert policy.move_refusal(bob) == "Please wait: it is Ann's turn, in another terminal."
    assert policy.deal_hidden(ann) and policy.deal_hidden(bob)
    assert policy.seat_shown_as(ann, 1) == "remote" and policy.seat_shown_as(ann, 0) == "human"
    assert not policy.may_ask_hint(bob)
    _first_move(ann, bob)
    assert policy.turn(ann) == "away" and policy.turn(bob) == "here"


def test_a_table_no_one_has_joined_waits_for_a_player(tmp_path: Path) -> None:
    ann, _ = _table(tmp_path / "games.sqlite3", join=False)
    _first_move(ann)
    assert policy.turn(ann) == "unjoined"
    assert policy.move_refusal(ann) == "Please wait: it is Player 2's turn, in another terminal."


def test_a_player_who_left_is_waited_for_as_such(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    ann, bob = _table(path)
    assert bob is not None
    _first_move(ann, bob)
    bob.close()
    ann.poll()
    ann.presence_live = (True, False)  # as the next presence look finds it
    assert policy.turn(ann) == "left"


def test_a_watcher_neither_moves_nor_asks_hints(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    ann, _ = _table(path)
    assert ann.game_id is not None
    carol = Match.open(Store.open(path), ann.game_id, me=CAROL, seats=frozenset())
    assert policy.turn(carol) == "watching"
    assert policy.move_refusal(carol) == "You are watching this game: only its players move."
    assert not policy.may_ask_hint(carol)


def test_once_the_game_is_over_nothing_is_hidden(tmp_path: Path) -> None:
    ann, bob = _table(tmp_path / "games.sqlite3")
    assert bob is not None
    matches = {0: ann, 1: bob}
    while not ann.state.over:
        seat = ann.to_move
        assert seat is not None
        assert matches[seat].play(legal_actions(matches[seat].state)[0]) is None
        matches[1 - seat].poll()
    assert policy.turn(ann) == "over" and policy.turn(bob) == "over"
    assert not policy.deal_hidden(ann)
    assert not policy.may_ask_hint(ann)
    assert policy.move_refusal(ann) is None  # the match refuses the move itself


def test_the_computer_s_wait_stays_within_its_range() -> None:
    match = Match(History.start(DUEL, Setup(seed=3)), (Seat(name="Ann"), Seat(name="Bob")))
    match.delay = 0.2
    assert policy.set_delay(match, -1) == 0.0
    assert policy.set_delay(match, -1) == 0.0
    match.delay = 2.9
    assert policy.set_delay(match, 1) == policy.MAX_DELAY
    assert match.delay == policy.MAX_DELAY
