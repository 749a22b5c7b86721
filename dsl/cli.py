"""The `dsl` command line. Each group of commands is a module of its own: cli_check (lint,
cards, test), cli_games (simulate, replay, play), cli_locale (render, locales, locale init);
cli_common holds what they share (the fan sets of --cards and DSL_CARDS)."""
from __future__ import annotations

import argparse
import sys

from .errors import DslError


def build_parser() -> argparse.ArgumentParser:
    from . import cli_check, cli_games, cli_locale
    ap = argparse.ArgumentParser(
        prog="dsl", description="The Dominion card language.",
        epilog="Fan sets: every command takes --cards PATH (a set folder or card files, "
               "repeatable) and reads the DSL_CARDS search path (folders separated by "
               "':', ';' on Windows).")
    sub = ap.add_subparsers(dest="command", required=True)
    cli_check.register(sub)
    cli_games.register(sub)
    cli_locale.register(sub)
    return ap


def main(argv=None) -> int:
    from .i18n import LocaleError
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except DslError as e:
        print(str(e), file=sys.stderr)
        return 1
    except LocaleError as e:
        print(f"dsl: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
