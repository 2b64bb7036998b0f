"""match.service: every way into a game, its fallback and its one error type."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.duel import Place, Setup
from engine.duel.game import DUEL
from engine.message import msg
from match import saves, service
from match.history import History
from match.seats import Seat
from match.store import Store, StoreError

ROOT = Path(__file__).resolve().parents[2]
ANN, BOB, EVE = "key:ann", "key:bob", "key:eve"
SEATS = (Seat(name="Ann"), Seat(name="Player 2"))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "games.sqlite3")


def _full_disk(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> int:
        raise StoreError(msg("the disk is full"))

    monkeypatch.setattr(store, "create_game", refuse)


# Dealing --------------------------------------------------------------------


def _drawn_starter(seed: int) -> int:
    # How who starts was drawn before the games had a contract: from the seed,
    # so that a game set up again from its seed starts the same.
    return random.Random(f"starter-{seed}").randrange(2)


def test_a_seed_deals_the_same_game_and_starter_as_before() -> None:
    for seed in (*range(40), 2**32 - 1, 2**63 - 1):
        for rules in ("classic", "online"):
            setup = service.deal("duel", {"seed": str(seed), "rules": rules})
            assert setup == Setup(seed=seed, starter=_drawn_starter(seed), rules=rules)


def test_a_new_seed_is_thirty_two_bits_of_the_generator() -> None:
    setup = service.deal("duel", {"sides": "abba"}, rng=random.Random(8))
    seed = random.Random(8).getrandbits(32)
    assert setup == Setup(seed=seed, sides="ABBA", starter=_drawn_starter(seed))


def test_a_chosen_starter_stands_under_the_classic_rules_only() -> None:
    assert service.deal("duel", {"seed": "3", "starter": "1"}).starter == 1
    assert service.deal("duel", {"seed": "3", "starter": "0"}).starter == 0
    with pytest.raises(service.Unavailable, match="draw who starts"):
        service.deal("duel", {"seed": "3", "starter": "1", "rules": "online"})


@pytest.mark.parametrize(
    ("kind", "options"),
    [
        ("chess", {}),
        ("duel", {"colour": "red"}),
        ("duel", {"sides": "AAAX"}),
        ("duel", {"seed": "-1"}),
        ("duel", {"rules": "house"}),
    ],
)
def test_what_the_game_does_not_have_is_refused_in_words(
    kind: str, options: dict[str, str]
) -> None:
    with pytest.raises(service.Unavailable) as caught:
        service.deal(kind, options)
    assert str(caught.value.reason)


# Starting and hosting -----------------------------------------------------------


def test_a_game_with_another_terminal_opens_a_table(store: Store) -> None:
    opened = service.start(Setup(seed=4), SEATS, store=store, me=ANN, away=frozenset({1}))
    assert opened.not_kept is None
    assert opened.match.code is not None and opened.match.here == {0}
    (game,) = store.games()
    assert game.status == "open" and game.seats[0].owner == ANN


def test_a_store_that_refuses_the_game_leaves_it_playable_here(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    _full_disk(store, monkeypatch)
    opened = service.start(Setup(seed=4), SEATS, store=store, me=ANN, away=frozenset({1}))
    assert opened.not_kept == "the disk is full"
    match = opened.match
    assert match.store is None and not match.kept and match.code is None
    assert match.here == {0, 1}  # nobody can join it: both seats are played here
    assert match.play(Place(4)) is None


def test_a_bad_set_up_is_refused_not_raised_as_the_engines_error(store: Store) -> None:
    with pytest.raises(service.Unavailable, match="sides"):
        service.start(Setup(seed=4, sides="ZZZZ"), SEATS, store=store, me=ANN)
    with pytest.raises(service.Unavailable, match="sides"):
        service.host(store, Setup(seed=4, sides="ZZZZ"), SEATS, mine=0, me=ANN)
    assert store.games() == []


def test_a_table_is_never_hosted_without_the_store(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    _full_disk(store, monkeypatch)
    with pytest.raises(service.Unavailable, match="the disk is full"):
        service.host(store, Setup(seed=4), SEATS, mine=0, me=ANN)


def test_hosting_the_second_seat_and_joining_the_first(store: Store, tmp_path: Path) -> None:
    table = service.host(store, Setup(seed=4), SEATS, mine=1, me=ANN, hints=True)
    assert table.here == {1} and table.code is not None and table.hints_allowed
    guest = service.join(Store.open(tmp_path / "games.sqlite3"), table.code, me=BOB, name="Bob")
    assert guest.here == {0} and guest.game_id == table.game_id


# Coming back and looking on -------------------------------------------------------


def test_a_table_that_is_not_there_is_refused(store: Store) -> None:
    with pytest.raises(service.Unavailable, match="no table with the code ZZZZZ"):
        service.join(store, "zzzzz", me=BOB)


def test_a_full_table_is_refused(store: Store) -> None:
    table = service.host(store, Setup(seed=4), SEATS, mine=0, me=ANN)
    assert table.code is not None
    service.join(store, table.code, me=BOB, name="Bob")
    with pytest.raises(service.Unavailable, match="every seat"):
        service.join(store, table.code, me=EVE, name="Eve")


def test_resume_takes_ones_seats_and_watch_takes_none(store: Store) -> None:
    table = service.host(store, Setup(seed=4), SEATS, mine=0, me=ANN)
    assert table.game_id is not None
    table.close()
    assert service.resume(store, table.game_id, me=ANN).here == {0}
    watcher = service.watch(store, table.game_id, me=ANN)
    assert watcher.here == frozenset() and watcher.state == table.state


@pytest.mark.parametrize("opener", [service.resume, service.watch])
def test_a_game_that_is_not_there_is_refused(store: Store, opener: object) -> None:
    with pytest.raises(service.Unavailable):
        opener(store, 999, me=ANN)  # type: ignore[operator]
    with pytest.raises(service.Unavailable):
        service.replay(store, 999)


def test_replay_gives_the_game_and_its_seats(store: Store) -> None:
    opened = service.start(Setup(seed=4), (Seat(name="Ann"), Seat(name="Bob")), store=store, me=ANN)
    for action in (Place(0), Place(4)):
        assert opened.match.play(action) is None
    assert opened.match.game_id is not None
    history, seats = service.replay(store, opened.match.game_id)
    assert history.cursor == 2 and [s.name for s in seats] == ["Ann", "Bob"]


# Files ---------------------------------------------------------------------------


def test_a_damaged_file_is_refused_in_words(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_bytes(b'{"format": "imhotep-duel-save", "version": 1, "record": {')
    with pytest.raises(service.Unavailable) as caught:
        service.read_file(bad)
    assert "broken.json" in str(caught.value.reason)
    with pytest.raises(service.Unavailable):
        service.read_file(tmp_path / "missing.json")


def _loaded(tmp_path: Path) -> saves.LoadedGame:
    path = saves.export_record(
        tmp_path / "game.json", History.replay(DUEL, Setup(seed=5), ("P1", "P5"))
    )
    return service.read_file(path)


def test_a_file_brought_in_is_kept_as_a_game_of_its_own(store: Store, tmp_path: Path) -> None:
    opened = service.bring_in(_loaded(tmp_path), SEATS, store=store, me=ANN)
    assert opened.not_kept is None and opened.match.kept
    (game,) = store.games()
    assert game.moves == 2 and game.seats[0].owner == ANN


def test_a_file_the_store_refuses_is_still_played(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _full_disk(store, monkeypatch)
    opened = service.bring_in(_loaded(tmp_path), SEATS, store=store, me=ANN)
    assert opened.not_kept == "the disk is full"
    assert opened.match.store is None and opened.match.history.cursor == 2


def test_a_store_that_cannot_be_used_is_refused_in_words(tmp_path: Path) -> None:
    (tmp_path / "folder.sqlite3").mkdir()
    not_a_database = tmp_path / "notes.sqlite3"
    not_a_database.write_bytes(b"these are not the games you are looking for" * 100)
    for path in (tmp_path / "folder.sqlite3", not_a_database):
        with pytest.raises(service.Unavailable) as caught:
            service.open_store(path)
        assert str(caught.value.reason)


def test_opening_the_store_leaves_the_games_unloaded(tmp_path: Path) -> None:
    # The start screen opens the store through the service after its first
    # frame; the rules, the match and the computer players wait for a game.
    probe = (
        "import sys\n"
        "from pathlib import Path\n"
        "from match import service\n"
        "service.open_store(Path(sys.argv[1])).close()\n"
        "heavy = ('engine.duel', 'engine.builders', 'engine.games', 'match.match', 'ai')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "games.sqlite3")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# One door -------------------------------------------------------------------------

OPENERS = frozenset({"new", "open", "join", "adopt"})


def _match_built_outside_the_match_layer() -> list[str]:
    found = []
    for package in ("tui", "server", "cli", "ai", "engine"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr in OPENERS
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "Match"
                ):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_only_the_match_layer_builds_a_match() -> None:
    # The app, the lobby and the command line go through match.service, so
    # the store's fallback and the errors a player is told live in one place.
    assert _match_built_outside_the_match_layer() == []
