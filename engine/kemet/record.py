"""Game records (the set-up plus the decisions in notation) and saved states.

A record rebuilds a game by replaying its decisions through the checked
:func:`engine.kemet.rules.apply`. A saved state comes without its history, so
reading one back checks every invariant of :mod:`engine.kemet.invariants`.
Every problem raises :class:`RecordError`, and nothing else.
"""

from __future__ import annotations

import msgspec

from engine.game import RecordError as GameRecordError
from engine.kemet.actions import Action
from engine.kemet.invariants import state_problems
from engine.kemet.notation import NotationError, format_action, parse_action
from engine.kemet.rules import apply, legal_actions
from engine.kemet.setup import Setup, start
from engine.kemet.state import GameState
from engine.message import msg, reason_of

FORMAT = "kemet-record"
STATE_FORMAT = "kemet-state"
VERSION = 1
MAX_ACTIONS = 100_000  # far beyond any game; a longer record is refused unread
MAX_BYTES = 8_000_000


class RecordError(GameRecordError):
    """A set-up, record or saved state that cannot be read; ``reason`` says why."""


class GameRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    format: str = FORMAT
    version: int = VERSION
    setup: Setup
    actions: tuple[str, ...] = ()


class _Header(msgspec.Struct):
    format: str | None = None
    version: int | None = None


class _SavedState(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    format: str
    version: int
    state: GameState


_encoder = msgspec.json.Encoder()


def _raw(data: bytes | str) -> bytes:
    if isinstance(data, str):
        try:
            data = data.encode()
        except UnicodeEncodeError:
            raise RecordError(msg("the text is not valid Unicode")) from None
    if len(data) > MAX_BYTES:
        raise RecordError(msg("the file is far too long for a game"))
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(
            msg("not text: invalid UTF-8 at byte {offset}", offset=exc.start)
        ) from None
    return data


def _header(data: bytes, expected: str) -> None:
    try:
        header = msgspec.json.decode(data, type=_Header)
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


def start_setup(setup: Setup) -> GameState:
    """The first state of ``setup``; RecordError if it is impossible."""
    problem = setup.problem()
    if problem is not None:
        raise RecordError(msg("setup: {problem}", problem=problem))
    return start(setup)


def encode_setup(setup: Setup) -> bytes:
    return _encoder.encode(setup)


def decode_setup(data: bytes | str) -> Setup:
    try:
        setup = msgspec.json.decode(_raw(data), type=Setup)
    except (msgspec.MsgspecError, RecursionError) as exc:
        raise RecordError(msg("the set-up is damaged ({error})", error=str(exc)[:200])) from None
    start_setup(setup)
    return setup


def encode_record(setup: Setup, actions: tuple[Action, ...] | list[Action]) -> bytes:
    record = GameRecord(setup=setup, actions=tuple(map(format_action, actions)))
    return msgspec.json.format(_encoder.encode(record), indent=2) + b"\n"


def decode_record(data: bytes | str) -> GameRecord:
    raw = _raw(data)
    _header(raw, FORMAT)
    try:
        record = msgspec.json.decode(raw, type=GameRecord)
    except (msgspec.MsgspecError, RecursionError) as exc:
        raise RecordError(msg("invalid record: {problem}", problem=str(exc)[:200])) from None
    if len(record.actions) > MAX_ACTIONS:
        raise RecordError(msg("the record has too many decisions for one game"))
    return record


def replay(record: GameRecord) -> tuple[list[GameState], list[Action]]:
    """Every state of the game and its decisions, replayed through the checked path."""
    states = [start_setup(record.setup)]
    actions: list[Action] = []
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
        actions.append(action)
    return states, actions


def load_record(data: bytes | str) -> tuple[Setup, list[GameState], list[Action]]:
    record = decode_record(data)
    states, actions = replay(record)
    return record.setup, states, actions


def encode_state(state: GameState) -> bytes:
    """A state as compact JSON (fields in order, no names); equal states, equal bytes."""
    return _encoder.encode(_SavedState(format=STATE_FORMAT, version=VERSION, state=state))


def check_state(state: GameState) -> None:
    """Raise RecordError unless ``state`` keeps every invariant and can be played on."""
    try:
        problems = state_problems(state)
        if not problems and state.phase != "over" and not legal_actions(state):
            problems = ["no decision is possible"]
    except (ValueError, IndexError, KeyError, TypeError, AssertionError, AttributeError):
        problems = ["its parts do not fit together"]
    if problems:
        raise RecordError(msg("not a valid game state: {problems}", problems="; ".join(problems)))


def decode_state(data: bytes | str) -> GameState:
    raw = _raw(data)
    _header(raw, STATE_FORMAT)
    try:
        saved = msgspec.json.decode(raw, type=_SavedState)
    except (msgspec.MsgspecError, RecursionError) as exc:
        raise RecordError(
            msg("not a saved game state: {problem}", problem=str(exc)[:200])
        ) from None
    check_state(saved.state)
    return saved.state


__all__ = [
    "FORMAT",
    "STATE_FORMAT",
    "VERSION",
    "GameRecord",
    "RecordError",
    "check_state",
    "decode_record",
    "decode_setup",
    "decode_state",
    "encode_record",
    "encode_setup",
    "encode_state",
    "load_record",
    "replay",
    "start_setup",
]
