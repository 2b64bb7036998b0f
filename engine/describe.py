"""What an action does, in plain words, for the game log and replay viewer."""

from __future__ import annotations

from engine.actions import Action, Pass, Place, Play, Stop, Swap, Take, Unload
from engine.rules import handout
from engine.state import GameState
from engine.tokens import boat_words, token_phrase


def describe(before: GameState, action: Action, names: tuple[str, str]) -> str:
    """One sentence saying what ``action`` does when taken in ``before``."""
    who = names[before.turn]
    if isinstance(action, Place):
        return f"{who} places a meeple on cell {action.cell + 1}."
    if isinstance(action, Unload):
        given = handout(before, action.boat)
        parts = [f"{names[owner]} takes {token_phrase(token)}" for _, owner, token in given]
        text = f"{who} unloads {boat_words(action.boat)}: " + ", ".join(parts)
        slots = before.boats[action.boat]
        if len(given) == 2 and slots is not None:
            text += f"; {token_phrase(slots[0])} goes to the box"
        if not before.supply:
            text += "; the supply is empty, so the boat leaves the game"
        return text + "."
    if isinstance(action, Play):
        return f"{who} plays {token_phrase(action.token)}."
    if isinstance(action, Take):
        slots = before.boats[action.boat]
        taken = token_phrase(slots[action.slot]) if slots else "?"
        return (
            f"{who} takes {taken} from slot {action.slot + 1} of {boat_words(action.boat)}; "
            f"a reserve token fills the slot."
        )
    if isinstance(action, Swap):
        return (
            f"{who} swaps slots {action.first + 1} and {action.second + 1} "
            f"of {boat_words(action.boat)}."
        )
    if isinstance(action, Stop):
        return f"{who} stops there."
    assert isinstance(action, Pass)
    return f"{who} has no legal action and passes."
