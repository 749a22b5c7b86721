"""Rendered card text next to the printed text, for the kingdom cards.

Why: the renderer's quality bar is that it says what the printed card says. This prints,
card by card, both texts and a similarity score (difflib ratio over normalized text), then
a summary: mean, minimum and how many are identical. `--locale cs` compares the Czech
rendering with the Czech texts the rulebooks print (only the cards with a `text: cs:`).

    python tools/render_compare.py [--quiet] [--locale LANG]
"""
from __future__ import annotations

import argparse
import difflib
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dsl.text.i18n import LocaleError, get_locale  # noqa: E402
from dsl.language.loader import load_shipped         # noqa: E402
from dsl.text.render import joined_text, render_card  # noqa: E402


def normalize(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[.;,:]", " ", text.casefold())).strip()


def compare(lang: str = "en") -> list[tuple]:
    catalog = load_shipped().catalog
    loc = get_locale(lang)
    rows = []
    for card in sorted(catalog.cards.values(), key=lambda c: (c.set, c.id)):
        if card.set == "basic" or lang not in card.texts:
            continue                              # the kingdom cards with a printed text
        rendered = joined_text(render_card(card, catalog, loc))
        printed = card.texts[lang]
        a, b = normalize(rendered), normalize(printed)
        score = difflib.SequenceMatcher(None, a, b).ratio()
        # difflib's autojunk ignores common characters once a text reaches 200 of them,
        # which under-scores long texts: the figure without it is the one to judge by
        full = difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
        rows.append((card.id, rendered, printed, score, full))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiet", action="store_true", help="the summary line only")
    parser.add_argument("--locale", default="en", help="the language (default en)")
    args = parser.parse_args(argv)
    try:
        rows = compare(args.locale)
    except LocaleError as e:
        print(f"render_compare: {e}", file=sys.stderr)
        return 1
    if not rows:
        print(f"render_compare: no card has a printed '{args.locale}' text", file=sys.stderr)
        return 1
    if not args.quiet:
        for cid, rendered, printed, score, full in rows:
            print(f"{cid}  {full:.2f} ({score:.2f} with autojunk)\n  rendered: {rendered}\n"
                  f"  printed:  {printed}")
    identical = sum(r[1] == r[2] for r in rows)
    what = "kingdom cards" if args.locale == "en" else "cards"
    for label, at in (("without autojunk", 4), ("with difflib's autojunk", 3)):
        scores = [r[at] for r in rows]
        worst = min(rows, key=lambda r: r[at])
        print(f"{len(rows)} {what}, {label}: mean similarity {sum(scores) / len(scores):.3f}, "
              f"min {worst[at]:.3f} ({worst[0]}), identical {identical}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
