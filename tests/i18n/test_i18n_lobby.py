"""The lobby and its dialogs in each language, and every key's description.

The lobby is what a player of the SSH server reads first; the Keys panel
(command palette, "Keys") lists every key of the screen, including those
the key bar leaves out.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.binding import Binding

from engine.duel import Setup
from engine.duel.tokens import TOKEN_NAMES
from match.match import Match
from match.seats import Seat
from match.store import Store
from tui import i18n
from tui.app import ImhotepApp
from tui.duel.screens.game import GameScreen
from tui.lobby_lists import ago
from tui.screens.lobby import LobbyScreen
from tui.screens.lobby_dialogs import ComputerScreen, HostScreen
from tui.widgets.keybar import KeyBar, key_description
from tui.widgets.keys_panel import KeysPanel

LANGUAGES = ("hu", "de", "ru")
ALICE, BOB, CAROL = "key:alice", "key:bob", "key:carol"
# English the lobby must not show in another language.
ENGLISH = (
    "Your games",
    "Open tables",
    "Being played",
    "Against",
    "Moves",
    "Score",
    "Waiting",
    "Players",
    "your turn",
    "their turn",
    "waiting",
    "for you",
    "you are",
    "Host a table",
    "Join by code",
    "Join",
    "Profile",
    "Watch",
    "Quit",
    "now",
)


def _(message: str) -> str:
    return i18n._(message)


def _text(app: ImhotepApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def _table(store: Store, host: str, name: str, seed: int, invited: str | None = None) -> Match:
    seats = (Seat(name=name), Seat(name="Player 2"))
    return Match.new(
        Setup(seed=seed),
        seats,
        store=store,
        here=frozenset({0}),
        table=True,
        me=host,
        invited=invited,
    )


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    """alice's lobby with something in every list and every state of a game."""
    path = tmp_path / "games.sqlite3"
    with Store.open(path) as store:
        for player, name in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")):
            store.name_player(player, name)
        for seed, (host, guest) in enumerate(((ALICE, BOB), (BOB, ALICE), (BOB, CAROL)), 1):
            names = {ALICE: "alice", BOB: "bob", CAROL: "carol"}
            table = _table(store, host, names[host], seed)
            assert table.code is not None
            Match.join(store, table.code, me=guest, name=names[guest])
        _table(store, ALICE, "alice", 4)
        _table(store, CAROL, "carol", 5, invited=ALICE)
    return path


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_lobby_speaks_the_language(store_path: Path, language: str) -> None:
    app = ImhotepApp(
        store=Store.open(store_path), me=ALICE, disk=False, lobby="alice", lang=language
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        text = _text(app)
        for words in (
            _("Imhotep  -  you are {name}").format(name="alice"),
            _("Your games"),
            _("Open tables"),
            _("Being played (watch)"),
            i18n.pgettext("lobby column", "Against"),
            i18n.pgettext("lobby column", "Host"),
            i18n.pgettext("lobby column", "Waiting"),
            _("your turn"),
            _("their turn"),
            _("{name} (for you)").format(name="carol"),
            i18n.pgettext("how long ago", "now"),
        ):
            assert words in text, (language, words)
        for words in ENGLISH:
            assert words not in text, (language, words)
        # The whole key bar fits: its last key, Quit, is there.
        bar = str(app.screen.query_one(KeyBar).render())
        assert bar.rstrip().endswith(f"q {_('Quit')}"), (language, bar)
        # Tab gives way first: the arrows cross the lists too.
        for key, words in (("w", "Watch"), ("p", "Profile")):
            assert f" {key} {_(words)} " in bar, (language, bar)
        assert all(cell_len(line) <= 80 for line in text.splitlines())

        await pilot.press("h")
        await pilot.pause(0.3)
        assert isinstance(app.screen, HostScreen)
        text = _text(app)
        for words in (
            _("Host a table"),
            i18n.pgettext("table for", "For"),
            _("All A sides (first game)"),
            _("Open the table"),
        ):
            assert words in text, (language, words)
        assert "Host a table" not in text and "Open the table" not in text
        await pilot.press("escape")
        await pilot.press("c")
        await pilot.pause(0.3)
        assert isinstance(app.screen, ComputerScreen)
        text = _text(app)
        for words in (_("Level"), _("Medium"), _("Play")):
            assert words in text, (language, words)
        assert "Level" not in text and "Medium" not in text


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
async def test_an_empty_lobby_shows_every_column(tmp_path: Path, language: str) -> None:
    # An empty list's sentence sits in its first column: a long one would
    # push the other columns off an 80-column screen.
    app = ImhotepApp(
        store=Store.open(tmp_path / "games.sqlite3"),
        me=ALICE,
        disk=False,
        lobby="alice",
        lang=language,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = _text(app).splitlines()
        empty = i18n._("No games yet: h hosts a table, c plays the computer.")
        header = next(line for line in lines if i18n.pgettext("lobby column", "Against") in line)
        assert any(empty in line for line in lines), language
        assert header.rstrip().endswith(i18n.pgettext("lobby column", "Last")), (language, header)
        for words in (_("No open tables: h opens one."), _("No one else is playing.")):
            assert any(words in line for line in lines), (language, words)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_lobby_says_why_in_the_language(store_path: Path, language: str) -> None:
    app = ImhotepApp(
        store=Store.open(store_path), me=ALICE, disk=False, lobby="alice", lang=language
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause(0.3)
        app.screen.query_one("#invite").value = "nobody"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        message = str(app.screen.query_one("#message").render())
        wanted = i18n._("There is no player called {name} here.").format(name="nobody")
        assert message == wanted != "There is no player called nobody here."


def test_how_long_ago_counts_in_each_language() -> None:
    now = 1_000_000.0
    assert ago(now - 5, now) == "now"
    assert ago(now - 300, now) == "5 min"
    assert ago(now - 2 * 3600, now) == "2 h"
    assert ago(now - 3 * 86400, now) == "3 d"
    i18n.use("hu")
    assert ago(now - 300, now) == "5 perce"
    i18n.use("de")
    assert ago(now - 21 * 86400, now) == "21 T."
    i18n.use("ru")
    assert ago(now - 5, now) == "сейчас"
    assert ago(now - 22 * 3600, now) == "22 ч"


@pytest.mark.parametrize("language", LANGUAGES)
def test_keys_that_hold_a_value_are_worded_in_the_language(language: str) -> None:
    i18n.use(language)
    screen = GameScreen.__new__(GameScreen)  # describe_key reads no state
    by_action = {
        binding.action: binding for binding in GameScreen.BINDINGS if isinstance(binding, Binding)
    }
    cell = key_description(screen, by_action["digit(7)"])
    assert cell == i18n._("Cell {number}").format(number=7) != "Cell 7"
    boat = key_description(screen, by_action["line('c')"])
    assert boat == i18n._("Boat {boat}").format(boat="C1-C3") != "Boat C1-C3"
    take = key_description(screen, by_action["play('AT')"])
    assert take == i18n.tr(TOKEN_NAMES["AT"]) != str(TOKEN_NAMES["AT"])
    # Any other key keeps its marked description.
    assert key_description(screen, by_action["undo"]) == i18n._("Undo") != "Undo"


async def test_the_keys_panel_lists_the_game_keys_in_german() -> None:
    app = ImhotepApp(lang="de")
    async with app.run_test(size=(120, 60)) as pilot:
        app.start_game(Setup(seed=8, starter=0), ("Ann", "Bob"), ("human", "human"))
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        app.action_show_help_panel()  # the palette's "Keys"
        await pilot.pause(0.3)
        await pilot.pause()
        panel = app.screen.query_one(KeysPanel)
        text = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        panel_text = "\n".join(line[-panel.size.width :] for line in text.splitlines())
        for words in ("Feld 1", "Feld 9", "Boot R1-R3", "Boot C1-C3", "Nimm 1 Plättchen", "Zurück"):
            assert words in panel_text, words
        # No key of the game's, nor Textual's screen keys, described in English.
        english = {
            binding.description
            for binding in GameScreen.BINDINGS
            if isinstance(binding, Binding) and binding.description
        } | {"Focus Next", "Copy selected text", "Cell", "Boat", "Take 1 token"}
        german = {i18n._(words) for words in english}
        for words in english - german:
            assert f" {words}\n" not in panel_text + "\n" and f" {words} " not in panel_text, words


@pytest.mark.parametrize("kind", ("duel", "builders"))
@pytest.mark.parametrize("language", ("en", *LANGUAGES))
async def test_the_level_list_opens_inside_its_box(
    tmp_path: Path, language: str, kind: str
) -> None:
    # The open list of levels hung past the dialog's border over the lobby
    # behind, and covered the dialog's buttons (issue 33).
    from textual.widgets import Button, Label, Select
    from textual.widgets._select import SelectOverlay

    app = ImhotepApp(
        store=Store.open(tmp_path / "games.sqlite3"),
        me=ALICE,
        disk=False,
        lobby="alice",
        lang=language,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ComputerScreen(kind))
        await pilot.pause(0.3)
        dialog = app.screen
        box = dialog.query_one(".dialog").region
        level = dialog.query_one("#level", Select)
        # The label reads on the menu's line.
        assert dialog.query_one(Label).content_region.y == level.region.y
        await pilot.press("enter")
        await pilot.pause(0.3)
        listed = dialog.query_one(SelectOverlay)
        assert listed.display and listed.region.height > 1
        inner = box.shrink((1, 1, 1, 1))  # inside the border
        assert inner.contains_region(listed.region), (language, listed.region, box)
        for button in dialog.query(Button):
            assert not button.region.overlaps(listed.region), (language, button.id)
