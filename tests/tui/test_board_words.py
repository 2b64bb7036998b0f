"""The board in words: token names in the harbor's corner and on a large
harbor, the countdown to the end, and pyramids told apart without colour."""

from __future__ import annotations

from msgspec.structs import replace
from textual.app import App, ComposeResult
from tui_support import open_game, walk_until

from engine.duel import GameState, Player, Setup, apply_all, countdown, new_game, score
from engine.duel.game import DUEL
from engine.duel.tokens import TOKEN_NAMES
from match.history import History
from tui.app import ImhotepApp
from tui.duel.cursor import Target
from tui.duel.glyphs import ASCII, UNICODE
from tui.duel.token_words import ACTION_KEY, short_words
from tui.duel.widgets.harbor import LARGE, SMALL, Harbor, Marks, boat_offset
from tui.duel.widgets.info import HarborInfo, countdown_text
from tui.duel.widgets.legend import Legend
from tui.duel.widgets.monuments import MONUMENTS, Board, held_lines, pyramid_lines
from tui.duel.widgets.player import PlayerPanel
from tui.paths import style_path
from tui.widgets.log import ActionLog


class BoardApp(App[None]):
    """The harbor and its info line alone, at a chosen size."""

    CSS_PATH = style_path("widgets.tcss")
    CSS = "Harbor { width: 1fr; height: 1fr; } HarborInfo { height: 3; }"

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        yield Harbor()
        yield HarborInfo()

    def on_mount(self) -> None:
        self.query_one(Harbor).state = self.state
        self.query_one(HarborInfo).state = self.state


def text_of(harbor: Harbor) -> list[str]:
    return [strip.text for strip in harbor.lines(harbor.size.width)]


def corner(harbor: Harbor) -> str:
    plan = harbor.plan
    lines = text_of(harbor)[: plan.column_boat_height]
    return " ".join(line[: plan.row_boat_width].strip() for line in lines)


async def test_the_corner_keys_the_action_tokens_and_names_the_token_under_the_cursor() -> None:
    state = new_game(seed=5)
    app = BoardApp(state)
    async with app.run_test(size=(SMALL.width, SMALL.height + 3)) as pilot:
        harbor = app.query_one(Harbor)
        await pilot.pause()
        assert harbor.plan is SMALL
        for code, words in ACTION_KEY:
            assert f"{code} {words}" in corner(harbor)
        for boat in range(6):
            slots = state.boats[boat]
            assert slots is not None
            for slot in range(3):
                harbor.marks = Marks(cursor=Target("slot", boat, slot))
                await pilot.pause()
                words = corner(harbor)
                assert f"slot {slot + 1}:" in words
                # The name may wrap over the corner's lines.
                assert f"{slots[slot]} {TOKEN_NAMES[slots[slot]]}" in words.replace("  ", " ")


async def test_the_mouse_over_a_slot_names_its_token() -> None:
    state = new_game(seed=8)
    app = BoardApp(state)
    async with app.run_test(size=(SMALL.width, SMALL.height + 3)) as pilot:
        harbor = app.query_one(Harbor)
        slots = state.boats[4]
        assert slots is not None
        await pilot.hover(Harbor, offset=boat_offset(4, 0))
        assert corner(harbor).startswith("C2 slot 1:")
        assert TOKEN_NAMES[slots[0]].split()[0] in corner(harbor)
        await pilot.hover(Harbor, offset=(0, 0))
        assert ACTION_KEY[0][1] in corner(harbor)


async def test_a_large_harbor_spells_every_token_out() -> None:
    state = new_game(seed=13)
    app = BoardApp(state)
    async with app.run_test(size=(LARGE.width, LARGE.height + 3)) as pilot:
        harbor = app.query_one(Harbor)
        await pilot.pause()
        assert harbor.plan is LARGE
        text = "\n".join(text_of(harbor))
        for slots in state.boats:
            assert slots is not None
            for token in slots:
                for line in short_words(token):
                    assert line in text, token


