"""What a game in progress tells a player (match/) and why a hint is given (ai/),
in every language: each sentence comes from the catalog, none is left in English."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from i18n_support import TRANSLATED
from msgspec.structs import replace

from ai.duel import hint
from ai.duel.explain import explain, gained
from engine.duel import (
    NO_PLAYER,
    Place,
    Player,
    Setup,
    Unload,
    apply,
    legal_actions,
    new_game,
)
from engine.duel.actions import PASS
from engine.message import Message, Translator
from match.match import Event, Match, Notice, Rewound, SeatsChanged, TakebackAsked, _sentences
from match.seats import Seat
from match.store import Standing, Store, StoreError
from tui import i18n

ANN, BOB = "key:ann", "key:bob"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _catalog_has(message: Message, translator: Translator) -> bool:
    """Whether the language's catalog words this message's own template."""
    if message.plural is not None:
        return True  # match/ and ai/ count nothing; the catalog tests cover plurals
    if message.context is not None:
        return translator.pgettext(message.context, message.template) != message.template
    return translator.gettext(message.template) != message.template


def _parts(message: Message) -> Iterator[Message]:
    yield message
    for value in message.values.values():
        if isinstance(value, Message):
            yield from _parts(value)


def _assert_translated(message: object, language: str) -> str:
    assert isinstance(message, Message), f"not a message: {message!r}"
    translator = i18n.translations(language)
    i18n.use(language)
    try:
        shown = i18n.tr(message)
    finally:
        i18n.use("en")
    for part in _parts(message):
        # A template that is only punctuation around values ("{first} {second}")
        # may be worded the same; every other one must have a translation.
        if any(ch.isalpha() for ch in PLACEHOLDER.sub("", part.template)):
            assert _catalog_has(part, translator), (language, part.template)
    assert shown == message.render(translator)
    assert shown != str(message), (language, str(message))
    assert "{" not in shown and "}" not in shown, shown
    return shown


# A game at one keyboard, against the computer, across two terminals -----------


def _table(path: Path) -> tuple[Match, Match, list[Event], list[Event]]:
    host = Match.new(
        Setup(seed=21, starter=0),
        (Seat(name="Ann"), Seat(name="Player 2")),
        store=Store.open(path),
        here=frozenset({0}),
        table=True,
        me=ANN,
    )
    assert host.code is not None
    guest = Match.join(Store.open(path), host.code, me=BOB, name="Bob")
    seen_host: list[Event] = []
    seen_guest: list[Event] = []
    host.subscribe(seen_host.append)
    guest.subscribe(seen_guest.append)
    return host, guest, seen_host, seen_guest


def _said(events: list[Event], kind: type) -> list[str]:
    return [e.message for e in events if isinstance(e, kind) and e.message]


def _until_revealed(match: Match) -> None:
    """Play (unloading whenever possible) until a face-down token has come to light."""
    while match.history.undo_floor == 0:
        state = match.state
        unloads = [a for a in legal_actions(state) if isinstance(a, Unload)]
        assert match.play(unloads[0] if unloads else legal_actions(state)[0]) is None


@pytest.fixture(scope="module")
def said(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Every kind of sentence match/ gives, produced the way a player meets it."""
    out: dict[str, str] = {}

    # Two people at one keyboard.
    local = Match.new(Setup(seed=3), (Seat(name="Ann"), Seat(name="Bob")), store=None)
    out["nothing to undo"] = local.why_no_undo()
    out["nothing to redo"] = local.why_no_redo()
    assert local.play(Place(0)) is None
    out["undone"] = local.undo()
    out["redone"] = local.redo()
    _until_revealed(local)
    while local.can_undo():
        local.undo()
    out["undo stops (one keyboard)"] = local.why_no_undo()

    # Against the computer.
    versus = Match.new(
        Setup(seed=3, starter=0), (Seat(name="Ann"), Seat(name="CPU", kind="random")), store=None
    )
    out["nothing of yours"] = versus.why_no_undo()
    out["no redo against the computer"] = versus.why_no_redo()
    assert versus.play(Place(0)) is None
    out["computer to move"] = versus.refusal(Place(1)) or ""
    versus.play_computer()
    out["undone to your decision"] = versus.undo()
    watching = Match.new(
        Setup(seed=3),
        (Seat(name="A", kind="random"), Seat(name="B", kind="random")),
        store=None,
    )
    out["computer plays both"] = watching.why_no_undo()

    # Across terminals.
    folder = tmp_path_factory.mktemp("games")
    host, guest, seen_host, seen_guest = _table(folder / "games.sqlite3")
    host.poll()
    (out["joined"],) = _said(seen_host, SeatsChanged)
    out["away"] = guest.refusal(Place(4)) or ""
    out["not your turn"] = guest.refusal(Place(4), seat=1) or ""
    out["no redo across terminals"] = host.why_no_redo()
    out["nothing to answer"] = host.answer_takeback(True)
    assert host.play(Place(4)) is None
    guest.poll()
    out["asked"] = host.undo()
    out["asked already"] = host.why_no_undo()
    guest.poll()
    assert [e for e in seen_guest if isinstance(e, TakebackAsked)] == [TakebackAsked(0, 0)]
    out["you declined"] = guest.answer_takeback(False)
    host.poll()
    (out["they declined"],) = _said(seen_host, Notice)
    host.undo()
    guest.poll()
    out["you let"] = guest.answer_takeback(True)
    host.poll()
    (out["they agreed"],) = _said(seen_host, Rewound)
    assert host.history.cursor == 0

    # The other side moves first behind this one's back.
    assert host.play(Place(4)) is None
    guest.poll()
    assert guest.play(Place(0)) is None
    host.poll()
    other = Store.open(folder / "games.sqlite3")
    assert host.game_id is not None
    other.append(
        host.game_id,
        2,
        "P9",
        0,
        revision=other.game(host.game_id).revision,
        summary=Standing(0, (0, 0)),
    )
    out["moved first"] = host.play(Place(1)) or ""
    out["here is the game now"] = _said(seen_host, Rewound)[-1]
    # A change of the history elsewhere (not a new move) is reported as such.
    other.move_cursor(
        host.game_id, 3, 1, revision=other.game(host.game_id).revision, summary=Standing(1, (0, 0))
    )
    host.poll()
    out["changed elsewhere"] = _said(seen_host, Rewound)[-1]
    assert host.history.cursor == 1

    # The store fails, then works again (a game at one keyboard).
    kept = Match.new(
        Setup(seed=3), (Seat(name="Ann"), Seat(name="Bob")), store=Store.open(folder / "b.db")
    )
    notices: list[Event] = []
    kept.subscribe(notices.append)
    assert kept.play(Place(4)) is None and kept.store is not None
    works = kept.store.append

    def full(*_: object, **__: object) -> None:
        raise StoreError("the disk is full")

    kept.store.append = full  # type: ignore[method-assign]
    assert kept.play(Place(0)) is None
    kept.store.append = works  # type: ignore[method-assign]
    assert kept.play(Place(1)) is None
    out["not kept"], out["kept again"] = _said(notices, Notice)
    kept.close()

    # The guest leaves and comes back.
    code = guest.code
    guest.close()
    host.poll()
    out["left"] = _said(seen_host, SeatsChanged)[-1]
    assert code is not None
    back = Match.join(Store.open(folder / "games.sqlite3"), code, me=BOB)
    host.poll()
    out["back"] = _said(seen_host, SeatsChanged)[-1]
    back.close()
    host.close()

    # Joining a table that is not there.
    with pytest.raises(StoreError) as caught:
        Match.join(Store.open(folder / "games.sqlite3"), "ZZZZ", me=BOB)
    out["no such table"] = caught.value.reason
    return out


