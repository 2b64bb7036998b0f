"""What every help topic is written with: words in the player's language, tables, the sides."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.duel.state import Sides
from tui.i18n import _, tr


def say(text: str) -> str:
    """``text`` in the current language: an engine message or a string marked with ``N_``."""
    if hasattr(text, "render"):
        return tr(text)
    return _(text)


# --- Markdown helpers ------------------------------------------------------------

MONUMENTS: Final = ("obelisk", "temple", "pyramids", "chamber")


def _table(header: Sequence[object], *rows: Sequence[object]) -> str:
    lines = ["| " + " | ".join(str(c) for c in header) + " |"]
    lines.append("|" + "|".join(" --- " for _cell in header) + "|")
    lines.extend("| " + " | ".join(str(c) for c in row) + " |" for row in rows)
    return "\n".join(lines)


def _md(*blocks: str) -> str:
    return "\n\n".join(b.strip("\n") for b in blocks if b.strip()) + "\n"


def _example(explanation: str) -> str:
    # TRANSLATORS: {example} is a score explained by the engine, e.g. "obelisk (side A): ... = 13".
    return _("Example: {example}.").format(example=tr(explanation))


def _side_sections(sides: Sides | None, monument: str, side_a: str, side_b: str) -> tuple[str, str]:
    """The two side sections, the side in play in this game first."""
    played = getattr(sides, monument) if sides is not None else None

    def heading(side: str) -> str:
        if played is None:
            return "## " + _("Side {side}").format(side=side)
        if side == played:
            return "## " + _("Side {side} (in this game)").format(side=side)
        return "## " + _("Side {side} (not used in this game)").format(side=side)

    a = f"{heading('A')}\n\n{side_a.strip()}"
    b = f"{heading('B')}\n\n{side_b.strip()}"
    return (b, a) if played == "B" else (a, b)


def _sides_line(sides: Sides | None) -> str:
    if sides is None:
        return ""
    return _(
        "In this game: obelisk side {obelisk}, temple side {temple}, "
        "pyramids side {pyramids}, burial chamber side {chamber}."
    ).format(
        obelisk=sides.obelisk, temple=sides.temple, pyramids=sides.pyramids, chamber=sides.chamber
    )
