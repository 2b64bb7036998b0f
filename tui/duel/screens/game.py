"""The game screen: a view of a :class:`match.match.Match`.

Widgets only draw what they are given and post what the player meant
(``CellChosen``, ``SlotChosen``); this screen hands the choice to the match,
which asks the engine and keeps the game, and redraws when the match reports
a move (from this keyboard, the computer or another terminal).
"""

from __future__ import annotations

import threading
from functools import partial
from pathlib import PurePath
from typing import ClassVar, cast

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ai import duel as ai
from engine.duel import (
    Action,
    GameState,
    Place,
    Play,
    Swap,
    Take,
    Unload,
    UnloadPreview,
    current_player,
    legal_actions,
    outcome,
    preview_unload,
    step_prompt,
    why_illegal,
)
from engine.duel.actions import PASS, PLACES, STOP, UNLOADS
from engine.duel.explain import explain_score
from engine.duel.tokens import ACTION_TOKENS, BOAT_NAMES
from engine.message import Message
from match import saves
from match.history import History
from match.match import Event, Match, Moved, Notice, Rewound, SeatsChanged, TakebackAsked
from tui.duel import cursor as nav
from tui.duel.glyphs import ASCII, UNICODE
from tui.duel.guide import guide_sentences
from tui.duel.help.topics import TOKEN_TOPICS, topic_for_reason
from tui.duel.keys import BOAT_KEYS, TOKEN_KEYS, keys_for
from tui.duel.screens.details import DetailsScreen
from tui.duel.screens.log import LogScreen
from tui.duel.token_words import full_name, short_legend
from tui.duel.unload_preview import preview_prompt, preview_sentences
from tui.duel.widgets.harbor import CellChosen, Harbor, Marks, SlotChosen
from tui.duel.widgets.info import HarborInfo
from tui.duel.widgets.legend import Legend
from tui.duel.widgets.player import MonumentChosen, PlayerPanel
from tui.i18n import N_, _, ngettext, tr, tr_error
from tui.kinds import kind_word
from tui.paths import style_path
from tui.screens.files import ConfirmScreen, PromptScreen
from tui.widgets.keybar import KeyBar
from tui.widgets.line import Line
from tui.widgets.log import ActionLog

MIN_WIDTH, MIN_HEIGHT = 80, 24
# The keys whose description holds a value, by action (see describe_key).
_CELL_OF_ACTION = {f"digit({n})": n for n in range(1, 10)}
_BOAT_OF_ACTION = {f"boat({i})": name for i, name in enumerate(BOAT_NAMES)}
_TOKEN_OF_ACTION = {f"play('{token}')": token for token in TOKEN_KEYS.values()}
# The keys that act for a player at the table: a watcher is not shown them.
_PLAYERS_ONLY = frozenset(
    {"choose", "stop", "pass_turn", "undo", "redo", "hint", "save", "new_game"}
)
# How often the screen looks for moves made in another terminal: a move shows
# there within this time plus a frame, and a look costs one SQLite pragma.
POLL_SECONDS = 0.1
# How often a game whose steps are not all kept tries the store again.
RETRY_SECONDS = 5.0


def cut_at_word(text: str, room: int) -> str:
    """The longest start of ``text`` within ``room`` that ends with a whole word.

    A word cut in two reads as another word, or as none ("ját" for "játssz").
    Only a first word longer than the room is cut inside.
    """
    if len(text) <= room:
        return text
    head = text[: max(0, room)]
    if text[len(head)] != " ":
        whole = head.rpartition(" ")[0]
        head = whole or head
    return head.rstrip(" ,;:")


