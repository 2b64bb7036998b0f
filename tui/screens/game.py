"""The game screen: owns the game's history and turns choices into engine actions.

Widgets only draw what they are given and post what the player meant
(``CellChosen``, ``SlotChosen``); this screen asks the engine whether that is
legal, applies it, and hands the new state back down.
"""

from __future__ import annotations

import threading
from datetime import datetime
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

import ai
from engine import (
    Action,
    GameState,
    Place,
    Play,
    Swap,
    Take,
    Unload,
    current_player,
    describe,
    legal_actions,
    outcome,
    step_prompt,
    why_illegal,
)
from engine.actions import PASS, PLACES, STOP, UNLOADS
from engine.explain import explain_score
from tui import cursor as nav
from tui import storage
from tui.glyphs import ASCII, UNICODE
from tui.guide import guide_sentences
from tui.help.topics import TOKEN_TOPICS, topic_for_reason
from tui.history import History
from tui.keys import BOAT_KEYS, TOKEN_KEYS, keys_for
from tui.paths import style_path
from tui.screens.details import DetailsScreen
from tui.screens.files import PromptScreen
from tui.screens.log import LogScreen
from tui.widgets.harbor import CellChosen, Harbor, Marks, SlotChosen
from tui.widgets.info import HarborInfo
from tui.widgets.keybar import KeyBar
from tui.widgets.line import Line
from tui.widgets.log import ActionLog
from tui.widgets.player import MonumentChosen, PlayerPanel

MIN_WIDTH, MIN_HEIGHT = 80, 24


