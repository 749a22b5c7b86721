"""The `dsl` command line: lint, cards, test, simulate, play."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .errors import DslError


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


def _scenario_files(paths: list[str]) -> list[Path]:
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


def cmd_lint(args) -> int:
    from .lint import lint
    diags = lint(args.paths or None)
    if getattr(args, "locale", None):
        from .lint import locale_diagnostics
        from .loader import load_shipped
        diags += locale_diagnostics(args.locale, load_shipped())
    errors = sum(d.severity == "error" for d in diags)
    warnings = len(diags) - errors
    if args.format == "json":
        print(json.dumps({"diagnostics": [d.as_json() for d in diags], "errors": errors,
                          "warnings": warnings}, ensure_ascii=False, indent=2))
    else:
        for d in diags:
            if d.severity == "error" or not args.quiet:
                print(d.format() if args.excerpts else d.format().splitlines()[0])
        print(f"{errors} error(s), {warnings} warning(s)")
    return 1 if errors else 0


def cmd_cards(args) -> int:
    from .loader import load_shipped
    cat = load_shipped().catalog
    cards = [c for c in cat.cards.values() if not args.set or c.set == args.set]
    if args.set and not cards:
        print(f"no cards in set '{args.set}' (sets: {', '.join(sorted(cat.sets))})",
              file=sys.stderr)
        return 1
    rows = [{"id": c.id, "set": c.set, "types": list(c.types),
             "cost": {"coins": c.cost.coins, "potion": c.cost.potion},
             "names": {loc: c.names.get(loc) for loc in ("en", "hu", "cs")}} for c in cards]
    if args.format == "json":
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        for r, c in zip(rows, cards):
            names = " / ".join(n or "—" for n in r["names"].values())
            print(f"{c.id:20} {c.set:12} {str(c.cost):5} {'-'.join(c.types):20} {names}")
    return 0


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
    return 1 if failed or not files else 0


def bad_arguments(message: str):
    """A command line that cannot be run: the reason, exit status 2 (as argparse)."""
    print(f"dsl: {message}", file=sys.stderr)
    raise SystemExit(2)


def resolve_kingdom(cat, text: str) -> list[str]:
    k = cat.kingdom_by_name(text)
    if k is not None:
        return list(k.cards)
    ids = [x.strip() for x in text.split(",") if x.strip()]
    unknown = [i for i in ids if i not in cat.cards]
    if unknown or not ids:
        names = ", ".join(sorted(f"{k.names.get('en', k.id)}" for k in cat.kingdoms.values()))
        bad_arguments(f"unknown kingdom or card(s) {', '.join(unknown) or text!r}; give a "
                      f"recommended kingdom ({names}) or card ids separated by commas")
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        bad_arguments(f"--kingdom names {', '.join(twice)} more than once; name each card once")
    return ids


def _players(cat, n: int, what: str) -> None:
    lo, hi = cat.rules.min_players, cat.rules.max_players
    if not lo <= n <= hi:
        bad_arguments(f"{what}: the rules allow {lo} to {hi} players")


def _catalog():
    from .loader import load_shipped
    loaded = load_shipped()
    errors = [d for d in loaded.diagnostics if d.severity == "error"]
    if errors:
        raise SystemExit("dsl: the shipped sets have errors; run `dsl lint`")
    return loaded.catalog


def _record_file(path):
    """The record file to write (whole, or not at all), or None; a path that cannot be
    written is a clear error before anything is played."""
    from interpreter.record import RecordFile, RecordFileError
    if not path:
        return None
    try:
        return RecordFile(path)
    except RecordFileError as e:
        raise SystemExit(f"dsl: {e}") from None


def _progress(total: int, enabled: bool):
    """A progress bar on a terminal (tqdm on stderr), nothing when piped."""
    if not enabled or not sys.stderr.isatty():
        return None, lambda: None
    from tqdm import tqdm
    bar = tqdm(total=total, unit="game", file=sys.stderr, leave=False)
    return bar.update, bar.close


def cmd_simulate(args) -> int:
    import time
    from interpreter.cluster import ClusterError
    from interpreter.engine import GameError
    from interpreter.record import Recorder, RecordFileError
    from interpreter.simulation import run_games
    cat = _catalog()
    kingdom = resolve_kingdom(cat, args.kingdom)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    _players(cat, len(bots), f"--bots gives {len(bots)} player(s), one bot each")
    if args.games < 1 or args.workers < 1:
        bad_arguments("--games and --workers must be at least 1")
    if args.address and args.backend != "dask":
        bad_arguments("--address is the Dask scheduler's: give it with --backend dask")
    if args.timeout <= 0:
        bad_arguments("--timeout must be more than 0 seconds")
    record = _record_file(args.record)
    tick, close = _progress(args.games, not args.log)
    start = time.perf_counter()
    try:
        res = run_games(cat, kingdom, bots, args.games, args.seed, workers=args.workers,
                        keep_log=args.log, progress=tick, backend=args.backend,
                        address=args.address, timeout=args.timeout,
                        recorder=Recorder(record.stream) if record else None)
        if record:
            record.commit()
            record = None
    except (GameError, ClusterError, RecordFileError) as e:
        raise SystemExit(f"dsl: {e}") from None
    except OSError as e:           # a full disk while writing the record
        raise SystemExit(f"dsl: cannot write the record to {args.record}: {e.strerror}") \
            from None
    finally:
        close()
        if record:
            record.discard()
    seconds = time.perf_counter() - start
    if args.log:
        print("\n".join(res.last_log))
        print("scores: " + ", ".join(f"{n} {s} VP" for n, s in res.last_scores))
    out = {"games": res.games, "seed": args.seed, "seconds": round(seconds, 3),
           "games_per_s": round(res.games / seconds, 1) if seconds else None,
           "kingdom": kingdom, "bots": [b.as_json() for b in res.bots], "ties": res.ties,
           "first_player_win_rate": res.first_player_wins / max(res.games, 1),
           "unfinished": res.unfinished}
    if args.format == "json":
        print(json.dumps(out, indent=2))
        return 0
    print(f"{res.games} game(s), seed {args.seed}, {seconds:.2f}s "
          f"({out['games_per_s']} games/s), kingdom: {', '.join(kingdom)}")
    for b in out["bots"]:
        lo, hi = b["win_rate_ci95"]
        print(f"  {b['name']:16} wins {b['wins']:8.1f}  {b['win_rate']:6.1%} "
              f"[{lo:.1%}, {hi:.1%}]  avg VP {b['avg_vp']:5.1f}  avg turns {b['avg_turns']:5.1f}")
    print(f"  ties {res.ties}, first player won {out['first_player_win_rate']:.1%}"
          + (f", {res.unfinished} stopped at the turn limit" if res.unfinished else ""))
    return 0


def cmd_replay(args) -> int:
    from interpreter.record import ReplayError, read_record_file, replay
    cat = _catalog()
    try:
        games = read_record_file(args.file)
    except OSError as e:
        raise SystemExit(f"dsl: cannot read {args.file}: {e.strerror}") from None
    except ReplayError as e:
        raise SystemExit(f"dsl: {args.file}: {e}") from None
    for i, (header, decisions, end) in enumerate(games, 1):
        try:
            game = replay(cat, header, decisions, end)
        except ReplayError as e:
            raise SystemExit(f"dsl: {args.file}: game {i} (line {header['line']}): {e}") \
                from None
        if not args.quiet:
            print("\n".join(game.log))
        print(f"game {i}: replayed {len(decisions)} decisions; scores "
              + ", ".join(f"{p.name} {s}" for p, s in zip(game.players, game.scores()))
              + " (as recorded)")
    return 0


def cmd_play(args) -> int:
    import random
    from interpreter.engine import Game
    from interpreter.human import HumanAgent
    from interpreter.record import Recorder, RecordFileError
    from interpreter.simulation import make_bot
    from interpreter.turns import play_game
    cat = _catalog()
    kingdom = resolve_kingdom(cat, args.kingdom)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players if args.players is not None else 1 + len(bots)
    _players(cat, players, f"{players} player(s)")
    if len(bots) == 1 and players > 2:
        bots = bots * (players - 1)
    if len(bots) != players - 1:
        bad_arguments(f"{players} players are you and {players - 1} bot(s); --bots gives "
                      f"{len(bots)} (one bot is used for every seat)")
    from .i18n import LocaleError, get_locale
    try:
        get_locale(args.locale)
    except LocaleError as e:
        bad_arguments(str(e))
    rng = random.Random(args.seed)
    human = HumanAgent(0, locale=args.locale, catalog=cat)
    agents = [human] + [make_bot(b, cat, rng) for b in bots]
    names = ["p1 (you)"] + [f"{b}@{i + 2}" for i, b in enumerate(bots)]
    record = _record_file(args.record)
    recorder = Recorder(record.stream) if record else None
    if recorder:
        agents = recorder.wrap(agents, {"kingdom": kingdom, "players": players,
                                        "seed": args.seed, "names": names,
                                        "bots": ["human"] + bots})
    game = Game(cat, kingdom, players, agents, seed=args.seed, names=names)
    try:
        play_game(game)
        if record:
            recorder.finish(game)
            record.commit()
            record = None
    except EOFError:
        from . import ui
        human.say("\n" + human.ui.t(ui.INPUT_ENDED) +
                  (" " + human.ui.t(ui.NO_RECORD) if record else ""))
        return 1
    except RecordFileError as e:
        raise SystemExit(f"dsl: {e}") from None
    except OSError as e:
        raise SystemExit(f"dsl: cannot write the record to {args.record}: {e.strerror}") \
            from None
    finally:
        if record:
            record.discard()
    human.show_end(game)
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="dsl", description="The Dominion card language.")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("lint", help="check card files, set files and rules")
    p.add_argument("paths", nargs="*", help="files or folders (default: the shipped sets)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--quiet", action="store_true", help="errors only")
    p.add_argument("--excerpts", action="store_true", help="show the source line and a caret")
    p.add_argument("--locale", help="also list every name and phrase template missing in it")
    p.set_defaults(func=cmd_lint)
    p = sub.add_parser("cards", help="list the shipped cards")
    p.add_argument("--set")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=cmd_cards)
    p = sub.add_parser("test", help="run scenario files")
    p.add_argument("paths", nargs="+")
    p.add_argument("-v", "--verbose", action="store_true")
    p.set_defaults(func=cmd_test)
    p = sub.add_parser("simulate", help="play bot games and print the results")
    p.add_argument("--kingdom", required=True, help="a recommended kingdom's name, or card ids")
    p.add_argument("--bots", required=True, help="one per player: bm, bm:CARD, random")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1, help="worker processes (same results)")
    p.add_argument("--backend", choices=("local", "dask"), default="local",
                   help="dask: a Dask cluster (pip install -e '.[cluster]')")
    p.add_argument("--address", help="the Dask scheduler (default: a local cluster)")
    p.add_argument("--timeout", type=float, default=10,
                   help="seconds to wait for the Dask scheduler (default 10)")
    p.add_argument("--log", action="store_true", help="print the log of the last game")
    p.add_argument("--record", metavar="FILE", help="write every game's record (JSON lines)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("replay", help="replay recorded games and print their logs")
    p.add_argument("file")
    p.add_argument("--quiet", action="store_true", help="no logs, only the check")
    p.set_defaults(func=cmd_replay)
    from . import cli_locale          # render, locales, locale init (issue: card text)
    cli_locale.register(sub)
    p = sub.add_parser("play", help="play a game at the terminal against bots")
    p.add_argument("--kingdom", default="First Game")
    p.add_argument("--players", type=int, help="number of players (default: 1 + bots)")
    p.add_argument("--bots", default="bm", help="the other players' bots, comma separated")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--locale", default="en", help="language of card names (en, hu, cs, ...)")
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON lines)")
    p.set_defaults(func=cmd_play)
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
