"""One widget per monument, each drawing a player's board from the game state."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from engine import GameState, Player, PlayerScore, Sides
from engine.scoring import chamber_groups, temple_sets
from tui.glyphs import ASCII, UNICODE, Glyphs
from tui.keys import KEY_OF_TOKEN

LABEL_WIDTH = 10


def _label(name: str) -> Text:
    return Text(name.ljust(LABEL_WIDTH), style="bold")


def _points(points: int) -> Text:
    return Text(f"{points:+d}".rjust(4), style="bold")


def _line(label: str, body: Text, points: int | None, width: int) -> Text:
    text = _label(label) + body
    if points is not None:
        text.pad_right(max(0, width - 4 - text.cell_len))
        text += _points(points)
    return text


class MonumentChosen(Message):
    """A monument was clicked: ``topic`` is its help topic id."""

    def __init__(self, who: int, topic: str) -> None:
        super().__init__()
        self.who = who
        self.topic = topic


@dataclass(frozen=True)
class Slice:
    """What a monument draws: compared on every move, so only a change repaints."""

    sides: Sides
    player: Player
    points: int
    first_to_five: int
    on_grid: int


class MonumentView(Widget):
    """Base: one of a player's monuments, drawn from its slice of the state."""

    topic = "leftovers"  # the help topic and score category of this part of the board

    slice: reactive[Slice | None] = reactive(None)
    ascii: reactive[bool] = reactive(False)

    def __init__(self, who: int) -> None:
        super().__init__(classes="monument")
        self.who = who

    @property
    def glyphs(self) -> Glyphs:
        return ASCII if self.ascii else UNICODE

    def render(self) -> Text:
        if self.slice is None:
            return Text("")
        return self.draw(self.slice, self.content_size.width or 40)

    def draw(self, view: Slice, width: int) -> Text:
        raise NotImplementedError

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(MonumentChosen(self.who, self.topic))


def slice_for(view: MonumentView, state: GameState, points: PlayerScore) -> Slice:
    """The part of ``state`` that ``view`` draws, with its points."""
    who = view.who
    if view.topic == "leftovers":
        earned = points.actions + points.meeples
    else:
        earned = getattr(points, view.topic)
    # A meeple on the grid scores one point, so the score already counts them.
    return Slice(state.sides, state.players[who], earned, state.first_to_five, points.meeples)


class ObeliskView(MonumentView):
    topic = "obelisk"

    def draw(self, view: Slice, width: int) -> Text:
        count = view.player.obelisks
        body = Text(self.glyphs.obelisk * count, style="bold yellow")
        body += Text(f" {count}")
        if view.sides.obelisk == "B" and view.first_to_five == self.who:
            body += Text(f" {self.glyphs.first}first to 5", style="yellow")
        return _line(f"Obelisk {view.sides.obelisk}", body, view.points, width)


class TempleView(MonumentView):
    topic = "temple"

    def draw(self, view: Slice, width: int) -> Text:
        values = view.player.temples
        if view.sides.temple == "B":
            sets = temple_sets(values)
            body = Text(" ".join("".join(str(v) for v in s) for s in sets), style="cyan")
        else:
            body = Text(" ".join(str(v) for v in values), style="cyan")
        if not values:
            body = Text(self.glyphs.missing, style="dim")
        return _line(f"Temple {view.sides.temple}", body, view.points, width)


class PyramidView(MonumentView):
    """Light and dark pyramids side by side, each built 3-2-1 from the bottom."""

    topic = "pyramids"

    def __init__(self, who: int) -> None:
        super().__init__(who)
        self.add_class("pyramids")

    def _rows(self, count: int, style: str) -> list[Text]:
        g = self.glyphs
        # Tokens 1-3 form the bottom row, 4-5 the middle, 6 the top.
        layout = ((5,), (3, 4), (0, 1, 2))
        rows = []
        for row in layout:
            text = Text(" " * (3 - len(row)))
            for i, index in enumerate(row):
                if i:
                    text += " "
                text += Text(g.pyramid, style) if index < count else Text(g.missing, "dim")
            text.pad_right(6 - text.cell_len)
            rows.append(text)
        return rows

    def draw(self, view: Slice, width: int) -> Text:
        player = view.player
        light = self._rows(player.light, "bold bright_white")
        dark = self._rows(player.dark, "bold red")
        notes = ["", f"  light {player.light}", f"  dark {player.dark}"]
        labels = [f"Pyramid {view.sides.pyramids}", "", ""]
        points = view.points
        lines = [
            _line(
                labels[i],
                light[i] + Text("  ") + dark[i] + Text(notes[i], style="dim"),
                points if i == 0 else None,
                width,
            )
            for i in range(3)
        ]
        return Text("\n").join(lines)


class ChamberView(MonumentView):
    """The burial chamber's spaces 1 to 12; runs of held numbers form the groups."""

    topic = "chamber"

    def draw(self, view: Slice, width: int) -> Text:
        held = set(view.player.chambers)
        groups = chamber_groups(view.player.chambers)
        group_of = {n: i for i, g in enumerate(groups) for n in g}
        body = Text()
        for n in range(1, 13):
            digits = len(str(n))
            if n in held:
                # Alternate colours so neighbouring groups stay apart.
                style = "bold magenta" if group_of[n] % 2 == 0 else "bold bright_magenta underline"
                body += Text(str(n), style=style)
            else:
                body += Text(self.glyphs.missing.ljust(digits), style="dim")
            if n < 12:
                body += " "
        return _line(f"Chamber {view.sides.chamber}", body, view.points, width)


class HeldView(MonumentView):
    """Action tokens held, and meeples on the grid: both score 1 each at the end."""

    def draw(self, view: Slice, width: int) -> Text:
        player = view.player
        # Each held token with the key that plays it.
        body = Text(" ".join(f"{KEY_OF_TOKEN[t]}:{t}" for t in player.actions), style="bold green")
        body += Text(f"{'  ' if player.actions else ''}on grid {view.on_grid}", style="dim")
        return _line("Held", body, view.points, width)
