"""One SSH session: a terminal request, the app under its own pty, its end.

Only a shell request on a session that asked for a terminal starts anything.
A command (``ssh host ls``) is answered with one line saying so, and no
process is started for it; subsystems (SFTP, SCP's) are refused outright, as
their clients expect a protocol, not text.

What the session itself says to the player (the name prompt, a refusal, why
it ends) is in the language the client's ``LANG`` / ``LC_*`` name, as the
app's own words are. The server serves everyone from one process, so it
never switches :mod:`tui.i18n`'s language: each session words its lines with
its own catalog (``self._words``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gettext
import logging
import os
import re
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, Literal, Protocol

import asyncssh
from babel.numbers import format_decimal

import tui
from server import identity
from server.child import ChildTerminal, clamp_size
from server.config import Player, ServerConfig
from server.prompt import LineReader
from tui.i18n import language_from_environment, translations

log = logging.getLogger("imhotep.server")

# Why the server ends a session of its own accord.
EndReason = Literal["stopping", "idle"]

_TERM_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
_LOCALE_RE = re.compile(
    r"(C|POSIX|[A-Za-z]{2,3}(_[A-Za-z]{2})?)(\.[A-Za-z0-9-]{1,20})?(@[a-z]{1,20})?"
)
# What the client's terminal may tell the app, each with its own check. The
# server's own environment is never passed on.
_CLIENT_ENV = {
    "LANG": _LOCALE_RE,
    "LC_ALL": _LOCALE_RE,
    "LC_CTYPE": _LOCALE_RE,
    "LC_MESSAGES": _LOCALE_RE,  # the app's language
    "COLORTERM": re.compile(r"truecolor|24bit"),
    "NO_COLOR": re.compile(r"[01]?"),
    # Which terminal it is, for a desktop notification of a player's turn
    # (tui.terminal_notice): iTerm2 sets LC_TERMINAL so that ssh sends it.
    "LC_TERMINAL": re.compile(r"[A-Za-z0-9._-]{1,32}"),
    "TERM_PROGRAM": re.compile(r"[A-Za-z0-9._-]{1,32}"),
    "IMHOTEP_NOTIFY": re.compile(r"osc9|osc777|off"),
}
NAME_TRIES = 5
# An app that fails is started again (back in the lobby) this many times in
# one session, after this pause to read why, before the session ends.
MAX_FAILURES = 3
RESTART_PAUSE = 1.5
# An app that is ended (or crashes) cannot put the player's terminal back as
# it found it: leave the alternate screen, stop mouse and focus reports,
# bracketed paste and the keyboard protocol, show the cursor, reset colours.
RESTORE_TERMINAL = (
    "\x1b[?1049l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
    "\x1b[?1004l\x1b[?2004l\x1b[<u\x1b[?25h\x1b[0m"
)
# The one directory holding the packages the server runs (`tui`, and `cli`
# beside it, whose command starts the app): the app is started from the same
# code, whether installed or in a checkout.
CODE_ROOT = Path(tui.__file__).resolve().parent.parent


def client_variables(client_env: dict[str, str]) -> dict[str, str]:
    """The variables the client sent that the app may see, each checked."""
    return {
        name: value
        for name, pattern in _CLIENT_ENV.items()
        if (value := client_env.get(name)) is not None and pattern.fullmatch(value)
    }


def session_language(client_env: dict[str, str]) -> str:
    """The language the client's locale variables name (English by default)."""
    return language_from_environment(client_variables(client_env))


def session_words(client_env: dict[str, str]) -> gettext.NullTranslations:
    """The catalog of the language the client's locale variables name."""
    return translations(session_language(client_env))


def minutes_in(seconds: float, language: str) -> str:
    """Minutes as the player's language writes a number ("0,5" in Hungarian)."""
    return format_decimal(round(seconds / 60, 2), locale=language)


def child_environment(
    term: str | None, client_env: dict[str, str], player_dir: Path, max_tables: int = 3
) -> dict[str, str]:
    """The app's whole environment: the client's terminal, the player's own folder."""
    env = {
        "IMHOTEP_MAX_TABLES": str(max_tables),
        "PATH": os.defpath,
        "HOME": str(player_dir),
        "TERM": term if term and _TERM_RE.fullmatch(term) else "xterm-256color",
        "IMHOTEP_DATA_DIR": str(player_dir),
        "IMHOTEP_SERVER": "1",
        "PYTHONPATH": str(CODE_ROOT),
    }
    env.update(client_variables(client_env))
    return env


class Door(Protocol):
    """What a session needs of the connection it came by (:class:`server.ssh.Gatekeeper`).

    Named here rather than imported, so that the server may import the
    session and not the other way round.
    """

    label: str
    username: str
    player_id: str | None
    player_name: str | None


class Host(Protocol):
    """What a session needs of the server it runs under (:class:`server.ssh.GameServer`)."""

    config: ServerConfig
    sessions: set[GameSession]

    def track(self, work: Coroutine[Any, Any, Any]) -> None: ...

    async def name_problem(
        self, name: str, player: str, words: gettext.NullTranslations
    ) -> str | None: ...


