"""A print-and-play PDF of card faces (dsl.faces.sheet lays them out), drawn with fpdf2
(the `print` extra). Each face is the PNG face (dsl.faces.png) at print resolution, placed
at the card's real size; the bled area around the grid takes the colour of the faces' edge
so that a cut a little off the line shows no white."""
from __future__ import annotations

import io

from .art import FaceError
from .sheet import pages

PRINT_EXTRA = "install the print extra: pip install 'dominion-card-language[print]'"
MARK_WIDTH = 0.2                  # mm


def fpdf():
    """The FPDF class, or FaceError with how to install it."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise FaceError(f"a PDF needs fpdf2; {PRINT_EXTRA}") from None
    return FPDF


def sheet_pdf(faces: list[bytes], paper: str = "a4", title: str = "") -> bytes:
    """The PDF of PNG `faces` (bytes each), 3 x 3 cards to a page of `paper`; the wide
    ones (landscapes: Events) after them on pages of their own, 2 x 4 to a page."""
    FPDF = fpdf()
    if not faces:
        raise FaceError("no cards to print")
    doc = FPDF(unit="mm", format=paper.upper() if paper == "a4" else "letter")
    doc.set_auto_page_break(False)
    doc.set_creator("dominion-card-language (dsl print)")
    if title:
        doc.set_title(title)
    wide = [is_wide(f) for f in faces]
    for landscape in (False, True):
        group = [f for f, w in zip(faces, wide) if w == landscape]
        at = 0
        for page in pages(len(group), paper, landscape):
            doc.add_page()
            x, y, w, h = page.bleed
            doc.set_fill_color(*_edge_colour(group[at]))
            doc.rect(x, y, w, h, style="F")
            for slot in page.slots:
                doc.image(io.BytesIO(group[at]), x=slot.x, y=slot.y, w=slot.w, h=slot.h)
                at += 1
            _cut_marks(doc, page)
    return bytes(doc.output())


def page_count(faces: list[bytes], paper: str = "a4") -> int:
    """How many pages `sheet_pdf` prints the faces on."""
    wide = sum(map(is_wide, faces))
    return len(pages(len(faces) - wide, paper)) + len(pages(wide, paper, True))


def is_wide(png: bytes) -> bool:
    """Whether a PNG face is wider than high (a landscape), read from its header."""
    return int.from_bytes(png[16:20], "big") > int.from_bytes(png[20:24], "big")


def _cut_marks(doc, page) -> None:
    """A page's cut marks, thin black lines in the margin."""
    doc.set_draw_color(0, 0, 0)
    doc.set_line_width(MARK_WIDTH)
    for x1, y1, x2, y2 in page.marks:
        doc.line(x1, y1, x2, y2)


def _edge_colour(png: bytes) -> tuple:
    """The colour of a face's frame (a pixel in the middle of its top edge: the corners
    are rounded and transparent, so they show this colour too)."""
    from .png import pillow
    image = pillow()[0].open(io.BytesIO(png)).convert("RGB")
    return image.getpixel((image.width // 2, 2))
