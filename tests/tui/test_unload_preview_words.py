"""An unload preview in words (tui.duel.unload_preview), from the engine's preview."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from engine.duel import NO_PLAYER, GameState, Player, new_game, preview_unload
from engine.duel.tokens import FULL_SET
from tui.duel.glyphs import ASCII, UNICODE
from tui.duel.unload_preview import preview_prompt, preview_sentences


def position(
    *,
    boats: dict[int, tuple[str, str, str]],
    cells: str,
    turn: int = 0,
    removed: Sequence[int] = (),
    supply: tuple[str, ...] | None = None,
) -> GameState:
    """A position with these boats and meeples (0/1 a player's, . empty)."""
    rest = list(FULL_SET)
    for slots in boats.values():
        for token in slots:
            rest.remove(token)
    deck: list[str] = []
    for boat in range(6):
        deck += boats.get(boat) or [rest.pop() for _ in range(3)]
    state = new_game(deck=deck + rest)
    grid = tuple(NO_PLAYER if c == "." else int(c) for c in cells if c in "01.")
    players = tuple(Player(meeples=4 - grid.count(who)) for who in (0, 1))
    return replace(
        state,
        grid=grid,
        players=players,
        turn=turn,
        boats=tuple(None if b in removed else slots for b, slots in enumerate(state.boats)),
        supply=state.supply if supply is None else supply,
    )


def test_each_player_is_told_what_they_take_and_their_points() -> None:
    state = position(boats={0: ("B3", "T2", "OB")}, cells="1.0 ... ...", turn=1)
    preview = preview_unload(state, 0)
    words = preview_sentences(preview, ("Ann", "Bob"), UNICODE)
    assert words[0] == "Bob takes an obelisk (1 → 7 pts); Ann takes temple 2 (1 → 2 pts)."
    assert words[1] == "Only two meeples: burial chamber 3 goes to the box."
    assert "->" in preview_sentences(preview, ("Ann", "Bob"), ASCII)[0]
    assert preview_prompt(preview) == (
        "unload R1, the row 1 boat? Enter or r1 confirms, Esc cancels"
    )


def test_a_player_who_takes_nothing_is_told_so() -> None:
    state = position(boats={3: ("PL", "PD", "T4")}, cells="0.. 0.. ...")
    words = preview_sentences(preview_unload(state, 3), ("Ann", "Bob"), UNICODE)
    assert words[0].endswith("; Bob takes nothing.")
    assert words[0].startswith("Ann takes temple 4 and a dark pyramid (")


def test_the_end_of_the_game_comes_first() -> None:
    state = position(
        boats={5: ("OB", "OB", "T1")}, removed=[0, 1, 2, 3], supply=(), cells="..0 ..1 ..."
    )
    words = preview_sentences(preview_unload(state, 5), ("Ann", "Bob"), UNICODE)
    assert words[0] == "This unload ends the game: only one boat will be left."
    assert not any("leaves the game" in sentence for sentence in words)


def test_a_boat_that_leaves_without_ending_the_game_says_so() -> None:
    state = position(
        boats={5: ("OB", "OB", "T1")}, removed=[0, 1, 2], supply=(), cells="..0 ..1 ..."
    )
    words = preview_sentences(preview_unload(state, 5), ("Ann", "Bob"), UNICODE)
    assert words[-1] == "The supply is empty, so the boat then leaves the game."


def test_the_online_rules_last_refill_names_the_boat_that_leaves() -> None:
    # Online rules, mid-turn: the column 1 boat waits for its refill, and the
    # supply holds one; unloading the row 3 boat takes it, column 1 leaves.
    state = position(boats={2: ("T1", "T2", "T3")}, supply=("PL", "PL", "PL"), cells="... ... .11")
    boats = list(state.boats)
    boats[3] = None
    waiting = replace(state, rules="online", emptied=(3,), boats=tuple(boats))
    words = preview_sentences(preview_unload(waiting, 2), ("Ann", "Bob"), UNICODE)
    assert words[0] == "The last refill goes to R3, so C1 then leaves the game (online rules)."
    assert not any("supply is empty" in sentence for sentence in words)
