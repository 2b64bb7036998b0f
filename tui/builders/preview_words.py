"""A sail shown before it is made, in words: where each stone goes and in
what order, who scores what at once and by the end, what the market offers.

Pure: the lines come from the engine's :class:`engine.builders.SailPreview`;
nothing here works out a rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from engine.builders import CHAMBER, MARKET, OBELISKS, PYRAMID, TEMPLE, Delivery, SailPreview
from engine.builders.words import card_name, site_name
from tui.builders.glyphs import Glyphs, stone
from tui.builders.widgets.base import row
from tui.i18n import _, ngettext, tr


def heading(preview: SailPreview) -> str:
    return _("Sail ship {ship} to the {site}? Enter sails, Esc drops it.").format(
        ship=preview.ship + 1, site=tr(site_name(preview.site))
    )


def where(delivery: Delivery, site: int) -> str:
    """Where one stone lands, in words."""
    place = delivery.place
    if site == MARKET:
        return _("takes a market card")
    if site == PYRAMID:
        if place[0] > 14:
            return ngettext(
                "beside the full pyramid, {points} point now",
                "beside the full pyramid, {points} points now",
                delivery.points,
            ).format(points=delivery.points)
        return ngettext(
            "pyramid space {number}, {points} point now",
            "pyramid space {number}, {points} points now",
            delivery.points,
        ).format(number=place[0], points=delivery.points)
    if site == TEMPLE:
        return _("temple space {space}, layer {layer}").format(space=place[0], layer=place[1])
    if site == CHAMBER:
        return _("burial chamber column {column}, row {row}").format(column=place[0], row=place[1])
    assert site == OBELISKS
    return _("its obelisk, now {height} high").format(height=place[0])


def preview_lines(
    preview: SailPreview, names: Sequence[str], glyphs: Glyphs, *, lever: bool = False
) -> list[Text]:
    """The preview as lines (its heading is the box's title): the Lever's
    note, one line per stone, the totals that change, the market's cards.

    An 80x24 screen gives these six rows: four stones and the totals of four
    players just fit, so the totals leave out the points so far, which only
    the pyramid changes and its stones' lines already say.
    """
    lines: list[Text] = []
    if lever:
        # First: the order below is the one the Lever's player will change.
        lines.append(
            Text(_("With the Lever you then choose, stone by stone, the order they leave in."))
        )
    if not preview.deliveries:
        lines.append(Text(_("The ship is empty: nothing is unloaded.")))
    for order, delivery in enumerate(preview.deliveries, start=1):
        lines.append(
            row(
                f"{order}. ",
                stone(delivery.owner, glyphs),
                " ",
                Text(names[delivery.owner]),
                ": ",
                where(delivery, preview.site),
            )
        )
    changes = []
    for seat, (before, after) in enumerate(zip(preview.before, preview.after, strict=True)):
        if before == after:
            continue
        changes.append(f"{names[seat]}: {before.total} {glyphs.docked} {after.total}")
    if changes:
        lines.append(Text(_("If the game ended now:") + " " + "; ".join(changes)))
    elif preview.site != MARKET:
        lines.append(Text(_("No points change until the end of the round.")))
    if preview.site == MARKET:
        offered = ", ".join(tr(card_name(card)) for card in preview.offered)
        lines.append(Text(_("The market offers: {cards}.").format(cards=offered)))
    return lines
