"""The topics on scoring and the rest: each monument, the end, the rulings, the controls."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.duel.explain import explain_chamber, explain_obelisk, explain_pyramids, explain_temple
from engine.duel.scoring import (
    CHAMBER_A,
    OBELISK_A_MAJORITY,
    OBELISK_A_PER_TOKEN,
    OBELISK_B_FIRST,
    OBELISK_B_SECOND,
    OBELISK_B_TEN,
    OBELISK_B_TEN_THRESHOLD,
    OBELISK_B_THRESHOLD,
    PYRAMID_A,
    PYRAMID_B,
    TEMPLE_B_SET,
    chamber_points,
    temple_points,
)
from engine.duel.state import Sides
from engine.duel.tokens import (
    ACTION_TOKENS,
    BOAT_NAMES,
    OBELISK,
    PLACE_TWO,
    PLACE_UNLOAD,
    TAKE,
    TOKEN_NAMES,
)
from tui.duel.help.keys import HELP_KEYS, KEYS
from tui.duel.help.markdown import _example, _md, _side_sections, _table, say
from tui.i18n import N_, _, tr


def _obelisk(sides: Sides | None) -> str:
    side_a = _md(
        _("""You score {points} point per obelisk token. Whoever holds
strictly more obelisks than the other gets a bonus; when both hold the same
number, nobody does.""").format(points=OBELISK_A_PER_TOKEN),
        _table(
            (_("Obelisk, side A"), _("Points")),
            (_("each token"), OBELISK_A_PER_TOKEN),
            (_("bonus for more tokens than the opponent"), OBELISK_A_MAJORITY),
        ),
        _example(explain_obelisk("A", 5, 3, None)),
    )
    side_b = _md(
        _("""What counts is reaching {threshold} tokens, and who got there first.
Holding {ten} or more scores the top value; only 12 obelisks
exist, so such a player was necessarily first to {threshold}.""").format(
            threshold=OBELISK_B_THRESHOLD, ten=OBELISK_B_TEN_THRESHOLD
        ),
        _table(
            (_("Obelisk, side B"), _("Points")),
            (_("first to hold {n}").format(n=OBELISK_B_THRESHOLD), OBELISK_B_FIRST),
            (_("{n} or more, but not first").format(n=OBELISK_B_THRESHOLD), OBELISK_B_SECOND),
            (_("fewer than {n}").format(n=OBELISK_B_THRESHOLD), 0),
            (_("{n} or more").format(n=OBELISK_B_TEN_THRESHOLD), OBELISK_B_TEN),
        ),
        _example(explain_obelisk("B", 6, 5, True)),
    )
    return _md("# " + _("Obelisk scoring"), *_side_sections(sides, "obelisk", side_a, side_b))


_TEMPLE_B_EXAMPLE: Final = (1, 1, 2, 2, 2, 3, 4, 4)


def _temple(sides: Sides | None) -> str:
    values = (1, 2, 3, 4)
    side_a = _md(
        _("Each temple token shows 1 to 4 circles; you score one point per circle."),
        _table(
            (_("Circles on a token"), *values),
            (_("Points"), *(temple_points("A", (v,)) for v in values)),
        ),
        _example(explain_temple("A", (1, 4, 2))),
    )
    sizes = range(1, len(TEMPLE_B_SET))
    side_b = _md(
        _("""Your temple tokens are grouped into sets of **different** values, one layer at
