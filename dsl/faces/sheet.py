"""A print-and-play sheet: where each card goes on a page of paper, in millimetres. Cards
at their real size (59 x 91 mm), 3 x 3 to a page, side by side with no gap (one cut
between two cards), the outer edge of the grid bled by 3 mm, and cut marks in the margin
on the line of every card edge. Letter paper leaves only 3.2 mm above and below a 3 x 3
grid: there the bleed still fits, but the marks of the vertical cuts do not, so a Letter
page has the marks of the horizontal cuts only (the vertical ones follow the cards' own
frames). Landscapes (Events: 91 x 59 mm, wide) go on pages of their own after the cards,
2 x 4 to a page, with every mark on both papers. Pure layout: dsl.faces.pdf draws it."""
from __future__ import annotations

from dataclasses import dataclass

CARD_W, CARD_H = 59.0, 91.0      # a Dominion card, millimetres
BLEED = 3.0                      # the picture goes on past the outer cut by this much
MARK = 5.0                       # the length of a cut mark
MARK_GAP = 1.0                   # between the bleed and a cut mark
COLUMNS, ROWS = 3, 3
LANDSCAPE_COLUMNS, LANDSCAPE_ROWS = 2, 4    # a landscape is the card turned: 91 x 59 mm
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@dataclass(frozen=True)
class Slot:
    """One card on a page: its cut rectangle (x, y from the page's top left corner)."""
    x: float
    y: float
    w: float = CARD_W
    h: float = CARD_H


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    slots: tuple                 # Slot per card on this page, row by row
    bleed: tuple                 # (x, y, w, h) of the bled area around the grid
    marks: tuple                 # ((x1, y1, x2, y2), ...) cut marks


def _grid(landscape: bool) -> tuple:
    """(card width, card height, columns, rows) of a page of cards or of landscapes."""
    return (CARD_H, CARD_W, LANDSCAPE_COLUMNS, LANDSCAPE_ROWS) if landscape else \
        (CARD_W, CARD_H, COLUMNS, ROWS)


def grid_origin(paper: str, landscape: bool = False) -> tuple[float, float]:
    """The top left corner of the grid (3 x 3 cards, 2 x 4 landscapes), centred on the
    paper."""
    width, height = PAPERS[paper]
    w, h, columns, rows = _grid(landscape)
    return (width - columns * w) / 2, (height - rows * h) / 2


def per_page(landscape: bool = False) -> int:
    """How many cards (or landscapes) a page holds."""
    _, _, columns, rows = _grid(landscape)
    return columns * rows


def pages(count: int, paper: str = "a4", landscape: bool = False) -> list[Page]:
    """The pages holding `count` cards (or landscapes: wide, 2 x 4 to a page), in order
    (the last page may be partly empty)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper '{paper}' (papers: {', '.join(PAPERS)})")
    width, height = PAPERS[paper]
    x0, y0 = grid_origin(paper, landscape)
    w, h, columns, _ = _grid(landscape)
    out = []
    for first in range(0, count, per_page(landscape)):
        n = min(per_page(landscape), count - first)
        slots = tuple(Slot(x0 + (i % columns) * w, y0 + (i // columns) * h, w, h)
                      for i in range(n))
        cols, rows = min(n, columns), -(-n // columns)
        bleed = (x0 - BLEED, y0 - BLEED, cols * w + 2 * BLEED, rows * h + 2 * BLEED)
        marks = tuple(m for m in _marks(x0, y0, cols, rows, w, h)      # on the paper only
                      if 0 <= min(m[0], m[2]) and max(m[0], m[2]) <= width
                      and 0 <= min(m[1], m[3]) and max(m[1], m[3]) <= height)
        out.append(Page(width, height, slots, bleed, marks))
    return out


def _marks(x0: float, y0: float, cols: int, rows: int, w: float = CARD_W,
           h: float = CARD_H) -> tuple:
    """Short lines outside the bled area, on the line of each vertical and horizontal cut."""
    top, bottom = y0 - BLEED - MARK_GAP, y0 + rows * h + BLEED + MARK_GAP
    left, right = x0 - BLEED - MARK_GAP, x0 + cols * w + BLEED + MARK_GAP
    marks = []
    for c in range(cols + 1):
        x = x0 + c * w
        marks += [(x, top - MARK, x, top), (x, bottom, x, bottom + MARK)]
    for r in range(rows + 1):
        y = y0 + r * h
        marks += [(left - MARK, y, left, y), (right, y, right + MARK, y)]
    return tuple(marks)
