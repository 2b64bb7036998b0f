"""What the server itself says to a player is in the language their client sends.

The server serves every player from one process: one session in German must
leave the next one in English, and the app started for a session follows
the same variables.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from ssh_support import (
    Keys,
    config_for,
    connect,
    open_terminal,
    start_screen_command,
    start_server,
)

from server.session import minutes_in, session_language, session_words
from tui import i18n

GERMAN = {"LANG": "de_DE.UTF-8"}


def _de(message: str) -> str:
    return i18n.translations("de").gettext(message)


async def test_a_german_client_is_asked_for_its_name_in_german(tmp_path: Path, keys: Keys) -> None:
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, open_door=True
    )
    server = await start_server(config)
    try:
        german = await open_terminal(server.port, keys.by_name["mallory"], env=GERMAN)
        assert _de("Welcome to Imhotep.").startswith("Willkommen")
        await german.wait_for(_de("Welcome to Imhotep."))
        await german.wait_for("Wähle den Namen, den die anderen Spieler sehen [player]:")
        # Another player meanwhile, without LANG: English, whatever the German chose.
        english = await open_terminal(server.port, keys.make("eve"))
        await english.wait_for("Welcome to Imhotep.")
        await english.wait_for("Choose the name other players will see")
        german.send("zwei Wörter\r")
        await german.wait_for(_de("use letters, digits, '-', '_' or '.' only"))
        german.send("alice\r")  # an allowed key's name
        await german.wait_for(_de("that name is taken; choose another"))
        german.send("mal\r")
        await german.wait_for(_de("New game"))  # the app speaks German too
        english.send("two words\r")
        await english.wait_for("use letters, digits, '-', '_' or '.' only")
        english.send("\x03")
        await asyncio.wait_for(english.term.closed.wait(), 60)
        assert "Wähle" not in english.term.raw_text()
        await german.close()
    finally:
        await server.stop()


async def test_the_refusal_without_a_terminal_follows_lc_all(tmp_path: Path, keys: Keys) -> None:
    config = config_for(tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command)
    server = await start_server(config)
    try:
        conn = await connect(server.port, keys.by_name["alice"])
        try:
            # LC_ALL wins over LANG, as POSIX has it.
            env = {"LANG": "de_DE.UTF-8", "LC_ALL": "ru_RU.UTF-8"}
            result = await asyncio.wait_for(conn.run(term_type=None, encoding=None, env=env), 60)
            text = result.stdout.decode()
            assert "этот сервер запускает только игру" in text
            assert "needs a terminal" not in text
            assert text.count("\n") == 1
            assert result.exit_status == 1
        finally:
            conn.close()
    finally:
        await server.stop()


def test_the_catalog_follows_the_checked_variables() -> None:
    assert session_words({}).gettext("No name chosen; goodbye.") == "No name chosen; goodbye."
    assert session_words({"LANG": "hu_HU.UTF-8"}).gettext("No name chosen; goodbye.") == (
        i18n.translations("hu").gettext("No name chosen; goodbye.")
    )
    # A value the app would not be given is not believed here either.
    assert session_words({"LANG": "de_DE; rm -rf"}).gettext("Welcome to Imhotep.") == (
        "Welcome to Imhotep."
    )
    # Nor is a variable the app never sees.
    assert session_words({"LANGUAGE": "ru"}).gettext("No name chosen; goodbye.") == (
        "No name chosen; goodbye."
    )
    # A server full of Russians: three plural forms, chosen by the count.
    words = session_words({"LC_MESSAGES": "ru_RU.UTF-8"})
    full = "imhotep-duel: the server is full ({count} player); try again later."
    plural = "imhotep-duel: the server is full ({count} players); try again later."
    assert "21 игрок)" in words.ngettext(full, plural, 21).format(count=21)
    assert "3 игрока)" in words.ngettext(full, plural, 3).format(count=3)
    assert "32 игрока)" in words.ngettext(full, plural, 32).format(count=32)
    assert "35 игроков)" in words.ngettext(full, plural, 35).format(count=35)


def test_idle_minutes_are_written_as_the_players_language_writes_numbers() -> None:
    assert minutes_in(30, session_language({"LANG": "hu_HU.UTF-8"})) == "0,5"
    assert minutes_in(90, session_language({"LC_ALL": "de_DE.UTF-8"})) == "1,5"
    assert minutes_in(90, session_language({})) == "1.5"
    assert minutes_in(600, session_language({"LANG": "ru_RU.UTF-8"})) == "10"
    # The farewell's sentence takes the number as written.
    line = session_words({"LANG": "hu_HU.UTF-8"}).gettext(
        "imhotep-duel: closed after {minutes} min without a key; your games are kept."
    )
    assert "0,5" in line.format(minutes=minutes_in(30, "hu"))
