"""`dsl render`: a card's text (text, json) or its face (svg, png, generator-url).

Why a module of its own: rendering faces brings output files and formats that the
locale commands (dsl/cli/locale.py) do not need.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

MAX_SCALE = 4          # a PNG face of 2400 x 3704 pixels; 8 took 15 s and 2 GB


def _fail(message: str) -> int:
    print(f"dsl: {message}", file=sys.stderr)
    return 1


def _load_cards(args):
    """The cards to render: ids of the shipped and fan sets (--cards), or paths of card
    files, loaded (with their set) beside them."""
    from .common import fan_paths
    from dsl.language.fansets import open_sets
    from dsl.lint.checks import set_folder_of
    from dsl.language.data import shipped_dir
    from dsl.language.inputs import resolved
    refs = args.cards
    files_ = [Path(r) for r in refs if r.endswith((".yaml", ".yml")) or Path(r).exists()]
    homes = [set_folder_of(p) or p for p in files_]
    paths = fan_paths(args)
    seen = {resolved(p) for p in paths}
    shipped = resolved(shipped_dir("sets"))
    for p in homes:                      # the shipped sets are loaded already
        if resolved(p) not in seen and not resolved(p).is_relative_to(shipped):
            seen.add(resolved(p))
            paths.append(p)
    catalog = open_sets(paths).catalog
    by_path = {str(resolved(c.path)): c for c in catalog.cards.values()}
    cards = []
    for r in refs:
        if r in catalog.cards:
            cards.append(catalog.cards[r])
        elif str(resolved(r)) in by_path:
            cards.append(by_path[str(resolved(r))])
        elif Path(r).is_dir():           # a set folder or a folder of card files: each card
            inside = sorted((c for path, c in by_path.items() if _under(path, r)),
                            key=lambda c: c.id)
            if not inside:
                raise SystemExit(f"dsl: no card files in the folder '{r}'")
            cards += inside
        else:
            raise SystemExit(f"dsl: no card '{r}': give a card id (see `dsl cards`), the "
                             "path of a card file or a set folder")
    return catalog, cards


def _under(path: str, folder: str) -> bool:
    from dsl.language.inputs import resolved
    return Path(path).is_relative_to(resolved(folder))


def _text_rows(out: list) -> str:
    rows = []
    for r in out:
        row = {"id": r.id, "locale": r.locale, "name": r.name, "types": list(r.types),
               "cost": r.cost, "text": list(r.text)}
        if r.fallbacks:
            row["fallback"] = list(r.fallbacks)
        rows.append(row)
    return json.dumps(rows[0] if len(rows) == 1 else rows, ensure_ascii=False, indent=2) + "\n"


def _text(out: list) -> str:
    chunks = []
    for r in out:
        lines = [f"{r.name} — {' - '.join(r.types)} — {r.cost}"]
        lines += ["  " + line for line in r.text]
        if r.fallbacks:
            lines.append(f"  (note: not translated into '{r.locale}', shown in English: "
                         f"{', '.join(r.fallbacks)})")
        chunks.append("\n".join(lines) + "\n")
    return "\n".join(chunks)


def _write(path: Path, data: bytes) -> None:
    """The whole file or none of it (dsl.language.outputs), or into the device it names."""
    from dsl.language.outputs import OutputError, write_output
    try:
        write_output(path, data)
    except OutputError as e:
        raise SystemExit(f"dsl: {e}") from None


def _locales(args, catalog) -> list:
    from .common import bad_arguments
    from dsl.text.i18n import locale_for
    codes = [c.strip() for c in args.locale.split(",") if c.strip()]
    if not codes:
        bad_arguments("--locale: give a locale code (en, hu, cs) or several separated by commas")
    twice = sorted({c for c in codes if codes.count(c) > 1})
    if twice:
        bad_arguments(f"--locale names {', '.join(twice)} more than once")
    return [locale_for(c, catalog) for c in codes]


def _face_bytes(fmt: str, card, catalog, loc, args) -> bytes:
    from dsl.faces.face import face_png, face_svg
    if fmt == "svg":
        return face_svg(card, catalog, loc, embed_font=True if args.embed_font else None
                        ).encode("utf-8")
    return face_png(card, catalog, loc, scale=args.scale)


EXTENSIONS = {"text": "txt", "json": "json", "generator-url": "url", "svg": "svg", "png": "png"}


def _targets(args, jobs: list) -> list[Path] | None:
    """The file of each card (face or text), or None for standard output (one card, no
    --out): several cards always go into a folder, one file each, as faces do."""
    from .common import bad_arguments
    ext = EXTENSIONS[args.format]
    if args.out is None:
        if len(jobs) > 1:
            bad_arguments(f"{len(jobs)} faces: give --out FOLDER to write them "
                          f"(files ID.LOCALE.{ext})")
        return None
    out = Path(args.out)
    if len(jobs) == 1 and not out.is_dir():
        if not out.parent.is_dir():
            bad_arguments(f"--out {out}: no folder {out.parent}")
        return [out]
    if out.exists() and not out.is_dir():
        bad_arguments(f"--out {out} is a file; several faces go into a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SystemExit(f"dsl: cannot create the folder {out}: {e.strerror}") from None
    paths = []
    for card, loc in jobs:
        path = out / f"{card.id}.{loc.code}.{ext}"
        if path.resolve().parent != out.resolve():       # ids and codes are plain names
            raise SystemExit(f"dsl: refusing to write {path}: not directly in {out}")
        paths.append(path)
    return paths


def _faces(args, catalog, jobs: list) -> int:
    from .common import bad_arguments
    if not 0.1 <= args.scale <= MAX_SCALE:
        bad_arguments(f"--scale {args.scale:g}: give one from 0.1 to {MAX_SCALE} (1 is 600 x "
                      f"926 pixels, {MAX_SCALE} is {600 * MAX_SCALE} x {926 * MAX_SCALE})")
    if args.format == "png":
        from dsl.faces.png import pillow
        pillow()                                  # fail before any work without Pillow
    targets = _targets(args, jobs)
    if targets is None and args.format == "png" and sys.stdout.isatty():
        return _fail("a PNG is not for the terminal: give --out FILE.png (or redirect "
                     "the output to a file)")
    for i, (card, loc) in enumerate(jobs):
        if args.format == "png" and (card.art or "").lower().endswith(".svg"):
            print(f"dsl: note: {card.id}: SVG art is drawn in SVG faces only (Pillow cannot "
                  "draw SVG); the PNG face has an empty art area", file=sys.stderr)
        data = _face_bytes(args.format, card, catalog, loc, args)
        if targets is None:
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        else:
            _write(targets[i], data)
    if targets is not None and len(targets) > 1:
        print(f"wrote {len(targets)} faces ({args.format}) to {args.out}")
    elif targets is not None:
        print(f"wrote {targets[0]}")
    return 0


def cmd_render(args) -> int:
    from .common import bad_arguments
    from dsl.faces.art import FaceError
    from dsl.text.i18n import LocaleError
    from dsl.text.render import render_card
    if bool(args.cards) == bool(args.all):
        bad_arguments("give card ids or card files, or --all (every loaded card)")
    catalog, cards = _load_cards(args)
    if args.all:
        cards = sorted(catalog.cards.values(), key=lambda c: (c.set, c.id))
    try:
        locales = _locales(args, catalog)
    except LocaleError as e:
        return _fail(str(e))
    jobs = [(c, loc) for c in cards for loc in locales]
    try:
        if args.format in ("svg", "png"):
            return _faces(args, catalog, jobs)
        if args.format == "generator-url":
            from dsl.faces.face import face_url
            urls = [face_url(c, catalog, loc) for c, loc in jobs]
            text = "".join((u if len(jobs) == 1 else f"{c.id}\t{loc.code}\t{u}") + "\n"
                           for (c, loc), u in zip(jobs, urls))
        else:
            out = [render_card(c, catalog, loc) for c, loc in jobs]
            text = _text_rows(out) if args.format == "json" else _text(out)
            if args.out and len(jobs) > 1:          # one file per card, into the folder
                targets = _targets(args, jobs)
                for path, one in zip(targets, out):
                    _write(path, (_text_rows([one]) if args.format == "json"
                                  else _text([one])).encode("utf-8"))
                print(f"wrote {len(targets)} card texts ({args.format}) to {args.out}")
                return 0
    except FaceError as e:
        return _fail(str(e))
    if args.out:
        _write(Path(args.out), text.encode("utf-8"))
    else:
        sys.stdout.write(text)
    return 0


def register(sub) -> None:
    """Add `render` to the `dsl` argument parser."""
    from .common import cards_option
    p = sub.add_parser("render", help="a card's text from its effect, or its face (svg, png)",
                       parents=[cards_option()],
                       epilog="Faces: dsl render smithy --format svg > smithy.svg; all of "
                              "them: dsl render --all --locale en,hu,cs --format png --out "
                              "faces/ (see docs/faces.md)")
    p.add_argument("cards", nargs="*", metavar="ID|PATH")
    p.add_argument("--all", action="store_true", help="every card of the shipped and fan sets")
    p.add_argument("--locale", default="en", help="en, hu, cs or any locale with a catalog; "
                   "several separated by commas")
    p.add_argument("--format", choices=("text", "json", "svg", "png", "generator-url"),
                   default="text", help="text and json: the card text; svg and png: the card "
                   "face (png needs the png extra); generator-url: the community generator's "
                   "URL")
    p.add_argument("--out", metavar="PATH", help="the file to write (one card), or the folder "
                   "(several cards: one file each, ID.LOCALE.txt|json|url|svg|png by --format; "
                   "the text of several cards in one file: redirect standard output)")
    p.add_argument("--embed-font", action="store_true",
                   help="svg: put the whole shipped font in the file (about 2 MB) "
                   "instead of the subset of the glyphs the face uses (a few KB; needs "
                   "fontTools, else the face only names the font)")
    p.add_argument("--scale", type=float, default=1.0,
                   help="png: pixels per face unit, 0.1 to 4 (1: 600 x 926 pixels; an "
                        "Event, wide, 926 x 600)")
    p.set_defaults(func=cmd_render)
