"""Rendered English text next to the printed English text, for the kingdom cards.

Why: the renderer's quality bar is that it says what the printed card says. This prints,
card by card, both texts and a similarity score (difflib ratio over normalized text), then
a summary: mean, minimum and how many are identical.

    python tools/render_compare.py [--quiet]
"""
from __future__ import annotations

import difflib
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dsl.i18n import get_locale            # noqa: E402
from dsl.loader import load_shipped         # noqa: E402
from dsl.render import joined_text, render_card  # noqa: E402


def normalize(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[.;,:]", " ", text.casefold())).strip()


def compare() -> list[tuple]:
    catalog = load_shipped().catalog
    en = get_locale("en")
    rows = []
    for card in sorted(catalog.cards.values(), key=lambda c: (c.set, c.id)):
        if card.set == "basic":
            continue                              # the 63 kingdom cards
        rendered = joined_text(render_card(card, catalog, en))
        printed = card.texts.get("en", "")
        score = difflib.SequenceMatcher(None, normalize(rendered), normalize(printed)).ratio()
        rows.append((card.id, rendered, printed, score))
    return rows


def main(argv=None) -> int:
    quiet = "--quiet" in (argv if argv is not None else sys.argv[1:])
    rows = compare()
    if not quiet:
        for cid, rendered, printed, score in rows:
            print(f"{cid}  {score:.2f}\n  rendered: {rendered}\n  printed:  {printed}")
    scores = [r[3] for r in rows]
    identical = sum(r[1] == r[2] for r in rows)
    worst = min(rows, key=lambda r: r[3])
    print(f"{len(rows)} kingdom cards: mean similarity {sum(scores) / len(scores):.3f}, "
          f"min {worst[3]:.3f} ({worst[0]}), identical {identical}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
