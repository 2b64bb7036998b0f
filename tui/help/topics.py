"""The rules help, topic by topic, as Markdown.

Everything numeric is generated from :mod:`engine.scoring` (its tables and its
scoring functions) and from :mod:`engine.tokens`, so the help cannot drift from
what the engine scores. The keys are listed once, in :data:`KEYS`, for both the
help text and the app's bindings.

Pure Python: no Textual here, so the text can be tested and reused (the status
line, the newcomer's guide) without an app.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from engine.explain import explain_chamber, explain_obelisk, explain_pyramids, explain_temple
from engine.scoring import (
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
from engine.state import Sides
from engine.tokens import (
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
from tui.keys import BOAT_KEYS, KEY_OF_TOKEN
from tui.token_words import LEGEND

# --- keys -----------------------------------------------------------------------


@dataclass(frozen=True)
class Key:
    """One command of the game screen and the keys that give it."""

    name: str  # stable identifier the app maps to its action
    keys: tuple[str, ...]  # Textual key names, ready for a Binding
    label: str  # how the keys are written for players
    description: str


def _token_key(token: str, name: str) -> Key:
    key = KEY_OF_TOKEN[token]
    return Key(name, (key,), key, f"play {TOKEN_NAMES[token]}")


# The game screen's keys as the players read about them. The boat and token
# letters come from tui.keys, which the game screen binds, so the two cannot
# disagree; the rest mirrors GameScreen.BINDINGS.
KEYS: Final[tuple[Key, ...]] = (
    Key(
        "move",
        ("up", "down", "left", "right", "k", "j", "h", "l"),
        "arrows, hjkl",
        "move the cursor over cells, boats and slots",
    ),
    Key("choose", ("enter",), "Enter", "choose what the cursor is on"),
    Key(
        "cell",
        tuple(str(n) for n in range(1, 10)),
        "1-9",
        "place a meeple on that cell; while taking or swapping, slot 1-3 of the chosen boat",
    ),
    Key(
        "boat",
        tuple(BOAT_KEYS),
        f"{BOAT_KEYS[0]}-{BOAT_KEYS[-1]}",
        "unload boat "
        + ", ".join(f"{k} = {b}" for k, b in zip(BOAT_KEYS, BOAT_NAMES, strict=True))
        + ": the unload is shown first, and Enter or the same key makes it (previews"
        + " can be switched off in the command palette); while taking or swapping,"
        + " choose that boat",
    ),
    _token_key(TAKE, "take"),
    _token_key(PLACE_TWO, "place-two"),
    _token_key(PLACE_UNLOAD, "place-unload"),
    _token_key(SWAP_UNLOAD, "swap-unload"),
    Key("stop", ("x",), "x", "stop: skip the optional last step of an action token"),
    Key(
        "back",
        ("escape",),
        "Esc",
        "drop an unload on show, clear a half-made swap, or take back an action token "
        "nothing has been done with",
    ),
    Key("pass", ("full_stop",), ".", "pass (only when nothing else is legal)"),
    Key("undo", ("z",), "z", "undo"),
    Key("redo", ("y",), "y", "redo"),
    Key("save", ("w",), "w", "save the game"),
    Key("load", ("o",), "o", "load a game"),
    Key("log", ("g",), "g", "show the move log, with a replay viewer"),
    Key("details", ("i",), "i", "how each monument's points arise"),
    Key("hint", ("H",), "H", "a hint: what the hard computer player would do, and why"),
    Key("faster", ("plus", "equals_sign"), "+", "computer players move sooner"),
    Key("slower", ("minus",), "-", "computer players wait longer"),
    Key("new", ("n",), "n", "new game (once the game is over)"),
    Key("help", ("question_mark", "f1"), "? / F1", "open this help"),
    Key("quit", ("q",), "q", "quit"),
)

# Keys of the help screen itself.
HELP_KEYS: Final[tuple[Key, ...]] = (
    Key("close", ("escape", "q"), "Esc / q", "close the help"),
    Key("search", ("slash",), "/", "search the topics"),
    Key("open", ("enter", "right"), "Enter / right", "read the highlighted topic"),
    Key("topics", ("left",), "left", "from the text back to the topic list"),
    Key("results", ("down",), "down", "from the search box into the topics found"),
    Key("page", ("pageup", "pagedown"), "PgUp / PgDn", "scroll the text by a page"),
    Key("keys", ("question_mark", "f1"), "? / F1", "show this list of keys"),
    Key("focus", ("tab", "shift+tab"), "Tab", "move between search, topics and text"),
)

_KEYS_BY_NAME: Final = {k.name: k for k in (*KEYS, *HELP_KEYS)}


def key_label(name: str) -> str:
    """How the keys of command ``name`` are written, e.g. ``"1-9"``."""
    return _KEYS_BY_NAME[name].label


def boat_key(boat: int) -> str:
    """The key that chooses ``boat`` (0-5, in the order of BOAT_NAMES)."""
    return BOAT_KEYS[boat]


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
    lines.append("|" + "|".join(" --- " for _ in header) + "|")
    lines.extend("| " + " | ".join(str(c) for c in row) + " |" for row in rows)
    return "\n".join(lines)


def _md(*blocks: str) -> str:
    return "\n\n".join(b.strip("\n") for b in blocks if b.strip()) + "\n"


def _side_sections(sides: Sides | None, monument: str, side_a: str, side_b: str) -> tuple[str, str]:
    """The two side sections, the side in play in this game first."""
    played = getattr(sides, monument) if sides is not None else None

    def heading(side: str) -> str:
        if played is None:
            return f"## Side {side}"
        return f"## Side {side} ({'in this game' if side == played else 'not used in this game'})"

    a = f"{heading('A')}\n\n{side_a.strip()}"
    b = f"{heading('B')}\n\n{side_b.strip()}"
    return (b, a) if played == "B" else (a, b)


def _sides_line(sides: Sides | None) -> str:
    if sides is None:
        return ""
    return (
        f"In this game: obelisk side {sides.obelisk}, temple side {sides.temple}, "
        f"pyramids side {sides.pyramids}, burial chamber side {sides.chamber}."
    )


# --- topics -----------------------------------------------------------------------


def _goal(sides: Sides | None) -> str:
    return _md(
        "# Goal of the game",
        """
