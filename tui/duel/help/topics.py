"""The rules help, topic by topic, as Markdown, in the player's language.

Everything numeric is generated from :mod:`engine.duel.scoring` (its tables and its
scoring functions) and from :mod:`engine.duel.tokens`, so the help cannot drift from
what the engine scores. The keys are listed once, in :data:`KEYS`, for both the
help text and the app's bindings.

The text is marked for the catalog paragraph by paragraph and put together
when a topic is shown, so it follows :func:`tui.i18n.use`. Titles, keywords
and key descriptions are tables built at import time (marked with ``N_``) and
translated when read. Notation, token codes and key names never change.

Pure Python: no Textual here, so the text can be tested and reused (the status
line, the newcomer's guide) without an app.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
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
    CHAMBERS,
    DARK_PYRAMID,
    FULL_SET,
    LIGHT_PYRAMID,
    OBELISK,
    PLACE_TWO,
    PLACE_UNLOAD,
    SWAP_UNLOAD,
    TAKE,
    TEMPLES,
    TOKEN_NAMES,
)
from tui.duel.keys import BOAT_KEY_RANGE, KEY_OF_TOKEN, LINE_KEYS, boat_keys
from tui.i18n import N_, _, pgettext, tr


def say(text: str) -> str:
    """``text`` in the current language: an engine message or a string marked with ``N_``."""
    if hasattr(text, "render"):
        return tr(text)
    return _(text)


# --- keys -----------------------------------------------------------------------


@dataclass(frozen=True)
class Key:
    """One command of the game screen and the keys that give it.

    ``label`` and ``description`` are English, marked for the catalog; read
    them in the player's language with :meth:`shown_label` and :meth:`describe`.
    """

    name: str  # stable identifier the app maps to its action
    keys: tuple[str, ...]  # Textual key names, ready for a Binding
    label: str  # how the keys are written for players
    description: str
    # Values for the description's {placeholders}; engine messages are translated.
    values: tuple[tuple[str, str], ...] = ()

    def shown_label(self) -> str:
        # Most labels are key names ("Esc", "1-9") that stay as they are; a few
        # hold words ("arrows") and are in the catalog.
        return _(self.label)

    def describe(self) -> str:
        return _(self.description).format(**{k: say(v) for k, v in self.values})


def _token_key(token: str, name: str) -> Key:
    key = KEY_OF_TOKEN[token]
    # TRANSLATORS: {token} is an action token's name, as printed on it.
    return Key(name, (key,), key, N_('play "{token}"'), (("token", TOKEN_NAMES[token]),))


# The game screen's keys as the players read about them. The boat and token
# letters come from tui.duel.keys, which the game screen binds, so the two cannot
# disagree; the rest mirrors GameScreen.BINDINGS.
KEYS: Final[tuple[Key, ...]] = (
    Key(
        "move",
        ("up", "down", "left", "right", "k", "j", "h", "l"),
        N_("arrows, hjkl"),
        N_("move the cursor over cells, boats and slots"),
    ),
    Key("choose", ("enter",), "Enter", N_("choose what the cursor is on")),
    Key(
        "cell",
        tuple(str(n) for n in range(1, 10)),
        "1-9",
        N_("place a meeple on that cell; while taking or swapping, slot 1-3 of the chosen boat"),
    ),
    Key(
        "boat",
        tuple(LINE_KEYS),
        BOAT_KEY_RANGE,
        # TRANSLATORS: the boats' names (R1...C3) stay as they are: they are
        # printed on the board and typed as keys (r then 3 for R3).
        N_(
            "type a boat's name to unload it: r1, r2, r3 for the row boats, c1, c2, c3 for"
            " the column boats; the unload is shown first, and Enter or the same name again"
            " makes it (previews can be switched off in the command palette); while taking"
            " or swapping, choose that boat"
        ),
    ),
    _token_key(TAKE, "take"),
    _token_key(PLACE_TWO, "place-two"),
    _token_key(PLACE_UNLOAD, "place-unload"),
    _token_key(SWAP_UNLOAD, "swap-unload"),
    Key("stop", ("x",), "x", N_("stop: skip the optional last step of an action token")),
    Key(
        "back",
        ("escape",),
        "Esc",
        N_(
            "drop an unload on show, clear a half-made swap, or take back an action token"
            " nothing has been done with"
        ),
    ),
    Key("pass", ("full_stop",), ".", N_("pass (only when nothing else is legal)")),
    Key("undo", ("z",), "z", N_("undo")),
    Key("redo", ("y",), "y", N_("redo")),
    Key("save", ("w",), "w", N_("save the game")),
    Key("load", ("o",), "o", N_("load a game")),
    Key("log", ("g",), "g", N_("show the move log, with a replay viewer")),
    Key("details", ("i",), "i", N_("how each monument's points arise")),
    Key(
        "hint",
        ("H",),
        "H",
        N_(
            "a hint: what the hard computer player would do, and why (against another"
            " terminal only if the table allows hints, and the other player is told)"
        ),
    ),
    Key("codes", ("C",), "C", N_("every token code in words, on the message line")),
    Key("faster", ("plus", "equals_sign"), "+", N_("computer players move sooner")),
    Key("slower", ("minus",), "-", N_("computer players wait longer")),
    Key("new", ("n",), "n", N_("new game (once the game is over)")),
    Key("help", ("question_mark", "f1"), "? / F1", N_("open this help")),
    Key("quit", ("q",), "q", N_("quit")),
)

# Keys of the help screen itself.
HELP_KEYS: Final[tuple[Key, ...]] = (
    Key("close", ("escape", "q"), "Esc / q", N_("close the help")),
    Key("search", ("slash",), "/", N_("search the topics")),
    Key(
        "open",
        ("enter", "right"),
        # TRANSLATORS: "right" is the right arrow key.
        N_("Enter / right"),
        N_("read the highlighted topic"),
    ),
    # TRANSLATORS: the left arrow key.
    Key("topics", ("left",), N_("left arrow"), N_("from the text back to the topic list")),
    # TRANSLATORS: the down arrow key.
    Key("results", ("down",), N_("down arrow"), N_("from the search box into the topics found")),
    Key("page", ("pageup", "pagedown"), "PgUp / PgDn", N_("scroll the text by a page")),
    Key("keys", ("question_mark", "f1"), "? / F1", N_("show this list of keys")),
    Key("focus", ("tab", "shift+tab"), "Tab", N_("move between search, topics and text")),
)

_KEYS_BY_NAME: Final = {k.name: k for k in (*KEYS, *HELP_KEYS)}


def key_label(name: str) -> str:
    """How the keys of command ``name`` are written, e.g. ``"1-9"``, in the current language."""
    return _KEYS_BY_NAME[name].shown_label()


def boat_key(boat: int) -> str:
    """The keys that choose ``boat`` (0-5, in the order of BOAT_NAMES), as typed: ``"r2"``."""
    return "".join(boat_keys(boat))


# Action token code -> (help topic id, key command name).
TOKEN_TOPICS: Final[dict[str, str]] = {
    TAKE: "take",
    PLACE_TWO: "place-two",
    PLACE_UNLOAD: "place-unload",
    SWAP_UNLOAD: "swap-unload",
}

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


def _keys(**names: str) -> dict[str, str]:
    """The labels of the named key commands, as values for a paragraph's placeholders."""
    return {field: key_label(name) for field, name in names.items()}


