"""A player's board, monument by monument, as lines of text.

Each monument is drawn by a function of the same shape; a player's panel stacks
them and remembers which lines belong to which monument, so that a click can
name its help topic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Final, NamedTuple

from rich.cells import cell_len
from rich.text import Text

from engine.duel import Player, PlayerScore, Sides
from engine.duel.scoring import chamber_groups, temple_sets
from tui.duel.glyphs import CHAMBER_STYLE, Glyphs
from tui.duel.keys import KEY_OF_TOKEN
from tui.duel.token_words import short_name
from tui.i18n import _

# TRANSLATORS: a monument's label ("Obelisk A") leaves a space in 10 cells.
LABEL_WIDTH = 10


@dataclass(frozen=True)
class Board:
    """What a player's panel draws; compared on every move, so only a change repaints."""

    who: int
    sides: Sides
    player: Player
    score: PlayerScore
    first_to_five: int

    def points(self, topic: str) -> int:
        """The points scored by one part of the board."""
        if topic == "leftovers":
            # A meeple on the grid scores one point, so the score already counts them.
            return self.score.actions + self.score.meeples
        points: int = getattr(self.score, topic)
        return points


# Text.styled: the style covers these characters only, not what is appended later.
def _label(name: str) -> Text:
    return Text.styled(name.ljust(LABEL_WIDTH), "bold")


def _points(points: int) -> Text:
    return Text.styled(f"{points:+d}".rjust(4), "bold")


def _line(label: str, body: Text, points: int | None, width: int, glyphs: Glyphs) -> Text:
    if points is not None:
        # A long line gives way before the points do: they are what the panel is for.
        room = width - LABEL_WIDTH - 5
        if body.cell_len > room:
            body = body.copy()
            body.truncate(max(0, room - len(glyphs.more)))
            body.append(glyphs.more, "dim")
    text = _label(label) + body
    if points is not None:
        text.pad_right(max(0, width - 4 - text.cell_len))
        text += _points(points)
    return text


def obelisk_lines(board: Board, glyphs: Glyphs, width: int) -> list[Text]:
    count = board.player.obelisks
    body = Text(glyphs.obelisk * count, style="bold yellow")
    body += Text(f" {count}")
    if board.sides.obelisk == "B" and board.first_to_five == board.who:
        body += Text(f" {glyphs.first}" + _("first to 5"), style="yellow")
    return [
        _line(
            _("Obelisk {side}").format(side=board.sides.obelisk),
            body,
            board.points("obelisk"),
            width,
            glyphs,
        )
    ]


def temple_lines(board: Board, glyphs: Glyphs, width: int) -> list[Text]:
    values = board.player.temples
    if not values:
        body = Text(glyphs.missing, style="dim")
    elif board.sides.temple == "B":
        sets = temple_sets(values)
        body = Text(" ".join("".join(str(v) for v in s) for s in sets), style="cyan")
    else:
        body = Text(" ".join(str(v) for v in values), style="cyan")
    return [
        _line(
            _("Temple {side}").format(side=board.sides.temple),
            body,
            board.points("temple"),
            width,
            glyphs,
        )
    ]


# Each pyramid is drawn in a block this wide, with its name underneath.
_PYRAMID_BLOCK = 8


def _pyramid_rows(count: int, glyph: str, style: str, glyphs: Glyphs) -> list[Text]:
    # Tokens 1-3 form the bottom row, 4-5 the middle, 6 the top.
    layout = ((5,), (3, 4), (0, 1, 2))
    rows = []
    for row in layout:
        text = Text(" " * (4 - len(row)))
        for i, index in enumerate(row):
            if i:
                text += " "
            text += Text(glyph, style) if index < count else Text(glyphs.missing, "dim")
        text.pad_right(_PYRAMID_BLOCK - text.cell_len)
        rows.append(text)
    return rows


