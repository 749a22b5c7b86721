"""How fast the engines play and how fast the tool starts, every figure in one run.

Interleaved rounds (`--repeat`), the fastest of each figure counting, as timeit does,
because a shared machine only ever makes a run slower (the two engines take turns to go
first); CPU time (of this process, or of the child processes) beside wall time:

- one core, `bm-smithy` against `bm`, three players side by side: the compiled engine
  (`engine="compiled"`), the generic engine (`engine="generic"`) and a small hand-written
  plain-Python reference player of the same two strategies; games per CPU-second of each
  and the ratios compiled/generic and compiled/reference;
- DominionSim (Java, `../shared/bench/domsim/`, `--domsim DIR`), when `java`, `javac` and
  that folder are at hand (`--no-domsim` to skip; nothing else needs it): its harness plays
  its "Smithy" against "Big Money Ultimate" in one JVM for the whole run. Its first two
  rounds (the JIT warming up) run before ours and are dropped; then the JVM is paused
  (SIGSTOP) while we measure and let run one round (SIGCONT) after our one-core figures of
  each round, so its steady-state rounds are interleaved with ours in the same stretch of
  time, without a new JVM (and a new warm-up) per round. Its steady state is the best of
  those rounds, in games per CPU-second of the whole JVM process (GC and JIT threads
  counted, as our process time counts everything), the main thread's figure beside it;
  the ratios compiled/DominionSim and generic/DominionSim;
- two workers, and two independent processes started together each playing half the games
  (the fair ceiling for two workers), both with `engine="auto"`, what users get;
- an attack-heavy matchup (double-witch vs double-militia) and random bots on an
  action-heavy kingdom (Throne Room, Library, Possession, Golem, Scrying Pool, Highway and
  Durations), on both engines, as CPU time per player-turn: generic/compiled, and each
  against the Big Money matchup's;
- memory: the peak traced allocation of one game;
- start-up of `dsl cards`, `dsl lint` of one fan card and `dsl render` (warm cache);
- with `--callgrind`, instructions per game of each engine counted by valgrind (repeatable
  on a noisy machine).

    python tools/bench.py --games 2000 --repeat 5 [--callgrind] [--no-domsim]
"""
from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dsl.language.loader import load_shipped
from interpreter.runs.simulation import run_games

KINGDOM = ["smithy", "village", "market", "militia", "cellar", "moat", "remodel", "mine",
           "workshop", "woodcutter"]
ENGINES = ("compiled", "generic")


# ---- the reference player: exactly the two strategies, nothing generic -----------------------
VALUE = {"copper": 1, "silver": 2, "gold": 3}
COST = {"copper": 0, "silver": 3, "gold": 6, "estate": 2, "duchy": 5, "province": 8,
        "smithy": 4}
VP = {"estate": 1, "duchy": 3, "province": 6}


class RefPlayer:
    def __init__(self, rng, smithy):
        self.rng, self.smithy = rng, smithy
        self.deck = ["copper"] * 7 + ["estate"] * 3
        rng.shuffle(self.deck)
        self.discard, self.hand, self.turns = [], [], 0
        self.draw(5)

    def draw(self, n):
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    return
                self.deck, self.discard = self.discard, []
                self.rng.shuffle(self.deck)
            self.hand.append(self.deck.pop())

    def cards(self):
        return self.deck + self.discard + self.hand


def ref_gains_to_end(supply):
    return min(supply["province"], sum(sorted(supply.values())[:3]))


def ref_buy(p, coins, supply):
    owned = p.cards()
    money = sum(VALUE.get(c, 0) for c in owned)
    to_end = ref_gains_to_end(supply)
    if p.smithy:
        smithies = owned.count("smithy")
        plan = (("province", True), ("duchy", 0 < to_end <= 5), ("estate", 0 < to_end <= 2),
                ("gold", True), ("smithy", smithies < 2 and len(owned) >= 16),
                ("smithy", smithies == 0), ("silver", True), ("copper", to_end <= 3))
    else:
        plan = (("province", money > 18), ("duchy", to_end <= 4), ("estate", to_end <= 2),
                ("gold", True), ("duchy", to_end <= 6), ("silver", True))
    for card, wanted in plan:
        if wanted and supply[card] > 0 and COST[card] <= coins:
            return card
    return None


