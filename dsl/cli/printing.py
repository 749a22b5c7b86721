"""`dsl print SETS... --out cards.pdf`: a print-and-play PDF of cards at their real size
(59 x 91 mm, 3 x 3 on A4 or Letter, cut marks and bleed; a set's landscapes, its Events,
91 x 59 mm, 2 x 4 on pages of their own), in a locale, from the same faces as `dsl render`
(the `print` extra: fpdf2 and Pillow)."""
from __future__ import annotations

import sys
from pathlib import Path

from .common import bad_arguments, cards_option

PRINT_SCALE = 1.5                # faces drawn at 900 x 1389 pixels: about 390 dpi at 59 mm


def _chosen(args):
    """(catalog, cards) of the positional names: set ids (every card of the set, by cost),
    set folders, card files and card ids, in the order given."""
    from argparse import Namespace
    from .render import _load_cards
    rest = [n for n in args.sets if n not in _set_ids(args)]
    catalog, _ = _load_cards(Namespace(cards=rest, card_paths=args.card_paths))
    named_sets = [n for n in args.sets if n in catalog.sets]
    cards = []
    for name in args.sets:
        if name in catalog.sets:
            cards += sorted((c for c in catalog.cards.values() if c.set == name),
                            key=lambda c: (c.cost.coins, c.cost.potion, c.id))
        else:                            # the cards of one name, in the catalog of them all
            cards += _load_cards(Namespace(cards=[name], card_paths=args.card_paths))[1]
    if named_sets and not cards:
        bad_arguments(f"no cards in set(s) {', '.join(named_sets)}")
    return catalog, list(dict.fromkeys(cards))


def _set_ids(args) -> set:
    from dsl.language.fansets import open_sets
    from .common import fan_paths
    return set(open_sets(fan_paths(args)).catalog.sets)


def cmd_print(args) -> int:
    from dsl.faces.art import FaceError
    from dsl.faces.face import face_png
    from dsl.faces.pdf import fpdf, page_count, sheet_pdf
    from dsl.text.i18n import LocaleError, locale_for
    from .render import _write
    if not args.out.lower().endswith(".pdf"):
        bad_arguments(f"--out {args.out}: give a file name ending in .pdf")
    if not args.sets:
        bad_arguments("give the sets to print (set ids such as base, set folders, card ids "
                      "or card files)")
    try:
        fpdf()                                   # fail before any work without fpdf2
        from dsl.faces.png import pillow
        pillow()
    except FaceError as e:
        print(f"dsl: {e}", file=sys.stderr)
        return 1
    catalog, cards = _chosen(args)
    try:
        loc = locale_for(args.locale, catalog)
    except LocaleError as e:
        bad_arguments(str(e))
    try:
        faces = [face_png(c, catalog, loc, scale=PRINT_SCALE) for c in cards]
        data = sheet_pdf(faces, args.paper, title=", ".join(args.sets))
    except FaceError as e:
        print(f"dsl: {e}", file=sys.stderr)
        return 1
    _write(Path(args.out), data)
    pages = page_count(faces, args.paper)
    print(f"wrote {args.out}: {len(cards)} card(s) on {pages} {args.paper} page(s)")
    return 0


def register(sub) -> None:
    """Add `print` to the `dsl` argument parser."""
    p = sub.add_parser("print", help="a print-and-play PDF of cards at their real size",
                       parents=[cards_option()],
                       epilog="dsl print base --out base.pdf; dsl print my_set/ --locale hu "
                              "--paper letter --out my_set.pdf (see docs/faces.md)")
    p.add_argument("sets", nargs="*", metavar="SET|FOLDER|ID|PATH",
                   help="set ids (every card of the set), set folders, card ids, card files")
    p.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF to write")
    p.add_argument("--paper", choices=("a4", "letter"), default="a4")
    p.add_argument("--locale", default="en", help="the language of the cards (default en)")
    p.set_defaults(func=cmd_print)
