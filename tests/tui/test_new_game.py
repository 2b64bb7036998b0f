"""The new game form: focus, the players' symbols, who starts, remembered choices."""

from __future__ import annotations

from rich.style import Style
from textual.geometry import Offset
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static
from tui_support import NAMES

from engine.duel import Setup
from tui import files
from tui.app import ImhotepApp
from tui.duel.screens.new_game import NewGameScreen


def _form(app: ImhotepApp) -> NewGameScreen:
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


def _style_at(app: ImhotepApp, offset: Offset) -> Style:
    """The style of the character drawn at ``offset`` on the screen."""
    x = 0
    for segment in app.screen._compositor.render_strips()[offset.y]:
        if x <= offset.x < x + segment.cell_length:
            assert segment.style is not None
            return segment.style
        x += segment.cell_length
    raise AssertionError(f"nothing drawn at {offset}")


async def _open_form(app: ImhotepApp, pilot: Pilot[None]) -> NewGameScreen:
    await pilot.press("n")
    await pilot.pause()
    return _form(app)


def _labels(form: NewGameScreen) -> list[str]:
    return [str(label.render()) for label in form.query(".label").results(Static)]


async def _open_by(app: ImhotepApp, pilot: Pilot[None], how: str) -> None:
    if how == "key":
        await pilot.press("n")
    elif how == "menu":
        await pilot.press("enter")  # "New game" is the first choice
    elif how in ("palette", "palette in a game"):
        if how == "palette in a game":
            app.start_game(Setup(seed=1), NAMES)
            await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"new game")
        await pilot.pause(0.3)
        await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


async def test_the_form_opens_on_its_first_field_however_it_is_opened() -> None:
    # On Start, Enter began a game with whatever the form last held before the
    # player had looked at it (issue 33): every form opens on its first field.
    for how in ("key", "menu", "palette", "palette in a game"):
        app = ImhotepApp(ascii=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await _open_by(app, pilot, how)
            form = _form(app)
            assert app.focused is form.query_one("#game"), how


async def test_after_a_game_n_opens_the_form_on_its_first_field() -> None:
    from engine.duel import legal_actions
    from tui.duel.screens.game_over import GameOverScreen

    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=11), NAMES)
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None
        while not screen.state.over:
            assert screen.match.play(legal_actions(screen.state)[0]) is None
            await pilot.pause()
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("n")
        await pilot.pause()
        form = _form(app)
        assert app.focused is form.query_one("#game")
        await pilot.press("enter")  # opens the game menu: no game starts
        await pilot.pause()
        assert app.screen is form


async def test_ctrl_s_starts_the_game_from_every_field() -> None:
    stops = 0
    while True:
        app = ImhotepApp(ascii=False)
        async with app.run_test(size=(80, 24)) as pilot:
            form = await _open_form(app, pilot)
            for _ in range(stops):
                await pilot.press("tab")
            focused = app.focused
            assert focused is not None
            if stops and focused is form.query_one("#game"):
                break  # every field has been tried
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.game_screen is not None and app.screen is app.game_screen, focused
        stops += 1
    assert stops > 10