def ref_game(seed):
    rng = random.Random(seed)
    supply = {"copper": 46, "silver": 40, "gold": 30, "estate": 8, "duchy": 8, "province": 8,
              "curse": 10, "smithy": 10, "village": 10, "market": 10, "militia": 10,
              "cellar": 10, "moat": 10, "remodel": 10, "mine": 10, "workshop": 10,
              "woodcutter": 10}
    players = [RefPlayer(rng, True), RefPlayer(rng, False)]
    turn = 0
    while True:
        p = players[turn % 2]
        p.turns += 1
        played = []
        if "smithy" in p.hand:
            p.hand.remove("smithy")
            played.append("smithy")
            p.draw(3)
        coins = sum(VALUE.get(c, 0) for c in p.hand)
        card = ref_buy(p, coins, supply)
        if card:
            supply[card] -= 1
            p.discard.append(card)
        p.discard += p.hand + played
        p.hand = []
        p.draw(5)
        if supply["province"] == 0 or sum(1 for v in supply.values() if v == 0) >= 3:
            break
        turn += 1
    return [sum(VP.get(c, 0) for c in q.cards()) for q in players]


ROOT = Path(__file__).resolve().parent.parent
BM = (KINGDOM, ["bm-smithy", "bm"])
MATCHUPS = {"bm": BM,
            "attack": (["witch", "militia", "moat", "village", "smithy", "market", "cellar",
                        "remodel", "mine", "festival"], ["double-witch", "double-militia"]),
            "actions": (["throne_room", "library", "possession", "golem", "scrying_pool",
                         "highway", "wharf", "caravan", "tactician", "fishing_village"],
                        ["random", "random"])}
LABELS = {"bm": "bm-smithy vs bm", "attack": "double-witch vs double-militia",
          "actions": "random bots, action-heavy"}
FAN_CARD = ROOT / "tests/fixtures/fan_set/cards/apprentice_smith.yaml"
STARTUP = {"dsl cards": ["cards"], "dsl lint (one fan card)": ["lint", str(FAN_CARD)],
           "dsl render smithy": ["render", "smithy"]}
DOMSIM_BOTS = ("Smithy", "Big Money Ultimate")
DOMSIM_GAMES = 5000        # a round: with fewer, its JIT is still warming after two rounds
DOMSIM_WARMUP = 2          # rounds dropped
DOMSIM_ROUND = re.compile(r"^round=\d+ .*games_per_thread_cpu_s=([\d.]+) "
                          r".*games_per_process_cpu_s=([\d.]+) A_win%=([\d.]+)")


class Best:
    """The fastest (wall, cpu) of several runs of one figure, and what else it measured."""

    def __init__(self):
        self.wall = self.cpu = float("inf")
        self.extra = None

    def add(self, wall, cpu, extra=None):
        if wall < self.wall:
            self.wall, self.extra = wall, extra
        self.cpu = min(self.cpu, cpu)


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - w, time.process_time() - c, out


def player_turns(res) -> int:
    return sum(b.turns for b in res.bots)


def domsim_missing(folder: Path) -> str | None:
    """Why DominionSim cannot be measured here, or None when it can."""
    for tool in ("java", "javac"):
        if shutil.which(tool) is None:
            return f"no `{tool}` on PATH"
    if not (folder / "DSHarness.java").is_file():
        return f"no {folder / 'DSHarness.java'}"
    if not hasattr(signal, "SIGSTOP"):
        return "no SIGSTOP here to interleave its rounds with ours"
    return None


