"""The games: `dsl simulate` (bots at scale), `dsl replay` (a record, checked), `dsl play`
(a person at the terminal against bots)."""
from __future__ import annotations

import json
import sys

from .common import (MAX_GAMES, bad_arguments, cap_workers, cards_option, check_at_most,
                     check_bot_cards, check_players, card_sets, engine_options, progress,
                     record_file, resolve_kingdom, rule_choice, set_rule_options)


def cmd_simulate(args) -> int:
    import time
    from interpreter.runs.cluster import ClusterError
    from interpreter.engine.game import GameError
    from interpreter.runs.record import Recorder, RecordFileError
    from interpreter.runs.simulation import run_games, tune_jit
    tune_jit(for_games=False)
    sets = card_sets(args)
    cat = sets.catalog
    kingdom = resolve_kingdom(cat, args.kingdom, args.events)
    choice = rule_choice(cat, args)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    check_players(cat, len(bots), f"--bots gives {len(bots)} player(s), one bot each")
    check_bot_cards(cat, kingdom, bots)
    if args.show_compiled:
        return show_compiled(cat, kingdom, bots, choice, args.stats)
    if args.games < 1 or args.workers < 1:
        bad_arguments("--games and --workers must be at least 1")
    check_at_most("--games", args.games, MAX_GAMES)
    cap_workers(args)
    if args.address and args.backend != "dask":
        bad_arguments("--address is the Dask scheduler's: give it with --backend dask")
    if args.timeout <= 0:
        bad_arguments("--timeout must be more than 0 seconds")
    record = record_file(args.record)
    tick, close = progress(args.games, not args.log)
    start = time.perf_counter()
    try:
        res = run_games(cat, kingdom, bots, args.games, args.seed, workers=args.workers,
                        keep_log=args.log, progress=tick, backend=args.backend,
                        address=args.address, timeout=args.timeout, card_paths=sets.paths,
                        recorder=Recorder(record.stream, sets.fan_sets()) if record else None,
                        stats=args.stats, rule_choice=choice, engine=args.engine)
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
    if res.stats is not None:
        for b, bot in enumerate(out["bots"]):
            bot.update(res.stats.bot_json(b))
        out.update(res.stats.game_json())
    if args.format == "json":
        print(json.dumps(out, indent=2))
        return 0
    if args.format == "csv":
        _simulate_csv(out, res)
        return 0
    print(f"{res.games} game(s), seed {args.seed}, {seconds:.2f}s "
          f"({out['games_per_s']} games/s), kingdom: {', '.join(kingdom)}")
    names = [b["name"] for b in out["bots"]]
    for i, b in enumerate(out["bots"]):
        lo, hi = b["win_rate_ci95"]
        name = f"{b['name']} ({i + 1})" if names.count(b["name"]) > 1 else b["name"]
        print(f"  {name:16} wins {b['wins']:8.1f}  {b['win_rate']:6.1%} "
              f"[{lo:.1%}, {hi:.1%}]  avg VP {b['avg_vp']:5.1f}  avg turns {b['avg_turns']:5.1f}")
    print(f"  ties {res.ties}, first player won {out['first_player_win_rate']:.1%}"
          + (f", {res.unfinished} stopped at the turn limit" if res.unfinished else ""))
    if res.stats is not None:
        from interpreter.runs.stats import stats_text
        print("\n".join(stats_text(res.stats, bots, cat, len(bots))))
    return 0


SIMULATE_MEASURES = ("games", "wins", "win_rate", "ci95_low", "ci95_high", "avg_vp",
                     "avg_turns")


def show_compiled(cat, kingdom: list, bots: list, choice: tuple, stats: bool) -> int:
    """`--show-compiled`: the generated module of the run, where it is cached (stderr), or
    why the run is left to the generic engine (exit status 1)."""
    from interpreter.compiled.runner import compiled_run
    from interpreter.compiled.scope import Unsupported
    try:
        run = compiled_run(cat, kingdom, bots, choice)
    except Unsupported as e:
        print(f"dsl: this run cannot be compiled: {e}; the generic engine plays it",
              file=sys.stderr)
        return 1
    source, path = run.source(stats)
    print(source, end="")
    if path is not None:
        print(f"# kept in {path}", file=sys.stderr)
    return 0


def _simulate_csv(out: dict, res) -> None:
    """One CSV table, columns section,bot,key,measure,value (docs/balance.md): `run`
    (games, seed, ties, first_player_win_rate, unfinished), `bot` (per bot), and with
    --stats the sections of interpreter/runs/stats.py."""
    import csv
    from interpreter.runs.stats import CSV_COLUMNS
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for measure in ("games", "seed", "ties", "first_player_win_rate", "unfinished"):
        w.writerow(("run", "", "", measure, out[measure]))
    for b, st in zip(out["bots"], res.bots):
        lo, hi = b["win_rate_ci95"]
        values = (st.games, b["wins"], b["win_rate"], lo, hi, b["avg_vp"], b["avg_turns"])
        for measure, value in zip(SIMULATE_MEASURES, values):
            w.writerow(("bot", b["name"], "", measure, value))
    if res.stats is not None:
        w.writerows(res.stats.csv_rows([b["name"] for b in out["bots"]]))


