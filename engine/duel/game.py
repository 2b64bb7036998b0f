"""The Duel as the product's game contract (:class:`engine.game.Game`).

A thin adapter: every rule stays in the modules beside it; this only gives
them the shape the match layer, records and search use for any game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import msgspec

from engine import options as opts
from engine.duel.actions import Action
from engine.duel.checks import apply, step_prompt, why_illegal
from engine.duel.describe import describe
from engine.duel.invariants import state_problems
from engine.duel.notation import format_action, parse_action
from engine.duel.record import (
    FORMAT,
    GameRecord,
    RecordError,
    Setup,
    decode_state,
    encode_record,
    encode_state,
    load_record,
)
from engine.duel.rules import apply_unchecked, current_player, legal_actions, reveals_hidden
from engine.duel.scoring import outcome, score
from engine.duel.state import RULES, GameState, Sides
from engine.duel.view import SeatView, sample, view
from engine.game import RANDOM, Game, Result, TableOption, even, shares
from engine.message import Message, as_message, msg

OPTIONS = ("sides", "rules", "starter", "seed")

# The monuments' sides, obelisk, temple, pyramids, chamber: the two plain
# sets first (the first game's and the experts'), a random mix, then every mix.
_MIXES = tuple(f"{a}{b}{c}{d}" for a in "AB" for b in "AB" for c in "AB" for d in "AB")
SIDES_OPTION = TableOption(
    name="sides",
    label=msg("Sides"),
    values=("AAAA", "BBBB", RANDOM, *(m for m in _MIXES if m not in ("AAAA", "BBBB"))),
    words=(
        msg("All A sides (first game)"),
        msg("All B sides"),
        msg("A random mix"),
        *(
            # TRANSLATORS: one mix of the monuments' sides, as four letters in
            # the order obelisk, temple, pyramids, burial chamber ("ABBA").
            msg("The sides {sides}", sides=m)
            for m in _MIXES
            if m not in ("AAAA", "BBBB")
        ),
    ),
    default="AAAA",
)
STARTER_OPTION = TableOption(
    name="starter",
    label=msg("Who starts"),
    values=(RANDOM, "0", "1"),
    words=(msg("Random"), msg("Player 1"), msg("Player 2")),
    default=RANDOM,
    per_seat=True,
)
RULES_OPTION = TableOption(
    name="rules",
    label=msg("Rules"),
    values=RULES,
    # TRANSLATORS: "Online" names the rules of the online version (Yucata.de).
    words=(msg("Classic"), msg("Online")),
    default="classic",
)


def starter_of(seed: int) -> int:
    """Who starts a game dealt from ``seed`` when nobody chose: a draw derived from the seed.

    Derived rather than drawn apart, so that a game set up again from its seed
    starts the same (and the online rules always draw, RULES.md section 11).
    """
    return random.Random(f"starter-{seed}").randrange(2)


class DuelGame:
    """Imhotep: The Duel, two seats."""

    kind: str = "duel"
    seat_counts: tuple[int, ...] = (2,)
    record_format: str = FORMAT
    table_options: tuple[TableOption, ...] = (SIDES_OPTION, STARTER_OPTION, RULES_OPTION)

    @property
    def title(self) -> Message:
        return msg("Imhotep: The Duel")

    def deal(
        self, seats: int, rng: random.Random, options: Mapping[str, str] | None = None
    ) -> Setup:
        opts.check_seats(seats, self.seat_counts)
        given = opts.table_options(options, OPTIONS)
        if given.get("sides") == "random":
            # A random mix of the monuments' sides, drawn like the rest of the deal.
            given = {**given, "sides": "".join(rng.choice("AB") for _ in range(4))}
        try:
            sides = str(Sides.parse(given.get("sides", "AAAA")))
        except ValueError as exc:
            raise opts.OptionError(
                msg("the table option sides: {problem}", problem=exc.args[0])
            ) from None
        rules = opts.choice(given, "rules", RULES, "classic")
        chosen = (
            opts.choice(given, "starter", ("0", "1", RANDOM), "0") if "starter" in given else ""
        )
        chosen = "" if chosen == RANDOM else chosen
        if chosen and rules == "online":
            raise opts.OptionError(msg("the online rules draw who starts: leave out the starter"))
        seed = opts.seed(given, rng)
        starter = int(chosen) if chosen else starter_of(seed)
        return Setup(
            seed=seed,
            sides=sides,
            starter=starter,
            rules="online" if rules == "online" else "classic",
        )

    def seats(self, setup: Setup) -> int:
        return 2

    def owns_setup(self, setup: object) -> bool:
        return isinstance(setup, Setup)

    def options_of(self, setup: Setup) -> dict[str, str]:
        return {"sides": setup.sides, "starter": str(setup.starter), "rules": setup.rules}

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
        # The players take turns strictly one after the other, and every step
        # of an action token is its player's: whose turn it is changes exactly
        # when a turn begins.
        return state.turn

    def reveals_hidden(self, before: GameState, after: GameState) -> bool:
        return reveals_hidden(before, after)

    def undo_stop(self) -> Message:
        return msg("Undo stops where a face-down token came to light (a refill or the reserve).")

    def view(self, state: GameState, seat: int) -> SeatView:
        return view(state, seat)

    def sample(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        return sample(state, seat, rng)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def describe(self, before: GameState, action: Action, names: Sequence[str]) -> Message:
        return describe(before, action, (names[0], names[1]))

    def prompt(self, state: GameState) -> Message:
        return step_prompt(state)

    def totals(self, state: GameState) -> tuple[int, ...]:
        return tuple(player.total for player in score(state))

    def result(self, state: GameState, names: Sequence[str]) -> Result | None:
        ended = outcome(state)
        if ended is None:
            return None
        return Result(
            winners=(ended.winner,),
            totals=tuple(player.total for player in ended.scores),
            says=ended.describe((names[0], names[1])),
        )

    def returns(self, state: GameState) -> tuple[float, ...]:
        ended = outcome(state)
        if ended is None:
            return even(2)
        # The Duel always has one winner: equal totals go to the non-starter.
        return shares((ended.winner,), 2)

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


DUEL = DuelGame()
# mypy checks here that the adapter keeps the contract exactly.
_check: Game[GameState, Action, Setup] = DUEL

__all__ = ["DUEL", "OPTIONS", "DuelGame", "starter_of"]
