"""Playing Builders of Egypt through the real app, by keys and by clicks.

Every test asserts on the engine state the screen holds: a key or a click
either made exactly the decision meant, or changed nothing.
"""

from __future__ import annotations

import random

from builders_screen_support import (
    NAMES,
    click_offset,
    history_until,
    legal,
    match_of,
    message,
    open_game,
    prompt,
    stuck_history,
)

from engine.builders import (
    CHAMBER,
    MARKET,
    PYRAMID,
    TEMPLE,
    GameState,
    Get,
    Pass,
    Place,
    Play,
    Sail,
    Take,
    Unload,
    apply,
    legal_actions,
    outcome,
    score,
)
from tui.app import ImhotepApp
from tui.builders.keys import keys_for
from tui.builders.screens.game import GameScreen
from tui.builders.screens.game_over import GameOverScreen
from tui.builders.widgets.market import MarketView
from tui.builders.widgets.players import PlayerPanel
from tui.builders.widgets.ships import ShipsView
from tui.builders.widgets.sites import PyramidView
from tui.widgets.keybar import KeyBar


async def _key_in(pilot, screen: GameScreen, action) -> int:  # type: ignore[no-untyped-def]
    """Type ``action``'s keys; the steps made (two when a Lever's last stone followed)."""
    before = screen.state
    made = len(screen.history.actions)
    await pilot.press(*keys_for(action, before.step, before.card))
    assert screen.history.actions[made] == action, (action, message(screen))
    assert screen.history.states[made] == before
    followed = screen.history.actions[made + 1 :]
    assert all(isinstance(a, Unload) for a in followed) and len(followed) <= 1
    return 1 + len(followed)


async def test_a_whole_two_player_game_by_keys_alone() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history_until(2, lambda s: True, seed=11))
        rng = random.Random(5)
        moves = 0
        while not screen.state.over:
            moves += await _key_in(pilot, screen, rng.choice(legal(screen)))
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        result = outcome(screen.state)
        assert result is not None
        verdict = str(app.screen.query_one("#verdict").render())
        assert NAMES[result.winners[0]] in verdict
        assert moves == len(screen.history.actions) > 60
        await pilot.press("b")
        assert app.screen is screen


def _has(kind: type, step: str = "turn"):  # type: ignore[no-untyped-def]
    def wanted(state: GameState) -> bool:
        return state.step == step and any(isinstance(a, kind) for a in legal_actions(state))

    return wanted


async def test_each_kind_of_decision_by_its_keys() -> None:
    """Get, place, sail (shown, then made), a blue card and its steps, a market
    card, the Lever's order and a pass, each from its own position."""
    wanted = [
        (_has(Get), Get),
        (_has(Place), Place),
        (_has(Sail), Sail),
        (_has(Play), Play),
        (_has(Place, "place"), Place),
        (_has(Sail, "sail"), Sail),
        (_has(Take, "take"), Take),
        (_has(Unload, "unload"), Unload),
    ]
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        for n, (want, kind) in enumerate(wanted):
            screen = await open_game(app, history_until(3, want, seed=20 + n))
            action = next(a for a in legal(screen) if isinstance(a, kind))
            await _key_in(pilot, screen, action)
            app.pop_screen()
        screen = GameScreen(match_of(stuck_history(3)))
        await app.push_screen(screen)
        await _key_in(pilot, screen, Pass())


async def test_a_sail_is_shown_before_it_is_made_and_esc_drops_it() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        history = history_until(4, _has(Sail), seed=3)
        screen = await open_game(app, history)
        sail = next(a for a in legal(screen) if isinstance(a, Sail))
        before = screen.state
        keys = keys_for(sail, "turn")
        await pilot.press(*keys[:-1])  # the ship and the site, not Enter
        assert screen.state is before
        assert screen.preview is not None and (screen.preview.ship, screen.preview.site) == (
            sail.ship,
            sail.site,
        )
        assert screen.query_one("#preview").has_class("-shown")
        assert "Enter" in prompt(screen)
        await pilot.press("escape")
        assert screen.preview is None and screen.state is before
        assert not screen.query_one("#preview").has_class("-shown")
        await pilot.press(*keys)
        assert screen.history.actions[-1] == sail


async def test_the_preview_says_what_apply_does() -> None:
    """For sails that end no round: every stone lands where the preview says
    and the points after are the engine's points after the sail."""
    checked = 0
    for seed in range(12):
        history = history_until(
            2 + seed % 3,
            lambda s: (
                _has(Sail)(s) and s.docked.count(-1) > 1 and random.Random(s.ply).random() < 0.3
            ),
            seed=40 + seed,
        )
        state = history.state
        for sail in [a for a in legal_actions(state) if isinstance(a, Sail)]:
            if sail.site == MARKET:
                continue
            from engine.builders import preview_sail

            shown = preview_sail(state, sail.ship, sail.site)
            after = apply(state, sail)
            assert tuple(s.total for s in shown.after) == tuple(s.total for s in score(after))
            assert tuple(s.track for s in shown.after) == tuple(s.track for s in score(after))
            for d in shown.deliveries:
                if sail.site == PYRAMID:
                    assert after.pyramid[d.place[0] - 1] == d.owner
                elif sail.site == TEMPLE:
                    width = 4 if state.players == 2 else 5
                    assert after.temple[(d.place[1] - 1) * width + d.place[0] - 1] == d.owner
                elif sail.site == CHAMBER:
                    assert after.chamber[(d.place[0] - 1) * 3 + d.place[1] - 1] == d.owner
                else:
                    assert after.obelisks[d.owner] >= d.place[0]
            checked += 1
    assert checked > 20


