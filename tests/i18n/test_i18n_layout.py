"""At 80x24, in every language, every screen a player can reach reads whole.

Each test drives the app with Pilot through a part of the game (the screens
around it, the game screen in its states, the end of a game and what follows,
the lobby of a shared store) and reads each screen as drawn: no word may be cut
by the edge of its box, folded onto the next line or shortened with an
ellipsis, no text may be lost below its box, and every key of the key bar
must show its whole description (see layout_support). A failure names the
language, the screen and the line.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import pytest
from layout_support import Problem, check_screen, cut_words, screen_lines, vocabulary, words_of
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from engine.duel import (
    Action,
    GameState,
    Rules,
    Setup,
    Swap,
    Take,
    Unload,
    apply,
    legal_actions,
    preview_unload,
)
from engine.duel.actions import PASS
from engine.duel.game import DUEL
from match import saves
from match.history import History
from match.match import Match
from match.seats import Seat, local_player
from match.store import Store
from tui import files, i18n
from tui.app import ImhotepApp
from tui.duel.glyphs import UNICODE
from tui.duel.help.topics import TOPIC_IDS
from tui.duel.keys import boat_keys, keys_for
from tui.duel.screens.game import GameScreen, cut_at_word
from tui.duel.screens.game_over import GameOverScreen
from tui.duel.screens.new_game import PLAYER_KINDS, NewGameScreen
from tui.duel.unload_preview import preview_sentences
from tui.screens.files import ConfirmScreen, LoadScreen
from tui.screens.games import GamesScreen
from tui.screens.help import HelpScreen
from tui.screens.lobby import LobbyScreen
from tui.widgets.keybar import KeyBar
from tui.widgets.line import Line

LANGUAGES = ("en", "hu", "de", "ru")
NAMES = ("Ann", "Bob")
SIZE = (80, 24)
# Words the screens show that no catalog holds: names, Textual's own key
# names, languages in their own words.
EXTRA = (
    *NAMES,
    *("alice", "bob", "carol", "nowhere", "xyzzy", "ZZZZZ"),
    *("ctrl", "shift", "esc", "tab", "enter"),
    *i18n.LANGUAGES.values(),
    # Textual's own words, which no catalog holds yet.
    "Dismiss menu",
)


class Tour:
    """Looks at each screen it is shown and keeps what a player could not read."""

    def __init__(self, app: ImhotepApp, pilot: Pilot[None], language: str) -> None:
        self.app = app
        self.pilot = pilot
        self.language = language
        self.vocabulary = vocabulary(language, EXTRA)
        self.problems: list[Problem] = []
        self.seen: list[str] = []

    async def look(self, name: str, *, wait: float = 0.0) -> None:
        await self.pilot.pause(wait)
        await self.pilot.pause()
        self.seen.append(name)
        game = self.app.game_screen
        if game is not None and game.match.code:
            # A table's code is drawn at random: known only once the table is open.
            self.know(game.match.code)
        self.problems.extend(check_screen(self.app, f"{self.language}: {name}", self.vocabulary))

    def know(self, *texts: str) -> None:
        """Words this run shows that no catalog holds: table codes, a path."""
        self.vocabulary |= {word.casefold() for text in texts for word in words_of(text)}

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await self.pilot.pause()

    def verdict(self) -> str:
        return f"{len(self.problems)} problems on {len(self.seen)} screens:\n" + "\n".join(
            str(p) for p in self.problems
        )


def _random_game(setup: Setup) -> list[Action]:
    """The moves of a whole game of random legal moves, the same each run."""
    state = setup.start()
    rng = random.Random(setup.seed)
    actions: list[Action] = []
    while not state.over:
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    return actions


def _history(setup: Setup, actions: list[Action]) -> History:
    history = History.start(DUEL, setup)
    for action in actions:
        history.push(action)
    return history


def _found(seed: int, wanted: Callable[[GameState], bool], rules: Rules = "classic") -> History:
    """A random game from the first seed from ``seed`` on that reaches a state ``wanted``
    accepts, up to that state."""
    for attempt in range(seed, seed + 300):
        setup = Setup(seed=attempt, starter=0, rules=rules)
        history = History.start(DUEL, setup)
        for action in _random_game(setup):
            if wanted(history.state):
                return history
            history.push(action)
    raise AssertionError("no game reached the wanted position")


def _at_step(step: str) -> Callable[[GameState], bool]:
    return lambda state: state.pending is not None and state.pending.step == step


def _match(history: History, kinds: tuple[str, str] = ("human", "human")) -> Match:
    seats = (Seat(name=NAMES[0], kind=kinds[0]), Seat(name=NAMES[1], kind=kinds[1]))
    return Match(history, seats)


async def _show(tour: Tour, history: History, kinds: tuple[str, str] = ("human", "human")) -> None:
    match = _match(history, kinds)
    match.delay = 60.0  # the computer thinks for as long as the test looks
    tour.app.show_match(match)
    await tour.pilot.pause()


def _app(language: str, **kwargs: object) -> ImhotepApp:
    return ImhotepApp(lang=language, ascii=False, **kwargs)  # type: ignore[arg-type]


# --- the screens around a game ----------------------------------------------------


def _keep_games() -> None:
    """Two games in progress in the store, and a named save, to be listed."""
    with Store.open(files.store_path()) as store:
        for seed in (4, 5):
            setup = Setup(seed=seed)
            seats = (Seat(name=NAMES[0]), Seat(name=NAMES[1]))
            match = Match.new(setup, seats, store=store, me=local_player())
            for action in _random_game(setup)[:6]:
                match.play(action)
            match.close()
    setup = Setup(seed=6)
    history = _history(setup, _random_game(setup)[:20])
    saves.write_game(saves.save_path("Ann v Bob"), history, names=NAMES, players=("human", "human"))


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_screens_around_a_game_read_whole(language: str) -> None:
    _keep_games()
    app = _app(language)
    async with app.run_test(size=SIZE) as pilot:
        tour = Tour(app, pilot, language)
        await tour.look("start screen", wait=0.2)
        await tour.press("n")
        assert isinstance(app.screen, NewGameScreen)
        await tour.look("new game form", wait=0.3)
        for field in range(1, 10):
            await tour.press("tab")
            await tour.look(f"new game form, field {field} focused")
        form = app.screen
        for select in form.query(Select):
            select.focus()
            await tour.press("enter")
            await tour.look(f"new game form, the list of {select.id} open")
            await tour.press("escape")
        # Each choice of each list, with the words it brings beside it.
        for who in (0, 1):
            for _words, kind in PLAYER_KINDS:
                form.query_one(f"#kind-{who}", Select).value = kind
                await tour.look(f"new game form, player {who + 1}: {kind}")
        for select in form.query(".side").results(Select):
            select.value = "B"
        await tour.look("new game form, every B side")
        for value in ("1", "random", "0"):
            form.query_one("#starter", Select).value = value
            await tour.look(f"new game form, who starts: {value}")
        for rules in ("online", "classic"):
            form.query_one("#rules", Select).value = rules
            await tour.look(f"new game form, the {rules} rules")
        await tour.press("escape")
        await tour.press("ctrl+p")
        app.screen.query_one(Input).cursor_blink = False
        await tour.look("command palette", wait=0.3)
        # The languages, found by the word the palette shows them under.
        await tour.press(*i18n._("Language: {language}").partition(":")[0][:4].lower())
        await tour.look("command palette, the languages", wait=0.3)
        assert i18n._("Show the game in this language") in "\n".join(screen_lines(app))
        await tour.press("escape")
        app.action_list_games()
        await tour.look("your games in progress", wait=0.1)
        assert isinstance(app.screen, GamesScreen)
        await tour.press("escape")
        await tour.press("o")
        await tour.look("load a saved game", wait=0.1)
        assert isinstance(app.screen, LoadScreen)
        await tour.press("i")
        await tour.look("open a file by its path")
        await tour.press(*"nowhere.json", "enter")
        await tour.look("load: a file that is not there")
    assert not tour.problems, tour.verdict()


# --- the game screen in its states -------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_game_screen_reads_whole_in_every_state(language: str) -> None:
    app = _app(language)
    async with app.run_test(size=SIZE) as pilot:
        tour = Tour(app, pilot, language)
        await _show(tour, History.start(DUEL, Setup(seed=8, starter=0)))
        await tour.look("the first move, with the first-game guide")
        app.action_toggle_guide()
        await tour.look("the first move, guide off")
        await tour.press("s")
        await tour.look("a token key for a token not held")
        await tour.press("z")
        await tour.look("undo at the start")
        await tour.press("x")
        await tour.look("stop where there is nothing to stop")
        await tour.press("5")
        await tour.look("after a move")

        setup = Setup(seed=21, sides="ABAB", starter=0)
        mid = _history(setup, _random_game(setup)[:30])
        await _show(tour, mid)
        await tour.look("the middle of a game")
        state = app.screen.state  # type: ignore[attr-defined]
        for action in legal_actions(state):
            if isinstance(action, Unload):
                await tour.press(*boat_keys(action.boat))
                await tour.look(f"the unload of boat {action.boat} on show")
                await tour.press("escape")
                await tour.look("an unload cancelled")
        await tour.press("i")
        await tour.look("points details")
        await tour.press("escape")
        await tour.press("plus")
        await tour.look("computer speed")

        # Unloads of all sorts (two takers or one, a token to the box, the
        # last unload): every fourth position of two games, every boat.
        for seed in (21, 8):
            setup = Setup(seed=seed, sides="ABAB", starter=0)
            moves = _random_game(setup)
            for ply in range(0, len(moves), 4):
                history = _history(setup, moves[:ply])
                unloads = [a for a in legal_actions(history.state) if isinstance(a, Unload)]
                if not unloads or history.state.pending is not None:
                    continue
                await _show(tour, history)
                for action in unloads:
                    key = "".join(boat_keys(action.boat))
                    await tour.press(*key)
                    await tour.look(f"game {seed}, move {ply}: the unload of boat {key} on show")
                    await tour.press("escape")

        for step in ("take", "swap", "place", "place_more", "unload", "unload_more"):
            await _show(tour, _found(30, _at_step(step)))
            await tour.look(f"an action token, step {step}")
            state = app.screen.state  # type: ignore[attr-defined]
            slots = [a for a in legal_actions(state) if isinstance(a, Take | Swap)]
            if slots:
                boat = boat_keys(slots[0].boat)
                first = slots[0].slot if isinstance(slots[0], Take) else slots[0].first
                await tour.press(*boat)
                await tour.look(f"step {step}, boat {boat} chosen")
                await tour.press(str(first + 1))
                await tour.look(f"step {step}, slot {first + 1} chosen")
        await _show(tour, _found(24, lambda s: legal_actions(s) == [PASS]))
        await tour.look("no legal action: pass")

        # The online rules: a boat waiting, empty, for its refill; and the
        # unload after which the last refill goes to one boat of two.
        for name, wanted in (
            ("a boat waiting for its refill", lambda s: bool(s.emptied)),
            ("one refill for two boats", lambda s: bool(s.emptied) and len(s.supply) == 3),
        ):
            await _show(tour, _found(40, wanted, rules="online"))
            await tour.look(f"online rules, {name}")
            state = app.screen.state  # type: ignore[attr-defined]
            for action in legal_actions(state):
                if isinstance(action, Unload):
                    await tour.press(*boat_keys(action.boat))
                    await tour.look(f"online rules, {name}: unload boat {action.boat}")
                    await tour.press("escape")

        await _show(tour, _found(90, lambda s: s.turn == 0), kinds=("medium", "human"))
        await tour.look("the computer thinking")
        await tour.press("5")
        await tour.look("a key while the computer thinks")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.stop_thinking()

        app.start_game(Setup(seed=3, starter=0), NAMES, ("human", "away"))
        await tour.look("a table waiting for the other terminal")
        app.push_screen(
            ConfirmScreen(
                i18n._("{name} asks to take back their last move. Allow it?").format(name="Bob")
            )
        )
        await tour.look("a question")
    assert not tour.problems, tour.verdict()


# --- the end of a game and the screens over it ------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_end_of_a_game_and_the_screens_over_it_read_whole(language: str) -> None:
    setup = Setup(seed=8, sides="BBAA", starter=1)
    actions = _random_game(setup)
    history = _history(setup, actions[:-1])
    app = _app(language)
    async with app.run_test(size=SIZE) as pilot:
        tour = Tour(app, pilot, language)
        await _show(tour, history)
        await tour.press(*keys_for(actions[-1], preview=True))
        assert isinstance(app.screen, GameOverScreen)
        await tour.look("game over")
        await tour.press("b")
        await tour.look("the board after the game")
        await tour.press("i")
        await tour.look("points details at the end")
        await tour.press("escape")
        await tour.press("g")
        await tour.look("the game log")
        await tour.press("up", "up")
        await tour.look("the game log, an earlier move")
        await tour.press("home")
        await tour.look("the game log, the deal")
        await tour.press("e")
        tour.know(str(Path.cwd()))
        await tour.look("export the record")
        await tour.press("escape", "escape")
        await tour.press("w")
        await tour.look("save the game")
        await tour.press("enter")
        await tour.press("w")
        await tour.look("save over a save of that name")
        await tour.press("escape")
        await tour.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        for topic in TOPIC_IDS:
            await app.screen.show_topic(topic)
            await tour.look(f"help: {topic}")
        await tour.press("slash", *"xyzzy")
        await tour.look("help: a search that finds nothing")
    assert not tour.problems, tour.verdict()


# --- the lobby of a shared store ------------------------------------------------------------


ALICE, BOB, CAROL = "key:alice", "key:bob", "key:carol"


def _lobby_store(path: Path) -> list[str]:
    """A store with tables and games of three players; the tables' codes."""
    codes = []
    with Store.open(path) as store:
        for player, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
            store.name_player(player, name)

        def table(host: str, name: str, seed: int, invited: str | None = None) -> Match:
            match = Match.new(
                Setup(seed=seed),
                (Seat(name=name), Seat(name="Player 2")),
                store=store,
                here=frozenset({0}),
                table=True,
                me=host,
                invited=invited,
            )
            codes.append(match.code or "")
            return match

        for first, second, names, seed in (
            (ALICE, BOB, ("alice", "bob"), 1),
            (BOB, ALICE, ("bob", "alice"), 2),
            (BOB, CAROL, ("bob", "carol"), 7),
        ):
            hosted = table(first, names[0], seed)
            assert hosted.code is not None
            Match.join(store, hosted.code, me=second, name=names[1])
        table(ALICE, "alice", 3)
        table(BOB, "bob", 4)
        table(CAROL, "carol", 5, invited=ALICE)
    return codes