class GameSession(asyncssh.SSHServerSession[bytes]):
    def __init__(self, server: Host, gate: Door) -> None:
        self._server = server
        self._gate = gate
        self._chan: asyncssh.SSHServerChannel[bytes] | None = None
        self._term: str | None = None
        self._size = (80, 24)
        self._has_pty = False
        self._command = False  # an exec request: answered, never run
        self._child: ChildTerminal | None = None
        self._reader: LineReader | None = None
        self._name_wanted: asyncio.Future[str | None] | None = None
        self._task: asyncio.Task[None] | None = None
        self._idle_timer: asyncio.TimerHandle | None = None
        self._last_input = time.monotonic()
        self._started = 0.0
        self._closing = False
        self._end_reason: EndReason | None = None
        # English until the session starts: the client's variables come first.
        self._words = gettext.NullTranslations()
        self._language = "en"
        self.label = gate.label

    # --- what the client asks for --------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object
    ) -> bool:
        self._has_pty = True
        self._term = term_type
        self._size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # Accepted only so that the client reads why (session_started); a
        # refused request shows as a bare "exec request failed". The command
        # itself is not logged: it is the client's, and may hold anything.
        log.info("%s exec refused", self.label)
        self._command = True
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        shown = subsystem[:32].encode("ascii", "backslashreplace").decode()
        log.info("%s subsystem refused: %s", self.label, shown)
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def session_started(self) -> None:
        if self._chan is not None:
            self._language = session_language(dict(self._chan.get_environment()))
            self._words = translations(self._language)
        words = self._words
        if self._command:
            self._say_line(
                words.gettext(
                    "imhotep-duel: this server runs only the game, no commands: "
                    "connect with plain ssh, without a command."
                )
            )
            self._end(1)
            return
        if not self._has_pty:
            self._say_line(
                words.gettext(
                    "imhotep-duel: this server runs only the game, which needs a terminal: "
                    "connect with plain ssh, no command (ssh -t if needed)."
                )
            )
            log.info("%s closed: no terminal requested", self.label)
            self._end(1)
            return
        cap = self._server.config.max_sessions
        if len(self._server.sessions) >= cap:
            self._say_line(
                words.ngettext(
                    "imhotep-duel: the server is full ({count} player); try again later.",
                    "imhotep-duel: the server is full ({count} players); try again later.",
                    cap,
                ).format(count=cap)
            )
            log.info("%s closed: server full", self.label)
            self._end(1)
            return
        self._server.sessions.add(self)
        self._started = time.monotonic()
        self._arm_idle_timer()
        self._task = asyncio.ensure_future(self._run())

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._last_input = time.monotonic()
        if self._child is not None:
            self._child.write(data)
            if self._child.input_backlog > 64 * 1024 and self._chan is not None:
                self._chan.pause_reading()
        elif self._reader is not None and self._name_wanted is not None:
            echo, line = self._reader.feed(data)
            self._say(echo)
            if (line is not None or self._reader.cancelled) and not self._name_wanted.done():
                self._name_wanted.set_result(line)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._size = clamp_size(width, height)
        if self._child is not None:
            self._child.resize(*self._size)

    def eof_received(self) -> bool:
        return False

    def pause_writing(self) -> None:
        if self._child is not None:
            self._child.pause_output()

    def resume_writing(self) -> None:
        if self._child is not None:
            self._child.resume_output()

    def connection_lost(self, exc: Exception | None) -> None:
        self._closing = True
        if self._name_wanted is not None and not self._name_wanted.done():
            self._name_wanted.set_result(None)
        if self._idle_timer is not None:
            self._idle_timer.cancel()
        if self._child is not None:
            # The app is ended in the background; its game is already in the store.
            self._server.track(self._child.stop(self._server.config.stop_grace))

    # --- the session's life ----------------------------------------------------

    async def _run(self) -> None:
        status = 1
        try:
            player = await self._player()
            if player is not None:
                status = await self._play(player)
        except Exception:
            log.exception("%s session failed", self.label)
            self._say(RESTORE_TERMINAL + "\r\n")
            self._say_line(self._crashed())
        finally:
            self._server.sessions.discard(self)
            if self._end_reason is not None:
                self._say(RESTORE_TERMINAL + "\r\n")
                self._say_line(self._farewell(self._end_reason))
                status = 0
            self._end(status)

    async def _player(self) -> Player | None:
        gate = self._gate
        assert gate.player_id is not None
        if gate.player_name is not None:
            return Player(gate.player_id, gate.player_name)
        # An open server's first visitor: ask for a name, checked and kept.
        suggestion = identity.name_from_comment(gate.username)
        words = self._words
        self._say_line(words.gettext("Welcome to Imhotep."))
        for _ in range(NAME_TRIES):
            if suggestion:
                # TRANSLATORS: {suggestion} is a name taken from the player's
                # key, used if they just press Enter.
                ask = words.gettext("Choose the name other players will see [{suggestion}]: ")
                self._say(ask.format(suggestion=suggestion))
            else:
                self._say(words.gettext("Choose the name other players will see: "))
            self._reader = LineReader()
            self._name_wanted = asyncio.get_running_loop().create_future()
            line = await self._name_wanted
            self._reader = None
            if line is None:
                return None
            name = line.strip() or (suggestion or "")
            problem = await self._server.name_problem(name, gate.player_id, words)
            if problem is not None:
                self._say_line(problem)
                continue
            gate.player_name = name
            log.info("%s chose the name %s", self.label, name)
            return Player(gate.player_id, name)
        self._say_line(words.gettext("No name chosen; goodbye."))
        return None

    async def _play(self, player: Player) -> int:
        """Run the app; one that fails is started again, back in the lobby,
        up to MAX_FAILURES times in a session."""
        failures = 0
        while True:
            status = await self._run_app(player)
            if status == 0 or self._closing:
                return 0 if status == 0 else 1
            failures += 1
            self._say(RESTORE_TERMINAL + "\r\n")
            if failures >= MAX_FAILURES:
                self._say_line(self._crashed())
                return 1
            self._say_line(
                self._words.gettext(
                    "imhotep-duel: the game stopped unexpectedly; your games are kept. "
                    "Back to the lobby in a moment."
                )
            )
            await asyncio.sleep(RESTART_PAUSE)
            if self._closing:
                return 1

    async def _run_app(self, player: Player) -> int | None:
        """The app's exit status (negative for a signal), or None if the
        session closed while it started."""
        config = self._server.config
        player_dir = config.players_dir / identity.folder_name(player.id)
        player_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        chan = self._chan
        assert chan is not None
        env = child_environment(
            self._term, dict(chan.get_environment()), player_dir, config.max_tables
        )
        self._child = await ChildTerminal.start(
            list(config.command(config.store, player)),
            env=env,
            cwd=player_dir,
            size=self._size,
            on_output=self._output,
            on_error=self._app_error,
        )
        self._child.on_input_drained = chan.resume_reading
        if self._closing:
            await self._child.stop(config.stop_grace)
            return None
        log.info(
            "%s app started for %s (%dx%d %s) pid %d",
            self.label,
            player.name,
            *self._size,
            env["TERM"],
            self._child.pid,
        )
        status = await self._child.process.wait()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._child.output_done.wait(), 2.0)
        if self._child.errors_done is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._child.errors_done), 2.0)
        minutes = (time.monotonic() - self._started) / 60
        log.info(
            "%s app ended for %s, status %s, %.1f min", self.label, player.name, status, minutes
        )
        return status

    def _app_error(self, line: str) -> None:
        # The app's standard error, for the operator only; its control
        # characters could drive the operator's terminal, so they are shown.
        shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in line)
        log.warning("%s app: %s", self.label, shown)

    async def shutdown(self, reason: EndReason) -> None:
        """End this session from the server's side: it is stopping, or the player idle."""
        if self._closing:
            return
        self._closing = True
        self._end_reason = reason
        if self._task is None or self._task.done():
            self._say("\r\n")
            self._say_line(self._farewell(reason))
            self._end(0)
            return
        if self._name_wanted is not None and not self._name_wanted.done():
            self._name_wanted.set_result(None)
        if self._child is not None:
            await self._child.stop(self._server.config.stop_grace)
        # _run says why and closes the channel once the app is gone.
        await asyncio.wait([self._task], timeout=self._server.config.stop_grace * 4)

    # --- helpers -------------------------------------------------------------

    def _crashed(self) -> str:
        return self._words.gettext(
            "imhotep-duel: the game stopped unexpectedly; your games are kept."
        )

    def _farewell(self, reason: EndReason) -> str:
        """Why the server ended the session, in the player's words."""
        if reason == "idle":
            minutes = minutes_in(self._server.config.idle_timeout, self._language)
            # TRANSLATORS: {minutes} may be a fraction ("0.5"): "min" reads right either way.
            return self._words.gettext(
                "imhotep-duel: closed after {minutes} min without a key; your games are kept."
            ).format(minutes=minutes)
        return self._words.gettext("imhotep-duel: the server is stopping; your games are kept.")

    def _say_line(self, text: str) -> None:
        self._say(text + "\r\n")

    def _output(self, data: bytes) -> None:
        if self._chan is not None and not self._chan.is_closing():
            self._chan.write(data)

    def _say(self, text: str) -> None:
        if text and self._chan is not None and not self._chan.is_closing():
            self._chan.write(text.encode("utf-8"))

    def _end(self, status: int) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None
        if self._chan is not None and not self._chan.is_closing():
            self._chan.exit(status)

    def _arm_idle_timer(self) -> None:
        timeout = self._server.config.idle_timeout
        if timeout <= 0:
            return
        left = self._last_input + timeout - time.monotonic()
        loop = asyncio.get_running_loop()
        if left > 0:
            self._idle_timer = loop.call_later(left, self._arm_idle_timer)
            return
        log.info("%s closed after %.0f idle minutes", self.label, timeout / 60)
        self._server.track(self.shutdown("idle"))
