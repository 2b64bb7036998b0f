"""The Builders game screen's other keys: undo and redo, the log and its
replay, the points, the cards, the help, saving and the end of a game."""

from __future__ import annotations

import random
import re
from pathlib import Path

from builders_screen_support import (
    BUILDERS,
    history_until,
    legal,
    match_of,
    message,
    open_game,
    show_match,
)
from textual.widgets import Button, DataTable

from engine.builders import Get, Sail, legal_actions
from match import saves
from match.history import History
from tui.app import ImhotepApp
from tui.builders.help import topics
from tui.builders.screens.cards import CardsScreen
from tui.builders.screens.details import DetailsScreen
from tui.builders.screens.game_over import GameOverScreen
from tui.builders.screens.log import LogScreen
from tui.builders.widgets.board import Board
from tui.builders.widgets.ships import ShipsView
from tui.screens.help import HelpScreen


async def test_undo_and_redo_one_step_by_keys() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history_until(3, lambda s: s.ply > 3 and s.step == "turn"))
        before = screen.state
        await pilot.press("s" if Get() in legal(screen) else "full_stop")
        moved = screen.state
        if moved is before:  # neither get nor pass: place instead
            await pilot.press("1", "1")
            moved = screen.state
        assert moved is not before
        await pilot.press("z")
        assert screen.state == before
        await pilot.press("y")
        assert screen.state == moved


async def test_undo_stops_where_a_round_card_came_to_light() -> None:
    """The first decision of a round follows the reveal of its round card and
    market cards: undo must not take it back."""
    history = history_until(2, lambda s: s.round == 2 and s.ply > 0)
    # Stand exactly after the reveal: the last step ended round 1.
    assert history.states[-2].round == 1
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history)
        before = screen.state
        assert not screen.match.can_undo()
        await pilot.press("z")
        assert screen.state is before
        assert message(screen), "the key says why it does nothing"


async def test_the_log_replays_the_game_without_touching_it() -> None:
    history = history_until(4, lambda s: s.ply >= 40)
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_game(app, history)
        now = screen.state
        await pilot.press("g")
        log = app.screen
        assert isinstance(log, LogScreen)
        assert log.query_one(DataTable).row_count == len(history.actions) + 1
        await pilot.press("home")
        await pilot.pause()
        ships = log.query_one(Board).query_one(ShipsView)
        assert ships.state == history.states[0]
        # Each player's points stand apart from the next name: played, the line
        # read "Player 1 -5 Player 2 -5 Player 3 7" (with the Wrath's -5).
        position = str(log.query_one("#position").render())
        assert position.endswith("Ann 0 pts, Bob 0 pts, Cy 0 pts, Dee 0 pts"), position
        await pilot.press("escape")
        assert app.screen is screen and screen.state is now


async def test_points_cards_and_help_are_one_key_away() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history_until(4, lambda s: s.step == "take"))
        await pilot.press("i")
        assert isinstance(app.screen, DetailsScreen)
        await pilot.press("escape")
        await pilot.press("C")
        assert isinstance(app.screen, CardsScreen)
        # The colours' meaning, with the blue cards' point, leads the list.
        await pilot.pause()
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "blue cards are played later" in shown
        assert "worth 1 point" in " ".join(shown.split())
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        # Choosing a market card: the help opens on the market.
        assert help_screen.topic == "market"
        assert help_screen.topics is topics


async def test_a_preview_opens_the_help_on_its_site() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(
            app,
            history_until(
                4,
                lambda s: (
                    s.step == "turn"
                    and any(isinstance(a, Sail) and a.site == 2 for a in legal_actions(s))
                ),
            ),
        )
        sail = next(a for a in legal(screen) if isinstance(a, Sail) and a.site == 2)
        await pilot.press(str(sail.ship + 1), "t")
        assert screen.preview is not None
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen) and app.screen.topic == "temple"


def test_a_save_reads_back_as_the_same_game_at_the_same_place(tmp_path) -> None:  # type: ignore[no-untyped-def]
    history = history_until(3, lambda s: s.ply >= 30)
    history.undo()  # the undone step is kept for redo
    path = saves.save_game_as(
        "three of us", history, names=("Ann", "Bob", "Cy"), players=("human",) * 3
    )
    assert path is not None and path.is_file()
    assert (
        saves.save_game_as("three of us", history, names=("A", "B", "C"), players=("human",) * 3)
        is None
    ), "a taken name is asked first"
    loaded = saves.read_save(path)
    assert loaded.save.kind == "builders"
    assert loaded.history.full_notation == history.full_notation
    assert loaded.history.cursor == history.cursor and loaded.history.state == history.state
    assert loaded.save.names == ("Ann", "Bob", "Cy") and loaded.save.players == ("human",) * 3


