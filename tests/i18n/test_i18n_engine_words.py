"""The engine's words in every language, with no language switch in the engine."""

from __future__ import annotations

import copy
import pickle
import random
import re

import pytest
from i18n_support import TRANSLATED

from engine.duel import (
    ALL_ACTIONS,
    GameRecord,
    IllegalAction,
    NotationError,
    Place,
    RecordError,
    Setup,
    Unload,
    apply,
    describe,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    replay,
    step_prompt,
    why_illegal,
)
from engine.duel.explain import explain_obelisk, explain_pyramids, explain_score
from engine.message import ENGLISH, Listing, Message, msg, nmsg
from tui import i18n

NAMES = ("Ann", "Bob")
LEFTOVER = re.compile(r"\{[a-z_][a-z_0-9]*\}")  # a temple set "{1,2}" is fine


def _game_messages(seed: int) -> list[Message]:
    """Every kind of engine message met in one random game, with its reasons."""
    rng = random.Random(seed)
    state = new_game(seed, sides="ABAB" if seed % 2 else "BABA")
    found: list[Message] = []
    while not state.over:
        found.append(step_prompt(state))
        found.extend(why_illegal(state, a) or msg("legal") for a in ALL_ACTIONS[::3])
        found.extend(explain_score(state, state.turn).values())
        action = rng.choice(legal_actions(state))
        found.append(describe(state, action, NAMES))
        state = apply(state, action)
    result = outcome(state)
    assert result is not None
    found.append(result.describe(NAMES))
    found.append(step_prompt(state))
    return [m for m in found if m != "legal"]


@pytest.fixture(scope="module")
def game_messages() -> list[Message]:
    return [m for seed in range(6) for m in _game_messages(seed)]


def test_engine_words_are_english_strings_that_keep_their_template(
    game_messages: list[Message],
) -> None:
    for message in game_messages:
        assert isinstance(message, Message) and isinstance(message, str)
        assert message.render() == str(message) == message.render(ENGLISH)
        assert not LEFTOVER.search(message), message


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_engine_message_is_worded_in_every_language(
    language: str, game_messages: list[Message]
) -> None:
    catalog = i18n.translations(language)
    for message in game_messages:
        worded = message.render(catalog)
        assert worded and not LEFTOVER.search(worded), (language, message, worded)
        # Translated, not fallen back: only names and numbers are shared.
        assert worded != str(message), (language, message)


def test_the_reason_of_an_illegal_action_in_each_language() -> None:
    state = apply(new_game(7), Place(0))
    with pytest.raises(IllegalAction) as caught:
        apply(state, Place(0))
    reason = caught.value.reason
    assert (
        str(caught.value)
        == reason
        == ("cell 1 (row 1, column 1) already holds a meeple: one meeple per cell")
    )
    i18n.use("de")
    assert i18n.tr(reason) == (
        "auf Feld 1 (Reihe 1, Spalte 1) steht schon eine Spielfigur: "
        "auf jedem Feld kann nur eine stehen"
    )
    i18n.use("ru")
    assert i18n.tr(reason) == (
        "в ячейке 1 (ряд 1, столбец 1) уже стоит мипл: в каждой ячейке может быть только один"
    )
    i18n.use("hu")
    assert i18n.tr(why_illegal(new_game(7), Unload(3))) == (
        "a hajó sorában vagy oszlopában (1. oszlop) nem áll munkás; egy hajót csak akkor "
        "lehet kirakodni, ha a sorában vagy oszlopában legalább két munkás áll"
    )


def test_nested_names_take_the_form_their_sentence_needs() -> None:
    state = new_game(7)
    for cell in (0, 1, 2):
        state = apply(state, Place(cell))
    sentence = describe(state, Unload(0), NAMES)
    assert sentence.startswith("Bob unloads the row 1 boat: Ann takes an obelisk")
    i18n.use("ru")
    # Accusative "лодку" for the boat unloaded; the token as an object.
    assert i18n.tr(sentence).startswith("Bob разгружает лодку ряда 1: Ann получает жетон Обелиска")
    i18n.use("hu")
    assert i18n.tr(sentence).startswith(
        "Bob kirakodja a hajót (1. sor): Ann megkapja az obeliszklapkát"
    )


