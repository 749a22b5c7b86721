"""A card as the community card generator's URL (shardofhonor's dominion-card-generator).

Why: some designers prefer that generator's look (its official-style frames and fonts);
this fills its form from the rendered card, so one click shows the card there.

The parameters are the generator's own (its docs/main.js reads every query key as the id
of a form field, plus `color0`, `color1` and `size`): `title`, `description` (lines; a
line `-` is the dividing bar; `$` is a coin, `^` the Potion, `%` the VP symbol), `type`,
`price`, `color0` (0 Action, 1 Treasure, 2 Victory, 3 Reaction, 4 Duration, 6 Curse) and
`color1` (the second colour: the same list counted from 1; 0 for none; 9 Landmark and
15 Project in the same list, an Event wears the Action's 0), `size` (0: a card, 1: a
landscape, wide).
"""
from __future__ import annotations

import re
from urllib.parse import urlencode

from .layout import frame_types
from dsl.text.phrases import DIVIDER

GENERATOR = "https://shardofhonor.github.io/dominion-card-generator/index.html"
COLOUR_INDEX = {"action": 0, "treasure": 1, "victory": 2, "reaction": 3, "duration": 4,
                "curse": 6, "event": 0, "landmark": 9, "project": 15}


def _description(lines) -> str:
    out = []
    for line in lines:
        if line == DIVIDER:
            out.append("-")
            continue
        out.append(re.sub(r"(-?\d+) VP\b", r"\1%", line))
    return "\n".join(out)


def generator_url(rendered, card, set_name: str = "") -> str:
    """The generator's URL showing this card (name, text, types, cost and colours)."""
    kinds = frame_types(card.types)
    price = f"${card.cost.coins}" + "^" * card.cost.potion
    params = {"title": rendered.name, "description": _description(rendered.text),
              "type": " - ".join(rendered.types), "price": price,
              "color0": COLOUR_INDEX[kinds[0]],
              "color1": COLOUR_INDEX[kinds[1]] + 1 if len(kinds) > 1 else 0,
              "size": 1 if card.landscape else 0}
    return GENERATOR + "?" + urlencode(params)