a time: the first set takes one of each value you own, the next one of each
value you own at least twice, and so on. Each set scores by its size."""),
        _table(
            (_("Tokens in a set"), *sizes),
            (_("Points"), *(TEMPLE_B_SET[n] for n in sizes)),
        ),
        _example(explain_temple("B", _TEMPLE_B_EXAMPLE)),
    )
    return _md(
        "# " + _("Temple scoring"),
        _("Both players can see all temple values (see *Rulings*)."),
        *_side_sections(sides, "temple", side_a, side_b),
    )


def _pyramids(sides: Sides | None) -> str:
    counts = range(len(PYRAMID_A))
    side_a = _md(
        _("Your light and your dark pyramid each score by their number of tokens."),
        _table((_("Tokens"), *counts), (_("Points"), *PYRAMID_A)),
        _example(explain_pyramids("A", 4, 6)),
    )
    side_b = _md(
        _("""Only your **smaller** pyramid scores, by its number of tokens (just one of
them, if both are the same size). An empty pyramid costs points. The value
for four tokens, {points}, is a ruling (see *Rulings*).""").format(points=PYRAMID_B[4]),
        _table((_("Tokens"), *counts), (_("Points"), *PYRAMID_B)),
        _example(explain_pyramids("B", 2, 5)),
    )
    return _md(
        "# " + _("Pyramids scoring"),
        _("Light and dark pyramid tokens build two separate pyramids of up to six tokens."),
        *_side_sections(sides, "pyramids", side_a, side_b),
    )


def _chamber(sides: Sides | None) -> str:
    top = len(CHAMBER_A) - 1  # the last entry covers every larger group

    def size_label(n: int) -> str:
        return f"{n}+" if n == top else str(n)

    sizes = range(1, top + 1)
    side_a = _md(
        _("Each group earns points according to its size."),
        _table(
            (_("Group size"), *(size_label(n) for n in sizes)),
            (_("Points"), *(chamber_points("A", tuple(range(1, n + 1))) for n in sizes)),
        ),
        _example(explain_chamber("A", (3, 4, 5, 11))),
    )
    side_b = _md(
        _("Every group scores the same, whatever its size."),
        _table(
            (_("Group size"), *(size_label(n) for n in sizes)),
            (_("Points"), *(chamber_points("B", tuple(range(1, n + 1))) for n in sizes)),
        ),
        _example(explain_chamber("B", (1, 3, 4, 5))),
    )
    return _md(
        "# " + _("Burial chamber scoring"),
        _("""Chamber tokens are numbered 1 to 12. A **group** is a run of consecutive
numbers you hold that cannot be extended: 3, 4, 5 is one group, and a single
token on its own counts as a group. 12 and 1 are not neighbours."""),
        *_side_sections(sides, "chamber", side_a, side_b),
    )


def _leftovers(_sides: Sides | None) -> str:
    return _md(
        "# " + _("Leftover points"),
        _("When the game ends, each player adds:"),
        _("""- **1 point** for every action token still held, never played;
- **1 point** for every one of their meeples still standing on the grid."""),
        _("""So an action token is worth a point if you keep it; playing it gives that
point up."""),
    )


def _tie(_sides: Sides | None) -> str:
    return _md(
        "# " + _("Ties"),
        _("""There are no draws. If both totals are equal, the player who did **not** take
the first turn of the game wins."""),
    )


def _online_refill_note() -> str:
    return _(
        "Under the online rules a boat is reloaded only when the turn ends: see *Online rules*."
    )


def _online(_sides: Sides | None) -> str:
    return _md(
        "# " + _("Online rules"),
        _("""The online edition of the game, on Yucata.de, plays three details differently.
You can play them here too: choose *Online* under *Rules* on the new-game
screen or when you host a table in the lobby, or start
`imhotep-duel host --online-rules`. While they are in force, the game screen
says *Online rules* on the line above the move log."""),
        _("""- **Who starts** is always drawn at random.
- **Reloading waits for the end of the turn.** A boat you unload stays empty
  until your turn is over, and only then gets three tokens from the supply. So
  with *{token}* you choose your second unload without having seen what the
  first boat will carry next.
- **The order of reloading.** After a double unload the boats are reloaded
  row boats first, from the top ({rows}), then column boats from the left
  ({columns}), whichever was unloaded first. When the supply holds one last
  load, it goes to the boat that comes first in that order, and the other
  boat leaves the game.""").format(
            token=tr(TOKEN_NAMES[PLACE_UNLOAD]),
            rows=", ".join(BOAT_NAMES[:3]),
            columns=", ".join(BOAT_NAMES[3:]),
        ),
        _("""Everything else follows the printed rules. As there, a boat that the empty
