"""The Builders game screen's words: its prompt line, the first-game guide,
and which help topic fits what the player is doing.

Plain functions of the state, the legal decisions, the selection and who is
to move (:func:`match.policy.turn`); no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.builders import (
    Action,
    GameState,
    Get,
    Pass,
    Place,
    Play,
    Sail,
    current_player,
    step_prompt,
)
from engine.builders.cards import CARD_KIND
from engine.builders.words import card_name, site_name
from engine.message import Message
from match.policy import Turn
from tui.builders.glyphs import ASCII, UNICODE
from tui.builders.input import Selection
from tui.builders.keys import BLUE_KEYS, SITE_KEYS
from tui.i18n import _, tr
from tui.kinds import kind_word


def cut_at_word(text: str, room: int) -> str:
    """``text`` cut to ``room`` cells at a word's end (a word cut in two reads
    as another word); only a first word longer than the room is cut inside."""
    if len(text) <= room:
        return text
    head = text[: max(0, room)]
    if text[len(head)] != " ":
        head = head.rpartition(" ")[0] or head
    return head.rstrip(" ,;:")


def _cut(text: str, room: int, more: str) -> str:
    """``text`` cut to ``room`` cells at a word's end, ending with ``more`` if
    it was cut: a prompt stopped at "play a blue" or "oder" reads as whole."""
    if len(text) <= room:
        return text
    return cut_at_word(text, room - len(more)) + more


def prompt_line(
    state: GameState,
    legal: Sequence[Action],
    turn: Turn,
    selection: Selection,
    *,
    names: Sequence[str],
    kinds: Sequence[str],
    ascii: bool,
    width: int,
) -> str:
    """The one line that says whose decision it is and what to do."""
    glyphs = ASCII if ascii else UNICODE
    if turn == "over":
        return _("The game is over.")
    who = current_player(state)
    name = names[who]
    head = f"{glyphs.turn} {glyphs.stones[who]} "
    if turn == "computer":
        return head + _("{name} ({level}) is thinking...").format(
            name=name, level=kind_word(kinds[who])
        )
    if turn == "watching":
        return head + _("{name}'s turn. You are watching.").format(name=name)
    if turn == "elsewhere":
        # The player's own seat, held by another terminal of theirs.
        return head + _("{name}'s turn. You play in another terminal; here you watch.").format(
            name=name
        )
    if turn in ("unjoined", "left", "away"):
        return head + _("{name}'s turn, in another terminal: waiting...").format(name=name)
    head += f"{name}: "
    if selection.preview is not None:
        return _cut(
            head
            + _("Enter sails ship {ship} to the {site}, Esc drops it").format(
                ship=selection.preview.ship + 1, site=tr(site_name(selection.preview.site))
            ),
            width,
            glyphs.more,
        )
    if state.step in ("turn", "place") and selection.ship is not None:
        what = _("ship {ship}: a digit places on that space, m p t b o sail it").format(
            ship=selection.ship + 1
        )
        if state.step == "place":
            what = _("ship {ship}: a digit places on that space").format(ship=selection.ship + 1)
        return _cut(head + what, width, glyphs.more)
    return _cut(head + tr(state_prompt(state)), width, glyphs.more)


def state_prompt(state: GameState) -> Message:
    """The engine's words for the decision in progress."""
    return step_prompt(state)


def guide_sentences(state: GameState, legal: Sequence[Action]) -> tuple[str, ...]:
    """What a newcomer can do now, most useful first (the first-game guide)."""
    step = state.step
    if step == "take":
        return (
            _("Your stone was unloaded at the market: take one face-up card with its digit."),
            _(
                "Red cards act at once, green and purple score at the end, "
                "blue ones you play later."
            ),
        )
    if step == "unload":
        return (_("Lever: you choose which stone leaves the ship next, by its space's digit."),)
    if step == "sail" and state.card == "sail":
        return (_("The Sail card sails the ship you have just loaded: press a site's letter."),)
    if step == "sail":
        return (
            _("Choose a ship (digit), then a site's letter: the sail is shown before it is made."),
        )
    if step == "place":
        return (_("Choose a ship with its digit, then a space on it with another digit."),)
    said: list[str] = []
    if any(isinstance(a, Place) for a in legal):
        said.append(_("Place a stone: a ship's digit, then a space's digit (or click the space)."))
    if any(isinstance(a, Sail) for a in legal):
        said.append(
            _("A ship with its minimum load (green) may sail: its digit, then m p t b or o.")
        )
    if Get() in legal:
        said.append(_("s brings up to three stones from your quarry to your sled."))
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        keys = ", ".join(f"{BLUE_KEYS[p.card]} {tr(card_name(p.card))}" for p in plays)
        said.append(_("Blue cards you may play now: {cards}.").format(cards=keys))
    if legal == [Pass()]:
        said.append(_("Nothing is possible: press . to pass."))
    return tuple(said)


def help_topic(state: GameState, selection: Selection) -> str:
    """The help topic for what the player is doing or pointing at."""
    if state.over:
        return "end"
    if selection.preview is not None:
        return SITE_TOPICS[selection.preview.site]
    if state.step == "take":
        return "market"
    if state.step in ("place", "sail", "unload") and state.card:
        return f"card-{state.card}"
    if selection.ship is not None:
        return "sail"
    return "turn"


SITE_TOPICS = {
    site: topic
    for site, topic in zip(
        SITE_KEYS, ("market", "pyramid", "temple", "chamber", "obelisks"), strict=True
    )
}
CARD_TOPIC = {kind: f"card-{kind}" for kind in set(CARD_KIND)}
