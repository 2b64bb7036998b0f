"""An unload in words, shown before the player confirms it.

The facts come from :func:`engine.preview_unload`; this module only words them
for the prompt and the message line. Pure Python, no Textual.
"""

from __future__ import annotations

from collections import Counter

from engine.duel import UnloadPreview
from engine.duel.tokens import BOAT_NAMES, boat_words, counted_phrases, token_subject
from tui.duel.glyphs import ASCII, Glyphs
from tui.duel.keys import boat_keys
from tui.i18n import _, ngettext, tr


def _points(points: int) -> str:
    return ngettext("{points} pt", "{points} pts", abs(points)).format(points=points)


def _joined(phrases: list[str]) -> str:
    """Two or three tokens a player takes, as one phrase (a boat holds three)."""
    if len(phrases) == 1:
        return phrases[0]
    if len(phrases) == 2:
        return _("{first} and {second}").format(first=phrases[0], second=phrases[1])
    head = ", ".join(phrases[:-1])
    return _("{first} and {second}").format(first=head, second=phrases[-1])


def preview_prompt(preview: UnloadPreview) -> str:
    """The prompt while the preview shows: what it asks and how to answer."""
    # The boat's place in words as well as its name: a player who misread
    # the name sees which line of the harbor the boat is on before it is too late.
    return _("unload {name}, {boat}? Enter or {keys} confirms, Esc cancels").format(
        name=BOAT_NAMES[preview.boat],
        boat=tr(boat_words(preview.boat, "object")),
        keys="".join(boat_keys(preview.boat)),
    )


def preview_sentences(
    preview: UnloadPreview, names: tuple[str, str], glyphs: Glyphs, *, codes: bool = False
) -> tuple[str, ...]:
    """What the unload would do, most important first (the message line shows
    as many whole sentences as it has room for).

    With ``codes`` the tokens a player takes are named by their codes (the
    ones the boats and panels show), for a line too short for their names.
    """
    sentences: list[str] = []
    if preview.ends_game:
        sentences.append(_("This unload ends the game: only one boat will be left."))
    elif preview.last_refill is not None:
        # Before who takes what: which boat leaves matters more, and the
        # message line keeps only the sentences it has room for.
        sentences.append(
            _(
                "The last refill goes to {refilled}, so {leaving} then leaves the game "
                "(online rules)."
            ).format(
                refilled=BOAT_NAMES[preview.last_refill], leaving=BOAT_NAMES[preview.leaving[0]]
            )
        )
    # Each player once, in the order the tokens are handed out.
    takers = list(dict.fromkeys(gift.owner for gift in preview.gifts))
    parts = []
    for who in takers:
        taken = preview.tokens_for(who)
        if codes:
            # As the box line counts them ("OB" and a times sign, "2").
            counts = Counter(taken)
            times = "x" if glyphs is ASCII else "\u00d7"
            tokens = _joined([c if n == 1 else f"{c}{times}{n}" for c, n in counts.items()])
        else:
            # Two alike are "2 obelisks", not "an obelisk and an obelisk".
            tokens = _joined([tr(phrase) for phrase in counted_phrases(taken)])
        before, after = preview.before[who].total, preview.after[who].total
        parts.append(
            _("{name} takes {tokens} ({before} {arrow} {after})").format(
                name=names[who], tokens=tokens, before=before, arrow=glyphs.to, after=_points(after)
            )
        )
    for who in (0, 1):
        if who not in takers:
            # A player who takes nothing is told so: it matters as much.
            parts.append(_("{name} takes nothing").format(name=names[who]))
    sentences.append("; ".join(parts) + ".")
    if preview.boxed_token is not None:
        # The token is the subject here: it is what goes to the box.
        boxed = tr(token_subject(preview.boxed_token))
        sentences.append(_("Only two meeples: {token} goes to the box.").format(token=boxed))
    if preview.boat_leaves and not preview.ends_game and preview.last_refill is None:
        sentences.append(_("The supply is empty, so the boat then leaves the game."))
    return tuple(sentences)
