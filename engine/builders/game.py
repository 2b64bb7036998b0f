"""Builders of Egypt as the product's game contract (:class:`engine.game.Game`).

A thin adapter: every rule stays in the modules beside it; this only gives
them the shape the match layer, records and search use for any game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import msgspec

from engine import options as opts
from engine.builders.actions import Action
from engine.builders.checks import apply, step_prompt, why_illegal
from engine.builders.describe import describe
from engine.builders.invariants import state_problems
from engine.builders.notation import format_action, parse_action
from engine.builders.record import (
    FORMAT,
    GameRecord,
    RecordError,
    Setup,
    decode_state,
    encode_record,
    encode_state,
    load_record,
)
from engine.builders.rules import apply_unchecked, current_player, legal_actions
from engine.builders.scoring import outcome, score
from engine.builders.setup import dealt
from engine.builders.state import GameState
from engine.builders.view import SeatView, sample, view
from engine.game import RANDOM, SEATS_OPTION, Game, Result, TableOption, even, shares
from engine.message import Message, as_message, msg

OPTIONS = ("starter", "variant", "seed")

SEATS = TableOption(
    name=SEATS_OPTION,
    label=msg("Players"),
    values=("2", "3", "4"),
    words=tuple(msg("{count} players", count=n) for n in (2, 3, 4)),
    default="2",
)
STARTER = TableOption(
    name="starter",
    label=msg("Who starts"),
    values=(RANDOM, "0", "1", "2", "3"),
    words=(msg("Random"), *(msg("Player {number}", number=n) for n in (1, 2, 3, 4))),
    default=RANDOM,
    per_seat=True,
)
WRATH = TableOption(
    name="variant",
    # TRANSLATORS: the variant of Builders of Egypt (its rulebook's name for it).
    label=msg("Wrath of the Pharaoh"),
    values=("no", "yes"),
    words=(msg("Off"), msg("On")),
    default="no",
)


class BuildersGame:
    """Imhotep: Builders of Egypt, two to four seats."""

    kind: str = "builders"
    seat_counts: tuple[int, ...] = (2, 3, 4)
    record_format: str = FORMAT
    table_options: tuple[TableOption, ...] = (SEATS, STARTER, WRATH)

    @property
    def title(self) -> Message:
        return msg("Imhotep: Builders of Egypt")

    def deal(
        self, seats: int, rng: random.Random, options: Mapping[str, str] | None = None
    ) -> Setup:
        opts.check_seats(seats, self.seat_counts)
        given = opts.table_options(options, OPTIONS)
        variant = opts.choice(given, "variant", ("no", "yes"), "no") == "yes"
        chosen = opts.choice(given, "starter", STARTER.values_for(seats), RANDOM)
        # Unless the table chose, the seed chooses the starting seat too: the
        # rules let chance choose it.
        starter, rounds, deck = dealt(opts.seed(given, rng), seats)
        if chosen != RANDOM:
            starter = int(chosen)
        return Setup(players=seats, starter=starter, rounds=rounds, deck=deck, variant=variant)

    def seats(self, setup: Setup) -> int:
        return setup.players

    def owns_setup(self, setup: object) -> bool:
        return isinstance(setup, Setup)

    def options_of(self, setup: Setup) -> dict[str, str]:
        return {
            SEATS_OPTION: str(setup.players),
            "starter": str(setup.starter),
            "variant": "yes" if setup.variant else "no",
        }

    def encode_setup(self, setup: Setup) -> bytes:
        return msgspec.json.encode(setup)

    def decode_setup(self, data: bytes | str) -> Setup:
        try:
            setup = msgspec.json.decode(data, type=Setup)
        except (msgspec.MsgspecError, RecursionError, UnicodeDecodeError) as exc:
            raise RecordError(
                msg("the set-up is damaged ({error})", error=str(exc)[:200])
            ) from None
        setup.start()  # a set-up read back is one the game can start, or RecordError
        return setup

    def start(self, setup: Setup) -> GameState:
        return setup.start()

    def current_player(self, state: GameState) -> int:
        return current_player(state)

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        return legal_actions(state)

    def apply(self, state: GameState, action: Action) -> GameState:
        return apply(state, action)

    def apply_unchecked(self, state: GameState, action: Action) -> GameState:
        return apply_unchecked(state, action)

    def why_illegal(self, state: GameState, action: Action) -> Message | None:
        return why_illegal(state, action)

    def over(self, state: GameState) -> bool:
        return state.over

    def ply(self, state: GameState) -> int:
        return state.ply

    def turn(self, state: GameState) -> int:
        # ``turn`` is the seat whose turn it is, which passes to the next seat
        # at every turn's end; a market pick by another seat keeps it.
        return state.turn

    def undo_stop(self) -> Message:
        return msg("Undo stops where a round card or market cards came to light.")

    def reveals_hidden(self, before: GameState, after: GameState) -> bool:
        # Only a round's end turns anything up: the next round card and the
        # market cards drawn from the deck (BUILDERS.md section 4.3).
        return after.round != before.round or len(after.deck) != len(before.deck)

    def view(self, state: GameState, seat: int) -> SeatView:
        return view(state, seat)

    def sample(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        return sample(state, seat, rng)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def describe(self, before: GameState, action: Action, names: Sequence[str]) -> Message:
        return describe(before, action, names)

    def prompt(self, state: GameState) -> Message:
        return step_prompt(state)

    def totals(self, state: GameState) -> tuple[int, ...]:
        return tuple(player.total for player in score(state))

    def result(self, state: GameState, names: Sequence[str]) -> Result | None:
        ended = outcome(state)
        if ended is None:
            return None
        return Result(
            winners=ended.winners,
            totals=tuple(player.total for player in ended.scores),
            says=ended.describe(tuple(names)),
        )

    def returns(self, state: GameState) -> tuple[float, ...]:
        ended = outcome(state)
        if ended is None:
            return even(state.players)
        return shares(ended.winners, state.players)

    def encode_record(self, setup: Setup, actions: Sequence[Action]) -> bytes:
        return encode_record(GameRecord(setup=setup, actions=tuple(map(format_action, actions))))

    def load_record(self, data: bytes | str) -> tuple[Setup, list[GameState], list[Action]]:
        record, states = load_record(data)
        # load_record has replayed every action, so none can fail to parse here.
        return record.setup, states, [parse_action(text) for text in record.actions]

    def encode_state(self, state: GameState) -> bytes:
        return encode_state(state)

    def decode_state(self, data: bytes | str) -> GameState:
        return decode_state(data)

    def state_problems(self, state: GameState) -> list[Message]:
        return [as_message(problem) for problem in state_problems(state)]


BUILDERS = BuildersGame()
# mypy checks here that the adapter keeps the contract exactly.
_check: Game[GameState, Action, Setup] = BUILDERS

__all__ = ["BUILDERS", "OPTIONS", "BuildersGame"]
