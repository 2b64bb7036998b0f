"""Each game's table options as data (engine.game.TableOption): what the
new-game form, the lobby's host dialog and the command line are built from."""

from __future__ import annotations

import random

import pytest

from engine.game import RANDOM, SEATS_OPTION, AnyGame
from engine.games import GAMES as PLAYABLE
from engine.kemet.game import KEMET
from engine.message import Message

# Kemet has its rules and no screens yet, so it is not among the games the
# product offers (engine.games); its options keep the same contract.
GAMES: dict[str, AnyGame] = {**PLAYABLE, KEMET.kind: KEMET}


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_option_words_each_value_and_defaults_to_one(kind: str) -> None:
    rules = GAMES[kind]
    names = [option.name for option in rules.table_options]
    assert len(set(names)) == len(names) and "seed" not in names
    for option in rules.table_options:
        assert isinstance(option.label, Message) and str(option.label)
        assert len(option.words) == len(option.values) == len(set(option.values))
        assert all(isinstance(words, Message) and str(words) for words in option.words)
        assert option.default in option.values
        assert option.word(option.default) is not None and option.word("no such") is None
    seats = [o for o in rules.table_options if o.name == SEATS_OPTION]
    if seats:
        assert tuple(map(int, seats[0].values)) == rules.seat_counts
    else:
        assert len(rules.seat_counts) == 1


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_value_deals_a_game_that_says_what_it_was_dealt_with(kind: str) -> None:
    rules = GAMES[kind]
    for count in rules.seat_counts:
        for option in rules.table_options:
            if option.name == SEATS_OPTION:
                continue
            for value in option.values_for(count):
                chosen = {option.name: value}
                if kind == "duel" and option.name == "starter" and value != RANDOM:
                    chosen["rules"] = "classic"  # the online rules draw who starts
                setup = rules.deal(count, random.Random(1), chosen)
                assert rules.seats(setup) == count and rules.owns_setup(setup)
                kept = rules.options_of(setup)
                if value != RANDOM:
                    assert kept[option.name] == value
                elif option.per_seat:
                    assert 0 <= int(kept[option.name]) < count
        if len(rules.seat_counts) > 1:
            assert rules.options_of(rules.deal(count, random.Random(2)))[SEATS_OPTION] == str(count)


def test_a_seat_numbered_option_offers_only_the_seats_there_are() -> None:
    starter = next(o for o in GAMES["builders"].table_options if o.name == "starter")
    assert starter.values_for(2) == (RANDOM, "0", "1")
    assert starter.values_for(4) == (RANDOM, "0", "1", "2", "3")


def test_no_game_owns_anothers_set_up() -> None:
    setups = {
        kind: rules.deal(rules.seat_counts[0], random.Random(3)) for kind, rules in GAMES.items()
    }
    for kind, rules in GAMES.items():
        for other, setup in setups.items():
            assert rules.owns_setup(setup) == (kind == other)
