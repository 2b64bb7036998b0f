"""Help topics on the flow of the game: the aim, the set-up, a round, a turn,
sailing, the end, the Wrath of the Pharaoh and what is hidden.

Numbers come from the engine's tables, so the help cannot drift from the rules.
"""

from __future__ import annotations

from engine.builders.scoring import WRATH_PENALTY
from engine.builders.sites import GET_STONES, MIN_LOAD, ROUNDS, SLED_SIZE, START_SLED, STONES
from tui.builders.keys import BLUE_KEYS, GET_KEY, SITE_KEYS
from tui.i18n import _


def goal() -> str:
    return "\n\n".join(
        (
            "## " + _("Goal of the game"),
            _(
                "Two to four builders ship stones to five sites of ancient Egypt. Over "
                "{rounds} rounds you load your stones on ships and send the ships to the "
                "market, the pyramid, the temple, the burial chamber and the obelisks. Each "
                "site scores in its own way, some at once, some at each round's end, some "
                "only when the game is over. The most points win."
            ).format(rounds=ROUNDS),
            _(
                "A ship belongs to nobody: whoever sails it decides where every stone on it "
                "goes, yours and the others'. Much of the game is loading a ship so that "
                "its trip helps you more than your rivals, and sailing the ships others "
                "have loaded where their stones do the least good."
            ),
        )
    )


def setup() -> str:
    sleds = ", ".join(str(n) for n in START_SLED)
    return "\n\n".join(
        (
            "## " + _("Setting up"),
            _(
                "Each player has {stones} stones of one colour (here also a shape or a "
                "letter). The starting player puts stones on their sled, the next players "
                "in turn order more: {sleds}. The rest of each colour is that player's "
                "quarry. A sled holds at most {size} stones."
            ).format(stones=STONES, sleds=sleds, size=SLED_SIZE),
            _(
                "Of the seven round cards for the number of players one is set aside unseen; "
                "the other six come up one a round, each showing the sizes of that round's "
                "four ships. The market cards are shuffled into a deck. Nobody knows the "
                "deck's order or the round cards to come."
            ),
        )
    )


def round_topic() -> str:
    return "\n\n".join(
        (
            "## " + _("A round"),
            _(
                "A round starts with its card turned up: four empty ships, numbered 1 to 4, "
                "largest first, and four market cards dealt face up. Players then take turns "
                "in seat order, one action a turn, as many turns as it takes."
            ),
            _(
                "The round ends as soon as the fourth ship has sailed and been unloaded. The "
                "temple scores, the ships leave and the market cards nobody took are "
                "discarded. The next player in turn order starts the next round, so the "
                "order simply goes on."
            ),
            _(
                "Four ships and five sites: every round one site gets no ship. After round "
                "{rounds} the game ends."
            ).format(rounds=ROUNDS),
        )
    )


def turn() -> str:
    blue = " ".join(BLUE_KEYS.values())
    return "\n\n".join(
        (
            "## " + _("Your turn"),
            _("Each turn you do exactly one of these:"),
            "- "
            + _(
                "**Get stones** ({key}): up to {count} stones from your quarry to your sled, "
                "as many as fit. Not allowed when not a single stone would move."
            ).format(key=GET_KEY, count=GET_STONES),
            "- "
            + _(
                "**Place a stone** (a ship's digit, then a space's digit, or a click on the "
                "space): one stone from your sled onto any empty space of a ship that has "
                "not sailed yet."
            ),
            "- "
            + _("**Sail a ship** (its digit, then a site's letter): see the topic on sailing."),
            "- "
            + _(
                "**Play a blue card** ({keys}): its effect is the whole turn; each player "
                "plays at most one blue card a round."
            ).format(keys=blue),
            "- "
            + _(
                "**Pass** (.): only when none of these is possible, with an empty sled, an "
                "empty quarry and no ship able to sail."
            ),
        )
    )


def sail() -> str:
    loads = ", ".join(f"{c}: {MIN_LOAD[c]}" for c in range(1, len(MIN_LOAD)))
    keys = " ".join(SITE_KEYS.values())
    return "\n\n".join(
        (
            "## " + _("Sailing a ship"),
            _(
                "A ship may sail once it carries its minimum load, printed on its bow and "
                "shown after its spaces (by size: {loads}). It may sail to any site no ship "
                "has gone to this round. You may sail a ship that carries none of your stones."
            ).format(loads=loads),
            _(
                "The stones leave the ship from the bow: space 1 first, then 2 and on, "
                "skipping empty spaces, and each goes to its owner's use at that site."
            ),
            _(
                "On this screen: choose the ship with its digit or a click, then press a "
                "site's letter ({keys}) or click the site. The sail is shown first: where "
                "each stone goes, in order, how the points change now and at the end, and "
                "at the market the cards on offer. Enter (or the same letter or click "
                "again) makes it, Esc drops it."
            ).format(keys=keys),
        )
    )


def end() -> str:
    return "\n\n".join(
        (
            "## " + _("End of the game"),
            _(
                "After round {rounds}, once its temple has scored, the burial chamber scores, "
                "then the obelisks, then the cards: decorations, statues and 1 point for each "
                "blue card not played."
            ).format(rounds=ROUNDS),
            _(
                "The most points win. A tie goes to the tied player with the most stones "
                "left on the sled; if that is a tie too, the victory is shared."
            ),
            _(
                "The players' panels and the points table (i) show at any moment what each "
                "player would have if the game ended now, site by site."
            ),
            _(
                "In a player's panel, P T B O are the points of the pyramid, the temple, the "
                'burial chamber and the obelisks if the game ended now; "so far" is the score '
                "track; +N after the cards is what they would score; W-5 is the Wrath of the "
                "Pharaoh's penalty, while it applies; the total is under the panel."
            ),
        )
    )


def wrath() -> str:
    return "\n\n".join(
        (
            "## " + _("Wrath of the Pharaoh"),
            _(
                "A variant chosen when the game is set up. At the end, a player who has not "
                "brought at least one stone to each of the pyramid, the temple, the burial "
                "chamber and the obelisks loses {points} points. A stone put there by a red "
                "card counts. A score may go below zero."
            ).format(points=WRATH_PENALTY),
        )
    )


def seeing() -> str:
    return "\n\n".join(
        (
            "## " + _("What everyone sees"),
            _(
                "Everything is open except the order of the market deck and the round cards "
                "still to come. Cards taken lie face up. Undo never goes back past a card or "
                "a round card that came to light: what was seen cannot be unseen."
            ),
        )
    )
