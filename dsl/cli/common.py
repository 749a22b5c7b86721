"""What every `dsl` command shares: the fan sets it plays with (--cards, DSL_CARDS), the
checks of its arguments (exit status 2), kingdoms by name or card ids, progress bars, the
installed version."""
from __future__ import annotations

import argparse
import os
import sys

DIST = "dominion-card-language"


def installed_version() -> str | None:
    """The installed distribution's version, or None in a checkout run without install
    metadata (then `dsl --version` says so instead of a traceback)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version(DIST)
    except PackageNotFoundError:
        return None


def cards_option() -> argparse.ArgumentParser:
    """The parent parser giving a command `--cards PATH` (repeatable)."""
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--cards", action="append", default=[], metavar="PATH", dest="card_paths",
                   help="a fan set folder or card file to load beside the shipped sets "
                        "(repeatable; also the DSL_CARDS search path)")
    return p


def bad_arguments(message: str):
    """A command line that cannot be run: the reason, exit status 2 (as argparse)."""
    print(f"dsl: {message}", file=sys.stderr)
    raise SystemExit(2)


def fan_paths(args) -> list:
    """The fan sets of a command: DSL_CARDS's folders, then its --cards paths."""
    from dsl.language.fansets import search_path
    return search_path(getattr(args, "card_paths", None) or ())


def card_sets(args):
    """The shipped sets and the command's fan sets, checked (errors exit with status 1,
    each error with its file:line:col)."""
    from dsl.language.fansets import open_sets
    return open_sets(fan_paths(args))


def resolve_kingdom(cat, text: str, events: str | None = None) -> list[str]:
    """A recommended kingdom (its id or a name) or card ids separated by commas (an Event
    among them by its id); `events` (--events): Events to play with besides."""
    k = cat.kingdom_by_name(text)
    ids = list(k.cards) if k is not None else _kingdom_ids(cat, text)
    return ids + [e for e in landscapes_option(cat, events) if e not in ids]


def landscapes_option(cat, text: str | None, option: str = "--events") -> list[str]:
    """The Events `--events a,b` names, each checked."""
    ids = [x.strip() for x in (text or "").split(",") if x.strip()]
    for i in ids:
        if cat.cards.get(i) is None or cat.cards[i].landscape != "event":
            known = ", ".join(cat.landscape_ids("event")) or "none loaded"
            bad_arguments(f"{option} {i}: not an Event (Events: {known}); a fan set's "
                          "Events are loaded with it: --cards PATH")
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        bad_arguments(f"{option} names {', '.join(twice)} more than once")
    return ids


def _kingdom_ids(cat, text: str) -> list[str]:
    ids = [x.strip() for x in text.split(",") if x.strip()]
    unknown = [i for i in ids if i not in cat.cards and not cat.is_kingdom(i)]
    if unknown or not ids:
        names = ", ".join(sorted(f"{k.names.get('en', k.id)}" for k in cat.kingdoms.values()))
        bad_arguments(f"unknown kingdom or card(s) {', '.join(unknown) or text!r}; give a "
                      f"recommended kingdom ({names}) or card ids separated by commas; a "
                      "fan card is loaded with its set: --cards PATH (or DSL_CARDS)")
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        bad_arguments(f"--kingdom names {', '.join(twice)} more than once; name each card once")
    return ids


def set_rule_options(parser) -> None:
    """--with / --without: the set rules (a set's basic piles, ...) a game is played with;
    --events: the Events beside the kingdom."""
    parser.add_argument("--events", default=None, metavar="EVENTS",
                        help="Events to play with besides the kingdom's, by id, separated "
                             "by commas (see `dsl cards`)")
    parser.add_argument("--with", dest="with_rules", default="", metavar="RULES",
                        help="set rules to play with, by id or by a pile they add, separated "
                             "by commas; default: each set's rule (see `dsl cards`)")
    parser.add_argument("--without", dest="without_rules", default="", metavar="RULES",
                        help="set rules to play without, as --with")
    parser.add_argument("--shelters", action="store_true",
                        help="short for --with shelters (the rule of that id, as the Dark Ages "
                             "rulebook names it)")
    parser.add_argument("--bane", default=None, metavar="CARD",
                        help="the card of the kingdom pile a set rule adds (`kingdom_pile:`, "
                             "the Bane); default: drawn by each game's seed, or the "
                             "recommended kingdom's")


