"""Takebacks at a table of three or more: every other person agrees, any declines."""

from __future__ import annotations

import random
from pathlib import Path

from engine.games import game
from match import service
from match.events import Event, Notice, Rewound, TakebackAsked
from match.match import Match
from match.seats import Seat
from match.store import Store

BUILDERS = game("builders")
KEYS = ("key:ann", "key:bob", "key:cy", "key:dee")
NAMES = ("Ann", "Bob", "Cy", "Dee")


def _table(path: Path, seats: tuple[Seat, ...]) -> list[Match]:
    """A Builders table with a process for each person (seat 0 hosts)."""
    setup = BUILDERS.deal(len(seats), random.Random(3), {"starter": "0"})
    host = service.host(Store.open(path), setup, seats, mine=0, me=KEYS[0])
    assert host.code is not None
    people = [host]
    for index, seat in enumerate(seats):
        if index and not seat.computer:
            people.append(service.join(Store.open(path), host.code, me=KEYS[index], name=seat.name))
    for match in people:
        match.poll()  # each sees who took the other seats
    return people


def _heard(match: Match) -> list[Event]:
    events: list[Event] = []
    match.subscribe(events.append)
    return events


def test_a_takeback_at_three_is_made_once_both_others_agree(tmp_path: Path) -> None:
    ann, bob, cy = _table(tmp_path / "g.sqlite3", tuple(Seat(name=n) for n in NAMES[:3]))
    heard = {m: _heard(m) for m in (ann, bob, cy)}
    before = ann.state
    assert ann.play(BUILDERS.legal_actions(ann.state)[0]) is None
    for match in (bob, cy):
        match.poll()
    assert ann.can_undo()
    asked = ann.undo()
    assert "Bob, Cy" in asked
    for match in (bob, cy):
        match.poll()
        assert any(isinstance(e, TakebackAsked) for e in heard[match])
    # Bob agrees: nothing is taken back while Cy has not.
    said = bob.answer_takeback(True)
    assert "Cy" in said and bob.state != before
    for match in (ann, cy):
        match.poll()
    assert ann.state != before and cy.request is not None and cy.request.agreed == {1}
    # Bob cannot agree twice; Cy's consent makes it.
    assert bob.answer_takeback(True) == "There is no takeback to answer."
    assert cy.answer_takeback(True).startswith("You let Ann")
    for match in (ann, bob, cy):
        match.poll()
        assert match.state == before and match.request is None
    rewound = {m: [str(e.message) for e in heard[m] if isinstance(e, Rewound)] for m in heard}
    assert rewound[ann] == ["Bob, Cy agreed: your move was taken back."]
    # Bob agreed first: he is told what came of it, not that the game changed.
    assert rewound[bob] == ["Everyone agreed: Ann's move was taken back."]
    assert rewound[cy] == ["You let Ann take back their move."]
    # Two agreed: the languages whose verb counts them say so.
    from tui.i18n import translations

    ann_told = next(e.message for e in heard[ann] if isinstance(e, Rewound))
    assert ann_told.render(translations("de")).startswith("Bob, Cy sind einverstanden")
    assert ann_told.render(translations("ru")).startswith("Игроки Bob, Cy согласились")


def test_one_person_declining_drops_the_takeback(tmp_path: Path) -> None:
    ann, bob, cy, dee = _table(tmp_path / "g.sqlite3", tuple(Seat(name=n) for n in NAMES))
    heard = _heard(ann)
    assert ann.play(BUILDERS.legal_actions(ann.state)[0]) is None
    moved = ann.state
    ann.undo()
    for match in (bob, cy, dee):
        match.poll()
    bob.answer_takeback(True)
    cy.poll()
    cy.answer_takeback(False)
    for match in (ann, bob, cy, dee):
        match.poll()
        assert match.state == moved and match.request is None
    declined = [e.message for e in heard if isinstance(e, Notice)]
    assert declined and "declined" in declined[-1]


def test_a_computer_has_no_say_in_a_takeback(tmp_path: Path) -> None:
    seats = (Seat(name="Ann"), Seat(name="Bob"), Seat(name="CPU", kind="hard"))
    ann, bob = _table(tmp_path / "g.sqlite3", seats)
    before = ann.state
    assert ann.play(BUILDERS.legal_actions(ann.state)[0]) is None
    bob.poll()
    assert "Asked Bob to take back" in ann.undo()
    bob.poll()
    bob.answer_takeback(True)
    ann.poll()
    assert ann.state == before


def test_a_decline_is_for_the_message_line_too(tmp_path: Path) -> None:
    # The asker's line said "waiting for the answer"; the toast of a decline
    # faded and left it there (issue #33): the notice now replaces the line.
    ann, bob = _table(tmp_path / "g.sqlite3", tuple(Seat(name=n) for n in NAMES[:2]))
    heard = _heard(ann)
    assert ann.play(BUILDERS.legal_actions(ann.state)[0]) is None
    bob.poll()
    assert "waiting for the answer" in ann.undo()
    bob.poll()
    bob.answer_takeback(False)
    ann.poll()
    (notice,) = [e for e in heard if isinstance(e, Notice)]
    assert notice.line and "declined" in notice.message


def test_the_asker_withdraws_and_no_one_is_asked_any_more(tmp_path: Path) -> None:
    ann, bob, cy = _table(tmp_path / "g.sqlite3", tuple(Seat(name=n) for n in NAMES[:3]))
    assert ann.play(BUILDERS.legal_actions(ann.state)[0]) is None
    for match in (bob, cy):
        match.poll()
    ann.undo()
    assert bob.withdraw_takeback() is None  # only the asker withdraws
    assert ann.withdraw_takeback() == "Takeback request withdrawn."
    assert ann.request is None and ann.withdraw_takeback() is None
    for match in (bob, cy):
        match.poll()
        assert match.request is None
    assert bob.answer_takeback(True) == "There is no takeback to answer."
    assert ann.can_undo()  # and may ask again


def test_no_takeback_is_asked_once_the_game_is_over(tmp_path: Path) -> None:
    ann, bob = _table(tmp_path / "g.sqlite3", tuple(Seat(name=n) for n in NAMES[:2]))
    rng = random.Random(4)
    people = {0: ann, 1: bob}
    while not BUILDERS.over(ann.state):
        mover = people[BUILDERS.current_player(ann.state)]
        assert mover.play(rng.choice(BUILDERS.legal_actions(mover.state))) is None
        for match in people.values():
            match.poll()
    for match in people.values():
        assert not match.can_undo()
        assert match.why_no_undo() == "The game is over: moves are no longer taken back."
        assert match.undo() == "The game is over: moves are no longer taken back."
        assert match.request is None
