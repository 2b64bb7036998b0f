"""Help topics on the five sites, A sides; numbers from the engine's boards."""

from __future__ import annotations

from engine.builders.cards import DECORATION_STONES
from engine.builders.sites import CHAMBER_A, MARKET_A, OBELISKS_A, PYRAMID_A, TEMPLE_A
from tui.builders.keys import SITE_KEYS
from tui.i18n import _


def _key(site: int) -> str:
    return _("Key: {key}.").format(key=SITE_KEYS[site])


def market() -> str:
    return "\n\n".join(
        (
            "## " + _("The market"),
            _(
                "Each round {cards} cards lie face up. When a ship docks here, each stone on "
                "it, from the bow, lets its owner take one of the cards still there: the "
                "owner chooses, not the player who sailed. Red cards act at once. Taking a "
                "card is not optional. When every stone has had its card, the stones go back "
                "to their owners' quarries."
            ).format(cards=MARKET_A.cards),
            _(
                "On this screen the cards on offer are green while you choose: press the "
                "card's digit or click it. C lists every card and what it does."
            ),
            _key(0),
        )
    )


def pyramid() -> str:
    points = " ".join(str(p) for p in PYRAMID_A.points)
    return "\n\n".join(
        (
            "## " + _("The pyramid"),
            _(
                "Each stone takes the next free space and scores its points at once. The "
                "first level is 3 by 3, the second 2 by 2, the top one space; each level "
                "fills column by column, top to bottom. The spaces score, in order: {points}."
            ).format(points=points),
            _(
                "Once all {count} spaces are full, each further stone scores {beyond} point "
                "and is kept beside the pyramid; it still counts for the decorations."
            ).format(count=len(PYRAMID_A.points), beyond=PYRAMID_A.beyond),
            _("An empty space on the board shows the points it will give."),
            _key(1),
        )
    )


def temple() -> str:
    return "\n\n".join(
        (
            "## " + _("The temple"),
            _(
                "The temple is a row of {three} spaces with three or four players, {two} "
                "with two. Stones fill the lowest layer from the left; a full layer is "
                "covered by the next one, again from the left, with no limit in height."
            ).format(three=TEMPLE_A.width[3], two=TEMPLE_A.width[2]),
            _(
                "At the end of every round, the sixth too, each stone seen from above (the "
                "top stone of each space) scores 1 point for its owner. The board shows the "
                "top layers, the highest first; the stones that would score are bright."
            ),
            _key(2),
        )
    )


def chamber() -> str:
    groups = ", ".join(f"{n}: {p}" for n, p in enumerate(CHAMBER_A.groups) if n)
    return "\n\n".join(
        (
            "## " + _("The burial chamber"),
            _(
                "Three rows, filled column by column, top to bottom, from the left; it has "
                "no end to the right. At the end of the game every group of one player's "
                "stones that touch side by side (not corner to corner) scores by its size: "
                "{groups}, and {beyond} more for each stone beyond five."
            ).format(groups=groups, beyond=CHAMBER_A.beyond),
            _("The board shows the newest columns when they do not all fit."),
            _key(3),
        )
    )


def obelisks() -> str:
    rows = "\n".join(
        f"| {n} | " + " | ".join(str(p) for p in places) + " |"
        for n, places in OBELISKS_A.places.items()
    )
    return "\n\n".join(
        (
            "## " + _("The obelisks"),
            _(
                "Every player builds an obelisk of their own: each stone delivered here goes "
                "on its owner's. At the end the obelisks are ranked by height:"
            ),
            "| " + _("players") + " | 1 | 2 | 3 | 4 |\n|---|---|---|---|---|\n" + rows,
            _(
                "A player with no stone here takes no place. Tied players add up the points "
                "of the places they share and split them, rounded down."
            ),
            _(
                "Decorations: a green card scores 1 point for every {stones} stones of any "
                "colour at its site at the end."
            ).format(stones=DECORATION_STONES),
            _key(4),
        )
    )
