"""Playing through the real app with the keyboard and the mouse."""

from __future__ import annotations

import random

import pytest
from rich.style import Style
from textual.pilot import Pilot
from tui_support import NAMES, game_screen, history_of, open_game, walk_until

from engine.duel import (
    Action,
    GameState,
    Pass,
    Place,
    Play,
    Setup,
    Swap,
    Take,
    Unload,
    apply,
    encode_state,
    legal_actions,
    outcome,
    step_prompt,
    why_illegal,
)
from tui.app import ImhotepApp
from tui.duel.keys import KEY_OF_TOKEN, keys_for
from tui.duel.screens.game import GameScreen
from tui.duel.screens.game_over import GameOverScreen
from tui.duel.screens.new_game import NewGameScreen
from tui.duel.widgets.harbor import Harbor, boat_offset, cell_offset
from tui.widgets.line import Line


def game(app: ImhotepApp) -> GameScreen:
    screen = app.game_screen
    assert screen is not None
    return screen


def message(screen: GameScreen) -> str:
    return screen.query_one("#message", Line).plain


async def press_action(pilot: Pilot[None], screen: GameScreen, seed: int) -> None:
    """Choose a random legal action for the current player and key it in."""
    legal = legal_actions(screen.state)
    action = random.Random(seed).choice(legal)
    before = screen.state
    await pilot.press(*keys_for(action))
    assert screen.history.actions[-1] == action, (action, message(screen))
    assert screen.history.states[-2] == before


async def test_full_game_by_keys_alone() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=11, sides="ABBA"), NAMES)
        await pilot.pause()
        screen = game(app)
        moves = 0
        while not screen.state.over:
            await press_action(pilot, screen, moves)
            moves += 1
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        result = outcome(screen.state)
        assert result is not None
        verdict = str(app.screen.query_one("#verdict").render())
        assert NAMES[result.winner] in verdict
        assert moves == len(screen.history.actions) > 30
        await pilot.press("b")
        assert app.screen is screen
        assert "Press n for a new game" in message(screen)


async def test_the_start_screen_is_styled() -> None:
    # The first screen is the app's default screen, whose own CSS_PATH Textual
    # does not read: its styles must come through the app.
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        assert menu.outer_size.width == 48
        assert menu.region.x == (80 - 48) // 2


async def test_ctrl_s_on_new_game_starts_a_game_with_defaults() -> None:
    # Enter no longer does: the form opens on its first field (issue 33).
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+s")
        screen = game(app)
        assert app.screen is screen
        assert str(screen.state.sides) == "AAAA"
        assert screen.state.ply == 0


async def test_illegal_choice_shows_reason_and_changes_nothing() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=3), NAMES)
        await pilot.pause()
        screen = game(app)
        await pilot.press("5")
        before = encode_state(screen.state)
        await pilot.press("5")  # occupied now
        assert encode_state(screen.state) == before
        assert "already holds a meeple" in message(screen)
        await pilot.press("r", "1")  # no meeples in that line yet
        assert encode_state(screen.state) == before
        assert "at least two" in message(screen)
        await pilot.press("t")  # holds no token
        assert "you hold no" in message(screen)
        assert encode_state(screen.state) == before


async def test_mouse_places_and_unloads() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_game(Setup(seed=5), NAMES)
        await pilot.pause()
        screen = game(app)
        plan = screen.query_one(Harbor).plan  # the large harbor, at 100x30
        await pilot.click(Harbor, offset=cell_offset(0, plan))
        await pilot.click(Harbor, offset=cell_offset(1, plan))
        assert screen.state.grid[:2] == (0, 1)
        before = screen.state
        await pilot.click(Harbor, offset=boat_offset(0, None, plan))
        assert screen.state is before, "the first click only shows the unload"
        assert screen.preview is not None and screen.preview.boat == 0
        await pilot.click(Harbor, offset=boat_offset(0, None, plan))
        assert screen.history.actions[-1] == Unload(0), message(screen)
        assert screen.state.grid[:2] == (-1, -1)
        # Two meeples: slot 3 and slot 2 were handed out, slot 1 went to the box.
        assert screen.state.box[-1] == before.boats[0][0]


async def test_cursor_keys_and_enter_place_a_meeple() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=5), NAMES)
        await pilot.pause()
        screen = game(app)
        await pilot.press("up", "left", "enter")  # from the centre to cell 1
        assert screen.history.actions[-1] == Place(0)
        await pilot.press("l", "l", "j", "enter")  # vim keys: to cell 6
        assert screen.history.actions[-1] == Place(5)


def holds_playable(token: str):  # type: ignore[no-untyped-def]
    def wanted(state: GameState) -> bool:
        return state.pending is None and Play(token) in legal_actions(state)

    return wanted


async def click(pilot: Pilot[None], action: Action) -> None:
    """Enter ``action`` with the mouse (Stop has no place on the board: its key)."""
    if isinstance(action, Place):
        offsets = [cell_offset(action.cell)]
    elif isinstance(action, Unload):
        # The first click shows the unload, the second on the same boat makes it.
        offsets = [boat_offset(action.boat)] * 2
    elif isinstance(action, Take):
        offsets = [boat_offset(action.boat, action.slot)]
    elif isinstance(action, Swap):
        offsets = [boat_offset(action.boat, slot) for slot in (action.first, action.second)]
    else:
        await pilot.press(*keys_for(action))
        return
    for offset in offsets:
        await pilot.click(Harbor, offset=offset)


