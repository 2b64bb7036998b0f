"""Help topics on playing here: a first-game guide, the keys and the notation."""

from __future__ import annotations

from tui.builders.bindings import key_words
from tui.i18n import _


def first_game() -> str:
    steps = (
        _(
            "Look at the ships (top left): four a round, their spaces in brackets and their "
            "minimum load after them. Green means you may act there now."
        ),
        _(
            "Early on, place stones on ships whose trips you like, and keep your sled "
            "filled with s: an empty sled wastes turns."
        ),
        _(
            "The pyramid pays at once, the temple at every round's end, the burial chamber "
            "and the obelisks only at the end: plan the late sites early."
        ),
        _(
            "Sail a ship when its stones help you more than the others, and before a rival "
            "can sail it somewhere that hurts you. Every sail is shown before it is made."
        ),
        _(
            "The market gives cards instead of points: blue cards are strong tempo plays; "
            "statues grow in value the more you hold."
        ),
        _(
            "Press i to see the points if the game ended now, g for the log, C for the "
            "cards, and ? for help on what you are doing."
        ),
    )
    body = "\n".join(f"{n}. {step}" for n, step in enumerate(steps, start=1))
    return "## " + _("Your first game") + "\n\n" + body


def controls() -> str:
    rows = "\n".join(f"| `{keys}` | {words} |" for keys, words in key_words())
    return "\n\n".join(
        (
            "## " + _("Keys"),
            "| | |\n|---|---|\n" + rows,
            _(
                "Everything can be clicked too: a space to place a stone, a ship's number to "
                "choose it, a site to sail there, a market card to take it, a blue card in "
                "your panel to play it, your sled to get stones, and the keys at the bottom."
            ),
        )
    )


def notation() -> str:
    rows = (
        ("get", _("get stones")),
        ("P2:3", _("place a stone on ship 2, space 3")),
        ("S2:M", _("sail ship 2 to a site: M P T B O")),
        ("lever hammer sail chisel", _("play a blue card")),
        ("U3", _("Lever: unload the stone in space 3 next")),
        ("T2", _("take the market card in position 2")),
        ("pass", _("pass")),
    )
    table = "\n".join(f"| `{code}` | {words} |" for code, words in rows)
    return "\n\n".join(
        (
            "## " + _("Notation"),
            _("The log and the game records write each decision like this:"),
            "| | |\n|---|---|\n" + table,
        )
    )
