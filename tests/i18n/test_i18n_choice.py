"""Which language the app speaks, and what happens when words are missing."""

from __future__ import annotations

import gettext
from pathlib import Path

import msgspec
import pytest

from cli.main import parse_args
from tui import files, i18n
from tui.app import ImhotepApp

HU = "rakj le egy munkást egy szabad mezőre"  # "place a meeple on an empty cell"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "ru_RU.KOI8-R"}, "ru"),
        ({"LANG": "ru_UA@euro"}, "ru"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LC_MESSAGES": "de_DE.UTF-8", "LANG": "hu_HU.UTF-8"}, "de"),
        ({"LC_ALL": "ru_RU.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "hu_HU"}, "ru"),
        # An empty variable is as good as unset...
        ({"LC_ALL": "", "LANG": "hu_HU.UTF-8"}, "hu"),
        # ...but one naming a language we lack means English, not a weaker choice.
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "hu_HU.UTF-8"}, "en"),
    ],
)
def test_language_from_the_environment(environ: dict[str, str], expected: str) -> None:
    assert i18n.language_from_environment(environ) == expected


def test_command_line_beats_setting_beats_environment() -> None:
    env = {"LANG": "ru_RU.UTF-8"}
    assert i18n.choose_language("de", "hu", env) == "de"
    assert i18n.choose_language(None, "hu", env) == "hu"
    assert i18n.choose_language(None, "auto", env) == "ru"
    assert i18n.choose_language(None, None, env) == "ru"
    assert i18n.choose_language(None, None, {}) == "en"
    # A value we do not speak is passed over, not obeyed as English.
    assert i18n.choose_language("xx", "de", env) == "de"
    assert i18n.choose_language(None, "xx", env) == "ru"


def test_the_environment_of_the_process_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    assert i18n.choose_language() == "hu"
    monkeypatch.setenv("LC_MESSAGES", "de_DE.UTF-8")
    assert i18n.choose_language() == "de"


def test_use_switches_the_words() -> None:
    for language, expected in [("hu", HU), ("en", "place a meeple on an empty cell")]:
        assert i18n.use(language) == language
        assert i18n.current_language() == language
        assert i18n._("place a meeple on an empty cell") == expected
    assert i18n.use("klingon") == "en"


def test_a_missing_string_falls_back_to_english() -> None:
    i18n.use("ru")
    assert i18n._("a sentence no catalog has") == "a sentence no catalog has"
    assert i18n.ngettext("{count} bird", "{count} birds", 5) == "{count} birds"
    assert i18n.pgettext("nowhere", "a word") == "a word"
    # A string that is there comes out in Russian: the catalog was read.
    assert i18n.ngettext("{count} token", "{count} tokens", 5) == "{count} жетонов"


def test_a_missing_or_damaged_catalog_falls_back_to_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.translations.cache_clear()
    try:
        assert isinstance(i18n.translations("de"), gettext.NullTranslations)
        i18n.use("de")
        assert i18n._("unload a boat") == "unload a boat"
        broken = tmp_path / "hu" / "LC_MESSAGES"
        broken.mkdir(parents=True)
        (broken / "imhotep.mo").write_bytes(b"\xde\x12\x04\x95 not a catalog at all")
        i18n.use("hu")
        assert i18n._("unload a boat") == "unload a boat"
    finally:
        i18n.translations.cache_clear()


def test_the_shipped_catalogs_are_found() -> None:
    for language in ("hu", "de", "ru"):
        catalog = i18n.translations(language)
        assert isinstance(catalog, gettext.GNUTranslations), language
        assert catalog.info()["language"] == language


def test_lang_option() -> None:
    assert parse_args(["--lang", "hu"]).lang == "hu"
    assert parse_args([]).lang is None
    # Before or after a sub-command, as the other common options.
    assert parse_args(["host", "--lang", "de"]).lang == "de"
    assert parse_args(["--lang", "ru", "join", "K7QXM"]).lang == "ru"
    with pytest.raises(SystemExit):
        parse_args(["--lang", "xx"])


def test_the_setting_is_kept_and_a_bad_one_ignored() -> None:
    assert files.read_settings().lang == "auto"
    files.write_settings(files.Settings(lang="de", ascii=True))
    assert files.read_settings().lang == "de"
    raw = {"lang": "tlh", "ascii": True}
    files.atomic_write(files.settings_path(), msgspec.json.encode(raw))
    settings = files.read_settings()
    assert settings.lang == "auto"
    assert settings.ascii  # the other fields survive a bad language


def test_the_app_speaks_the_chosen_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert ImhotepApp().language == "ru"
    assert i18n.current_language() == "ru"
    files.write_settings(files.Settings(lang="hu"))
    assert ImhotepApp().language == "hu"
    assert ImhotepApp(lang="de").language == "de"
    assert i18n._("unload a boat") == "entlade ein Boot"


async def test_the_command_palette_switches_and_remembers_the_language() -> None:
    app = ImhotepApp(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Nyelv: Magyar" not in titles
        assert "Language: Magyar" in titles
        app.set_language("hu")
        await pilot.pause()
        assert app.language == "hu"
        assert files.read_settings().lang == "hu"
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Nyelv: Deutsch" in titles
        assert "Nyelv: a rendszeré" in titles  # back to the environment's choice
        app.set_language("auto")
        assert app.language == "en"  # the tests' environment is English
        assert files.read_settings().lang == "auto"
        app.set_language("xx")
        assert files.read_settings().lang == "auto"


def test_tr_words_engine_messages_and_leaves_other_text_alone() -> None:
    from engine.duel import new_game, step_prompt

    prompt = step_prompt(new_game(1))
    i18n.use("de")
    assert i18n.tr(prompt) == "Figur platzieren, Boot entladen, Aktion ausspielen"
    assert i18n.tr("Ann") == "Ann"  # a player's name is not looked up
    assert i18n.N_("unload a boat") == "unload a boat"  # marked, not translated
    assert i18n._(i18n.N_("unload a boat")) == "entlade ein Boot"  # translated when shown
