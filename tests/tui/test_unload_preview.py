"""An unload is shown before it is made: a key or a click previews it, Enter or
the same key makes it, Esc drops it; a setting turns previews off."""

from __future__ import annotations

from textual.pilot import Pilot
from tui_support import NAMES, history_of, open_game, walk_until

from engine.duel import GameState, Play, Setup, Unload, encode_state, legal_actions, preview_unload
from tui import files
from tui.app import ImhotepApp
from tui.duel.keys import boat_keys
from tui.duel.screens.game import GameScreen
from tui.duel.settings import previews_wanted, toggle_previews
from tui.duel.widgets.harbor import Harbor
from tui.widgets.line import Line


def _said(screen: GameScreen) -> str:
    return screen.query_one("#message", Line).plain


def _prompt(screen: GameScreen) -> str:
    return screen.query_one("#prompt", Line).plain


async def _two_boats_ready(app: ImhotepApp, pilot: Pilot[None]) -> GameScreen:
    """A new game where R1 (cells 1, 2) and C1 (cells 1, 4) can be unloaded."""
    app.start_game(Setup(seed=9), NAMES)
    await pilot.pause()
    screen = app.game_screen
    assert screen is not None
    await pilot.press("1", "2", "4")
    return screen


async def test_a_boat_key_shows_the_unload_and_the_same_key_makes_it() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _two_boats_ready(app, pilot)
        before = encode_state(screen.state)
        expected = preview_unload(screen.state, 0)
        await pilot.press("r", "1")
        assert encode_state(screen.state) == before
        assert screen.preview == expected
        assert "unload R1, the row 1 boat? Enter or r1 confirms, Esc cancels" in _prompt(screen)
        said = _said(screen)
        total = expected.before[1].total
        assert "Ann takes" in said and "Bob takes" in said and f"({total} " in said
        # The harbor shows who takes what: each meeple's cell shows its token.
        harbor = screen.query_one(Harbor)
        assert harbor.marks.preview == expected
        text = "\n".join(strip.text for strip in harbor.lines(harbor.size.width))
        for gift in expected.gifts:
            assert gift.token in text
        await pilot.press("r", "1")
        assert screen.history.actions[-1] == Unload(0)
        assert screen.preview is None
        assert harbor.marks.preview is None


async def test_enter_makes_the_unload_and_esc_drops_it() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _two_boats_ready(app, pilot)
        before = encode_state(screen.state)
        await pilot.press("c", "1", "escape")
        assert encode_state(screen.state) == before
        assert screen.preview is None
        assert "Unload cancelled" in _said(screen)
        assert "unload R1?" not in _prompt(screen)
        await pilot.press("c", "1", "enter")
        assert screen.history.actions[-1] == Unload(3)


async def test_another_boat_key_shows_that_boat_instead() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _two_boats_ready(app, pilot)
        before = encode_state(screen.state)
        await pilot.press("r", "1", "c", "1")  # the slip: c1 for r1
        assert encode_state(screen.state) == before
        assert screen.preview is not None and screen.preview.boat == 3
        await pilot.press("r", "1", "r", "1")
        assert screen.history.actions[-1] == Unload(0)


async def test_a_column_boats_marks_stay_inside_its_column() -> None:
    # Column boats stand side by side; a mark at a column's right edge once read
    # as the next column's. Each mark now has a gap between it and the next column.
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _two_boats_ready(app, pilot)
        await pilot.press("c", "1")
        preview = screen.preview
        assert preview is not None and preview.boat == 3
        harbor = screen.query_one(Harbor)
        plan = harbor.plan
        rows = [strip.text for strip in harbor.lines(harbor.size.width)]
        left = plan.row_boat_width
        right = left + plan.cell_width
        meeples = harbor.glyphs.meeples
        marks = {preview.boxed} | {gift.slot for gift in preview.gifts}
        for slot in range(3):
            row = rows[1 + (2 - slot) * plan.slot_lines]
            inside = row[left:right]
            if slot in marks:
                assert any(g in inside for g in (*meeples, harbor.glyphs.boxed)), inside
            # The column's last cell is a gap, and the next column's slot number
            # follows it directly.
            assert row[right - 1] == " ", row
            assert row[right] == str(slot + 1), row


async def test_any_other_choice_or_a_cursor_move_drops_the_preview() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _two_boats_ready(app, pilot)
        await pilot.press("r", "1", "9")
        assert screen.preview is None
        assert screen.state.grid[8] == 1  # Bob placed a meeple instead
        await pilot.press("r", "1", "up")
        assert screen.preview is None
        await pilot.press("enter")  # now chooses what the cursor is on, not the unload
        assert not any(isinstance(a, Unload) for a in screen.history.actions)


async def test_a_refused_choice_leaves_the_unload_on_show() -> None:
    # A play-test pressed a taken cell while an unload was on show: the
    # prompt still said Enter confirms, but Enter chose the cell instead.
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _two_boats_ready(app, pilot)
        await pilot.press("r", "1", "1")  # cell 1 already holds a meeple
        assert "Not allowed" in _said(screen)
        assert screen.preview is not None and screen.preview.boat == 0
        assert "unload R1, the row 1 boat? Enter or r1 confirms" in _prompt(screen)
        await pilot.press("enter")
        assert screen.history.actions[-1] == Unload(0)
        assert screen.preview is None


async def test_an_illegal_unload_is_refused_rather_than_previewed() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _two_boats_ready(app, pilot)
        await pilot.press("r", "3")  # row 3 is empty
        assert screen.preview is None
        assert "Not allowed" in _said(screen)


async def test_the_unload_step_of_an_action_token_is_previewed_too() -> None:
    def wanted(state: GameState) -> bool:
        return state.pending is None and Play("AS") in legal_actions(state)

    setup, prefix = walk_until(70, wanted)
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history_of(setup, prefix))
        await pilot.press("s")
        swap = legal_actions(screen.state)[0]
        screen.choose(swap)
        await pilot.pause()
        assert screen.state.pending is not None and screen.state.pending.step == "unload"
        unload = legal_actions(screen.state)[0]
        assert isinstance(unload, Unload)
        before = encode_state(screen.state)
        await pilot.press(*boat_keys(unload.boat))
        assert encode_state(screen.state) == before
        assert screen.preview is not None and screen.preview.boat == unload.boat
        await pilot.press("enter")
        assert screen.history.actions[-1] == unload


async def test_previews_can_be_switched_off_and_stay_off() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _two_boats_ready(app, pilot)
        await pilot.press("r", "1")
        assert screen.preview is not None
        toggle_previews(app)
        await pilot.pause()
        assert screen.preview is None  # the one on show is dropped, nothing made
        assert not any(isinstance(a, Unload) for a in screen.history.actions)
        await pilot.press("r", "1")
        assert screen.history.actions[-1] == Unload(0)
    assert not previews_wanted(files.read_settings())
    again = ImhotepApp()
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await _two_boats_ready(again, pilot)
        await pilot.press("c", "1")
        assert screen.history.actions[-1] == Unload(3)


async def test_the_command_palette_offers_the_setting() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _two_boats_ready(app, pilot)
        titles = [command.title for command in app.get_system_commands(screen)]
        assert "Unload preview: switch off" in titles
        toggle_previews(app)
        titles = [command.title for command in app.get_system_commands(screen)]
        assert "Unload preview: switch on" in titles
