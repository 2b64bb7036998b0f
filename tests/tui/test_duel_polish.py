"""A duel between people, as the other player and a watcher see it (issue 24)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from engine.duel import Action, Play, Setup, apply, legal_actions
from engine.duel.game import DUEL
from match.match import Match, TakebackAsked
from match.seats import Seat
from match.store import SCHEMA_VERSION, Store
from tui.app import ImhotepApp
from tui.duel.screens.game import GameScreen
from tui.duel.screens.game_over import GameOverScreen
from tui.widgets.keybar import KeyBar
from tui.widgets.line import Line

ANN, BOB, CAROL = "key:ann", "key:bob", "key:carol"


def _duel(store: Store, seed: int = 31) -> tuple[Match, Match]:
    """Ann's and Bob's matches of one game across terminals, Ann starting
    (each with its own connection, as two processes have)."""
    ann = Match.new(
        Setup(seed=seed, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=store,
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert ann.code is not None
    bob = Match.join(Store.open(store.path), ann.code, me=BOB, name="Bob")
    ann.poll()
    return ann, bob


def _play_for(matches: dict[int, Match], actions: list[Action]) -> None:
    """Each action played by the match of the seat to move."""
    for action in actions:
        seat = matches[0].to_move
        assert seat is not None
        assert matches[seat].play(action) is None, action
        for match in matches.values():
            match.poll()


async def _until(pilot: Pilot[None], check: Callable[[], bool], timeout: float = 10) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never showed it")


def _screen(app: ImhotepApp) -> GameScreen:
    screen = app.game_screen
    assert screen is not None
    return screen


def _keys(app: ImhotepApp) -> str:
    return app.screen.query_one(KeyBar).render().plain


# --- 2. watching is watching ---------------------------------------------------------


async def test_a_watcher_is_told_they_watch_and_sees_only_their_keys(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = Store.open(path)
    ann, bob = _duel(store)
    _play_for({0: ann, 1: bob}, [legal_actions(ann.state)[0]])
    assert ann.game_id is not None
    watching = Match.open(Store.open(path), ann.game_id, me=CAROL, seats=frozenset())
    assert watching.watching and not ann.watching
    app = ImhotepApp(open_match=watching, store=watching.store, me=CAROL)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await pilot.pause()
        prompt = screen.query_one("#prompt", Line).plain
        assert "watching" in prompt and "Bob" in prompt
        keys = _keys(app)
        for word in ("Undo", "Redo", "Save", "Choose"):
            assert word not in keys, keys
        assert "Log" in keys and "Help" in keys
        await pilot.press("z")
        said = screen.query_one("#message", Line).plain
        assert "computer" not in said and "watching" in said
        await pilot.press("5")
        assert "watching" in screen.query_one("#message", Line).plain
        assert watching.history.cursor == 1


async def test_a_watcher_is_offered_no_new_game_at_the_end(tmp_path: Path) -> None:
    setup = Setup(seed=8, starter=0)
    state, actions = setup.start(), []
    rng = random.Random(8)
    while not state.over:
        actions.append(rng.choice(legal_actions(state)))
        state = apply(state, actions[-1])
    path = tmp_path / "games.sqlite3"
    store = Store.open(path)
    ann, bob = _duel(store, seed=8)
    _play_for({0: ann, 1: bob}, actions[:-1])
    assert ann.game_id is not None
    watching = Match.open(Store.open(path), ann.game_id, me=CAROL, seats=frozenset())
    app = ImhotepApp(open_match=watching, store=watching.store, me=CAROL)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await pilot.pause()
        _play_for({0: ann, 1: bob}, actions[-1:])
        await _until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        dialog = app.screen
        assert not dialog.query("#new")
        await pilot.press("n")
        assert isinstance(app.screen, GameOverScreen)  # n does nothing here
        await pilot.press("b")
        assert app.screen is screen
        assert "New game" not in _keys(app)
        assert "Press n" not in screen.query_one("#message", Line).plain


# --- 1. what the other player did ----------------------------------------------------


def _token_turn(seed: int) -> tuple[Setup, list[Action], list[Action]]:
    """Moves up to a turn of the second player's that plays a token of two or
    more steps, and that turn's actions."""
    for attempt in range(seed, seed + 200):
        setup = Setup(seed=attempt, starter=0)
        state, before = setup.start(), []
        rng = random.Random(attempt)
        while not state.over:
            legal = legal_actions(state)
            plays = [a for a in legal if isinstance(a, Play)]
            if state.turn == 1 and state.pending is None and plays:
                turn = [plays[0]]
                after = apply(state, plays[0])
                while after.pending is not None and not after.over:
                    turn.append(legal_actions(after)[0])
                    after = apply(after, turn[-1])
                if len(turn) >= 3:
                    return setup, before, turn
            action = rng.choice(legal)
            before.append(action)
            state = apply(state, action)
    raise AssertionError("no token of several steps was found")