# --- topics -----------------------------------------------------------------------


def _goal(sides: Sides | None) -> str:
    return _md(
        "# " + _("Goal of the game"),
        _("""Two builders compete to supply four monuments: the **obelisk**, the **temple**,
the **pyramids** and the **burial chamber**. Cargo reaches you by boat, but you
never simply pick a boat's cargo: you stand meeples beside the harbor, and when
a boat is unloaded, every meeple in its line gets a token, your rival's included."""),
        _("""The game stops as soon as only one boat is left in play. Then each monument is
scored, plus a few points for leftovers; the higher total wins. Equal totals go
to the player who did not start, so there is never a draw."""),
        _("""Every monument has two ways of scoring, side A and side B, chosen before the
game starts. A monument's side is shared: you and your opponent score it the
same way."""),
        _sides_line(sides),
    )


# Row boats sit left of their rows, column boats above their columns; slot 1 of
# each boat touches the grid. Cells are numbered as players count them.
_HARBOR_DIAGRAM = """
```
              C1   C2   C3
             [3]  [3]  [3]
             [2]  [2]  [2]
             [1]  [1]  [1]
R1 [3][2][1]  1    2    3
R2 [3][2][1]  4    5    6
R3 [3][2][1]  7    8    9
```
"""


def _harbor_codes() -> str:
    """Every token code the board shows, with its name in words."""
    low_temple, high_temple = TEMPLES[0], TEMPLES[-1]
    low_chamber, high_chamber = CHAMBERS[0], CHAMBERS[-1]
    rows = [
        *((f"`{code}`", tr(TOKEN_NAMES[code])) for code in (OBELISK, LIGHT_PYRAMID, DARK_PYRAMID)),
        (
            f"`{low_temple}-{high_temple}`",
            _("temple with {low} to {high} circles").format(
                low=low_temple[1:], high=high_temple[1:]
            ),
        ),
        (
            f"`{low_chamber}-{high_chamber}`",
            _("burial chamber {low} to {high}").format(low=low_chamber[1:], high=high_chamber[1:]),
        ),
        *(
            (f"`{code}`", _("action token: {name}").format(name=tr(TOKEN_NAMES[code])))
            for code in ACTION_TOKENS
        ),
    ]
    return _table((_("Code"), _("Token")), *rows)


