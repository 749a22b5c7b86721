"""`dsl balance CARD`: is a card too strong? Its bot against Big Money and against Big Money
with official cards of the same cost (interpreter/runs/balance.py), as text, JSON or CSV, and a
plot (matplotlib, the `plot` extra). How to read it: docs/balance.md."""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from .common import (MAX_GAMES, MAX_KINGDOMS, bad_arguments, cap_workers, card_sets,
                     cards_option, check_at_most, engine_options, landscapes_option,
                     progress)

PLOT_SUFFIXES = (".svg", ".png")
INSTALL_PLOT = "pip install 'dominion-card-language[plot]'"


def cmd_balance(args) -> int:
    import time
    from interpreter.runs import balance
    from interpreter.engine.game import GameError
    sets = card_sets(args)
    cat = sets.catalog
    card = args.card.strip()
    _check_card(cat, card, "CARD")
    for name in ("kingdoms", "games", "workers"):
        if getattr(args, name) < 1:
            bad_arguments(f"--{name} must be at least 1")
    check_at_most("--kingdoms", args.kingdoms, MAX_KINGDOMS)
    check_at_most("--games", args.games, MAX_GAMES)
    cap_workers(args)
    against = _against(cat, card, args.against) if args.against is not None else None
    plot = _plot_target(args.plot) if args.plot else None
    events = tuple(landscapes_option(cat, args.events))
    plan = balance.make_plan(cat, card, args.kingdoms, args.games, args.seed, against, events)
    matchups = 1 + len(plan.rivals)
    check_at_most("--kingdoms x --games x matchups", args.kingdoms * args.games * matchups,
                  MAX_GAMES, f" games ({args.kingdoms:,} x {args.games:,} x {matchups})")
    _load_bots(cat, [plan.bot] + plan.opponents)
    runs = plan.runs()
    tick, close = progress(len(runs) * plan.games, True)
    start = time.perf_counter()
    try:
        report = balance.play(cat, plan, args.workers, tick, engine=args.engine)
    except GameError as e:
        raise SystemExit(f"dsl: {e}") from None
    finally:
        close()
    seconds = time.perf_counter() - start
    if plot is not None:             # first: a reader that stops early (`| head`) still gets it
        write_plot(report, *plot)
    if args.format == "json":
        print(json.dumps(balance.report_json(report), indent=2))
    elif args.format == "csv":
        import csv
        w = csv.writer(sys.stdout, lineterminator="\n")
        w.writerow(balance.CSV_COLUMNS)
        w.writerows(balance.report_csv_rows(report))
    else:
        print("\n".join(report_text(report, cat, len(runs) * plan.games, seconds)))
    return 0


def _check_card(cat, cid: str, what: str) -> None:
    from interpreter.runs.balance import is_kingdom_card
    if cid not in cat.cards and cid not in cat.piles:
        bad_arguments(f"{what}: unknown card '{cid}'; give a card id (dsl cards lists them); "
                      "a fan card is loaded with its set: --cards PATH (or DSL_CARDS)")
    if not is_kingdom_card(cat, cid):
        bad_arguments(f"{what}: '{cid}' is not a kingdom card (the rules put it in every "
                      "game); balance compares kingdom cards, and Events with Events")


def _against(cat, card: str, text: str) -> list[str]:
    ids = [x.strip() for x in text.split(",") if x.strip()]
    if not ids:
        bad_arguments("--against needs card ids separated by commas")
    unknown = [i for i in ids if i not in cat.cards]
    if unknown:
        bad_arguments(f"--against: unknown card(s) {', '.join(unknown)}; give card ids "
                      "(dsl cards lists them)")
    for cid in ids:
        _check_card(cat, cid, "--against")
    from interpreter.runs.balance import is_event
    if any(is_event(cat, cid) != is_event(cat, card) for cid in ids):
        bad_arguments("--against: an Event is compared with Events, a kingdom card with "
                      "kingdom cards; name cards of the same kind as " + card)
    if card in ids:
        bad_arguments(f"--against names {card}, the card itself; name other cards")
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        bad_arguments(f"--against names {', '.join(twice)} more than once; name each once")
    return ids


def _plot_target(path: str):
    """(path, pyplot) for --plot, checked before any game is played: the suffix, the
    matplotlib extra, a folder the plot can be written to."""
    target = Path(path)
    if target.suffix.lower() not in PLOT_SUFFIXES:
        bad_arguments(f"--plot {path}: the file must end in .svg or .png")
    plt = pyplot()
    folder = target.parent
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".dsl-plot-"):
            pass
    except OSError as e:
        raise SystemExit(f"dsl: cannot write the plot to {path}: "
                         f"{e.strerror or e}") from None
    if target.is_dir():
        raise SystemExit(f"dsl: cannot write the plot to {path}: it is a folder")
    return target, plt