def pyramid_lines(board: Board, glyphs: Glyphs, width: int) -> list[Text]:
    """Light and dark pyramids side by side, each built 3-2-1 from the bottom
    and named underneath; their tokens differ in shape as well as colour."""
    player = board.player
    light = _pyramid_rows(player.light, glyphs.light_pyramid, "bold bright_white", glyphs)
    dark = _pyramid_rows(player.dark, glyphs.dark_pyramid, "bold red", glyphs)
    names = Text.assemble(
        (_("light {count}").format(count=player.light).ljust(_PYRAMID_BLOCK), "dim"),
        (_("dark {count}").format(count=player.dark).ljust(_PYRAMID_BLOCK), "dim"),
    )
    bodies = [light[i] + dark[i] for i in range(3)] + [names]
    label = _("Pyramid {side}").format(side=board.sides.pyramids)
    points = board.points("pyramids")
    return [
        _line(label if i == 0 else "", body, points if i == 0 else None, width, glyphs)
        for i, body in enumerate(bodies)
    ]


def chamber_lines(board: Board, glyphs: Glyphs, width: int) -> list[Text]:
    """The burial chamber's spaces 1 to 12; runs of held numbers form the groups."""
    chambers = board.player.chambers
    held = set(chambers)
    group_of = {n: i for i, group in enumerate(chamber_groups(chambers)) for n in group}
    body = Text()
    for n in range(1, 13):
        digits = len(str(n))
        if n in held:
            # Alternate colours so neighbouring groups stay apart.
            style = CHAMBER_STYLE if group_of[n] % 2 == 0 else f"{CHAMBER_STYLE} underline"
            body += Text(str(n), style=style)
        else:
            body += Text(glyphs.missing.ljust(digits), style="dim")
        if n < 12:
            body += " "
    return [
        _line(
            _("Chamber {side}").format(side=board.sides.chamber),
            body,
            board.points("chamber"),
            width,
            glyphs,
        )
    ]


def held_lines(board: Board, glyphs: Glyphs, width: int) -> list[Text]:
    """Action tokens held, and meeples on the grid: both score 1 each at the end."""
    player = board.player
    grid = _("on grid {count}").format(count=board.score.meeples)
    # Each held token with the key that plays it, in words where they fit.
    # Two of a kind as one code with a count: room for the meeples on the grid.
    counts = Counter(player.actions)
    held = [
        f"{KEY_OF_TOKEN[t]}:{t}" + (f"{glyphs.times}{n}" if n > 1 else "")
        for t, n in counts.items()
    ]
    worded = [f"{KEY_OF_TOKEN[t]}: {short_name(t)}" for t in player.actions]
    # Four tokens with their keys leave no room for the meeples on the grid:
    # then the codes alone (the prompt shows the keys of the playable ones).
    bare = [t + (f"{glyphs.times}{n}" if n > 1 else "") for t, n in counts.items()]
    room = width - LABEL_WIDTH - 5
    tokens = " ".join(bare)
    for choice in (", ".join(worded), " ".join(held)):
        if choice and cell_len(choice) + 2 + cell_len(grid) <= room:
            tokens = choice
            break
    body = Text.assemble(
        (tokens, "bold green"),
        (f"{'  ' if player.actions else ''}{grid}", "dim"),
    )
    return [_line(_("Held"), body, board.points("leftovers"), width, glyphs)]


DrawMonument = Callable[[Board, Glyphs, int], list[Text]]
# What a monument's drawing depends on, besides the glyphs and the width.
MonumentInputs = Callable[[Board], Hashable]


class Monument(NamedTuple):
    topic: str  # its help topic, and its category in the score
    height: int  # lines
    inputs: MonumentInputs
    draw: DrawMonument


# Top to bottom.
MONUMENTS: Final[tuple[Monument, ...]] = (
    Monument(
        "obelisk",
        1,
        lambda b: (b.sides.obelisk, b.player.obelisks, b.first_to_five == b.who, b.score.obelisk),
        obelisk_lines,
    ),
    Monument(
        "temple", 1, lambda b: (b.sides.temple, b.player.temples, b.score.temple), temple_lines
    ),
    Monument(
        "pyramids",
        4,
        lambda b: (b.sides.pyramids, b.player.light, b.player.dark, b.score.pyramids),
        pyramid_lines,
    ),
    Monument(
        "chamber", 1, lambda b: (b.sides.chamber, b.player.chambers, b.score.chamber), chamber_lines
    ),
    Monument(
        "leftovers",
        1,
        lambda b: (b.player.actions, b.score.meeples, b.points("leftovers")),
        held_lines,
    ),
)
