"""The Builders board at 80x24 keeps what it must say inside its boxes."""

from __future__ import annotations

import random

from builders_screen_support import BUILDERS, NAMES, open_game
from msgspec.structs import replace

from match.history import History
from tui.app import ImhotepApp
from tui.builders.glyphs import UNICODE
from tui.builders.widgets.preview import PreviewView
from tui.builders.widgets.sites import PyramidView


def _beside_the_full_pyramid(players: int) -> History:
    """Every space of the pyramid taken and one more stone of each colour beside it."""
    setup = BUILDERS.deal(players, random.Random(4))
    start = BUILDERS.start(setup)
    full = tuple(n % players for n in range(14)) + tuple(range(players))
    return History(BUILDERS, setup, [replace(start, pyramid=full)], [])


async def test_the_stones_beside_a_full_pyramid_are_counted_at_80x24() -> None:
    # Played with four at 80x24: the count beside the pyramid was cut to "..."
    # (its third row kept the blanks under the upper levels before the count).
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        for players in (2, 4):
            await open_game(app, _beside_the_full_pyramid(players))
            await pilot.pause()
            view = app.screen.query_one(PyramidView)
            rows = [strip.text for strip in view.lines(view.content_size.width)]
            assert f"+{players}" in rows[2], rows
            for seat in range(players):
                assert f"{UNICODE.stones[seat]}1" in rows[2], rows
            app.pop_screen()


def _four_stones_of_four_players() -> History:
    """Four players and ship 1 (four spaces) loaded with one stone of each."""
    for seed in range(50):
        setup = BUILDERS.deal(4, random.Random(seed))
        start = BUILDERS.start(setup)
        if len(start.ships[0]) == 4:
            ships = ((0, 1, 2, 3), *start.ships[1:])
            sled = tuple(n - 1 for n in start.sled)
            return History(BUILDERS, setup, [replace(start, ships=ships, sled=sled)], [])
    raise AssertionError("no deal with a ship of four first")


async def test_a_sail_of_four_players_stones_is_shown_whole_at_80x24() -> None:
    # Played with four at 80x24: the preview's last lines (the points of
    # players 2 to 4, the Lever's note) were cut off with nothing to say so.
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, _four_stones_of_four_players())
        await pilot.press("1", "p")
        await pilot.pause()
        view = screen.query_one(PreviewView)
        shown = "\n".join(strip.text for strip in view.lines(view.content_size.width))
        assert len(shown.splitlines()) <= view.content_size.height
        for name in NAMES:
            assert shown.count(name) == 2, shown  # its stone, and its points
        assert "Enter" in str(view.border_title)
