"""The designer's checks: `dsl lint`, `dsl cards`, `dsl test`."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from dsl.language.data import is_shipped, shipped_dir

from .common import bad_arguments, card_sets, cards_option, fan_paths

MAX_SCENARIO_FILES = 20_000
MAX_FOLDERS = 5_000


def _yaml_files_below(folder: Path) -> list[Path]:
    """The *.yaml files in a folder and below, within bounds (a scenario folder is not the
    whole disk)."""
    found, folders = [], 0
    for here, dirs, files in os.walk(folder):
        folders += 1
        dirs.sort()
        found += [Path(here) / f for f in files if f.endswith(".yaml")]
        if folders > MAX_FOLDERS or len(found) > MAX_SCENARIO_FILES:
            raise SystemExit(f"dsl: {folder}: more than {MAX_FOLDERS} folders or "
                             f"{MAX_SCENARIO_FILES} files; give the folder of your scenarios")
    return sorted(found)


def _scenario_files(paths: list) -> list[Path]:
    """The scenario files of the paths: files as given, folders' *.yaml (and below)."""
    out = []
    for p in map(Path, paths):
        if p.is_dir():
            found = _yaml_files_below(p)
            if not found:
                raise SystemExit(f"dsl: no scenario files (*.yaml) in {p}")
            out += found
        elif p.exists():
            out.append(p)
        else:
            raise SystemExit(f"dsl: {p}: no such file or folder")
    return out


def _set_folders_to_tests(paths: list, fans: list) -> tuple[list, list]:
    """A set folder given to `dsl test` means its tests/ folder, run with its cards (its
    set.yaml and card files are no scenarios)."""
    out, fans = [], list(fans)
    for p in map(Path, paths):
        if p.is_dir() and (p / "set.yaml").is_file():
            if not (p / "tests").is_dir():
                raise SystemExit(f"dsl: {p} is a set folder without a tests/ folder: put its "
                                 f"scenarios in {p}/tests/ (see docs/scenarios.md)")
            if p.resolve() not in {Path(f).resolve() for f in fans}:
                fans.append(p)
            p = p / "tests"
        out.append(str(p))
    return out, fans


def cmd_lint(args) -> int:
    from dsl.lint.checks import ignore_codes, lint, locale_diagnostics
    try:
        ignored = set(ignore_codes(args.ignore))
    except ValueError as e:
        bad_arguments(str(e))
    if args.list_codes:
        return _list_codes()
    fans = fan_paths(args)
    targets = args.paths or [str(p) for p in fans] or None
    diags = lint(targets, fans)
    hidden = 0
    if not args.paths:       # the user's files only: the shipped sets' own warnings (missing
        kept = [d for d in diags if d.severity == "error" or not is_shipped(d.path)]
        hidden, diags = len(diags) - len(kept), kept      # names) are the project's to fix
    if getattr(args, "locale", None):      # a translator's: what the catalog lacks
        diags += locale_diagnostics(args.locale, card_sets(args).loaded)
    diags = [d for d in diags if d.code not in ignored]
    errors = sum(d.severity == "error" for d in diags)
    warnings = len(diags) - errors
    if args.format == "sarif":
        from .common import installed_version
        from dsl.language.errors import sarif_log
        print(json.dumps(sarif_log(diags, installed_version() or "0+unknown"),
                         ensure_ascii=False, indent=2))
    elif args.format == "json":
        print(json.dumps({"diagnostics": [d.as_json() for d in diags], "errors": errors,
                          "warnings": warnings}, ensure_ascii=False, indent=2))
    else:
        for d in diags:
            if d.severity == "error" or not args.quiet:
                print(d.format() if args.excerpts else d.format().splitlines()[0])
        print(f"{errors} error(s), {warnings} warning(s)")
        if hidden and not args.quiet:
            print(f"({hidden} warning(s) about the shipped sets' own files not shown; "
                  f"`dsl lint {shipped_dir('sets')}` lists them)")
    return 1 if errors else 0


