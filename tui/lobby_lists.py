"""What the lobby lists, read from the store as plain values (no Textual).

Each list is rows of words, so the lobby screen only lays them out and tests
read them without a terminal; :func:`lobby_lists` is the one read.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from tui.i18n import _, ngettext, pgettext
from tui.kinds import seat_words

if TYPE_CHECKING:
    from match.store import GameSummary, Store


MAX_TABLES_ENV = "IMHOTEP_MAX_TABLES"
DEFAULT_MAX_TABLES = 3
Kind = Literal["mine", "table", "playing", "over"]
# Finished games the lobby lists: this player's first, then others' duels.
FINISHED_ROWS = 4


def ago(then: float, now: float) -> str:
    """How long since, in the largest unit that fits ("5 min")."""
    if not math.isfinite(now - then):
        return "?"  # the store refuses such times; the lobby still must not fall over one
    seconds = max(0, int(now - then))
    # TRANSLATORS: how long ago, in a narrow column ("Last", "Waiting"):
    # keep these as short as the English.
    if seconds >= 86400:
        count = seconds // 86400
        return ngettext("{count} d", "{count} d", count).format(count=count)
    if seconds >= 3600:
        count = seconds // 3600
        return ngettext("{count} h", "{count} h", count).format(count=count)
    if seconds >= 60:
        count = seconds // 60
        return ngettext("{count} min", "{count} min", count).format(count=count)
    return pgettext("how long ago", "now")


def max_tables() -> int:
    """Open tables one player may host at once (the server sets it)."""
    try:
        value = int(os.environ.get(MAX_TABLES_ENV, DEFAULT_MAX_TABLES))
    except ValueError:
        return DEFAULT_MAX_TABLES
    return max(1, value)


@dataclass(frozen=True)
class Row:
    """One line of a lobby list and what Enter does with it."""

    kind: Kind
    game_id: int
    cells: tuple[str, ...]
    code: str | None = None


@dataclass(frozen=True)
class LobbyLists:
    mine: tuple[Row, ...]
    tables: tuple[Row, ...]
    playing: tuple[Row, ...]
    my_open_tables: int
    finished: tuple[Row, ...] = ()


def _my_seat(game: GameSummary, me: str) -> int | None:
    for index, seat in enumerate(game.seats):
        if seat.owner == me and not seat.computer:
            return index
    return None


# What the lobby shows of each game's set-up, by game id: a set-up never
# changes once the game is made, and reading it reads the whole game.
Setups = dict[int, tuple[str, int | None]]


def _table_setup(store: Store, game_id: int, setups: Setups) -> tuple[str, int | None]:
    """What a table's set-up shows (its game's words) and who starts, or "?" if unreadable."""
    if game_id not in setups:
        setups[game_id] = _read_setup(store, game_id)
    return setups[game_id]


def _read_setup(store: Store, game_id: int) -> tuple[str, int | None]:
    from match.store import StoreError
    from tui.games import screens, title

    try:
        stored = store.game(game_id)
    except StoreError:
        return "?", None
    game = screens(stored.kind)
    if game is None:
        # A game this version cannot show: its name stands for its set-up.
        return title(stored.kind), None
    return game.table_setup(stored.setup)


def _named(game: GameSummary, players: str) -> str:
    """``players`` of ``game``, after the game's name unless it is the default game."""
    from engine.games import DEFAULT_KIND
    from tui.games import title

    if game.kind == DEFAULT_KIND:
        return players
    # TRANSLATORS: a game in a list: the game's name, then its players.
    return _("{game}: {players}").format(game=title(game.kind), players=players)


def _players(game: GameSummary) -> str:
    """Every seat of a game."""
    return _named(game, " v ".join(seat_words(s.name, s.kind) for s in game.seats))


def _scored_apart(game: GameSummary, seat: int) -> bool:
    """Whether the reader's game lists each other player's score beside their
    name: with three or four, "24:32:37" would not say whose is whose."""
    return len(game.seats) > 2 and len(game.scores) == len(game.seats) and seat < len(game.seats)


def _others(game: GameSummary, seat: int) -> str:
    """The seats other than ``seat``, as a list of games names them; at a
    table of three or four, each with its score ("bob 24 v cy 37")."""
    others = []
    for index, other in enumerate(game.seats):
        if index == seat:
            continue
        words = seat_words(other.name, other.kind)
        if _scored_apart(game, seat):
            # TRANSLATORS: another player of a game of three or four, with their score.
            words = _("{player} {score}").format(player=words, score=game.scores[index])
        others.append(words)
    return _named(game, " v ".join(others))


def _score(game: GameSummary, seat: int | None) -> str:
    """The totals, the reader's first in a game of theirs ("12:9", "3:-5"):
    a dash between them read a negative score as "3--5". At a table of three
    or four only the reader's: the others' stand by their names (_others)."""
    scores = list(game.scores)
    if seat is not None and 0 <= seat < len(scores):
        if _scored_apart(game, seat):
            return str(scores[seat])
        scores.insert(0, scores.pop(seat))
    return ":".join(str(score) for score in scores)


def _one_keyboard(game: GameSummary) -> bool:
    """Whether one person holds every seat (a game at one keyboard)."""
    return len({s.owner for s in game.seats}) == 1


