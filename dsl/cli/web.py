"""`dsl gallery OUT/` (a static site of the cards) and `dsl serve` (a local playground).

Why a module of its own: the web pages bring a web framework (Flask, the `web` extra) that
the other commands never import."""
from __future__ import annotations

import sys
from pathlib import Path

from .common import bad_arguments, card_sets, cards_option


def _locales(args, catalog) -> list:
    """The locales asked for (--locale, repeatable or comma-separated), default all with a
    catalog, English first; an unknown one is an error naming the known ones."""
    from dsl.text.i18n import available_locales, locale_folders, locale_for
    known = available_locales(extra=locale_folders(catalog))
    codes = [c.strip() for item in args.locale or () for c in item.split(",") if c.strip()]
    codes = list(dict.fromkeys(codes)) or known
    unknown = [c for c in codes if c not in known]
    if unknown:
        bad_arguments(f"--locale {', '.join(unknown)}: no catalog (known: {', '.join(known)})")
    return [locale_for(c, catalog) for c in codes]


def cmd_gallery(args) -> int:
    from dsl.web.gallery import GalleryError, build, check_target
    out = Path(args.out)
    try:
        check_target(out.absolute())          # before the slow part
    except GalleryError as e:
        print(f"dsl: {e}", file=sys.stderr)
        return 1
    catalog = card_sets(args).catalog
    locales = _locales(args, catalog)
    try:
        n = build(out, catalog, locales)
    except (GalleryError, OSError) as e:
        print(f"dsl: {e}", file=sys.stderr)
        return 1
    print(f"{n} cards in {len(locales)} locale(s) ({', '.join(x.code for x in locales)}): "
          f"{out / 'index.html'}")
    return 0


def cmd_serve(args) -> int:
    try:
        from dsl.web.playground import run
    except ImportError as e:
        print(f"dsl: `dsl serve` needs Flask: pip install 'dominion-card-language[web]' "
              f"({e})", file=sys.stderr)
        return 1
    if not 0 <= args.port <= 65535:
        bad_arguments("--port: 0 to 65535 (0 picks a free port)")
    return run(card_sets(args), args.host, args.port)


def register(sub) -> None:
    """Add `gallery` and `serve` to the `dsl` argument parser."""
    p = sub.add_parser("gallery", help="write a static web site of every card",
                       parents=[cards_option()])
    p.add_argument("out", metavar="OUT", help="the folder to write (new, empty, or an earlier "
                   "gallery, which is replaced whole)")
    p.add_argument("--locale", action="append", metavar="L[,L]",
                   help="locales to show (repeatable; default: every locale with a catalog)")
    p.set_defaults(func=cmd_gallery)
    p = sub.add_parser("serve", help="a local playground: edit a card, see its diagnostics "
                       "and face", parents=[cards_option()])
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this computer only)")
    p.add_argument("--port", type=int, default=8000, help="port (0: pick a free one)")
    p.set_defaults(func=cmd_serve)
