"""Games of versions before the store are brought in once, and nothing is lost."""

from __future__ import annotations

import random
from pathlib import Path

from engine.duel import Setup, encode_state, legal_actions
from engine.duel.game import DUEL
from match import saves
from match.files import autosave_path, store_path
from match.history import History
from match.legacy import bring_in, waiting_files
from match.match import Match
from match.store import Store
from tui.app import ImhotepApp


def _history(seed: int, moves: int) -> History:
    history = History.start(DUEL, Setup(seed=seed), undo_mode="free")
    rng = random.Random(seed)
    for _ in range(moves):
        history.push(rng.choice(legal_actions(history.state)))
    return history


def _finished(seed: int) -> History:
    history = History.start(DUEL, Setup(seed=seed))
    rng = random.Random(seed)
    while not history.state.over:
        history.push(rng.choice(legal_actions(history.state)))
    return history


def _old_files() -> dict[str, bytes]:
    """An autosave with a redo list, a named save against the computer, a
    finished game and a damaged file, as the version before the store wrote them."""
    in_progress = _history(1, 12)
    in_progress.undo()
    saves.write_game(autosave_path(), in_progress, names=("Ann", "Bob"), players=("human", "human"))
    saves.write_game(
        saves.save_path("against hard"),
        _history(2, 20),
        names=("Cy", "Hal"),
        players=("human", "hard"),
    )
    saves.write_game(
        saves.save_path("done"), _finished(3), names=("Di", "Ed"), players=("human", "human")
    )
    saves.save_path("broken").write_bytes(b'{"format": "imhotep-duel-save", "vers')
    return {p.name: p.read_bytes() for p in [autosave_path(), *saves.saves_dir().iterdir()]}


def test_every_old_game_is_brought_in_once_and_the_files_stay(tmp_path: Path) -> None:
    before = _old_files()
    with Store.open(tmp_path / "games.sqlite3") as store:
        result = bring_in(store, me="local:me")
        assert len(result.games) == 3
        assert len(result.problems) == 1 and "broken.json" in result.problems[0]
        for path in [autosave_path(), *saves.saves_dir().glob("*.json")]:
            if path.name == "broken.json":
                continue
            loaded = saves.read_save(path)
            matches = [Match.open(store, game, me="local:me") for game in result.games]
            same = [
                m
                for m in matches
                if (m.history.setup, m.history.full_notation)
                == (loaded.history.setup, loaded.history.full_notation)
                and m.history.cursor == loaded.history.cursor
            ]
            assert len(same) == 1, path.name
            (match,) = same
            assert encode_state(match.state) == encode_state(loaded.state)
            assert match.names == loaded.save.names and match.kinds == loaded.save.players
            for m in matches:
                m.close()
        finished = store.games(statuses=("over",))
        assert [g.title for g in finished] == ["Di v Ed"]
        assert {g.title for g in store.games()} == {"Ann v Bob", "Cy v Hal (hard)"}
        # A second start brings in nothing more, and reads no file again.
        assert waiting_files(store) == []
        assert bring_in(store, me="local:me").games == []
    after = {p.name: p.read_bytes() for p in [autosave_path(), *saves.saves_dir().iterdir()]}
    assert after == before


async def test_the_app_brings_old_games_in_at_its_first_start() -> None:
    in_progress = _history(4, 9)
    saves.write_game(autosave_path(), in_progress, names=("Ann", "Bob"), players=("human", "easy"))
    app = ImhotepApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (game,) = app.unfinished_games()
        assert game.title == "Ann v Bob (easy)" and game.moves == 9
        app.action_continue_game()
        await pilot.pause()
        screen = app.game_screen
        assert screen is not None
        # (The computer may have moved on already: compare where the save stood.)
        stood = screen.history.all_states[in_progress.cursor]
        assert encode_state(stood) == encode_state(in_progress.state)
    assert store_path().exists() and autosave_path().exists()