def test_a_damaged_save_is_refused_with_a_reason(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pytest

    history = History.start(BUILDERS, BUILDERS.deal(2, random.Random(2)))
    path = saves.save_game_as("x", history, names=("A", "B"), players=("human", "human"))
    assert path is not None
    text = path.read_text()
    assert '"cursor":0' in text.replace(" ", "")
    path.write_text(re.sub(r'"cursor":\s*0', '"cursor": 9', text))
    with pytest.raises(saves.StorageError):
        saves.read_save(path)


async def test_saving_from_the_screen_writes_a_save() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, history_until(2, lambda s: s.ply >= 10))
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"saved game", "enter")
        await pilot.pause()
        from match.saves import save_path

        assert save_path("saved game").is_file()
        loaded = saves.read_save(save_path("saved game"))
        assert loaded.history.state.ply >= 10


async def test_the_end_shows_every_part_of_every_score() -> None:
    history = history_until(4, lambda s: s.round == 6 and s.docked.count(-1) == 1)
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history)
        rng = random.Random(1)
        while not screen.state.over:
            screen.choose(rng.choice(legal(screen)), confirmed=True)
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        table = str(app.screen.query_one("#breakdown").render())
        for name in ("Ann", "Bob", "Cy", "Dee"):
            assert name in table
        for part in ("Pyramid", "Temple", "Burial chamber", "Obelisks", "Statues", "Total"):
            assert part in table
        # The game screen's board is 12 rows tall by its id; the dialog's Board
        # button shares that id and grew with it, its word drawn rows below.
        buttons = list(app.screen.query("#buttons Button"))
        assert buttons and {button.region.height for button in buttons} == {3}
        # Four players at 80x24: one line per part (none wrapped in two), and
        # the buttons on the screen, not below its last row.
        breakdown = app.screen.query_one("#breakdown")
        assert breakdown.region.height == len(table.splitlines())
        for button in buttons:
            assert button.region.bottom <= 24 and button.region.right <= 80
        assert max(len(line) for line in table.splitlines()) <= breakdown.content_region.width


async def test_a_click_on_a_held_card_says_what_it_does_and_help_follows() -> None:
    def holds_a_statue(state) -> bool:  # type: ignore[no-untyped-def]
        from engine.builders.cards import CARD_KIND

        return state.step == "turn" and any(CARD_KIND[c] == "statue" for c in state.held[0])

    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_game(app, history_until(2, holds_a_statue))
        await pilot.pause()
        from builders_screen_support import click_offset

        from tui.builders.widgets.players import PlayerPanel

        panel = screen.query_one("#player-0", PlayerPanel)
        before = screen.state
        await pilot.click("#player-0", offset=click_offset(panel, ("held", "statue")))
        assert screen.state is before
        assert "Statue" in message(screen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen) and app.screen.topic == "cards"


async def test_ascii_mode_draws_nothing_but_ascii() -> None:
    app = ImhotepApp(ascii=True, store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(
            app,
            history_until(
                4, lambda s: s.ply > 50 and any(isinstance(a, Sail) for a in legal_actions(s))
            ),
        )
        await pilot.pause()
        assert not _non_ascii(app), _non_ascii(app)
        sail = next(a for a in legal(screen) if isinstance(a, Sail))
        await pilot.press(str(sail.ship + 1), "ptbom"[[1, 2, 3, 4, 0].index(sail.site)])
        await pilot.pause()
        assert screen.preview is not None
        assert not _non_ascii(app), _non_ascii(app)
        await pilot.press("escape", "i")
        assert not _non_ascii(app), _non_ascii(app)


def _non_ascii(app: ImhotepApp) -> list[str]:
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    return [line for line in lines if not line.isascii()]


async def test_one_person_against_three_computers() -> None:
    """The computers' moves arrive on the screen as the match reports them,
    and the keyboard is the person's again when their turn comes round."""
    from match.match import Match
    from match.seats import Seat
    from tui.builders.screens.game import GameScreen

    history = History.start(BUILDERS, BUILDERS.deal(4, random.Random(12)))
    seats = (Seat(name="Ann"), *(Seat(name=n, kind="hard") for n in ("Bob", "Cy", "Dee")))
    match = Match(history, seats)
    match.delay = 0.0
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = GameScreen(match)
        await app.push_screen(screen)
        await pilot.pause()
        for _ in range(200):  # until Ann decides
            if screen.state.turn == 0 and screen.state.step == "turn":
                break
            await pilot.pause(0.1)
        assert screen.state.turn == 0
        moved = len(match.history.actions)
        await pilot.press("s" if Get() in legal(screen) else "1")
        if len(match.history.actions) == moved:
            await pilot.press("1")
        assert len(match.history.actions) > moved
        for _ in range(200):  # the three computers play their turns
            if screen.state.turn == 0 and screen.state.step == "turn":
                break
            await pilot.pause(0.1)
        assert screen.state == match.state
        assert screen.state.turn == 0
        assert len(match.history.actions) >= moved + 4


async def test_a_hint_names_keys_that_make_a_legal_decision() -> None:
    from tui.builders.keys import keys_for

    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history_until(3, lambda s: s.ply > 20 and s.step == "turn"))
        before = screen.state
        await pilot.press("H")
        for _ in range(100):
            await pilot.pause(0.1)
            if "[" in message(screen):
                break
        said = message(screen)
        assert said.startswith("Hint [") and screen.state is before, said
        keys = said[len("Hint [") : said.index("]")].split(" ")
        assert any(
            list(keys_for(a, before.step, before.card)) == keys for a in legal_actions(before)
        ), said


