"""tui.duel.help.topics: the content, its tables against the engine, reasons to topics."""

from __future__ import annotations

import re
from itertools import product
from pathlib import Path

import pytest
from msgspec.structs import replace

from engine.duel import (
    ALL_ACTIONS,
    GameState,
    NotationError,
    Sides,
    Unload,
    apply,
    new_game,
    parse_action,
    why_illegal,
)
from engine.duel.scoring import (
    OBELISK_A_MAJORITY,
    OBELISK_A_PER_TOKEN,
    OBELISK_B_FIRST,
    OBELISK_B_SECOND,
    OBELISK_B_TEN,
    PYRAMID_A,
    PYRAMID_B,
    TEMPLE_B_SET,
    chamber_points,
    obelisk_points,
    pyramid_points,
    temple_points,
)
from engine.duel.state import NO_PLAYER, Player
from engine.duel.tokens import FULL_SET, TOKEN_NAMES
from tui.duel.help.topics import (
    HELP_KEYS,
    KEYS,
    MONUMENTS,
    RULINGS,
    TOKEN_TOPICS,
    TOPIC_IDS,
    TOPICS,
    match_reason,
    search_topics,
    topic_for_reason,
    topic_markdown,
)

ALL_SIDES = tuple(Sides.parse("".join(p)) for p in product("AB", repeat=4))
RULES = Path(__file__).resolve().parents[3] / "shared" / "rules" / "RULES.md"

Table = list[list[str]]


