"""The rules of Imhotep: Builders of Egypt (2-4 players), as a pure Python library.

No Textual, no I/O, no global state: a game is a frozen :class:`GameState`
and every function returns a new one. The API has the shape of the Duel's
engine (:mod:`engine`), so the match layer, records, computer players and
tests drive both games alike::

    from engine.builders import new_game, legal_actions, apply, outcome

    state = new_game(seed=7, players=3, variant=True)
    while not state.over:
        state = apply(state, legal_actions(state)[0])   # checked; never mutates
    print(outcome(state).describe(("Ann", "Bob", "Cy")))

The rules are ``BUILDERS.md`` (A sides and the Wrath of the Pharaoh variant).

Public API
----------
``new_game(seed=None, *, players=2, starter=None, rounds=None, deck=None, variant=False)``
    Deal from a seed, or give the explicit set-up of section 2 (starting seat,
    the six round cards in order, the deck as the 34 card ids top first).
    :class:`Setup` holds the same values for records.
``current_player(state)``
    Whose decision it is: at the market the owner of the stone being unloaded;
    during a Lever's unload the card's player; else the player whose turn it
    is; -1 once the game is over. ``step_prompt(state)`` says it in words.
``legal_actions(state)``
    Every legal single decision; ``[Pass()]`` only when nothing else is legal;
    ``[]`` once the game is over.
``apply(state, action)`` / ``apply_unchecked`` / ``why_illegal``
    The checked step raises :class:`IllegalAction` (a ValueError) whose
    ``reason`` is a :class:`~engine.message.Message`; the unchecked one trusts
    an action from ``legal_actions``.
Notation
    ``str(action)`` and ``parse_action(text)`` round-trip (see
    :mod:`engine.builders.notation`).
``score(state)`` / ``outcome(state)``
    Each player's :class:`PlayerScore` as if the game ended now, by site and
    card colour; the :class:`Outcome` with the tie-break (stones on the sled,
    else a shared victory).
``preview_sail(state, ship, site)``
    A :class:`SailPreview`: each stone's way, in order, points at once, the
    cards the market offers, scores before and after.
``view(state, seat)``
    A :class:`SeatView`: all but the deck order and the round cards to come.
Records and states
    :class:`GameRecord` with ``encode_record``/``decode_record``/``replay``;
    ``encode_state``/``decode_state`` (compact JSON, versioned). Decoding
    checks every invariant of section 13 and raises only :class:`RecordError`.
"""

from engine.builders.actions import (
    ALL_ACTIONS,
    Action,
    Get,
    IllegalAction,
    Pass,
    Place,
    Play,
    Sail,
    Take,
    Unload,
)
from engine.builders.checks import apply, apply_all, step_prompt, why_illegal
from engine.builders.invariants import state_problems
from engine.builders.notation import NotationError, format_action, parse_action
from engine.builders.preview import Delivery, SailPreview, preview_sail
from engine.builders.record import (
    FORMAT,
    VERSION,
    GameRecord,
    RecordError,
    Setup,
    check_state,
    decode_record,
    decode_state,
    encode_record,
    encode_state,
    load_record,
    replay,
)
from engine.builders.rules import apply_unchecked, current_player, legal_actions
from engine.builders.scoring import Outcome, PlayerScore, outcome, score
from engine.builders.setup import new_game
from engine.builders.sites import CHAMBER, MARKET, OBELISKS, PYRAMID, SITE_LETTERS, TEMPLE
from engine.builders.state import EMPTY, NO_PLAYER, GameState
from engine.builders.view import SeatView, view

__all__ = [
    "ALL_ACTIONS",
    "CHAMBER",
    "EMPTY",
    "FORMAT",
    "MARKET",
    "NO_PLAYER",
    "OBELISKS",
    "PYRAMID",
    "SITE_LETTERS",
    "TEMPLE",
    "VERSION",
    "Action",
    "Delivery",
    "GameRecord",
    "GameState",
    "Get",
    "IllegalAction",
    "NotationError",
    "Outcome",
    "Pass",
    "Place",
    "Play",
    "PlayerScore",
    "RecordError",
    "Sail",
    "SailPreview",
    "SeatView",
    "Setup",
    "Take",
    "Unload",
    "apply",
    "apply_all",
    "apply_unchecked",
    "check_state",
    "current_player",
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
    "preview_sail",
    "replay",
    "score",
    "state_problems",
    "step_prompt",
    "view",
    "why_illegal",
]