def _harbor(_sides: Sides | None) -> str:
    return _md(
        "# " + _("The harbor"),
        _HARBOR_DIAGRAM,
        _("""The harbor is a grid of nine cells, numbered 1 to 9 row by row from the top
left. Six boats carry three tokens each:"""),
        _("""- the **row boats** R1, R2 and R3 lie at the left end of the three rows;
- the **column boats** C1, C2 and C3 lie at the top of the three columns."""),
        _("""A boat's **line** is its row or its column. Each cell is on two lines, so a
meeple there can be collected by two different boats. A boat's slots are
numbered 1, 2, 3 outwards: slot 1 is next to the grid, slot 3 the farthest away."""),
        _("""Face-down tokens wait in the **supply** to refill boats, and three more lie on
the **reserve**, used only by the *{take}* action token.""").format(take=tr(TOKEN_NAMES[TAKE])),
        _("""Under the harbor, the line that starts with **Boats** counts the unloads left
before the game ends: every unload uses up a refill, and once the supply is
empty each unload takes its boat out of the game, until only one is left."""),
        "## " + _("Token codes"),
        _("""In a small window the boats show each token as a short code. The top left
corner of the harbor names the token under the cursor (or the mouse) in words;
with the cursor on a cell it keys the four action tokens. A window of 100x30 or
more spells every token out on the boats and lists the codes beside the board."""),
        _("In any window, {key} lists every code in words on the message line.").format(key="`C`"),
        _harbor_codes(),
    )


def _token_counts() -> str:
    groups: list[tuple[str, tuple[str, ...]]] = [
        (tr(TOKEN_NAMES[OBELISK]), (OBELISK,)),
        (tr(TOKEN_NAMES[LIGHT_PYRAMID]), (LIGHT_PYRAMID,)),
        (tr(TOKEN_NAMES[DARK_PYRAMID]), (DARK_PYRAMID,)),
        (
            _("temple: {count} each with 1, 2, 3 and 4 circles").format(
                count=FULL_SET.count(TEMPLES[0])
            ),
            TEMPLES,
        ),
        (_("burial chamber: one each numbered 1 to {last}").format(last=len(CHAMBERS)), CHAMBERS),
        *((_("action token: {name}").format(name=tr(TOKEN_NAMES[t])), (t,)) for t in ACTION_TOKENS),
    ]
    rows = [(label, sum(FULL_SET.count(t) for t in tokens)) for label, tokens in groups]
    return _table((_("Token"), _("How many")), *rows)