def tables(markdown: str) -> list[Table]:
    """The Markdown tables in ``markdown``: rows of stripped cells, header first."""
    found: list[Table] = []
    current: Table = []
    for line in [*markdown.splitlines(), ""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(set(c) <= set("-: ") for c in cells):
                current.append(cells)
        elif current:
            found.append(current)
            current = []
    return found


def sections(markdown: str) -> dict[str, str]:
    """The text under each '## Side X' heading, by side."""
    parts = re.split(r"^## Side ([AB]).*$", markdown, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def only_table(monument: str, side: str) -> Table:
    found = tables(sections(topic_markdown(monument))[side])
    assert len(found) == 1, f"{monument} side {side} should show exactly one table"
    return found[0]


def by_row(table: Table) -> dict[str, int]:
    return {row[0]: int(row[1]) for row in table[1:]}


def by_column(table: Table) -> dict[str, int]:
    header, points = table
    assert points[0] == "Points"
    return {h: int(p) for h, p in zip(header[1:], points[1:], strict=True)}


EXPECTED_IDS = {
    "goal", "harbor", "setup", "turn", "place", "unload", "tokens", "take", "place-two",
    "place-unload", "swap-unload", "end", "obelisk", "temple", "pyramids", "chamber",
    "leftovers", "tie", "online", "rulings", "table", "controls", "notation",
}  # fmt: skip


def test_topic_ids() -> None:
    assert set(TOPIC_IDS) == EXPECTED_IDS
    assert len(TOPIC_IDS) == len(EXPECTED_IDS)


@pytest.mark.parametrize("sides", [None, *ALL_SIDES], ids=str)
def test_every_topic_renders(sides: Sides | None) -> None:
    for topic in TOPIC_IDS:
        text = topic_markdown(topic, sides)
        assert text.startswith("# "), topic
        assert len(text) > 80, topic
        assert "{" not in text.replace("{1", "").replace("{2", ""), (topic, "unfilled f-string?")


def test_pyramid_tables() -> None:
    a = by_column(only_table("pyramids", "A"))
    assert a == {str(n): PYRAMID_A[n] for n in range(len(PYRAMID_A))}
    for n in range(7):
        assert a[str(n)] == pyramid_points("A", n, 0)
    b = by_column(only_table("pyramids", "B"))
    assert b == {str(n): PYRAMID_B[n] for n in range(len(PYRAMID_B))}
    for n in range(7):
        assert b[str(n)] == pyramid_points("B", n, 6) == pyramid_points("B", 6, n)


@pytest.mark.parametrize("side", ["A", "B"])
def test_chamber_tables(side: str) -> None:
    table = by_column(only_table("chamber", side))
    for label, points in table.items():
        size = int(label.rstrip("+"))
        assert points == chamber_points(side, tuple(range(1, size + 1))), label
        if label.endswith("+"):
            for bigger in range(size, 13):
                assert points == chamber_points(side, tuple(range(1, bigger + 1)))
    assert "1" in table


def test_temple_tables() -> None:
    a = by_column(only_table("temple", "A"))
    assert a == {str(v): temple_points("A", (v,)) for v in (1, 2, 3, 4)}
    b = by_column(only_table("temple", "B"))
    assert b == {str(n): TEMPLE_B_SET[n] for n in (1, 2, 3, 4)}
    for n in (1, 2, 3, 4):
        assert b[str(n)] == temple_points("B", tuple(range(1, n + 1)))


def obelisks(side: str, mine: int, theirs: int, first: int = NO_PLAYER) -> int:
    players = (Player(obelisks=mine), Player(obelisks=theirs))
    return obelisk_points(Sides(obelisk=side), players, first, 0)  # type: ignore[arg-type]


def test_obelisk_tables() -> None:
    a = list(by_row(only_table("obelisk", "A")).values())
    assert a == [OBELISK_A_PER_TOKEN, OBELISK_A_MAJORITY]
    assert a[0] == obelisks("A", 1, 1)
    assert a[1] == obelisks("A", 4, 3) - 4 * a[0]
    b = list(by_row(only_table("obelisk", "B")).values())
    assert b == [OBELISK_B_FIRST, OBELISK_B_SECOND, 0, OBELISK_B_TEN]
    assert b == [
        obelisks("B", 5, 5, first=0),
        obelisks("B", 5, 7, first=1),
        obelisks("B", 4, 7, first=1),
        obelisks("B", 10, 2, first=0),
    ]


def test_setup_counts_tokens() -> None:
    (table,) = tables(topic_markdown("setup"))
    counts = {name: int(n) for name, n in table[1:]}
    assert sum(counts.values()) == len(FULL_SET)
    for token in ("OB", "PL", "PD"):
        assert counts[TOKEN_NAMES[token]] == FULL_SET.count(token)
    for token in ("AT", "AP", "AU", "AS"):
        assert counts[f"action token: {TOKEN_NAMES[token]}"] == FULL_SET.count(token)
    temples = next(n for name, n in counts.items() if name.startswith("temple"))
    chambers = next(n for name, n in counts.items() if name.startswith("burial"))
    assert temples == sum(1 for t in FULL_SET if t.startswith("T")) == 12
    assert chambers == sum(1 for t in FULL_SET if t.startswith("B")) == 12


@pytest.mark.parametrize("monument", MONUMENTS)
@pytest.mark.parametrize("played", ["A", "B"])
def test_side_in_play_first(monument: str, played: str) -> None:
    sides = Sides(**{monument: played})  # type: ignore[arg-type]
    text = topic_markdown(monument, sides)
    headings = re.findall(r"^## Side ([AB]) \((.*)\)$", text, flags=re.MULTILINE)
    other = "B" if played == "A" else "A"
    assert headings == [(played, "in this game"), (other, "not used in this game")]
    plain = re.findall(r"^## Side ([AB])$", topic_markdown(monument), flags=re.MULTILINE)
    assert plain == ["A", "B"]


def test_unload_diagram_matches_engine() -> None:
    # The help's example: row 2 boat holding PL, OB, T3 in slots 1, 2, 3.
    start = new_game(1)
    boats = list(start.boats)
    boats[1] = ("PL", "OB", "T3")
    two = replace(
        start,
        boats=tuple(boats),
        grid=(NO_PLAYER, NO_PLAYER, NO_PLAYER, 0, NO_PLAYER, 1, *(NO_PLAYER,) * 3),
        players=(Player(meeples=3), Player(meeples=3)),
    )
    after = apply(two, Unload(1))
    assert after.players[0].temples == (3,)
    assert after.players[1].obelisks == 1
    assert after.box[-1] == "PL"
    grid = list(two.grid)
    grid[4] = 1
    three = replace(two, grid=tuple(grid), players=(Player(meeples=3), Player(meeples=2)))
    after = apply(three, Unload(1))
    assert after.players[0].temples == (3,) and after.players[0].light == 0
    assert after.players[1].obelisks == 1 and after.players[1].light == 1
    text = topic_markdown("unload")
    # The diagrams show exactly these two positions and hand-out orders.
    gap = "\n" + " " * 19 + "|  "
    assert "token   T3  OB  PL |   X       .       O" + gap + "1st             2nd" in text
    assert "token   T3  OB  PL |   X       O       O" + gap + "1st     2nd     3rd" in text
    assert "second and takes slot 2 (OB)" in text
    assert "third and takes slot 1 (PL)" in text


def test_rulings_cover_rules_md() -> None:
    if not RULES.exists():
        pytest.skip("shared/rules/RULES.md is not beside the repository")
    marked = re.findall(r"\*\*Ruling[^*]*:\*\*", RULES.read_text(encoding="utf-8"))
    assert len(RULINGS) == len(marked)
    text = topic_markdown("rulings")
    for ruling in RULINGS:
        assert ruling.title in text and ruling.reason in text


def test_no_sentence_copied_from_rules_md() -> None:
    if not RULES.exists():
        pytest.skip("shared/rules/RULES.md is not beside the repository")

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9]+", text.lower())

    source = words(RULES.read_text(encoding="utf-8"))
    help_text = " " + " ".join(words(" ".join(topic_markdown(t) for t in TOPIC_IDS))) + " "
    # Eight words in a row is a copied phrase; runs of numbers (the scoring
    # tables) are facts and are bound to match.
    run = 8
    shingles = (source[i : i + run] for i in range(len(source) - run))
    copied = {
        " ".join(words)
        for words in shingles
        if sum(w.isdigit() for w in words) < 4 and f" {' '.join(words)} " in help_text
    }
    assert not copied


def test_keys() -> None:
    bound = [k for key in KEYS for k in key.keys]
    assert len(bound) == len(set(bound)), "a key bound to two commands"
    names = [k.name for k in (*KEYS, *HELP_KEYS)]
    assert len(names) == len(set(names))
    controls = topic_markdown("controls")
    for key in (*KEYS, *HELP_KEYS):
        assert key.label in controls
    for token, topic in TOKEN_TOPICS.items():
        assert topic in names and topic in TOPIC_IDS
        assert TOKEN_NAMES[token] in topic_markdown(topic)


def test_search() -> None:
    assert search_topics("") == list(TOPIC_IDS)
    assert search_topics("   ") == list(TOPIC_IDS)
    assert "pyramids" in search_topics("pyramid")
    assert "pyramids" in search_topics("PYRAMID smaller")
    assert search_topics("xyzzy") == []
    assert search_topics("reserve")[0] == "harbor"
    assert set(search_topics("draw")) >= {"tie"}
    # Every topic can be found by its own title.
    from tui.duel.help.topics import topic_title

    for topic in TOPIC_IDS:
        assert topic in search_topics(topic_title(topic))


def test_search_puts_the_topic_named_for_the_word_first() -> None:
    firsts = {
        "tie": "tie",
        "TIES": "tie",
        "pass": "turn",  # among the turn's keywords
        "swap": "swap-unload",
        "end": "end",
        "keys": "controls",
        "unload": "unload",
        "dark pyramid": "pyramids",
        "reserve": "harbor",
    }
    for query, topic in firsts.items():
        assert search_topics(query)[0] == topic, query
    # Then the others that name it (title, then keywords) before the mere mentions.
    assert search_topics("unload")[:3] == ["unload", "place-unload", "swap-unload"]
    assert search_topics("end")[:2] == ["end", "leftovers"]
    # What is found stays what was found before: only the order changed.
    assert sorted(search_topics("meeple")) == sorted(
        t.id for t in TOPICS if "meeple" in " ".join((t.title, t.keywords, t.render(None))).lower()
    )


def engine_reasons(states: list[GameState]) -> set[str]:
    reasons = set()
    for state in states:
        for action in ALL_ACTIONS:
            reason = why_illegal(state, action)
            if reason is not None:
                reasons.add(reason)
    return reasons


def test_reasons_map_to_topics(game_states: list[GameState]) -> None:
    reasons = engine_reasons(game_states[::4])
    for text in ("zz", "UX9", "TR1:5", "SC1:11", "Q"):
        with pytest.raises(NotationError) as caught:
            parse_action(text)
        reasons.add(str(caught.value))
    assert len(reasons) > 30
    for reason in reasons:
        topic = match_reason(reason)
        assert topic in TOPIC_IDS, f"no topic for {reason!r}"
        assert topic_for_reason(reason) == topic
        for token, token_topic in TOKEN_TOPICS.items():
            if reason.startswith(TOKEN_NAMES[token]):
                assert topic == token_topic, reason


@pytest.mark.parametrize(
    ("reason", "topic"),
    [
        ("all four of your meeples are already on the grid", "place"),
        ("cell 5 (row 2, column 2) already holds a meeple: one meeple per cell", "place"),
        (
            "the line of the row 2 boat holds only one meeple; a boat is unloaded only "
            "when its line holds at least two",
            "unload",
        ),
        ("the column 1 boat has left the game and cannot be unloaded", "unload"),
        ("Take 1 token: no boat holds a token other than an action token", "take"),
        ("Place 2-3 meeples needs at least two meeples in your supply", "place-two"),
        ("a swap needs two different slots", "swap-unload"),
        ("the game is over", "end"),
        ("you may pass only when nothing else is legal, and you could play P1", "turn"),
        ("something the engine has never said", "turn"),
    ],
)
def test_reason_examples(reason: str, topic: str) -> None:
    assert topic_for_reason(reason) == topic


def test_keys_topic_lists_exactly_the_game_screens_keys() -> None:
    from tui.duel.help.topics import KEYS
    from tui.duel.screens.game import GameScreen

    bound = set()
    for binding in GameScreen.BINDINGS:
        assert not isinstance(binding, tuple)
        bound.update(binding.key.split(","))  # type: ignore[union-attr]
    documented = {key for entry in KEYS for key in entry.keys}
    assert documented == bound
