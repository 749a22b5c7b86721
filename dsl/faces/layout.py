"""The layout of a card face: where the name banner, art, text box, type line, cost and set
go, and their colours by card type, as players know them from the printed cards.

Pure: a rendered card (dsl.text.render) and its card definition in, a Face (dsl.faces.shapes)
out. Sizes are in face units (600 x 926, a card's 59 x 91 mm); the formats scale them.
"""
from __future__ import annotations

from dataclasses import replace

from .emblem import emblem, emblem_spec, mix
from .shapes import Coin, Face, Image, Potion, Rect, Text, text_width
from .text_box import INK, typeset
from .typesetting import PLAIN, Typesetting

WIDTH, HEIGHT = 600, 926
FRAME = "#2a211a"
PARCHMENT = "#f6eed9"
BANNER = "#fbf6e8"
# the frame colour of each official type; a type not here (attack, a fan set's own) leaves
# the colour to the others, and a card with none of these is an Action's parchment
COLOURS = {"action": "#e9e0c9", "treasure": "#e5bd3f", "victory": "#8fc05c",
           "curse": "#a06cbd", "reaction": "#6d9fd6", "duration": "#ef8f3a",
           "event": "#b9b7ae", "landmark": "#8fae86", "project": "#e3a38f"}
LIGHT = {"action": "#f4efe2", "treasure": "#f6e3a6", "victory": "#d3e8bd",
         "curse": "#ddc6e8", "reaction": "#cadcf1", "duration": "#f8d1ad",
         "event": "#e6e4de", "landmark": "#d5e3d0", "project": "#f4d7cd"}
# a Reaction or Duration colours the whole card, not half of it with the Action parchment;
# a landscape (Event: silver grey, Landmark: green, Project: salmon) wears its own colour
WHOLE = ("reaction", "duration", "event", "landmark", "project")

NAME_BOX = (40, 30, 520, 72)
ART_BOX = (44, 114, 512, 338)
TEXT_FRAME = (44, 464, 512, 344)
TEXT_BOX = (66, 478, 468, 316)
TYPE_BOX = (40, 820, 520, 64)
DASH = " \u2013 "          # between types, as printed: "Action – Attack"
COMFORTABLE = 21          # a text set smaller than this takes room from the art...
MAX_GROW = 140            # ...up to this much


def frame_types(types) -> list[str]:
    """The one or two types whose colours the card wears, in the card's order."""
    kinds = [t for t in types if t in COLOURS]
    if any(t in WHOLE for t in kinds):
        kinds = [t for t in kinds if t != "action"]
    out = []
    for t in kinds:
        if t not in out:
            out.append(t)
    return out[:2] or ["action"]


def _fit(text: str, bold: bool, largest: float, width: float, smallest: float = 8) -> float:
    """The largest size (in half points) at which one line of text is at most `width`."""
    size = largest
    while size > smallest and text_width(text, size, bold) > width:
        size -= 0.5
    return size


def _one_line(text: str, bold: bool, largest: float, box: tuple, colour: str = INK) -> list:
    """A line centred in a box, shrunk to its width; cut with an ellipsis when even the
    smallest size is too wide."""
    x, y, w, h = box
    size = _fit(text, bold, largest, w)
    while text_width(text, size, bold) > w and len(text) > 1:
        text = text[:-2].rstrip() + "…"
    tw = text_width(text, size, bold)
    return [Text(x + (w - tw) / 2, y + h / 2 + 0.36 * size, text, size, bold, colour, tw)]


def _cost_items(cost) -> tuple[list, float]:
    """(the coin and Potion symbols of a cost, the x where the type line may start)."""
    x, y, _, h = TYPE_BOX
    cy = y + h / 2
    r = 34                        # over the banner's round end: no banner shows beside it
    label = 40 if cost.coins < 10 else 32
    items = [Coin(x + h / 2, cy, r, str(cost.coins), label,
                  text_width(str(cost.coins), label, True))]
    right = x + h / 2 + r
    if cost.potion:               # the flask within the banner's height
        items.append(Potion(right + 18, cy, 24))
        right += 36
    return items, right + 8


