"""Command-line commands about locales: locales, locale init/update/template (render is in
dsl.cli.render).

Why a module of its own: these commands share the locale machinery (dsl.text.i18n) and the
renderer (dsl.text.render), and keep dsl/cli/main.py about the language and the games.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from dsl.text.catalog_build import template_catalog  # noqa: F401 (the one builder; tests use it here)
from dsl.language.outputs import OutputError


def _fail(message: str) -> int:
    print(f"dsl: {message}", file=sys.stderr)
    return 1


def coverage(catalog, locales_dir: Path | None = None) -> list[dict]:
    """Per locale (shipped, or a fan set's): card names and phrase templates translated
    out of how many."""
    from dsl.text.i18n import LocaleError, available_locales, get_locale, locale_folders
    from dsl.text.render import template_ids
    templates = template_ids()
    extra = locale_folders(catalog)
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
                     "templates": {"translated": done, "total": len(templates)},
                     **_entry_counts(code, locales_dir, extra)})
    return rows


def _entry_counts(code: str, locales_dir, extra) -> dict:
    """A translation platform's counts over the locale's catalog files: fuzzy and
    untranslated entries, and errors (dsl lint --locale gives their positions)."""
    from dsl.text.catalog_check import check_text
    from dsl.text.i18n import MAX_CATALOG_BYTES, catalog_path
    counts = {"fuzzy": 0, "untranslated": 0, "errors": 0}
    for folder in [*extra, locales_dir]:
        path = catalog_path(code, folder)
        try:
            raw = path.read_bytes() if path.is_file() else b""
            text = raw.decode("utf-8") if len(raw) <= MAX_CATALOG_BYTES else ""
        except (OSError, UnicodeDecodeError):
            continue
        if text:
            check = check_text(text, code)
            counts["fuzzy"] += len(check.fuzzy)
            counts["untranslated"] += len(check.untranslated)
            counts["errors"] += check.errors
    return counts


def cmd_locales(args) -> int:
    from .common import card_sets
    rows = coverage(card_sets(args).catalog)
    broken = [r for r in rows if "error" in r]
    if args.format == "json":
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 1 if broken else 0

    def cell(row, k):
        return f"{row[k]['translated']}/{row[k]['total']}"
    print(f"{'locale':8} {'card names':>12} {'type names':>12} {'templates':>12} "
          f"{'fuzzy':>6} {'untranslated':>12} {'errors':>6}")
    for r in rows:
        if "error" in r:
            print(f"{r['locale']:8} cannot be used: {r['error']}")
            continue
        print(f"{r['locale']:8} {cell(r, 'card_names'):>12} {cell(r, 'type_names'):>12} "
              f"{cell(r, 'templates'):>12} {r['fuzzy']:>6} {r['untranslated']:>12} "
              f"{r['errors']:>6}")
    return 1 if broken else 0


def _init_folder(args, catalog) -> tuple[Path, bool]:
    """(the locales folder to write into, whether it is a fan set's): --dir, else the one
    fan set given (its locales/), else ./locales in the working folder. Never the
    installed package."""
    from dsl.language.data import fan_set_folders
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
    from dsl.text.catalog_build import po_bytes, prefill, write_whole
    from .common import card_sets
    from dsl.text.i18n import catalog_path
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
        return _fail(f"{path} exists; update it with `dsl locale update {args.lang}`")
    cat = template_catalog(args.lang, catalog, fan_only=fan)
    filled = prefill(cat, args.lang, catalog)
    try:                                  # whole or not at all
        write_whole(path, po_bytes(cat))
    except (OSError, OutputError) as e:
        return _fail(_cannot_write(path, e))
    print(f"created {path} ({len(cat)} messages, {filled} card and type names already filled "
          f"from the card files, {cat.plural_forms}); translate it with any gettext tool, "
          f"then check it with `dsl lint --locale {args.lang}`")
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


def _work_folder(args, catalog) -> tuple[Path | None, bool, str]:
    """(the locales folder update/template work in, whether it is a fan set's, why not):
    --dir, else the one fan set's locales/, else ./locales, else the checkout's."""
    from dsl.language.data import fan_set_folders, shipped_dir
    fans = fan_set_folders(catalog)
    if args.dir:
        folder = Path(args.dir)
    elif len(fans) == 1:
        folder = fans[0] / "locales"
    elif Path("locales").is_dir():
        folder = Path("locales")
    else:
        folder = shipped_dir("locales")
    if _inside_package(folder):
        return None, False, (f"{folder} is inside the installed package; give a folder of "
                             "your own with --dir (or a fan set with --cards)")
    return folder, bool(fans), ""


def _too_long(po) -> str | None:
    """"LINE:1: ..." of the first translation longer than a translation may be (a
    100,000-character card name), so that update refuses it before it merges."""
    from dsl.text.i18n import MAX_TRANSLATION_CHARS
    for m in po:
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        longest = max((len(x) for x in strings if x), default=0)
        if longest > MAX_TRANSLATION_CHARS:
            return (f"{m.lineno or 1}:1: a translation of {longest:,} characters, at most "
                    f"{MAX_TRANSLATION_CHARS:,}; shorten it")
    return None


def _cannot_write(path: Path, e: Exception) -> str:
    """One line for an output that failed (OutputError says it all already)."""
    return str(e) if isinstance(e, OutputError) else f"cannot write {path}: {e.strerror or e}"


def _write_if_changed(path: Path, data: bytes) -> bool:
    from dsl.text.catalog_build import same_but_date, write_whole
    if path.is_file() and path.stat().st_size <= 2 * len(data) + 1_000_000 and \
            same_but_date(path.read_bytes(), data):
        return False
    write_whole(path, data)
    return True


def cmd_locale_template(args) -> int:
    from dsl.text.catalog_build import po_bytes
    from .common import card_sets
    catalog = card_sets(args).catalog
    if args.output == "-":
        _, fan, _ = _work_folder(args, catalog)
        sys.stdout.write(po_bytes(template_catalog(None, catalog, fan_only=fan)).decode("utf-8"))
        return 0
    folder, fan, why = _work_folder(args, catalog)
    if args.output:
        path = Path(args.output)
        if not path.parent.is_dir():
            return _fail(f"{path.parent} is not a folder")
        if _inside_package(path.parent):
            return _fail(f"{path} is inside the installed package; write it elsewhere")
    elif folder is None:
        return _fail(why)
    else:
        path = folder / "dominion.pot"
    cat = template_catalog(None, catalog, fan_only=fan)
    try:
        changed = _write_if_changed(path, po_bytes(cat))
    except (OSError, OutputError) as e:
        return _fail(_cannot_write(path, e))
    print(f"{'wrote' if changed else 'unchanged:'} {path} ({len(cat)} messages)")
    return 0


def cmd_locale_update(args) -> int:
    from dsl.text.catalog_build import merge, po_bytes
    from dsl.text.catalog_check import check_text
    from .common import card_sets
    from dsl.language.inputs import InputError, read_bounded
    from dsl.text.i18n import (DOMAIN, MAX_CATALOG_BYTES, LocaleError, catalog_path,
                               check_plural_header, read_catalog)
    catalog = card_sets(args).catalog
    folder, fan, why = _work_folder(args, catalog)
    if folder is None:
        return _fail(why)
    langs = args.lang or sorted(p.parent.parent.name
                                for p in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    if not langs:
        return _fail(f"no catalogs in {folder}; create one with `dsl locale init LANG`")
    try:
        _write_if_changed(folder / "dominion.pot", po_bytes(template_catalog(None, catalog,
                                                                             fan_only=fan)))
    except (OSError, OutputError) as e:
        return _fail(_cannot_write(folder / "dominion.pot", e))
    status = 0
    for lang in langs:
        path = catalog_path(lang, folder)
        try:
            raw = read_bounded(path, MAX_CATALOG_BYTES, "a .po catalog")
            check_plural_header(path, raw)
            old, skipped = read_catalog(raw, domain=DOMAIN)
            for line, what in skipped:
                print(f"dsl: note: {path}:{line}: a line the catalog reader cannot understand "
                      f"is dropped: {what}", file=sys.stderr)
            too_long = _too_long(old)
            if too_long:
                raise LocaleError(f"{path}:{too_long}")
        except InputError as e:
            status = _fail(f"cannot read {path}: {e}" + (f"; create it with `dsl locale init "
                           f"{lang}`" if not path.exists() else ""))
            continue
        except LocaleError as e:
            status = _fail(f"{e}; nothing was written")
            continue
        except Exception as e:          # noqa: BLE001 (babel raises several kinds)
            status = _fail(f"{path}: cannot read the catalog: {e}")
            continue
        counts = merge(old, template_catalog(lang, catalog, fan_only=fan), lang, catalog)
        data = po_bytes(old)
        try:
            changed = _write_if_changed(path, data)
        except (OSError, OutputError) as e:
            status = _fail(_cannot_write(path, e))
            continue
        check = check_text(data.decode("utf-8"), lang)
        print(f"{'updated' if changed else 'unchanged:'} {path}: {counts['added']} new, "
              f"{counts['fuzzy']} fuzzy, {len(check.untranslated)} untranslated, "
              f"{counts['prefilled']} names filled from the card files, {counts['obsolete']} "
              f"obsolete, {check.errors} error(s) (see `dsl lint --locale {lang}`)")
    return status


def register(sub) -> None:
    """Add this module's subcommands to the `dsl` argument parser."""
    from .common import cards_option
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
    folder_help = ("the locales folder (default: the fan set's locales/ with --cards, else "
                   "./locales, else the checkout's)")
    q = lsub.add_parser("update", help="merge the template into catalogs: new messages, "
                        "changed ones fuzzy, names filled from the card files; writes "
                        "dominion.pot too", parents=[cards])
    q.add_argument("lang", nargs="*", help="the catalogs to update (default: every one)")
    q.add_argument("--dir", metavar="FOLDER", help=folder_help)
    q.set_defaults(func=cmd_locale_update)
    q = lsub.add_parser("template", help="write the template catalog dominion.pot (what "
                        "pybabel extract gives, with translator comments)", parents=[cards])
    q.add_argument("-o", "--output", metavar="FILE", help="where to write it ('-': standard "
                   "output; default: dominion.pot in the locales folder)")
    q.add_argument("--dir", metavar="FOLDER", help=folder_help)
    q.set_defaults(func=cmd_locale_template)
