"""Help in context, score explanations, the first-game guide, undo, small terminals."""

from __future__ import annotations

from tui_support import NAMES, history_of, open_game, walk_until

from engine.duel import GameState, Play, Setup, encode_state, legal_actions, score
from tui import files
from tui.app import ImhotepApp
from tui.duel.guide import guide_sentences, guide_text
from tui.duel.keys import keys_for
from tui.duel.screens.details import DetailsScreen
from tui.duel.screens.game import GameScreen
from tui.duel.widgets.monuments import MONUMENTS
from tui.duel.widgets.player import PlayerPanel
from tui.screens.help import HelpScreen
from tui.widgets.line import Line


def _game(app: ImhotepApp) -> GameScreen:
    screen = app.game_screen
    assert screen is not None
    return screen


async def _click_monument(pilot, panel: PlayerPanel, topic: str) -> None:  # type: ignore[no-untyped-def]
    # Inside the border, on the monument's first line.
    await pilot.click(panel, offset=(3, 1 + panel.line_of(topic)))


async def _help_topic_after(app: ImhotepApp, pilot, *keys: str) -> str | None:  # type: ignore[no-untyped-def]
    await pilot.press(*keys)
    await pilot.press("question_mark")
    await pilot.pause()
    help_screen = app.screen
    assert isinstance(help_screen, HelpScreen)
    topic = help_screen.topic
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return topic


async def test_help_opens_at_what_is_focused() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=1), NAMES)
        await pilot.pause()
        assert await _help_topic_after(app, pilot) == "place"  # cursor on the centre cell
        assert await _help_topic_after(app, pilot, "up", "up", "up") == "unload"  # a boat
        await pilot.press("r", "2")  # unloading an empty line is illegal
        assert await _help_topic_after(app, pilot) == "unload"
        game = _game(app)
        await _click_monument(pilot, game.query_one("#player-0", PlayerPanel), "temple")
        assert "temple" in game.query_one("#message", Line).plain
        assert await _help_topic_after(app, pilot) == "temple"


async def test_help_opens_at_the_token_in_progress() -> None:
    def wanted(state: GameState) -> bool:
        return state.pending is None and Play("AS") in legal_actions(state)

    setup, prefix = walk_until(50, wanted)
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, history_of(setup, prefix))
        await pilot.press("s")
        assert await _help_topic_after(app, pilot) == "swap-unload"


async def test_points_details_match_the_engine() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_game(Setup(seed=12), NAMES)
        await pilot.pause()
        game = _game(app)
        for _ in range(12):
            await pilot.press(*keys_for(legal_actions(game.state)[-1]))
        await pilot.press("i")
        details = app.screen
        assert isinstance(details, DetailsScreen)
        text = "\n".join(str(w.render()) for w in details.query(".who"))
        totals = score(game.state)
        assert f"{NAMES[0]}: {totals[0].total} points" in text
        assert f"{NAMES[1]}: {totals[1].total} points" in text
        await pilot.press("escape")
        assert app.screen is game


async def test_guide_can_be_switched_off_and_stays_off() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=1), NAMES)
        await pilot.pause()
        game = _game(app)
        assert game.guide
        assert game.query_one("#message", Line).plain == guide_text(game.state, NAMES)
        app.action_toggle_guide()
        await pilot.pause()
        assert not game.guide
        assert game.query_one("#message", Line).plain == ""
    assert files.read_settings().show_guide is False
    again = ImhotepApp()
    async with again.run_test(size=(80, 24)) as pilot:
        again.start_game(Setup(seed=1), NAMES)
        await pilot.pause()
        assert not _game(again).guide


async def test_a_long_guide_shows_whole_sentences_in_a_small_window() -> None:
    shown: dict[int, str] = {}
    for width in (80, 120):
        app = ImhotepApp()
        async with app.run_test(size=(width, 24)) as pilot:
            app.start_game(Setup(seed=1), NAMES)
            await pilot.pause()
            await pilot.press("1", "2", "5")  # two lines can now be unloaded
            await pilot.pause()
            game = _game(app)
            message = game.query_one("#message", Line)
            sentences = guide_sentences(game.state, NAMES)
            rows = message.lines(message.content_size.width)
            assert 0 < len(rows) <= message.content_size.height
            text = " ".join(row.text.strip() for row in rows)
            shown[width] = text
            # Some whole sentences, from the first: never one cut off mid-way.
            assert any(text == " ".join(sentences[:n]) for n in range(1, len(sentences) + 1))
    assert len(shown[80]) < len(shown[120])
    assert shown[120] == " ".join(sentences)


async def test_undo_redo_keys_and_the_safe_limit() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=6), NAMES)
        await pilot.pause()
        game = _game(app)
        start = encode_state(game.state)
        await pilot.press("1", "2")
        await pilot.press("z", "z")
        assert encode_state(game.state) == start
        await pilot.press("y", "y")
        assert game.state.grid[:2] == (0, 1)
        # Unloading (shown, then confirmed) refills the boat: a hidden token shows.
        await pilot.press("r", "1", "enter")
        unloaded = encode_state(game.state)
        assert game.check_action("undo", ()) is None  # shown dimmed in the footer
        await pilot.press("z")
        assert encode_state(game.state) == unloaded
        # The key says why it did nothing, and how to go further back.
        said = game.query_one("#message", Line).plain
        assert "came to light" in said and "free" in said
        app.action_toggle_undo()  # free undo
        await pilot.press("z")
        assert encode_state(game.state) != unloaded


