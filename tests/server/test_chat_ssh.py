"""The table's chat over SSH: two players and a watcher, each with the
system's own ``ssh`` client in a terminal of its own. A line pasted with
escape sequences in it, and one planted in the store by another program,
reach the others' terminals cleaned: not one of the sequences arrives.

(Textual's own key reader ends a paste at its first ESC and reads the rest
as keys, so what a player types arrives in the chat as printable text such
as ``^]0;``; the line planted in the store is the one whose sequences only
the store's cleaning stands between and the other terminals.)"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest
from bytes_support import PtyProgram
from ssh_support import Keys, config_for, start_server, wait_until
from system_ssh import SSH, key_file, ssh_terminal

from match.store import GameSummary, Store
from server import identity
from server.ssh import GameServer

pytestmark = pytest.mark.skipif(SSH is None, reason="no ssh client on this machine")
ENTER, CTRL_S = b"\r", b"\x13"
PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"
# A window title, the clipboard (OSC 52), a screen wipe, a colour, a bell and
# a right-to-left override, pasted into the chat's line.
PASTED = (
    b"gl \x1b]0;PWNED-TITLE\x07hf \x1b]52;c;cm0gLXJmIH4=\x07"
    b"\x1b[2J\x1b[31mred\x1b[0m\x07 \xe2\x80\xaeend"
)
PLANTED = "from \x1b]0;PLANTED-TITLE\x07elsewhere \x1b[5mblink\x1b[0m"


def _games(server: GameServer, player: str) -> list[GameSummary]:
    with Store.open(server.config.store) as store:
        return store.games(owner=player, statuses=("open", "playing"))


def _watched(server: GameServer, game_id: int) -> list[str]:
    with Store.open(server.config.store) as store:
        return [w.owner for w in store.watchers(game_id)]


async def test_two_players_and_a_watcher_talk_over_ssh(tmp_path: Path, keys: Keys) -> None:
    server = await start_server(config_for(tmp_path, allow_file=tmp_path / "allowed"))
    names = ("alice", "bob", "carol")
    ids = {name: identity.player_id(keys.by_name[name]) for name in names}
    terminals: dict[str, PtyProgram] = {}
    try:
        for name in names:
            terminals[name] = await ssh_terminal(
                server.port, key_file(tmp_path, name, keys.by_name[name])
            )
        alice, bob, carol = (terminals[name] for name in names)
        await alice.wait_for("you are alice")
        await alice.send(b"h")
        await alice.wait_for("Open the table")
        await alice.send(CTRL_S)  # a Duel for anyone, as the dialog opens
        await alice.wait_for("/ Chat")
        await bob.wait_for("Open tables")
        await bob.wait_for("alice ")
        await bob.send(ENTER)
        await bob.wait_for("/ Chat")
        await wait_until(
            lambda: any(g.status == "playing" for g in _games(server, ids["alice"])),
            "both seated",
        )
        (game,) = _games(server, ids["alice"])
        # Carol watches from the lobby's list of games being played.
        await carol.wait_for("alice v bob")
        for _attempt in range(5):
            # The lobby moves its cursor off the open tables' list (empty
            # once bob sat down) at its next look at the store, once a second.
            await asyncio.sleep(1.5)
            await carol.send(ENTER)
            try:
                await carol.wait_for("You are watching", timeout=10)
                break
            except AssertionError:
                continue
        await carol.wait_for("You are watching")
        await wait_until(lambda: _watched(server, game.id) == [ids["carol"]], "carol watching")
        for player in (alice, bob):
            await player.wait_for("carol is watching the game.")
        # Alice opens the chat and pastes a line full of escape sequences.
        await alice.send(b"/")
        await alice.wait_for("Talk at the table")
        await asyncio.sleep(0.5)
        await alice.send(PASTE_START + PASTED + PASTE_END)
        await asyncio.sleep(0.3)
        await alice.send(ENTER)
        await alice.wait_for("alice: ")
        for other in (bob, carol):
            await other.wait_for("alice says: ")
        with Store.open(server.config.store) as store:
            (said,) = store.chat_lines(game.id)
        assert said.owner == ids["alice"] and said.text.isprintable() and "PWNED" in said.text
        # Another program writes a line straight into the store.
        db = sqlite3.connect(server.config.store)
        db.execute(
            "INSERT INTO chat (game_id, owner, name, seat, text, at) VALUES (?,?,?,?,?,?)",
            (game.id, ids["bob"], "bob\x1b[8m", 1, PLANTED, time.time()),
        )
        db.commit()
        db.close()
        for player in (alice, carol):
            await player.wait_for("from elsewhere blink")
        # Carol answers from her own chat, and sees who is here.
        await carol.send(b"/")
        await carol.wait_for("carol, watching (you)")
        await carol.wait_for("alice, playing")
        await asyncio.sleep(0.5)
        await carol.send(b"nice opening")
        await asyncio.sleep(0.3)
        await carol.send(ENTER)
        await bob.wait_for("carol says: nice opening")
        # Carol leaves the chat and the game: the players are told.
        await carol.send(b"\x1b")
        await asyncio.sleep(0.5)
        await carol.send(b"q")
        await carol.wait_for("Being played")
        await bob.wait_for("carol stopped watching the game.")
        for name, terminal in terminals.items():
            raw = bytes(terminal.raw)
            for sequence in (b"\x1b]0;PWNED", b"\x1b]52", b"PLANTED", b"\xe2\x80\xae", b"\x1b[5m"):
                assert sequence not in raw, (name, sequence)
        # Talk moved no revision: the game stands where it was, nobody refused.
        (after,) = _games(server, ids["alice"])
        assert after.moves == 0 and after.status == "playing"
    finally:
        for terminal in terminals.values():
            terminal.close()
        await server.stop()