def cmd_replay(args) -> int:
    from interpreter.runs.record import ReplayError, read_record_file, replay
    cat = card_sets(args).catalog
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
    from interpreter.engine.game import Game, GameError
    from interpreter.bots.human import HumanAgent
    from interpreter.runs.record import Recorder, RecordFileError
    from interpreter.runs.simulation import make_bot
    from interpreter.engine.turns import play_game
    from dsl.text.i18n import LocaleError, locale_for
    from dsl.text.terminal import your_seat
    sets = card_sets(args)
    cat = sets.catalog
    kingdom = resolve_kingdom(cat, args.kingdom, args.events)
    choice = rule_choice(cat, args)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players if args.players is not None else 1 + len(bots)
    check_players(cat, players, f"{players} player(s)")
    if len(bots) == 1 and players > 2:
        bots = bots * (players - 1)
    if len(bots) != players - 1:
        bad_arguments(f"{players} players are you and {players - 1} bot(s); --bots gives "
                      f"{len(bots)} (one bot is used for every seat)")
    try:
        locale_for(args.locale, cat)
    except LocaleError as e:
        bad_arguments(str(e))
    rng = random.Random(args.seed)
    human = HumanAgent(0, locale=args.locale, catalog=cat)
    check_bot_cards(cat, kingdom, bots)
    agents = [human] + [make_bot(b, cat, rng) for b in bots]
    names = [your_seat("p1")] + [f"{b}@{i + 2}" for i, b in enumerate(bots)]
    record = record_file(args.record)
    recorder = Recorder(record.stream, sets.fan_sets()) if record else None
    if recorder:
        header = {"kingdom": kingdom, "players": players, "seed": args.seed, "names": names,
                  "bots": ["human"] + bots}
        if choice[0] or choice[1]:
            header["with"], header["without"] = list(choice[0]), list(choice[1])
        if len(choice) > 2:
            header["bane"] = choice[2]
        agents = recorder.wrap(agents, header)
    try:
        game = Game(cat, kingdom, players, agents, seed=args.seed, names=names,
                    with_rules=choice[0], without_rules=choice[1],
                    bane=choice[2] if len(choice) > 2 else None)
    except GameError as e:
        bad_arguments(str(e))
    try:
        play_game(game)
        if record:
            recorder.finish(game)
            record.commit()
            record = None
    except EOFError:
        from dsl.text import terminal as ui
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


def register(sub) -> None:
    """Add simulate, replay and play to the `dsl` argument parser."""
    cards = cards_option()
    p = sub.add_parser("simulate", help="play bot games and print the results", parents=[cards])
    p.add_argument("--kingdom", required=True, help="a recommended kingdom's name, or card ids")
    p.add_argument("--bots", required=True, help="one per player: bm, bm:CARD, random")
    set_rule_options(p)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1, help="worker processes (same results)")
    p.add_argument("--backend", choices=("local", "dask"), default="local",
                   help="dask: a Dask cluster (pip install 'dominion-card-language[cluster]')")
    p.add_argument("--address", help="the Dask scheduler (default: a local cluster)")
    p.add_argument("--timeout", type=float, default=10,
                   help="seconds to wait for the Dask scheduler (default 10)")
    p.add_argument("--log", action="store_true", help="print the log of the last game")
    p.add_argument("--record", metavar="FILE", help="write every game's record (JSON lines)")
    p.add_argument("--stats", action="store_true",
                   help="also per-turn average VP and coins per bot, cards gained, why games "
                        "ended and their lengths")
    p.add_argument("--format", choices=("text", "json", "csv"), default="text",
                   help="csv: one table, columns section,bot,key,measure,value")
    engine_options(p)
    p.add_argument("--show-compiled", action="store_true",
                   help="print the Python the kingdom compiler makes of this run (or why it "
                        "cannot compile it) and play nothing")
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("replay", help="replay recorded games and print their logs",
                       parents=[cards])
    p.add_argument("file")
    p.add_argument("--quiet", action="store_true", help="no logs, only the check")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("play", help="play a game at the terminal against bots", parents=[cards])
    set_rule_options(p)
    p.add_argument("--kingdom", default="First Game")
    p.add_argument("--players", type=int, help="number of players (default: 1 + bots)")
    p.add_argument("--bots", default="bm", help="the other players' bots, comma separated")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--locale", default="en", help="language of card names (en, hu, cs, ...)")
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON lines)")
    p.set_defaults(func=cmd_play)
