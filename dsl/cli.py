"""The `dsl` command line: lint, cards, test, simulate, play."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import DslError


def _scenario_files(paths: list[str]) -> list[Path]:
    out = []
    for p in map(Path, paths):
        out += sorted(p.rglob("*.yaml")) if p.is_dir() else [p]
    return out


def cmd_lint(args) -> int:
    from .lint import lint
    diags = lint(args.paths or None)
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


def resolve_kingdom(cat, text: str) -> list[str]:
    k = cat.kingdom_by_name(text)
    if k is not None:
        return list(k.cards)
    ids = [x.strip() for x in text.split(",") if x.strip()]
    unknown = [i for i in ids if i not in cat.cards]
    if unknown or not ids:
        names = ", ".join(sorted(f"{k.names.get('en', k.id)}" for k in cat.kingdoms.values()))
        raise SystemExit(f"dsl: unknown kingdom or card(s) {', '.join(unknown) or text!r}; "
                         f"give a recommended kingdom ({names}) or card ids separated by commas")
    return ids


def _catalog():
    from .loader import load_shipped
    loaded = load_shipped()
    errors = [d for d in loaded.diagnostics if d.severity == "error"]
    if errors:
        raise SystemExit("dsl: the shipped sets have errors; run `dsl lint`")
    return loaded.catalog


def cmd_simulate(args) -> int:
    from interpreter.engine import GameError
    from interpreter.simulation import run_games
    cat = _catalog()
    kingdom = resolve_kingdom(cat, args.kingdom)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not cat.rules.min_players <= len(bots) <= cat.rules.max_players:
        raise SystemExit(f"dsl: give {cat.rules.min_players} to {cat.rules.max_players} bots, "
                         f"one per player")
    try:
        res = run_games(cat, kingdom, bots, args.games, args.seed, keep_log=args.log)
    except GameError as e:
        raise SystemExit(f"dsl: {e}") from None
    if args.log:
        print("\n".join(res.last_log))
        print("scores: " + ", ".join(f"{n} {s} VP" for n, s in res.last_scores))
    out = {"games": res.games, "seed": args.seed, "kingdom": kingdom, "ties": res.ties,
           "unfinished": res.unfinished,
           "first_player_win_rate": res.first_player_wins / max(res.games, 1),
           "bots": [{"name": b.name, "wins": b.wins, "win_rate": b.wins / max(b.games, 1),
                     "avg_vp": b.vp / max(b.games, 1), "avg_turns": b.turns / max(b.games, 1)}
                    for b in res.bots]}
    if args.format == "json":
        print(json.dumps(out, indent=2))
    else:
        print(f"{res.games} game(s), seed {args.seed}, kingdom: {', '.join(kingdom)}")
        for b in out["bots"]:
            print(f"  {b['name']:16} wins {b['wins']:7.1f} ({b['win_rate']:.1%})  "
                  f"avg VP {b['avg_vp']:5.1f}  avg turns {b['avg_turns']:5.1f}")
        print(f"  ties {res.ties}, unfinished {res.unfinished}")
    return 0


def cmd_play(args) -> int:
    import random
    from interpreter.engine import Game
    from interpreter.human import HumanAgent
    from interpreter.simulation import make_bot
    from interpreter.turns import play_game
    cat = _catalog()
    kingdom = resolve_kingdom(cat, args.kingdom)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    n = 1 + len(bots)
    rng = random.Random(args.seed)
    human = HumanAgent("you")
    agents = [human] + [make_bot(b, cat, rng) for b in bots]
    game = Game(cat, kingdom, n, agents, seed=args.seed, names=["you"] + bots)
    try:
        play_game(game)
    except EOFError:
        print("\ninput ended; game abandoned")
        return 1
    human.say("\n".join(game.log[-10:]))
    for p, s in zip(game.players, game.scores()):
        human.say(f"{p.name}: {s} VP in {p.turns} turns")
    human.say("winner: " + ", ".join(game.players[i].name for i in game.winners()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="dsl", description="The Dominion card language.")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("lint", help="check card files, set files and rules")
    p.add_argument("paths", nargs="*", help="files or folders (default: the shipped sets)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--quiet", action="store_true", help="errors only")
    p.add_argument("--excerpts", action="store_true", help="show the source line and a caret")
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
    p.add_argument("--log", action="store_true", help="print the log of the last game")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=cmd_simulate)
    from . import cli_locale          # render, locales, locale init (issue: card text)
    cli_locale.register(sub)
    p = sub.add_parser("play", help="play a game at the terminal against bots")
    p.add_argument("--kingdom", default="First Game")
    p.add_argument("--bots", default="bm")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_play)
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except DslError as e:
        print(str(e), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
