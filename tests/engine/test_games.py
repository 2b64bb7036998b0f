"""The registry of games and the adapters' set-up (``Game.deal``)."""

from __future__ import annotations

import random

import pytest

from engine import builders, duel
from engine import game as contract
from engine.builders.game import BUILDERS
from engine.duel.game import DUEL
from engine.games import DEFAULT_KIND, GAMES, game


def test_the_registry_names_both_games_by_kind() -> None:
    assert set(GAMES) == {"duel", "builders"}
    assert all(GAMES[kind].kind == kind for kind in GAMES)
    assert game(DEFAULT_KIND) is DUEL
    assert game("builders") is BUILDERS
    with pytest.raises(KeyError):
        game("chess")


def test_each_games_record_error_is_the_contracts() -> None:
    assert issubclass(duel.RecordError, contract.RecordError)
    assert issubclass(builders.RecordError, contract.RecordError)


def test_the_duel_deal_is_the_set_up_the_app_draws_today() -> None:
    # tui/app.py: 32 random bits for the seed, the starter drawn from the seed.
    rng, same = random.Random(11), random.Random(11)
    setup = DUEL.deal(2, rng, {"sides": "abab"})
    seed = same.getrandbits(32)
    starter = random.Random(f"starter-{seed}").randrange(2)
    assert setup == duel.Setup(seed=seed, sides="ABAB", starter=starter, rules="classic")


def test_the_duel_deal_takes_the_starter_seed_and_rules_given() -> None:
    options = {"seed": "42", "starter": "1", "rules": "classic"}
    assert DUEL.deal(2, random.Random(0), options) == duel.Setup(seed=42, starter=1)
    online = DUEL.deal(2, random.Random(0), {"seed": "42", "rules": "online"})
    assert online.rules == "online"
    assert online.starter == random.Random("starter-42").randrange(2)


def test_the_builders_deal_is_the_seeded_set_up_for_every_seat_count() -> None:
    for seats in (2, 3, 4):
        setup = BUILDERS.deal(seats, random.Random(5), {"variant": "yes"})
        seed = random.Random(5).getrandbits(32)
        assert setup.start() == builders.new_game(seed, players=seats, variant=True)


@pytest.mark.parametrize(
    ("kind", "seats", "options", "words"),
    [
        ("duel", 3, {}, "played by 2 players, not 3"),
        ("duel", 2, {"colour": "red"}, "'colour' does not exist"),
        ("duel", 2, {"sides": "ABC"}, "sides must be four letters"),
        ("duel", 2, {"rules": "house"}, "classic or online, not 'house'"),
        ("duel", 2, {"starter": "2"}, "starter is 0 or 1 or random, not '2'"),
        ("duel", 2, {"starter": ""}, "starter is 0 or 1 or random, not ''"),
        ("duel", 2, {"starter": "0", "rules": "online"}, "online rules draw who starts"),
        ("duel", 2, {"seed": "-1"}, "whole number from 0 up"),
        ("duel", 2, {"seed": "9" * 40}, "whole number from 0 up"),
        ("builders", 5, {}, "played by 2, 3, 4 players, not 5"),
        ("builders", 3, {"variant": "maybe"}, "no or yes, not 'maybe'"),
        ("builders", 3, {"sides": "AAAA"}, "'sides' does not exist"),
    ],
)
def test_deal_refuses_what_the_game_does_not_offer(
    kind: str, seats: int, options: dict[str, str], words: str
) -> None:
    with pytest.raises(contract.RecordError) as caught:
        GAMES[kind].deal(seats, random.Random(0), options)
    assert words in str(caught.value)
    assert words in caught.value.reason.render()


def test_the_duel_draws_a_random_mix_of_sides_when_asked() -> None:
    import random

    from engine.games import game

    duel = game("duel")
    drawn = {duel.deal(2, random.Random(n), {"sides": "random"}).sides for n in range(40)}
    assert len(drawn) > 4 and all(len(s) == 4 and set(s) <= {"A", "B"} for s in drawn)
    again = duel.deal(2, random.Random(5), {"sides": "random"})
    assert again == duel.deal(2, random.Random(5), {"sides": "random"})
