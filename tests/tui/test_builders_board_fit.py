"""The Builders board at 80x24 keeps what it must say inside its boxes."""

from __future__ import annotations

import random

from builders_screen_support import BUILDERS, open_game
from msgspec.structs import replace

from match.history import History
from tui.app import ImhotepApp
from tui.builders.glyphs import UNICODE
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
