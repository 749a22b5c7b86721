"""A print-and-play sheet: where each card goes on a page of paper, in millimetres. Cards
at their real size (59 x 91 mm), 3 x 3 to a page, side by side with no gap (one cut
between two cards), the outer edge of the grid bled by 3 mm, and cut marks in the margin
on the line of every card edge. Letter paper leaves only 3.2 mm above and below a 3 x 3
grid: there the bleed still fits, but the marks of the vertical cuts do not, so a Letter
page has the marks of the horizontal cuts only (the vertical ones follow the cards' own
frames). Pure layout: dsl.faces.pdf draws it."""
from __future__ import annotations

from dataclasses import dataclass

CARD_W, CARD_H = 59.0, 91.0      # a Dominion card, millimetres
BLEED = 3.0                      # the picture goes on past the outer cut by this much
MARK = 5.0                       # the length of a cut mark
MARK_GAP = 1.0                   # between the bleed and a cut mark
COLUMNS, ROWS = 3, 3
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


def grid_origin(paper: str) -> tuple[float, float]:
    """The top left corner of the 3 x 3 grid, centred on the paper."""
    width, height = PAPERS[paper]
    return (width - COLUMNS * CARD_W) / 2, (height - ROWS * CARD_H) / 2


def pages(count: int, paper: str = "a4") -> list[Page]:
    """The pages holding `count` cards, in order (the last page may be partly empty)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper '{paper}' (papers: {', '.join(PAPERS)})")
    width, height = PAPERS[paper]
    x0, y0 = grid_origin(paper)
    per_page = COLUMNS * ROWS
    out = []
    for first in range(0, count, per_page):
        n = min(per_page, count - first)
        slots = tuple(Slot(x0 + (i % COLUMNS) * CARD_W, y0 + (i // COLUMNS) * CARD_H)
                      for i in range(n))
        cols, rows = min(n, COLUMNS), -(-n // COLUMNS)
        bleed = (x0 - BLEED, y0 - BLEED, cols * CARD_W + 2 * BLEED, rows * CARD_H + 2 * BLEED)
        marks = tuple(m for m in _marks(x0, y0, cols, rows)      # on the paper only
                      if 0 <= min(m[0], m[2]) and max(m[0], m[2]) <= width
                      and 0 <= min(m[1], m[3]) and max(m[1], m[3]) <= height)
        out.append(Page(width, height, slots, bleed, marks))
    return out


def _marks(x0: float, y0: float, cols: int, rows: int) -> tuple:
    """Short lines outside the bled area, on the line of each vertical and horizontal cut."""
    top, bottom = y0 - BLEED - MARK_GAP, y0 + rows * CARD_H + BLEED + MARK_GAP
    left, right = x0 - BLEED - MARK_GAP, x0 + cols * CARD_W + BLEED + MARK_GAP
    marks = []
    for c in range(cols + 1):
        x = x0 + c * CARD_W
        marks += [(x, top - MARK, x, top), (x, bottom, x, bottom + MARK)]
    for r in range(rows + 1):
        y = y0 + r * CARD_H
        marks += [(left - MARK, y, left, y), (right, y, right + MARK, y)]
    return tuple(marks)
