"""Keys, names and the allow file."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh
import pytest

from server import identity


def _key(comment: str = "alice@laptop") -> asyncssh.SSHKey:
    # What the server sees of a client's key: its public half.
    private = asyncssh.generate_private_key("ssh-ed25519", comment=comment)
    return private.convert_to_public()


def _line(key: asyncssh.SSHKey) -> str:
    return key.export_public_key("openssh").decode().strip()


@pytest.mark.parametrize("name", ["alice", "Zoë", "bob_2", "anna-maria", "x", "Ω1"])
def test_good_names(name: str) -> None:
    assert identity.name_problem(name) is None


@pytest.mark.parametrize(
    "name",
    [
        "",
        "a" * 17,
        "two words",
        "-dash",
        "tab\t",
        "esc\x1b[31m",
        "emoji🙂",
        "日本",
        "a/b",
        "e\u0301",
    ],
)
def test_bad_names(name: str) -> None:
    assert identity.name_problem(name) is not None


def test_a_name_from_the_key_comment() -> None:
    assert identity.name_from_comment("alice@laptop") == "alice"
    assert identity.name_from_comment("bob") == "bob"
    assert identity.name_from_comment("") is None
    assert identity.name_from_comment("\x1b[2J@x") is None


def test_the_player_id_is_the_key_not_the_comment() -> None:
    key = _key("alice")
    same_key_other_name = asyncssh.import_public_key(_line(key).rsplit(" ", 1)[0] + " mallory")
    assert identity.player_id(key) == identity.player_id(same_key_other_name)
    assert identity.player_id(key) != identity.player_id(_key("alice"))
    assert identity.player_id(key).startswith("key:SHA256:")
    assert "/" not in identity.folder_name(identity.player_id(key))


def test_the_allow_file_names_players_and_skips_bad_lines(tmp_path: Path) -> None:
    alice, bob, nameless = _key("alice@home"), _key("bob"), _key("")
    path = tmp_path / "allowed"
    path.write_text(
        "# friends\n"
        f"{_line(alice)}\n"
        "ssh-ed25519 not-base64 broken\n"
        f'from="10.0.0.0/8" {_line(bob)}\n'
        f"{_line(nameless)}\n"
    )
    allow = identity.AllowList(path)
    assert allow.lookup(alice, "", "127.0.0.1") == "alice"
    # bob's line only admits him from 10.x addresses.
    assert allow.lookup(bob, "", "127.0.0.1") is None
    assert allow.lookup(bob, "", "10.1.2.3") == "bob"
    assert allow.lookup(nameless, "", "127.0.0.1") == identity.default_name(
        identity.player_id(nameless)
    )
    assert allow.lookup(_key(), "", "127.0.0.1") is None


def test_the_allow_file_is_read_again_when_it_changes(tmp_path: Path) -> None:
    alice, bob = _key("alice"), _key("bob")
    path = tmp_path / "allowed"
    path.write_text(_line(alice) + "\n")
    allow = identity.AllowList(path)
    assert allow.lookup(bob, "", "127.0.0.1") is None
    path.write_text(_line(alice) + "\n" + _line(bob) + "\n")
    assert allow.lookup(bob, "", "127.0.0.1") == "bob"
    path.unlink()
    assert allow.lookup(alice, "", "127.0.0.1") is None


def test_a_world_writable_allow_file_admits_no_one(tmp_path: Path) -> None:
    alice = _key("alice")
    path = tmp_path / "allowed"
    path.write_text(_line(alice) + "\n")
    os.chmod(path, 0o666)
    assert identity.AllowList(path).lookup(alice, "", "127.0.0.1") is None


def test_adding_a_key(tmp_path: Path) -> None:
    path = tmp_path / "allowed"
    bob = _key("bob@laptop")
    identity.add_key(path, _line(bob) + "\n", "bobby")
    assert path.stat().st_mode & 0o777 == 0o600
    assert identity.AllowList(path).lookup(bob, "", "127.0.0.1") == "bobby"
    with pytest.raises(ValueError, match="already allowed"):
        identity.add_key(path, _line(bob), "robert")
    with pytest.raises(ValueError, match="already has a key"):
        identity.add_key(path, _line(_key()), "bobby")
    with pytest.raises(ValueError, match="not an OpenSSH public key"):
        identity.add_key(path, "hello", "carol")
    with pytest.raises(ValueError):
        identity.add_key(path, _line(_key()), "bad name")
    with pytest.raises(ValueError, match="exactly one"):
        identity.add_key(path, _line(_key()) + "\n" + _line(_key()), "dave")
    assert len(identity.AllowList(path).entries()) == 1


CYRILLIC_A = "\N{CYRILLIC SMALL LETTER A}"
GREEK_CAPITAL_BETA = "\N{GREEK CAPITAL LETTER BETA}"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("alice", f"{CYRILLIC_A}lice"),
        ("alice", "ALICE"),
        ("alice", "a1ice"),
        ("Bob", f"{GREEK_CAPITAL_BETA}ob"),
        ("bob", f"{GREEK_CAPITAL_BETA}OB"),
        ("\N{GREEK SMALL LETTER BETA}ob", f"{GREEK_CAPITAL_BETA}ob"),
        (
            "ace",
            "\N{CYRILLIC SMALL LETTER A}\N{CYRILLIC SMALL LETTER ES}\N{CYRILLIC SMALL LETTER IE}",
        ),
        ("bob", "\N{FULLWIDTH LATIN SMALL LETTER B}ob"),
        ("bob", "\N{MATHEMATICAL BOLD SMALL B}ob"),
        ("polo", "p0l\N{GREEK SMALL LETTER OMICRON}"),
        (
            "Kim",
            "\N{CYRILLIC CAPITAL LETTER KA}\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}m",
        ),
    ],
)
def test_names_that_look_alike(first: str, second: str) -> None:
    assert identity.names_look_alike(first, second)
    assert identity.names_look_alike(second, first)


@pytest.mark.parametrize(
    ("first", "second"),
    [("alice", "alicia"), ("bob", "βob"), ("Zoë", "Zoe"), ("anna", "hanna"), ("Ωmega", "omega")],
)
def test_names_that_do_not(first: str, second: str) -> None:
    assert not identity.names_look_alike(first, second)
