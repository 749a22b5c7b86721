"""The text of a landscape (an Event): what buying it does, as printed: plain instructions
in one paragraph, its bonuses inline ("+1 Buy. Gain a Silver onto your deck."), not "When
you buy this, ..."; after "Once per turn:" or "Once per game:" when the file says `limit`.

Why its own module: the phrase templates of dsl/text/phrases.py are full; these are marked
here the same way (`N_`), and `dsl locale update` finds them (babel.cfg,
dsl.text.template_notes.SOURCES)."""
from __future__ import annotations

from .phrases import DIVIDER, N_

ONCE_PER = {"turn": N_("Once per turn: {x}"), "game": N_("Once per game: {x}")}
# a condition first needed by an Event ("If you have no Treasures in play, ..."); read by
# dsl.text.words with the other conditions
HAVE_NONE_IN_PLAY = N_("you have no {kind} cards in play")


def _full_stop(line: str) -> str:
    return line if line[-1:] in ".!?" or line.endswith(".)") else line + "."


def landscape_lines(ctx, card, lines: list) -> list:
    """The lines of a landscape's text, from the lines its effect renders to: one paragraph,
    with the limit's prefix."""
    parts = [_full_stop(x) for x in lines if x and x != DIVIDER]
    if not parts:
        return list(lines)
    text = " ".join(parts)
    if card.limit in ONCE_PER:
        text = ctx.t(ONCE_PER[card.limit], x=text)
    return [text]