Two builders compete to supply four monuments: the **obelisk**, the **temple**,
the **pyramids** and the **burial chamber**. Cargo reaches you by boat, but you
never simply pick a boat's cargo: you stand meeples beside the harbor, and when
a boat is unloaded, every meeple in its line gets a token, your rival's included.
""",
        """
The game stops as soon as only one boat is left in play. Then each monument is
scored, plus a few points for leftovers; the higher total wins. Equal totals go
to the player who did not start, so there is never a draw.
""",
        """
Every monument has two ways of scoring, side A and side B, chosen before the
game starts. A monument's side is shared: you and your opponent score it the
same way.
""",
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
    """Every token code the board shows, with its name (tui.token_words' table)."""
    rows = [(f"`{codes}`", words) for codes, words in LEGEND]
    return _table(("Code", "Token"), *rows)


_HARBOR = _md(
    "# The harbor",
    _HARBOR_DIAGRAM,
    """
The harbor is a grid of nine cells, numbered 1 to 9 row by row from the top
left. Six boats carry three tokens each:
""",
    """
- the **row boats** R1, R2 and R3 lie at the left end of the three rows;
- the **column boats** C1, C2 and C3 lie at the top of the three columns.
""",
    """
A boat's **line** is its row or its column. Each cell is on two lines, so a
meeple there can be collected by two different boats. A boat's slots are
numbered 1, 2, 3 outwards: slot 1 is next to the grid, slot 3 the farthest away.
""",
    """
Face-down tokens wait in the **supply** to refill boats, and three more lie on
the **reserve**, used only by the *Take 1 token* action token. Under the harbor,
the line that starts with **Boats** counts the unloads left before the game
ends: every unload uses up a refill, and once the supply is empty each unload
takes its boat out of the game, until only one is left.
""",
    "## Token codes",
    """
In a small window the boats show each token as a short code. The top left
corner of the harbor names the token under the cursor (or the mouse) in words;
with the cursor on a cell it keys the four action tokens. A window of 100x30 or
more spells every token out on the boats and lists the codes beside the board.
""",
    _harbor_codes(),
)


def _token_counts() -> str:
    groups: list[tuple[str, tuple[str, ...]]] = [
        (TOKEN_NAMES[OBELISK], (OBELISK,)),
        (TOKEN_NAMES[LIGHT_PYRAMID], (LIGHT_PYRAMID,)),
        (TOKEN_NAMES[DARK_PYRAMID], (DARK_PYRAMID,)),
        (
            f"temple: {FULL_SET.count(TEMPLES[0])} each with 1, 2, 3 and 4 circles",
            TEMPLES,
        ),
        (f"burial chamber: one each numbered 1 to {len(CHAMBERS)}", CHAMBERS),
        *((f"action token: {TOKEN_NAMES[t]}", (t,)) for t in ACTION_TOKENS),
    ]
    rows = [(label, sum(FULL_SET.count(t) for t in tokens)) for label, tokens in groups]
    return _table(("Token", "How many"), *rows)


def _setup(sides: Sides | None) -> str:
    boats = 6 * 3
    reserve = 3
    supply = len(FULL_SET) - boats - reserve
    return _md(
        "# Setting up",
        f"""
1. Pick side A or B for each monument. The choice is per monument (obelisk A
   with temple B is fine), and both players use the same side.
2. All {len(FULL_SET)} cargo tokens are shuffled face down to form the supply.
3. Every boat is loaded with three tokens, face up, slot 1 first.
4. Three further tokens go face down on the reserve.
5. The {supply} tokens left over can reload a boat {supply // 3} times, no more.
6. Each player starts with four meeples in hand. The new-game screen lets
   you choose who starts: player 1, player 2 or at random.
""",
        _sides_line(sides),
        f"The {len(FULL_SET)} tokens:",
        _token_counts(),
    )


_TURN = _md(
    "# Your turn",
    """
On your turn you do exactly **one** of these three things, then play passes to
your opponent:
""",
    f"""
- **Place a meeple** on an empty cell (keys {key_label("cell")}).
  See *Placing a meeple*.
- **Unload a boat** whose line holds at least two meeples (keys
  {key_label("boat")}). See *Unloading a boat*.
- **Play an action token** you hold (keys {key_label("take")},
  {key_label("place-two")}, {key_label("place-unload")}, {key_label("swap-unload")}).
  Its effect is your whole turn. See the four action token topics.
""",
    """
Only one action token can be played in a turn, and a token you gain during a
turn has to wait for a later one.
""",
    f"""
**Passing.** If none of the three is possible, you pass ({key_label("pass")}). That
can only happen near the end, with your four meeples all on the grid and no
boat ready to unload. The game cannot get stuck: your opponent can always still
place a meeple, and with eight meeples on the grid no line has fewer than two.
""",
)

_PLACE = _md(
    "# Placing a meeple",
    f"""
Take a meeple from your hand and stand it on any empty cell (keys
{key_label("cell")}). A cell holds one meeple at most.
""",
    """
You own four meeples. When all four are on the grid you cannot place; you get
them back only when a boat on their row or column is unloaded.
""",
    """
Colour does not matter for unloading: any two meeples in a line, yours or your
opponent's, let that boat be unloaded. So a placement can open a boat for your
rival as well as for you.
""",
)

_UNLOAD_DIAGRAM = """
```
slot    3   2   1  | cell 4  cell 5  cell 6
token   T3  OB  PL |   X       .       O
                   |  1st             2nd
```
"""

_UNLOAD_THREE = """
```
slot    3   2   1  | cell 4  cell 5  cell 6
token   T3  OB  PL |   X       O       O
                   |  1st     2nd     3rd
```
"""


def _unload_topic(sides: Sides | None) -> str:
    return _md(
        "# Unloading a boat",
        f"""
You may unload a boat that is still in play if **two or three meeples**
stand in its line, whoever owns them (keys {key_label("boat")}: R1, R2, R3, C1,
C2, C3). Only that one line is unloaded.
""",
        """
**Who gets what.** Count the meeples in the line starting from the boat's end
and skipping empty cells. The first meeple gets the token in slot 3 (the far
end of the boat), the second gets slot 2, a third gets slot 1. When the line holds
just two meeples, nobody collects slot 1: that token leaves the game.
""",
        "Example, the row 2 boat with two meeples (X and O are the two players):",
        _UNLOAD_DIAGRAM,
        """
- X, nearest the boat, gets slot 3: the temple T3.
- O, the second meeple, gets slot 2: the obelisk OB.
- Nobody is left for slot 1, so the light pyramid PL leaves the game.
""",
        """
Now let O put a third meeple on cell 5, between the other two. Counting from
the boat again, that new meeple is second and takes slot 2 (OB), and the meeple
on cell 6 is third and takes slot 1 (PL); nothing leaves the game:
""",
        _UNLOAD_THREE,
        """
The tokens go out one by one in this order, and each owner adds theirs to
their monuments straight away (see *Gained tokens*). Every meeple of
the line goes back to its owner's hand.
""",
        """
**Refill.** The boat is then reloaded with three tokens from the supply. When
the supply is empty the boat leaves the game instead: its line can never be
unloaded again, though meeples on it still help the lines that cross it.
Should only one boat remain afterwards, the game is over immediately.
""",
    )


_GAINED = _md(
    "# Gained tokens",
    "A token you gain goes straight onto your boards:",
    """
- **Obelisk**: onto your obelisk stack. On side B it matters who holds five
  first; within one unload, the meeple nearer the boat is served first.
- **Temple**: into your temple. Both players can see the values (see
  *Rulings*).
- **Pyramid**: the light and the dark pyramid grow independently, up to six
  tokens each (there are six of each colour).
- **Burial chamber**: onto its numbered space (1-12).
- **Action token**: kept beside your boards until you play it. One you never
  play is worth a point at the end.
""",
    "How each monument scores: see *Obelisk*, *Temple*, *Pyramids* and *Burial chamber*.",
)


def _token_head(token: str) -> str:
    key = key_label(TOKEN_TOPICS[token])
    return f"# {TOKEN_NAMES[token]}\n\nAction token, written `{token}`; key `{key}`."


_TAKE = _md(
    _token_head(TAKE),
    """
Choose one token on any boat still in play, in any slot, as long as it is
**not** an action token, and add it to your monuments at once. The top
reserve token is turned face up into the emptied slot. No meeple moves and no boat is unloaded.
""",
    """
You can play it only while some boat carries a token other than an action
token. Three of these exist and the reserve holds three tokens, so the reserve
never runs out.
""",
    "In notation, taking slot 2 of the row 1 boat is written `TR1:2`.",
)

_PLACE_TWO = _md(
    _token_head(PLACE_TWO),
    f"""
Place a meeple, then a second one, as in *Placing a meeple*. After that you
may place a third, or stop (key {key_label("stop")}). If your hand is empty after the second,
the turn ends there.
""",
    """
You can play it only with at least **two** meeples in your hand (see
*Rulings*).
""",
)

_PLACE_UNLOAD = _md(
    _token_head(PLACE_UNLOAD),
    f"""
Place one meeple, then unload a boat, then, if you wish, unload a second boat
(or stop with key {key_label("stop")}). The unloads can be any boats that qualify, not only
those through your new meeple.
""",
    """
You cannot skip the placement or the first unload. Hence you may play this
token only if some empty cell would open a boat for unloading, and your meeple
has to go on one of those cells (see *Rulings*).
""",
    """
A boat is reloaded (or leaves the game) as soon as it has been unloaded.
Should the first unload end the game, nothing more happens that turn. A
second unload is offered only when some boat can still be unloaded.
""",
)

_SWAP_UNLOAD = _md(
    _token_head(SWAP_UNLOAD),
    """
Pick a boat in play and exchange the tokens of two of its slots. Then unload
a boat, which need not be the boat you swapped on. Handy to move the token you
want into slot 3 before your nearest meeple collects it.
""",
    """
Neither step may be skipped. A swap moves no meeple, so you can only play
this token while some boat is already ready to unload.
""",
    "In notation, swapping slots 1 and 3 of the column 2 boat is written `SC2:13`.",
)

_END = _md(
    "# End of the game",
    """
The supply runs dry after 13 refills. From then on an unloaded boat leaves the
game instead of being reloaded. The moment only **one** boat remains in play,
the game is over, even in the middle of an action token. Nobody gets the
tokens on that last boat.
""",
    """
Then everyone scores each monument on the side in play, and adds the points
described under *Leftover points*. The higher total wins; for equal totals see
*Ties*.
""",
)


def _obelisk(sides: Sides | None) -> str:
    side_a = _md(
        f"""
You score {OBELISK_A_PER_TOKEN} point per obelisk token. Whoever holds
strictly more obelisks than the other gets a bonus; when both hold the same
number, nobody does.
""",
        _table(
            ("Obelisk, side A", "Points"),
            ("each token", OBELISK_A_PER_TOKEN),
            ("bonus for more tokens than the opponent", OBELISK_A_MAJORITY),
        ),
        f"Example: {explain_obelisk('A', 5, 3, None)}.",
    )
    side_b = _md(
        f"""
What counts is reaching {OBELISK_B_THRESHOLD} tokens, and who got there first.
Holding {OBELISK_B_TEN_THRESHOLD} or more scores the top value; only 12 obelisks
exist, so such a player was necessarily first to {OBELISK_B_THRESHOLD}.
""",
        _table(
            ("Obelisk, side B", "Points"),
            (f"first to hold {OBELISK_B_THRESHOLD}", OBELISK_B_FIRST),
            (f"{OBELISK_B_THRESHOLD} or more, but not first", OBELISK_B_SECOND),
            (f"fewer than {OBELISK_B_THRESHOLD}", 0),
            (f"{OBELISK_B_TEN_THRESHOLD} or more", OBELISK_B_TEN),
        ),
        f"Example: {explain_obelisk('B', 6, 5, True)}.",
    )
    return _md("# Obelisk scoring", *_side_sections(sides, "obelisk", side_a, side_b))


_TEMPLE_B_EXAMPLE: Final = (1, 1, 2, 2, 2, 3, 4, 4)


def _temple(sides: Sides | None) -> str:
    values = (1, 2, 3, 4)
    side_a = _md(
        "Each temple token shows 1 to 4 circles; you score one point per circle.",
        _table(
            ("Circles on a token", *values),
            ("Points", *(temple_points("A", (v,)) for v in values)),
        ),
        f"Example: {explain_temple('A', (1, 4, 2))}.",
    )
    sizes = range(1, len(TEMPLE_B_SET))
    side_b = _md(
        """
Your temple tokens are grouped into sets of **different** values, one layer at
a time: the first set takes one of each value you own, the next one of each
value you own at least twice, and so on. Each set scores by its size.
""",
        _table(
            ("Tokens in a set", *sizes),
            ("Points", *(TEMPLE_B_SET[n] for n in sizes)),
        ),
        f"Example: {explain_temple('B', _TEMPLE_B_EXAMPLE)}.",
    )
    return _md(
        "# Temple scoring",
        "Both players can see all temple values (see *Rulings*).",
        *_side_sections(sides, "temple", side_a, side_b),
    )


def _pyramids(sides: Sides | None) -> str:
    counts = range(len(PYRAMID_A))
    side_a = _md(
        "Your light and your dark pyramid each score by their number of tokens.",
        _table(("Tokens", *counts), ("Points", *PYRAMID_A)),
        f"Example: {explain_pyramids('A', 4, 6)}.",
    )
    side_b = _md(
        f"""
Only your **smaller** pyramid scores, by its number of tokens (just one of
them, if both are the same size). An empty pyramid costs points. The value
for four tokens, {PYRAMID_B[4]}, is a ruling (see *Rulings*).
""",
        _table(("Tokens", *counts), ("Points", *PYRAMID_B)),
        f"Example: {explain_pyramids('B', 2, 5)}.",
    )
    return _md(
        "# Pyramids scoring",
        "Light and dark pyramid tokens build two separate pyramids of up to six tokens.",
        *_side_sections(sides, "pyramids", side_a, side_b),
    )


def _chamber(sides: Sides | None) -> str:
    top = len(CHAMBER_A) - 1  # the last entry covers every larger group

    def size_label(n: int) -> str:
        return f"{n}+" if n == top else str(n)

    sizes = range(1, top + 1)
    side_a = _md(
        "Each group earns points according to its size.",
        _table(
            ("Group size", *(size_label(n) for n in sizes)),
            ("Points", *(chamber_points("A", tuple(range(1, n + 1))) for n in sizes)),
        ),
        f"Example: {explain_chamber('A', (3, 4, 5, 11))}.",
    )
    side_b = _md(
        "Every group scores the same, whatever its size.",
        _table(
            ("Group size", *(size_label(n) for n in sizes)),
            ("Points", *(chamber_points("B", tuple(range(1, n + 1))) for n in sizes)),
        ),
        f"Example: {explain_chamber('B', (1, 3, 4, 5))}.",
    )
    return _md(
        "# Burial chamber scoring",
        """
Chamber tokens are numbered 1 to 12. A **group** is a run of consecutive
numbers you hold that cannot be extended: 3, 4, 5 is one group, and a single
token on its own counts as a group. 12 and 1 are not neighbours.
""",
        *_side_sections(sides, "chamber", side_a, side_b),
    )


_LEFTOVERS = _md(
    "# Leftover points",
    """
When the game ends, each player adds:
""",
    """
- **1 point** for every action token still held, never played;
- **1 point** for every one of their meeples still standing on the grid.
""",
    """
So an action token is worth a point if you keep it; playing it gives that
point up.
""",
)

_TIE = _md(
    "# Ties",
    """
There are no draws. If both totals are equal, the player who did **not** take
the first turn of the game wins.
""",
)


@dataclass(frozen=True)
class Ruling:
    """A decision this game takes where the printed rulebooks differ or are silent."""

    title: str
    decision: str
    reason: str


RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling(
        "Who starts",
        "The new-game screen offers player 1, player 2, or a random pick.",
        "The printed rules let the younger player begin, while online versions "
        "pick at random. Offering a fixed choice and a random one covers both customs.",
    ),
    Ruling(
        TOKEN_NAMES[PLACE_TWO],
        "Playable only with at least two meeples in your hand.",
        "The token promises at least two placements; with one meeple it could not deliver them.",
    ),
    Ruling(
        TOKEN_NAMES[PLACE_UNLOAD],
        "You must place and then unload at least once. So the token can be played "
        "only when some empty cell would open a boat for unloading, and your meeple "
        "has to go on one of those cells.",
        "The token's name promises a placement and an unload. Reading both as "
        "required keeps it from being used as a plain placement.",
    ),
    Ruling(
        "No legal action",
        "A player who can do nothing passes the turn.",
        "The rulebooks do not cover it. It arises only when someone's four meeples "
        "are all on the grid and no boat qualifies, and it can never freeze the game.",
    ),
    Ruling(
        "Temple values are public",
        "Both players can see every temple token's value. (The ruling allows a "
        "memory option that would hide the opponent's values; this game has none yet.)",
        "The texts disagree on whether temple tokens lie face up or face down, but "
        "each temple token sat face up on a boat, in plain view, before anyone collected it.",
    ),
    Ruling(
        "Pyramids side B, four tokens",
        f"A smaller pyramid of four tokens scores {PYRAMID_B[4]}.",
        "The German and Russian rulebooks give this value; the Hungarian one "
        "gives 15. The majority reading is used.",
    ),
)


