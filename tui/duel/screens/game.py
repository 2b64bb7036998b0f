"""The game screen: a view of a :class:`match.match.Match`, and its keys.

Widgets only draw what they are given and post what the player meant
(``CellChosen``, ``SlotChosen``). Each key or click goes to
:func:`tui.duel.input.decide`, plain code that says what it means; the
screen carries the decision out: an action goes to the match, which asks the
engine and keeps the game. Who may do what now is the match layer's
(:mod:`match.policy`); hints search on a thread of :mod:`match.hints`; the
board and the prompt are drawn by :class:`~tui.duel.screens.game_view.GameView`
and the match's reports are followed in :mod:`tui.duel.screens.game_events`.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from ai import duel as ai
from engine.duel import Action, GameState, Play
from engine.duel.actions import PASS, STOP
from engine.duel.explain import explain_score
from engine.duel.game import DUEL
from engine.duel.tokens import ACTION_TOKENS
from engine.message import Message
from match import hints, policy, rematch
from match.hints import HintSearch
from match.match import Match
from tui import game_parts
from tui.duel import input as keys_in
from tui.duel import prompts
from tui.duel.bindings import GAME_BINDINGS, PLAYERS_ONLY, describe_key
from tui.duel.help.topics import topic_for_reason
from tui.duel.keys import keys_for
from tui.duel.screens.details import DetailsScreen
from tui.duel.screens.game_events import MatchEvents
from tui.duel.screens.game_view import MIN_HEIGHT, MIN_WIDTH, POLL_SECONDS
from tui.duel.screens.log import LogScreen
from tui.duel.token_words import short_legend
from tui.duel.widgets.harbor import CellChosen, SlotChosen
from tui.duel.widgets.player import MonumentChosen
from tui.i18n import _, tr
from tui.screens.chat import TableChat
from tui.widgets.line import Line

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "POLL_SECONDS", "GameScreen", "cut_at_word"]

cut_at_word = prompts.cut_at_word  # the layout tests find it here


class GameScreen(MatchEvents):
    BINDINGS: ClassVar[list[BindingType]] = GAME_BINDINGS

    # Shown on the key bar only when the other keys leave room for them.
    # The chat's key is shown only at a table, where Save is off while the
    # game goes on (policy.deal_hidden): it takes that room.
    OPTIONAL_KEYS: ClassVar[tuple[str, ...]] = ("codes", "chat")

    def __init__(self, match: Match, *, ascii: bool | None = None) -> None:
        super().__init__(match, ascii=ascii)
        # The game's hint comes from ai.players, which looks ai.duel.hint up
        # at each search, so a test may stand in for it.
        self._hints: HintSearch[GameState, tuple[Action, Message]] = hints.for_game(DUEL.kind)
        # Talk at the table (only at a table shared with other terminals).
        self.chat = TableChat(self)

    def describe_key(self, binding: Binding) -> str | None:
        """A key's description that holds a value (see :func:`describe_key`)."""
        return describe_key(binding)

    _key_hint = staticmethod(prompts.key_hint)

    def on_mount(self) -> None:
        self._ready = True
        choice = self._ascii_choice
        self.set_ascii(bool(getattr(self.app, "ascii", False)) if choice is None else choice)
        self._sync()
        match = self.match
        self.say(
            prompts.opening_words(
                self.state,
                store_problem=getattr(self.app, "store_problem", None),
                kept=match.store is not None,
                code=match.code,
                waiting_for_player=not all(s.owner for s in match.seats if not s.computer),
                in_lobby=getattr(self.app, "lobby", None) is not None,
            )
        )
        self._check_size(self.app.size.width, self.app.size.height)
        if match.store is not None:
            self.set_interval(POLL_SECONDS, match.poll, name="store")
        self.set_interval(game_parts.RETRY_SECONDS, self.retry_store, name="store retry")
        self.chat.start()

    def _carry_out(self, decision: keys_in.Decision) -> None:
        """Do what :func:`tui.duel.input.decide` decided."""
        chosen = decision.selection
        self.cursor = chosen.cursor
        self.selected = chosen.selected
        self._line = None if chosen.line is None else (chosen.line, self.state)
        if chosen.preview is None and self.preview is not None:
            self._drop_preview()
        if decision.said is not None:
            said = decision.said
            self.say(said.text, error=said.error, topic=said.topic)
        # Back out only of a token just chosen: none of its steps made yet.
        match = self.match
        token_chosen = match.state.pending is not None and isinstance(match.last_action, Play)
        if decision.back_out and not match.back_out(token_chosen):
            self.say(keys_in.back_out_refused().text)
        if decision.action is not None:
            self.choose(decision.action)

    def _press(self, given: keys_in.Input) -> None:
        self._carry_out(keys_in.decide(self.state, self.selection, given))

    def choose(self, action: Action) -> bool:
        """Hand ``action`` to the match; show the reason if it is refused."""
        refusal = policy.move_refusal(self.match)
        if refusal is not None:
            self.say(tr(refusal))
            return False
        offered = keys_in.offer(self.state, self.selection, action, previews=self.previews_wanted)
        if offered.action is None and offered.selection.preview is not None:
            self._show_preview(offered.selection.preview)
            return False
        # A refused action changes nothing, the unload on show included: Enter
        # still makes it, as its prompt says.
        reason = self.match.play(action)
        if reason is None:
            self._preview = None
            return True
        self.say(
            _("Not allowed: {reason}. (? explains)").format(reason=tr(reason)),
            error=True,
            topic=topic_for_reason(reason),
        )
        self.app.bell()
        return False

    def on_cell_chosen(self, message: CellChosen) -> None:
        self._press(keys_in.CellClick(message.cell))

    def on_slot_chosen(self, message: SlotChosen) -> None:
        self._press(keys_in.SlotClick(message.boat, message.slot))

    def action_move(self, d_row: int, d_col: int) -> None:
        self._press(keys_in.Move(d_row, d_col))

    def action_choose(self) -> None:
        self._press(keys_in.Enter())

    def action_digit(self, number: int) -> None:
        self._press(keys_in.Digit(number))

    def action_line(self, line: str) -> None:
        self._press(keys_in.LineKey(line))

    def action_play(self, token: str) -> None:
        self._press(keys_in.TokenKey(token))

    def action_stop(self) -> None:
        self._press(keys_in.StopKey())

    def action_pass_turn(self) -> None:
        self._press(keys_in.PassKey())

    def action_back_out(self) -> None:
        withdrawn = self.match.withdraw_takeback()
        if withdrawn is not None:
            self.say(tr(withdrawn))
            return
        if not self.match.waiting:  # else the token in progress is not this keyboard's
            self._press(keys_in.Back())

    # --- other keys ----------------------------------------------------------------

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

    # --- computer players and hints -----------------------------------------------

    def stop_thinking(self) -> None:
        self.match.stop_thinking()
        self._hints.stop()

    def on_unmount(self) -> None:
        self._hints.stop()
        self.chat.stop()
        self.match.close()

    def action_chat(self) -> None:
        self.chat.open()

    def action_speed(self, step: int) -> None:
        seconds = policy.set_delay(self.match, step)
        self.say(_("Computer moves wait {seconds:.1f} s.").format(seconds=seconds))

    def action_hint(self) -> None:
        if not policy.may_ask_hint(self.match):
            return
        if not self.match.hints_on:
            self.say(tr(self.match.why_no_hint()), error=True)
            return
        self.say(_("Thinking about a hint..."))
        self._hints.start(self.state, self.app.call_from_thread, self._show_hint)

    def _show_hint(self, state: GameState, answer: tuple[Action, Message]) -> None:
        if state is not self.state:
            return
        action, reason = answer
        self.match.hint_used()  # the other player is told
        # Keys, not notation: "P1" reads like "player 1".
        keys = " ".join(keys_for(action, preview=self.previews_wanted))
        said = _("Hint [{keys}]: {reason}.").format(keys=keys, reason=tr(reason))
        if not self.query_one("#message", Line).sentences_shown((said,)):
            # The keys say what to do: the words keep why.
            said = _("Hint [{keys}]: {reason}.").format(keys=keys, reason=tr(ai.brief(reason)))
        self.say(said)

    # --- leaving, files and the log ----------------------------------------------

    async def action_new_game(self) -> None:
        await self.app.run_action("new_game")

    def action_rematch(self) -> None:
        game_parts.rematch(self, self.match)

    def action_leave(self) -> None:
        self.leave()

    def leave(self) -> None:
        game_parts.leave(self, self.match, self.end_visit)

    def end_visit(self) -> None:
        """Where leaving goes: out of the app (the lobby's game screen goes back to it)."""
        self.app.exit()

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
            default=default or f"{self.names[0]} v {self.names[1]}",
            replacing=replacing,
        )

    def action_log(self) -> None:
        # The record names the deal: not for export while it must stay hidden.
        exportable = self.files_allowed and not policy.deal_hidden(self.match)
        self.app.push_screen(
            LogScreen(self.history, self.names, ascii=self.ascii, export=exportable)
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.has_class("too-small") and action != "leave":
            return False  # the board is hidden: a key must not play on it unseen
        if self.match.watching and action in PLAYERS_ONLY:
            return False  # a watcher is shown only the keys that do something for them
        if action == "chat":
            return self.chat.available
        if action == "save":
            return self.files_allowed and not policy.deal_hidden(self.match)
        if action == "new_game":
            return self.state.over and not rematch.possible(self.match)
        if action == "rematch":
            return self.state.over and rematch.possible(self.match)
        if action == "choose":
            # Nothing is left to choose: the room goes to the keys that still work.
            return not self.state.over
        if action == "undo":
            return self.match.can_undo() or None
        if action == "redo":
            # Dimmed while there is nothing to redo; gone where there never is.
            if not self.match.redo_offered():
                return False
            return self.match.can_redo() or None
        if action in ("stop", "pass_turn") and policy.move_refusal(self.match):
            return False  # another seat's decision: not this keyboard's keys
        if action == "stop":
            return STOP in self._legal
        if action == "pass_turn":
            return PASS in self._legal
        if action == "refused":  # the stand-in for an action that is off
            return not self.check_action(str(parameters[0]), ())
        return True
