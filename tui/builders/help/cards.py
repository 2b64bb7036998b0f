"""The market cards' effects in words, and their help topics."""

from __future__ import annotations

from engine.builders.cards import CARD_KIND, KINDS, STATUE_POINTS
from engine.builders.words import card_name
from tui.builders.glyphs import CARD_CODES
from tui.builders.keys import BLUE_KEYS
from tui.i18n import _, tr


def card_effect(kind: str) -> str:
    """What a card of ``kind`` does, in one or two sentences."""
    if kind == "entrance":
        return _("at once, one stone from your quarry goes onto the pyramid and scores there.")
    if kind == "sarcophagus":
        return _("at once, one stone from your quarry goes into the burial chamber.")
    if kind == "paved_path":
        return _("at once, one stone from your quarry goes onto your obelisk.")
    if kind.endswith("_decoration"):
        return _("at the end, 1 point for every 3 stones of any colour at its site.")
    if kind == "statue":
        table = ", ".join(f"{n}: {p}" for n, p in enumerate(STATUE_POINTS) if n)
        return _("at the end, by how many you hold ({table}, then 2 more per card).").format(
            table=table
        )
    if kind == "lever":
        return _("sail a ship, and you choose the order in which its stones leave it.")
    if kind == "hammer":
        return _("up to 3 stones from the quarry to your sled, then place one on a ship.")
    if kind == "sail":
        return _("place a stone on a ship, then sail that very ship.")
    assert kind == "chisel"
    return _("place two stones: both on one ship, or one on each of two ships.")


def cards_overview() -> str:
    """How cards are had and what each colour does, in one paragraph."""
    return _(
        "Cards are taken at the market, one per stone unloaded there. Red cards act at "
        "once and are discarded; green and purple cards score at the end; blue cards are "
        "played later as a whole turn, at most one a round, and each one still held at "
        "the end is worth 1 point."
    )


def cards_markdown() -> str:
    lines = [
        cards_overview(),
        "",
        "| | | |",
        "|---|---|---|",
    ]
    for kind in KINDS:
        name = tr(card_name(kind))
        key = f" ({BLUE_KEYS[kind]})" if kind in BLUE_KEYS else ""
        count = CARD_KIND.count(kind)
        lines.append(f"| `{CARD_CODES[kind]}`{key} | {name} x{count} | {card_effect(kind)} |")
    return "\n".join(lines)


def blue_markdown(kind: str) -> str:
    name = tr(card_name(kind))
    body = {
        "lever": _(
            "Choose a ship that may sail and a site that is free, as for an ordinary sail. "
            "Then the stones leave the ship one at a time in the order you pick, each "
            "after you have seen what the one before did. At the market each stone's "
            "owner still picks their own card."
        ),
        "hammer": _(
            "First up to three stones go from your quarry to your sled (as many as fit, "
            "maybe none), then you place one stone from the sled on a ship. The card may "
            "be played only if that placing is possible."
        ),
        "sail": _(
            "Place one stone from your sled on a ship that then carries its minimum load, "
            "and sail that same ship to a free site straight away."
        ),
        "chisel": _(
            "Place two stones from your sled: both on one ship or one on each of two. If "
            "only one can be placed (one stone left, or one space left) it places one."
        ),
    }[kind]
    keys = _("Key: {key}. A blue card is a whole turn; one per player per round.").format(
        key=BLUE_KEYS[kind]
    )
    return f"## {name}\n\n{body}\n\n{keys}"