supply could never reload leaves the game at once, and the game ends the moment
only one boat is left, even in the middle of a turn."""),
    )


@dataclass(frozen=True)
class Ruling:
    """A decision this game takes where the printed rulebooks differ or are silent.

    English, marked for the catalog; :func:`_rulings` shows it translated.
    """

    title: str
    decision: str
    reason: str


RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        N_("Who starts"),
        N_("The new-game screen offers player 1, player 2, or a random pick."),
        N_(
            "The printed rules let the younger player begin, while online versions "
            "pick at random. Offering a fixed choice and a random one covers both customs."
        ),
    ),
    Ruling(
        TOKEN_NAMES[PLACE_TWO],
        N_("Playable only with at least two meeples in your hand."),
        N_(
            "The token promises at least two placements; with one meeple it could not deliver them."
        ),
    ),
    Ruling(
        TOKEN_NAMES[PLACE_UNLOAD],
        N_(
            "You must place and then unload at least once. So the token can be played "
            "only when some empty cell would open a boat for unloading, and your meeple "
            "has to go on one of those cells."
        ),
        N_(
            "The token's name promises a placement and an unload. Reading both as "
            "required keeps it from being used as a plain placement."
        ),
    ),
    Ruling(
        N_("No legal action"),
        N_("A player who can do nothing passes the turn."),
        N_(
            "The rulebooks do not cover it. It arises only when someone's four meeples "
            "are all on the grid and no boat qualifies, and it can never freeze the game."
        ),
    ),
    Ruling(
        N_("Temple values are public"),
        N_(
            "Both players can see every temple token's value. (The ruling allows a "
            "memory option that would hide the opponent's values; this game has none yet.)"
        ),
        N_(
            "The texts disagree on whether temple tokens lie face up or face down, but "
            "each temple token sat face up on a boat, in plain view, before anyone collected it."
        ),
    ),
    Ruling(
        N_("Pyramids side B, four tokens"),
        # TRANSLATORS: {points} is what a smaller pyramid of four tokens scores on side B.
        N_("A smaller pyramid of four tokens scores {points}."),
        N_(
            "The German and Russian rulebooks give this value; the Hungarian one "
            "gives 15. The majority reading is used."
        ),
    ),
)


def _rulings(_sides: Sides | None) -> str:
    why = _("*Why:*")
    items = [
        _md(
            "## " + say(r.title),
            say(r.decision).format(points=PYRAMID_B[4]),
            f"{why} {say(r.reason)}",
        )
        for r in RULINGS
    ]
    return _md(
        "# " + _("Rulings"),
        _("""Where the published rulebooks disagree with each other, or say nothing, this
game decides as follows."""),
        *items,
    )


def _controls(_sides: Sides | None) -> str:
    header = (_("Keys"), _("What they do"))
    return _md(
        "# " + _("Keys"),
        "## " + _("In the game"),
        _table(header, *((k.shown_label(), k.describe()) for k in KEYS)),
        _("""Action tokens that ask for a slot (Take, Swap): type the boat's name (r1 to
r3, c1 to c3), then the slot's number 1-3, or move the cursor onto the slot and
press Enter. The footer shows the main keys."""),
        "## " + _("In this help"),
        _table(header, *((k.shown_label(), k.describe()) for k in HELP_KEYS)),
    )


def _notation(_sides: Sides | None) -> str:
    actions = _table(
        (_("Written"), _("Means")),
        ("`P5`", _("place a meeple on cell 5")),
        ("`UR2`", _("unload the row 2 boat (`UC3`: the column 3 boat)")),
        ("`AT` `AP` `AU` `AS`", _("play that action token")),
        ("`TR1:2`", _("{take}: take slot 2 of the row 1 boat").format(take=tr(TOKEN_NAMES[TAKE]))),
        ("`SC2:13`", _("Swap: exchange slots 1 and 3 of the column 2 boat")),
        ("`stop`", _("skip the optional last step of an action token")),
        ("`pass`", _("pass (only when nothing else is legal)")),
    )
    grouped = [
        ("`OB`", tr(TOKEN_NAMES[OBELISK])),
        ("`PL` `PD`", _("light, dark pyramid")),
        ("`T1` ... `T4`", _("temple with 1 to 4 circles")),
        ("`B1` ... `B12`", _("burial chamber 1 to 12")),
        *(
            (f"`{t}`", _("action token: {name}").format(name=tr(TOKEN_NAMES[t])))
            for t in ACTION_TOKENS
        ),
    ]
    return _md(
        "# " + _("Notation"),
        _("""The move log and saved games write each step of a turn in a short form. Cells
are 1 to 9, boats R1-R3 (rows) and C1-C3 (columns), slots 1 to 3."""),
        actions,
        "## " + _("Token codes"),
        _table((_("Code"), _("Token")), *grouped),
    )
