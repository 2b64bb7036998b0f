"""match.hints: a hint search on its own thread, answered where it was asked."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

import pytest

from engine.duel import Setup, legal_actions
from match.hints import HintSearch

Delivered = queue.Queue[Callable[[], None]]


def _gated(release: threading.Event) -> Callable[[str, threading.Event], str]:
    """A search that answers only once ``release`` is set (or it is stopped)."""

    def search(state: str, stop: threading.Event) -> str:
        release.wait(timeout=30)
        return f"hint for {state}"

    return search


def _next(delivered: Delivered) -> Callable[[], None]:
    return delivered.get(timeout=30)


def test_the_answer_is_run_by_the_asker_with_the_state_it_was_asked_on() -> None:
    release = threading.Event()
    release.set()
    delivered: Delivered = queue.Queue()
    answers: list[tuple[str, str]] = []
    hints: HintSearch[str, str] = HintSearch(_gated(release))
    hints.start("A", delivered.put, lambda state, answer: answers.append((state, answer)))
    hand_over = _next(delivered)
    assert answers == []  # nothing runs on the search's thread
    hand_over()
    assert answers == [("A", "hint for A")]
    assert not hints.running


def test_a_stopped_search_delivers_nothing() -> None:
    release = threading.Event()
    delivered: Delivered = queue.Queue()
    answers: list[str] = []
    hints: HintSearch[str, str] = HintSearch(_gated(release))
    hints.start("A", delivered.put, lambda _state, answer: answers.append(answer))
    assert hints.running
    hints.stop()
    release.set()
    hints.wait()
    assert delivered.empty()
    assert answers == [] and not hints.running


def test_a_search_stopped_after_it_answered_is_not_handed_over() -> None:
    release = threading.Event()
    release.set()
    delivered: Delivered = queue.Queue()
    answers: list[str] = []
    hints: HintSearch[str, str] = HintSearch(_gated(release))
    hints.start("A", delivered.put, lambda _state, answer: answers.append(answer))
    hand_over = _next(delivered)
    hints.stop()  # e.g. the screen closed while the answer was on its way
    hand_over()
    assert answers == []


def test_a_new_search_replaces_the_one_under_way() -> None:
    first, second = threading.Event(), threading.Event()
    gates = {"A": first, "B": second}
    delivered: Delivered = queue.Queue()
    answers: list[str] = []

    def search(state: str, stop: threading.Event) -> str:
        gates[state].wait(timeout=30)
        return state

    hints: HintSearch[str, str] = HintSearch(search)
    hints.start("A", delivered.put, lambda _state, answer: answers.append(answer))
    hints.start("B", delivered.put, lambda _state, answer: answers.append(answer))
    first.set()
    second.set()
    hints.wait()
    _next(delivered)()
    assert delivered.empty()  # the first search, stopped, handed nothing over
    assert answers == ["B"]


def test_a_failing_search_fails_where_it_was_asked() -> None:
    def broken(state: str, stop: threading.Event) -> str:
        raise ValueError("no hint")

    delivered: Delivered = queue.Queue()
    hints: HintSearch[str, str] = HintSearch(broken)
    hints.start("A", delivered.put, lambda _state, _answer: None)
    with pytest.raises(ValueError, match="no hint"):
        _next(delivered)()


def test_the_duel_hint_search_names_a_legal_action() -> None:
    from ai import duel as ai

    state = Setup(seed=5).start()
    delivered: Delivered = queue.Queue()
    answers: list[object] = []
    hints: HintSearch[object, object] = HintSearch(
        lambda position, stop: ai.hint(position, should_stop=stop)  # type: ignore[arg-type]
    )
    hints.start(state, delivered.put, lambda _state, answer: answers.append(answer))
    _next(delivered)()
    (action, _reason) = answers[0]  # type: ignore[misc]
    assert action in legal_actions(state)


def test_a_games_hint_search_asks_that_games_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    from ai import players
    from engine.message import msg
    from match.hints import for_game

    asked: list[tuple[str, object]] = []

    def fake(kind: str, state: object, should_stop: threading.Event | None = None) -> object:
        asked.append((kind, state))
        return ("step", msg("because"))

    monkeypatch.setattr(players, "hint", fake)
    delivered: Delivered = queue.Queue()
    answers: list[object] = []
    hints = for_game("builders")
    hints.start("position", delivered.put, lambda _state, answer: answers.append(answer))
    _next(delivered)()
    assert asked == [("builders", "position")]
    assert answers == [("step", msg("because"))]