class GameScreen(Screen[None]):
    CSS_PATH: ClassVar[list[str | PurePath]] = [style_path("widgets.tcss"), style_path("game.tcss")]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", "Choose"),
        Binding("up,k", "move(-1, 0)", "Up", show=False),
        Binding("down,j", "move(1, 0)", "Down", show=False),
        Binding("left,h", "move(0, -1)", "Left", show=False),
        Binding("right,l", "move(0, 1)", "Right", show=False),
        *(Binding(str(n), f"digit({n})", f"Cell {n}", show=False) for n in range(1, 10)),
        *(Binding(key, f"boat({i})", f"Boat {key}", show=False) for i, key in enumerate(BOAT_KEYS)),
        # Always active, so a player who presses a token key without holding
        # it is told why; the held tokens show their keys in the player panel.
        *(Binding(key, f"play('{token}')", token, show=False) for key, token in TOKEN_KEYS.items()),
        Binding("x", "stop", "Stop"),
        Binding("full_stop", "pass_turn", "Pass"),
        Binding("escape", "back_out", "Back", show=False),
        Binding("z", "undo", "Undo"),
        Binding("y", "redo", "Redo"),
        Binding("w", "save", "Save"),
        Binding("g", "log", "Log"),
        Binding("i", "details", "Points", show=False),
        Binding("H", "hint", "Hint", show=False),
        Binding("plus,equals_sign", "speed(-1)", "Faster", show=False),
        Binding("minus", "speed(1)", "Slower", show=False),
        Binding("o", "app.load_game", "Load", show=False),
        Binding("question_mark,f1", "help", "Help"),
        Binding("n", "new_game", "New game"),
        Binding("q", "leave", "Quit"),
        # Run only when the binding above for the same key is off (Textual tries
        # a key's bindings in order): the key then says why nothing happens.
        Binding("x", "refused('stop')", show=False),
        Binding("full_stop", "refused('pass_turn')", show=False),
        Binding("z", "refused('undo')", show=False),
        Binding("y", "refused('redo')", show=False),
    ]

    # The screen draws nothing itself (repaint=False): its watchers hand the
    # change to the widgets that show it, and only those repaint.
    # The state is always given in __init__; the placeholder default is never read.
    state: reactive[GameState] = reactive(
        cast(GameState, None), always_update=True, init=False, repaint=False
    )
    cursor: reactive[nav.Position] = reactive(nav.START, init=False, repaint=False)
    selected: reactive[tuple[int, int] | None] = reactive(None, init=False, repaint=False)

    def __init__(
        self,
        history: History,
        names: tuple[str, str] = ("Player 1", "Player 2"),
        kinds: tuple[str, str] = ("human", "human"),
        *,
        ascii: bool | None = None,
    ) -> None:
        super().__init__()
        self.history = history
        self.names = names
        self.kinds = kinds
        self._ascii_choice = ascii  # None: follow the app's setting
        self.ascii = False
        self._log: list[str] = []
        self._ready = False  # set once the widgets exist
        self._autosave_failed = False
        self._legal: list[Action] = []
        self._message_topic: str | None = None
        self.guide = False  # the first-game guide, switched on by the app's setting
        # Computer players, by seat; they think in a worker thread.
        self._computers = {
            who: ai.make_player(kind) for who, kind in enumerate(kinds) if kind in ai.LEVELS
        }
        self._stop = threading.Event()
        self._hint_stop = threading.Event()
        # One search at a time per player object: an interrupted search may
        # still be finishing when the next one starts.
        self._think_lock = threading.Lock()
        self._thinking_on: GameState | None = None  # the state a search started from
        # Pause before a computer's move, so a person can follow it (+/- change it).
        self.delay = 0.4 if len(self._computers) < 2 else 1.0
        self._footer_key: tuple[bool, ...] = ()
        self.set_reactive(GameScreen.state, history.state)

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Harbor(id="harbor")
                yield HarborInfo(id="info")
                yield ActionLog(id="log")
            with Vertical(id="right"):
                yield PlayerPanel(0, self.names[0], self.kinds[0])
                yield PlayerPanel(1, self.names[1], self.kinds[1])
        yield Line(id="prompt")
        yield Line(id="message")
        yield KeyBar(id="keys")
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self._ready = True
        choice = self._ascii_choice
        self.set_ascii(bool(getattr(self.app, "ascii", False)) if choice is None else choice)
        self._rebuild_log()
        self._sync()
        self.say("")
        self._check_size(self.app.size.width, self.app.size.height)

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
                f"This terminal is {width}x{height}.\n"
                f"Imhotep: The Duel needs at least {MIN_WIDTH}x{MIN_HEIGHT}:\n"
                f"please make the window larger."
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
            self.query_one(ActionLog).entries = tuple(self._log)
            self._show_prompt()
            self._refresh_footer()
        self._maybe_think()

    def _refresh_footer(self) -> None:
        # Recomposing the footer is costly: only when a key's availability changed.
        key = (
            self._can_undo(),
            self.history.can_redo,
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
            cells=frozenset(a.cell for a in legal if isinstance(a, Place)),
            boats=frozenset(a.boat for a in legal if isinstance(a, Unload)),
            slots=frozenset(slots),
            selected=self.selected,
            cursor=nav.target_at(self.cursor),
        )

    def _show_prompt(self) -> None:
        state = self.state
        glyphs = ASCII if self.ascii else UNICODE
        if state.over:
            text = "The game is over."
        elif self.computer_to_move:
            who = current_player(state)
            level = self.kinds[who]
            text = f"{glyphs.turn} {glyphs.meeples[who]} {self.names[who]} ({level}) is thinking..."
        else:
            who = current_player(state)
            head = f"{glyphs.turn} {glyphs.meeples[who]} {self.names[who]}: "
            if self._legal == [PASS]:
                # The engine's full reason goes to the message line (see say).
                text = head + "no legal action, so you pass" + self._key_hint(state, self._legal)
            elif self.selected is not None:
                what = f"{step_prompt(state)} (slot {self.selected[1] + 1} chosen: pick the other)"
                text = self._fit_prompt(head, what, "")
            else:
                hint = self._key_hint(state, self._legal)
                text = self._fit_prompt(head, step_prompt(state), hint)
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
        _, _, step = what.partition(": ")
        what = step or what
        room = width - used
        if len(what) > room:
            more = ASCII.more if self.ascii else UNICODE.more
            what = what[: max(0, room - len(more))].rstrip() + more
        return head + what + hint

    @staticmethod
    def _key_hint(state: GameState, legal: list[Action]) -> str:
        step = state.pending.step if state.pending is not None else None
        boats = f"{BOAT_KEYS[0]}-{BOAT_KEYS[-1]}"
        if step is None:
            if legal == [PASS]:
                return " [. to pass]"
            return f" [1-9 {boats} {' '.join(TOKEN_KEYS)}]"
        return {
            "take": f" [{boats}, then 1-3]",
            "swap": f" [{boats}, then two of 1-3]",
            "place": " [1-9]",
            "place_more": " [1-9, or x]",
            "unload": f" [{boats}]",
            "unload_more": f" [{boats}, or x]",
        }[step]

    def say(self, text: str, *, error: bool = False, topic: str | None = None) -> None:
        """Show a message; ``topic`` is the help topic that ``?`` opens while it shows."""
        self._message_topic = topic
        message = self.query_one("#message", Line)
        message.set_class(error, "error")
        if not text and self.guide and not self.computer_to_move:
            # (The guide explains a person's choices, not the computer's.)
            message.add_class("guide")
            message.update(guide_sentences(self.state, self.names))
            return
        message.remove_class("guide")
        if not text and self._legal == [PASS] and not self.computer_to_move:
            # Why the player must pass, in the engine's words.
            reason = step_prompt(self.state)
            text = reason[0].upper() + reason[1:] + "."
        message.update(text)

    # --- applying choices ------------------------------------------------------

    def choose(self, action: Action, *, by_computer: bool = False) -> bool:
        """Apply ``action`` if the engine allows it; otherwise show its reason."""
        state = self.state
        if self.computer_to_move and not by_computer:
            who = current_player(state)
            self.say(f"Please wait: {self.names[who]} (computer) is to move.")
            return False
        reason = why_illegal(state, action)
        if reason is not None:
            self.say(
                f"Not allowed: {reason}. (? explains)", error=True, topic=topic_for_reason(reason)
            )
            self.app.bell()
            return False
        self._log.append(describe(state, action, self.names))
        self.history.push(action)
        self._persist()
        self.selected = None
        self.state = self.history.state
        self.say("")
        if self.state.over:
            self._game_over()
        return True

    def _rebuild_log(self) -> None:
        states = self.history.states
        self._log = [
            describe(before, action, self.names)
            for before, action in zip(states, self.history.actions, strict=False)
        ]

    def _game_over(self) -> None:
        from tui.screens.game_over import GameOverScreen

        self._keep_finished_game()
        self.app.push_screen(GameOverScreen(self.state, self.names), self._after_game)

    async def _after_game(self, choice: str | None) -> None:
        result = outcome(self.state)
        if result is not None:
            self.say(result.describe(self.names) + ". Press n for a new game.")
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
                self.say("Choose a slot of that boat: 1, 2 or 3.")
                return
            self.choose(Take(boat, slot))
        elif step == "swap":
            self._swap_slot(boat, slot)
        else:
            self.choose(UNLOADS[boat])

    def _swap_slot(self, boat: int, slot: int | None) -> None:
        if slot is None:
            self.say("Choose a slot of that boat: 1, 2 or 3.")
            return
        chosen = self.selected
        if chosen is None or chosen[0] != boat:
            # Check the boat with any pair of its slots: the reason names the boat.
            reason = why_illegal(self.state, Swap(boat, 0, 1))
            if reason is not None:
                self.say(f"Not allowed: {reason}.", error=True)
                return
            self.selected = (boat, slot)
            self.say(f"Slot {slot + 1} chosen: now the slot to swap it with.")
        elif chosen[1] == slot:
            self.selected = None
            self.say("Swap cleared.")
        else:
            self.choose(Swap(boat, min(slot, chosen[1]), max(slot, chosen[1])))

    # --- key actions -------------------------------------------------------------

    def action_move(self, d_row: int, d_col: int) -> None:
        self.cursor = nav.move(self.cursor, d_row, d_col)

    def action_choose(self) -> None:
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
                self.say("First choose a boat with a-f, then its slot with 1-3.")
                return
            if number > 3:
                self.say("A boat has slots 1, 2 and 3.", error=True)
                return
            self.cursor = nav.position_of(nav.Target("slot", target.number, number - 1))
            self._boat_slot(target.number, number - 1)
        else:
            self.cursor = nav.position_of(nav.Target("cell", number - 1))
            self.choose(PLACES[number - 1])

    def action_boat(self, boat: int) -> None:
        if self._step() in ("take", "swap"):
            self.cursor = nav.position_of(nav.Target("slot", boat, 0))
            self.say("Now press 1, 2 or 3 for the slot (or move with the arrows and Enter).")
        else:
            self.choose(UNLOADS[boat])

    def action_play(self, token: str) -> None:
        self.choose(Play(token))

    def action_stop(self) -> None:
        self.choose(STOP)

    def action_pass_turn(self) -> None:
        self.choose(PASS)

    def action_back_out(self) -> None:
        if self.computer_to_move:
            return  # the token in progress is the computer's
        if self.selected is not None:
            self.selected = None
            self.say("Swap cleared.")
            return
        last = self.history.last_action
        if self.state.pending is not None and isinstance(last, Play):
            self.history.undo()
            self._persist()
            self._rebuild_log()
            self.state = self.history.state
            self.say("Token taken back: nothing had happened yet.")
        elif self.state.pending is not None:
            self.say("Part of this token is already done; press z to undo step by step.")

    @property
    def _human(self) -> int | None:
        """The one human seat in a game against the computer, else None."""
        humans = [who for who in (0, 1) if who not in self._computers]
        return humans[0] if len(humans) == 1 else None

    def _can_undo(self) -> bool:
        if self._computers and self._human is None:
            return False  # a demo game: nothing to take back
        if self._human is not None:
            return self.history.can_undo_to(self._human)
        return self.history.can_undo

    def action_undo(self) -> None:
        if self._human is not None and self._can_undo():
            # Against the computer, undo goes back to the human's last decision.
            self.stop_thinking()
            self.history.undo_to(self._human)
            self._persist()
            self.selected = None
            self._rebuild_log()
            self.state = self.history.state
            self.say("Undone to your last decision.")
        elif self._human is None and self.history.can_undo:
            self.history.undo()
            self._persist()
            self.selected = None
            self._rebuild_log()
            self.state = self.history.state
            self.say("Undone.")

    def action_refused(self, what: str) -> None:
        """A key whose action is off now: say why instead of doing nothing."""
        if what == "stop":
            self.choose(STOP)  # the engine's reason
        elif what == "pass_turn":
            self.choose(PASS)
        elif what == "undo":
            self.say(self._why_no_undo(), error=True, topic="controls")
        elif self._computers:
            self.say("Redo is off in a game with the computer: undo, then play on.", error=True)
        else:
            self.say("Nothing to redo: redo replays steps you have just undone.", error=True)

    def _why_no_undo(self) -> str:
        if self._human is None and self._computers:
            return "Undo is off while the computer plays both sides."
        if self.history.undo_floor > 0:
            return (
                "Undo stops where a face-down token came to light (a refill or the "
                "reserve). To undo past it, switch undo mode to free (ctrl+p)."
            )
        if self._human is not None:
            return "Nothing of yours to undo yet."
        return "Nothing to undo yet."

    def action_redo(self) -> None:
        if self.history.can_redo and not self._computers:
            self.history.redo()
            self._persist()
            self._rebuild_log()
            self.state = self.history.state
            self.say("Redone.")
            if self.state.over:
                self._game_over()

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
        self.app.exit()

    # --- files -------------------------------------------------------------------

    def _persist(self) -> None:
        """Autosave after every change, so no applied action is ever lost."""
        try:
            storage.write_game(
                storage.autosave_path(),
                self.history,
                names=self.names,
                players=self.kinds,  # type: ignore[arg-type]
                settings=storage.GameSettings(undo_mode=self.history.undo_mode, ascii=self.ascii),
            )
        except storage.StorageError as exc:
            if not self._autosave_failed:
                self.notify(f"Autosave failed: {exc}", severity="error", timeout=10, markup=False)
            self._autosave_failed = True
        else:
            self._autosave_failed = False

    def _keep_finished_game(self) -> None:
        """File the finished game under a name of its own, then drop the autosave,
        so that Continue offers only a game in progress and nothing is lost."""
        if self.file_game() is not None:
            try:
                storage.clear_autosave()
            except storage.StorageError as exc:
                self.notify(f"Autosave not cleared: {exc}", severity="warning", markup=False)

    def file_game(self) -> str | None:
        """Keep this game among the saves under a name of its own; that name,
        or None (after saying why) if it could not be written."""
        stamp = datetime.now().strftime("%Y-%m-%d %H.%M.%S")
        name = f"{self.names[0]} v {self.names[1]} {stamp}"
        try:
            storage.write_game(
                storage.save_path(name),
                self.history,
                names=self.names,
                players=self.kinds,  # type: ignore[arg-type]
            )
        except storage.StorageError as exc:
            self.notify(f"Game not filed: {exc}", severity="warning", markup=False)
            return None
        return name

    def action_save(self, default: str | None = None, replacing: str | None = None) -> None:
        """Ask for a name and save; a name already in use is replaced only if confirmed."""

        def chosen(name: str | None) -> None:
            if not name:
                return
            try:
                taken = storage.save_path(name).exists()
            except storage.StorageError as exc:
                self.notify(str(exc), severity="error", timeout=10, markup=False)
                return
            if taken and name != replacing:
                self.action_save(default=name, replacing=name)
                return
            try:
                path = storage.write_game(
                    storage.save_path(name),
                    self.history,
                    names=self.names,
                    players=self.kinds,  # type: ignore[arg-type]
                    settings=storage.GameSettings(
                        undo_mode=self.history.undo_mode, ascii=self.ascii
                    ),
                )
            except storage.StorageError as exc:
                self.notify(str(exc), severity="error", timeout=10, markup=False)
            else:
                self.notify(f"Saved as {path.stem}.", markup=False)

        if replacing is None:
            title = "Save this game as"
        else:
            title = f"A save named {replacing!r} exists: Enter replaces it, or change the name"
        name = default or f"{self.names[0]} v {self.names[1]}"
        self.app.push_screen(PromptScreen(title, name), chosen)

    def on_monument_chosen(self, message: MonumentChosen) -> None:
        lines = explain_score(self.state, message.who)
        if message.topic == "leftovers":
            explained = f"{lines['actions']}; {lines['meeples']}"
        else:
            explained = lines[message.topic]
        self.say(f"{self.names[message.who]}, {explained}. (? explains)", topic=message.topic)

    def action_details(self) -> None:
        self.app.push_screen(DetailsScreen(self.state, self.names))

    def set_guide(self, on: bool) -> None:
        self.guide = on
        if self._ready:
            self.say("")

    # --- computer players -----------------------------------------------------

    @property
    def computer_to_move(self) -> bool:
        return not self.state.over and current_player(self.state) in self._computers

    def _maybe_think(self) -> None:
        if not self.computer_to_move or self._thinking_on is self.state:
            return
        self._thinking_on = self.state
        self._stop = threading.Event()
        self.run_worker(
            partial(self._think, self.state, self._stop),
            thread=True,
            exclusive=True,
            group="computer",
            name="computer move",
        )

    def _think(self, state: GameState, stop: threading.Event) -> None:
        """In a worker thread: wait a moment, search, hand the step back."""
        if stop.wait(self.delay):
            return
        player = self._computers[current_player(state)]
        with self._think_lock:
            if stop.is_set():
                return
            action = player.choose(state, should_stop=stop)
        if not stop.is_set():
            self.app.call_from_thread(self._computer_chose, state, action)

    def _computer_chose(self, state: GameState, action: Action) -> None:
        # A search that outlived its position (undo, a new game) is ignored.
        if state is not self.state or self._stop.is_set():
            return
        who = current_player(state)
        if self.choose(action, by_computer=True):
            # The log's sentence, with the level beside the name it starts with.
            name, said = self.names[who], self._log[-1]
            if said.startswith(name):
                said = f"{name} ({self.kinds[who]}){said[len(name) :]}"
            self.say(said)
        else:
            # Never expected (the player picks from legal_actions); think again
            # rather than leave the game waiting for a move that never comes.
            self._thinking_on = None
            self._maybe_think()

    def stop_thinking(self) -> None:
        self._stop.set()
        self._hint_stop.set()
        self._thinking_on = None

    def on_unmount(self) -> None:
        self.stop_thinking()

    def action_speed(self, step: int) -> None:
        self.delay = min(3.0, max(0.0, self.delay + 0.2 * step))
        self.say(f"Computer moves wait {self.delay:.1f} s.")

    def action_hint(self) -> None:
        if self.state.over or self.computer_to_move:
            return
        self.say("Thinking about a hint...")
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

    def _show_hint(self, state: GameState, action: Action, reason: str) -> None:
        if state is self.state:
            # Keys, not notation: "P1" reads like "player 1".
            self.say(f"Hint [{' '.join(keys_for(action))}]: {reason}.")

    def action_log(self) -> None:
        self.app.push_screen(LogScreen(self.history, self.names, ascii=self.ascii))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.has_class("too-small") and action != "leave":
            return False  # the board is hidden: a key must not play on it unseen
        if action == "new_game":
            return self.state.over
        if action == "undo":
            return self._can_undo() or None
        if action == "redo":
            return (self.history.can_redo and not self._computers) or None
        if action == "stop":
            return STOP in self._legal
        if action == "pass_turn":
            return PASS in self._legal
        if action == "refused":  # the stand-in for an action that is off
            return not self.check_action(str(parameters[0]), ())
        return True
