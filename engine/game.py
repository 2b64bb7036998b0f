"""What a game gives the rest of the product: the contract every game keeps.

The match layer, its history and records, the store, the lobby, the server and
the computer's search know a game only through :class:`Game`; nothing outside
a game's own packages (``engine/<kind>``, ``ai/<kind>``, ``tui/<kind>``)
imports its types. Each game module exposes one object that keeps the
contract, and :mod:`engine.games` lists them by kind.

The shape is OpenSpiel's uniform state interface over our frozen states: a
game is driven by ``current_player``/``legal_actions``/``apply`` whatever it
is, a decision in the middle of a turn is just more state, and a record is
the set-up plus the actions in notation (replayed through the checked path).

Errors keep one shape across games: ``apply`` raises a ``ValueError`` whose
``reason`` attribute is a :class:`~engine.message.Message` a player can read;
``parse_action`` raises a ``ValueError`` for bad notation; every problem with
a set-up, record or state raises :class:`RecordError`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import msgspec

from engine.message import Message, as_message

State = TypeVar("State")
Action = TypeVar("Action")
SetupT = TypeVar("SetupT")


class RecordError(ValueError):
    """A set-up, record or saved state that cannot be read; ``reason`` says why.

    Each game's own ``RecordError`` derives from this one, so code that holds
    a game only through :class:`Game` can catch every game's record errors,
    and raise one too (History does, for a move or cursor at fault).
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason: Message = as_message(reason)


class Result(msgspec.Struct, frozen=True, kw_only=True):
    """How a finished game ended, in terms every game shares.

    ``winners`` is one seat, or several sharing a victory; ``totals`` is each
    seat's final score; ``says`` is who won and why, worded with the seats'
    names by :meth:`Game.result`.
    """

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    says: Message


# The option that is the number of seats rather than an option of ``Game.deal``.
SEATS_OPTION = "seats"
# The value of a seat-numbered option that leaves the choice to chance.
RANDOM = "random"


@dataclass(frozen=True)
class TableOption:
    """One choice made when a table is set up, as data (OpenSpiel's parameter
    specification, with words for players).

    ``values`` are the texts ``Game.deal`` accepts for it (the option named
    :data:`SEATS_OPTION` is the seat count, given to ``deal`` as ``seats``);
    ``words`` words each value for players, in the same order. With
    ``per_seat`` the values other than :data:`RANDOM` are seat numbers from
    "0" and only those below the table's seat count apply (the starter).
    The new-game form, the lobby's host dialog and the command line are all
    built from these, never written per game.
    """

    name: str
    label: Message
    values: tuple[str, ...]
    words: tuple[Message, ...]
    default: str
    per_seat: bool = False

    def values_for(self, seats: int) -> tuple[str, ...]:
        """The values that apply at a table of ``seats``."""
        if not self.per_seat:
            return self.values
        return tuple(v for v in self.values if v == RANDOM or (v.isdigit() and int(v) < seats))

    def word(self, value: str) -> Message | None:
        """The words for ``value``, or None for a value the option does not have."""
        try:
            return self.words[self.values.index(value)]
        except ValueError:
            return None


