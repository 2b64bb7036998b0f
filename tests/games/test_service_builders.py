"""The service opens any game by its set-up: a Builders set-up is played by
Builders' rules at three and four seats, hosted, joined and resumed, and the
log and undo go by the game's turns, not by "the same seat again"."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.duel import Setup as DuelSetup
from engine.games import game
from match import service
from match.history import History
from match.log import Log
from match.seats import Seat
from match.store import Store

BUILDERS = game("builders")
KEYS = ("key:ann", "key:bob", "key:cy", "key:dee")
NAMES = ("Ann", "Bob", "Cy", "Dee")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def _seats(count: int) -> tuple[Seat, ...]:
    return tuple(Seat(name=NAMES[i]) for i in range(count))


@pytest.mark.parametrize("count", [3, 4])
def test_a_builders_set_up_is_played_by_builders_rules(path: Path, count: int) -> None:
    setup = service.deal("builders", {"variant": "yes"}, seats=count, rng=random.Random(count))
    opened = service.start(setup, _seats(count), store=Store.open(path), me=KEYS[0])
    match = opened.match
    assert opened.not_kept is None
    assert match.rules is BUILDERS and len(match.seats) == count
    assert set(match.rules.legal_actions(match.state)) == set(BUILDERS.legal_actions(match.state))
    rng = random.Random(5)
    for _ in range(12):
        assert match.play(rng.choice(list(BUILDERS.legal_actions(match.state)))) is None
    # Kept as a game of Builders, and resumed as one, at every seat.
    (kept,) = Store.open(path).games(statuses=("open", "playing"))
    assert kept.kind == "builders" and len(kept.seats) == count
    assert match.game_id is not None
    match.close()
    back = service.resume(Store.open(path), match.game_id, me=KEYS[0])
    assert back.rules is BUILDERS and back.state == match.state
    assert back.here == frozenset(range(count))


@pytest.mark.parametrize("count", [3, 4])
def test_a_builders_table_is_hosted_and_every_seat_joined(path: Path, count: int) -> None:
    setup = service.deal("builders", seats=count, rng=random.Random(1))
    table = service.host(
        Store.open(path), setup, _seats(count), mine=1, me=KEYS[1], kind="builders"
    )
    assert table.rules is BUILDERS and table.here == {1} and table.code is not None
    guests = [
        service.join(Store.open(path), table.code, me=KEYS[i], name=NAMES[i])
        for i in range(count)
        if i != 1
    ]
    assert sorted(seat for g in guests for seat in g.here) == [i for i in range(count) if i != 1]
    assert all(g.rules is BUILDERS for g in guests)
    (stored,) = Store.open(path).games(statuses=("open", "playing"))
    assert stored.status == "playing" and stored.kind == "builders"


def test_the_kind_and_the_seats_must_fit_the_set_up(path: Path) -> None:
    store = Store.open(path)
    builders = service.deal("builders", seats=3, rng=random.Random(2))
    with pytest.raises(service.Unavailable, match="not of 'duel'"):
        service.start(builders, _seats(3), kind="duel", store=store, me=KEYS[0])
    with pytest.raises(service.Unavailable, match="for 3 players, not 4"):
        service.host(store, builders, _seats(4), mine=0, me=KEYS[0])
    with pytest.raises(service.Unavailable, match="no seat 5"):
        service.host(store, builders, _seats(3), mine=4, me=KEYS[0])
    # A Duel's set-up stays the Duel's, whatever else is dealt.
    duel = service.start(DuelSetup(seed=3), _seats(2), store=None, me=KEYS[0]).match
    assert duel.rules.kind == "duel"
    assert store.games(statuses=("open", "playing", "over")) == []


def _market_pick(seed: int) -> tuple[History, int]:
    """A history at a market pick made by a seat in another seat's turn, and that ply."""
    rng = random.Random(seed)
    for _ in range(200):
        setup = BUILDERS.deal(3, rng)
        history = History.start(BUILDERS, setup, undo_mode="free")
        while not BUILDERS.over(history.state):
            state: Any = history.state
            if state.step == "take" and BUILDERS.current_player(state) != state.turn:
                return history, history.cursor
            history.push(rng.choice(list(BUILDERS.legal_actions(state))))
    raise AssertionError("no market pick by another seat in 200 games")