def test_plurals_follow_each_language() -> None:
    ru = i18n.translations("ru")
    forms = {n: explain_obelisk("B", n, 0, False).render(ru).split(": ")[1] for n in (1, 3, 4)}
    assert forms == {
        1: "1 жетон, меньше 5, приносит 0 = 0",
        3: "3 жетона, меньше 5, приносят 0 = 0",
        4: "4 жетона, меньше 5, приносят 0 = 0",
    }
    assert "0 жетонов" in explain_pyramids("B", 0, 2).render(ru)
    assert "21 жетон приносит" in explain_obelisk("A", 21, 3, None).render(ru)
    hu = i18n.translations("hu")
    assert "1 lapka" in explain_pyramids("A", 1, 5).render(hu)
    assert "5 lapka" in explain_pyramids("A", 1, 5).render(hu)
    de = i18n.translations("de")
    assert explain_obelisk("B", 1, 0, False).render(de).endswith("als 5, bringt 0 = 0")
    assert explain_obelisk("B", 3, 0, False).render(de).endswith("als 5, bringen 0 = 0")


class _BadTranslator:
    """A catalog whose translations name placeholders their templates lack."""

    def gettext(self, message: str) -> str:
        return "{nonsense} " + message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return "{0}"

    def pgettext(self, context: str, message: str) -> str:
        return "{"

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return "}"


def test_a_broken_translation_falls_back_to_english_instead_of_crashing() -> None:
    bad = _BadTranslator()
    reason = why_illegal(new_game(7), Unload(3))
    assert reason is not None
    assert reason.render(bad) == str(reason)
    line = explain_pyramids("A", 1, 5)
    assert line.render(bad) == str(line)


def test_messages_survive_copy_and_pickle() -> None:
    original = nmsg("{count} token", "{count} tokens", 3, side=msg("side {letter}", letter="B"))
    listing = Listing([msg("a {x}", x=1), msg("b {y}", y=2)])
    for message in (original, listing, step_prompt(new_game(3))):
        for again in (copy.deepcopy(message), pickle.loads(pickle.dumps(message))):
            assert again == message
            assert type(again) is type(message)
            assert again.render(i18n.translations("ru")) == message.render(i18n.translations("ru"))


def test_a_plain_reason_with_braces_is_kept_as_written() -> None:
    error = IllegalAction("a {strange} reason")
    assert error.reason.render(i18n.translations("de")) == "a {strange} reason"


def test_notation_and_codes_stay_the_same_in_every_language() -> None:
    state = apply(new_game(7), Place(4))
    reason = why_illegal(state, ALL_ACTIONS[-1])  # pass while moves remain
    assert reason is not None
    for language in TRANSLATED:
        worded = reason.render(i18n.translations(language))
        assert "P1" in worded, (language, worded)  # the move offered, in notation


def test_an_english_template_missing_a_value_is_an_error_at_once() -> None:
    with pytest.raises(KeyError):
        msg("{player} wins")


def test_a_record_that_cannot_be_replayed_says_why_in_each_language() -> None:
    record = GameRecord(setup=Setup(seed=7), actions=("P1", "P1"))
    with pytest.raises(RecordError) as caught:
        replay(record)
    reason = caught.value.reason
    assert (
        str(caught.value)
        == reason
        == (
            "move 2 (P1) is illegal: cell 1 (row 1, column 1) already holds a meeple: "
            "one meeple per cell"
        )
    )
    # The rule's own reason inside is translated too, not left in English.
    assert reason.render(i18n.translations("de")).startswith(
        "Zug 2 (P1) ist nicht erlaubt: auf Feld 1 (Reihe 1, Spalte 1) steht schon"
    )
    with pytest.raises(RecordError) as caught:
        replay(GameRecord(setup=Setup(seed=7, sides="ABX"), actions=()))
    assert caught.value.reason.render(i18n.translations("ru")).startswith(
        "setup.sides: стороны задаются четырьмя буквами A или B"
    )
    with pytest.raises(NotationError) as bad:
        parse_action("UR9")
    assert bad.value.reason.render(i18n.translations("hu")) == (
        "'UR9': 'R9' nem hajó (R1-R3 a sorok, C1-C3 az oszlopok hajói)"
    )