class DominionSim:
    """DominionSim's harness (its folder's README) built in a temporary copy of the folder,
    run in one JVM for the whole bench: its warm-up rounds at once, then one round at each
    `play_round()`, stopped in between so that it takes no CPU while we measure."""

    def __init__(self, folder: Path, rounds: int):
        self.tmp = tempfile.TemporaryDirectory(prefix="bench-domsim-")
        self.proc = self.stderr = self.failed = None
        self.steady: list = []   # (games per process CPU-s, per main-thread CPU-s, win %)
        try:
            self._start(folder, Path(self.tmp.name), rounds)
        except BaseException:
            self.close()
            raise

    def _start(self, folder: Path, work: Path, rounds: int) -> None:
        for f in folder.iterdir():
            if f.is_file():
                shutil.copy(f, work)
        cp = os.pathsep.join(["GeronimooDomSim.jar", "log4j-1.2.17.jar"])
        built = subprocess.run(["javac", "-nowarn", "-cp", cp, "DSHarness.java"], cwd=work,
                               capture_output=True, text=True)
        if built.returncode:
            raise RuntimeError(f"javac: {(built.stderr.splitlines() or ['failed'])[0]}")
        self.stderr = open(work / "stderr.txt", "w+")
        self.proc = subprocess.Popen(
            ["java", "-Djava.awt.headless=true", "-cp", os.pathsep.join([cp, "."]),
             "DSHarness", *DOMSIM_BOTS, str(DOMSIM_GAMES), str(DOMSIM_WARMUP + rounds)],
            cwd=work, stdout=subprocess.PIPE, stderr=self.stderr, text=True)
        for _ in range(DOMSIM_WARMUP):
            self._next_round()
        self.proc.send_signal(signal.SIGSTOP)

    def _next_round(self) -> tuple:
        for line in self.proc.stdout:
            m = DOMSIM_ROUND.match(line)
            if m:
                thread, process, wins = map(float, m.groups())
                return process, thread, wins
        self.stderr.seek(0)
        first = (self.stderr.read().strip().splitlines() or ["no output"])[0]
        raise RuntimeError(f"DSHarness ended early: {first}")

    def play_round(self) -> None:
        """One round; a harness that fails mid-run leaves the rest of the bench alone."""
        if self.failed is None:
            self.proc.send_signal(signal.SIGCONT)
            try:
                self.steady.append(self._next_round())
            except RuntimeError as e:
                self.failed = f"its harness failed: {e}"
            self.proc.send_signal(signal.SIGSTOP)

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc.stdout.close()
        if self.stderr is not None:
            self.stderr.close()
        self.tmp.cleanup()


def start_domsim(args) -> tuple:
    """(a running DominionSim or None, why not)."""
    why = "--no-domsim" if args.no_domsim else domsim_missing(args.domsim)
    if why is not None:
        return None, why
    try:
        return DominionSim(args.domsim, args.repeat), None
    except (OSError, RuntimeError) as e:
        return None, f"its harness failed: {e}"


def child_games(games: int, seed: int, first: int, engine: str) -> None:
    """`--child`: play games first..first+games of the BM matchup (an independent process)
    and print when its games started and ended (epoch seconds), start-up left out."""
    catalog = load_shipped().catalog
    start = time.time()
    run_games(catalog, KINGDOM, ["bm-smithy", "bm"], games, seed + first, engine=engine)
    print(f"{start} {time.time()} {time.process_time()}")


def independent_pair(games: int, seed: int):
    """Two processes started together, each playing half (engine auto): (wall from the first
    one's first game to the last one's last, their CPU), the processes' start-up left out."""
    half = games // 2
    cmd = [sys.executable, __file__, "--child", str(half), "--seed", str(seed),
           "--engine", "auto"]
    procs = [subprocess.Popen(cmd + ["--first", str(i * half)], stdout=subprocess.PIPE,
                              text=True) for i in range(2)]
    outs = [p.communicate()[0] for p in procs]
    if any(p.returncode for p in procs):
        raise SystemExit("bench: a child process failed")
    times = [tuple(map(float, out.split())) for out in outs]
    return max(t[1] for t in times) - min(t[0] for t in times), sum(t[2] for t in times)