def _list_codes() -> int:
    """`dsl lint --list-codes`: every diagnostic code, its severity and what it means."""
    from dsl.language.errors import CODES, severity_of
    for code, (meaning, fix) in sorted(CODES.items()):
        print(f"{code} {severity_of(code):7} {meaning}\n             fix: {fix}")
    return 0


def cmd_cards(args) -> int:
    cat = card_sets(args).catalog
    cards = [c for c in cat.cards.values() if not args.set or c.set == args.set]
    if args.set and not cards:
        print(f"no cards in set '{args.set}' (sets: {', '.join(sorted(cat.sets))})",
              file=sys.stderr)
        return 1
    rows = [{"id": c.id, "set": c.set, "types": list(c.types),
             "cost": {"coins": c.cost.coins, "potion": c.cost.potion},
             "names": {loc: c.names.get(loc) for loc in ("en", "hu", "cs")}} for c in cards]
    for r, c in zip(rows, cards):
        if c.landscape is not None:        # an Event: listed in a kingdom, never a pile
            r["landscape"] = c.landscape
            if c.limit:
                r["limit"] = c.limit
    if args.format == "json":
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        for r, c in zip(rows, cards):
            names = " / ".join(n or "—" for n in r["names"].values())
            limit = {"turn": ", once per turn", "game": ", once per game"}.get(c.limit, "")
            extra = f"  ({c.landscape}{limit}: not a card; --events, or in --kingdom)" \
                if c.landscape is not None else ""
            print(f"{c.id:20} {c.set:12} {str(c.cost):5} {'-'.join(c.types):20} {names}"
                  + extra)
        print("\n".join(_piles_and_rules(cat, args.set)))
    return 0


def _piles_and_rules(cat, set_id) -> list[str]:
    """The text listing's last part: the piles of different cards and the set rules (what
    --with / --without name)."""
    out = []
    piles = [m for m in cat.piles.values() if not set_id or m.set == set_id]
    if piles:
        out.append("\npiles of different cards (a kingdom pile is named like a card):")
        for m in piles:
            kind = "kingdom pile" if m.kingdom else "basic pile" if m.supply else \
                "take any" if m.take_any else "beside"
            cards = ", ".join(f"{c} x{k}" if k > 1 else c for c, k in m.cards)
            out.append(f"{m.id:20} {m.set:12} {kind:12} {cards}")
    rules = [r for r in cat.set_rules.values() if not set_id or r.set == set_id]
    if rules:
        out.append("\nset rules (--with / --without RULE, or a pile it adds):")
        for r in rules:
            when = r.when if isinstance(r.when, str) else f"{r.when[0]} {r.when[1]}"
            adds = [f"adds {', '.join(r.piles)}"] if r.piles else []
            adds += [f"ends on {', '.join(r.end_piles)}"] if r.end_piles else []
            adds += [f"{old} -> {', '.join(new)}" for old, new in r.replace_starting]
            if r.kingdom_pile is not None:      # the Bane
                adds.append(f"adds a kingdom pile where {r.kingdom_pile[2]}, marked "
                            f"{r.kingdom_pile[1]} (--bane CARD)")
            out.append(f"{r.id:20} {r.set:12} when {when}: {'; '.join(adds)}")
    return out


def cmd_test(args) -> int:
    from dsl.language.data import fan_subfolders
    from interpreter.runs.scenario import run_file
    fans = fan_paths(args)
    paths = args.paths
    if not paths:                 # the scenarios of the fan sets given
        paths = [str(p) for p in fan_subfolders(card_sets(args).catalog, "tests")]
        if not paths:
            raise SystemExit("dsl: give scenario files or folders (or a fan set with a "
                             "tests/ folder: dsl test --cards my_set)")
    paths, fans = _set_folders_to_tests(paths, fans)
    files = _scenario_files(paths)
    failed = 0
    for f in files:
        r = run_file(f, fans)
        if r.ok:
            if args.verbose:
                print(f"ok    {f}: {r.name}")
        else:
            failed += 1
            print(f"FAIL  {f}: {r.name}")
            for msg in r.failures:
                print("      " + msg.replace("\n", "\n      "))
            if args.verbose and r.log:
                print("      the game's log up to there:")
                for line in r.log[-60:]:
                    print("        " + line)
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed or not files else 0


