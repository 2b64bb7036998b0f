"""The topics on playing: the goal, the harbor, a turn and each action token."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.duel.state import Sides
from engine.duel.tokens import (
    ACTION_TOKENS,
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
from tui.duel.help.keys import TOKEN_TOPICS, _keys, key_label
from tui.duel.help.markdown import _md, _sides_line, _table
from tui.duel.help.scoring import _online_refill_note
from tui.i18n import _, pgettext, tr

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
