"""Every player's points part by part, as a table (the details and the end)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from engine.builders import PlayerScore
from tui.i18n import N_, _

# (field of PlayerScore, its words), in the order the end scores them.
PARTS = (
    ("pyramid", N_("Pyramid")),
    ("temple", N_("Temple")),
    ("chamber", N_("Burial chamber")),
    ("obelisks", N_("Obelisks")),
    ("green", N_("Decorations")),
    ("purple", N_("Statues")),
    ("blue", N_("Blue cards")),
    ("wrath", N_("Wrath of the Pharaoh")),
)


def points_table(
    scores: Sequence[PlayerScore], names: Sequence[str], sleds: Sequence[int], *, wrath: bool
) -> Text:
    """One part a line, one player a column; the total; the stones on the
    sled, which break a tie."""
    width = max(6, *(min(10, len(n)) for n in names))
    total_words, sled_words = _("Total"), _("Sled (tie-break)")
    label = max(len(w) for w in (*(_(words) for _f, words in PARTS), total_words, sled_words)) + 1
    label = min(label, 30)
    # The corner is a word, not blanks: Textual drops a line's leading spaces.
    corner = _("Points")[: label - 1].ljust(label)
    head = Text(corner + "".join(n[:width].rjust(width + 1) for n in names), style="bold")
    lines = [head]
    for field, words in PARTS:
        if field == "wrath" and not wrath:
            continue
        values = "".join(str(getattr(s, field)).rjust(width + 1) for s in scores)
        lines.append(Text(_(words)[: label - 1].ljust(label) + values))
    lines.append(
        Text(
            total_words[: label - 1].ljust(label)
            + "".join(str(s.total).rjust(width + 1) for s in scores),
            style="bold",
        )
    )
    lines.append(
        Text(sled_words[: label - 1].ljust(label) + "".join(str(n).rjust(width + 1) for n in sleds))
    )
    return Text("\n").join(lines)