def test_a_market_pick_in_anothers_turn_is_told_with_that_turn() -> None:
    history, pick = _market_pick(7)
    picker = BUILDERS.current_player(history.state)
    history.push(BUILDERS.legal_actions(history.state)[0])
    # Play on until the picker's own turn has had a decision.
    rng = random.Random(1)
    while BUILDERS.turn(history.state) != picker:
        history.push(rng.choice(list(BUILDERS.legal_actions(history.state))))
    history.push(rng.choice(list(BUILDERS.legal_actions(history.state))))
    log = Log(BUILDERS)
    names = NAMES[:3]
    log.rebuild(history, names)
    told = log.told(history)
    pick_line = log.lines[pick]
    (entry,) = [e for e in told if pick_line in e]
    # The pick is told inside the sailing turn, never merged into the picker's own.
    assert BUILDERS.turn(history.states[pick]) != picker
    assert _turn_start(history, pick) < pick
    assert entry.startswith(log.lines[_turn_start(history, pick)])
    own = [e for e in told if e.startswith(log.lines[_turn_start(history, history.cursor - 1)])]
    assert own and pick_line not in own[-1]


def _turn_start(history: History, ply: int) -> int:
    turn = BUILDERS.turn(history.states[ply])
    while ply > 0 and BUILDERS.turn(history.states[ply - 1]) == turn:
        ply -= 1
    return ply


def test_undo_to_my_last_decision_skips_a_pick_in_anothers_turn() -> None:
    history, _pick = _market_pick(11)
    picker = BUILDERS.current_player(history.state)
    mine_before = history.undo_target(picker)
    history.push(BUILDERS.legal_actions(history.state)[0])
    # The pick is the picker's latest decision, but not in a turn of theirs:
    # undo goes back to their own turn's last decision, as before the pick.
    assert history.undo_target(picker) == mine_before
    assert mine_before is None or BUILDERS.turn(history.states[mine_before]) == picker


def test_the_store_keeps_who_won_as_the_rules_said(path: Path) -> None:
    setup = service.deal("builders", seats=3, rng=random.Random(9))
    match = service.start(setup, _seats(3), store=Store.open(path), me=KEYS[0]).match
    rng = random.Random(9)
    while not BUILDERS.over(match.state):
        assert match.play(rng.choice(list(BUILDERS.legal_actions(match.state)))) is None
    result = BUILDERS.result(match.state, NAMES[:3])
    assert result is not None
    (over,) = Store.open(path).games(statuses=("over",))
    assert over.winners == result.winners and over.scores == result.totals


def test_the_command_line_hosts_a_builders_table_from_the_games_options(path: Path) -> None:
    from cli.main import CommandLineError, build_app, parse_args

    common = ["--store", str(path), "--name", "Ann"]
    app = build_app(
        parse_args(["host", "--game", "builders", "--seats", "3", "--seat", "2", *common])
    )
    match = app._open_match
    assert match is not None and match.rules is BUILDERS
    assert len(match.seats) == 3 and match.here == {1} and match.seats[1].name == "Ann"
    app = build_app(
        parse_args(["host", "--game", "builders", "--starter", "4", "--seats", "4", *common])
    )
    assert app._open_match is not None and app._open_match.history.setup.starter == 3
    refused = [
        (["--game", "builders", "--sides", "ABBA"], "builders has no option --sides"),
        (["--game", "builders", "--seats", "5"], "not 5"),
        (["--game", "builders", "--seat", "4", "--seats", "3"], "no seat 4"),
        (["--game", "builders", "--variant", "maybe"], "variant is no or yes"),
        (["--game", "builders", "--starter", "3"], "starter is"),
    ]
    for flags, words in refused:
        with pytest.raises(CommandLineError, match=words):
            build_app(parse_args(["host", *flags, *common]))