def game_memory(catalog, kingdom, bots, seed) -> int | None:
    """Peak bytes traced while playing one game (after a first game warmed the caches);
    None where the Python has no tracemalloc (PyPy)."""
    try:
        import tracemalloc
    except ImportError:
        return None
    run_games(catalog, kingdom, bots, 1, seed)
    tracemalloc.start()
    run_games(catalog, kingdom, bots, 1, seed + 1)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def startup(args) -> tuple:
    """Wall and CPU seconds of one run of `dsl ARGS` (a new process)."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "dsl", *args], cwd=ROOT, capture_output=True,
                   check=True)
    wall = time.perf_counter() - start
    after = os.times()
    return wall, (after.children_user + after.children_system) - \
        (before.children_user + before.children_system)


def callgrind_per_game(few: int, many: int, engine: str) -> float | None:
    """Instructions per game of the BM matchup on `engine`: (I(many) - I(few)) / (many -
    few), so that start-up and loading cancel out. None when valgrind is not installed."""
    if shutil.which("valgrind") is None:
        return None
    counts = []
    for n in (few, many):
        r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                            sys.executable, __file__, "--child", str(n), "--seed", "1",
                            "--engine", engine], capture_output=True, text=True, cwd=ROOT)
        m = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
        if r.returncode or m is None:
            return None
        counts.append(int(m.group(1)))
    return (counts[1] - counts[0]) / (many - few)


def play_round(catalog, n, heavy_n, seed, figures, domsim, engines) -> None:
    """One interleaved round of every game figure (start-up aside), the engines in the order
    given (the caller alternates it, so that neither is always the first)."""
    wins = {}
    for engine in engines:
        wall, cpu, res = timed(lambda: run_games(catalog, *BM, n, seed, engine=engine))
        figures["bm", engine].add(wall, cpu, (player_turns(res), res.bots[0].wins))
        wins[engine] = [b.wins for b in res.bots]
    assert wins["compiled"] == wins["generic"], f"the engines' games differ: {wins}"
    wall, cpu, ref_wins = timed(lambda: sum(
        s[0] > s[1] for s in (ref_game(seed * 1_000_003 + g) for g in range(n))))
    figures["reference"].add(wall, cpu, ref_wins)
    if domsim is not None:
        domsim.play_round()
    wall, cpu, par = timed(lambda: run_games(catalog, *BM, n, seed, workers=2))
    assert [b.wins for b in par.bots] == wins["generic"], "2 workers' games differ"
    figures["workers"].add(wall, cpu)
    figures["independent"].add(*independent_pair(n, seed))
    for key in ("attack", "actions"):
        for engine in engines:         # "compiled": auto, where a run cannot be compiled
            wall, cpu, res = timed(lambda: run_games(
                catalog, *MATCHUPS[key], heavy_n, seed,
                engine=engine if engine == "generic" or compiles(catalog, key) else "auto"))
            figures[key, engine].add(wall, cpu, (player_turns(res),))


def compiles(catalog, key) -> bool:
    return not_compiled(catalog, key) is None


def not_compiled(catalog, key):
    """Why a matchup's run is not compiled (None: it is)."""
    from interpreter.compiled.runner import compiled_run
    from interpreter.compiled.scope import Unsupported
    try:
        compiled_run(catalog, *MATCHUPS[key])
    except Unsupported as e:
        return str(e)
    return None


