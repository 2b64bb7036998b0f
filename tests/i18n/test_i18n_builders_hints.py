"""Builders' hint reasons, worded in every language."""

from __future__ import annotations

import random
import re

import pytest
from i18n_support import TRANSLATED

from ai.builders.explain import explain
from engine.builders.game import BUILDERS
from engine.message import Message
from tui import i18n

LEFTOVER = re.compile(r"\{[a-z_][a-z_0-9]*\}")


def _reasons() -> dict[str, Message]:
    """A reason for each kind of step, met in random games."""
    found: dict[str, Message] = {}
    for seed in range(6):
        rng = random.Random(seed)
        state = BUILDERS.start(BUILDERS.deal(2 + seed % 3, rng))
        while not BUILDERS.over(state):
            legal = BUILDERS.legal_actions(state)
            for action in legal:
                found.setdefault(type(action).__name__, explain(state, action, rng))
            state = BUILDERS.apply(state, rng.choice(legal))
    # Random play rarely has to pass; its reason needs no position.
    found.setdefault("Pass", explain(state, BUILDERS.parse_action("pass"), rng))
    return found


REASONS = _reasons()


def test_every_kind_of_step_has_its_reason() -> None:
    assert set(REASONS) == {"Get", "Place", "Sail", "Play", "Unload", "Take", "Pass"}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_hint_reason_is_worded_in_every_language(language: str) -> None:
    catalog = i18n.translations(language)
    for kind, reason in REASONS.items():
        worded = reason.render(catalog)
        assert worded and not LEFTOVER.search(worded), (language, kind, worded)
        assert worded != str(reason), (language, kind)
