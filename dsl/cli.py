"""The `dsl` command line: lint, cards, test, render, play, simulate."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def _scenario_files(paths: list[str]) -> list[Path]:
    out = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(p.rglob("*.yaml"))
        else:
            out.append(p)
    return out


def cmd_test(args) -> int:
    from .scenario import run_file
    files = _scenario_files(args.paths)
    failed = 0
    for f in files:
        r = run_file(f)
        if r.ok:
            if args.verbose:
                print(f"ok    {f}: {r.name}")
        else:
            failed += 1
            print(f"FAIL  {f}: {r.name}")
            for msg in r.failures:
                print("      " + msg.replace("\n", "\n      "))
            if args.verbose and r.log:
                print("      log: " + " | ".join(r.log))
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="dsl", description="The Dominion card language.")
    sub = ap.add_subparsers(dest="command", required=True)
    t = sub.add_parser("test", help="run scenario files")
    t.add_argument("paths", nargs="+")
    t.add_argument("-v", "--verbose", action="store_true")
    t.set_defaults(func=cmd_test)
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