async def test_a_token_from_the_other_side_is_announced_whole(tmp_path: Path) -> None:
    setup, before, turn = _token_turn(40)
    path = tmp_path / "games.sqlite3"
    store = Store.open(path)
    ann, bob = _duel(store, seed=setup.seed)
    _play_for({0: ann, 1: bob}, before)
    app = ImhotepApp(open_match=ann, store=store, me=ANN)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = _screen(app)
        await pilot.pause()
        _play_for({0: ann, 1: bob}, turn)
        await _until(pilot, lambda: len(ann.history.actions) == len(before) + len(turn))
        await pilot.pause()
        said = screen.query_one("#message", Line).plain
        token = ann.log[len(before)]
        last = ann.log[-1]
        assert "plays" in token
        # The token's sentence and its last step, on the message line.
        assert token.rstrip(".") in said, said
        assert last.partition(" ")[2].rstrip(".")[:30] in said, said


# --- 3. finished games stay reachable ------------------------------------------------


def _finished_duel(path: Path, first: str, second: str, names: tuple[str, str], seed: int) -> int:
    setup = Setup(seed=seed, starter=0)
    state, actions = setup.start(), []
    rng = random.Random(seed)
    while not state.over:
        actions.append(rng.choice(legal_actions(state)))
        state = apply(state, actions[-1])
    host = Match.new(
        setup,
        (Seat(name=names[0]), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=first,
    )
    assert host.code is not None and host.store is not None
    guest = Match.join(Store.open(path), host.code, me=second, name=names[1])
    host.poll()
    _play_for({0: host, 1: guest}, actions)
    host.close()
    guest.close()
    assert host.game_id is not None and host.state.over
    return host.game_id


async def test_the_lobby_lists_finished_games_and_replays_them(tmp_path: Path) -> None:
    from textual.widgets import DataTable

    from tui.duel.screens.log import LogScreen
    from tui.lobby_lists import lobby_lists
    from tui.screens.lobby import LobbyScreen

    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        for player, name in ((ANN, "ann"), (BOB, "bob"), (CAROL, "carol")):
            store.name_player(player, name)
    others = _finished_duel(path, BOB, CAROL, ("bob", "carol"), seed=9)
    mine = _finished_duel(path, ANN, BOB, ("ann", "bob"), seed=8)
    with Store.open(path) as store:
        finished = lobby_lists(store, CAROL).finished
        # Carol's own game first, even though Ann's ended later.
        assert [row.game_id for row in finished] == [others, mine]
        stored = store.game(others)
        scores = Match.open(store, others, me=CAROL, seats=frozenset()).state
        assert stored.status == "over" and scores.over
        result = finished[0].cells[1]
        assert result in ("you won", "you lost")
        assert finished[1].cells[1].endswith(" won")
    app = ImhotepApp(store=Store.open(path), me=CAROL, disk=False, lobby="carol")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        table = app.screen.query_one("#finished", DataTable)
        assert table.row_count == 2
        table.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        assert app.screen.history.state.over
        assert not app.screen.check_action("export", ())


# --- 4. hints between people are a table rule -------------------------------------------


async def test_hints_against_another_terminal_are_off_unless_the_table_allows_them(
    tmp_path: Path,
) -> None:
    store = Store.open(tmp_path / "games.sqlite3")
    ann, bob = _duel(store)
    assert not ann.hints_on and not bob.hints_on
    app = ImhotepApp(open_match=ann, store=store, me=ANN)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await pilot.pause()
        await pilot.press("H")
        await pilot.pause(0.2)
        said = screen.query_one("#message", Line).plain
        assert "Hint [" not in said and "off at this table" in said
    assert ann.hints_used == (0, 0)


async def test_an_allowed_hint_is_told_to_the_other_player(tmp_path: Path) -> None:
    from match.match import Notice

    path = tmp_path / "games.sqlite3"
    ann = Match.new(
        Setup(seed=31, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
        hints=True,
    )
    assert ann.code is not None
    bob = Match.join(Store.open(path), ann.code, me=BOB, name="Bob")
    ann.poll()
    assert bob.hints_allowed and ann.hints_on and bob.hints_on
    told: list[str] = []
    bob.subscribe(lambda event: told.append(event.message) if isinstance(event, Notice) else None)
    app = ImhotepApp(open_match=ann, store=ann.store, me=ANN)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await pilot.pause()
        await pilot.press("H")
        await _until(pilot, lambda: "Hint [" in screen.query_one("#message", Line).plain)
        bob.poll()
        assert told == ["Ann asked the computer for a hint."]
        assert bob.hints_used == (1, 0)
        bob.poll()
        assert len(told) == 1  # told once for each hint


def test_a_store_of_the_first_version_is_upgraded_with_its_games(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        ann, bob = _duel(store)
        _play_for({0: ann, 1: bob}, [legal_actions(ann.state)[0]])
        game_id = ann.game_id
        ann.close()
        bob.close()
        assert game_id is not None
    # The store as version 1 wrote it: no revision (version 2), no hint columns (3),
    # no counters (4), the scores in the games' rows and no game kinds (5), no
    # winners nor takeback consents (6).
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE requests DROP COLUMN agreed")
    db.execute("DROP TABLE meta")
    for column in ("revision", "hints", "kind", "seat_count"):
        db.execute(f"ALTER TABLE games DROP COLUMN {column}")
    for column in ("score0", "score1"):
        db.execute(f"ALTER TABLE games ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0")
    for column in ("score", "hints_used", "won"):
        db.execute(f"ALTER TABLE seats DROP COLUMN {column}")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    with Store.open(path) as store:
        stored = store.game(game_id)
        assert len(stored.actions) == 1 and not stored.hints and stored.hints_used == (0, 0)
        store.use_hint(game_id, 1)
        assert store.game(game_id).hints_used == (0, 1)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 7
    db.close()


# --- 7. every token code explained at 80x24 ------------------------------------------


async def test_every_token_code_is_on_screen_one_key_away() -> None:
    from engine.duel.tokens import (
        ACTION_TOKENS,
        CHAMBERS,
        DARK_PYRAMID,
        LIGHT_PYRAMID,
        OBELISK,
        TEMPLES,
    )
    from match.history import History
    from tui.duel.token_words import action_key, short_name
    from tui.duel.widgets.harbor import Harbor

    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat(name="Ann"), Seat(name="Bob"))
        app.show_match(Match(History.start(DUEL, Setup(seed=3, starter=0)), seats))
        await pilot.pause()
        screen = _screen(app)
        assert "C Codes" in _keys(app)
        harbor = screen.query_one(Harbor)
        corner = "\n".join(strip.text for strip in harbor.lines(harbor.content_size.width))
        # The action tokens are keyed in the harbor's corner ...
        for code, words in action_key():
            assert f"{code} {words}" in corner, code
        assert {code for code, _words in action_key()} == set(ACTION_TOKENS)
        # ... and C names the others on the message line.
        await pilot.press("C")
        said = screen.query_one("#message", Line).plain
        for code in (OBELISK, LIGHT_PYRAMID, DARK_PYRAMID):
            assert f"{code} {short_name(code)}" in said, code
        for first, last in ((TEMPLES[0], TEMPLES[-1]), (CHAMBERS[0], CHAMBERS[-1])):
            assert f"{first}-{last} " in said, said


# --- 6. words: two tokens alike ----------------------------------------------------------


def test_two_tokens_alike_to_one_player_are_counted() -> None:
    from engine.duel import Unload, describe, preview_unload
    from tui.duel.glyphs import UNICODE
    from tui.duel.unload_preview import preview_sentences

    for seed in range(400):
        setup = Setup(seed=seed, starter=0)
        state = setup.start()
        rng = random.Random(seed)
        while not state.over:
            legal = legal_actions(state)
            for action in legal:
                if not isinstance(action, Unload):
                    continue
                preview = preview_unload(state, action.boat)
                for who in (0, 1):
                    taken = preview.tokens_for(who)
                    if len(set(taken)) < len(taken) and taken.count("OB") == 2:
                        said = " ".join(preview_sentences(preview, ("Ann", "Bob"), UNICODE))
                        name = ("Ann", "Bob")[who]
                        assert "an obelisk and an obelisk" not in said
                        assert f"{name} takes 2 obelisks" in said, said
                        logged = describe(state, action, ("Ann", "Bob"))
                        assert f"{name} takes 2 obelisks" in logged, logged
                        assert logged.count(f"{name} takes") == 1, logged
                        return
            action = rng.choice(legal)
            state = apply(state, action)
    raise AssertionError("no unload gave one player two obelisks")


# --- 5. the prompt with no meeple left --------------------------------------------------


async def test_the_prompt_offers_no_meeple_when_none_is_left() -> None:
    from engine.duel import step_prompt
    from engine.duel.actions import PASS
    from match.history import History

    for seed in range(200):
        setup = Setup(seed=seed, starter=0)
        history = History.start(DUEL, setup)
        rng = random.Random(seed)
        state = history.state
        while not state.over:
            legal = legal_actions(state)
            if state.pending is None and state.players[state.turn].meeples == 0 and legal != [PASS]:
                break
            history.push(rng.choice(legal))
            state = history.state
        else:
            continue
        break
    else:
        raise AssertionError("no turn began with every meeple on the grid")
    assert "place a meeple" not in step_prompt(state)
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat(name="Ann"), Seat(name="Bob"))
        app.show_match(Match(history, seats))
        await pilot.pause()
        prompt = _screen(app).query_one("#prompt", Line).plain
        assert "meeples are on the grid" in prompt and "1-9" not in prompt, prompt


# --- 5. a long move from the other side fits the message line ------------------------------


async def test_an_unload_from_the_other_side_is_told_whole_in_german(tmp_path: Path) -> None:
    from engine.duel import Unload, describe
    from tui import i18n

    i18n.use("de")
    try:
        found = None
        for seed in range(60):
            setup = Setup(seed=seed, starter=0)
            state, before = setup.start(), []
            rng = random.Random(seed)
            while not state.over and found is None:
                action = rng.choice(legal_actions(state))
                told = i18n.tr(describe(state, action, ("Ann", "Bob")))
                mine = state.turn == 1 and state.pending is None
                # An unload of Bob's longer than the message line holds.
                if mine and isinstance(action, Unload) and len(told) > 2 * 78:
                    found = (setup, before, action)
                    break
                before.append(action)
                state = apply(state, action)
            if found:
                break
    finally:
        i18n.use("en")
    assert found is not None, "no unload too long for the line in German"
    setup, before, unload = found
    path = tmp_path / "games.sqlite3"
    store = Store.open(path)
    ann, bob = _duel(store, seed=setup.seed)
    _play_for({0: ann, 1: bob}, before)
    app = ImhotepApp(open_match=ann, store=store, me=ANN, lang="de")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await pilot.pause()
        _play_for({0: ann, 1: bob}, [unload])
        await _until(pilot, lambda: len(ann.history.actions) == len(before) + 1)
        await pilot.pause()
        line = screen.query_one("#message", Line)
        said = line.plain
        assert "Bob" in said and line.sentences_shown((said,)) == 1, said
        assert "…" not in said and "..." not in said


async def test_a_hint_too_long_for_the_line_keeps_why(monkeypatch: pytest.MonkeyPatch) -> None:
    from ai import duel as ai
    from engine.duel.tokens import PLACE_UNLOAD, token_name
    from engine.message import msg, pmsg
    from match.history import History

    steps = pmsg("hint step", "playing {token}", token=token_name(PLACE_UNLOAD))
    for cell in (2, 5, 8):
        step = pmsg("hint step", "a meeple on cell {cell}", cell=cell)
        steps = msg("{steps}, then {step}", steps=steps, step=step)
    effect = msg("gives you {tokens} ({points})", tokens="2 obelisks", points="+8")
    reason = msg("{steps} {effect}", steps=steps, effect=effect)
    assert ai.brief(reason) is effect

    def long_hint(state: object, **_kwargs: object) -> tuple[object, object]:
        return legal_actions(state)[0], reason  # type: ignore[arg-type]

    monkeypatch.setattr(ai, "hint", long_hint)
    app = ImhotepApp(lang="de")
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat(name="Ann"), Seat(name="Bob"))
        app.show_match(Match(History.start(DUEL, Setup(seed=3, starter=0)), seats))
        await pilot.pause()
        screen = _screen(app)
        await pilot.press("H")
        line = screen.query_one("#message", Line)
        await _until(pilot, lambda: "[" in line.plain and "+8" in line.plain)
        assert line.sentences_shown((line.plain,)) == 1, line.plain


def test_a_watcher_is_not_asked_a_takeback_and_cannot_answer_one(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = Store.open(path)
    ann, bob = _duel(store)
    watching = Match.open(Store.open(path), ann.game_id or 0, me=CAROL, seats=frozenset())
    seen: list[object] = []
    watching.subscribe(seen.append)
    _play_for({0: ann, 1: bob}, [legal_actions(ann.state)[0]])
    watching.poll()
    assert "Asked" in ann.undo()
    watching.poll()
    bob.poll()
    assert not [e for e in seen if isinstance(e, TakebackAsked)]
    assert "no takeback" in watching.answer_takeback(True)
    bob.poll()
    assert bob.history.cursor == 1 and bob.request is not None  # still Bob's to answer
    assert "take back" in bob.answer_takeback(True)
    assert bob.history.cursor == 0
