"""From a key or a click to what it means on the Builders board (pure: no app)."""

from __future__ import annotations

from builders_screen_support import history_until

from engine.builders import EMPTY, PYRAMID, GameState, Place, Sail, Take, Unload, legal_actions
from tui.builders.input import (
    Back,
    Click,
    Digit,
    Enter,
    Move,
    Selection,
    SiteKey,
    decide,
)


def _turn_with_a_sail() -> GameState:
    return history_until(
        3, lambda s: s.step == "turn" and any(isinstance(a, Sail) for a in legal_actions(s))
    ).state


def test_a_digit_chooses_a_ship_and_the_next_places_on_that_space() -> None:
    state = history_until(2, lambda s: s.step == "turn" and s.sled[s.turn] > 0).state
    legal = legal_actions(state)
    first = decide(state, legal, Selection(), Digit(2))
    assert first.action is None and first.selection.ship == 1
    assert state.ships[1][first.selection.cursor[1]] == EMPTY
    second = decide(state, legal, first.selection, Digit(1))
    assert second.action == Place(1, 0)


def test_a_site_key_without_a_ship_asks_for_one_and_names_the_site() -> None:
    state = _turn_with_a_sail()
    decision = decide(state, legal_actions(state), Selection(), SiteKey(PYRAMID))
    assert decision.action is None and decision.said and decision.topic == "pyramid"


def test_a_sail_is_asked_for_then_confirmed_by_the_same_site_or_enter() -> None:
    state = _turn_with_a_sail()
    legal = legal_actions(state)
    sail = next(a for a in legal if isinstance(a, Sail))
    asked = decide(state, legal, Selection(ship=sail.ship), SiteKey(sail.site))
    assert asked.action == sail and not asked.confirmed
    from engine.builders import preview_sail

    shown = Selection(ship=sail.ship, preview=preview_sail(state, sail.ship, sail.site))
    again = decide(state, legal, shown, SiteKey(sail.site))
    assert again.action == sail and again.confirmed
    enter = decide(state, legal, shown, Enter())
    assert enter.action == sail and enter.confirmed
    back = decide(state, legal, shown, Back())
    assert back.selection.preview is None and back.action is None


def test_the_arrows_wrap_around_the_ships_and_the_market() -> None:
    state = _turn_with_a_sail()
    moved = decide(state, legal_actions(state), Selection(cursor=(0, 0)), Move(-1, 0))
    assert moved.selection.cursor[0] == len(state.ships) - 1
    market = history_until(3, lambda s: s.step == "take").state
    left = decide(market, legal_actions(market), Selection(cursor=(0, 0)), Move(0, -1))
    assert left.selection.cursor == (0, len(market.market) - 1)


def test_at_the_market_a_digit_takes_and_under_a_lever_it_unloads() -> None:
    market = history_until(2, lambda s: s.step == "take").state
    assert decide(market, legal_actions(market), Selection(), Digit(3)).action == Take(2)
    lever = history_until(2, lambda s: s.step == "unload").state
    assert decide(lever, legal_actions(lever), Selection(), Digit(2)).action == Unload(1)


def test_a_click_on_a_full_space_chooses_its_ship() -> None:
    state = history_until(
        2, lambda s: s.step == "turn" and any(o != EMPTY for ship in s.ships for o in ship)
    ).state
    ship, slot = next(
        (i, k) for i, cargo in enumerate(state.ships) for k, o in enumerate(cargo) if o != EMPTY
    )
    decision = decide(state, legal_actions(state), Selection(), Click(("slot", ship, slot)))
    assert decision.action is None and decision.selection.ship == ship


def test_another_players_sled_is_not_a_get() -> None:
    state = history_until(2, lambda s: s.step == "turn").state
    other = (state.turn + 1) % state.players
    decision = decide(state, legal_actions(state), Selection(), Click(("sled", other)))
    assert decision.action is None


def _turn_with_a_sailed_ship() -> GameState:
    return history_until(
        2,
        lambda s: (
            s.step == "turn"
            and s.sled[s.turn] > 0
            and any(d != EMPTY for d in s.docked)
            and any(Place(i, 0) in legal_actions(s) for i in range(len(s.ships)))
        ),
    ).state


def test_a_digit_past_the_chosen_ships_last_space_leaves_the_cursor_on_it() -> None:
    # Played: ship 2 (three spaces) chosen, 4 pressed, then Enter: the cursor
    # had moved to a space the ship does not have and Enter crashed the app.
    state = history_until(2, lambda s: s.step == "turn" and s.sled[s.turn] > 0).state
    legal = legal_actions(state)
    ship = next(i for i, cargo in enumerate(state.ships) if len(cargo) < 4)
    chosen = decide(state, legal, Selection(), Digit(ship + 1)).selection
    past = decide(state, legal, chosen, Digit(4))
    assert past.selection.cursor[1] < len(state.ships[ship])
    decide(state, legal, past.selection, Enter())  # no IndexError
    stray = Selection(ship=ship, cursor=(ship, 3))
    decide(state, legal, stray, Enter())


def test_a_ship_that_has_sailed_is_not_chosen() -> None:
    state = _turn_with_a_sailed_ship()
    legal = legal_actions(state)
    sailed = next(i for i, d in enumerate(state.docked) if d != EMPTY)
    decision = decide(state, legal, Selection(), Digit(sailed + 1))
    assert decision.selection.ship is None and decision.action is None
    assert decision.error and decision.said and str(sailed + 1) in decision.said


def test_in_a_cards_place_step_a_chosen_ship_is_not_said_to_sail() -> None:
    state = history_until(2, lambda s: s.step == "place").state
    legal = legal_actions(state)
    ship = next(a.ship for a in legal if isinstance(a, Place))
    decision = decide(state, legal, Selection(), Digit(ship + 1))
    assert decision.selection.ship == ship
    assert decision.said is not None and "sail" not in decision.said


def test_esc_on_a_sail_on_show_drops_the_ship_too() -> None:
    # Played: ship 2 to the pyramid shown, Esc, then "3 p Enter" meant ship 3;
    # ship 2 was still chosen, so 3 was a space of ship 2 and ship 2 sailed.
    state = _turn_with_a_sail()
    legal = legal_actions(state)
    sail = next(a for a in legal if isinstance(a, Sail))
    from engine.builders import preview_sail

    shown = Selection(ship=sail.ship, preview=preview_sail(state, sail.ship, sail.site))
    back = decide(state, legal, shown, Back())
    assert back.selection.preview is None and back.selection.ship is None
    again = decide(state, legal, back.selection, SiteKey(sail.site))
    assert again.action is None


def test_a_prompt_cut_to_the_screen_says_it_was_cut() -> None:
    # Played at 80x24: "... sail a ship or play a blue" (card cut) read as the
    # whole prompt; in German it ended on a hanging "oder".
    from tui.builders.prompts import prompt_line

    state = history_until(2, lambda s: s.step == "turn").state
    legal = legal_actions(state)
    names, kinds = ("Player 1", "Player 2"), ("human", "human")

    def line(width: int, *, ascii: bool = False) -> str:
        return prompt_line(
            state, legal, "here", Selection(), names=names, kinds=kinds, ascii=ascii, width=width
        )

    whole = line(200)
    assert not whole.endswith(("…", "..."))
    for width, ascii, more in ((60, False, "…"), (60, True, "...")):
        cut = line(width, ascii=ascii)
        assert len(cut) <= width and cut.endswith(more), cut
