"""The layout of a landscape face (an Event; later a Landmark or a Project): wide, as
printed, 91 x 59 mm: the name banner on top with the cost at the top left, a band of art
below it, the text box filling the middle and the type line ("Event") at the bottom, the
set's badge at its right.

Pure, as dsl.faces.layout: a rendered card and its definition in, a Face out. Face units
are the card's turned a quarter (926 x 600, the same units per millimetre), so a
landscape prints at its real size beside the cards.
"""
from __future__ import annotations

from dataclasses import replace

from .emblem import emblem
from .layout import (BANNER, COLOURS, FRAME, LIGHT, PARCHMENT, _art_placeholder, _one_line,
                     frame_types)
from .shapes import Coin, Face, Image, Potion, Rect, text_width
from .text_box import typeset
from .typesetting import PLAIN, Typesetting

WIDTH, HEIGHT = 926, 600
COST_AT = (86, 62, 42)               # the cost coin's centre and radius (top left)
NAME_BOX = (150, 30, 626, 64)
ART_BOX = (44, 108, 838, 164)        # as printed, the art takes the upper half
TEXT_FRAME = (44, 282, 838, 198)
TEXT_BOX = (70, 290, 786, 182)
TYPE_BOX = (283, 492, 360, 54)
POTION_ROOM = 40                     # the name banner moves right by this for a Potion
BADGE_R = 22
COMFORTABLE = 22                     # a text set smaller than this takes room from the art
MAX_GROW = 140                       # ...up to this much
LARGEST = 28                         # the text's largest size, as a card's


def _cost(cost) -> list:
    """The cost coin at the top left, over the frame's corner, and a Potion beside it."""
    cx, cy, r = COST_AT
    label = 44 if cost.coins < 10 else 34
    items = [Rect(cx - r - 4, cy - r - 4, 2 * r + 8, 2 * r + 8, (FRAME,), radius=r + 4),
             Coin(cx, cy, r, str(cost.coins), label, text_width(str(cost.coins), label, True))]
    if cost.potion:                  # beside the coin; the name banner starts after it
        items.append(Potion(cx + r + POTION_ROOM / 2, cy, 20))
    return items


def _set(set_id: str, set_name: str) -> list:
    """The set's badge at the bottom right, its name on the dark edge below, right-aligned."""
    x, y, _, h = TYPE_BOX
    cx, cy = WIDTH - 44 - BADGE_R, y + h / 2
    items = [Rect(cx - BADGE_R, cy - BADGE_R, 2 * BADGE_R, 2 * BADGE_R, (FRAME,),
                  radius=BADGE_R),
             emblem(set_id, cx, cy, 0.74 * BADGE_R, stroke=BANNER, stroke_width=1.2)]
    name = _one_line(set_name, False, 15, (WIDTH - 330, HEIGHT - 34, 300, 24), "#e8dfc8")[0]
    items.append(replace(name, x=WIDTH - 36 - name.width))
    return items


def _text(lines, vp, ts: Typesetting) -> tuple:
    """(items, size, how much taller than usual the text box is)."""
    x, y, w, h = TEXT_BOX
    items, size = typeset(lines, TEXT_BOX, vp, LARGEST, ts)
    grow = 0
    while size < COMFORTABLE and grow < MAX_GROW:
        grow += 20
        items, size = typeset(lines, (x, y - grow, w, h + grow), vp, LARGEST, ts)
    return items, size, grow


def landscape_layout(rendered, card, set_name: str, art: tuple | None = None,
                     ts: Typesetting = PLAIN) -> Face:
    """The wide face of a landscape `card` as rendered in a locale (as layout.layout)."""
    kinds = frame_types(card.types)
    frame = tuple(COLOURS[k] for k in kinds)
    light = tuple(LIGHT[k] for k in kinds)
    items: list = [Rect(0, 0, WIDTH, HEIGHT, (FRAME,), radius=26),
                   Rect(14, 14, WIDTH - 28, HEIGHT - 50, frame, FRAME, 2, radius=16)]
    x, y, w, h = NAME_BOX
    if card.cost.potion:
        x, w = x + POTION_ROOM, w - POTION_ROOM
    items.append(Rect(x, y, w, h, (BANNER,), FRAME, 3, radius=h / 2))
    items += _one_line(rendered.name, True, 38, (x + 30, y, w - 60, h))
    vp = card.fixed_vp if card.vp is not None else None
    text_items, size, grow = _text(rendered.text, vp, ts)
    x, y, w, h = ART_BOX
    h -= grow
    if h > 8:
        if art is not None:
            items.append(Rect(x, y, w, h, (light[0], "#fffdf6", light[-1])))
            items.append(Image(x, y, w, h, art[0], art[1]))
        else:
            items += _art_placeholder(card, kinds, (x, y, w, h))
        items.append(Rect(x, y, w, h, (), FRAME, 3))
    x, y, w, h = TEXT_FRAME
    items.append(Rect(x, y - grow, w, h + grow, (PARCHMENT,), FRAME, 3, radius=10))
    items += text_items
    x, y, w, h = TYPE_BOX
    items.append(Rect(x, y, w, h, (BANNER,), FRAME, 3, radius=h / 2))
    items += _one_line(" \u2013 ".join(rendered.types), True, 30, (x + 24, y + 4, w - 48, h - 8))
    items += _cost(card.cost) + _set(card.set, set_name)
    x, y, w, h = TEXT_BOX
    return Face(WIDTH, HEIGHT, rendered.name, tuple(items), (x, y - grow, w, h + grow), size,
                tuple(text_items))
