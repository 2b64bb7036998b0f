"""Passwords: off unless the operator asks for them, then checked with scrypt."""

from __future__ import annotations

import io
from pathlib import Path

import asyncssh
import pytest
from ssh_support import Keys, config_for, connect, start_screen_command, start_server

from cli.main import main
from server import passwords


def test_a_password_file_holds_salted_hashes_only(tmp_path: Path) -> None:
    path = tmp_path / "passwords"
    passwords.add(path, "dora", "correct horse battery", taken={"alice"})
    passwords.add(path, "ed", "another long secret", taken=set())
    assert path.stat().st_mode & 0o777 == 0o600
    text = path.read_text()
    assert "correct horse" not in text
    book = passwords.PasswordBook(path)
    assert book.check("dora", "correct horse battery") == "dora"
    assert book.check("DORA", "correct horse battery") == "dora"
    assert book.check("dora", "correct horse batterY") is None
    assert book.check("nobody", "correct horse battery") is None
    # A new password replaces the old one.
    passwords.add(path, "dora", "a brand new secret", taken=set())
    assert book.check("dora", "correct horse battery") is None
    assert book.check("dora", "a brand new secret") == "dora"
    assert book.check("ed", "another long secret") == "ed"


def test_bad_names_short_passwords_and_key_names_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "passwords"
    with pytest.raises(ValueError, match="at least"):
        passwords.add(path, "dora", "short", taken=set())
    with pytest.raises(ValueError, match="allow file"):
        passwords.add(path, "Alice", "long enough secret", taken={"alice"})
    with pytest.raises(ValueError):
        passwords.add(path, "two words", "long enough secret", taken=set())
    assert not path.exists()


def test_a_damaged_or_open_file_admits_no_one(tmp_path: Path) -> None:
    path = tmp_path / "passwords"
    passwords.add(path, "dora", "correct horse battery", taken=set())
    path.write_text(path.read_text() + "garbage line\nx:scrypt:999999999:8:1:AA==:AA==\n")
    path.chmod(0o600)
    assert set(passwords.PasswordBook(path).entries()) == {"dora"}
    path.chmod(0o644)
    assert passwords.PasswordBook(path).check("dora", "correct horse battery") is None


async def test_a_player_logs_in_with_a_password_when_asked_for(tmp_path: Path, keys: Keys) -> None:
    path = tmp_path / "passwords"
    passwords.add(path, "dora", "correct horse battery", taken=set())
    config = config_for(
        tmp_path, allow_file=tmp_path / "allowed", command=start_screen_command, password_file=path
    )
    server = await start_server(config)
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(server.port, None, username="dora", password="wrong but long")
        conn = await connect(server.port, None, username="dora", password="correct horse battery")
        try:
            (gate,) = [g for g in server.connections if g.player_id is not None]
            assert gate.player_id == "pw:dora" and gate.player_name == "dora"
        finally:
            conn.close()
        # Keys still work beside passwords.
        conn = await connect(server.port, keys.by_name["alice"])
        conn.close()
    finally:
        await server.stop()


def test_add_password_reads_standard_input_when_it_is_no_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pw"
    monkeypatch.setattr("sys.stdin", io.StringIO("correct horse battery\n"))
    assert main(["serve", "--passwords", str(path), "--add-password", "dora"]) == 0
    assert "dora may now connect" in capsys.readouterr().out
    assert passwords.PasswordBook(path).check("dora", "correct horse battery") == "dora"
    assert main(["serve", "--add-password", "dora"]) == 2
    assert "needs --passwords" in capsys.readouterr().err
