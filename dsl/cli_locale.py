"""Command-line commands about locales: locales, locale init (render is in cli_render).

Why a module of its own: these commands share the locale machinery (dsl.i18n) and the
renderer (dsl.render), and keep dsl/cli.py about the language and the games.
"""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path


def _fail(message: str) -> int:
    print(f"dsl: {message}", file=sys.stderr)
    return 1


def coverage(catalog, locales_dir: Path | None = None) -> list[dict]:
    """Per locale (shipped, or a fan set's): card names and phrase templates translated
    out of how many."""
    from .data import fan_subfolders
    from .i18n import LocaleError, available_locales, get_locale
    from .render import template_ids
    templates = template_ids()
    extra = fan_subfolders(catalog, "locales")
    rows = []
    for code in available_locales(locales_dir, extra):
        try:
            loc = get_locale(code, locales_dir, extra)
        except LocaleError as e:            # one broken catalog does not hide the others
            rows.append({"locale": code, "error": str(e)})
            continue
        names = sum(not loc.card_name(c)[1] for c in catalog.cards.values())
        types = sum(not loc.type_name(t, catalog)[1] for t in catalog.types)
        done = sum(loc.has(t if isinstance(t, str) else t[0]) for t in templates)
        rows.append({"locale": code, "card_names": {"translated": names,
                                                    "total": len(catalog.cards)},
                     "type_names": {"translated": types, "total": len(catalog.types)},
                     "templates": {"translated": done, "total": len(templates)}})
    return rows


def cmd_locales(args) -> int:
    from .cli_common import card_sets
    rows = coverage(card_sets(args).catalog)
    broken = [r for r in rows if "error" in r]
    if args.format == "json":
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 1 if broken else 0

    def cell(row, k):
        return f"{row[k]['translated']}/{row[k]['total']}"
    print(f"{'locale':8} {'card names':>12} {'type names':>12} {'templates':>12}")
    for r in rows:
        if "error" in r:
            print(f"{r['locale']:8} cannot be used: {r['error']}")
            continue
        print(f"{r['locale']:8} {cell(r, 'card_names'):>12} {cell(r, 'type_names'):>12} "
              f"{cell(r, 'templates'):>12}")
    return 1 if broken else 0


def template_catalog(lang: str | None = None, catalog=None, fan_only: bool = False):
    """The extraction template (what `pybabel extract` gives), built in memory: phrase
    templates, card names and type names. `fan_only`: the fan sets' cards and types only
    (a fan set's catalog), and the phrase templates only when no shipped catalog has them."""
    from babel.messages.catalog import Catalog
    from .data import is_shipped
    from .i18n import CARD_NAME, CARD_TYPE, catalog_path
    from .fansets import shipped
    from .render import template_ids
    catalog = catalog or shipped().catalog
    cat = Catalog(locale=lang, project="Dominion card language", version="0.1",
                  msgid_bugs_address="", fuzzy=False)
    if not fan_only or lang is None or not catalog_path(lang).exists():
        for t in template_ids():
            cat.add(t, string=("", "") if isinstance(t, tuple) else "",
                    locations=[("dsl/render.py", 0)], flags=["python-brace-format"])
    for c in sorted(catalog.cards.values(), key=lambda c: c.path):
        if not fan_only or not is_shipped(c.path):
            cat.add(c.names["en"], context=CARD_NAME, auto_comments=[f"card id: {c.id}"],
                    locations=[(c.path, 0)])
    for t in catalog.types.values():
        if not fan_only or not is_shipped(t.path):
            cat.add(t.names.get("en", t.id), context=CARD_TYPE,
                    auto_comments=[f"type id: {t.id}"])
    return cat


def _init_folder(args, catalog) -> tuple[Path, bool]:
    """(the locales folder to write into, whether it is a fan set's): --dir, else the one
    fan set given (its locales/), else ./locales in the working folder. Never the
    installed package."""
    from .data import fan_set_folders
    fans = fan_set_folders(catalog)
    if args.dir:
        folder = Path(args.dir)
    elif len(fans) == 1:
        folder = fans[0] / "locales"
    else:
        folder = Path("locales")
    return folder, bool(fans)


def cmd_locale_init(args) -> int:
    from babel import Locale as BabelLocale, UnknownLocaleError
    from babel.messages.pofile import write_po
    from .cli_common import card_sets
    from .i18n import catalog_path
    try:
        BabelLocale.parse(args.lang)
    except (UnknownLocaleError, ValueError):
        return _fail(f"'{args.lang}' is not a language code Babel knows (e.g. de, fr, pl, "
                     "pt_BR)")
    catalog = card_sets(args).catalog
    folder, fan = _init_folder(args, catalog)
    if _inside_package(folder):
        return _fail(f"{folder} is inside the installed package; give a folder of your own "
                     "with --dir (or a fan set with --cards)")
    path = catalog_path(args.lang, folder)
    if path.exists():
        return _fail(f"{path} exists; update it with `pybabel update -d {folder} -D dominion`")
    cat = template_catalog(args.lang, catalog, fan_only=fan)
    buf = io.BytesIO()
    write_po(buf, cat, width=100, omit_header=False)
    try:                                  # whole or not at all
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(".po.part")
        part.write_bytes(buf.getvalue())
        part.replace(path)
    except OSError as e:
        return _fail(f"cannot write {path}: {e.strerror}")
    print(f"created {path} ({len(cat)} messages, {cat.plural_forms}); translate it with any "
          "gettext tool")
    return 0


def _inside_package(folder: Path) -> bool:
    """Whether a folder is inside an installed copy of the tool (site-packages)."""
    from importlib.resources import files
    package = Path(str(files("dsl"))).resolve().parent
    if (package / "pyproject.toml").is_file():      # a source checkout: its own folders
        return False
    try:
        folder.resolve().relative_to(package)
    except ValueError:
        return False
    return True


def register(sub) -> None:
    """Add this module's subcommands to the `dsl` argument parser."""
    from .cli_common import cards_option
    cards = cards_option()
    p = sub.add_parser("locales", help="what is translated in each locale", parents=[cards])
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=cmd_locales)
    p = sub.add_parser("locale", help="manage translation catalogs")
    lsub = p.add_subparsers(dest="locale_command", required=True)
    q = lsub.add_parser("init", help="create LANG/LC_MESSAGES/dominion.po in a locales folder",
                        parents=[cards])
    q.add_argument("lang")
    q.add_argument("--dir", metavar="FOLDER", help="the locales folder to write into (default: "
                   "the fan set's locales/ with --cards, else ./locales)")
    q.set_defaults(func=cmd_locale_init)
