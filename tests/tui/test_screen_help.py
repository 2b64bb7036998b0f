"""Help on the screen in front: the game log's and the lobby's (issue 33).

The log viewer had no ? and no word about its keys; the lobby's ? opened the
rules, which say nothing of the lobby. Each opens on a topic of its own, with
its keys, and the rules one step down the list.
"""

from __future__ import annotations

from pathlib import Path

from builders_screen_support import history_until, open_game
from textual.widgets import OptionList
from tui_support import NAMES

from engine.duel import Setup
from match.store import Store
from tui.app import ImhotepApp
from tui.builders.screens.log import LogScreen as BuildersLog
from tui.duel.screens.log import LogScreen as DuelLog
from tui.screens.help import HelpScreen
from tui.screens.lobby import LobbyScreen
from tui.widgets.keybar import KeyBar


def _bar(app: ImhotepApp) -> str:
    return app.screen.query_one(KeyBar).render().plain


async def _help_of_the_log(app: ImhotepApp, pilot: object, log_type: type) -> HelpScreen:
    assert isinstance(app.screen, log_type)
    assert "? Help" in _bar(app)
    await pilot.press("question_mark")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    help_screen = app.screen
    assert isinstance(help_screen, HelpScreen)
    return help_screen


def _topics(help_screen: HelpScreen) -> list[str]:
    return help_screen.listed_topics


async def test_the_duel_log_has_help_on_its_keys() -> None:
    app = ImhotepApp(ascii=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(Setup(seed=3), NAMES)
        await pilot.pause()
        await pilot.press("5", "g")
        await pilot.pause()
        log = app.screen
        help_screen = await _help_of_the_log(app, pilot, DuelLog)
        assert help_screen.topic == "log"
        text = help_screen.markdown_source
        assert text.startswith("# The game log")
        for words in (
            "`home`: To the set-up",
            "`end`: Latest",
            "`e`: Export record",
            "Back to the game",
        ):
            assert words in text, words
        # The rules are one step down the list.
        listed = _topics(help_screen)
        assert listed[0] == "log" and "controls" in listed
        await pilot.press("down")
        await pilot.pause()
        assert help_screen.topic == listed[1] != "log"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is log


async def test_the_builders_log_has_help_on_its_keys() -> None:
    history = history_until(4, lambda s: s.ply >= 10)
    app = ImhotepApp(store_problem="not kept in tests")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, history)
        await pilot.press("g")
        await pilot.pause()
        help_screen = await _help_of_the_log(app, pilot, BuildersLog)
        assert help_screen.topic == "log"
        assert "`e`: Export record" in help_screen.markdown_source
        # ? inside the help goes back to the keys: the log's topic.
        await pilot.press("down", "question_mark")
        await pilot.pause()
        assert help_screen.topic == "log"


async def test_a_replay_from_the_lobby_lists_no_export(tmp_path: Path) -> None:
    from engine.duel import legal_actions
    from match.match import Match
    from match.seats import Seat

    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        # Bob and Eve's game between terminals, played to its end.
        bob = Match.new(
            Setup(seed=11),
            (Seat(name="bob"), Seat(name="Player 2")),
            store=store,
            here=frozenset({0}),
            table=True,
            me="key:bob",
        )
        assert bob.code is not None
        eve = Match.join(Store.open(path), bob.code, me="key:eve", name="eve")
        bob.poll()
        while not bob.over(bob.state):
            mover = bob if bob.to_move in bob.here else eve
            mover.poll()
            assert mover.play(legal_actions(mover.state)[0]) is None
            bob.poll()
            eve.poll()
    app = ImhotepApp(store=Store.open(path), me="key:alice", disk=False, lobby="alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "finished"
        await pilot.press("enter")
        await pilot.pause()
        help_screen = await _help_of_the_log(app, pilot, DuelLog)
        assert "Export record" not in help_screen.markdown_source


async def test_the_lobby_help_is_about_the_lobby(tmp_path: Path) -> None:
    app = ImhotepApp(
        store=Store.open(tmp_path / "games.sqlite3"), me="key:alice", disk=False, lobby="alice"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.topic == "lobby"
        text = help_screen.markdown_source
        for words in ("Your games", "Open tables", "Being played", "Finished", "Tab"):
            assert words in text, words
        for keys in (
            "`h`: Host a table",
            "`j`: Join by code",
            "`c`: Play the computer",
            "`w`: Watch",
        ):
            assert keys in text, keys
        listed = _topics(help_screen)
        assert listed[0] == "lobby" and "controls" in listed
        # The rules, one step down.
        await pilot.press("down")
        await pilot.pause()
        assert help_screen.topic == listed[1]
        assert help_screen.query_one("#help-topics", OptionList).highlighted == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_the_lobby_help_points_to_every_games_rules_and_r_opens_them(
    tmp_path: Path,
) -> None:
    """A play-test: the lobby's help held only the Duel's rules, though a
    Builders table can be hosted from the lobby too."""
    from tui.games import playable, screens, title
    from tui.screens.rules_choice import RulesChoice

    others = [kind for kind in playable() if kind != "duel"]
    assert others, "the lobby offers more than one game"
    app = ImhotepApp(
        store=Store.open(tmp_path / "games.sqlite3"), me="key:alice", disk=False, lobby="alice"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.markdown_source
        assert "`r`: The rules of each game" in text
        assert all(title(kind) in text for kind in others), text
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, RulesChoice) and set(choice.kinds) == set(playable())
        choice.dismiss(others[0])
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, HelpScreen)
        book = screens(others[0])
        assert book is not None and shown.topics is book.help_topics
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_the_lobby_help_speaks_hungarian(tmp_path: Path) -> None:
    from tui import i18n

    app = ImhotepApp(
        store=Store.open(tmp_path / "games.sqlite3"),
        me="key:alice",
        disk=False,
        lobby="alice",
        lang="hu",
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        text = help_screen.markdown_source
        assert text.startswith(f"# {i18n._('The lobby')}") and "The lobby" not in text
        assert "Host a table" not in text and "Your games" not in text
    i18n.use("en")


async def test_help_outside_a_game_asks_which_games_rules() -> None:
    from tui.games import playable, screens
    from tui.screens.rules_choice import RulesChoice
    from tui.screens.start import StartScreen

    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, RulesChoice)
        games = choice.query_one(OptionList)
        assert [games.get_option_at_index(i).id for i in range(games.option_count)] == list(
            playable()
        )
        assert len(playable()) >= 2
        await pilot.press("question_mark")  # a second ? asks nothing more
        await pilot.pause()
        assert app.screen is choice
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)

        # The menu's Help asks too; the second game's rules are one Down away.
        await pilot.press("question_mark", "down", "enter")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        second = screens(playable()[1])
        assert second is not None
        assert _topics(help_screen) == list(second.help_topics.TOPIC_IDS)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