async def play_token_flow(token: str, seed: int, *, mouse: bool = False) -> None:
    setup, prefix = walk_until(seed, holds_playable(token))
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history_of(setup, prefix))
        await pilot.pause()
        await pilot.press(keys_for(Play(token))[0])
        assert screen.state.pending is not None
        assert screen.state.pending.token == token
        rng = random.Random(seed)
        while screen.state.pending is not None and not screen.state.over:
            prompt = str(screen.query_one("#prompt").text)
            assert screen.state.pending.step.split("_")[0] in prompt.lower() or "stop" in prompt
            action = rng.choice(legal_actions(screen.state))
            if mouse:
                await click(pilot, action)
            else:
                await pilot.press(*keys_for(action))
            assert screen.history.actions[-1] == action, message(screen)


async def test_take_one_token_flow() -> None:
    await play_token_flow("AT", 100)


async def test_place_two_or_three_flow() -> None:
    await play_token_flow("AP", 200)


async def test_place_and_unload_flow() -> None:
    await play_token_flow("AU", 300)


async def test_swap_and_unload_flow() -> None:
    await play_token_flow("AS", 400)


async def test_escape_backs_out_of_an_untouched_token() -> None:
    setup, prefix = walk_until(500, holds_playable("AP"))
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history_of(setup, prefix))
        before = encode_state(screen.state)
        await pilot.press("p")
        assert screen.state.pending is not None
        await pilot.press("escape")
        assert encode_state(screen.state) == before
        await pilot.press("p")
        legal = legal_actions(screen.state)
        await pilot.press(*keys_for(legal[0]))
        after_first = encode_state(screen.state)
        await pilot.press("escape")  # a meeple is placed: too late to back out
        assert encode_state(screen.state) == after_first
        assert "undo" in message(screen)


async def test_illegal_step_inside_a_token_names_the_rule() -> None:
    setup, prefix = walk_until(600, holds_playable("AT"))
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history_of(setup, prefix))
        await pilot.press("t")
        before = encode_state(screen.state)
        await pilot.press("5")  # cells mean nothing while taking a token
        assert encode_state(screen.state) == before
        reason = why_illegal(screen.state, Place(4))
        assert reason is not None
        assert "First choose a boat" in message(screen) or reason in message(screen)


async def test_every_token_flow_by_mouse() -> None:
    for token, seed in (("AT", 100), ("AP", 200), ("AU", 300), ("AS", 400)):
        await play_token_flow(token, seed, mouse=True)


async def test_every_boat_draws_its_tokens_at_full_strength() -> None:
    # A slot number beside a token is dim; the token itself must not be, on
    # row boats and column boats alike (with 16 colours a dim green is grey).
    from engine.duel.tokens import ALL_CODES
    from tui.duel.glyphs import token_style

    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=5), NAMES)
        await pilot.pause()
        harbor = game(app).query_one(Harbor)
        plan = harbor.plan
        seen: dict[str, int] = {}
        for y, strip in enumerate(harbor.lines(harbor.size.width)):
            if y < plan.column_boat_height:
                strip = strip.crop(plan.row_boat_width)  # the corner keys the codes

            for segment in strip:
                code = segment.text.strip()
                if code in ALL_CODES and segment.style is not None:
                    seen[code] = seen.get(code, 0) + 1
                    assert not segment.style.dim, code
                    assert segment.style.color == Style.parse(token_style(code)).color, code
        on_boats = [t for slots in game(app).state.boats if slots for t in slots]
        assert sum(seen.values()) == len(on_boats) == 18


async def test_keys_that_do_nothing_now_say_why() -> None:
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=5), NAMES)
        await pilot.pause()
        screen = game(app)
        start = encode_state(screen.state)
        for key, words in (
            ("x", "Not allowed"),  # nothing optional to stop
            ("full_stop", "Not allowed"),  # a legal step exists, so no pass
            ("z", "Nothing to undo"),
            ("y", "Nothing to redo"),
        ):
            await pilot.press(key)
            assert words in message(screen), key
            assert encode_state(screen.state) == start


async def test_the_move_report_shows_whole_entries_newest_last() -> None:
    from tui.widgets.log import MORE, ActionLog

    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=5), NAMES)
        await pilot.pause()
        log = game(app).query_one(ActionLog)
        width, height = log.content_size.width, log.content_size.height
        assert height >= 2

        def shown() -> list[str]:
            return [strip.text.rstrip() for strip in log.lines(width)]

        older = "Ann places a meeple on cell 1."
        long = " ".join(["Bob unloads the row 1 boat: Bob takes an obelisk."] * 2)
        log.entries = (older, long)
        await pilot.pause()
        # The newest whole at the bottom; the older one whole or not at all,
        # never as a line torn from its middle.
        assert " ".join(shown()) in (long, f"{older} {long}")
        log.entries = (long, older)
        await pilot.pause()
        assert " ".join(shown()) in (older, f"{long} {older}")

        too_long = " ".join(["Ann unloads the column 2 boat: Ann takes temple 3."] * 8)
        log.entries = (older, too_long)
        await pilot.pause()
        lines = shown()
        # The rule above the log gives its row to an entry this long.
        assert log.content_size.height == height + 1
        assert len(lines) == height + 1
        assert lines[0].startswith("Ann unloads the column 2 boat")
        assert lines[-1].endswith(MORE.strip())


