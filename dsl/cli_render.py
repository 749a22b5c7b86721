"""`dsl render`: a card's text (text, json) or its face (svg, png, generator-url).

Why a module of its own: rendering faces brings output files and formats that the
locale commands (dsl/cli_locale.py) do not need.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path


def _fail(message: str) -> int:
    print(f"dsl: {message}", file=sys.stderr)
    return 1


def _load_cards(args):
    """The cards to render: ids of the shipped and fan sets (--cards), or paths of card
    files, loaded (with their set) beside them."""
    from .cli_common import fan_paths
    from .fansets import open_sets
    from .lint import set_folder_of
    refs = args.cards
    files_ = [Path(r) for r in refs if r.endswith((".yaml", ".yml")) or Path(r).exists()]
    homes = [set_folder_of(p) or p for p in files_]
    paths = fan_paths(args)
    seen = {p.resolve() for p in paths}
    for p in homes:
        if p.resolve() not in seen:
            seen.add(p.resolve())
            paths.append(p)
    catalog = open_sets(paths).catalog
    by_path = {str(Path(c.path).resolve()): c for c in catalog.cards.values()}
    cards = []
    for r in refs:
        if r in catalog.cards:
            cards.append(catalog.cards[r])
        elif str(Path(r).resolve()) in by_path:
            cards.append(by_path[str(Path(r).resolve())])
        else:
            raise SystemExit(f"dsl: no card '{r}': give a card id (see `dsl cards`) or the "
                             "path of a card file")
    return catalog, cards


def cmd_render(args) -> int:
    from .i18n import LocaleError, locale_for
    from .render import render_card
    catalog, cards = _load_cards(args)
    try:
        loc = locale_for(args.locale, catalog)
    except LocaleError as e:
        return _fail(str(e))
    out = [render_card(c, catalog, loc) for c in cards]
    if args.format == "json":
        rows = []
        for r in out:
            row = {"id": r.id, "locale": r.locale, "name": r.name, "types": list(r.types),
                   "cost": r.cost, "text": list(r.text)}
            if r.fallbacks:
                row["fallback"] = list(r.fallbacks)
            rows.append(row)
        print(json.dumps(rows[0] if len(rows) == 1 else rows, ensure_ascii=False, indent=2))
        return 0
    for i, r in enumerate(out):
        if i:
            print()
        print(f"{r.name} — {' - '.join(r.types)} — {r.cost}")
        for line in r.text:
            print("  " + line)
        if r.fallbacks:
            print(f"  (note: not translated into '{r.locale}', shown in English: "
                  f"{', '.join(r.fallbacks)})")
    return 0


def register(sub) -> None:
    """Add `render` to the `dsl` argument parser."""
    from .cli_common import cards_option
    p = sub.add_parser("render", help="a card's text from its effect, in a locale",
                       parents=[cards_option()])
    p.add_argument("cards", nargs="+", metavar="ID|PATH")
    p.add_argument("--locale", default="en", help="en, hu, cs or any locale with a catalog")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=cmd_render)