async def test_the_info_counts_down_to_the_end_and_announces_the_last_unload() -> None:
    setup, actions = walk_until(31, lambda s: countdown(s).unloads_left == 1)
    last = apply_all(setup.start(), actions)
    start = new_game(seed=31)
    app = BoardApp(start)
    async with app.run_test(size=(SMALL.width, SMALL.height + 3)) as pilot:
        info = app.query_one(HarborInfo)
        await pilot.pause()
        shown = [strip.text for strip in info.lines(info.size.width)]
        assert shown[2].strip() == "Boats 6 in play; end in 18 unloads"
        info.state = last
        await pilot.pause()
        shown = [strip.text for strip in info.lines(info.size.width)]
        assert shown[2].strip() == "The next unload ends the game!"


def test_the_countdown_takes_the_longer_words_where_they_fit() -> None:
    count = countdown(new_game(seed=1))
    assert countdown_text(count, 80).plain == "Boats 6 in play; the game ends at 1, in 18 unloads"
    assert countdown_text(count, 36).plain == "Boats 6 in play; end in 18 unloads"
    over = replace(count, unloads_left=0)
    assert countdown_text(over, 36).plain == "The game is over."


def test_light_and_dark_pyramids_differ_without_colour() -> None:
    state = new_game(seed=2)
    player = Player(light=2, dark=3)
    state = replace(state, players=(player, Player()))
    board = Board(0, state.sides, player, score(state)[0], state.first_to_five)
    for glyphs in (UNICODE, ASCII):
        assert glyphs.light_pyramid != glyphs.dark_pyramid
        lines = [line.plain for line in pyramid_lines(board, glyphs, 41)]
        drawn = "".join(lines)
        assert drawn.count(glyphs.light_pyramid) == 2
        assert drawn.count(glyphs.dark_pyramid) == 3
        # Each pyramid is named under its own drawing.
        names = lines[-1]
        light_at, dark_at = names.index("light 2"), names.index("dark 3")
        bottom = lines[-2]
        assert bottom.index(glyphs.light_pyramid) < dark_at <= bottom.index(glyphs.dark_pyramid)
        assert light_at < bottom.index(glyphs.light_pyramid)
    assert [m.height for m in MONUMENTS if m.topic == "pyramids"] == [len(lines)]


def test_held_action_tokens_are_named_where_the_panel_has_room() -> None:
    state = new_game(seed=2)
    player = Player(actions=("AT", "AU"))
    board = Board(0, state.sides, player, score(state)[0], state.first_to_five)
    narrow = held_lines(board, UNICODE, 41)[0].plain
    wide = held_lines(board, UNICODE, 63)[0].plain
    assert "t:AT u:AU" in narrow and len(narrow) <= 41
    assert "t: take 1 token, u: place 1+unload" in wide and len(wide) <= 63


async def test_a_large_window_grows_the_harbor_and_keys_the_codes_in_the_spare_rows() -> None:

    sizes = {}
    for size in ((80, 24), (100, 30), (120, 40)):
        app = ImhotepApp()
        async with app.run_test(size=size) as pilot:
            screen = await open_game(app, History.start(DUEL, Setup(seed=4)))
            await pilot.pause()
            harbor = screen.query_one(Harbor)
            legend = screen.query_one(Legend)
            panels = list(screen.query(PlayerPanel))
            log = screen.query_one(ActionLog)
            sizes[size] = (harbor.plan, legend.display, log.size.height)
            # A panel never stretches past what it draws.
            for panel in panels:
                assert panel.content_size.height == sum(m.height for m in MONUMENTS)
    assert sizes[(80, 24)][:2] == (SMALL, False)
    assert sizes[(100, 30)][:2] == (LARGE, True)
    assert sizes[(120, 40)][:2] == (LARGE, True)
    assert sizes[(80, 24)][2] < sizes[(120, 40)][2]
