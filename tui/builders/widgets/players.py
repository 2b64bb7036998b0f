"""A player's panel: their stone, sled, quarry, cards held and score.

The border's title names the player with their stone (shape and colour),
marked while they decide; its subtitle is their total if the game ended now.
Inside: the sled (each stone drawn), the quarry, the points each site would
give them now (P T B O, the sites' keys), their points so far on the score
track, and the cards they hold by code. A click on a blue card plays it, a
click on the sled gets stones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from rich.text import Text
from textual import events
from textual.color import Color
from textual.css.types import EdgeType

from engine.builders import GameState, PlayerScore, current_player
from engine.builders.cards import CARD_COLOUR, CARD_KIND, IS_BLUE
from engine.builders.sites import SLED_SIZE
from tui.builders.glyphs import CARD_CODES, card_code, stone
from tui.builders.widgets.base import BoardPart, Hit, fit, row
from tui.i18n import _, ngettext
from tui.kinds import kind_word

# The border's corners and the blank beside a title.
_BORDER_CELLS = 4
# Held cards in this order: what scores at the end first, blue cards last.
_COLOUR_ORDER = {"green": 0, "purple": 1, "blue": 2, "red": 3}


class PlayerPanel(BoardPart):
    COMPONENT_CLASSES = {"player--waiting", "player--to-move"}  # noqa: RUF012

    def __init__(self, seat: int, name: str, kind: str = "human") -> None:
        super().__init__(id=f"player-{seat}", classes="board-part seat-panel")
        self.seat = seat
        self.player_name = name
        self.kind = kind
        self.state: GameState | None = None
        self.score: PlayerScore | None = None

    def set_player(self, name: str, kind: str) -> None:
        self.player_name, self.kind = name, kind
        if self.state is not None and self.score is not None:
            self.show(self.state, self.score)

    def show(self, state: GameState, score: PlayerScore) -> None:
        self.state, self.score = state, score
        to_move = current_player(state) == self.seat
        self._show_borders(to_move)
        self._show_turn(to_move)
        self.redraw()

    def _show_borders(self, to_move: bool) -> None:
        """The name (and a computer's level) on top, the points below.

        Four panels share 80 columns: where the name and the level do not
        both fit on the top border, the level goes down beside the points,
        so that the name is cut only when it alone is too long.
        """
        score, glyphs = self.score, self.glyphs
        assert score is not None
        marker = f"{glyphs.turn} " if to_move else ""
        # Names are the players' own text: Text, never markup.
        title = Text(f"{marker}{glyphs.stones[self.seat]} {self.player_name}")
        points = ngettext("{points} pt", "{points} pts", abs(score.total))
        subtitle = points.format(points=score.total)
        if self.kind != "human":
            level = kind_word(self.kind)
            room = self.size.width - _BORDER_CELLS
            if room <= 0 or title.cell_len + len(level) + 3 <= room:
                title.append(f" ({level})")
            else:
                subtitle = f"{level}{glyphs.apart}{subtitle}"
        self.set_borders(title, subtitle)

    def on_resize(self, event: events.Resize) -> None:
        # Textual calls StripView's handler too (it calls each class's).
        if self.state is not None and self.score is not None:
            self._show_borders(current_player(self.state) == self.seat)

    def _show_turn(self, to_move: bool) -> None:
        colour = self.style_of("player--to-move" if to_move else "player--waiting").color
        # ASCII has one line style only: both panels keep it (the waiting one,
        # left blank, lost its frame), and the turn shows by the title's marker
        # and the colour.
        kind: EdgeType = "ascii" if self.ascii else "heavy" if to_move else "round"
        border = (kind, Color.from_rich_color(colour))
        if self.styles.border_top != border:
            self.styles.border = border

    def look(self) -> Hashable:
        state = self.state
        if state is None:
            return None
        seat = self.seat
        return (
            state.sled[seat],
            state.quarry[seat],
            state.held[seat],
            state.blue_played[seat],
            self.score,
            self.content_size.height,
        )

    def draw(self, width: int) -> tuple[list[Text], list[Hit]]:
        state, score, glyphs = self.state, self.score, self.glyphs
        if state is None or score is None:
            return [], []
        seat = self.seat
        sled = state.sled[seat]
        lines: list[Text] = []
        hits: list[Hit] = []
        mine = stone(seat, glyphs)
        sled_line = row(
            _("sled") + " ", *([mine] * sled), Text(glyphs.empty * (SLED_SIZE - sled), "dim")
        )
        hits.append(Hit(0, 0, width, ("sled", seat)))
        lines.append(sled_line)
        lines.append(Text(_("quarry {count}").format(count=state.quarry[seat])))
        lines.append(
            Text(
                f"P{score.pyramid} T{score.temple} B{score.chamber} O{score.obelisks}",
                style="bold",
            )
        )
        said = _("so far {points}").format(points=score.track)
        if score.wrath:
            said += f" W{score.wrath}"
        lines.append(Text(said))
        lines.extend(self._cards(width, hits, len(lines)))
        rows = self.content_size.height
        if 0 < rows < len(lines):
            # More kinds of card than rows: the last row says that more are held
            # (the help's card list and a click on a code tell what each does).
            lines = lines[:rows]
            lines[-1] = fit(lines[-1], max(1, width - len(glyphs.more)), "").append(
                glyphs.more, style="dim"
            )
        return [fit(line, width, glyphs.more) for line in lines], hits

    def _cards(self, width: int, hits: list[Hit], y: int) -> list[Text]:
        """The cards held, by code and count, blue ones clickable; wrapped."""
        state = self.state
        assert state is not None
        held = state.held[self.seat]
        counts = Counter(CARD_KIND[c] for c in held)
        firsts: dict[str, int] = {}
        for card in held:
            firsts.setdefault(CARD_KIND[card], card)
        kinds = sorted(counts, key=lambda k: (_COLOUR_ORDER[CARD_COLOUR[firsts[k]]], k))
        lines: list[Text] = []
        line = Text()
        for kind in kinds:
            count = counts[kind]
            piece = card_code(firsts[kind])
            if count > 1:
                piece.append(f"{count}")
            if line.cell_len and line.cell_len + 1 + piece.cell_len > width:
                lines.append(line)
                line = Text()
            if line.cell_len:
                line.append(" ")
            x = line.cell_len
            line.append_text(piece)
            # A blue card is played by a click; any other says what it does.
            target = ("blue", kind) if IS_BLUE[firsts[kind]] else ("held", kind)
            hits.append(Hit(y + len(lines), x, x + len(CARD_CODES[kind]), target))
        cards = score_of_cards(self.score)
        if cards:
            tail = Text(f"+{cards}", style="bold")
            if line.cell_len and line.cell_len + 1 + tail.cell_len > width:
                lines.append(line)
                line = Text()
            if line.cell_len:
                line.append(" ")
            line.append_text(tail)
        if line.cell_len:
            lines.append(line)
        return lines


def score_of_cards(score: PlayerScore | None) -> int:
    """What the cards held would score if the game ended now."""
    return 0 if score is None else score.green + score.purple + score.blue
