"""Telling a player, wherever they are in the app, that one of their games
waits for them: a toast, the bell, and where the terminal takes one a
desktop notification (:mod:`tui.terminal_notice`).

The app looks at the store's tables revision every few seconds (cheap while
nobody writes) and reads the player's waiting games only when it moved.
What already waits when the app starts is said once, in one line with the
longest wait; after that each turn is told once, and never one of the game
on the player's screen (:class:`match.turns.TurnNotices`).
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Any, Protocol

from textual.screen import ModalScreen

from match.follow import TablesWatch
from match.turns import TurnNotices, Waiting, waiting
from tui.i18n import _, ngettext
from tui.lobby_lists import ago
from tui.terminal_notice import notify_terminal, protocol

if TYPE_CHECKING:
    from textual.app import App

    from match.store import Store

POLL_SECONDS = 2.0
NOTICE_SECONDS = 15


class Player(Protocol):
    """What the watch needs of the app."""

    me: str
    player_name: str | None

    @property
    def open_store(self) -> Store | None: ...


def on_screen(app: App[Any]) -> int | None:
    """The stored game the player looks at: the game screen on top, or under
    a dialog opened from it."""
    from tui.play import PlayScreen

    for screen in reversed(app.screen_stack):
        if isinstance(screen, PlayScreen):
            return screen.match.game_id
        if not isinstance(screen, ModalScreen):
            return None
    return None


def turn_line(turn: Waiting) -> str:
    """One waiting game in words: against whom, in which game."""
    from tui.games import title

    return _("Your turn against {players} ({game})").format(
        players=", ".join(turn.against), game=title(turn.kind)
    )


def summary_line(turns: list[Waiting], now: float | None = None) -> str:
    """What waits as the player arrives: how many games, the longest wait."""
    now = time.time() if now is None else now
    longest = min(turn.since for turn in turns)
    if now - longest < 60:
        return ngettext(
            "It is your turn in {count} game.", "It is your turn in {count} games.", len(turns)
        ).format(count=len(turns))
    return ngettext(
        "It is your turn in {count} game, for {time}.",
        "It is your turn in {count} games, the longest for {time}.",
        len(turns),
    ).format(count=len(turns), time=ago(longest, now))


class TurnWatch:
    """The app's watch over the player's turns in every game."""

    def __init__(self, app: App[Any], player: Player) -> None:
        self.app = app
        self.player = player
        self._tables = TablesWatch()
        self._notices = TurnNotices()
        self._started = False
        self.protocol = protocol(os.environ)
        self.told = 0  # notices given, for tests

    def start(self) -> None:
        # A first look at once: what waits is said as the player arrives.
        self.poll()
        self.app.set_interval(POLL_SECONDS, self.poll, name="turns")

    def poll(self) -> None:
        store = self.player.open_store
        if store is None:
            return
        from match.store import StoreError

        try:
            if not self._tables.moved(store):
                return
            found = waiting(store, self.player.me, self.player.player_name)
        except StoreError:
            return  # the screens say what is wrong with the store
        if not self._started:
            self._started = True
            self._notices.news(found)
            if found:
                self.app.notify(summary_line(found), timeout=NOTICE_SECONDS, markup=False)
            return
        for turn in self._notices.news(found, on_screen(self.app)):
            self.tell(turn)

    def tell(self, turn: Waiting) -> None:
        line = turn_line(turn)
        self.told += 1
        self.app.notify(line, title=_("Your turn"), timeout=NOTICE_SECONDS, markup=False)
        self.app.bell()
        notify_terminal(self.app, "Imhotep", line, self.protocol)
