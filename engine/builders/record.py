"""Game records (the explicit set-up plus the decisions in notation) and saved states.

A record rebuilds a game by replaying its decisions through the checked
:func:`engine.builders.apply`, so it can never smuggle in an illegal position.
A saved state does not come with the decisions that made it, so reading one
back checks every invariant of :mod:`engine.builders.invariants`. Every
problem raises :class:`RecordError` (a ValueError), and nothing else.
"""

from __future__ import annotations

import msgspec

from engine.builders.actions import Action
from engine.builders.checks import apply
from engine.builders.invariants import state_problems
from engine.builders.notation import NotationError, parse_action
from engine.builders.setup import new_game, setup_problem
from engine.builders.sites import DEFAULT_SIDES
from engine.builders.state import GameState
from engine.game import RecordError as GameRecordError
from engine.message import msg, reason_of

FORMAT = "imhotep-builders-record"
STATE_FORMAT = "imhotep-builders-state"
VERSION = 1
# A record longer than this cannot come from a game: six rounds end long before.
MAX_ACTIONS = 5000


class RecordError(GameRecordError):
    """A record or saved state that cannot be read; the message says what is wrong.

    ``error.reason`` is the message as a :class:`~engine.message.Message`.
    """


class Setup(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The explicit set-up of BUILDERS.md section 2: all a game's chance, written down."""

    players: int
    starter: int
    rounds: tuple[int, ...]  # indexes into the player count's round cards, in play order
    deck: tuple[int, ...]  # the market card ids, top first
    variant: bool = False  # Wrath of the Pharaoh
    sides: str = DEFAULT_SIDES

    @classmethod
    def of(cls, state: GameState) -> Setup:
        """The set-up of the game whose first state is ``state``."""
        shown = len(state.market) if state.round == 1 and state.ply == 0 else None
        if shown is None:
            raise ValueError("Setup.of needs a game's first state")
        return cls(
            players=state.players,
            starter=state.starter,
            rounds=state.rounds,
            deck=(*state.market, *state.deck),
            variant=state.variant,
            sides=state.sides,
        )

    def start(self) -> GameState:
        """The game's first state; RecordError if the set-up is impossible."""
        problem = setup_problem(self.players, self.starter, self.rounds, self.deck, self.sides)
        if problem is not None:
            raise RecordError(msg("setup: {problem}", problem=problem))
        return new_game(
            players=self.players,
            starter=self.starter,
            rounds=self.rounds,
            deck=self.deck,
            variant=self.variant,
            sides=self.sides,
        )


class GameRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    format: str = FORMAT
    version: int = VERSION
    setup: Setup
    actions: tuple[str, ...] = ()

    def with_action(self, action: Action) -> GameRecord:
        return msgspec.structs.replace(self, actions=(*self.actions, str(action)))


class _Header(msgspec.Struct):
    format: str | None = None
    version: int | None = None


class _SavedState(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    format: str
    version: int
    state: GameState


_encoder = msgspec.json.Encoder()
_header_decoder = msgspec.json.Decoder(_Header)
_record_decoder = msgspec.json.Decoder(GameRecord)
_state_decoder = msgspec.json.Decoder(_SavedState)


def _utf8(data: bytes | str) -> bytes:
    if isinstance(data, str):
        try:
            return data.encode()
        except UnicodeEncodeError:
            raise RecordError(msg("the text is not valid Unicode")) from None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(
            msg("not text: invalid UTF-8 at byte {offset}", offset=exc.start)
        ) from None
    return data


def _header(data: bytes, expected: str) -> None:
    """Refuse data of another kind or version before its layout is read."""
    try:
        header = _header_decoder.decode(data)
    except RecursionError:
        raise RecordError(msg("not readable: the JSON is nested far too deeply")) from None
    except msgspec.MsgspecError:
        header = _Header()
    if header.format != expected:
        raise RecordError(msg("this is not a {kind} file", kind=expected))
    if header.version != VERSION:
        raise RecordError(
            msg(
                "version {version} is not supported (this program reads {supported})",
                version=str(header.version),
                supported=VERSION,
            )
        )


def encode_record(record: GameRecord) -> bytes:
    """The record as indented JSON."""
    return msgspec.json.format(_encoder.encode(record), indent=2) + b"\n"


def decode_record(data: bytes | str) -> GameRecord:
    """Parse a record; its decisions are not replayed yet (see :func:`replay`)."""
    raw = _utf8(data)
    _header(raw, FORMAT)
    try:
        record = _record_decoder.decode(raw)
    except (msgspec.MsgspecError, RecursionError) as exc:
        raise RecordError(msg("invalid record: {problem}", problem=str(exc)[:200])) from None
    if len(record.actions) > MAX_ACTIONS:
        raise RecordError(msg("the record has too many decisions for one game"))
    return record


def replay(record: GameRecord) -> list[GameState]:
    """Every state of the game: the start, then one after each recorded decision."""
    states = [record.setup.start()]
    for number, text in enumerate(record.actions, start=1):
        try:
            action = parse_action(text)
            states.append(apply(states[-1], action))
        except NotationError as exc:
            raise RecordError(
                msg("move {number}: {problem}", number=number, problem=exc.reason)
            ) from None
        except ValueError as exc:
            raise RecordError(
                msg(
                    "move {number} ({move}) is illegal: {problem}",
                    number=number,
                    move=text[:40],
                    problem=reason_of(exc),
                )
            ) from None
    return states


def load_record(data: bytes | str) -> tuple[GameRecord, list[GameState]]:
    record = decode_record(data)
    return record, replay(record)


def encode_state(state: GameState) -> bytes:
    """A state as compact JSON (fields in order, no names); equal states, equal bytes."""
    return _encoder.encode(_SavedState(format=STATE_FORMAT, version=VERSION, state=state))


def check_state(state: GameState) -> None:
    """Raise RecordError unless ``state`` keeps every invariant."""
    problems = state_problems(state)
    if problems:
        raise RecordError(msg("not a valid game state: {problems}", problems="; ".join(problems)))


def decode_state(data: bytes | str) -> GameState:
    """A state from :func:`encode_state`, checked with :func:`check_state`; RecordError only."""
    raw = _utf8(data)
    _header(raw, STATE_FORMAT)
    try:
        saved = _state_decoder.decode(raw)
    except (msgspec.MsgspecError, RecursionError) as exc:
        raise RecordError(
            msg("not a saved game state: {problem}", problem=str(exc)[:200])
        ) from None
    check_state(saved.state)
    return saved.state


__all__ = [
    "FORMAT",
    "VERSION",
    "GameRecord",
    "RecordError",
    "Setup",
    "check_state",
    "decode_record",
    "decode_state",
    "encode_record",
    "encode_state",
    "load_record",
    "replay",
]