class GameScreen(Screen[None]):
    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("widgets.tcss"), style_path("game.tcss")]
    # A window this large gets the large harbor (see game.tcss). Textual types
    # these as instance variables, so they cannot be marked ClassVar.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", N_("Choose")),
        Binding("up,k", "move(-1, 0)", N_("Up"), show=False),
        Binding("down,j", "move(1, 0)", N_("Down"), show=False),
        Binding("left,h", "move(0, -1)", N_("Left"), show=False),
        Binding("right,l", "move(0, 1)", N_("Right"), show=False),
        # These descriptions hold a value: describe_key words them when shown.
        *(Binding(str(n), f"digit({n})", f"Cell {n}", show=False) for n in range(1, 10)),
        *(
            Binding(key, f"boat({i})", f"Boat {BOAT_NAMES[i]}", show=False)
            for i, key in enumerate(BOAT_KEYS)
        ),
        # Always active, so a player who presses a token key without holding
        # it is told why; the held tokens show their keys in the player panel.
        *(Binding(key, f"play('{token}')", token, show=False) for key, token in TOKEN_KEYS.items()),
        Binding("x", "stop", N_("Stop")),
        Binding("full_stop", "pass_turn", N_("Pass")),
        Binding("escape", "back_out", N_("Back"), show=False),
        Binding("z", "undo", N_("Undo")),
        Binding("y", "redo", N_("Redo")),
        Binding("w", "save", N_("Save")),
        Binding("g", "log", N_("Log")),
        Binding("i", "details", N_("Points"), show=False),
        Binding("C", "codes", N_("Codes")),
        Binding("H", "hint", N_("Hint"), show=False),
        Binding("plus,equals_sign", "speed(-1)", N_("Faster"), show=False),
        Binding("minus", "speed(1)", N_("Slower"), show=False),
        Binding("o", "app.load_game", N_("Load"), show=False),
        Binding("question_mark,f1", "help", N_("Help")),
        Binding("n", "new_game", N_("New game")),
        Binding("q", "leave", N_("Quit")),
        # Run only when the binding above for the same key is off (Textual tries
        # a key's bindings in order): the key then says why nothing happens.
        Binding("x", "refused('stop')", show=False),
        Binding("full_stop", "refused('pass_turn')", show=False),
        Binding("z", "refused('undo')", show=False),
        Binding("y", "refused('redo')", show=False),
    ]

    # Shown on the key bar only when the other keys leave room for them.
    OPTIONAL_KEYS: ClassVar[frozenset[str]] = frozenset({"codes"})

    # The screen draws nothing itself (repaint=False): its watchers hand the
    # change to the widgets that show it, and only those repaint.
    # The state is always given in __init__; the placeholder default is never read.
    state: reactive[GameState] = reactive(
        cast(GameState, None), always_update=True, init=False, repaint=False
    )
    cursor: reactive[nav.Position] = reactive(nav.START, init=False, repaint=False)
    selected: reactive[tuple[int, int] | None] = reactive(None, init=False, repaint=False)

    def __init__(self, match: Match, *, ascii: bool | None = None) -> None:
        super().__init__()
        self.match = match
        self._ascii_choice = ascii  # None: follow the app's setting
        self.ascii = False
        self._ready = False  # set once the widgets exist
        self._legal: list[Action] = []
        self._message_topic: str | None = None
        self.guide = False  # the first-game guide, switched on by the app's setting
        self._hint_stop = threading.Event()
        self._footer_key: tuple[bool, ...] = ()
        self._asked: TakebackAsked | None = None
        # An unload shown before it is made, and the state it was shown on.
        self._preview: UnloadPreview | None = None
        self._preview_on: GameState | None = None
        match.subscribe(self._on_match_event)
        self.set_reactive(GameScreen.state, match.state)

    # The match's parts that the screen and its tests read.

    @property
    def history(self) -> History:
        return self.match.history

    @property
    def names(self) -> tuple[str, str]:
        return self.match.names

    @property
    def kinds(self) -> tuple[str, str]:
        return self.match.kinds

    @property
    def _log(self) -> tuple[str, ...]:
        return self.match.log

    def _panel_kind(self, seat: int) -> str:
        where = self.match.where(seat)
        return "remote" if where == "away" else self.kinds[seat]

    def describe_key(self, binding: Binding) -> str | None:
        """A key's description that holds a value, in the current language.

        The key bar and the Keys panel ask this first; None leaves the key to
        its own (marked) description.
        """
        action = binding.action
        if action in _CELL_OF_ACTION:
            return _("Cell {number}").format(number=_CELL_OF_ACTION[action])
        if action in _BOAT_OF_ACTION:
            return _("Boat {boat}").format(boat=_BOAT_OF_ACTION[action])
        if action in _TOKEN_OF_ACTION:
            return full_name(_TOKEN_OF_ACTION[action])
        return None

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Harbor(id="harbor")
                yield HarborInfo(id="info")
                yield ActionLog(id="log")
            with Vertical(id="right"):
                yield PlayerPanel(0, self.names[0], self._panel_kind(0))
                yield PlayerPanel(1, self.names[1], self._panel_kind(1))
                yield Legend(id="legend")
        yield Line(id="prompt")
        yield Line(id="message")
        yield KeyBar(id="keys")
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self._ready = True
        choice = self._ascii_choice
        self.set_ascii(bool(getattr(self.app, "ascii", False)) if choice is None else choice)
        self._sync()
        self.say(self._opening_words())
        self._check_size(self.app.size.width, self.app.size.height)
        if self.match.store is not None:
            self.set_interval(POLL_SECONDS, self.match.poll, name="store")
        self.set_interval(RETRY_SECONDS, self.retry_store, name="store retry")

    def retry_store(self) -> None:
        """Keep what is not kept yet, if the store works again (every few
        seconds and after each move, while something is not kept)."""
        match = self.match
        if match.store is not None:
            if match.unsaved:
                match.retry()
            return
        if match.store_problem is None:
            return  # a game never meant to be kept
        retry = getattr(self.app, "retry_store", None)
        store = retry() if retry is not None else None
        if store is None:
            return
        match.keep_in(store)
        self.set_interval(POLL_SECONDS, match.poll, name="store")

    def _opening_words(self) -> str:
        match = self.match
        if match.store is None:
            problem = getattr(self.app, "store_problem", None)
            if not problem:
                return self._rules_words()
            return _("This game is not being kept: {problem}").format(problem=tr(problem))
        if match.code and not all(seat.owner for seat in match.seats if not seat.computer):
            if getattr(self.app, "lobby", None) is not None:
                # Over SSH there is no command line: the other player is in the lobby.
                return _("Table {code}: the other player picks it in the lobby").format(
                    code=match.code
                )
            return _("Table {code}: the other player types  imhotep-duel join {code}").format(
                code=match.code
            )
        return self._rules_words()

    def _rules_words(self) -> str:
        """At the start of a game by the online rules, a word on what they change."""
        if self.state.rules == "online" and not self.state.ply:
            return _(
                "This game is played by the online rules: boats unloaded in a turn "
                "are refilled when it ends."
            )
        return ""

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)
        if self._ready:
            self._show_prompt()  # it is fitted to the width

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small != self.has_class("too-small"):
            self.set_class(small, "too-small")
            self.refresh_bindings()
        if small:
            self.query_one("#too-small", Static).update(
                _(
                    "This terminal is {width}x{height}.\n"
                    "Imhotep: The Duel needs at least {min_width}x{min_height}:\n"
                    "please make the window larger."
                ).format(width=width, height=height, min_width=MIN_WIDTH, min_height=MIN_HEIGHT)
            )

    # --- pushing state down ----------------------------------------------------

    def watch_state(self) -> None:
        self._sync()

    def watch_cursor(self) -> None:
        self._sync_marks()

    def watch_selected(self) -> None:
        self._sync_marks()

    def _sync(self) -> None:
        if not self._ready:
            return
        state = self.state
        with self.app.batch_update():
            self._legal = legal_actions(state)
            self.query_one(Harbor).show(state, self.marks())
            self.query_one(HarborInfo).state = state
            for panel in self.query(PlayerPanel):
                panel.state = state
            log = self.query_one(ActionLog)
            log.entries = tuple(tr(entry) for entry in self.match.told)
            # The rules in force, on the log's top rule: the online rules
            # change when boats are refilled, and both players must know.
            rules = _("Online rules") if state.rules == "online" else None
            if log.border_title != rules:
                log.border_title = rules
            self._show_prompt()
            self._refresh_footer()
        self.match.start_thinking(self.app.call_from_thread)

    def _refresh_footer(self) -> None:
        # Recomposing the footer is costly: only when a key's availability changed.
        key = (
            self.match.can_undo(),
            self.match.can_redo(),
            STOP in self._legal,
            PASS in self._legal,
            self.state.over,
        )
        if key != self._footer_key:
            self._footer_key = key
            self.refresh_bindings()

    def _sync_marks(self) -> None:
        if self._ready:
            self.query_one(Harbor).marks = self.marks()

    def marks(self) -> Marks:
        """Highlights for the current step, taken from the engine's legal actions."""
        legal = self._legal
        slots: set[tuple[int, int]] = set()
        for action in legal:
            if isinstance(action, Take):
                slots.add((action.boat, action.slot))
            elif isinstance(action, Swap):
                chosen = self.selected
                if chosen is None:
                    slots.update({(action.boat, action.first), (action.boat, action.second)})
                elif chosen in ((action.boat, action.first), (action.boat, action.second)):
                    slots.update({(action.boat, action.first), (action.boat, action.second)})
                    slots.discard(chosen)
        last = self.history.last_action
        return Marks(
            recent_cell=last.cell if isinstance(last, Place) else None,
            recent_boat=last.boat if isinstance(last, Unload | Take | Swap) else None,
            preview=self.preview,
            cells=frozenset(a.cell for a in legal if isinstance(a, Place)),
            boats=frozenset(a.boat for a in legal if isinstance(a, Unload)),
            slots=frozenset(slots),
            selected=self.selected,
            cursor=nav.target_at(self.cursor),
        )

    def _show_prompt(self) -> None:
        state = self.state
        glyphs = ASCII if self.ascii else UNICODE
        match = self.match
        if state.over:
            text = _("The game is over.")
        elif self.computer_to_move:
            who = current_player(state)
            level = self.kinds[who]
            text = f"{glyphs.turn} {glyphs.meeples[who]} " + _(
                "{name} ({level}) is thinking..."
            ).format(name=self.names[who], level=kind_word(level))
        elif match.waiting:
            who = current_player(state)
            name = self.names[who]
            head = f"{glyphs.turn} {glyphs.meeples[who]} "
            if match.watching:
                text = head + _("{name}'s turn. You are watching.").format(name=name)
            elif match.seats[who].owner is None:
                text = head + _("waiting for a player to join (table {code})").format(
                    code=match.code
                )
            elif not match.presence_live[who]:
                text = head + _("waiting for {name}, who has left the game").format(name=name)
            else:
                text = head + _("{name}'s turn, in another terminal: waiting...").format(name=name)
        else:
            who = current_player(state)
            head = f"{glyphs.turn} {glyphs.meeples[who]} {self.names[who]}: "
            if self._legal == [PASS]:
                # The engine's full reason goes to the message line (see say).
                text = head + _("no legal action, so you pass") + self._key_hint(state, self._legal)
            elif self.preview is not None:
                text = head + preview_prompt(self.preview)
            elif self.selected is not None:
                what = _("{prompt} (slot {slot} chosen: pick the other)").format(
                    prompt=tr(step_prompt(state)), slot=self.selected[1] + 1
                )
                text = self._fit_prompt(head, what, "")
            else:
                hint = self._key_hint(state, self._legal)
                text = self._fit_prompt(head, tr(step_prompt(state)), hint)
        self.query_one("#prompt", Line).update(text)

    def _fit_prompt(self, head: str, what: str, hint: str) -> str:
        """The prompt in one line: the step's words give way before the keys do."""
        width = self.app.size.width - 2  # the prompt line's padding
        # The head holds the player's name, which may hold wide characters.
        used = cell_len(head) + len(hint)
        if used + len(what) <= width:
            return head + what + hint
        # An action token's name comes first ("Take 1 token: choose ..."), and
        # the panel already shows what is in play: drop it first.
        step = what.partition(": ")[2]
        what = step or what
        room = width - used
        if len(what) > room:
            more = ASCII.more if self.ascii else UNICODE.more
            what = cut_at_word(what, room - len(more)) + more
        return head + what + hint

    @staticmethod
    def _key_hint(state: GameState, legal: list[Action]) -> str:
        step = state.pending.step if state.pending is not None else None
        boats = f"{BOAT_KEYS[0]}-{BOAT_KEYS[-1]}"
        if step is None:
            if legal == [PASS]:
                return " [" + _(". to pass") + "]"
            # Only the tokens the player can play now: a newcomer holding none
            # is not sent looking for them, and the step's words keep the room.
            playable = {action.token for action in legal if isinstance(action, Play)}
            tokens = "".join(f" {key}" for key, token in TOKEN_KEYS.items() if token in playable)
            cells = "1-9 " if any(isinstance(action, Place) for action in legal) else ""
            return f" [{cells}{boats}{tokens}]"
        hint = {
            "take": _("{boats}, then 1-3"),
            "swap": _("{boats}, then two of 1-3"),
            "place": "1-9",
            "place_more": _("1-9, or x"),
            "unload": "{boats}",
            "unload_more": _("{boats}, or x"),
        }[step]
        return f" [{hint.format(boats=boats)}]"

    def say(
        self, text: str | tuple[str, ...], *, error: bool = False, topic: str | None = None
    ) -> None:
        """Show a message (a tuple: sentences, as many as fit); ``topic`` is the
        help topic that ``?`` opens while it shows."""
        self._message_topic = topic
        message = self.query_one("#message", Line)
        message.set_class(error, "error")
        if not text and self.guide and not self.match.waiting:
            # (The guide explains a person's choices, not the computer's.)
            message.add_class("guide")
            message.update(guide_sentences(self.state, self.names))
            return
        message.remove_class("guide")
        if not text and self._legal == [PASS] and not self.match.waiting:
            # Why the player must pass, in the engine's words.
            reason = tr(step_prompt(self.state))
            text = reason[0].upper() + reason[1:] + "."
        message.update(text)

    # --- applying choices ------------------------------------------------------

    def choose(self, action: Action) -> bool:
        """Hand ``action`` to the match; show the reason if it is refused."""
        match = self.match
        if match.watching:
            self.say(_("You are watching this game: only its players move."))
            return False
        if match.waiting:
            who = current_player(self.state)
            if match.where(who) == "computer":
                self.say(
                    _("Please wait: {name} (computer) is to move.").format(name=self.names[who])
                )
            else:
                self.say(
                    _("Please wait: it is {name}'s turn, in another terminal.").format(
                        name=self.names[who]
                    )
                )
            return False
        if (
            isinstance(action, Unload)
            and self.previews_wanted
            and why_illegal(self.state, action) is None
        ):
            shown = self.preview
            if shown is None or shown.boat != action.boat:
                self._show_preview(preview_unload(self.state, action.boat))
                return False
        # A refused action changes nothing, the unload on show included: Enter
        # still makes it, as its prompt says.
        reason = match.play(action)
        if reason is None:
            self._preview = None
        else:
            self.say(
                _("Not allowed: {reason}. (? explains)").format(reason=tr(reason)),
                error=True,
                topic=topic_for_reason(reason),
            )
            self.app.bell()
            return False
        return True

    # --- unload previews ---------------------------------------------------------

    @property
    def previews_wanted(self) -> bool:
        """Whether an unload is shown before it is made (a setting, on by default)."""
        settings = getattr(self.app, "settings", None)
        return bool(getattr(settings, "preview_unloads", True))

    @property
    def preview(self) -> UnloadPreview | None:
        """The unload on show, while the game still stands where it was shown."""
        return self._preview if self._preview_on is self.state else None

    def _show_preview(self, preview: UnloadPreview) -> None:
        self._preview, self._preview_on = preview, self.state
        self._sync_marks()
        self._show_prompt()
        glyphs = ASCII if self.ascii else UNICODE
        sentences = preview_sentences(preview, self.names, glyphs)
        line = self.query_one("#message", Line)
        shown = line.sentences_shown(sentences)
        if shown < len(sentences):
            # Names of tokens are long in some languages: rather the codes the
            # boats show than a fact of the unload left out.
            short = preview_sentences(preview, self.names, glyphs, codes=True)
            if line.sentences_shown(short) > shown:
                sentences = short
        self.say(sentences, topic="unload")

    def cancel_preview(self, words: str = "") -> None:
        """Drop the unload on show, if any, and say ``words``."""
        if self.preview is None:
            return
        self._preview = None
        self._sync_marks()
        self._show_prompt()
        self.say(words)

    def _on_match_event(self, event: Event) -> None:
        """What the match reports, from this keyboard, the computer or elsewhere."""
        if isinstance(event, Moved):
            self.selected = None
            self._asked = None
            self.state = self.match.state
            if self.match.store is None and self.match.store_problem is not None:
                self.retry_store()
            if event.by == "here":
                self.say("")
            else:
                # The log's sentence, with the level beside the name it starts with.
                name, said = self.names[event.seat], tr(event.told or event.text)
                line = self.query_one("#message", Line)
                if event.told and not line.sentences_shown((said,)):
                    # Names of tokens are long in some languages: rather the
                    # codes the boats show than a part of the move unsaid.
                    said = tr(self.match.told_in_codes())
                if event.by == "computer" and said.startswith(name):
                    said = f"{name} ({kind_word(self.kinds[event.seat])}){said[len(name) :]}"
                self.say(said)
            if self.state.over:
                self._game_over()
        elif isinstance(event, Rewound):
            self.selected = None
            self._asked = None
            self.state = self.match.state
            self.say(tr(event.message))
            if self.state.over:
                self._game_over()
        elif isinstance(event, Notice):
            self.notify(
                tr(event.message),
                severity="error" if event.error else "information",
                timeout=10 if event.error else 5,
                markup=False,
            )
        elif isinstance(event, SeatsChanged):
            if self._ready:
                for panel in self.query(PlayerPanel):
                    panel.set_player(self.names[panel.who], self._panel_kind(panel.who))
                self._show_prompt()
                self._refresh_footer()
                if event.message:
                    self.say(tr(event.message))
        elif isinstance(event, TakebackAsked):
            self._ask_takeback(event)

    def _ask_takeback(self, event: TakebackAsked) -> None:
        if self._asked == event:
            return
        self._asked = event
        name = self.names[event.seat]

        def answered(yes: bool | None) -> None:
            if self._asked == event:
                self._asked = None
                self.say(tr(self.match.answer_takeback(bool(yes))))

        self.app.push_screen(
            ConfirmScreen(
                _("{name} asks to take back their last move. Allow it?").format(name=name)
            ),
            answered,
        )

    def _game_over(self) -> None:
        from tui.duel.screens.game_over import GameOverScreen

        self.app.push_screen(
            GameOverScreen(self.state, self.names, new_game=not self.match.watching),
            self._after_game,
        )

    async def _after_game(self, choice: str | None) -> None:
        result = outcome(self.state)
        if result is not None and self.match.watching:
            self.say(tr(result.describe(self.names)) + ".")
        elif result is not None:
            self.say(
                _("{result}. Press n for a new game.").format(
                    result=tr(result.describe(self.names))
                )
            )
        if choice == "new":
            await self.app.run_action("new_game")
        elif choice == "quit":
            self.app.exit()

    async def action_new_game(self) -> None:
        await self.app.run_action("new_game")

    def _step(self) -> str | None:
        pending = self.state.pending
        return pending.step if pending is not None else None

    def on_cell_chosen(self, message: CellChosen) -> None:
        self.cursor = nav.position_of(nav.Target("cell", message.cell))
        self.choose(PLACES[message.cell])

    def on_slot_chosen(self, message: SlotChosen) -> None:
        if message.slot is not None:
            self.cursor = nav.position_of(nav.Target("slot", message.boat, message.slot))
        self._boat_slot(message.boat, message.slot)

    def _boat_slot(self, boat: int, slot: int | None) -> None:
        step = self._step()
        if step == "take":
            if slot is None:
                self.say(_("Choose a slot of that boat: 1, 2 or 3."))
                return
            self.choose(Take(boat, slot))
        elif step == "swap":
            self._swap_slot(boat, slot)
        else:
            self.choose(UNLOADS[boat])

    def _swap_slot(self, boat: int, slot: int | None) -> None:
        if slot is None:
            self.say(_("Choose a slot of that boat: 1, 2 or 3."))
            return
        chosen = self.selected
        if chosen is None or chosen[0] != boat:
            # Check the boat with any pair of its slots: the reason names the boat.
            reason = why_illegal(self.state, Swap(boat, 0, 1))
            if reason is not None:
                self.say(_("Not allowed: {reason}.").format(reason=tr(reason)), error=True)
                return
            self.selected = (boat, slot)
            self.say(_("Slot {slot} chosen: now the slot to swap it with.").format(slot=slot + 1))
        elif chosen[1] == slot:
            self.selected = None
            self.say(_("Swap cleared."))
        else:
            self.choose(Swap(boat, min(slot, chosen[1]), max(slot, chosen[1])))

    # --- key actions -------------------------------------------------------------

    def action_move(self, d_row: int, d_col: int) -> None:
        self.cancel_preview()
        self.cursor = nav.move(self.cursor, d_row, d_col)

    def action_choose(self) -> None:
        if self.preview is not None:
            self.choose(UNLOADS[self.preview.boat])  # makes the unload on show
            return
        target = nav.target_at(self.cursor)
        if target is None:
            return
        if target.kind == "cell":
            self.choose(PLACES[target.number])
        else:
            self._boat_slot(target.number, target.slot)

    def action_digit(self, number: int) -> None:
        if self._step() in ("take", "swap"):
            target = nav.target_at(self.cursor)
            if target is None or target.kind != "slot":
                self.say(_("First choose a boat with a-f, then its slot with 1-3."))
                return
            if number > 3:
                self.say(_("A boat has slots 1, 2 and 3."), error=True)
                return
            self.cursor = nav.position_of(nav.Target("slot", target.number, number - 1))
            self._boat_slot(target.number, number - 1)
        else:
            self.cursor = nav.position_of(nav.Target("cell", number - 1))
            self.choose(PLACES[number - 1])

    def action_boat(self, boat: int) -> None:
        if self._step() in ("take", "swap"):
            self.cursor = nav.position_of(nav.Target("slot", boat, 0))
            self.say(_("Now press 1, 2 or 3 for the slot (or move with the arrows and Enter)."))
        else:
            self.choose(UNLOADS[boat])

    def action_play(self, token: str) -> None:
        self.choose(Play(token))

    def action_stop(self) -> None:
        self.choose(STOP)

    def action_pass_turn(self) -> None:
        self.choose(PASS)

    def action_back_out(self) -> None:
        if self.match.waiting:
            return  # the token in progress is not this keyboard's
        if self.preview is not None:
            self.cancel_preview(_("Unload cancelled: nothing has changed."))
            return
        if self.selected is not None:
            self.selected = None
            self.say(_("Swap cleared."))
            return
        if self.state.pending is not None and not self.match.back_out():
            self.say(_("Part of this token is already done; press z to undo step by step."))

    def action_undo(self) -> None:
        if self.match.can_undo():
            self.selected = None
            said = self.match.undo()
            if self.match.shared:
                self.say(tr(said))

    def action_refused(self, what: str) -> None:
        """A key whose action is off now: say why instead of doing nothing."""
        if what == "stop":
            self.choose(STOP)  # the engine's reason
        elif what == "pass_turn":
            self.choose(PASS)
        elif what == "undo":
            self.say(tr(self.match.why_no_undo()), error=True, topic="controls")
        else:
            self.say(tr(self.match.why_no_redo()), error=True)

    def action_redo(self) -> None:
        if self.match.can_redo():
            self.match.redo()

    async def action_help(self) -> None:
        await self.app.run_action("help")

    def help_topic(self) -> str | None:
        """The help topic for what the player is looking at now.

        A message that names a rule (an illegal choice, a clicked monument) wins;
        then an action token in progress; then what the cursor is on.
        """
        if self._message_topic is not None:
            return self._message_topic
        pending = self.state.pending
        if pending is not None:
            return TOKEN_TOPICS[pending.token]
        target = nav.target_at(self.cursor)
        if target is None:
            return None
        return "place" if target.kind == "cell" else "unload"

    def set_ascii(self, ascii: bool) -> None:
        self.ascii = ascii
        self.query_one(Harbor).ascii = ascii
        for panel in self.query(PlayerPanel):
            panel.ascii = ascii
        self.query_one(HarborInfo).ascii = ascii
        self._show_prompt()

    def action_leave(self) -> None:
        if self.match.unsaved:

            def answered(yes: bool | None) -> None:
                if yes:
                    self.end_visit()

            self.app.push_screen(
                ConfirmScreen(
                    ngettext(
                        "{count} step could not be written to the game store ({problem}). "
                        "Quit anyway and lose it?",
                        "{count} steps could not be written to the game store ({problem}). "
                        "Quit anyway and lose them?",
                        self.match.unsaved,
                    ).format(count=self.match.unsaved, problem=tr(self.match.store_problem or ""))
                ),
                answered,
            )
            return
        self.end_visit()

    def end_visit(self) -> None:
        """Where leaving goes: out of the app (the lobby's game screen goes back to it)."""
        self.app.exit()

    # --- files -------------------------------------------------------------------

    def action_save(self, default: str | None = None, replacing: str | None = None) -> None:
        """Ask for a name and save; a name already in use is replaced only if confirmed."""
        if not getattr(self.app, "files_allowed", True):
            self.notify(_("Every game is kept here as it is played: come back from the lobby."))
            return

        def chosen(name: str | None) -> None:
            if not name:
                return
            try:
                taken = saves.save_path(name).exists()
            except saves.StorageError as exc:
                self.notify(tr_error(exc), severity="error", timeout=10, markup=False)
                return
            if taken and name != replacing:
                self.action_save(default=name, replacing=name)
                return
            try:
                path = saves.write_game(
                    saves.save_path(name),
                    self.history,
                    names=self.names,
                    players=self.kinds,  # type: ignore[arg-type]
                    settings=saves.GameSettings(undo_mode=self.history.undo_mode, ascii=self.ascii),
                )
            except saves.StorageError as exc:
                self.notify(tr_error(exc), severity="error", timeout=10, markup=False)
            else:
                self.notify(_("Saved as {name}.").format(name=path.stem), markup=False)

        if replacing is None:
            title = _("Save this game as")
        else:
            title = _("A save named “{name}” exists: Enter replaces it, or change the name").format(
                name=replacing
            )
        name = default or f"{self.names[0]} v {self.names[1]}"
        self.app.push_screen(PromptScreen(title, name), chosen)

    def on_monument_chosen(self, message: MonumentChosen) -> None:
        lines = explain_score(self.state, message.who)
        if message.topic == "leftovers":
            explained = f"{tr(lines['actions'])}; {tr(lines['meeples'])}"
        else:
            explained = tr(lines[message.topic])
        self.say(
            _("{name}, {explained}. (? explains)").format(
                name=self.names[message.who], explained=explained
            ),
            topic=message.topic,
        )

    def action_codes(self) -> None:
        """Every token code in words, on the message line.

        At 80x24 the boats show codes only, and the harbor's corner keys the
        action tokens alone: this is the one key away for the others.
        """
        entries = [f"{codes} {words}" for codes, words in short_legend()]
        every = ", ".join(entries)
        line = self.query_one("#message", Line)
        if not line.sentences_shown((every,)):
            # The action tokens' codes are keyed in the harbor's corner already.
            every = ", ".join(entries[: -len(ACTION_TOKENS)])
        self.say(every, topic="harbor")

    def action_details(self) -> None:
        self.app.push_screen(DetailsScreen(self.state, self.names))

    def set_guide(self, on: bool) -> None:
        self.guide = on
        if self._ready:
            self.say("")

    # --- computer players -----------------------------------------------------

    @property
    def computer_to_move(self) -> bool:
        return self.match.computer_to_move

    def stop_thinking(self) -> None:
        self.match.stop_thinking()
        self._hint_stop.set()

    def on_unmount(self) -> None:
        self._hint_stop.set()
        self.match.close()

    def action_speed(self, step: int) -> None:
        match = self.match
        match.delay = min(3.0, max(0.0, match.delay + 0.2 * step))
        self.say(_("Computer moves wait {seconds:.1f} s.").format(seconds=match.delay))

    def action_hint(self) -> None:
        if self.state.over or self.match.waiting:
            return
        if not self.match.hints_on:
            self.say(tr(self.match.why_no_hint()), error=True)
            return
        self.say(_("Thinking about a hint..."))
        self._hint_stop = threading.Event()
        self.run_worker(
            partial(self._find_hint, self.state, self._hint_stop),
            thread=True,
            group="hint",
            exclusive=True,
        )

    def _find_hint(self, state: GameState, stop: threading.Event) -> None:
        action, reason = ai.hint(state, should_stop=stop)
        if stop.is_set():
            return
        self.app.call_from_thread(self._show_hint, state, action, reason)

    def _show_hint(self, state: GameState, action: Action, reason: Message) -> None:
        if state is self.state:
            self.match.hint_used()  # the other player is told
            # Keys, not notation: "P1" reads like "player 1".
            keys = " ".join(keys_for(action, preview=self.previews_wanted))
            said = _("Hint [{keys}]: {reason}.").format(keys=keys, reason=tr(reason))
            if not self.query_one("#message", Line).sentences_shown((said,)):
                # The keys say what to do: the words keep why.
                said = _("Hint [{keys}]: {reason}.").format(keys=keys, reason=tr(ai.brief(reason)))
            self.say(said)

    def action_log(self) -> None:
        # The record names the deal: while another terminal plays, exporting
        # it would show this side what the face-down tokens are.
        exportable = self.state.over or not self.match.shared
        # Over SSH an export would write where the player names on the server's disk.
        exportable = exportable and getattr(self.app, "files_allowed", True)
        self.app.push_screen(
            LogScreen(self.history, self.names, ascii=self.ascii, export=exportable)
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.has_class("too-small") and action != "leave":
            return False  # the board is hidden: a key must not play on it unseen
        if self.match.watching and action in _PLAYERS_ONLY:
            return False  # a watcher is shown only the keys that do something for them
        if action == "save":
            # A save names the deal: not while another terminal plays the other
            # side, and never on the server's disk (its games are in the store).
            shared = self.match.shared and not self.state.over
            return getattr(self.app, "files_allowed", True) and not shared
        if action == "new_game":
            return self.state.over
        if action == "choose":
            # Nothing is left to choose: the room goes to the keys that still work.
            return not self.state.over
        if action == "undo":
            return self.match.can_undo() or None
        if action == "redo":
            return self.match.can_redo() or None
        if action == "stop":
            return STOP in self._legal
        if action == "pass_turn":
            return PASS in self._legal
        if action == "refused":  # the stand-in for an action that is off
            return not self.check_action(str(parameters[0]), ())
        return True
