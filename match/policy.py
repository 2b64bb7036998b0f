"""What a person at this keyboard may do and see, decided once for every screen.

A screen draws; it does not decide who may move, whether the deal may leave
the process in a file, or what the computer's wait is. Those answers follow
from the match's seats (who plays here, who elsewhere, who is the computer)
and from whether the game is over, so they live here, beside the match, as
plain functions that tests and the SSH server can ask without Textual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.message import Message, msg

if TYPE_CHECKING:
    from match.match import Match

# Why the keyboard waits, or that it does not ("here").
Turn = Literal["over", "computer", "watching", "elsewhere", "unjoined", "left", "away", "here"]

# The computer's wait before it moves, in seconds: the range a player may set.
MIN_DELAY, MAX_DELAY, DELAY_STEP = 0.0, 3.0, 0.2


def turn(match: Match) -> Turn:
    """Whose decision it is, seen from this keyboard.

    "computer" is this process's computer thinking; the other waits name why
    no one here can act: a watcher, a player whose other terminal holds their
    seat ("elsewhere"), a seat no one has taken yet, a player who has left,
    or a player at another terminal.
    """
    seat = match.to_move
    if seat is None:
        return "over"
    if match.computer_to_move:
        return "computer"
    if not match.waiting:
        return "here"
    if match.elsewhere:
        return "elsewhere"
    if match.watching:
        return "watching"
    if match.seats[seat].owner is None or seat in match.awaiting:
        return "unjoined"
    if not match.presence_live[seat]:
        return "left"
    return "away"


def move_refusal(match: Match) -> Message | None:
    """Why a person here may not choose a move now (None: they may)."""
    if match.watching:
        return match.why_watching(msg("You are watching this game: only its players move."))
    seat = match.to_move
    if seat is None or not match.waiting:
        return None
    name = match.names[seat]
    if match.where(seat) == "computer":
        return msg("Please wait: {name} (computer) is to move.", name=name)
    return msg("Please wait: it is {name}'s turn, in another terminal.", name=name)


def deal_hidden(match: Match) -> bool:
    """Whether the deal must not leave this process while the game goes on.

    A save or an exported record names everything hidden: while a person in
    another terminal plays another seat, writing one would show this seat
    what the others may not know. Once the game is over nothing is hidden.
    """
    return match.shared and not match.state.over


def may_ask_hint(match: Match) -> bool:
    """Whether the hint key means anything now: a person here is to move.

    (Whether hints are allowed at all is :attr:`Match.hints_on`; this only
    keeps the key quiet while the game is over or someone else decides.)
    """
    return not match.state.over and not match.waiting


def seat_shown_as(match: Match, seat: int) -> str:
    """How a seat's player is named on screen: "remote" for another terminal,
    "free" for a seat nobody has taken yet, else the seat's kind ("human" or
    a computer level)."""
    if match.where(seat) == "away":
        return "remote" if match.seats[seat].owner else "free"
    return match.kinds[seat]


def set_delay(match: Match, steps: int) -> float:
    """Make the computer move ``steps`` notches later (earlier if negative),
    within the range a player may set; the new wait in seconds."""
    match.delay = min(MAX_DELAY, max(MIN_DELAY, match.delay + DELAY_STEP * steps))
    return match.delay
