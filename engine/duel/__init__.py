"""The rules of Imhotep: The Duel, as a pure Python library.

No Textual, no I/O, no global state: a game is a frozen :class:`GameState`
value and every function returns a new one. The UI, the computer player, the
tests and replays all drive a game the same way::

    from engine.duel import new_game, legal_actions, apply, current_player, outcome

    state = new_game(seed=7, sides="ABAB", starter=0)
    while not state.over:
        action = legal_actions(state)[0]      # a turn is a sequence of steps
        state = apply(state, action)          # checked; never mutates `state`
    print(outcome(state).describe())

Public API
----------
``new_game(seed=None, *, deck=None, sides="AAAA", starter=0, rules="classic")``
    Deal a game from a seed or an explicit 60-token deck (RULES.md section 3).
    ``rules="online"`` plays the online rules of RULES.md section 11: boats
    unloaded during a turn stay empty (``state.emptied``) until the turn ends,
    and are then refilled row boats first, top to bottom, then column boats
    left to right. **Ruling:** a boat the empty supply can never refill leaves
    at once, as in the classic rules, so the game still ends the moment one
    boat is left. Who starts is the caller's choice under both rules (the
    online rules draw it; the set-up records the result).
``legal_actions(state)``
    Every legal single step for the current player, including the steps of an
    action token in progress; ``[Pass()]`` when nothing else is legal; ``[]``
    once the game is over.
``apply(state, action)``
    The next state. Raises :class:`IllegalAction` (a ``ValueError``) with a
    reason a player can read. ``apply_unchecked`` skips the check for callers
    that took the action from ``legal_actions``.
``why_illegal(state, action)``
    The reason ``apply`` would give, or None.
Words for players
    Reasons, ``step_prompt``, ``describe``, the score explanations of
    :mod:`engine.duel.explain` and ``Outcome.describe`` return a :class:`Message`:
    a ``str`` in English that a caller can word in another language with
    ``message.render(translator)`` (any gettext catalog); see
    :mod:`engine.message`. The engine holds no language of its own.
``current_player(state)``
    0 or 1, or -1 when the game is over. ``step_prompt(state)`` says in words
    what that player must do now.
``score(state)``
    Each player's :class:`PlayerScore`: every monument, unplayed action tokens,
    meeples on the grid, total. Valid mid-game as a live preview.
``preview_unload(state, boat)``
    An :class:`UnloadPreview`: who would take which token, what would go to
    the box, both players' points before and after; never the face-down refill.
``countdown(state)``
    A :class:`Countdown`: boats in play, refills left, and how many unloads
    are left before the game ends (it ends when ``BOATS_AT_END`` boat is left).
``outcome(state)``
    None until the end; then an :class:`Outcome`: winner and reason ("points",
    or "tie" when the player who did not start wins on equal totals).
Notation
    ``str(action)`` and ``parse_action(text)`` round-trip; see
    :mod:`engine.duel.notation`.
Records
    :class:`GameRecord` (set-up plus actions) with ``encode_record``,
    ``decode_record``, ``replay`` and ``load_record``; errors are
    :class:`RecordError`.
States
    ``encode_state(state)`` gives compact JSON; ``decode_state(data)`` reads it
    back and raises only :class:`RecordError`, for unreadable data and for any
    state that breaks the engine's invariants. ``check_state(state)`` runs that
    check alone (raising :class:`RecordError`), and ``state_problems(state)``
    lists what is wrong in words, empty for a sound state: all 60 tokens
    accounted for, the grid and boats shaped as dealt, each player's meeples
    on the grid plus in supply as many as the set-up gives, held tokens valid
    for their monuments, an action token's step consistent with the token and
    its player, ``over`` exactly when one boat is left (see
    :mod:`engine.duel.invariants`).
"""

from engine.duel.actions import (
    ALL_ACTIONS,
    Action,
    IllegalAction,
    Pass,
    Place,
    Play,
    Stop,
    Swap,
    Take,
    Unload,
)
from engine.duel.checks import apply, apply_all, step_prompt, why_illegal
from engine.duel.describe import describe
from engine.duel.invariants import state_problems
from engine.duel.notation import NotationError, format_action, parse_action, parse_token
from engine.duel.preview import Countdown, Gift, UnloadPreview, countdown, preview_unload
from engine.duel.record import (
    FORMAT,
    READABLE_VERSIONS,
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
from engine.duel.rules import (
    BOATS_AT_END,
    apply_unchecked,
    boats_in_play,
    current_player,
    enabling_cells,
    hand_out,
    handout,
    leaving_boats,
    legal_actions,
    new_game,
    reveals_hidden,
    shuffled_deck,
    supply_after_unload,
    unload_ends_game,
    unloadable_boats,
)
from engine.duel.scoring import Outcome, PlayerScore, outcome, score
from engine.duel.state import NO_PLAYER, RULES, GameState, Pending, Player, Rules, Sides
from engine.message import Message

__all__ = [
    "ALL_ACTIONS",
    "BOATS_AT_END",
    "FORMAT",
    "NO_PLAYER",
    "READABLE_VERSIONS",
    "RULES",
    "VERSION",
    "Action",
    "Countdown",
    "GameRecord",
    "GameState",
    "Gift",
    "IllegalAction",
    "Message",
    "NotationError",
    "Outcome",
    "Pass",
    "Pending",
    "Place",
    "Play",
    "Player",
    "PlayerScore",
    "RecordError",
    "Rules",
    "Setup",
    "Sides",
    "Stop",
    "Swap",
    "Take",
    "Unload",
    "UnloadPreview",
    "apply",
    "apply_all",
    "apply_unchecked",
    "boats_in_play",
    "check_state",
    "countdown",
    "current_player",
    "decode_record",
    "decode_state",
    "describe",
    "enabling_cells",
    "encode_record",
    "encode_state",
    "format_action",
    "hand_out",
    "handout",
    "leaving_boats",
    "legal_actions",
    "load_record",
    "new_game",
    "outcome",
    "parse_action",
    "parse_token",
    "preview_unload",
    "replay",
    "reveals_hidden",
    "score",
    "shuffled_deck",
    "state_problems",
    "step_prompt",
    "supply_after_unload",
    "unload_ends_game",
    "unloadable_boats",
    "why_illegal",
]
