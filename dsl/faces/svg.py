"""A card face (dsl.faces.layout) as an SVG document.

Text refers to the shipped font's family, DejaVu Sans; each run is held to the width it
was laid out with (textLength), so a viewer that substitutes another font still keeps
every line inside the text box. `embed_font=True` puts the shipped fonts in the file
(about 2 MB) for a face that looks the same everywhere. All text is escaped: card names
come from card files, which anyone may write.
"""
from __future__ import annotations

import base64
import re
from xml.sax.saxutils import escape, quoteattr

from .shapes import FAMILY, Coin, Image, Line, Potion, Rect, Shield, Text, font_path

COIN_INK = ("#fbe27a", "#d9a521", "#9c7012")
POTION_BLUE, VP_GREEN, EDGE = "#2f66c9", "#5f8f35", "#2a211a"
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _n(v: float) -> str:
    """A number as short as it stays exact to 1/100 of a unit."""
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _text(s: str) -> str:
    return escape(_NOT_XML.sub("\ufffd", s))


class _Defs:
    """Gradients, each defined once."""

    def __init__(self):
        self.items: dict[tuple, str] = {}

    def gradient(self, colours: tuple) -> str:
        if colours not in self.items:
            gid = f"g{len(self.items)}"
            stops = "".join(f'<stop offset="{_n(i / (len(colours) - 1))}" stop-color="{c}"/>'
                            for i, c in enumerate(colours))
            self.items[colours] = (f'<linearGradient id="{gid}" x1="0" y1="0" x2="0" y2="1">'
                                   f"{stops}</linearGradient>")
        return f"url(#g{list(self.items).index(colours)})"


def _rect(r: Rect, defs: _Defs) -> str:
    if not r.fills:
        fill = "none"
    elif len(r.fills) == 1:
        fill = r.fills[0]
    else:
        fill = defs.gradient(r.fills)
    stroke = f' stroke="{r.stroke}" stroke-width="{_n(r.stroke_width)}"' if r.stroke else ""
    rx = f' rx="{_n(r.radius)}"' if r.radius else ""
    return (f'<rect x="{_n(r.x)}" y="{_n(r.y)}" width="{_n(r.w)}" height="{_n(r.h)}"{rx} '
            f'fill="{fill}"{stroke}/>')


def _run(t: Text) -> str:
    weight = ' font-weight="bold"' if t.bold else ""
    return (f'<text x="{_n(t.x)}" y="{_n(t.y)}" font-size="{_n(t.size)}"{weight} '
            f'fill="{t.colour}" textLength="{_n(t.width)}" lengthAdjust="spacingAndGlyphs" '
            f'xml:space="preserve">{_text(t.text)}</text>')


def _coin(c: Coin) -> str:
    """A rim, the gold and a lighter face (as the PNG draws it)."""
    discs = "".join(f'<circle cx="{_n(c.cx)}" cy="{_n(c.cy)}" r="{_n(c.r * k)}" '
                    f'fill="{colour}"/>'
                    for k, colour in ((1, COIN_INK[2]), (0.88, COIN_INK[1]), (0.74, COIN_INK[0])))
    label = Text(c.cx - c.label_width / 2, c.cy + 0.36 * c.label_size, c.label,
                 c.label_size, True, "#2a1d05", c.label_width)
    return discs + _run(label)


def potion_points(p: Potion) -> tuple:
    """(neck rectangle, bulb centre and radius) of the flask: shared with the PNG."""
    r = p.r
    neck = (p.cx - 0.22 * r, p.cy - r, 0.44 * r, 0.6 * r)
    return neck, (p.cx, p.cy + 0.3 * r), 0.68 * r


def shield_points(s: Shield) -> list:
    """The outline of the VP shield as points (a flat top, sides curving to a point):
    shared with the PNG."""
    import math
    cx, cy, r = s.cx, s.cy, s.r
    side = [(0.8 * r * math.cos(a / 10 * math.pi / 2) ** 0.6, -0.35 * r + 1.35 * r * a / 10)
            for a in range(11)]
    return [(cx - 0.8 * r, cy - r), (cx + 0.8 * r, cy - r)] + \
        [(cx + dx, cy + dy) for dx, dy in side] + \
        [(cx - dx, cy + dy) for dx, dy in reversed(side)]


def _potion(p: Potion) -> str:
    (nx, ny, nw, nh), (bx, by), br = potion_points(p)
    sw = _n(max(1, p.r / 8))
    return (f'<rect x="{_n(nx)}" y="{_n(ny)}" width="{_n(nw)}" height="{_n(nh)}" '
            f'fill="{POTION_BLUE}" stroke="{EDGE}" stroke-width="{sw}"/>'
            f'<circle cx="{_n(bx)}" cy="{_n(by)}" r="{_n(br)}" fill="{POTION_BLUE}" '
            f'stroke="{EDGE}" stroke-width="{sw}"/>')


def _shield(s: Shield) -> str:
    pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in shield_points(s))
    return (f'<polygon points="{pts}" fill="{VP_GREEN}" stroke="{EDGE}" '
            f'stroke-width="{_n(max(1, s.r / 10))}"/>')


def _image(i: Image) -> str:
    uri = f"data:{i.mime};base64," + base64.b64encode(i.data).decode("ascii")
    return (f'<image x="{_n(i.x)}" y="{_n(i.y)}" width="{_n(i.w)}" height="{_n(i.h)}" '
            f'preserveAspectRatio="xMidYMid slice" href={quoteattr(uri)}/>')


def _font_face() -> str:
    rules = []
    for bold in (False, True):
        data = base64.b64encode(font_path(bold).read_bytes()).decode("ascii")
        rules.append(f"@font-face{{font-family:'{FAMILY}';font-weight:"
                     f"{'bold' if bold else 'normal'};src:url(data:font/ttf;base64,{data})}}")
    return "<style>" + "".join(rules) + "</style>"


def to_svg(face, embed_font: bool = False) -> str:
    """The face as an SVG document (a string)."""
    defs = _Defs()
    body = []
    for it in face.items:
        if isinstance(it, Rect):
            body.append(_rect(it, defs))
        elif isinstance(it, Text):
            body.append(_run(it))
        elif isinstance(it, Line):
            body.append(f'<line x1="{_n(it.x1)}" y1="{_n(it.y1)}" x2="{_n(it.x2)}" '
                        f'y2="{_n(it.y2)}" stroke="{it.colour}" '
                        f'stroke-width="{_n(it.width)}"/>')
        elif isinstance(it, Coin):
            body.append(_coin(it))
        elif isinstance(it, Potion):
            body.append(_potion(it))
        elif isinstance(it, Shield):
            body.append(_shield(it))
        elif isinstance(it, Image):
            body.append(_image(it))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {face.width} '
            f'{face.height}" width="{face.width}" height="{face.height}" '
            f'font-family="\'{FAMILY}\', Verdana, sans-serif">')
    title = f"<title>{_text(face.title)}</title>"
    defs_xml = "<defs>" + (_font_face() if embed_font else "") + \
        "".join(defs.items.values()) + "</defs>"
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + head + title + defs_xml +
            "\n".join(body) + "</svg>\n")
