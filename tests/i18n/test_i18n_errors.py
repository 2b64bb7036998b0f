"""What a player reads when a save file or the game store fails, in every language.

Each error is provoked for real (a missing file, a folder, a file too large,
a damaged, read-only, foreign or newer database) and must come out of
``tr()`` in the catalog's words, with the file's name or path kept as it is,
while ``str(error)`` stays the English it always was.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from i18n_support import ROOT, TRANSLATED
from layout_support import screen_lines

from engine.duel import RecordError, Setup
from engine.message import Message, Translator
from match.files import MAX_FILE_BYTES, StorageError, os_error_reason, read_bytes
from match.match import Match
from match.saves import read_save
from match.seats import Seat
from match.store import SCHEMA_VERSION, Store, StoreError, describe_db_error
from tui import i18n
from tui.app import ImhotepApp

# Templates with no words of their own ("{label}: {problem}") may read the
# same in a language; every other part of a message must be in the catalog.
_WORDLESS = ("{label}: {problem}", "{size} MiB", "{size} KiB")


def _parts(message: Message) -> Iterator[Message]:
    yield message
    for value in message.values.values():
        if isinstance(value, Message):
            yield from _parts(value)


def _in_catalog(message: Message, translator: Translator) -> bool:
    if message.plural is not None:
        worded = translator.ngettext(message.template, message.plural, message.n or 0)
        english = message.template if message.n == 1 else message.plural
        return worded != english
    return translator.gettext(message.template) != message.template


def _shown(error: BaseException, language: str) -> str:
    """The error as the app shows it in ``language``, checked against the catalog."""
    words = getattr(error, "reason", None)
    assert isinstance(words, Message), f"not a message: {words!r}"
    translator = i18n.translations(language)
    i18n.use(language)
    try:
        shown = i18n.tr_error(error)
    finally:
        i18n.use("en")
    for part in _parts(words):
        if part.template not in _WORDLESS:
            assert _in_catalog(part, translator), (language, part.template)
    rendered = words.render(translator)
    if language == "hu":  # the article before a number is chosen by the number
        rendered = i18n.hungarian_articles(rendered)
    assert shown == rendered
    assert shown != str(error), (language, shown)
    assert "{" not in shown and "}" not in shown, shown
    return shown


# Save files ---------------------------------------------------------------------


def _fail(action: object, error: type[BaseException]) -> BaseException:
    assert callable(action)
    with pytest.raises(error) as caught:
        action()
    return caught.value


def test_a_missing_file(tmp_path: Path) -> None:
    error = _fail(lambda: read_save(tmp_path / "missing.json"), StorageError)
    assert str(error) == "missing.json: no such file"
    for language in TRANSLATED:
        shown = _shown(error, language)
        assert shown.startswith("missing.json: ")
    assert _shown(error, "de") == "missing.json: Datei nicht gefunden"
    assert _shown(error, "hu") == "missing.json: nincs ilyen fájl"
    assert _shown(error, "ru") == "missing.json: такого файла нет"


def test_a_folder_given_for_a_save(tmp_path: Path) -> None:
    folder = tmp_path / "games.json"
    folder.mkdir()
    error = _fail(lambda: read_save(folder), StorageError)
    assert str(error) == "games.json: is a folder, not a save file"
    assert _shown(error, "de") == "games.json: ist ein Ordner, kein Spielstand"
    assert _shown(error, "hu") == "games.json: ez egy mappa, nem mentésfájl"
    russian = i18n.translations("ru").gettext("{label}: is a folder, not a save file")
    assert _shown(error, "ru") == russian.format(label="games.json") != str(error)


def test_a_file_too_large_for_a_save(tmp_path: Path) -> None:
    big = tmp_path / "film.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk space used
    error = _fail(lambda: read_save(big), StorageError)
    assert str(error) == "film.json: is too large for a save (5.0 MiB; the limit is 5.0 MiB)"
    for language in TRANSLATED:
        shown = _shown(error, language)
        assert shown.startswith("film.json: ") and shown.count("5.0") == 2
    assert "МиБ" in _shown(error, "ru")


def test_a_small_limit_counts_bytes_in_each_language(tmp_path: Path) -> None:
    note = tmp_path / "note.json"
    note.write_bytes(b"{}" * 3)
    error = _fail(lambda: read_bytes(note, limit=5), StorageError)
    assert str(error) == "note.json: is too large for a save (6 bytes; the limit is 5 bytes)"
    assert "6 байт" in _shown(error, "ru") and "6 Byte" in _shown(error, "de")


def test_a_file_that_is_not_a_save(tmp_path: Path) -> None:
    text = tmp_path / "notes.json"
    text.write_bytes(b"\xff\xfe not text")
    error = _fail(lambda: read_save(text), StorageError)
    assert str(error).startswith("notes.json: is not UTF-8 text (byte 0)")
    for language in TRANSLATED:
        assert _shown(error, language).startswith("notes.json: ")


# The operating system's and SQLite's reasons --------------------------------------


@pytest.mark.parametrize(
    "code",
    [
        errno.ENOENT,
        errno.EACCES,
        errno.EPERM,
        errno.ENOSPC,
        errno.EROFS,
        errno.EISDIR,
        errno.ENOTDIR,
        errno.ENAMETOOLONG,
        errno.EIO,
    ],
)
def test_common_system_errors_are_worded_and_read_as_before_in_english(code: int) -> None:
    reason = os_error_reason(OSError(code, os.strerror(code)))
    # The English is the C library's own, as this message always read.
    assert str(reason) == os.strerror(code).lower()
    for language in TRANSLATED:
        translator = i18n.translations(language)
        assert reason.render(translator) == translator.gettext(reason.template)
        assert reason.render(translator) != str(reason), (language, code)


def test_an_uncommon_system_error_keeps_its_own_text() -> None:
    reason = os_error_reason(OSError(errno.EXDEV, "Invalid cross-device link"))
    assert reason.render(i18n.translations("de")) == "invalid cross-device link"
    assert str(os_error_reason(OSError("odd"))) == "odd"


@pytest.mark.parametrize(
    ("sqlite_text", "english"),
    [
        ("database is locked", "another program keeps it locked; try again in a moment"),
        ("file is not a database", "is damaged (not a readable game database)"),
        ("attempt to write a readonly database", "is read-only, so games cannot be kept there"),
        ("database or disk is full", "the disk is full"),
        ("disk I/O error", "the disk could not be read or written"),
    ],
)
def test_common_sqlite_errors_are_worded(sqlite_text: str, english: str) -> None:
    reason = describe_db_error(sqlite3.OperationalError(sqlite_text))
    assert str(reason).startswith(english)
    for language in TRANSLATED:
        assert reason.render(i18n.translations(language)) != str(reason)


# The game store -----------------------------------------------------------------


def _damaged(folder: Path) -> Path:
    path = folder / "games.sqlite3"
    path.write_bytes(b"this is not a database at all " * 200)
    return path


def test_a_damaged_store(tmp_path: Path) -> None:
    path = _damaged(tmp_path)
    before = path.read_bytes()
    error = _fail(lambda: Store.open(path), StoreError)
    assert str(error) == (f"{path}: is damaged (not a readable game database); it was left alone")
    for language in TRANSLATED:
        assert _shown(error, language).startswith(f"{path}: ")
    assert _shown(error, "de") == (
        f"{path}: die Datei ist beschädigt (kein lesbarer Spielspeicher); sie blieb unverändert"
    )
    assert path.read_bytes() == before


def test_a_read_only_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.sqlite3"
    Store.open(path).close()
    path.chmod(0o444)
    if os.access(path, os.W_OK):
        # Root writes to any file: deny it the way the store asks.
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, mode: mode != os.W_OK and real(p, mode))
    error = _fail(lambda: Store.open(path), StoreError)
    assert str(error) == f"{path}: is read-only, so games cannot be kept there"
    assert _shown(error, "hu") == f"{path}: csak olvasható, így nem őrizhetők meg benne játékok"
    assert _shown(error, "ru") == f"{path}: только для чтения, партии там хранить нельзя"


def test_another_programs_database(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
    error = _fail(lambda: Store.open(path), StoreError)
    assert str(error) == f"{path}: is a database of another program; it was left alone"
    assert _shown(error, "de") == (
        f"{path}: ist die Datenbank eines anderen Programms; sie blieb unverändert"
    )
    for language in TRANSLATED:
        assert str(path) in _shown(error, language)


def test_a_store_of_a_newer_version(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    Store.open(path).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    error = _fail(lambda: Store.open(path), StoreError)
    assert f"(store version 99; this one reads {SCHEMA_VERSION})" in str(error)
    for language in TRANSLATED:
        shown = _shown(error, language)
        assert str(path) in shown and "99" in shown


def test_no_store_where_one_is_named(tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite3"
    error = _fail(lambda: Store.open(path, create=False), StoreError)
    assert str(error) == f"{path}: there is no game database there"
    assert _shown(error, "ru") == f"{path}: здесь нет хранилища партий"


def test_a_game_number_not_in_the_store(tmp_path: Path) -> None:
    with Store.open(tmp_path / "games.sqlite3") as store:
        error = _fail(lambda: store.game(42), StoreError)
    assert str(error) == "there is no game number 42"
    assert _shown(error, "de") == "es gibt keine Partie Nummer 42"


def test_an_unknown_computer_level() -> None:
    seats = (Seat(name="Ann"), Seat(name="HAL", kind="grandmaster"))
    error = _fail(lambda: Match.new(Setup(seed=1), seats, store=None), StoreError)
    assert str(error) == "unknown computer level 'grandmaster'"
    assert _shown(error, "hu") == "ismeretlen gépi szint: 'grandmaster'"


def test_tr_error_words_the_engines_reason_and_leaves_others_alone() -> None:
    i18n.use("de")
    try:
        from engine.message import msg

        assert i18n.tr_error(RecordError(msg("the file is empty"))) == "die Datei ist leer"
        # A text of no catalog (a library's own) is shown as it is.
        assert i18n.tr_error(RecordError("odd {brace}")) == "odd {brace}"
        assert i18n.tr_error(ValueError("plain")) == "plain"
    finally:
        i18n.use("en")


def test_files_and_the_store_raise_one_error_type_worded_from_its_reason(tmp_path: Path) -> None:
    from match.errors import MatchError

    with pytest.raises(MatchError) as stored:
        Store.open(tmp_path / "none.sqlite3", create=False)
    with pytest.raises(MatchError) as filed:
        read_bytes(tmp_path / "none.json")
    assert isinstance(stored.value, StoreError) and isinstance(filed.value, StorageError)
    i18n.use("de")
    try:
        for error in (stored.value, filed.value):
            assert isinstance(error.reason, Message)
            assert str(error) == str(error.reason)
            assert i18n.tr_error(error) == i18n.tr(error.reason) != str(error)
    finally:
        i18n.use("en")


# The command line -----------------------------------------------------------------


def _cli(*args: str, data: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in i18n.LOCALE_VARIABLES}
    environ.update(IMHOTEP_DATA_DIR=str(data), **env)
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env=environ,
    )


def test_join_explains_a_missing_table_in_the_language_asked(tmp_path: Path) -> None:
    result = _cli("--lang", "de", "join", "zzzzz", data=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "imhotep-duel: es gibt keinen Tisch mit dem Code ZZZZZ"


def test_resume_without_a_game_says_so_in_the_language_asked(tmp_path: Path) -> None:
    result = _cli("--resume", data=tmp_path, LC_ALL="hu_HU.UTF-8")
    assert result.returncode == 1
    assert result.stderr.strip() == "imhotep-duel: nincs folytatható játék."


def test_join_explains_a_damaged_store_in_the_environments_language(tmp_path: Path) -> None:
    path = _damaged(tmp_path)
    result = _cli("--store", str(path), "join", "ABCDE", data=tmp_path, LANG="ru_RU.UTF-8")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "imhotep-duel: хранилищем партий нельзя воспользоваться: "
        f"{path}: файл повреждён (это не читаемое хранилище партий); он оставлен как есть"
    )
    assert "Traceback" not in result.stderr


# The app --------------------------------------------------------------------------


async def test_the_start_screen_says_in_german_that_the_store_is_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A short relative data folder keeps the whole path on the screen.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d").mkdir()
    _damaged(tmp_path / "d")
    monkeypatch.setenv("IMHOTEP_DATA_DIR", "d")
    app = ImhotepApp(lang="de")
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            for _ in range(20):
                await pilot.pause(0.1)
                if app.store_problem is not None:
                    break
            await pilot.pause(0.2)
            assert app.store is None
            wanted = (
                "Partien werden nicht aufbewahrt: d/games.sqlite3: die Datei ist beschädigt "
                "(kein lesbarer Spielspeicher); sie blieb unverändert"
            )
            said = [n.message for n in app._notifications]
            assert wanted in said, said
            # On the screen too, wrapped in its toast: every word of it.
            screen = " ".join(" ".join(line.split()) for line in screen_lines(app))
            for word in ("aufbewahrt:", "d/games.sqlite3:", "beschädigt", "unverändert"):
                assert word in screen, screen
    finally:
        i18n.use("en")
