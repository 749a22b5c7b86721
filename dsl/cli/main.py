"""The `dsl` command line. Each group of commands is a module of its own: check (lint,
cards, test, schema), games (simulate, replay, play), balance, render, locale (locales,
locale init/update/template), web (gallery, serve); common holds what they share (the fan
sets of --cards and DSL_CARDS, the version)."""
from __future__ import annotations

import argparse
import sys

from dsl.language.errors import DslError

from .common import DIST, installed_version


class _Version(argparse.Action):
    """--version, looked up only when asked for."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="print the installed version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        v = installed_version()
        print(f"{DIST} {v}" if v else f"{DIST} (version unknown: not installed; "
              "pip install -e .)")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    from . import balance as cli_balance
    from . import check as cli_check
    from . import games as cli_games
    from . import locale as cli_locale
    from . import printing as cli_print
    from . import render as cli_render
    from . import web as cli_web
    ap = argparse.ArgumentParser(
        prog="dsl", description="The Dominion card language.",
        epilog="Fan sets: every command takes --cards PATH (a set folder or card files, "
               "repeatable) and reads the DSL_CARDS search path (folders separated by "
               "':', ';' on Windows).")
    ap.add_argument("--version", action=_Version)
    sub = ap.add_subparsers(dest="command", required=True)
    cli_check.register(sub)
    cli_games.register(sub)
    cli_balance.register(sub)
    cli_render.register(sub)
    cli_print.register(sub)
    cli_locale.register(sub)
    cli_web.register(sub)
    return ap


def main(argv=None) -> int:
    from dsl.text.i18n import LocaleError
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