def _rulings() -> str:
    items = [f"## {r.title}\n\n{r.decision}\n\n*Why:* {r.reason}" for r in RULINGS]
    return _md(
        "# Rulings",
        """
Where the published rulebooks disagree with each other, or say nothing, this
game decides as follows.
""",
        *items,
    )


def _controls() -> str:
    return _md(
        "# Keys",
        "## In the game",
        _table(("Keys", "What they do"), *((k.label, k.description) for k in KEYS)),
        """
Action tokens that ask for a slot (Take, Swap): press the boat's letter, then
the slot's number 1-3, or move the cursor onto the slot and press Enter. The
footer shows the main keys.
""",
        "## In this help",
        _table(("Keys", "What they do"), *((k.label, k.description) for k in HELP_KEYS)),
    )


def _notation() -> str:
    actions = _table(
        ("Written", "Means"),
        ("`P5`", "place a meeple on cell 5"),
        ("`UR2`", "unload the row 2 boat (`UC3`: the column 3 boat)"),
        ("`AT` `AP` `AU` `AS`", "play that action token"),
        ("`TR1:2`", "Take 1 token: take slot 2 of the row 1 boat"),
        ("`SC2:13`", "Swap: exchange slots 1 and 3 of the column 2 boat"),
        ("`stop`", "skip the optional last step of an action token"),
        ("`pass`", "pass (only when nothing else is legal)"),
    )
    seen: dict[str, str] = {}
    for token in FULL_SET:
        seen.setdefault(token, TOKEN_NAMES[token])
    grouped = [
        ("`OB`", seen["OB"]),
        ("`PL` `PD`", "light, dark pyramid"),
        ("`T1` ... `T4`", "temple with 1 to 4 circles"),
        ("`B1` ... `B12`", "burial chamber 1 to 12"),
        *((f"`{t}`", f"action token: {TOKEN_NAMES[t]}") for t in ACTION_TOKENS),
    ]
    return _md(
        "# Notation",
        """
The move log and saved games write each step of a turn in a short form. Cells
are 1 to 9, boats R1-R3 (rows) and C1-C3 (columns), slots 1 to 3.
""",
        actions,
        "## Tokens",
        _table(("Code", "Token"), *grouped),
    )