def test_every_kind_of_token_has_a_colour_of_its_own() -> None:
    # As drawn: Textual maps ANSI names to its own palette, where some share a
    # colour (red and magenta do), so compare the colours a player sees.
    from textual._ansi_theme import MONOKAI

    from engine.duel.tokens import DARK_PYRAMID, LIGHT_PYRAMID, OBELISK, TEMPLES
    from tui.duel.glyphs import KIND_STYLES, token_style

    def seen(style: str) -> tuple[int, int, int]:
        color = Style.parse(style).color
        assert color is not None
        return tuple(color.get_truecolor(MONOKAI))  # type: ignore[return-value]

    styles = [token_style(t) for t in (OBELISK, LIGHT_PYRAMID, DARK_PYRAMID, TEMPLES[0])]
    styles += [KIND_STYLES["chamber"], KIND_STYLES["action"]]
    assert len({seen(s) for s in styles}) == len(styles)


def _walk_to_a_pass() -> tuple[Setup, list[Action]]:
    # Random play from seed 24 reaches a player who must pass (RULES.md 4.4).
    setup = Setup(seed=24)
    state, rng, actions = setup.start(), random.Random(24), []
    while legal_actions(state) != [Pass()]:
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    return setup, actions


async def test_a_player_who_must_pass_is_told_why_and_one_key_passes() -> None:
    setup, actions = _walk_to_a_pass()
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history_of(setup, actions))
        await pilot.pause()
        prompt = screen.query_one("#prompt", Line).plain
        assert "pass" in prompt and "[. to pass]" in prompt
        assert len(prompt) <= 78  # one line at 80 columns, key included
        assert step_prompt(screen.state)[1:] in message(screen)  # the engine's why
        who = screen.state.turn
        await pilot.press("full_stop")
        assert screen.history.actions[-1] == Pass()
        assert screen.state.turn == 1 - who


@pytest.mark.parametrize("step", ["take", "swap", "place", "place_more", "unload", "unload_more"])
async def test_every_step_prompt_fits_one_line_at_80_columns(step: str) -> None:
    setup, actions = walk_until(
        11, lambda s: s.pending is not None and s.pending.step == step, limit=2000
    )
    names = ("Bartholomew Fitzroy", "Maximiliana Ortega")  # near the 20-letter limit
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(history_of(setup, actions), names)
        await app.push_screen(screen)
        await pilot.pause()
        prompt = screen.query_one("#prompt", Line).plain
        assert len(prompt) <= 78, prompt
        assert prompt.endswith("]"), prompt  # the keys for this step are never cut
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        wide = screen.query_one("#prompt", Line).plain
        assert step_prompt(screen.state) in wide  # with room, the whole prompt


def test_key_hint_names_only_the_tokens_that_can_be_played_now() -> None:
    from tui.duel.screens.game import GameScreen

    state = Setup(seed=5).start()
    legal = legal_actions(state)
    assert GameScreen._key_hint(state, legal) == " [1-9 r/c1-3]"
    # Play on until someone may play a token, then the hint offers its key.
    rng = random.Random(2)
    while not any(isinstance(action, Play) for action in legal):
        state = apply(state, rng.choice(legal))
        legal = legal_actions(state)
    playable = sorted(KEY_OF_TOKEN[a.token] for a in legal if isinstance(a, Play))
    hint = GameScreen._key_hint(state, legal)
    assert hint.startswith(" [1-9 r/c1-3 ") and sorted(hint[13:-1].split()) == playable


@pytest.mark.parametrize("ascii_mode", [False, True])
async def test_a_message_too_long_for_its_lines_ends_on_a_whole_word_marked_cut(
    ascii_mode: bool,
) -> None:
    from tui.widgets.line import Line

    setup = Setup(seed=4)
    app = ImhotepApp(ascii=ascii_mode)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(app, history_of(setup, []))
        await pilot.pause()
        words = [f"word{n:02d}" for n in range(60)]  # about five lines at 80 columns
        screen.say(" ".join(words))
        await pilot.pause()
        line = screen.query_one("#message", Line)
        shown = [strip.text.rstrip() for strip in line.lines(line.content_size.width)]
        assert len(shown) == line.content_size.height == 2
        more = "..." if ascii_mode else "…"
        assert shown[-1].endswith(more)
        seen = " ".join(shown)[: -len(more)].split()
        assert seen == words[: len(seen)]  # whole words, in order, none cut
        # A message that fits is left as it is.
        screen.say("word01 word02")
        await pilot.pause()
        assert [s.text.rstrip() for s in line.lines(line.content_size.width)] == ["word01 word02"]