async def test_the_log_exports_a_record_that_replays_to_the_same_game(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from engine.builders import load_record

    history = history_until(3, lambda s: s.ply >= 25)
    target = tmp_path / "game.json"
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, history)
        await pilot.press("g", "e")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *str(target), "enter")
        await pilot.pause()
    record, states = load_record(target.read_bytes())
    assert states[-1] == history.state
    assert tuple(record.actions) == history.notation


async def test_a_terminal_too_small_hides_the_board_and_its_keys() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(70, 20)) as pilot:
        screen = await open_game(app, history_until(2, lambda s: s.step == "turn"))
        await pilot.pause()
        assert screen.has_class("too-small")
        before = screen.state
        await pilot.press("s", "1", "1")
        assert screen.state is before
        lines = [strip.text for strip in app.screen._compositor.render_strips()]
        assert any("80x24" in line for line in lines)


async def test_a_panel_with_more_cards_than_rows_says_more_are_held() -> None:
    from msgspec.structs import replace

    from engine.builders.cards import CARD_KIND, IS_KEPT, KINDS
    from tui.builders.widgets.players import PlayerPanel

    setup = BUILDERS.deal(4, random.Random(1))
    start = BUILDERS.start(setup)
    # Both of each decoration, three statues and one of each blue card: more
    # codes than two rows of a four-player panel hold at 80x24.
    kept = tuple(
        card
        for kind in KINDS
        if IS_KEPT[CARD_KIND.index(kind)]
        for card in [c for c, k in enumerate(CARD_KIND) if k == kind][
            : 3 if kind == "statue" else 2 if kind.endswith("decoration") else 1
        ]
    )
    crowded = replace(
        start,
        held=(kept, *start.held[1:]),
        deck=tuple(c for c in start.deck if c not in kept),
    )
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, History(BUILDERS, setup, [crowded], []))
        await pilot.pause()
        panel = screen.query_one("#player-0", PlayerPanel)
        rows = panel.content_size.height
        lines = [strip.text for strip in app.screen._compositor.render_strips()]
        inside = [
            line[panel.content_region.x : panel.content_region.right]
            for line in lines[panel.content_region.y : panel.content_region.bottom]
        ]
        assert len(inside) == rows
        assert "\u2026" in inside[-1], inside


async def test_q_on_the_game_over_dialog_of_a_lobby_game_goes_back_to_the_lobby() -> None:
    # Over SSH the app is the player's session: the dialog's q, which quit the
    # app, ended it (issue #33); from the lobby it goes back there.
    from textual.screen import Screen

    from tui.builders.screens.game_over import LobbyGameOverScreen
    from tui.builders.shell import LobbyGameScreen

    history = history_until(3, lambda s: s.round == 6 and s.docked.count(-1) == 1)
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        under = app.screen
        assert isinstance(under, Screen)
        screen = LobbyGameScreen(match_of(history))
        await app.push_screen(screen)
        rng = random.Random(2)
        while not screen.state.over:
            screen.choose(rng.choice(legal(screen)), confirmed=True)
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LobbyGameOverScreen)
        assert str(app.screen.query_one("#quit", Button).label) == "Lobby"
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running
        assert app.screen is under


async def test_a_hosted_table_tells_its_code(tmp_path: Path) -> None:
    from match import service
    from match.seats import Seat
    from match.store import Store

    store = Store.open(tmp_path / "games.sqlite3")
    setup = service.deal("builders", {"seed": "3"}, seats=3)
    seats = tuple(Seat(name=name) for name in ("Ann", "Bob", "Cy"))
    table = service.host(store, setup, seats, mine=0, me="local:ann")
    assert table.code
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await show_match(app, table)
        await pilot.pause()
        said = message(screen)
        assert table.code in said and f"imhotep-duel join {table.code}" in said


