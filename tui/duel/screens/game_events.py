"""What the game screen does with the match's reports.

A move, a takeback, a change of seats or a notice may come from this
keyboard, the computer or another terminal; each arrives as an event of
:mod:`match.match`, and :class:`MatchEvents` brings the view up to date.
"""

from __future__ import annotations

from typing import ClassVar

from engine.duel import describe, outcome
from match import policy, rematch
from match.match import (
    Event,
    Match,
    Moved,
    Rewound,
    SeatsChanged,
)
from tui import game_parts
from tui.duel import prompts
from tui.duel.screens.game_view import GameView
from tui.duel.widgets.player import PlayerPanel
from tui.i18n import _, tr
from tui.widgets.line import Line


class MatchEvents(GameView):
    """The view, kept up with what the match reports."""

    #: Whether leaving goes back to the lobby (LobbyGameScreen) rather than out of the app.
    from_lobby: ClassVar[bool] = False

    def __init__(self, match: Match, *, ascii: bool | None = None) -> None:
        super().__init__(match, ascii=ascii)
        self.requests = game_parts.TableRequests(
            self, match, lambda seat: self.names[seat], self.say
        )
        match.subscribe(self._on_match_event)

    def _on_match_event(self, event: Event) -> None:
        """What the match reports, from this keyboard, the computer or elsewhere."""
        if not game_parts.on_screen(self):
            return  # left already (q, the game over dialog)
        if isinstance(event, Moved):
            self.selected = None
            self.requests.moved_on()
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
                    names = self.names  # the Duel screen's two seats
                    said = tr(
                        self.match.told_last(
                            lambda before, action: describe(before, action, names, codes=True)
                        )
                    )
                kind = self.kinds[event.seat]
                self.say(prompts.moved_words(said, name, kind, by_computer=event.by == "computer"))
            if self.state.over:
                self._game_over()
        elif isinstance(event, Rewound):
            self.selected = None
            self.requests.moved_on()
            self.state = self.match.state
            self.say(tr(event.message))
            if self.state.over:
                self._game_over()
        elif isinstance(event, SeatsChanged):
            if self._ready:
                for panel in self.query(PlayerPanel):
                    panel.set_player(
                        self.names[panel.who], policy.seat_shown_as(self.match, panel.who)
                    )
                # The whole view: a seat taken here changes the keys, the
                # marks and whether the computer is this process's to run.
                self._sync()
                if event.message:
                    self.say(tr(event.message))
        else:
            self.requests.show(event)

    def leave(self) -> None:
        """Leave the game: the game screen decides where to (see GameScreen.leave)."""
        raise NotImplementedError

    def _game_over(self) -> None:
        from tui.duel.screens.game_over import GameOverScreen, LobbyGameOverScreen

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
        if result is not None and self.match.watching:
            self.say(tr(result.describe(self.names)) + ".")
        elif result is not None and rematch.possible(self.match):
            self.say(
                _("{result}. Press n for a rematch.").format(result=tr(result.describe(self.names)))
            )
        elif result is not None:
            self.say(
                _("{result}. Press n for a new game.").format(
                    result=tr(result.describe(self.names))
                )
            )
        if choice == "new":
            await self.app.run_action("new_game")
        elif choice == "rematch":
            game_parts.rematch(self, self.match)
        elif choice == "quit":
            self.leave()