@dataclass(frozen=True)
class Topic:
    id: str
    title: str  # short enough for the topic list
    render: Callable[[Sides | None], str]
    keywords: str = ""  # extra words for search


def _fixed(text: str) -> Callable[[Sides | None], str]:
    return lambda _sides: text


TOPICS: Final[tuple[Topic, ...]] = (
    Topic("goal", "Goal of the game", _goal, "aim win overview"),
    Topic("harbor", "The harbor", _fixed(_HARBOR), "grid cells boats slots reserve supply"),
    Topic("setup", "Setting up", _setup, "start sides deal"),
    Topic("turn", "Your turn", _fixed(_TURN), "actions pass"),
    Topic("place", "Placing a meeple", _fixed(_PLACE)),
    Topic("unload", "Unloading a boat", _unload_topic, "slot order distance box refill"),
    Topic("tokens", "Gained tokens", _fixed(_GAINED), "cargo monuments"),
    Topic("take", TOKEN_NAMES[TAKE], _fixed(_TAKE), "action token reserve AT"),
    Topic("place-two", TOKEN_NAMES[PLACE_TWO], _fixed(_PLACE_TWO), "action token AP"),
    Topic(
        "place-unload", "Place 1 and unload", _fixed(_PLACE_UNLOAD), "action token AU 1-2x twice"
    ),
    Topic("swap-unload", "Swap and unload", _fixed(_SWAP_UNLOAD), "action token AS exchange"),
    Topic("end", "End of the game", _fixed(_END), "last boat over finish"),
    Topic("obelisk", "Obelisk", _obelisk, "scoring points side"),
    Topic("temple", "Temple", _temple, "scoring points side sets circles"),
    Topic("pyramids", "Pyramids", _pyramids, "scoring points side light dark"),
    Topic("chamber", "Burial chamber", _chamber, "scoring points side groups"),
    Topic("leftovers", "Leftover points", _fixed(_LEFTOVERS), "unplayed meeples end scoring"),
    Topic("tie", "Ties", _fixed(_TIE), "draw equal winner"),
    Topic("rulings", "Rulings", lambda _s: _rulings()),
    Topic("controls", "Keys", lambda _s: _controls(), "controls keyboard bindings"),
    Topic("notation", "Notation", lambda _s: _notation(), "codes log record"),
)

