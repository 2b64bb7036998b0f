"""The complete state of a game, as frozen msgspec Structs.

Everything the rules need lives here and nowhere else: a state is a value. The
engine never mutates one; :func:`engine.apply` returns a new state, so the
previous state is its own undo snapshot and the same set-up and actions always
encode to the same bytes.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.message import msg

Side = Literal["A", "B"]

# Which step of an action token is in progress (see RULES.md section 4.3).
#   take          Take 1 token: choose the boat slot to take from.
#   place         a required meeple placement (Place 2-3, Place 1 and unload).
#   place_more    Place 2-3: an optional third placement, or stop.
#   unload        a required unload (Place 1 and unload, Swap and unload).
#   unload_more   Place 1 and unload: an optional second unload, or stop.
#   swap          Swap and unload: choose two slots of one boat.
Step = Literal["take", "place", "place_more", "unload", "unload_more", "swap"]

# Which rules the game is played by (see engine.duel.rules): "classic" as printed,
# or "online" as Yucata.de plays them (RULES.md section 11): boats unloaded
# during a turn wait, empty, until the turn ends, and are then refilled row
# boats top to bottom, then column boats left to right.
Rules = Literal["classic", "online"]
RULES: tuple[Rules, ...] = ("classic", "online")

NO_PLAYER = -1


class Sides(msgspec.Struct, frozen=True, kw_only=True):
    """Which side of each monument both players use."""

    obelisk: Side = "A"
    temple: Side = "A"
    pyramids: Side = "A"
    chamber: Side = "A"

    @classmethod
    def parse(cls, text: str) -> Sides:
        """Sides from four letters in the order obelisk, temple, pyramids, chamber."""
        letters = text.strip().upper()
        if len(letters) != 4 or any(c not in "AB" for c in letters):
            raise ValueError(
                msg(
                    "sides must be four letters A or B (obelisk, temple, pyramids, "
                    "burial chamber), not {text}",
                    text=repr(text),
                )
            )
        o, t, p, c = (letters[i] for i in range(4))
        return cls(obelisk=o, temple=t, pyramids=p, chamber=c)  # type: ignore[arg-type]

    def __str__(self) -> str:
        return self.obelisk + self.temple + self.pyramids + self.chamber


class Player(msgspec.Struct, frozen=True, kw_only=True):
    """One player's meeples, monuments and held action tokens."""

    meeples: int = 4  # in the player's supply, not on the grid
    obelisks: int = 0
    temples: tuple[int, ...] = ()  # circle values, in the order gained
    light: int = 0  # light pyramid tokens
    dark: int = 0  # dark pyramid tokens
    chambers: tuple[int, ...] = ()  # burial chamber numbers, ascending
    actions: tuple[str, ...] = ()  # held action token codes, in the order gained


class Pending(msgspec.Struct, frozen=True, kw_only=True):
    """An action token whose play is under way."""

    token: str  # the action token's code
    step: Step
    placed: int = 0  # meeples placed so far by this token


# Not tracked by the garbage collector: a state holds only immutable values,
# so it can never be part of a reference cycle, and search builds millions.
class GameState(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Everything about a game at one moment.

    Hidden information is part of the state (the order of ``supply`` and
    ``reserve``); code that plays for a player must not read it.
    """

    sides: Sides
    supply: tuple[str, ...]  # face down; index 0 is the top
    reserve: tuple[str, ...]  # face down; index 0 is the top
    # Six boats (row boats 1-3, then column boats 1-3); each holds its slots
    # 1, 2, 3 in that order, or is None once removed from the game.
    boats: tuple[tuple[str, str, str] | None, ...]
    # Nine cells, row-major: 0 or 1 for a player's meeple, NO_PLAYER if empty.
    grid: tuple[int, ...]
    players: tuple[Player, Player]
    box: tuple[str, ...] = ()  # tokens out of the game, in the order they left
    starter: int = 0  # who took the first turn
    turn: int = 0  # whose decision it is
    first_to_five: int = NO_PLAYER  # first player to hold five obelisks
    pending: Pending | None = None
    over: bool = False
    ply: int = 0  # actions applied so far
    rules: Rules = "classic"
    # Online rules only: boats unloaded this turn, empty (None in ``boats``)
    # until the turn ends and they are refilled. Always empty between turns.
    emptied: tuple[int, ...] = ()