class Game(Protocol[State, Action, SetupT]):
    """One game's rules, as the rest of the product uses them.

    Every method is pure: no I/O, no global state, and a state is never
    changed in place.
    """

    #: The key of the game in records, the store and the command line.
    kind: str
    #: The seat counts the game can be set up for, smallest first.
    seat_counts: tuple[int, ...]
    #: The ``format`` field of the game's own records (``encode_record``):
    #: a file says by it which game it holds.
    record_format: str
    #: The choices of a table, in the order a form shows them (see
    #: :class:`TableOption`); the seed is left out, being no choice of players.
    table_options: tuple[TableOption, ...]

    @property
    def title(self) -> Message:
        """The game's name for players ("Imhotep: The Duel")."""
        ...

    # Setting up ----------------------------------------------------------

    def deal(
        self, seats: int, rng: random.Random, options: Mapping[str, str] | None = None
    ) -> SetupT:
        """A new game's set-up, with every chance decided by ``rng``.

        ``options`` are the game's table options (the Duel's monument sides and
        rules); an unknown option or value raises :class:`RecordError`. Who
        starts is drawn here when the rules say it is drawn.
        """
        ...

    def seats(self, setup: SetupT) -> int:
        """How many seats ``setup`` is for."""
        ...

    def owns_setup(self, setup: object) -> bool:
        """Whether ``setup`` is a set-up of this game (the match layer finds
        the rules of a set-up it is handed by asking each game)."""
        ...

    def options_of(self, setup: SetupT) -> dict[str, str]:
        """The table options ``setup`` was dealt with, as :attr:`table_options`
        name them (a random choice as it fell), for a lobby to show."""
        ...

    def encode_setup(self, setup: SetupT) -> bytes:
        """``setup`` as compact JSON (the store and records keep this)."""
        ...

    def decode_setup(self, data: bytes | str) -> SetupT:
        """The set-up in ``data``; raises :class:`RecordError`."""
        ...

    def start(self, setup: SetupT) -> State:
        """The first state of ``setup``; raises :class:`RecordError` if it is invalid."""
        ...

    # Playing -------------------------------------------------------------

    def current_player(self, state: State) -> int:
        """The seat that decides now, or -1 once the game is over."""
        ...

    def legal_actions(self, state: State) -> Sequence[Action]:
        """Every legal decision now; empty once the game is over."""
        ...

    def apply(self, state: State, action: Action) -> State:
        """The next state; raises a ValueError whose ``reason`` a player can read."""
        ...

    def apply_unchecked(self, state: State, action: Action) -> State:
        """The next state, for an action taken from :meth:`legal_actions`."""
        ...

    def why_illegal(self, state: State, action: Action) -> Message | None:
        """The reason :meth:`apply` would give, or None when the action is legal."""
        ...

    def over(self, state: State) -> bool:
        """Whether the game has ended."""
        ...

    def ply(self, state: State) -> int:
        """How many decisions led to ``state``."""
        ...

    def turn(self, state: State) -> int:
        """A number that is the same for every state of one turn and changes
        exactly when a new turn begins.

        A turn is not "who decides now": a decision of another seat inside
        someone's turn (Builders' market pick during another's sail) belongs
        to that turn. The log tells a turn as one entry and undo goes back by
        turns with it.
        """
        ...

    def reveals_hidden(self, before: State, after: State) -> bool:
        """Whether going from ``before`` to ``after`` showed what was hidden.

        Undo may not go back past such a step in a game between people.
        """
        ...

    def undo_stop(self) -> Message:
        """Why undo stops where it does, in the game's own words (one
        sentence: what came to light that undo may not take back)."""
        ...

    def view(self, state: State, seat: int) -> object:
        """What ``seat`` may see of ``state`` (a value of the game's own)."""
        ...

    def sample(self, state: State, seat: int, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from ``state``, its hidden parts dealt afresh by ``rng``.

        ``view(sample(state, seat, rng), seat) == view(state, seat)``; what is
        hidden is shuffled among the values that fit what ``seat`` sees, and
        nothing of its real order is read. Search plays on such samples
        (information-set MCTS), never on the real state.
        """
        ...

    # Notation and words ----------------------------------------------------

    def format_action(self, action: Action) -> str:
        """The action's short text form; :meth:`parse_action` reads it back."""
        ...

    def parse_action(self, text: str) -> Action:
        """The action written as ``text``; raises a ValueError for bad notation."""
        ...

    def describe(self, before: State, action: Action, names: Sequence[str]) -> Message:
        """One sentence for the log: what ``action`` does when taken in ``before``."""
        ...

    def prompt(self, state: State) -> Message:
        """What the seat to move must decide now, in words."""
        ...

    # Scores and the end ------------------------------------------------------

    def totals(self, state: State) -> tuple[int, ...]:
        """Each seat's score as if the game ended now."""
        ...

    def result(self, state: State, names: Sequence[str]) -> Result | None:
        """None until the game is over; then who won and why."""
        ...

    def returns(self, state: State) -> tuple[float, ...]:
        """Each seat's reward as a number, for search (OpenSpiel's ``returns``).

        Once the game is over: 1.0 for a sole winner, a victory shared among
        several winners split equally between them, 0.0 for everyone else; the
        rewards always add up to 1. Before the end every seat gets the same
        share, ``1 / seats``: the rules alone know nothing better, and a
        search that wants an estimate of the game so far brings its own.
        """
        ...

    # Records and states ------------------------------------------------------

    def encode_record(self, setup: SetupT, actions: Sequence[Action]) -> bytes:
        """The game as readable JSON: the set-up and the actions in notation."""
        ...

    def load_record(self, data: bytes | str) -> tuple[SetupT, list[State], list[Action]]:
        """Replay a record through the checked path; raises :class:`RecordError`."""
        ...

    def encode_state(self, state: State) -> bytes:
        """One state as compact JSON."""
        ...

    def decode_state(self, data: bytes | str) -> State:
        """A state read back and checked against the invariants; :class:`RecordError`."""
        ...

    def state_problems(self, state: State) -> list[Message]:
        """What is wrong with ``state`` in words; empty for a sound state."""
        ...


def shares(winners: Sequence[int], seats: int) -> tuple[float, ...]:
    """Rewards for a finished game: the victory split among ``winners``."""
    share = 1.0 / len(winners)
    rewards = [0.0] * seats
    for winner in winners:
        rewards[winner] = share
    return tuple(rewards)


def even(seats: int) -> tuple[float, ...]:
    """Rewards before the end: every seat the same share."""
    return (1.0 / seats,) * seats


# A game whose state, action and set-up types the holder does not know.
AnyGame = Game[Any, Any, Any]
