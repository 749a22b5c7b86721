"""Write dsl/faces/fonts/metrics.json: the advance width of each character of the shipped fonts.

Why: the face layout (dsl/faces/layout.py) breaks lines and shrinks text by these widths,
so SVG needs no font library at run time and SVG and PNG get the same line breaks. Kerning
is left out: it only narrows a line, so a line measured without it still fits.

Regenerate after changing the fonts in dsl/faces/fonts/ (needs fontTools, e.g. from matplotlib's
dependencies or `pip install fonttools`):

    python tools/font_metrics.py
"""
from __future__ import annotations

import json
from pathlib import Path

from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parent.parent / "dsl" / "faces" / "fonts"
STYLES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
# Latin-1, Latin Extended-A and B, Greek, Cyrillic, general punctuation and the few symbols the faces use
RANGES = [(0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x3FF), (0x400, 0x4FF), (0x2010, 0x2027), (0x2030, 0x203A), (0x20AC, 0x20AC),
          (0x2212, 0x2212)]


def widths(path: Path) -> tuple[int, dict, int]:
    font = TTFont(path)
    upm = font["head"].unitsPerEm
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    out = {}
    for lo, hi in RANGES:
        for cp in range(lo, hi + 1):
            glyph = cmap.get(cp)
            if glyph is not None:
                out[chr(cp)] = hmtx[glyph][0]
    return upm, out, max(out.values())


def main() -> None:
    data = {"family": "DejaVu Sans", "styles": {}}
    for style, name in STYLES.items():
        upm, table, widest = widths(FONTS / name)
        data["units_per_em"] = upm
        # a character not in the table is measured as the widest one: it may look loose,
        # but never overflows
        data["styles"][style] = {"file": name, "default": widest, "widths": table}
    out = FONTS / "metrics.json"
    out.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
                   encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
