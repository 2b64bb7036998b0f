"""The game screen in each language: the words a player reads most."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.binding import Binding

from engine.duel import Setup, current_player, step_prompt, why_illegal
from engine.duel.actions import STOP
from tui import i18n
from tui.app import ImhotepApp
from tui.duel.screens.game import GameScreen
from tui.duel.widgets.info import HarborInfo
from tui.duel.widgets.player import PlayerPanel
from tui.widgets.keybar import KeyBar
from tui.widgets.line import Line
from tui.widgets.log import ActionLog

NAMES = ("Ann", "Bob")

# Words of each language that the opening screen must show (glossary terms),
# and the start of the refusal a key that is off now gives.
EXPECTED = {
    "hu": {
        "words": ("Készlet", "Tartalék", "Templom", "munkás", "Súgó", "Kilép"),
        "refusal": "Nem szabályos: ",
    },
    "de": {
        "words": ("Vorrat", "Schachtel", "Tempel", "Figuren", "Hilfe", "Ende"),
        "refusal": "Nicht erlaubt: ",
    },
    "ru": {
        "words": ("Резерв", "Коробка", "Храм", "миплы", "Помощь", "Выход"),
        "refusal": "Нельзя: ",
    },
}
# English that must not be left on screen in another language.
ENGLISH = ("Supply", "Box ", "meeples", "Temple", "Chamber", "Held", "Help", "Quit", "Boats ")


def _text(app: ImhotepApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


@pytest.mark.parametrize("language", sorted(EXPECTED))
async def test_the_game_screen_speaks_the_chosen_language(language: str) -> None:
    app = ImhotepApp(lang=language)
    async with app.run_test(size=(80, 24)) as pilot:
        assert i18n.current_language() == language
        app.start_game(Setup(seed=8, starter=0), NAMES, ("human", "human"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        state = screen.state
        prompt = screen.query_one("#prompt", Line).plain
        wording = i18n.tr(step_prompt(state))
        assert wording != str(step_prompt(state))
        assert wording in prompt or wording.partition(": ")[2][:20] in prompt
        text = _text(app)
        for word in EXPECTED[language]["words"]:
            assert word in text, (language, word)
        for word in ENGLISH:
            assert word not in text, (language, word)
        # The key bar fits the width, its words whole.
        keys = screen.query_one(KeyBar).render()
        assert keys.cell_len <= 80
        # The players' panels: each subtitle is in the language.
        for panel in screen.query(PlayerPanel):
            subtitle = str(panel.border_subtitle)
            assert "meeples" not in subtitle and "pts" not in subtitle

        # A key that is off now: the frame and the engine's reason are both translated.
        await pilot.press("x")
        await pilot.pause()
        message = screen.query_one("#message", Line).plain
        reason = why_illegal(state, STOP)
        assert reason is not None
        assert message.startswith(EXPECTED[language]["refusal"] + i18n.tr(reason)), message

        # A move: the side log tells it in the language.
        who = current_player(state)
        await pilot.press("5")
        await pilot.pause()
        assert screen.state is not state
        entries = screen.query_one(ActionLog).entries
        assert entries and entries[-1] == i18n.tr(screen.match.log[-1])
        assert entries[-1] != str(screen.match.log[-1])
        assert NAMES[who] in entries[-1]
        info = screen.query_one(HarborInfo)
        for line in info.lines(info.size.width):
            assert cell_len(line.text.rstrip()) <= info.size.width, (line.text, info.size.width)


def test_english_stays_english() -> None:
    # The conftest runs tests in English; the short words are the tables'.
    from tui.duel.token_words import ACTION_KEY, action_key, short_name

    assert action_key() == ACTION_KEY
    assert short_name("AU") == "place 1+unload"


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_short_words_fit_their_room_in_every_language(language: str) -> None:
    from engine.duel.tokens import FULL_SET
    from tui.duel.token_words import ACTION_KEY_WIDTH, SHORT_WIDTH, action_key, short_words
    from tui.duel.widgets.monuments import LABEL_WIDTH

    i18n.use(language)
    for token in set(FULL_SET):
        words = short_words(token)
        assert all(0 < cell_len(line) <= SHORT_WIDTH for line in words), (token, words)
    for code, words in action_key():
        assert cell_len(words) <= ACTION_KEY_WIDTH, (code, words)
    # A monument's label leaves a space before what is drawn after it.
    for label in ("Obelisk {side}", "Temple {side}", "Pyramid {side}", "Chamber {side}"):
        assert cell_len(i18n._(label).format(side="A")) < LABEL_WIDTH, label
    assert cell_len(i18n._("Held")) < LABEL_WIDTH


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_the_game_keys_fit_one_line_of_80(language: str) -> None:
    # The most keys the bar shows at once: mid-token, with Stop, Undo and Redo
    # (Pass, New game and Rematch come only when Stop does not).
    from tui.duel.screens.game import GameScreen

    i18n.use(language)
    shown = [
        binding
        for binding in GameScreen.BINDINGS
        if isinstance(binding, Binding)
        and binding.show
        and binding.description
        and binding.action not in ("pass_turn", "new_game", "rematch")
        # An optional key gives way on a full bar (KeyBar.shown_entries).
        and binding.action not in GameScreen.OPTIONAL_KEYS
    ]
    actions = dict.fromkeys(binding.action for binding in shown)
    # The bar draws a key as one character ("⏎", "?", "z").
    width = sum(
        cell_len(f" k {i18n._(binding.description)} ")
        for binding in {b.action: b for b in reversed(shown)}.values()
    )
    assert len(actions) >= 8
    assert width <= 80, (language, width)