def engine_options(parser) -> None:
    """--engine: the kingdom compiler's games where it can compile the run (auto), or the
    generic engine's (the same games, slower), or the compiled ones or an error."""
    parser.add_argument("--engine", choices=("auto", "compiled", "generic"), default="auto",
                        help="auto (default): the kingdom compiler's games where it can "
                             "compile the run, else the generic engine's (the same games); "
                             "generic: always the generic engine; compiled: fail when the "
                             "run cannot be compiled")


def rule_choice(cat, args) -> tuple:
    """(set rules on, set rules off) of --with / --without and of the recommended kingdom
    that --kingdom names (its rulebook's rules), each name checked; and the card of a set
    rule's added kingdom pile when --bane or the recommended kingdom names one (on, off,
    bane)."""
    from interpreter.core.setup import GameError, set_rules_in_force
    on = [x.strip() for x in (args.with_rules or "").split(",") if x.strip()]
    off = [x.strip() for x in (args.without_rules or "").split(",") if x.strip()]
    if getattr(args, "shelters", False):
        on.append("shelters")
    k = cat.kingdom_by_name(args.kingdom)
    bane = getattr(args, "bane", None)
    if k is not None:
        on += [r for r in k.rules if r not in off]
        bane = bane or k.bane
    try:
        set_rules_in_force(cat, [], None, on, off)      # every name known
    except GameError as e:
        bad_arguments(f"--with/--without: {e}")
    if bane is None:
        return tuple(on), tuple(off)
    if not cat.is_kingdom(bane):
        bad_arguments(f"--bane {bane}: not a kingdom card (see `dsl cards`)")
    return tuple(on), tuple(off), bane


MAX_GAMES = 1_000_000          # games of one command: each game's result is kept until the
                               # end with --workers; a million take about an hour on 2 cores
MAX_KINGDOMS = 1000            # dsl balance --kingdoms


def check_at_most(option: str, value: int, maximum: int, why: str = "") -> None:
    """A user number over a documented maximum: a one-line error (exit 2), before any
    memory is taken for it."""
    if value > maximum:
        bad_arguments(f"{option} {value:,} is over the maximum of {maximum:,}{why}; give a "
                      "smaller number")


def cap_workers(args) -> None:
    """--workers above the machine's CPU count: as many as it has, with a notice."""
    cpus = os.cpu_count() or 1
    if args.workers > cpus:
        print(f"dsl: note: --workers {args.workers:,} is more than the {cpus} CPU(s) of this "
              f"machine; using {cpus}", file=sys.stderr)
        args.workers = cpus


def check_players(cat, n: int, what: str) -> None:
    lo, hi = cat.rules.min_players, cat.rules.max_players
    if not lo <= n <= hi:
        bad_arguments(f"{what}: the rules allow {lo} to {hi} players")


def check_bot_cards(cat, kingdom, bots) -> None:
    """`bm:CARD` needs CARD in the game: without it the bot would play plain `bm`, and two
    alike bots would seem to differ (the card's own name is the error, not the piles a
    strategy names for games that have them)."""
    in_game = set(kingdom) | set(cat.rules.basic_piles) | \
        {c for r in cat.set_rules.values() for c in r.piles + r.end_piles}
    for spec in bots:
        card = spec.partition(":")[2]
        if card and card in cat.cards and card not in in_game:
            bad_arguments(f"--bots {spec}: {card} is not in the kingdom "
                          f"({', '.join(kingdom)}), so the bot would play as plain "
                          f"{spec.partition(':')[0]}; give a kingdom with {card}, or another bot")


def record_file(path):
    """The record file to write (whole, or not at all), or None; a path that cannot be
    written is a clear error before anything is played."""
    from interpreter.runs.record import RecordFile, RecordFileError
    if not path:
        return None
    try:
        return RecordFile(path)
    except RecordFileError as e:
        raise SystemExit(f"dsl: {e}") from None


def progress(total: int, enabled: bool, unit: str = "game"):
    """A progress bar on a terminal (tqdm on stderr), nothing when piped."""
    if not enabled or not sys.stderr.isatty():
        return None, lambda: None
    from tqdm import tqdm
    bar = tqdm(total=total, unit=unit, file=sys.stderr, leave=False)
    return bar.update, bar.close
