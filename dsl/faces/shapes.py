"""The drawing primitives of a card face, and the font measure they are laid out with.

Why plain frozen data: the layout (dsl.faces.layout) decides every position once; each
output format (dsl.faces.svg, dsl.faces.png) only draws what it is given, so SVG and PNG
show the same line breaks and sizes. Widths come from dsl/faces/fonts/metrics.json (written by
tools/font_metrics.py), so laying out a face needs no font library.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

FAMILY = "DejaVu Sans"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@dataclass(frozen=True)
class Rect:
    """A rectangle; `fills` of two or more colours is a top-to-bottom gradient."""
    x: float
    y: float
    w: float
    h: float
    fills: tuple
    stroke: str | None = None
    stroke_width: float = 0
    radius: float = 0


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    colour: str
    width: float


@dataclass(frozen=True)
class Text:
    """A run of text on one line: `x` is its left edge, `y` its baseline, `width` its
    measured width (the formats may hold it to that width)."""
    x: float
    y: float
    text: str
    size: float
    bold: bool
    colour: str
    width: float


@dataclass(frozen=True)
class Coin:
    """The coin symbol: a gold disc with a number (a cost, or `$2` in a text)."""
    cx: float
    cy: float
    r: float
    label: str
    label_size: float
    label_width: float


@dataclass(frozen=True)
class Potion:
    """The Potion symbol: a blue flask, `r` its half height."""
    cx: float
    cy: float
    r: float


@dataclass(frozen=True)
class Shield:
    """The victory point symbol: a shield, `r` its half height."""
    cx: float
    cy: float
    r: float


@dataclass(frozen=True)
class Polygon:
    """A closed outline filled with one colour (the set's emblem)."""
    points: tuple            # ((x, y), ...)
    fill: str
    stroke: str | None = None
    stroke_width: float = 0


@dataclass(frozen=True)
class Image:
    """The card's art, filling (and cropped to) its box."""
    x: float
    y: float
    w: float
    h: float
    data: bytes
    mime: str


@dataclass(frozen=True)
class Face:
    width: int
    height: int
    title: str
    items: tuple
    text_box: tuple          # (x, y, w, h): where the card text must stay
    text_size: float         # the size the card text was set in (after shrinking)
    text_items: tuple = ()   # the items of the text box (also in `items`)


@lru_cache(maxsize=1)
def _metrics() -> dict:
    return json.loads(files("dsl.faces").joinpath("fonts/metrics.json").read_text(encoding="utf-8"))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of `text` at `size` (kerning left out: it only narrows a line)."""
    m = _metrics()
    style = m["styles"]["bold" if bold else "regular"]
    table, default = style["widths"], style["default"]
    return sum(table.get(ch, default) for ch in text) * size / m["units_per_em"]


def font_path(bold: bool):
    """The shipped font file (a Traversable inside the package)."""
    return files("dsl.faces").joinpath("fonts", FONT_FILES[bold])