TOPIC_IDS: Final = tuple(t.id for t in TOPICS)
_BY_ID: Final = {t.id: t for t in TOPICS}


def topic_title(topic_id: str) -> str:
    return _BY_ID[topic_id].title


def topic_markdown(topic_id: str, sides: Sides | None = None) -> str:
    """The topic's Markdown; monument topics put the side in play (``sides``) first."""
    return _BY_ID[topic_id].render(sides)


def search_topics(query: str, sides: Sides | None = None) -> list[str]:
    """Ids of the topics whose title, keywords or text contain every word of ``query``.

    The topics named for the words come first: a word that begins a word of the
    title ("tie" in "Ties") outranks one among the keywords, which outranks one
    that begins a word of the text, which outranks one met inside a word. Equal
    ranks keep the topics' own order.
    """
    words = query.lower().split()
    if not words:
        return list(TOPIC_IDS)
    found: list[tuple[int, int, str]] = []
    for index, topic in enumerate(TOPICS):
        text = topic.render(sides).lower()
        haystack = " ".join((topic.title.lower(), topic.keywords.lower(), text))
        if all(w in haystack for w in words):
            rank = sum(_rank(w, topic, text) for w in words)
            found.append((-rank, index, topic.id))
    return [topic_id for _, _, topic_id in sorted(found)]


def _rank(word: str, topic: Topic, text: str) -> int:
    if _begins_a_word(word, topic.title.lower()):
        return 3
    if _begins_a_word(word, topic.keywords.lower()):
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
    "search_topics",
    "topic_for_reason",
    "topic_markdown",
    "topic_title",
]
