"""`dsl print`: a print-and-play PDF, opened and measured: its pages, their paper size,
each card's size (59 x 91 mm within 0.5 mm), the cut marks on the paper."""
from __future__ import annotations

import re
import subprocess
import sys

import pypdf          # the test extra brings it (and fpdf2, the print extra's)
import pytest

from dsl.faces.sheet import BLEED, CARD_H, CARD_W, PAPERS, pages
PT = 72 / 25.4                                  # points per millimetre


def _dsl(*args):
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True,
                          text=True, timeout=300)


def _images(page) -> list[tuple]:
    """(width, height, x, y) in millimetres of every image the page's content draws."""
    data = page.get_contents().get_data().decode("latin-1")
    return [tuple(float(v) / PT for v in (m[0], m[3], m[4], m[5]))
            for m in re.findall(r"q ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) cm "
                                r"/I\d+ Do Q", data)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_set_prints_three_by_three_at_the_real_size(tmp_path, paper):
    out = tmp_path / "base.pdf"
    run = _dsl("print", "base", "--paper", paper, "--out", str(out))
    assert run.returncode == 0, run.stderr
    assert "25 card(s) on 3" in run.stdout
    reader = pypdf.PdfReader(str(out))
    assert len(reader.pages) == 3                    # 25 base cards, 9 a page
    width, height = PAPERS[paper]
    for i, page in enumerate(reader.pages):
        box = page.mediabox
        assert abs(float(box.width) / PT - width) < 0.5 and \
            abs(float(box.height) / PT - height) < 0.5
        cards = _images(page)
        assert len(cards) == (9 if i < 2 else 7)
        for w, h, x, y in cards:
            assert abs(w - CARD_W) < 0.5 and abs(h - CARD_H) < 0.5
            assert 0 <= x and x + w <= width and 0 <= y and y + h <= height


def test_the_layout_keeps_the_bleed_and_the_marks_on_the_paper():
    for paper, (width, height) in PAPERS.items():
        (page,) = pages(9, paper)
        x, y, w, h = page.bleed
        assert x >= 0 and y >= 0 and x + w <= width and y + h <= height
        assert w == 3 * CARD_W + 2 * BLEED and h == 3 * CARD_H + 2 * BLEED
        assert all(0 <= v <= width for m in page.marks for v in (m[0], m[2]))
        assert all(0 <= v <= height for m in page.marks for v in (m[1], m[3]))
    assert len(pages(9, "a4")[0].marks) == 16        # every cut line, at both ends
    assert len(pages(9, "letter")[0].marks) == 8     # the horizontal cuts (see sheet.py)
    assert [len(p.slots) for p in pages(20)] == [9, 9, 2]


def test_a_fan_card_in_a_locale_and_the_errors(tmp_path):
    from pathlib import Path
    fan = Path(__file__).parent / "fixtures" / "fan_set"
    out = tmp_path / "fan.pdf"
    run = _dsl("print", str(fan), "witch", "--locale", "hu", "--out", str(out))
    assert run.returncode == 0, run.stderr
    assert len(pypdf.PdfReader(str(out)).pages) == 1 and "3 card(s)" in run.stdout
    bad = _dsl("print", "base", "--out", str(tmp_path / "x.png"))
    assert bad.returncode == 2 and "ending in .pdf" in bad.stderr
    none = _dsl("print", "nosuchset", "--out", str(tmp_path / "y.pdf"))
    assert none.returncode != 0 and "Traceback" not in none.stderr and "nosuchset" in none.stderr
