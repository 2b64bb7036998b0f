"""The rules of Kemet (2012; 2-5 players), as a pure Python library.

No Textual, no I/O, no global state: a game is a frozen :class:`GameState`
and every function returns a new one. The rules are ``KEMET.md`` (both board
sides, the short and long game, the beginners' game and open battle discards)::

    from engine.kemet import new_game, legal_actions, apply, outcome

    state = new_game(seed=7, players=3)
    while state.phase != "over":
        state = apply(state, legal_actions(state)[0])   # checked; never mutates
    print(outcome(state).describe(("Ann", "Bob", "Cy")))

Every decision is one step: set-up choices, each token placement, each step
of a Move, each side's secret battle commitment, each answer in a Veto
window, each Night choice. ``state.actor`` (``current_player``) names who
makes it and ``state.phase`` what kind of decision it is.

Modules: ``board`` and ``cards`` (the data tables), ``state``, ``setup``,
``actions`` and ``notation``, ``rules`` (dispatch) with ``flow``, ``day``,
``moving``, ``battle``, ``chain`` and ``choices``; ``reasons`` (why a decision
is refused), ``forces`` (a battle's numbers), ``scoring``, ``view`` (what a
seat sees; ``sample``), ``record``, ``invariants``, ``words`` and ``describe``,
and ``game`` (the contract, with ``turn`` and ``returns``).

Where KEMET.md leaves the shape of a decision open, ``DECISIONS.md`` beside
this file says what this engine does. The notation of a few decisions names a
hidden card (``actions.secret``): show other seats ``describe``'s words instead.
"""

from engine.kemet.actions import Action, IllegalAction, act
from engine.kemet.game import KEMET, KemetGame
from engine.kemet.invariants import state_problems
from engine.kemet.notation import NotationError, format_action, parse_action
from engine.kemet.record import (
    GameRecord,
    RecordError,
    decode_record,
    decode_state,
    encode_record,
    encode_state,
    load_record,
    replay,
)
from engine.kemet.rules import apply, apply_unchecked, current_player, legal_actions, why_illegal
from engine.kemet.scoring import Outcome, PlayerScore, outcome, returns, score
from engine.kemet.setup import Setup, dealt, new_game
from engine.kemet.state import NONE, GameState
from engine.kemet.view import SeatView, sample, view

__all__ = [
    "KEMET",
    "NONE",
    "Action",
    "GameRecord",
    "GameState",
    "IllegalAction",
    "KemetGame",
    "NotationError",
    "Outcome",
    "PlayerScore",
    "RecordError",
    "SeatView",
    "Setup",
    "act",
    "apply",
    "apply_unchecked",
    "current_player",
    "dealt",
    "decode_record",
    "decode_state",
    "encode_record",
    "encode_state",
    "format_action",
    "legal_actions",
    "load_record",
    "new_game",
    "outcome",
    "parse_action",
    "replay",
    "returns",
    "sample",
    "score",
    "state_problems",
    "view",
    "why_illegal",
]