def _finished_row(store: Store, game: GameSummary, me: str, now: float, setups: Setups) -> Row:
    """A finished game: who played, who won (from the reader's side for their own)."""
    seat = _my_seat(game, me)
    # Who won as the game's rules said, kept with the game (a shared victory
    # names its first winner, or "you won" to each of its winners).
    winners = game.winners
    winner: int | None = winners[0] if winners else None
    if seat is not None and seat in winners:
        winner = seat
    if winner is None or winner >= len(game.seats):
        result = "?"
    elif seat is None:
        won = game.seats[winner]
        result = _("{name} won").format(name=seat_words(won.name, won.kind))
    elif winner == seat:
        result = pgettext("game result", "you won")
    else:
        result = pgettext("game result", "you lost")
    players = _players(game) if seat is None else _others(game, seat)
    return Row("over", game.id, (players, result, _score(game, seat), ago(game.updated_at, now)))


def _finished(store: Store, me: str, now: float, setups: Setups) -> tuple[Row, ...]:
    rows = [
        _finished_row(store, game, me, now, setups)
        for game in store.games(owner=me, statuses=("over",), limit=FINISHED_ROWS)
    ]
    for game in store.games(statuses=("over",), limit=50):
        if len(rows) >= FINISHED_ROWS:
            break
        if _my_seat(game, me) is not None or any(s.computer for s in game.seats):
            continue
        if _one_keyboard(game):
            continue  # one person's game at one keyboard is theirs alone
        rows.append(_finished_row(store, game, me, now, setups))
    return tuple(rows)


def lobby_lists(
    store: Store, me: str, now: float | None = None, *, setups: Setups | None = None
) -> LobbyLists:
    """What the lobby shows, read from ``store`` for the player ``me``.

    ``setups`` keeps the set-ups read (see :data:`Setups`) from one list to
    the next, so that listing again reads no game it has read before.
    """
    now = time.time() if now is None else now
    setups = {} if setups is None else setups
    mine: list[tuple[int, float, Row]] = []
    open_tables = 0
    own = store.games(owner=me, statuses=("open", "playing"))
    # How long each of the player's turns has waited: since the turn began.
    turns = store.turn_times([g.id for g in own if g.to_move == _my_seat(g, me)])
    for game in own:
        seat = _my_seat(game, me)
        if seat is None:
            continue
        if game.status == "open":
            open_tables += 1
            if game.invited:
                # TRANSLATORS: a table this player opened for one invited player.
                state = _("table {code}: waiting (invited)").format(code=game.code)
            else:
                state = _("table {code}: waiting").format(code=game.code)
            order = 2
            opponent = "-"
        elif game.to_move == seat:
            state, order = _("your turn"), 0
            since = turns.get(game.id)
            if since is not None and now - since >= 60:
                # TRANSLATORS: how long a game has waited for the reader ("5 min", "2 h").
                state = _("your turn for {time}").format(time=ago(since, now))
            opponent = _others(game, seat)
        else:
            state, order = _("their turn"), 1
            mover = game.to_move
            if len(game.seats) > 2 and mover is not None and 0 <= mover < len(game.seats):
                # With two or three others, "their turn" would not say whose.
                who = game.seats[mover]
                # TRANSLATORS: a game of the reader's where another player is to move.
                state = _("{name}'s turn").format(name=seat_words(who.name, who.kind))
            opponent = _others(game, seat)
        row = Row(
            "mine",
            game.id,
            (
                opponent,
                state,
                str(game.moves),
                _score(game, seat),
                ago(game.updated_at, now),
            ),
            game.code,
        )
        mine.append((order, -game.updated_at, row))
    tables = []
    for game in store.open_tables():
        if _my_seat(game, me) is not None or (game.invited and game.invited != me):
            continue
        seated = [s.name for s in game.seats if s.owner is not None]
        host = ", ".join(seated) or "?"
        if len(game.seats) > 2:
            # TRANSLATORS: the players already at a table of three or four, and its free seats.
            host = _("{names} +{free} free").format(names=host, free=len(game.seats) - len(seated))
        free = next((i for i, s in enumerate(game.seats) if s.owner is None), 1)
        shown, starter = _table_setup(store, game.id, setups)
        if starter is None or not 0 <= starter < len(game.seats):
            starts = "?"
        elif starter == free:
            # TRANSLATORS: in the column "Starts": the player reading the lobby.
            starts = pgettext("who starts", "you")
        else:
            # The seat's name: the host's, another player's, or a free seat's.
            starts = game.seats[starter].name
        if game.invited == me:
            # TRANSLATORS: a table its host opened only for the player reading this.
            host = _("{name} (for you)").format(name=host)
        tables.append(
            Row(
                "table",
                game.id,
                (
                    host,
                    shown,
                    starts,
                    ago(game.created_at, now),
                ),
                game.code,
            )
        )
    playing = []
    for game in store.games(statuses=("playing",), limit=50):
        if _my_seat(game, me) is not None or any(s.computer for s in game.seats):
            continue
        if _one_keyboard(game):
            continue  # one person at one keyboard: their game, not a game to watch
        playing.append(
            Row(
                "playing",
                game.id,
                (
                    _players(game),
                    str(game.moves),
                    _score(game, None),
                    ago(game.updated_at, now),
                ),
            )
        )
    return LobbyLists(
        mine=tuple(row for *_order, row in sorted(mine, key=lambda item: item[:2])),
        tables=tuple(tables),
        playing=tuple(playing),
        my_open_tables=open_tables,
        finished=_finished(store, me, now, setups),
    )