EXPECTED_ENGLISH = {
    "nothing to undo": "Nothing to undo yet.",
    "nothing to redo": "Nothing to redo: redo replays steps you have just undone.",
    "undone": "Undone.",
    "redone": "Redone.",
    "undo stops (one keyboard)": "Undo stops where a face-down token came to light (a refill",
    "nothing of yours": "Nothing of yours to undo yet.",
    "no redo against the computer": "Redo is off in a game with the computer",
    "computer to move": "CPU (computer) is to move",
    "undone to your decision": "Undone to your last decision.",
    "computer plays both": "Undo is off while the computer plays every seat.",
    "joined": "Bob joined the table.",
    "away": "Ann plays that side from another terminal",
    "not your turn": "it is Ann's turn",
    "no redo across terminals": "Redo is off in a game across terminals.",
    "nothing to answer": "There is no takeback to answer.",
    "asked": "Asked Bob to take back your last move; waiting for the answer.",
    "asked already": "A takeback has been asked for already: wait for the answer.",
    "you declined": "You declined Ann's takeback.",
    "they declined": "Bob declined the takeback.",
    "you let": "You let Ann take back their move.",
    "they agreed": "Bob agreed: your move was taken back.",
    "moved first": "the other player moved first; the game was brought up to date",
    "here is the game now": "The other player moved first; here is the game now.",
    "changed elsewhere": "The game was changed in another terminal.",
    "not kept": "This game is not being kept: the disk is full",
    "kept again": "The game is being kept again.",
    "left": "Bob has left the game; it waits for them.",
    "back": "Bob is back.",
    "no such table": "there is no table with the code ZZZZ",
}


