"""match.log: a turn's decisions told as one entry, known from the contract alone.

The log groups an action with the one before when the same seat decides
again. For the Duel that must be exactly its action tokens: a token and its
steps (the states in between have a step pending).
"""

from __future__ import annotations

import random

import pytest

from engine.duel import Setup, legal_actions
from match.events import sentences
from match.match import Match
from match.seats import Seat


def _by_tokens(match: Match) -> list[str]:
    """The entries as the Duel's own pending steps group them."""
    entries: list[str] = []
    for ply, text in enumerate(match.log):
        if entries and match.history.states[ply].pending is not None:
            entries[-1] = sentences([entries[-1], text])
        else:
            entries.append(text)
    return entries


@pytest.mark.parametrize("rules", ["classic", "online"])
@pytest.mark.parametrize("seed", range(4))
def test_a_turn_is_told_whole_as_the_duels_tokens_are(seed: int, rules: str) -> None:
    match = Match.new(
        Setup(seed=seed, starter=seed % 2, rules=rules),  # type: ignore[arg-type]
        (Seat(name="Ann"), Seat(name="Bob")),
        store=None,
    )
    rng = random.Random(seed)
    steps = 0
    while match.to_move is not None:
        assert match.play(rng.choice(legal_actions(match.state))) is None
        assert match.told_last() == _by_tokens(match)[-1]
        if match.history.states[-1].pending is not None:
            steps += 1
    assert list(match.told) == _by_tokens(match)
    assert steps > 0 and len(match.told) < len(match.log)  # some tokens had steps


def test_the_last_turn_can_be_told_in_other_words() -> None:
    # The Duel's screen tells a token by its codes when the names do not fit:
    # the same entry as told_last, each action worded by the screen instead.
    from engine.duel import describe

    match = Match.new(Setup(seed=2), (Seat(name="Ann"), Seat(name="Bob")), store=None)
    rng = random.Random(2)
    names = match.names
    seen_steps = coded_apart = False
    while match.to_move is not None:
        assert match.play(rng.choice(legal_actions(match.state))) is None
        start = len(match.log) - 1
        while start > 0 and match.history.states[start].pending is not None:
            start -= 1
        coded = [
            describe(match.history.states[ply], match.history.actions[ply], names, codes=True)
            for ply in range(start, len(match.log))
        ]
        seen_steps |= len(coded) > 1
        entry = coded[0]
        for text in coded[1:]:
            entry = sentences([entry, text])
        assert match.told_last(lambda b, a: describe(b, a, names, codes=True)) == entry
        coded_apart |= entry != match.told_last()
    assert seen_steps and coded_apart