def report_games(catalog, figures, n, heavy_n, repeat, domsim, domsim_why) -> None:
    print(f"one core, bm-smithy vs bm, {n} games (fastest of {repeat}):")
    speed = {}
    for name, key in (("compiled", ("bm", "compiled")), ("generic", ("bm", "generic")),
                      ("reference", "reference")):
        b = figures[key]
        wins = b.extra[1] if name != "reference" else b.extra
        speed[name] = n / b.cpu
        print(f"  {name + ':':10} {b.wall:6.2f} s wall {b.cpu:6.2f} s CPU = {speed[name]:7,.0f}"
              f" games per CPU-second (bm-smithy wins {wins / n:.1%})")
    print(f"  compiled/generic: {speed['compiled'] / speed['generic']:.2f}x   "
          f"compiled/reference: {speed['compiled'] / speed['reference']:.2f}x "
          "(games per CPU-second)")
    if domsim is None or domsim.failed:
        print(f"DominionSim: not measured ({domsim_why or domsim.failed})")
    else:
        process, thread, ds_wins = max(domsim.steady)
        last = DOMSIM_WARMUP + len(domsim.steady)
        print(f"DominionSim, {' vs '.join(DOMSIM_BOTS)}, {DOMSIM_GAMES} games a round, "
              f"steady state (best of its rounds {DOMSIM_WARMUP + 1}-{last}, one in each of "
              "ours):")
        print(f"  {process:7,.0f} games per CPU-second of the JVM ({thread:,.0f} per CPU-second"
              f" of its main thread; Smithy wins {ds_wins:.1f}%, ties split)")
        print(f"  compiled/DominionSim: {speed['compiled'] / process:.2f}x   "
              f"generic/DominionSim: {speed['generic'] / process:.2f}x")
    w, i = figures["workers"], figures["independent"]
    one_core = figures["bm", "compiled"].wall
    print(f"two cores, {n} games, engine auto (what users get):")
    print(f"  2 workers:                   {w.wall:6.2f} s wall = {one_core / w.wall:.2f}x one "
          "core (compiled)")
    print(f"  2 independent processes:     {i.wall:6.2f} s wall (their games only)")
    print(f"  workers / independent (wall): {i.wall / w.wall:.2f}")
    per_turn = {k: figures[k].cpu / figures[k].extra[0]
                for k in figures if isinstance(k, tuple)}
    print(f"CPU per player-turn ({heavy_n} games each for the two heavy ones), compiled and "
          "generic:")
    for key, label in LABELS.items():
        c, g = per_turn[key, "compiled"], per_turn[key, "generic"]
        line = f"  {label + ':':31}{c * 1e6:6.1f} us {g * 1e6:6.1f} us = generic/compiled " \
               f"{g / c:.2f}x"
        if key != "bm":
            line += f" (Big Money's x{c / per_turn['bm', 'compiled']:.2f}, " \
                    f"x{g / per_turn['bm', 'generic']:.2f})"
        print(line)
        why = not_compiled(catalog, key)
        if why is not None:
            print(f"    (not compiled, both are the generic engine: {why})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3,
                    help="rounds; the fastest of each figure counts (as timeit does)")
    ap.add_argument("--callgrind", action="store_true",
                    help="also count instructions per game with valgrind (slow)")
    ap.add_argument("--domsim", type=Path, default=ROOT.parent / "shared/bench/domsim",
                    help="DominionSim's harness folder (default: %(default)s)")
    ap.add_argument("--no-domsim", action="store_true", help="do not measure DominionSim")
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--engine", choices=("auto", "compiled", "generic"), default="auto",
                    help="the engine of --child")
    args = ap.parse_args()
    if args.child is not None:
        child_games(args.child, args.seed, args.first, args.engine)
        return 0
    catalog = load_shipped().catalog
    n, seed = args.games, args.seed
    heavy_n = max(n // 4, 10)
    figures = {(key, engine): Best() for key in MATCHUPS for engine in ENGINES}
    figures.update((key, Best()) for key in ("reference", "workers", "independent"))
    starts = {k: Best() for k in STARTUP}
    for args_ in STARTUP.values():            # the cache warm, as a user's second command
        startup(args_)
    domsim, domsim_why = start_domsim(args)
    try:
        for r in range(args.repeat):
            engines = ENGINES if r % 2 == 0 else ENGINES[::-1]
            play_round(catalog, n, heavy_n, seed, figures, domsim, engines)
            for key, args_ in STARTUP.items():
                starts[key].add(*startup(args_))
    finally:
        if domsim is not None:
            domsim.close()
    report_games(catalog, figures, n, heavy_n, args.repeat, domsim, domsim_why)
    print("memory, peak traced during one game (engine auto):")
    for key, label in (("bm", "bm-smithy vs bm"), ("attack", "attack-heavy"),
                       ("actions", "action-heavy")):
        peak = game_memory(catalog, *MATCHUPS[key], seed)
        print(f"  {label + ':':17}" + (f"{peak / 1024:8,.0f} KiB" if peak is not None else
                                       "not measured (no tracemalloc in this Python)"))
    print("start-up, warm cache (a new process each):")
    for key, b in starts.items():
        print(f"  {key + ':':26}{b.wall:5.2f} s wall {b.cpu:5.2f} s CPU")
    if args.callgrind:
        for engine in ENGINES:
            per_game = callgrind_per_game(50, 250, engine)
            print(f"instructions per game, {engine} (callgrind, 250 games minus 50): " +
                  (f"{per_game / 1e6:.2f} million" if per_game else "valgrind not available"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