async def test_too_small_terminal_says_how_big_to_make_it() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(70, 20)) as pilot:
        app.start_game(Setup(seed=1), NAMES)
        await pilot.pause()
        game = _game(app)
        assert game.has_class("too-small")
        assert "80x24" in str(game.query_one("#too-small").render())
        # The board is hidden, so keys must not play on it.
        before = encode_state(game.state)
        await pilot.press("4", "enter", "t", "z")
        assert encode_state(game.state) == before
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not game.has_class("too-small")
        await pilot.press("4")
        assert game.state.grid[3] == 0


async def test_clicking_any_part_of_a_panel_explains_its_points() -> None:
    from engine.duel.explain import explain_score

    app = ImhotepApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_game(Setup(seed=2), NAMES)
        await pilot.pause()
        game = _game(app)
        panels = list(game.query(PlayerPanel))
        assert len(panels) == 2
        for panel in panels:
            for topic, *_ in MONUMENTS:
                await _click_monument(pilot, panel, topic)
                text = game.query_one("#message", Line).plain
                lines = explain_score(game.state, panel.who)
                expected = (
                    [lines["actions"], lines["meeples"]] if topic == "leftovers" else [lines[topic]]
                )
                assert all(line in text for line in expected), (topic, text)
                assert NAMES[panel.who] in text


async def test_names_with_brackets_are_shown_as_written() -> None:
    names = ("[/bold]Ann", "[red]Bob")
    app = ImhotepApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_game(Setup(seed=2), names)
        await pilot.pause()
        game = _game(app)
        await pilot.press("1", "2", "r", "1")
        # The unload's preview names both players, as written.
        said = game.query_one("#message", Line).plain
        assert said.startswith(f"{names[0]} takes") and f"; {names[1]} takes" in said
        await pilot.press("r", "1")
        assert names[1] in str(game.query_one("#prompt").text)
        await pilot.press("g")  # the log screen shows names in a table
        await pilot.pause()
        await pilot.press("escape")
        await pilot.press("w")
        await pilot.press("enter")  # saved under a name made of both names
        await pilot.pause()
        await pilot.press("o")  # the load screen lists them
        await pilot.pause()
        assert app.screen.query_one("#saves") is not None


async def test_the_panel_of_the_player_to_move_stands_out_in_any_theme() -> None:
    from textual.color import Color

    def border(panel: PlayerPanel) -> tuple[str, Color]:
        kind, colour = panel.styles.border_top
        return kind, colour

    def themed(panel: PlayerPanel, part: str) -> Color:
        return Color.from_rich_color(panel.get_component_rich_style(part).color)

    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=4, starter=0), NAMES)
        await pilot.pause()
        game = _game(app)
        first, second = (
            game.query_one("#player-0", PlayerPanel),
            game.query_one("#player-1", PlayerPanel),
        )
        # The two themes' accents differ, so a border left from the first would fail.
        for theme in ("textual-dark", "nord"):
            app.theme = theme
            await pilot.pause()
            for _ in range(2):  # before and after a move passes the turn
                to_move, waiting = (first, second) if game.state.turn == 0 else (second, first)
                assert border(to_move) == ("heavy", themed(to_move, "player--to-move"))
                assert border(waiting) == ("round", themed(waiting, "player--waiting"))
                await pilot.press(str(game.state.grid.index(-1) + 1))


async def test_in_ascii_the_waiting_player_keeps_a_frame() -> None:
    # ASCII has one line style; the waiting player's panel was left unframed
    # (issue 33). Both are framed, and the title marks the player to move.
    app = ImhotepApp(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=4, starter=0), NAMES)
        await pilot.pause()
        game = _game(app)
        panels = [game.query_one(f"#player-{who}", PlayerPanel) for who in (0, 1)]
        for _ in range(2):  # before and after a move passes the turn
            turn = game.state.turn
            for who, panel in enumerate(panels):
                assert panel.styles.border_top[0] == "ascii", who
                assert str(panel.border_title).startswith(">") is (who == turn)
            lines = [strip.text for strip in app.screen._compositor.render_strips()]
            waiting = panels[1 - turn].region
            assert lines[waiting.y][waiting.x] == "+"
            assert lines[waiting.bottom - 1][waiting.right - 1] == "+"
            await pilot.press(str(game.state.grid.index(-1) + 1))
            await pilot.pause()


def test_sixteen_colours_use_the_terminals_own_ansi_colours(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Read when the app is built, as TEXTUAL_COLOR_SYSTEM would set it.
    import textual.constants

    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "standard")
    assert ImhotepApp().native_ansi_color
    for richer in ("256", "truecolor"):
        monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", richer)
        assert not ImhotepApp().native_ansi_color


async def test_ctrl_c_says_once_in_the_players_language_how_to_quit() -> None:
    from tui.app import ImhotepApp

    app = ImhotepApp(lang="de")
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(4):
            await pilot.press("ctrl+c")
        await pilot.pause()
        shown = [n.message for n in app._notifications]
        assert len(shown) == 1, shown
        assert "q" in shown[0] and "Do you want to quit" not in shown[0]
        assert shown[0] != "ctrl+c does not quit: press q."  # worded in German


async def test_an_ssh_player_has_no_screenshot_command() -> None:
    from tui.app import ImhotepApp

    app = ImhotepApp(lobby="ann", disk=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert titles and not any("Screenshot" in t or "Bildschirmfoto" in t for t in titles)
    local = ImhotepApp()
    async with local.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any(c.title == "Screenshot" for c in local.get_system_commands(local.screen))