def test_each_sentence_is_produced_and_still_english_as_a_str(said: dict[str, str]) -> None:
    for key, english in EXPECTED_ENGLISH.items():
        assert key in said, key
        assert said[key].startswith(english), (key, said[key])
        assert isinstance(said[key], str)


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_sentence_of_a_game_in_progress_is_translated(
    said: dict[str, str], language: str
) -> None:
    shown = {key: _assert_translated(text, language) for key, text in said.items()}
    # Names and the store's own words go in as they are.
    assert "Bob" in shown["joined"] and "Ann" in shown["you let"]
    assert "the disk is full" in shown["not kept"]
    assert "ctrl+p" in shown["undo stops (one keyboard)"]  # a key is a key in every language
    assert "ZZZZ" in shown["no such table"]


def test_two_seats_changing_at_once_read_as_two_sentences() -> None:
    from engine.message import msg

    both = _sentences([msg("{name} is back.", name="Ann"), msg("{name} is back.", name="Bob")])
    assert both == "Ann is back. Bob is back."
    for language in TRANSLATED:
        shown = _assert_translated(both, language)
        assert "Ann" in shown and "Bob" in shown


# Hints ------------------------------------------------------------------------


def _unload_position() -> tuple[object, list[object]]:
    start = new_game(8)
    grid = [NO_PLAYER] * 9
    for cell in (0, 3, 6, 1):
        grid[cell] = 0
    state = replace(
        start, grid=tuple(grid), players=(Player(meeples=0), Player()), turn=0, starter=0
    )
    return state, legal_actions(state)


def test_a_hint_that_gains_tokens_is_worded_whole_in_each_language() -> None:
    state, legal = _unload_position()
    action, reason = hint(state, seed=0, time_budget=0.05)  # type: ignore[arg-type]
    assert isinstance(action, Unload) and action in legal
    assert "gives you" in reason
    for language in TRANSLATED:
        shown = _assert_translated(reason, language)
        for english in ("unloading", "gives", " and ", "obelisk", "pyramid", "temple"):
            assert english not in shown, (language, english, shown)


@pytest.mark.parametrize("seed", range(6))
def test_hint_reasons_along_a_game_are_translated(seed: int) -> None:
    state = new_game(seed)
    rng = random.Random(seed)
    for ply in range(40):
        if state.over:
            break
        if ply % 7 == seed % 7:
            _action, reason = hint(state, seed=seed, time_budget=0.02)
            for language in TRANSLATED:
                shown = _assert_translated(reason, language)
                for english in (" then ", "gives you", "your opponent", "sets you up", "a meeple"):
                    assert english not in shown, (language, shown)
        state = apply(state, rng.choice(legal_actions(state)))


def test_ordinals_and_lists_of_gains_follow_each_language() -> None:
    before, after = Player(), Player(obelisks=2, light=1, temples=(3,), chambers=(4,))
    items = gained(before, after)
    assert [str(i) for i in items] == [
        "the 1st obelisk",
        "the 2nd obelisk",
        "the 1st light pyramid",
        "temple 3",
        "burial chamber 4",
    ]
    german = [i.render(i18n.translations("de")) for i in items]
    assert german[1] == "2. Obelisk"
    russian = [i.render(i18n.translations("ru")) for i in items]
    assert russian[2] == "светлая пирамида №1"  # no ordinal ending to agree in gender
    for n, suffix in ((11, "th"), (12, "th"), (13, "th"), (21, "st"), (22, "nd"), (23, "rd")):
        (item,) = gained(Player(obelisks=n - 1), Player(obelisks=n))
        assert str(item) == f"the {n}{suffix} obelisk"
        assert item.render(i18n.translations("hu")) == f"{n}. obeliszk"


def test_a_forced_pass_is_explained_in_each_language() -> None:
    state, _ = _unload_position()
    passing = explain(state, (PASS,), random.Random(0))  # type: ignore[arg-type]
    assert passing == "nothing else is legal, so you pass"
    for language in TRANSLATED:
        _assert_translated(passing, language)