def pyplot():
    """matplotlib's pyplot on the Agg backend (no display needed), or a clear error."""
    try:
        import matplotlib
    except ImportError:
        raise SystemExit(f"dsl: --plot needs matplotlib, the plot extra: {INSTALL_PLOT}") \
            from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _load_bots(cat, specs: list[str]) -> None:
    """Every bot of the run loaded once here, so that a broken strategy file is an error
    with its position before any game (dsl.errors.DslError, exit status 1)."""
    from dsl.language.strategy import find_strategy
    for spec in dict.fromkeys(specs):
        find_strategy(spec, cat)


# ---- text -------------------------------------------------------------------------------
def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def verdict_lines(report) -> list[str]:
    p = report.plan
    base = report.matchups[0]
    lo, hi = base.ci95
    if lo > 0.5:
        vs_bm = f"{p.bot} beats Big Money"
    elif hi < 0.5:
        vs_bm = f"{p.bot} loses to Big Money (the card slows a Big Money deck down)"
    else:
        vs_bm = f"{p.bot} cannot be told from Big Money"
    out = [f"verdict: {vs_bm}: {base.win_rate:.1%} [{lo:.1%}, {hi:.1%}]."]
    got = sum(m.tally.gained[0].get(p.card, 0) for m in report.matchups if m.tally)
    if not got:
        out.append(f"  {p.bot} never {'bought' if p.event else 'gained'} {p.card} in these "
                   "games: each figure is Big Money's own (its weighing found the cost better "
                   "spent on a card; a strategy file of its own can buy it).")
    if not report.rivals:
        kind = "Event" if p.event else "kingdom card"
        out.append(f"  No official {kind} costs {report.cost}: name {kind}s to compare "
                   "with --against.")
        return out
    r = report.ranking()
    whom = "named card(s)" if p.named else \
        f"official {'Event' if p.event else 'card'}(s) costing {report.cost}"
    place = ordinal(r["rank"])
    things = "Events" if p.event else "cards"
    spread = "" if r["best"] == r["worst"] else \
        f"; between {ordinal(r['best'])} and {ordinal(r['worst'])} by the intervals"
    out.append(f"  Head to head against {len(report.rivals)} {whom}: it beats {r['beats']}, "
               f"loses to {r['loses_to']}, {r['even']} too close to call: it ranks {place} of "
               f"{r['cards']}{spread}.")
    if r["beats"] == len(report.rivals):
        out.append(f"  Stronger than every one of them: it may be too strong for "
                   f"{report.cost}.")
    elif r["loses_to"] == len(report.rivals):
        out.append(f"  Weaker than every one of them: it may be too weak for {report.cost}.")
    elif not r["loses_to"]:
        out.append(f"  It loses to none of them: among the strongest of those {things}.")
    elif not r["beats"]:
        out.append(f"  It beats none of them: among the weakest of those {things}.")
    else:
        out.append("  Within the range of those cards.")
    return out


def report_text(report, cat, games: int, seconds: float, max_turns: int = 25) -> list[str]:
    p = report.plan
    out = [f"{p.card} ({report.cost}), played by {p.bot}: {len(p.kingdoms)} random kingdom(s) x "
           f"{p.games} game(s) per matchup, seed {p.seed} ({games:,} games, {seconds:.1f}s)"]
    width = max(len(m.opponent) for m in report.matchups) + 3
    col = max(18, len(p.bot) + 5)
    out.append(f"  {'':{width}} {p.bot + ' wins':>{col}}  95% interval       ties")
    for mu in report.matchups:
        lo, hi = mu.ci95
        mark = f"  {mu.verdict}" if mu.rival else ""
        out.append(f"  {'vs ' + mu.opponent:{width}} {mu.win_rate:{col}.1%}  "
                   f"[{lo:5.1%}, {hi:5.1%}]  {mu.ties / max(mu.games, 1):5.1%}{mark}")
    out += verdict_lines(report)
    base = report.matchups[0]
    ours, theirs = base.tally.per_turn(0), base.tally.per_turn(1)
    shown = min(max_turns, len(ours), len(theirs))
    shown = max([t["turn"] for t in ours[:shown] if t["games"] * 10 >= base.games] or [0])
    a, b = p.bot, base.opponent
    out.append(f"per turn against {b} (VP at the end of the turn, $ in its buy phase; over the "
               "games that reached it):")
    w = max(len(a), len(b), 6)
    out.append(f"  turn  {a + ' VP':>{w + 3}}  {b + ' VP':>{w + 3}}  {a + ' $':>{w + 2}}  "
               f"{b + ' $':>{w + 2}}")
    for k in range(shown):
        x, y = ours[k], theirs[k]
        out.append(f"  {k + 1:4}  {x['avg_vp']:{w + 3}.1f}  {y['avg_vp']:{w + 3}.1f}  "
                   f"{x['avg_coins']:{w + 2}.1f}  {y['avg_coins']:{w + 2}.1f}")
    return out