def _setup(sides: Sides | None) -> str:
    boats = 6 * 3
    reserve = 3
    supply = len(FULL_SET) - boats - reserve
    return _md(
        "# " + _("Setting up"),
        _("""1. Pick side A or B for each monument. The choice is per monument (obelisk A
   with temple B is fine), and both players use the same side.
2. All {total} cargo tokens are shuffled face down to form the supply.
3. Every boat is loaded with three tokens, face up, slot 1 first.
4. Three further tokens go face down on the reserve.
5. The {supply} tokens left over can reload a boat {reloads} times, no more.
6. Each player starts with four meeples in hand. The new-game screen lets
   you choose who starts: player 1, player 2 or at random.""").format(
            total=len(FULL_SET), supply=supply, reloads=supply // 3
        ),
        _sides_line(sides),
        _("The {total} tokens:").format(total=len(FULL_SET)),
        _token_counts(),
    )


def _turn(_sides: Sides | None) -> str:
    return _md(
        "# " + _("Your turn"),
        _("""On your turn you do exactly **one** of these three things, then play passes to
your opponent:"""),
        _("""- **Place a meeple** on an empty cell (keys {cell}).
  See *Placing a meeple*.
- **Unload a boat** whose line holds at least two meeples (keys
  {boat}). See *Unloading a boat*.
- **Play an action token** you hold (keys {take}, {place_two}, {place_unload},
  {swap_unload}). Its effect is your whole turn. See the four action token topics.""").format(
            **_keys(
                cell="cell",
                boat="boat",
                take="take",
                place_two="place-two",
                place_unload="place-unload",
                swap_unload="swap-unload",
            )
        ),
        _("""Only one action token can be played in a turn, and a token you gain during a
turn has to wait for a later one."""),
        _("""**Passing.** If none of the three is possible, you pass ({key}). That
can only happen near the end, with your four meeples all on the grid and no
boat ready to unload. The game cannot get stuck: your opponent can always still
place a meeple, and with eight meeples on the grid no line has fewer than two.""").format(
            key=key_label("pass")
        ),
    )


def _place(_sides: Sides | None) -> str:
    return _md(
        "# " + _("Placing a meeple"),
        _("""Take a meeple from your hand and stand it on any empty cell (keys
{keys}). A cell holds one meeple at most.""").format(keys=key_label("cell")),
        _("""You own four meeples. When all four are on the grid you cannot place; you get
them back only when a boat on their row or column is unloaded."""),
        _("""Colour does not matter for unloading: any two meeples in a line, yours or your
opponent's, let that boat be unloaded. So a placement can open a boat for your
rival as well as for you."""),
    )


# The widest diagram line the help pane shows whole at 80 columns.
_DIAGRAM_WIDTH: Final = 46