SCHEMAS = ("card", "set", "strategy", "scenario", "rules")
DRAFT7 = "http://json-schema.org/draft-07/schema#"


def editor_schema(node):
    """A schema in JSON Schema draft 7, the newest the YAML language server (VS Code,
    Neovim, Helix...) reads: `$defs` become `definitions`, `dependentRequired` becomes
    `dependencies`; the project itself validates with the 2020-12 original."""
    if isinstance(node, list):
        return [editor_schema(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for k, v in node.items():
        if k == "$schema":
            out[k] = DRAFT7
        elif k == "$defs":
            out["definitions"] = {name: editor_schema(d) for name, d in v.items()}
        elif k == "dependentRequired":
            out["dependencies"] = v
        elif k == "$ref" and isinstance(v, str):
            out[k] = v.replace("#/$defs/", "#/definitions/")
        elif k == "properties":
            out[k] = {name: editor_schema(d) for name, d in v.items()}
        else:
            out[k] = editor_schema(v)
    return out


def cmd_schema(args) -> int:
    """Print a JSON Schema (for an editor's YAML language server), or write them all."""
    from dsl.language.documents import schema
    from dsl.language.outputs import OutputError, write_output
    if args.out is None:
        if args.name is None:
            print("dsl: name a schema (" + ", ".join(SCHEMAS) + "), or write them all with "
                  "--out FOLDER", file=sys.stderr)
            return 2
        print(json.dumps(editor_schema(schema(args.name)), indent=2, ensure_ascii=False))
        return 0
    folder = Path(args.out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name in ([args.name] if args.name else SCHEMAS):
            path = folder / f"{name}.schema.json"
            write_output(path, json.dumps(editor_schema(schema(name)), indent=2,
                                          ensure_ascii=False) + "\n")
            print(path)
    except OutputError as e:
        print(f"dsl: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"dsl: cannot write into {folder}: {e.strerror}", file=sys.stderr)
        return 1
    return 0


def register(sub) -> None:
    """Add lint, cards, test and schema to the `dsl` argument parser."""
    cards = cards_option()
    p = sub.add_parser("lint", help="check card files, set files, strategies and rules",
                       parents=[cards])
    p.add_argument("paths", nargs="*",
                   help="files or folders (default: the fan sets given, else the shipped sets)")
    p.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                   help="sarif: SARIF 2.1.0 for code-scanning annotations")
    p.add_argument("--ignore", action="append", default=[], metavar="CODE[,CODE]",
                   help="leave out these warnings (repeatable; codes: --list-codes)")
    p.add_argument("--list-codes", action="store_true",
                   help="list every diagnostic code with its meaning, and exit")
    p.add_argument("--quiet", action="store_true", help="errors only (text output)")
    p.add_argument("--excerpts", action="store_true", help="show the source line and a caret")
    p.add_argument("--locale", help="also list every name and phrase template missing in it")
    p.set_defaults(func=cmd_lint)
    p = sub.add_parser("cards", help="list the cards (shipped, and fan sets given)",
                       parents=[cards])
    p.add_argument("--set")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=cmd_cards)
    p = sub.add_parser("test", help="run scenario files", parents=[cards])
    p.add_argument("paths", nargs="*",
                   help="scenario files or folders (default: the fan sets' tests/ folders)")
    p.add_argument("-v", "--verbose", action="store_true")
    p.set_defaults(func=cmd_test)
    p = sub.add_parser("schema", help="print the JSON Schema of card, set, strategy, scenario "
                       "or rules files (for an editor: docs/editor.md)")
    p.add_argument("name", nargs="?", choices=SCHEMAS)
    p.add_argument("--out", metavar="FOLDER", help="write NAME.schema.json files (all of them "
                   "unless a name is given) into FOLDER")
    p.set_defaults(func=cmd_schema)
