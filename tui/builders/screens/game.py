"""The Builders game screen: a view of a :class:`match.match.Match`, and its keys.

Widgets draw what they are given and post what the player clicked
(:class:`tui.builders.widgets.base.Chosen`); keys and clicks go to
:func:`tui.builders.input.decide`, plain code that says what they mean; the
screen carries that out: a sail is shown first (the engine's
:func:`engine.builders.preview_sail`), any decision goes to the match, which
asks the engine and keeps the game. The match's reports (a move from here,
the computer or another terminal, an undo) bring the view up to date.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual.binding import Binding, BindingType

from engine.builders import (
    Action,
    GameState,
    Get,
    IllegalAction,
    Pass,
    Play,
    Sail,
    Unload,
    current_player,
    legal_actions,
    outcome,
    preview_sail,
)
from engine.builders.cards import first_of_kind
from engine.builders.describe import describe
from engine.message import Message
from match import hints, policy, rematch
from match.events import (
    Event,
    Moved,
    Rewound,
    SeatsChanged,
)
from match.hints import HintSearch
from match.match import Match
from tui import game_parts
from tui.builders import input as keys_in
from tui.builders.bindings import GAME_BINDINGS, PLAYERS_ONLY, describe_key
from tui.builders.help.reasons import topic_for_reason
from tui.builders.keys import BLUE_KEYS, keys_for
from tui.builders.screens.game_view import MIN_HEIGHT, MIN_WIDTH, POLL_SECONDS, GameView
from tui.builders.widgets.base import Chosen
from tui.builders.widgets.players import PlayerPanel
from tui.i18n import _, tr
from tui.screens.chat import TableChat

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "GameScreen"]


class GameScreen(GameView):
    BINDINGS: ClassVar[list[BindingType]] = GAME_BINDINGS
    # Keys that leave a full bar, the first first (KeyBar.shown_entries).
    OPTIONAL_KEYS: ClassVar[tuple[str, ...]] = ("codes", "redo", "details", "new_game")
    #: Whether leaving goes back to the lobby (LobbyGameScreen) rather than out of the app.
    from_lobby: ClassVar[bool] = False

    def __init__(self, match: Match, *, ascii: bool | None = None) -> None:
        super().__init__(match, ascii=ascii)
        self.requests = game_parts.TableRequests(
            self, match, lambda seat: self.names[seat], self.say
        )
        match.subscribe(self._on_match_event)
        # What hard would do and why (ai.players.hint), searched off the screen's thread.
        self._hints: HintSearch[GameState, tuple[Action, Message]] = hints.for_game("builders")
        # Talk at the table (only at a table shared with other terminals).
        self.chat = TableChat(self)

    def describe_key(self, binding: Binding) -> str | None:
        return describe_key(binding)

    def on_mount(self) -> None:
        self._ready = True
        choice = self._ascii_choice
        self.set_ascii(bool(getattr(self.app, "ascii", False)) if choice is None else choice)
        self._sync()
        result = outcome(self.state)
        # A game opened after its end says how it ended (the log keeps the rest).
        self.say("" if result is None else tr(result.describe(self.names)) + ".")
        if result is None:
            self._say_table_code()
        match = self.match
        if match.store is None and match.store_problem is not None:
            self.say(
                _("This game is not being kept: {problem}").format(problem=tr(match.store_problem))
            )
        self._check_size(self.app.size.width, self.app.size.height)
        if match.store is not None:
            self.set_interval(POLL_SECONDS, match.poll, name="store")
        self.set_interval(game_parts.RETRY_SECONDS, self.retry_store, name="store retry")
        self.chat.start()

    def retry_store(self) -> None:
        game_parts.retry_store(self, self.match, POLL_SECONDS)

    def _say_table_code(self) -> None:
        """A hosted table with seats still free: the code the others need."""
        match = self.match
        free = any(not seat.owner for seat in match.seats if not seat.computer)
        if match.code is None or not free:
            return
        if getattr(self.app, "lobby", None) is not None:
            # Over SSH there is no command line: the others are in the lobby.
            words = _("Table {code}: the other players pick it in the lobby")
        else:
            words = _("Table {code}: the other players type  imhotep-duel join {code}")
        self.say(words.format(code=match.code))

    def on_unmount(self) -> None:
        self._hints.stop()
        self.chat.stop()
        self.match.close()

    def action_chat(self) -> None:
        self.chat.open()

    def stop_thinking(self) -> None:
        self.match.stop_thinking()
        self._hints.stop()

    def action_hint(self) -> None:
        if not policy.may_ask_hint(self.match):
            return
        if not self.match.hints_on:
            self.say(tr(self.match.why_no_hint()), error=True)
            return
        self.say(_("Thinking about a hint..."))
        self._hints.start(self.state, self.app.call_from_thread, self._show_hint)

    def _show_hint(self, state: GameState, found: tuple[Action, Message]) -> None:
        if state is not self.state:
            return  # the game has moved on: the hint is for a position that has gone
        action, why = found
        self.match.hint_used()
        keys = " ".join(keys_for(action, state.step, state.card))
        said = tr(describe(state, action, self.names)).rstrip(".")
        # TRANSLATORS: a hint: the step the computer would take, then why.
        reason = _("{step}: {why}").format(step=said, why=tr(why))
        self.say(_("Hint [{keys}]: {reason}.").format(keys=keys, reason=reason))

    # --- from input to the match ---------------------------------------------------

    def _press(self, given: keys_in.Input) -> None:
        refusal = policy.move_refusal(self.match)
        if refusal is not None and not isinstance(given, keys_in.Move | keys_in.Back):
            # Another seat decides: a digit must not half-choose a ship (and
            # answer as if it were this player's turn) before the refusal.
            self.selection = replace(self.selection, ship=None, preview=None)
            self.say(tr(refusal))
            return
        decision = keys_in.decide(self.state, self._legal, self.selection, given)
        chosen = decision.selection
        if decision.drop_preview:
            chosen = replace(chosen, preview=None)
        self.selection = chosen
        if decision.said is not None:
            self.say(decision.said, topic=decision.topic, error=decision.error)
            if decision.error:
                self.app.bell()
        if decision.action is not None:
            self.choose(decision.action, confirmed=decision.confirmed)

    def choose(self, action: Action, *, confirmed: bool = False) -> bool:
        """Hand ``action`` to the match (a sail is shown first); say why if refused."""
        refusal = policy.move_refusal(self.match)
        if refusal is not None:
            self.say(tr(refusal))
            return False
        if isinstance(action, Sail) and not confirmed and self.previews_wanted:
            try:
                shown = preview_sail(self.state, action.ship, action.site)
            except IllegalAction as exc:
                self._refused(exc.reason)
                return False
            self.selection = replace(self.selection, ship=action.ship, preview=shown)
            self.say("", topic=None)
            return False
        reason = self.match.play(action)
        if reason is None:
            self._unload_the_last()
            return True
        self._refused(reason)
        return False

    def _unload_the_last(self) -> None:
        """Under a Lever the last stone has nowhere else to go: after this
        player's step it follows at once, as it would without the card, rather
        than waiting for a key. (Only after a step: undo back to it stays.)"""
        state = self.match.state
        if state.step != "unload" or current_player(state) not in self.match.here:
            return
        forced = legal_actions(state)
        if len(forced) == 1 and isinstance(forced[0], Unload):
            self.match.play(forced[0])

    def _refused(self, reason: Message) -> None:
        words = tr(reason)
        self.say(
            _("Not allowed: {reason}. (? explains)").format(reason=words),
            error=True,
            topic=topic_for_reason(str(reason)),
        )
        self.app.bell()

    @property
    def previews_wanted(self) -> bool:
        settings = getattr(self.app, "settings", None)
        return bool(getattr(settings, "preview_unloads", True))

    def cancel_preview(self, words: str = "") -> None:
        if self.selection.preview is None:
            return
        self.selection = replace(self.selection, preview=None)
        self.say(words)

    def on_chosen(self, message: Chosen) -> None:
        message.stop()
        self._press(keys_in.Click(tuple(message.target)))

    def action_move(self, rows: int, columns: int) -> None:
        self._press(keys_in.Move(rows, columns))

    def action_choose(self) -> None:
        self._press(keys_in.Enter())

    def action_digit(self, number: int) -> None:
        self._press(keys_in.Digit(number))

    def action_site(self, site: int) -> None:
        self._press(keys_in.SiteKey(site))

    def action_get(self) -> None:
        self._press(keys_in.Decide(Get()))

    def action_blue(self, kind: str) -> None:
        self._press(keys_in.Decide(Play(kind)))

    def action_pass_turn(self) -> None:
        self._press(keys_in.Decide(Pass()))

    def action_back_out(self) -> None:
        withdrawn = self.match.withdraw_takeback()
        if withdrawn is not None:
            self.say(tr(withdrawn))
            return
        self._press(keys_in.Back())

    # --- the match's reports -------------------------------------------------------

    def _on_match_event(self, event: Event) -> None:
        if not game_parts.on_screen(self):
            return  # left already (q, the game over dialog)
        if isinstance(event, Moved | Rewound):
            self.selection = keys_in.Selection()
            self.requests.moved_on()
            self.state = self.match.state
            if self.match.store is None and self.match.store_problem is not None:
                self.retry_store()
            if isinstance(event, Rewound):
                self.say(tr(event.message))
            elif event.by == "here":
                self.say("")
            else:
                self.say(tr(event.told or event.text))
            if self.state.over:
                self._game_over()
        elif isinstance(event, SeatsChanged) and self._ready:
            for panel in self.query(PlayerPanel):
                panel.set_player(
                    self.names[panel.seat], policy.seat_shown_as(self.match, panel.seat)
                )
            # The whole view: a seat taken here changes the keys and the marks.
            self._sync()
            if event.message:
                self.say(tr(event.message))
        else:
            self.requests.show(event)

    def _game_over(self) -> None:
        from tui.builders.screens.game_over import GameOverScreen, LobbyGameOverScreen

        dialog = LobbyGameOverScreen if self.from_lobby else GameOverScreen
        self.app.push_screen(
            dialog(
                self.state,
                self.names,
                new_game=not self.match.watching,
                rematch=rematch.possible(self.match),
            ),
            self._after_game,
        )

    async def _after_game(self, choice: str | None) -> None:
        result = outcome(self.state)
        if result is not None:
            self.say(tr(result.describe(self.names)) + ".")
        if choice == "new":
            await self.app.run_action("new_game")
        elif choice == "rematch":
            self.action_rematch()
        elif choice == "quit":
            self.action_leave()

    # --- other keys ------------------------------------------------------------------

    def action_undo(self) -> None:
        if self.match.can_undo():
            said = self.match.undo()
            if self.match.shared:
                self.say(tr(said))

    def action_redo(self) -> None:
        if self.match.can_redo():
            self.match.redo()

    def action_refused(self, what: str) -> None:
        # A key whose decision is not legal now: the engine says why.
        if what == "get":
            self.choose(Get())
        elif what == "pass_turn":
            self.choose(Pass())
        elif what in BLUE_KEYS:
            self.choose(Play(what))
        elif what == "undo":
            self.say(tr(self.match.why_no_undo()), error=True, topic="controls")
        else:
            self.say(tr(self.match.why_no_redo()), error=True, topic="controls")

    async def action_help(self) -> None:
        await self.app.run_action("help")

    async def action_new_game(self) -> None:
        await self.app.run_action("new_game")

    def action_rematch(self) -> None:
        game_parts.rematch(self, self.match)

    def action_details(self) -> None:
        from tui.builders.screens.details import DetailsScreen

        self.app.push_screen(DetailsScreen(self.state, self.names))

    def action_codes(self) -> None:
        from tui.builders.screens.cards import CardsScreen

        self.app.push_screen(CardsScreen())

    def action_log(self) -> None:
        from tui.builders.screens.log import LogScreen

        exportable = self.files_allowed and not policy.deal_hidden(self.match)
        self.app.push_screen(
            LogScreen(self.history, self.names, ascii=self.ascii, export=exportable)
        )

    @property
    def files_allowed(self) -> bool:
        return game_parts.files_allowed(self.app)

    def action_save(self, default: str | None = None, replacing: str | None = None) -> None:
        """Ask for a name and save; a name already in use is replaced only if confirmed."""
        game_parts.ask_to_save(
            self,
            self.match,
            names=self.names,
            kinds=self.kinds,
            ascii=self.ascii,
            default=default or " - ".join(self.names),
            replacing=replacing,
        )

    def action_leave(self) -> None:
        game_parts.leave(self, self.match, self.end_visit)

    def end_visit(self) -> None:
        self.app.exit()

    def _holds(self, kind: str) -> bool:
        """Whether the player to move, at this keyboard, holds a blue card of ``kind``."""
        state = self.state
        mover = current_player(state)
        if state.over or mover not in self.match.here:
            return False
        return first_of_kind(state.held[mover], kind) >= 0

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.has_class("too-small") and action != "leave":
            return False
        if self.match.watching and action in PLAYERS_ONLY:
            return False
        state = self.state
        if action == "chat":
            return self.chat.available
        if action == "save":
            return self.files_allowed and not policy.deal_hidden(self.match)
        if action == "new_game":
            return state.over and not rematch.possible(self.match)
        if action == "rematch":
            return state.over and rematch.possible(self.match)
        if action in ("choose", "digit", "site", "move"):
            return not state.over
        if action in ("get", "blue", "pass_turn") and policy.move_refusal(self.match):
            return False  # another seat's decision: its choices are not this keyboard's keys
        if action == "get":
            return Get() in self._legal
        if action == "blue":
            kind = str(parameters[0])
            return Play(kind) in self._legal or (None if self._holds(kind) else False)
        if action == "pass_turn":
            return Pass() in self._legal
        if action == "undo":
            return self.match.can_undo() or None
        if action == "redo":
            # Dimmed while there is nothing to redo; gone where there never is.
            if not self.match.redo_offered():
                return False
            return self.match.can_redo() or None
        if action == "refused":
            what = str(parameters[0])
            if what in BLUE_KEYS:
                return not state.over and not self.check_action("blue", (what,))
            return not self.check_action(what, ())
        return True