def _set_items(set_id: str, set_name: str) -> tuple[list, float]:
    """(the set's badge, its emblem on a dark disc, at the type line's right end and the
    set name below it, the badge's left x)."""
    x, y, w, h = TYPE_BOX
    r = 22
    cx, cy = x + w - 10 - r, y + h / 2
    items = [Rect(cx - r, cy - r, 2 * r, 2 * r, (FRAME,), radius=r),
             emblem(set_id, cx, cy, 0.74 * r, stroke=BANNER, stroke_width=1.2)]
    name = _one_line(set_name, False, 15, (WIDTH - 250, HEIGHT - 34, 220, 24), "#e8dfc8")[0]
    items.append(replace(name, x=WIDTH - 36 - name.width))            # right-aligned
    return items, cx - r - 8


def _art_placeholder(card, kinds: list, box: tuple) -> list:
    """The art area of a card without art: its type colours and the set's emblem, large
    and faint, inside a ring."""
    x, y, w, h = box
    fills = (LIGHT[kinds[0]], "#fffdf6", LIGHT[kinds[-1]])
    cx, cy, r = x + w / 2, y + h / 2, min(w, h) * 0.36
    ink = emblem_spec(card.set)["colour"]
    ring = mix(ink, "#fffdf6", 0.5)
    return [Rect(x, y, w, h, fills),
            Rect(cx - r * 1.18, cy - r * 1.18, r * 2.36, r * 2.36, (), ring, 3, radius=r * 1.18),
            emblem(card.set, cx, cy, r, mix(ink, "#fffdf6", 0.62), ring, 3)]


def layout(rendered, card, set_name: str, art: tuple | None = None,
           ts: Typesetting = PLAIN) -> Face:
    """The face of `card` as rendered in a locale. `art`: (image bytes, MIME type) for the
    art area, or None for the placeholder; `ts`: the locale's typesetting."""
    kinds = frame_types(card.types)
    frame = tuple(COLOURS[k] for k in kinds)
    light = tuple(LIGHT[k] for k in kinds)
    items: list = [Rect(0, 0, WIDTH, HEIGHT, (FRAME,), radius=26),
                   Rect(14, 14, WIDTH - 28, HEIGHT - 50, frame, FRAME, 2, radius=16)]
    # name banner
    x, y, w, h = NAME_BOX
    items.append(Rect(x, y, w, h, (BANNER,), FRAME, 3, radius=h / 2))
    items += _one_line(rendered.name, True, 40, (x + 30, y, w - 60, h))
    vp = card.fixed_vp if card.vp is not None else None
    text_items, size, grow = _text(rendered.text, vp, ts)
    # art
    x, y, w, h = ART_BOX
    h -= grow
    if art is not None:
        items.append(Rect(x, y, w, h, (light[0], "#fffdf6", light[-1])))
        items.append(Image(x, y, w, h, art[0], art[1]))
    else:
        items += _art_placeholder(card, kinds, (x, y, w, h))
    items.append(Rect(x, y, w, h, (), FRAME, 3))
    # text box
    x, y, w, h = TEXT_FRAME
    items.append(Rect(x, y - grow, w, h + grow, (PARCHMENT,), FRAME, 3, radius=10))
    items += text_items
    # type line, cost, set
    x, y, w, h = TYPE_BOX
    items.append(Rect(x, y, w, h, (BANNER,), FRAME, 3, radius=h / 2))
    cost_items, left = _cost_items(card.cost)
    set_items, right = _set_items(card.set, set_name)
    type_line = DASH.join(rendered.types)
    items += _one_line(type_line, True, 30, (left, y + 4, right - left, h - 8))
    items += cost_items + set_items
    x, y, w, h = TEXT_BOX
    return Face(WIDTH, HEIGHT, rendered.name, tuple(items), (x, y - grow, w, h + grow), size,
                tuple(text_items))


def _text(lines, vp, ts: Typesetting = PLAIN) -> tuple:
    """(items, size, how much taller than usual the text box is): a long text takes room
    from the art rather than shrink below a comfortable size."""
    items, size = typeset(lines, TEXT_BOX, vp, ts=ts)
    grow = 0
    x, y, w, h = TEXT_BOX
    while size < COMFORTABLE and grow < MAX_GROW:
        grow += 20
        items, size = typeset(lines, (x, y - grow, w, h + grow), vp, ts=ts)
    return items, size, grow
