"""A card face (dsl.faces.layout) as an SVG document.

Text is set in the shipped font, DejaVu Sans, embedded in the file as a subset of the
glyphs the face uses (a WOFF font of a few kilobytes, written with fontTools, the library
font tools are built on; its name table keeps the font's copyright and licence, and a
comment names them). Without fontTools the face names the family only. Each run is also
held to the width it was laid out with (textLength), so a viewer that substitutes another
font still keeps every line inside the text box. `embed_font=True` embeds the whole fonts
(about 2 MB), False none. All text is escaped: card names come from card files, which
anyone may write.
"""
from __future__ import annotations

import base64
import io
import re
from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

from .shapes import FAMILY, Coin, Image, Line, Polygon, Potion, Rect, Shield, Text, font_path

COIN_INK = ("#fbe27a", "#d9a521", "#9c7012")
POTION_BLUE, VP_GREEN, EDGE = "#2f66c9", "#5f8f35", "#2a211a"
POTION_SHINE = "#dce8ff"
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
    """(the flask's outline, its highlight's centre and radius), all within cy +- r and
    cx +- 0.64 r: a lip, a narrow neck and a round bulb. Shared with the PNG."""
    import math
    cx, cy, r = p.cx, p.cy, p.r
    bx, by, br = cx, cy + 0.36 * r, 0.64 * r
    lip, neck, lip_y, top = 0.25 * r, 0.16 * r, cy - 0.84 * r, cy - r
    a0 = math.asin(neck / br)
    steps = 24
    arc = [(bx + br * math.sin(a0 + (2 * math.pi - 2 * a0) * i / steps),
            by - br * math.cos(a0 + (2 * math.pi - 2 * a0) * i / steps)) for i in range(steps + 1)]
    outline = [(cx - lip, top), (cx + lip, top), (cx + lip, lip_y), (cx + neck, lip_y)] + \
        arc + [(cx - neck, lip_y), (cx - lip, lip_y)]
    return outline, (bx - 0.3 * br, by - 0.3 * br), 0.17 * br


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


def _points(pts) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in pts)


def _potion(p: Potion) -> str:
    outline, (hx, hy), hr = potion_points(p)
    sw = _n(max(0.8, p.r / 10))
    return (f'<polygon points="{_points(outline)}" fill="{POTION_BLUE}" stroke="{EDGE}" '
            f'stroke-width="{sw}" stroke-linejoin="round"/>'
            f'<circle cx="{_n(hx)}" cy="{_n(hy)}" r="{_n(hr)}" fill="{POTION_SHINE}"/>')


def _polygon(g: Polygon) -> str:
    stroke = f' stroke="{g.stroke}" stroke-width="{_n(g.stroke_width)}" ' \
        'stroke-linejoin="round"' if g.stroke else ""
    return f'<polygon points="{_points(g.points)}" fill="{g.fill}"{stroke}/>'


def _shield(s: Shield) -> str:
    pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in shield_points(s))
    return (f'<polygon points="{pts}" fill="{VP_GREEN}" stroke="{EDGE}" '
            f'stroke-width="{_n(max(1, s.r / 10))}"/>')


def _image(i: Image) -> str:
    uri = f"data:{i.mime};base64," + base64.b64encode(i.data).decode("ascii")
    return (f'<image x="{_n(i.x)}" y="{_n(i.y)}" width="{_n(i.w)}" height="{_n(i.h)}" '
            f'preserveAspectRatio="xMidYMid slice" href={quoteattr(uri)}/>')


LICENCE_NOTE = ("<!-- The font: DejaVu Sans{what}, (c) 2003 Bitstream, Inc., (c) 2006 Tavmjong "
                "Bah, DejaVu changes in the public domain; under the Bitstream Vera Fonts "
                "licence, whose text the font's name table carries (and dsl/faces/fonts/LICENSE "
                "of dominion-card-language). -->")
KEEP_NAMES = [0, 1, 2, 3, 4, 5, 6, 13, 14]      # copyright, names, licence and its URL


def _rule(bold: bool, mime: str, data: bytes) -> str:
    return (f"@font-face{{font-family:'{FAMILY}';font-weight:"
            f"{'bold' if bold else 'normal'};src:url(data:{mime};base64,"
            f"{base64.b64encode(data).decode('ascii')})}}")


# the characters of Latin alphabets and typographic punctuation: a face's subset is cut
# from a font of these first (cut once per process), which is four times quicker than
# from the whole font
BASE_CHARS = "".join(map(chr, range(0x20, 0x250))) + "\u2013\u2014\u2018\u2019\u201a" \
    "\u201c\u201d\u201e\u2026\u2212"


def _subset(source: bytes, chars: str, flavor: str | None) -> bytes:
    import logging
    from fontTools import subset
    from fontTools.ttLib import TTFont
    logging.getLogger("fontTools").setLevel(logging.ERROR)     # "FFTM NOT subset" etc.
    options = subset.Options()
    options.flavor = flavor
    options.name_IDs = KEEP_NAMES
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.layout_features = []              # the layout places every glyph itself
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM"]
    font = TTFont(io.BytesIO(source), lazy=True)
    sub = subset.Subsetter(options)
    sub.populate(text=chars)
    sub.subset(font)
    out = io.BytesIO()
    font.flavor = flavor
    font.save(out)
    return out.getvalue()


@lru_cache(maxsize=2)
def _base_font(bold: bool) -> bytes:
    return _subset(font_path(bold).read_bytes(), BASE_CHARS, None)


@lru_cache(maxsize=512)
def font_subset(bold: bool, chars: str) -> bytes | None:
    """The shipped font with only the glyphs of `chars`, as WOFF bytes; None without
    fontTools."""
    try:
        import fontTools  # noqa: F401
    except ImportError:
        return None
    base = set(chars) <= set(BASE_CHARS)
    return _subset(_base_font(bold) if base else font_path(bold).read_bytes(), chars, "woff")


def _font_face(face, whole: bool) -> tuple[str, str]:
    """(the @font-face rules, the licence comment): the whole fonts, or a subset of
    each style with the characters the face sets in it; ("", "") without fontTools."""
    used = {False: set(), True: set()}
    for it in face.items:
        if isinstance(it, Text):
            used[it.bold].update(it.text)
        elif isinstance(it, Coin):
            used[True].update(it.label)
    rules = []
    for bold in (False, True):
        if whole:
            rules.append(_rule(bold, "font/ttf", font_path(bold).read_bytes()))
        elif used[bold]:
            data = font_subset(bold, "".join(sorted(used[bold])))
            if data is None:
                return "", ""
            rules.append(_rule(bold, "font/woff", data))
    if not rules:
        return "", ""
    return "<style>" + "".join(rules) + "</style>", \
        LICENCE_NOTE.format(what="" if whole else " (a subset)")


def to_svg(face, embed_font: bool | None = None) -> str:
    """The face as an SVG document (a string); `embed_font`: None a subset of the font
    (when fontTools is installed), True the whole fonts, False none."""
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
        elif isinstance(it, Polygon):
            body.append(_polygon(it))
        elif isinstance(it, Image):
            body.append(_image(it))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {face.width} '
            f'{face.height}" width="{face.width}" height="{face.height}" '
            f'font-family="\'{FAMILY}\', Verdana, sans-serif">')
    title = f"<title>{_text(face.title)}</title>"
    style, note = _font_face(face, bool(embed_font)) if embed_font is not False else ("", "")
    defs_xml = "<defs>" + style + "".join(defs.items.values()) + "</defs>"
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + head + title + note + defs_xml +
            "\n".join(body) + "</svg>\n")