# ---- the plot ---------------------------------------------------------------------------
def write_plot(report, target: Path, plt) -> None:
    """Win rates with their 95% intervals, and the per-turn VP and coins curves; written to
    a temporary file beside the target, then moved over it (whole or not at all)."""
    p = report.plan
    fig = plt.figure(figsize=(11, 8.5), layout="constrained")
    grid = fig.add_gridspec(2, 2, height_ratios=(1.1, 1))
    wins, vp, coins = fig.add_subplot(grid[0, :]), fig.add_subplot(grid[1, 0]), \
        fig.add_subplot(grid[1, 1])
    labels = [f"vs {m.opponent}" for m in report.matchups]
    rates = [m.win_rate for m in report.matchups]
    errs = [[r - m.ci95[0] for r, m in zip(rates, report.matchups)],
            [m.ci95[1] - r for r, m in zip(rates, report.matchups)]]
    y = list(range(len(labels)))[::-1]
    colours = ["tab:blue" if m.rival is None else
               {"stronger": "tab:green", "weaker": "tab:red"}.get(m.verdict, "tab:gray")
               for m in report.matchups]
    wins.barh(y, rates, xerr=errs, color=colours, capsize=3, alpha=0.8)
    wins.axvline(0.5, color="black", linewidth=0.8, linestyle=":")
    wins.set_yticks(y, labels)
    wins.set_xlim(0, 1)
    wins.set_xlabel(f"win rate of {p.bot} (ties count half), 95% interval")
    wins.set_title(f"{p.card} ({report.cost}): {len(p.kingdoms)} kingdoms x {p.games} games "
                   f"per matchup, seed {p.seed}")
    for ax, key, what in ((vp, "avg_vp", "average VP at the end of the turn"),
                          (coins, "avg_coins", "average $ in the buy phase")):
        for i, mu in enumerate(report.matchups):
            rows = [t for t in mu.tally.per_turn(1) if t["games"] * 10 >= mu.games]
            if mu.rival is not None:
                ax.plot([t["turn"] for t in rows], [t[key] for t in rows], color="gray",
                        linewidth=0.7, alpha=0.6,
                        label="bm:X, the rivals (vs the card)" if i == 1 else None)
        base = report.matchups[0]
        for b, style, name in ((0, "-", p.bot), (1, "--", base.opponent)):
            rows = [t for t in base.tally.per_turn(b) if t["games"] * 10 >= base.games]
            ax.plot([t["turn"] for t in rows], [t[key] for t in rows], style, linewidth=2,
                    label=f"{name} (vs {base.opponent if b == 0 else p.bot})")
        ax.set_xlabel("turn")
        ax.set_title(what)
        ax.grid(alpha=0.3)
        ax.legend(fontsize="small")
    from dsl.language.outputs import Output, OutputError
    try:
        out = Output(target)
        try:
            fig.savefig(out.stream, format=target.suffix[1:].lower())
        except BaseException:
            out.discard()
            raise
        out.commit()
    except OutputError as e:
        raise SystemExit(f"dsl: {str(e).replace('cannot write ', 'cannot write the plot to ', 1)}") \
            from None
    except OSError as e:
        raise SystemExit(f"dsl: cannot write the plot to {target}: {e.strerror or e}") \
            from None
    finally:
        plt.close(fig)


def register(sub) -> None:
    """Add balance to the `dsl` argument parser."""
    p = sub.add_parser("balance", parents=[cards_option()],
                       help="is a card too strong? its bot against Big Money and against "
                            "Big Money with official cards of its cost")
    p.add_argument("card", metavar="CARD", help="a kingdom card's id, or an Event's (ranked "
                   "against the Events of its cost); a fan card: --cards")
    p.add_argument("--against", metavar="ID,ID,...",
                   help="the cards to compare with (default: up to ten official kingdom "
                        "cards of the same cost, drawn with the seed)")
    p.add_argument("--events", default=None, metavar="EVENTS",
                   help="Events beside every kingdom, by id, separated by commas")
    p.add_argument("--kingdoms", type=int, default=10,
                   help="random kingdoms including the card (default 10)")
    p.add_argument("--games", type=int, default=200,
                   help="games per matchup and kingdom (default 200)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1, help="worker processes (same results)")
    engine_options(p)
    p.add_argument("--format", choices=("text", "json", "csv"), default="text",
                   help="csv: one table, columns section,matchup,bot,key,measure,value")
    p.add_argument("--plot", metavar="FILE.svg|png",
                   help="also draw the win rates and per-turn curves (pip install "
                        "'dominion-card-language[plot]')")
    p.set_defaults(func=cmd_balance)
