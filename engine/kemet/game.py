"""Kemet as the product's game contract (:class:`engine.game.Game`).

A thin adapter: the rules stay in the modules beside it. Beyond the contract
it offers :meth:`KemetGame.turn` and :meth:`KemetGame.returns`, which the rest
of the team is adding to it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine import options as opts
from engine.game import SEATS_OPTION, Game, Result, TableOption
from engine.kemet.actions import Action
from engine.kemet.describe import describe, prompt
from engine.kemet.invariants import state_problems
from engine.kemet.notation import format_action, parse_action
from engine.kemet.record import (
    FORMAT,
    decode_setup,
    decode_state,
    encode_record,
    encode_setup,
    encode_state,
    load_record,
    start_setup,
)
from engine.kemet.rules import apply, apply_unchecked, current_player, legal_actions, why_illegal
from engine.kemet.scoring import outcome, returns, score
from engine.kemet.setup import LONG, SHORT, Setup, dealt
from engine.kemet.state import GameState
from engine.kemet.view import SeatView, sample, view
from engine.message import Message, as_message, msg

OPTIONS = (SEATS_OPTION, "length", "beginners", "discards", "seed")

# The table options as the new-game form, the host dialog and the command
# line offer them (engine.game.TableOption); deal() reads the same names.
SEATS = TableOption(
    name=SEATS_OPTION,
    label=msg("Players"),
    values=("2", "3", "4", "5"),
    words=tuple(msg("{count} players", count=n) for n in (2, 3, 4, 5)),
    default="2",
)
LENGTH = TableOption(
    name="length",
    label=msg("Game length"),
    values=("short", "long"),
    words=(msg("Short game (8 victory points)"), msg("Long game (10 victory points)")),
    default="short",
)
BEGINNERS = TableOption(
    name="beginners",
    label=msg("Beginners' game"),
    values=("no", "yes"),
    words=(msg("Off"), msg("On")),
    default="no",
)
DISCARDS = TableOption(
    name="discards",
    label=msg("Discarded battle cards"),
    values=("hidden", "open"),
    words=(msg("Face down"), msg("Face up")),
    default="hidden",
)


class KemetGame:
    """Kemet, two to five seats."""

    kind: str = "kemet"
    seat_counts: tuple[int, ...] = (2, 3, 4, 5)
    record_format: str = FORMAT
    table_options: tuple[TableOption, ...] = (SEATS, LENGTH, BEGINNERS, DISCARDS)

    @property
    def title(self) -> Message:
        return msg("Kemet")

    def deal(
        self, seats: int, rng: random.Random, options: Mapping[str, str] | None = None
    ) -> Setup:
        opts.check_seats(seats, self.seat_counts)
        given = opts.table_options(options, OPTIONS)
        beginners = opts.choice(given, "beginners", ("no", "yes"), "no") == "yes"
        length = opts.choice(given, "length", ("short", "long"), "short")
        if beginners and length == "long":
            raise opts.OptionError(msg("the beginners' game cannot be the long game"))
        discards = opts.choice(given, "discards", ("hidden", "open"), "hidden")
        return dealt(
            opts.seed(given, rng),
            seats,
            length=LONG if length == "long" else SHORT,
            beginners=beginners,
            open_discards=discards == "open",
        )

    def seats(self, setup: Setup) -> int:
        return setup.players

    def owns_setup(self, setup: object) -> bool:
        return isinstance(setup, Setup)

    def options_of(self, setup: Setup) -> dict[str, str]:
        return {
            SEATS_OPTION: str(setup.players),
            "length": "long" if setup.length == LONG else "short",
            "beginners": "yes" if setup.beginners else "no",
            "discards": "open" if setup.open_discards else "hidden",
        }

    def undo_stop(self) -> Message:
        return msg("Undo stops where a card came to light or a battle choice was revealed.")

    def encode_setup(self, setup: Setup) -> bytes:
        return encode_setup(setup)

    def decode_setup(self, data: bytes | str) -> Setup:
        return decode_setup(data)

    def start(self, setup: Setup) -> GameState:
        return start_setup(setup)

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
        return state.phase == "over"

    def ply(self, state: GameState) -> int:
        return state.ply

    def turn(self, state: GameState) -> int:
        """A number that changes exactly when a new player's turn (or set-up or
        Night decision) begins; the steps, battles and reactions inside it keep it."""
        return state.turn_no

    def returns(self, state: GameState) -> tuple[float, ...]:
        """1.0 for the winner at the end, else 0; before it, each seat's share of all VP."""
        return returns(state)

    def reveals_hidden(self, before: GameState, after: GameState) -> bool:
        # Cards drawn or shuffled, a battle's reveal, or a commitment that a
        # Prescience holder may now look at: undo may not cross these.
        revealed = after.battle is not None and after.battle.revealed
        was = before.battle is not None and before.battle.revealed
        return (
            before.di_deck != after.di_deck
            or before.shuffles != after.shuffles
            or (revealed and not was)
            or (before.phase == "commit" and after.phase == "commit")
        )

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
        return prompt(state)

    def totals(self, state: GameState) -> tuple[int, ...]:
        return tuple(player.total for player in score(state))

    def result(self, state: GameState, names: Sequence[str]) -> Result | None:
        ended = outcome(state)
        if ended is None:
            return None
        return Result(
            winners=(ended.winner,),
            totals=tuple(player.total for player in ended.scores),
            says=ended.describe(tuple(names)),
        )

    def encode_record(self, setup: Setup, actions: Sequence[Action]) -> bytes:
        return encode_record(setup, list(actions))

    def load_record(self, data: bytes | str) -> tuple[Setup, list[GameState], list[Action]]:
        return load_record(data)

    def encode_state(self, state: GameState) -> bytes:
        return encode_state(state)

    def decode_state(self, data: bytes | str) -> GameState:
        return decode_state(data)

    def state_problems(self, state: GameState) -> list[Message]:
        return [as_message(problem) for problem in state_problems(state)]


KEMET = KemetGame()
# mypy checks here that the adapter keeps the contract exactly.
_check: Game[GameState, Action, Setup] = KEMET

__all__ = ["KEMET", "OPTIONS", "KemetGame"]
