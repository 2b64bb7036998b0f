"""An unload in words, shown before the player confirms it.

The facts come from :func:`engine.preview_unload`; this module only words them
for the prompt and the message line. Pure Python, no Textual.
"""

from __future__ import annotations

from engine import UnloadPreview
from engine.tokens import BOAT_NAMES, token_phrase
from tui.glyphs import Glyphs
from tui.keys import BOAT_KEYS


def _points(points: int) -> str:
    return f"{points} pt" if abs(points) == 1 else f"{points} pts"


def preview_prompt(preview: UnloadPreview) -> str:
    """The prompt while the preview shows: what it asks and how to answer."""
    key = BOAT_KEYS[preview.boat]
    return f"unload {BOAT_NAMES[preview.boat]}? Enter or {key} confirms, Esc cancels"


def preview_sentences(
    preview: UnloadPreview, names: tuple[str, str], glyphs: Glyphs
) -> tuple[str, ...]:
    """What the unload would do, most important first (the message line shows
    as many whole sentences as it has room for)."""
    sentences: list[str] = []
    if preview.ends_game:
        sentences.append("This unload ends the game: only one boat will be left.")
    # Each player once, in the order the tokens are handed out.
    takers = list(dict.fromkeys(gift.owner for gift in preview.gifts))
    parts = []
    for who in takers:
        tokens = " and ".join(token_phrase(token) for token in preview.tokens_for(who))
        before, after = preview.before[who].total, preview.after[who].total
        parts.append(f"{names[who]} takes {tokens} ({before} {glyphs.to} {_points(after)})")
    for who in (0, 1):
        if who not in takers:
            # A player who takes nothing is told so: it matters as much.
            parts.append(f"{names[who]} takes nothing")
    sentences.append("; ".join(parts) + ".")
    if preview.boxed_token is not None:
        boxed = token_phrase(preview.boxed_token)
        sentences.append(f"Only two meeples: {boxed} goes to the box.")
    if preview.boat_leaves and not preview.ends_game:
        sentences.append("The supply is empty, so the boat then leaves the game.")
    return tuple(sentences)