async def _opened(pilot, history):  # type: ignore[no-untyped-def]
    screen = await open_game(pilot.app, history)
    await pilot.pause()
    return screen


async def test_place_by_a_click_on_a_space() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _opened(pilot, history_until(4, _has(Place), seed=5))
        place = next(a for a in legal(screen) if isinstance(a, Place))
        ships = screen.query_one(ShipsView)
        await pilot.click(ShipsView, offset=click_offset(ships, ("slot", place.ship, place.slot)))
        assert screen.history.actions[-1] == place


async def test_sail_by_clicks_on_the_ship_and_twice_on_the_site() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _opened(pilot, history_until(4, _has(Sail), seed=6))
        sail = next(a for a in legal(screen) if isinstance(a, Sail) and a.site == PYRAMID)
        ships = screen.query_one(ShipsView)
        before = screen.state
        await pilot.click(ShipsView, offset=click_offset(ships, ("ship", sail.ship)))
        await pilot.click(PyramidView)
        assert screen.state is before and screen.preview is not None
        await pilot.pause(0.6)  # not a double click
        await pilot.click(PyramidView)
        assert screen.history.actions[-1] == sail


async def test_get_stones_by_a_click_on_the_sled() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _opened(pilot, history_until(4, _has(Get), seed=7))
        seat = screen.state.turn
        panel = screen.query_one(f"#player-{seat}", PlayerPanel)
        await pilot.click(f"#player-{seat}", offset=click_offset(panel, ("sled", seat)))
        assert screen.history.actions[-1] == Get()


async def test_a_blue_card_by_a_click_on_its_code() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _opened(pilot, history_until(4, _has(Play), seed=8))
        play = next(a for a in legal(screen) if isinstance(a, Play))
        seat = screen.state.turn
        panel = screen.query_one(f"#player-{seat}", PlayerPanel)
        await pilot.click(f"#player-{seat}", offset=click_offset(panel, ("blue", play.card)))
        assert screen.history.actions[-1] == play


async def test_a_market_card_by_a_click() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _opened(pilot, history_until(4, _has(Take, "take"), seed=9))
        take = next(a for a in legal(screen) if isinstance(a, Take))
        market = screen.query_one(MarketView)
        await pilot.click(MarketView, offset=click_offset(market, ("card", take.position)))
        assert screen.history.actions[-1] == take


async def test_the_levers_order_by_clicks() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _opened(pilot, history_until(4, _has(Unload, "unload"), seed=10))
        unload = legal(screen)[-1]
        assert isinstance(unload, Unload)
        ships = screen.query_one(ShipsView)
        state = screen.state
        await pilot.click(ShipsView, offset=click_offset(ships, ("slot", state.ship, unload.slot)))
        assert screen.history.actions[-1] == unload


def _two_to_unload(state: GameState) -> bool:
    moves = legal_actions(state)
    return state.step == "unload" and len(moves) == 2 and all(isinstance(a, Unload) for a in moves)


async def test_a_levers_last_stone_follows_without_a_key() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _opened(pilot, history_until(2, _two_to_unload, seed=3))
        before = len(screen.history.actions)
        first, last = legal(screen)
        state = screen.state
        await pilot.press(*keys_for(first, state.step, state.card))
        await pilot.pause()
        # One key, two steps: the stone chosen, then the only one left.
        assert list(screen.history.actions[before:]) == [first, last]
        # Undo goes back to the forced stone and waits there.
        await pilot.press("z")
        await pilot.pause()
        assert list(screen.history.actions[before:]) == [first]
        assert legal(screen) == [last]


async def test_pass_by_a_click_on_the_key_bar() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = GameScreen(match_of(stuck_history(2)))
        await app.push_screen(screen)
        await pilot.pause()
        bar = screen.query_one(KeyBar)
        (start,) = [s for s, _e, action in bar._spans if action == "pass_turn"]
        await pilot.click(KeyBar, offset=(start + 1, 0))
        assert screen.history.actions[-1] == Pass()


async def test_an_illegal_key_changes_nothing_and_says_why() -> None:
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        history = history_until(2, lambda s: s.step == "turn" and Get() not in legal_actions(s))
        screen = await open_game(app, history)
        before = screen.state
        await pilot.press("s")
        assert screen.state is before
        assert "Not allowed" in message(screen)