def _unload_diagram(meeples: str, order: tuple[str, str, str]) -> str:
    """The row 2 boat holding PL, OB, T3 and the meeples on cells 4-6, as a code block.

    ``meeples`` has one character per cell ("X.O"); ``order`` says which
    meeple collects first, second and third ("" for none). The labels are
    translated, so the columns are sized to them.
    """
    # TRANSLATORS: a column label in the unloading diagram; keep it short.
    slot = pgettext("unload diagram", "slot")
    # TRANSLATORS: a column label in the unloading diagram; keep it short.
    token = pgettext("unload diagram", "token")
    cells = [_("cell {number}").format(number=n) for n in (4, 5, 6)]
    width = max(len(c) for c in (*cells, *order))
    label_width = max(len(slot), len(token))

    def row(label: str, boat: str, fields: Sequence[str], gap: int, between: int) -> str:
        centred = ("".ljust((width - len(f)) // 2) + f for f in fields)
        return (
            label.ljust(label_width + gap)
            + boat.ljust(11)
            + "| "
            + (" " * between).join(c.ljust(width) for c in centred)
        ).rstrip()

    # Long translated labels close the gaps up, so that the diagram stays
    # whole in the help pane of an 80-column terminal.
    for gap, between in ((3, 2), (2, 2), (1, 1)):
        lines = (
            row(slot, "3   2   1", cells, gap, between),
            row(token, "T3  OB  PL", list(meeples), gap, between),
            row("", "", list(order), gap, between),
        )
        if max(len(line) for line in lines) <= _DIAGRAM_WIDTH:
            break
    return "\n".join(("```", *lines, "```"))


def _unload_topic(_sides: Sides | None) -> str:
    # TRANSLATORS: who collects first, second and third in the unloading diagram.
    first, second, third = _("1st"), _("2nd"), _("3rd")
    return _md(
        "# " + _("Unloading a boat"),
        _("""You may unload a boat that is still in play if **two or three meeples**
stand in its line, whoever owns them (keys {keys}: R1, R2, R3, C1,
C2, C3). Only that one line is unloaded.""").format(keys=key_label("boat")),
        _("""**Who gets what.** Count the meeples in the line starting from the boat's end
and skipping empty cells. The first meeple gets the token in slot 3 (the far
end of the boat), the second gets slot 2, a third gets slot 1. When the line holds
just two meeples, nobody collects slot 1: that token leaves the game."""),
        _("Example, the row 2 boat with two meeples (X and O are the two players):"),
        _unload_diagram("X.O", (first, "", second)),
        _("""- X, nearest the boat, gets slot 3: the temple T3.
- O, the second meeple, gets slot 2: the obelisk OB.
- Nobody is left for slot 1, so the light pyramid PL leaves the game."""),
        _("""Now let O put a third meeple on cell 5, between the other two. Counting from
the boat again, that new meeple is second and takes slot 2 (OB), and the meeple
on cell 6 is third and takes slot 1 (PL); nothing leaves the game:"""),
        _unload_diagram("XOO", (first, second, third)),
        _("""The tokens go out one by one in this order, and each owner adds theirs to
their monuments straight away (see *Gained tokens*). Every meeple of
the line goes back to its owner's hand."""),
        _("""**Refill.** The boat is then reloaded with three tokens from the supply. When
the supply is empty the boat leaves the game instead: its line can never be
unloaded again, though meeples on it still help the lines that cross it.
Should only one boat remain afterwards, the game is over immediately."""),
        _online_refill_note(),
    )


def _gained(_sides: Sides | None) -> str:
    return _md(
        "# " + _("Gained tokens"),
        _("A token you gain goes straight onto your boards:"),
        _("""- **Obelisk**: onto your obelisk stack. On side B it matters who holds five
  first; within one unload, the meeple nearer the boat is served first.
- **Temple**: into your temple. Both players can see the values (see
  *Rulings*).
- **Pyramid**: the light and the dark pyramid grow independently, up to six
  tokens each (there are six of each colour).
- **Burial chamber**: onto its numbered space (1-12).
- **Action token**: kept beside your boards until you play it. One you never
  play is worth a point at the end."""),
        _("How each monument scores: see *Obelisk*, *Temple*, *Pyramids* and *Burial chamber*."),
    )


def _token_head(token: str) -> str:
    key = key_label(TOKEN_TOPICS[token])
    return _md(
        "# " + tr(TOKEN_NAMES[token]),
        # TRANSLATORS: {code} is the token's code in the notation, {key} the key that plays it.
        _("Action token, written `{code}`; key `{key}`.").format(code=token, key=key),
    )


def _take(_sides: Sides | None) -> str:
    return _md(
        _token_head(TAKE),
        _("""Choose one token on any boat still in play, in any slot, as long as it is
**not** an action token, and add it to your monuments at once. The top
reserve token is turned face up into the emptied slot. No meeple moves and no boat is unloaded."""),
        _("""You can play it only while some boat carries a token other than an action
token. Three of these exist and the reserve holds three tokens, so the reserve
never runs out."""),
        _("In notation, taking slot 2 of the row 1 boat is written `TR1:2`."),
    )


def _place_two(_sides: Sides | None) -> str:
    return _md(
        _token_head(PLACE_TWO),
        _("""Place a meeple, then a second one, as in *Placing a meeple*. After that you
may place a third, or stop (key {key}). If your hand is empty after the second,
the turn ends there.""").format(key=key_label("stop")),
        _("""You can play it only with at least **two** meeples in your hand (see
*Rulings*)."""),
    )


def _place_unload(_sides: Sides | None) -> str:
    return _md(
        _token_head(PLACE_UNLOAD),
        _("""Place one meeple, then unload a boat, then, if you wish, unload a second boat
(or stop with key {key}). The unloads can be any boats that qualify, not only
those through your new meeple.""").format(key=key_label("stop")),
        _("""You cannot skip the placement or the first unload. Hence you may play this
token only if some empty cell would open a boat for unloading, and your meeple
has to go on one of those cells (see *Rulings*)."""),
        _("""A boat is reloaded (or leaves the game) as soon as it has been unloaded.
Should the first unload end the game, nothing more happens that turn. A
second unload is offered only when some boat can still be unloaded."""),
        _online_refill_note(),
    )


def _swap_unload(_sides: Sides | None) -> str:
    return _md(
        _token_head(SWAP_UNLOAD),
        _("""Pick a boat in play and exchange the tokens of two of its slots. Then unload
a boat, which need not be the boat you swapped on. Handy to move the token you
want into slot 3 before your nearest meeple collects it."""),
        _("""Neither step may be skipped. A swap moves no meeple, so you can only play
this token while some boat is already ready to unload."""),
        _("In notation, swapping slots 1 and 3 of the column 2 boat is written `SC2:13`."),
    )


def _end(_sides: Sides | None) -> str:
    return _md(
        "# " + _("End of the game"),
        _("""The supply runs dry after 13 refills. From then on an unloaded boat leaves the
game instead of being reloaded. The moment only **one** boat remains in play,
the game is over, even in the middle of an action token. Nobody gets the
tokens on that last boat."""),
        _("""Then everyone scores each monument on the side in play, and adds the points
described under *Leftover points*. The higher total wins; for equal totals see
*Ties*."""),
    )


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
        _("""Action tokens that ask for a slot (Take, Swap): press the boat's letter, then
the slot's number 1-3, or move the cursor onto the slot and press Enter. The
footer shows the main keys."""),
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


@dataclass(frozen=True)
class Topic:
    id: str
    title: str  # short enough for the topic list; English, marked for the catalog
    render: Callable[[Sides | None], str]
    keywords: str = ""  # extra words for search, marked for the catalog
    codes: str = ""  # notation and token codes for search, the same in every language


TOPICS: Final[tuple[Topic, ...]] = (
    Topic("goal", N_("Goal of the game"), _goal, N_("aim win overview")),
    Topic("harbor", N_("The harbor"), _harbor, N_("grid cells boats slots reserve supply")),
    Topic("setup", N_("Setting up"), _setup, N_("start sides deal")),
    Topic("turn", N_("Your turn"), _turn, N_("actions pass")),
    Topic("place", N_("Placing a meeple"), _place),
    Topic("unload", N_("Unloading a boat"), _unload_topic, N_("slot order distance box refill")),
    Topic("tokens", N_("Gained tokens"), _gained, N_("cargo monuments")),
    Topic("take", TOKEN_NAMES[TAKE], _take, N_("action token reserve"), "AT"),
    Topic("place-two", TOKEN_NAMES[PLACE_TWO], _place_two, N_("action token"), "AP"),
    Topic(
        "place-unload",
        N_("Place 1 and unload"),
        _place_unload,
        N_("action token twice"),
        "AU 1-2x",
    ),
    Topic("swap-unload", N_("Swap and unload"), _swap_unload, N_("action token exchange"), "AS"),
    Topic("end", N_("End of the game"), _end, N_("last boat over finish")),
    Topic("obelisk", N_("Obelisk"), _obelisk, N_("scoring points side")),
    Topic("temple", N_("Temple"), _temple, N_("scoring points side sets circles")),
    Topic("pyramids", N_("Pyramids"), _pyramids, N_("scoring points side light dark")),
    Topic("chamber", N_("Burial chamber"), _chamber, N_("scoring points side groups")),
    Topic("leftovers", N_("Leftover points"), _leftovers, N_("unplayed meeples end scoring")),
    Topic("tie", N_("Ties"), _tie, N_("draw equal winner")),
    Topic("online", N_("Online rules"), _online, N_("Yucata variant reload refill order starter")),
    Topic("rulings", N_("Rulings"), _rulings),
    Topic("controls", N_("Keys"), _controls, N_("controls keyboard bindings")),
    Topic("notation", N_("Notation"), _notation, N_("codes log record")),
)

TOPIC_IDS: Final = tuple(t.id for t in TOPICS)
_BY_ID: Final = {t.id: t for t in TOPICS}


def topic_title(topic_id: str) -> str:
    """The topic's title in the current language."""
    return say(_BY_ID[topic_id].title)


def topic_markdown(topic_id: str, sides: Sides | None = None) -> str:
    """The topic's Markdown in the current language; monument topics put the side in play first."""
    return _BY_ID[topic_id].render(sides)


def search_topics(query: str, sides: Sides | None = None) -> list[str]:
    """Ids of the topics whose title, keywords or text contain every word of ``query``.

    The text searched is the one the player reads, in the current language;
    token codes and notation are the same in every language. The topics named
    for the words come first: a word that begins a word of the title ("tie" in
    "Ties") outranks one among the keywords, which outranks one that begins a
    word of the text, which outranks one met inside a word. Equal ranks keep
    the topics' own order.
    """
    words = query.casefold().split()
    if not words:
        return list(TOPIC_IDS)
    found: list[tuple[int, int, str]] = []
    for index, topic in enumerate(TOPICS):
        title = topic_title(topic.id).casefold()
        keywords = " ".join((say(topic.keywords) if topic.keywords else "", topic.codes))
        keywords = keywords.casefold()
        text = topic.render(sides).casefold()
        haystack = " ".join((title, keywords, text))
        if all(w in haystack for w in words):
            rank = sum(_rank(w, title, keywords, text) for w in words)
            found.append((-rank, index, topic.id))
    return [topic_id for _, _, topic_id in sorted(found)]


def _rank(word: str, title: str, keywords: str, text: str) -> int:
    if _begins_a_word(word, title):
        return 3
    if _begins_a_word(word, keywords):
        return 2
    return 1 if _begins_a_word(word, text) else 0


def _begins_a_word(word: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(word), text) is not None


# --- from an engine reason to a topic -----------------------------------------------

# Checked in order: the first pattern found in the reason wins. Token names come
# first because they contain words ("unload", "place") that other rules match.
_REASON_RULES: Final[tuple[tuple[str, str], ...]] = (
    *((re.escape(TOKEN_NAMES[t].lower()), topic) for t, topic in TOKEN_TOPICS.items()),
    (r"\bswap\b", "swap-unload"),
    (r"this token's unload", "place-unload"),
    (r"game is over", "end"),
    (r"is not an action token", "tokens"),
    (r"not an action|not a boat|not a token|slot '|expected", "notation"),
    (r"step of an action token|\bpass\b", "turn"),
    (r"no such|no cell|numbered 1 to 9", "harbor"),
    (r"left the game|unloaded|\bline\b", "unload"),
    (r"meeple", "place"),
)


def match_reason(reason: str) -> str | None:
    """The topic a reason clearly belongs to, or None if no rule recognises it."""
    text = reason.lower()
    for pattern, topic in _REASON_RULES:
        if re.search(pattern, text):
            return topic
    return None


def topic_for_reason(reason: str) -> str:
    """The help topic that explains why an action was refused (engine.why_illegal)."""
    return match_reason(reason) or "turn"


__all__ = [
    "HELP_KEYS",
    "KEYS",
    "MONUMENTS",
    "RULINGS",
    "TOPICS",
    "TOPIC_IDS",
    "Key",
    "Ruling",
    "Topic",
    "boat_key",
    "key_label",
    "match_reason",
    "say",
    "search_topics",
    "topic_for_reason",
    "topic_markdown",
    "topic_title",
]