async def test_the_row_with_focus_is_pointed_at() -> None:
    app = ImhotepApp(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_form(app, pilot)
        assert not any(label.startswith(">") for label in _labels(form))
        await pilot.press("tab", "tab")  # from the game: the first name, its seat
        assert app.focused is form.query_one("#kind-0")
        labels = _labels(form)
        assert labels[0] == "> Player 1"
        assert [label for label in labels if label.startswith(">")] == ["> Player 1"]
        await pilot.press("tab")
        assert _labels(form)[1] == "> Player 2"
        # Reversed, which needs no colour to be seen.
        label = form.query(".label").results(Static)
        styles = [widget.rich_style for widget in label]
        assert styles[1].reverse and not styles[0].reverse


async def test_each_player_shows_their_symbol_and_colour() -> None:
    for ascii, symbols in ((False, ("●", "■")), (True, ("O", "X"))):
        app = ImhotepApp(ascii=ascii)
        async with app.run_test(size=(80, 24)) as pilot:
            form = await _open_form(app, pilot)
            for who in (0, 1):
                symbol = form.query_one(f"#symbol-{who}", Static)
                shown = symbol.render()
                assert str(shown) == symbols[who]
                # Beside the name: the next cell to the right is the name field.
                name = form.query_one(f"#name-{who}", Input)
                assert symbol.region.right <= name.region.x <= symbol.region.right + 1
                assert symbol.region.y == name.region.y
            colours = {
                _style_at(app, form.query_one(f"#symbol-{who}").region.offset).color
                for who in (0, 1)
            }
            assert len(colours) == 2 and None not in colours


async def test_who_starts_offers_the_names_typed() -> None:
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_form(app, pilot)
        starter = form.query_one("#starter", Select)
        starter.value = "1"
        await pilot.click("#name-1")
        await pilot.press("ctrl+a", "ctrl+k", *"Nefertari")
        await pilot.pause()
        prompts = [str(prompt) for prompt, _ in starter._options]
        assert prompts == ["● Player 1", "■ Nefertari", "Random"]
        assert starter.value == "1"  # still the player chosen
        await pilot.click("#name-0")
        await pilot.press("ctrl+a", "ctrl+k")  # no name: the default stands in
        await pilot.pause()
        assert str(starter._options[0][0]) == "● Player 1"
        form.query_one("#name-0", Input).value = "Ramses"
        starter.value = "0"
        await pilot.pause()
        # The drop-down's face shows the chosen player by name too.
        assert str(starter.query_one("SelectCurrent #label", Static).render()) == "● Ramses"
        assert [str(p) for p, _ in starter._options][:2] == ["● Ramses", "■ Nefertari"]


async def test_the_form_is_remembered_for_the_next_game() -> None:
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_form(app, pilot)
        form.query_one("#name-0", Input).value = "Ann"
        form.query_one("#name-1", Input).value = "Hal"
        form.query_one("#kind-1", Select).value = "hard"
        form.query_one("#side-pyramids", Select).value = "B"
        form.query_one("#starter", Select).value = "random"
        form.query_one("#seed", Input).value = "5"
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert app.game_screen is not None
    remembered = files.read_settings().new_game
    assert remembered == files.GameForm(
        kind="duel",
        names=("Ann", "Hal"),
        kinds=("human", "hard"),
        options={"sides": "AABA", "starter": "random", "rules": "classic"},
    )
    # The next start of the app opens the form as it was left (a seed stays
    # with its game: the next one is dealt afresh).
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_form(app, pilot)
        assert [form.query_one(f"#name-{who}", Input).value for who in (0, 1)] == ["Ann", "Hal"]
        assert form.query_one("#kind-0", Select).value == "human"
        assert form.query_one("#kind-1", Select).value == "hard"
        assert form.query_one("#side-pyramids", Select).value == "B"
        assert form.query_one("#side-obelisk", Select).value == "A"
        assert form.query_one("#starter", Select).value == "random"
        assert form.query_one("#seed", Input).value == ""
        await pilot.press("escape")
        await pilot.pause()
    assert files.read_settings().new_game == remembered  # Back changes nothing


def test_a_damaged_remembered_form_falls_back_to_the_defaults() -> None:
    files.settings_path().parent.mkdir(parents=True, exist_ok=True)
    files.settings_path().write_text(
        '{"ascii": true, "new_game": {"names": ["", "x"], "sides": "ABCD"}}'
    )
    settings = files.read_settings()
    assert settings.ascii
    assert settings.new_game == files.GameForm()


async def test_every_side_reminder_fits_on_its_line_at_80x24() -> None:
    from tui.duel.screens.new_game import MONUMENTS, REMINDERS

    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_form(app, pilot)
        for side in "AB":
            for key, _ in MONUMENTS:
                form.query_one(f"#side-{key}", Select).value = side
            await pilot.pause()
            lines = [strip.text for strip in app.screen._compositor.render_strips()]
            for key, _ in MONUMENTS:
                hint = form.query_one(f"#hint-{key}", Static)
                assert REMINDERS[key, side] in lines[hint.region.y], (key, side)


async def test_every_label_keeps_a_space_before_its_field() -> None:
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "tab", "tab", "tab")  # a row pointed at, the others not
        await pilot.pause()
        form = _form(app)
        lines = [strip.text for strip in app.screen._compositor.render_strips()]
        for label in form.query(".label").results(Static):
            title = str(label.render()).rstrip()
            line = lines[label.region.y]
            start = line.index(title)
            assert line[start + len(title)] == " ", title


async def test_enter_in_a_field_moves_on_and_enter_on_start_starts() -> None:
    # A newcomer typed a name, pressed Enter, and the game began before they
    # had chosen an opponent.
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_form(app, pilot)
        await pilot.click("#name-0")
        await pilot.press("ctrl+a", "ctrl+k", *"Ann", "enter")
        await pilot.pause()
        assert app.screen is form
        assert app.focused is form.query_one("#kind-0")
        await pilot.click("#seed")
        await pilot.press(*"12", "enter")
        await pilot.pause()
        assert app.screen is form
        assert app.focused is form.query_one("#start")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None and app.screen is screen
    assert files.read_settings().new_game.names[0] == "Ann"


def test_a_form_remembered_by_an_earlier_version_keeps_its_choices() -> None:
    # Before forms kept a game's options by name, each was a field of its own.
    files.settings_path().parent.mkdir(parents=True, exist_ok=True)
    files.settings_path().write_text(
        '{"new_game": {"names": ["Ann", "Bob"], "kinds": ["human", "easy"],'
        ' "sides": "ABBA", "starter": null, "rules": "online", "hints": true}}'
    )
    form = files.read_settings().new_game
    assert form.names == ("Ann", "Bob") and form.kinds == ("human", "easy") and form.hints
    assert form.options == {"sides": "ABBA", "starter": "random", "rules": "online"}


async def test_default_names_remembered_in_another_language_follow_the_language() -> None:
    from tui.duel.screens.new_game import GameOptions

    app = ImhotepApp(ascii=False, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(NewGameScreen(GameOptions(names=("Spieler 1", "Игрок 2"))))
        await pilot.pause()
        names = [app.screen.query_one(f"#name-{who}", Input).value for who in (0, 1)]
        assert names == ["Player 1", "Player 2"]