async def test_in_ascii_every_player_keeps_a_frame() -> None:
    # ASCII has one line style; the waiting players' panels were left
    # unframed (issue 33). All are framed; the title marks the player to move.
    from engine.builders import current_player
    from tui.builders.widgets.players import PlayerPanel

    history = history_until(3, lambda s: s.ply >= 1)
    app = ImhotepApp(ascii=True, store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history)
        await pilot.pause()
        panels = list(screen.query(PlayerPanel))
        assert len(panels) >= 2
        mover = current_player(screen.state)
        for panel in panels:
            assert panel.styles.border_top[0] == "ascii", panel.seat
            assert str(panel.border_title).startswith(">") is (panel.seat == mover)


async def test_four_panels_at_80_columns_keep_the_name_and_move_the_level_down() -> None:
    # "▶ ● Computer (medium)" is wider than a quarter of 80 columns: the
    # level goes beside the points rather than cutting the name.
    from tui.builders.widgets.players import PlayerPanel

    history = history_until(4, lambda s: s.ply >= 1)
    for width, level_on_top in ((80, False), (160, True)):
        app = ImhotepApp(ascii=False)
        async with app.run_test(size=(width, 30)) as pilot:
            screen = await open_game(app, history)
            await pilot.pause()
            for panel in screen.query(PlayerPanel):
                panel.set_player("Computer", "medium")
            await pilot.pause()
            for panel in screen.query(PlayerPanel):
                title, below = str(panel.border_title), str(panel.border_subtitle)
                assert title.endswith("Computer (medium)" if level_on_top else "Computer")
                assert ("medium" in below) is not level_on_top, below
                assert below.endswith(" pts") or below.endswith(" pt")
                room = panel.size.width - 4
                assert len(title) <= room or level_on_top, (title, room)


def _blue_kinds(state: object, seat: int) -> set[str]:
    """The kinds of blue card ``seat`` holds."""
    from engine.builders.cards import BLUE_KINDS, CARD_KIND

    held = {CARD_KIND[card] for card in state.held[seat]}  # type: ignore[attr-defined]
    return held & set(BLUE_KINDS)


async def test_on_another_players_turn_their_keys_are_not_shown_here() -> None:
    """A play-test over SSH: the bar showed the mover's Stones and blue card in
    the other terminals, and a digit there chose a ship before it refused."""
    from engine.builders import Play, current_player
    from match.match import Match
    from match.seats import Seat
    from tui.widgets.keybar import KeyBar

    def wanted(state: object) -> bool:
        mover = current_player(state)  # type: ignore[arg-type]
        playable = {a.card for a in legal_actions(state) if isinstance(a, Play)}  # type: ignore[arg-type]
        return bool(playable) and bool(_blue_kinds(state, 1 - mover) - playable)

    history = history_until(2, wanted, limit=600)
    state = history.state
    mover = current_player(state)
    here = 1 - mover
    mine = _blue_kinds(state, here)
    theirs = {a.card for a in legal_actions(state) if isinstance(a, Play)} - mine
    seats = (Seat(name="Ann", owner="local:ann"), Seat(name="Bob", owner="local:bob"))
    # This terminal plays one seat; a person at another plays the other.
    match = Match(history, seats, here=frozenset({here}), me=seats[here].owner)
    assert match.waiting
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await show_match(app, match)
        await pilot.pause()
        assert screen.check_action("get", ()) is False
        for kind in theirs | mine:
            assert screen.check_action("blue", (kind,)) is False, kind
        assert "Stones" not in app.screen.query_one(KeyBar).render().plain
        await pilot.press("1")
        assert "Please wait" in message(screen)
        assert screen.selection.ship is None
        assert match.state == state


async def test_a_blue_card_held_but_not_playable_now_stays_on_the_bar_dimmed() -> None:
    """A play-test: a player's own Sail card never showed on the bar, since it
    could not be played on their turns; its key now says why."""
    from engine.builders import Play, current_player
    from tui.builders.keys import BLUE_KEYS

    def wanted(state: object) -> bool:
        if getattr(state, "step", "") != "turn":
            return False
        playable = {a.card for a in legal_actions(state) if isinstance(a, Play)}  # type: ignore[arg-type]
        return bool(_blue_kinds(state, current_player(state)) - playable)  # type: ignore[arg-type]

    history = history_until(2, wanted, limit=600)
    state = history.state
    playable = {a.card for a in legal_actions(state) if isinstance(a, Play)}
    kind = sorted(_blue_kinds(state, current_player(state)) - playable)[0]
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await open_game(app, history)
        await pilot.pause()
        assert screen.check_action("blue", (kind,)) is None  # shown, dimmed
        await pilot.press(BLUE_KEYS[kind])
        assert "Not allowed" in message(screen), message(screen)
        assert screen.state == state
