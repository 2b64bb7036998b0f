"""Game records: the set-up plus the actions in notation, as readable JSON.

A record rebuilds a game by replaying its actions through the checked
:func:`engine.apply`, so a record can never smuggle in an illegal position.
Every problem with a record raises :class:`RecordError` (a ValueError) whose
message names the field or the move number at fault. A single state can be
saved too (:func:`encode_state`); reading one back checks it against the
engine's invariants, since it does not come with the actions that made it.
"""

from __future__ import annotations

import msgspec

from engine.duel.actions import Action
from engine.duel.checks import apply
from engine.duel.invariants import state_problems
from engine.duel.notation import NotationError, parse_action
from engine.duel.rules import check_deck, new_game
from engine.duel.state import RULES, GameState, Rules, Sides
from engine.game import RecordError as GameRecordError
from engine.message import msg, reason_of

FORMAT = "imhotep-duel-record"
# Version 2 added the set-up's ``rules``; a version 1 record has none and is
# played by the classic rules, as it was written.
VERSION = 2
READABLE_VERSIONS = (1, 2)


class RecordError(GameRecordError):
    """A record that cannot be read or replayed; the message says what is wrong.

    ``error.reason`` is the message as a :class:`~engine.message.Message`.
    """


class Setup(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How a game was set up: from a seed or an explicit deck (exactly one).

    ``rules`` is "classic" or "online" (see :data:`engine.duel.state.Rules`); a
    set-up written before the option existed reads as classic.
    """

    seed: int | None = None
    deck: tuple[str, ...] | None = None
    sides: str = "AAAA"  # obelisk, temple, pyramids, burial chamber
    starter: int = 0
    rules: Rules = "classic"

    def start(self) -> GameState:
        """The game's first state; raises RecordError if the set-up is invalid."""
        if (self.seed is None) == (self.deck is None):
            raise RecordError(msg("setup: give exactly one of 'seed' and 'deck'"))
        if self.seed is not None and self.seed < 0:
            raise RecordError(msg("setup.seed: must not be negative"))
        if self.deck is not None:
            try:
                check_deck(self.deck)
            except ValueError as exc:
                raise RecordError(msg("setup.deck: {problem}", problem=reason_of(exc))) from None
        try:
            sides = Sides.parse(self.sides)
        except ValueError as exc:
            raise RecordError(msg("setup.sides: {problem}", problem=reason_of(exc))) from None
        if self.starter not in (0, 1):
            raise RecordError(
                msg("setup.starter: must be 0 or 1, not {starter}", starter=self.starter)
            )
        if self.rules not in RULES:
            raise RecordError(
                msg(
                    "setup.rules: must be {names}, not {rules}",
                    names=" or ".join(RULES),
                    rules=repr(self.rules),
                )
            )
        return new_game(
            self.seed, deck=self.deck, sides=sides, starter=self.starter, rules=self.rules
        )


class GameRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    format: str = FORMAT
    version: int = VERSION
    setup: Setup
    actions: tuple[str, ...] = ()

    def with_action(self, action: Action) -> GameRecord:
        return msgspec.structs.replace(self, actions=(*self.actions, str(action)))


class _Header(msgspec.Struct):
    # Read first, and leniently, so that a file from another version is reported
    # as such rather than as whatever field its layout happens to break.
    format: str | None = None
    version: int | None = None


_encoder = msgspec.json.Encoder()
_header_decoder = msgspec.json.Decoder(_Header)
_record_decoder = msgspec.json.Decoder(GameRecord)


def encode_record(record: GameRecord) -> bytes:
    """The record as indented JSON, one action per line."""
    return msgspec.json.format(_encoder.encode(record), indent=2) + b"\n"


def _utf8(data: bytes | str) -> bytes:
    """``data`` as bytes that are valid UTF-8, or RecordError."""
    if isinstance(data, str):
        try:
            return data.encode()
        except UnicodeEncodeError as exc:
            raise RecordError(
                msg("the text is not valid Unicode ({problem})", problem=str(exc))
            ) from None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(
            msg("not text: invalid UTF-8 at byte {offset}", offset=exc.start)
        ) from None
    return data


def decode_record(data: bytes | str) -> GameRecord:
    """Parse a record's JSON; the actions are not replayed yet (see :func:`replay`)."""
    data = _utf8(data)
    if not data.strip():
        raise RecordError(msg("the file is empty"))
    try:
        header = _header_decoder.decode(data)
    except RecursionError:
        raise RecordError(msg("not a game record: the JSON is nested far too deeply")) from None
    except msgspec.ValidationError:
        raise RecordError(msg("this is not an Imhotep: The Duel game record")) from None
    except msgspec.DecodeError as exc:
        raise RecordError(
            msg("not readable JSON ({problem}); the file may be truncated", problem=str(exc))
        ) from None
    if header.format != FORMAT:
        raise RecordError(msg("this is not an Imhotep: The Duel game record (no 'format' field)"))
    if header.version not in READABLE_VERSIONS:
        raise RecordError(
            msg(
                "record version {version} is not supported (this program reads {supported})",
                version=str(header.version),
                supported=", ".join(map(str, READABLE_VERSIONS)),
            )
        )
    try:
        return _record_decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise RecordError(msg("invalid record: {problem}", problem=str(exc))) from None
    except msgspec.DecodeError as exc:
        raise RecordError(msg("not readable JSON ({problem})", problem=str(exc))) from None


def replay(record: GameRecord) -> list[GameState]:
    """Every state of the game: the start, then one after each recorded action."""
    states = [record.setup.start()]
    for number, text in enumerate(record.actions, start=1):
        try:
            action = parse_action(text)
        except NotationError as exc:
            raise RecordError(
                msg("move {number}: {problem}", number=number, problem=exc.reason)
            ) from None
        try:
            states.append(apply(states[-1], action))
        except ValueError as exc:
            raise RecordError(
                msg(
                    "move {number} ({move}) is illegal: {problem}",
                    number=number,
                    move=text,
                    problem=reason_of(exc),
                )
            ) from None
    return states


def load_record(data: bytes | str) -> tuple[GameRecord, list[GameState]]:
    """Decode and replay a record in one step."""
    record = decode_record(data)
    return record, replay(record)


_state_encoder = msgspec.json.Encoder()
_state_decoder = msgspec.json.Decoder(GameState)


def encode_state(state: GameState) -> bytes:
    """A state as compact JSON; equal states give identical bytes."""
    return _state_encoder.encode(state)


def check_state(state: GameState) -> None:
    """Raise RecordError unless ``state`` keeps every invariant of the engine's states.

    For states that come from outside the engine (a save, the match store);
    the message lists what :func:`engine.duel.invariants.state_problems` found.
    """
    problems = state_problems(state)
    if problems:
        raise RecordError(msg("not a valid game state: {problems}", problems="; ".join(problems)))


def decode_state(data: bytes | str) -> GameState:
    """A state from :func:`encode_state`'s JSON, checked with :func:`check_state`.

    Any problem, from unreadable bytes to an impossible position, raises
    RecordError, so the rules never see a state they could not have made.
    """
    data = _utf8(data)
    try:
        state = _state_decoder.decode(data)
    except RecursionError:
        raise RecordError(
            msg("not a saved game state: the JSON is nested far too deeply")
        ) from None
    except msgspec.MsgspecError as exc:
        raise RecordError(msg("not a saved game state: {problem}", problem=str(exc))) from None
    check_state(state)
    return state