def _duel_to_the_end(
    path: Path, players: tuple[str, str], names: tuple[str, str], seed: int
) -> tuple[Match, Match, Action]:
    """A duel played to its last move, each side from its own connection as two
    terminals do; the two sides and the last move."""
    setup = Setup(seed=seed, starter=0)
    host = Match.new(
        setup,
        (Seat(name=names[0]), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=players[0],
    )
    assert host.code is not None
    guest = Match.join(Store.open(path), host.code, me=players[1], name=names[1])
    host.poll()
    *moves, last = _random_game(setup)
    for action in moves:
        _play(host, guest, action)
    return host, guest, last


def _play(host: Match, guest: Match, action: Action) -> None:
    mover = host.to_move
    assert mover is not None and (host, guest)[mover].play(action) is None
    host.poll()
    guest.poll()


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_lobby_reads_whole(language: str, tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    codes = _lobby_store(path)
    app = _app(language, store=Store.open(path), me=ALICE, disk=False, lobby="alice")
    async with app.run_test(size=SIZE) as pilot:
        tour = Tour(app, pilot, language)
        tour.know(*codes)
        await tour.look("the lobby", wait=0.1)
        await tour.press("h")
        await tour.look("host a table")
        await tour.press("escape")
        await tour.press("c")
        await tour.look("play the computer")
        await tour.press("escape")
        await tour.press("j")
        await tour.look("join by code")
        await tour.press(*"ZZZZZ", "enter")
        await tour.look("join by a code that is no table")
        await tour.press("escape")
        await tour.press("enter")
        await tour.look("a game from the lobby", wait=0.2)
    assert not tour.problems, tour.verdict()


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_lobby_after_a_game_ends_reads_whole(language: str, tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        for player, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
            store.name_player(player, name)
    others = _duel_to_the_end(path, (BOB, CAROL), ("bob", "carol"), 9)
    _play(*others)
    host, guest, last = _duel_to_the_end(path, (ALICE, BOB), ("alice", "bob"), 8)
    host.close()
    app = _app(language, store=Store.open(path), me=ALICE, disk=False, lobby="alice")
    async with app.run_test(size=SIZE) as pilot:
        tour = Tour(app, pilot, language)
        await tour.look("the lobby, a game in play", wait=0.1)
        _play(host, guest, last)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        lobby.reload()  # as its look at the store each second would
        await tour.look("the lobby after the game ended", wait=0.1)
        lines = "\n".join(screen_lines(app))
        assert i18n.pgettext("game result", "you won") in lines or (
            i18n.pgettext("game result", "you lost") in lines
        )
        await tour.press("enter")
        await tour.look("a finished game in the replay viewer", wait=0.1)
    assert not tour.problems, tour.verdict()


def test_a_word_cut_short_is_no_word_of_the_language() -> None:
    words = vocabulary("de", EXTRA)
    assert cut_words(["Figur platzieren, Boot entladen", " q Ende  ctrl+p Befehle"], words) == []
    assert cut_words([" Spalte Ableg"], words) == [(0, "Ableg")]
    # An ellipsis cuts even where what is left happens to be a word or a code.
    assert cut_words(["Reihe Pl\u2026", "oder s\u2026"], words) == [(0, "Pl\u2026"), (1, "s\u2026")]
    assert "\u0440\u0443\u0441\u0441\u043a\u0438\u0439" in vocabulary("ru", EXTRA)


# Words of the German catalog, too many for one key bar.
GERMAN_KEYS = (
    *("Spielfigur", "Hafen", "Boot", "Reihe", "Spalte"),
    *("Feld", "Partie", "Schachtel", "Tempel"),
)


class _Narrow(App[None]):
    """A box too small for its words, and a key bar too short for its keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"bell('{key}')", words)
        for key, words in zip("abcdefghi", GERMAN_KEYS, strict=True)
    ]
    CSS = "#narrow { width: 14; height: 1; } KeyBar { dock: bottom; height: 1; }"

    def compose(self) -> ComposeResult:
        yield Static("Spielfiguren stehen im Hafen", id="narrow")
        yield KeyBar()


async def test_the_check_sees_lost_lines_and_lost_keys() -> None:
    app = _Narrow()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        problems = [str(p) for p in check_screen(app, "test", vocabulary("de", EXTRA))]
    assert any("narrow does not show 'stehen im Hafen'" in p for p in problems), problems
    assert any("key i 'Tempel' is not whole" in p for p in problems), problems


def test_a_prompt_gives_way_between_words() -> None:
    text = "rakj le munkást, rakodj ki, vagy játssz ki lapkát"
    assert cut_at_word(text, len(text)) == text
    assert cut_at_word(text, 28) == "rakj le munkást, rakodj ki"
    assert cut_at_word(text, 17) == "rakj le munkást"  # no comma left hanging
    assert cut_at_word("Spielfigurenvorrat", 8) == "Spielfig"  # one long word: cut it


@pytest.mark.parametrize("language", LANGUAGES)
async def test_long_names_cut_the_prompt_between_words(language: str) -> None:
    # The longest names the form takes leave the step's words little room.
    names = ("Maximiliane Muller-L", "Bartholomew Anderson")
    app = _app(language)
    async with app.run_test(size=SIZE) as pilot:
        for state in (History.start(DUEL, Setup(seed=8)), _found(30, _at_step("swap"))):
            match = Match(state, (Seat(name=names[0]), Seat(name=names[1])))
            app.show_match(match)
            await pilot.pause()
            prompt = app.screen.query_one("#prompt", Line).plain
            words, _more, hint = prompt.partition("\u2026")
            whole = vocabulary(language, (*EXTRA, *names))
            assert cut_words([words], whole) == [], prompt
            assert hint.startswith(" [") or not hint, prompt


def test_an_unload_too_long_for_the_message_line_names_its_tokens_by_code() -> None:
    history = _found(40, lambda s: any(isinstance(a, Unload) for a in legal_actions(s)))
    boat = next(a.boat for a in legal_actions(history.state) if isinstance(a, Unload))
    preview = preview_unload(history.state, boat)
    worded = preview_sentences(preview, NAMES, UNICODE)
    coded = preview_sentences(preview, NAMES, UNICODE, codes=True)
    taken = [token for who in (0, 1) for token in preview.tokens_for(who)]
    assert taken
    takes = next(i for i, sentence in enumerate(coded) if NAMES[0] in sentence)
    assert all(token in coded[takes] for token in taken), coded
    assert len(coded[takes]) < len(worded[takes])
    # Only the tokens' names change: every other sentence stays as it was.
    assert coded[:takes] + coded[takes + 1 :] == worded[:takes] + worded[takes + 1 :]


# --- a watcher's screen, and the fullest Held row ------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_watchers_screen_and_four_held_tokens_read_whole(
    language: str, tmp_path: Path
) -> None:
    path = tmp_path / "games.sqlite3"
    host, guest, last = _duel_to_the_end(path, (ALICE, BOB), ("alice", "bob"), 8)
    assert host.game_id is not None
    watching = Match.open(Store.open(path), host.game_id, me=CAROL, seats=frozenset())
    app = _app(language, store=watching.store, me=CAROL)
    async with app.run_test(size=SIZE) as pilot:
        tour = Tour(app, pilot, language)
        app.show_match(watching)
        await tour.look("watching a game", wait=0.1)
        await tour.press("z")
        await tour.look("watching: z")
        await tour.press("5")
        await tour.look("watching: a cell key")
        _play(host, guest, last)
        watching.poll()
        await tour.look("watching: the game over", wait=0.1)
        assert isinstance(app.screen, GameOverScreen)
        await tour.press("b")
        await tour.look("watching: the board after the game")
        # Four tokens, three of them different: the widest the row gets.
        four = _found(
            0, lambda s: any(len(p.actions) >= 4 and len(set(p.actions)) >= 3 for p in s.players)
        )
        await _show(tour, four)
        await tour.look("four action tokens held")
        held = "\n".join(screen_lines(app))
        assert "AU" in held and "AP" in held
    assert not tour.problems, tour.verdict()
