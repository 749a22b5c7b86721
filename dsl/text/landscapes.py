"""The text of a landscape (an Event): what buying it does, as printed: plain instructions
in one paragraph, its bonuses inline ("+2 Buys. When you gain a card this turn, ..."), not
"When you buy this, ..."; "Once per turn:" or "Once per game:" when the file says `limit`,
after its leading bonuses ("+1 Buy. Once per turn: If ...").

The templates are in dsl/text/landscape_words.py (dsl/text/phrases.py is full)."""
from __future__ import annotations

import re

from .landscape_words import ONCE_PER
from .phrases import DIVIDER


_BONUS_LINE = re.compile(r"[+\-]\S+( \S+)?")      # "+1 Buy", "+$1", "+1 vásárlás"


def _full_stop(line: str) -> str:
    return line if line[-1:] in ".!?" or line.endswith(".)") else line + "."


def landscape_lines(ctx, card, lines: list) -> list:
    """The lines of a landscape's text, from the lines its effect renders to: one paragraph,
    with the limit's prefix."""
    parts = [x for x in lines if x and x != DIVIDER]
    if not parts:
        return list(lines)
    lead = 0
    while lead < len(parts) - 1 and _BONUS_LINE.fullmatch(parts[lead]):
        lead += 1
    rest = " ".join(map(_full_stop, parts[lead:]))
    if card.limit in ONCE_PER:
        rest = ctx.t(ONCE_PER[card.limit], x=rest)
    return [" ".join([_full_stop(x) for x in parts[:lead]] + [rest])]
