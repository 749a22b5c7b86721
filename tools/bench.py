"""How fast the engine plays and how fast the tool starts, every figure in one run.

Interleaved rounds (`--repeat`), the fastest of each figure counting, as timeit does,
because a shared machine only ever makes a run slower; CPU time (of this process, or of the
child processes) beside wall time:

- one core: `bm-smithy` against `bm`, and the same two strategies played by a small
  hand-written plain-Python reference player, for the ratio;
- two workers, and two independent processes started together each playing half the games
  (the fair ceiling for two workers);
- an attack-heavy matchup (double-witch vs double-militia) and random bots on an
  action-heavy kingdom (Throne Room, Library, Possession, Golem, Scrying Pool, Highway and
  Durations), as CPU time per player-turn against the Big Money matchup's;
- memory: the peak traced allocation of one game;
- start-up of `dsl cards`, `dsl lint` of one fan card and `dsl render` (warm cache);
- with `--callgrind`, instructions per game counted by valgrind (repeatable on a noisy
  machine).

    python tools/bench.py --games 2000 --repeat 5 [--callgrind]
"""
from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from dsl.language.loader import load_shipped
from interpreter.runs.simulation import run_games

KINGDOM = ["smithy", "village", "market", "militia", "cellar", "moat", "remodel", "mine",
           "workshop", "woodcutter"]


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
ATTACK = (["witch", "militia", "moat", "village", "smithy", "market", "cellar", "remodel",
           "mine", "festival"], ["double-witch", "double-militia"])
ACTIONS = (["throne_room", "library", "possession", "golem", "scrying_pool", "highway",
            "wharf", "caravan", "tactician", "fishing_village"], ["random", "random"])
FAN_CARD = ROOT / "tests/fixtures/fan_set/cards/apprentice_smith.yaml"
STARTUP = {"dsl cards": ["cards"], "dsl lint (one fan card)": ["lint", str(FAN_CARD)],
           "dsl render smithy": ["render", "smithy"]}


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


def child_games(games: int, seed: int, first: int) -> None:
    """`--child`: play games first..first+games of the BM matchup (an independent process)
    and print when its games started and ended (epoch seconds), start-up left out."""
    catalog = load_shipped().catalog
    start = time.time()
    run_games(catalog, KINGDOM, ["bm-smithy", "bm"], games, seed + first)
    print(f"{start} {time.time()} {time.process_time()}")


def independent_pair(games: int, seed: int):
    """Two processes started together, each playing half: (wall from the first one's first
    game to the last one's last, their CPU), the processes' start-up left out."""
    half = games // 2
    cmd = [sys.executable, __file__, "--child", str(half), "--seed", str(seed)]
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


def callgrind_per_game(few: int, many: int) -> float | None:
    """Instructions per game of the BM matchup: (I(many) - I(few)) / (many - few), so that
    start-up and loading cancel out. None when valgrind is not installed."""
    if shutil.which("valgrind") is None:
        return None
    counts = []
    for n in (few, many):
        r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                            sys.executable, __file__, "--child", str(n), "--seed", "1"],
                           capture_output=True, text=True, cwd=ROOT)
        m = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
        if r.returncode or m is None:
            return None
        counts.append(int(m.group(1)))
    return (counts[1] - counts[0]) / (many - few)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3,
                    help="rounds; the fastest of each figure counts (as timeit does)")
    ap.add_argument("--callgrind", action="store_true",
                    help="also count instructions per game with valgrind (slow)")
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        child_games(args.child, args.seed, args.first)
        return 0
    catalog = load_shipped().catalog
    n, seed = args.games, args.seed
    heavy_n = max(n // 4, 10)
    figures = {k: Best() for k in ("engine", "reference", "workers", "independent",
                                   "attack", "actions")}
    starts = {k: Best() for k in STARTUP}
    for args_ in STARTUP.values():            # the cache warm, as a user's second command
        startup(args_)
    one = None
    for _ in range(args.repeat):
        wall, cpu, one = timed(lambda: run_games(catalog, *BM, n, seed))
        figures["engine"].add(wall, cpu, player_turns(one))
        wall, cpu, ref_wins = timed(lambda: sum(
            s[0] > s[1] for s in (ref_game(seed * 1_000_003 + g) for g in range(n))))
        figures["reference"].add(wall, cpu, ref_wins)
        wall, cpu, par = timed(lambda: run_games(catalog, *BM, n, seed, workers=2))
        assert [b.wins for b in par.bots] == [b.wins for b in one.bots]   # same results
        figures["workers"].add(wall, cpu)
        figures["independent"].add(*independent_pair(n, seed))
        for key, (kingdom, bots) in (("attack", ATTACK), ("actions", ACTIONS)):
            wall, cpu, res = timed(lambda: run_games(catalog, kingdom, bots, heavy_n, seed))
            figures[key].add(wall, cpu, player_turns(res))
        for key, args_ in STARTUP.items():
            starts[key].add(*startup(args_))
    e, r = figures["engine"], figures["reference"]
    print(f"one core, bm-smithy vs bm, {n} games (fastest of {args.repeat}):")
    print(f"  engine:    {e.wall:6.2f} s wall {e.cpu:6.2f} s CPU = {n / e.cpu:7,.0f} games per "
          f"CPU-second (bm-smithy wins {one.bots[0].wins / n:.1%})")
    print(f"  reference: {r.wall:6.2f} s wall {r.cpu:6.2f} s CPU = {n / r.cpu:7,.0f} games per "
          f"CPU-second (bm-smithy wins {r.extra / n:.1%})")
    print(f"  ratio engine/reference (CPU): {r.cpu / e.cpu:.2f}")
    w, i = figures["workers"], figures["independent"]
    print(f"two cores, {n} games:")
    print(f"  2 workers:                   {w.wall:6.2f} s wall = {e.wall / w.wall:.2f}x one core")
    print(f"  2 independent processes:     {i.wall:6.2f} s wall (their games only)")
    print(f"  workers / independent (wall): {i.wall / w.wall:.2f}")
    per_turn = {k: figures[k].cpu / figures[k].extra for k in ("engine", "attack", "actions")}
    print(f"CPU per player-turn ({heavy_n} games each for the two below):")
    print(f"  bm-smithy vs bm:               {per_turn['engine'] * 1e6:6.1f} us")
    for key, label in (("attack", "double-witch vs double-militia"),
                       ("actions", "random bots, action-heavy")):
        print(f"  {label + ':':31}{per_turn[key] * 1e6:6.1f} us = "
              f"{per_turn[key] / per_turn['engine']:.2f}x Big Money")
    print("memory, peak traced during one game:")
    for label, (kingdom, bots) in (("bm-smithy vs bm", BM), ("attack-heavy", ATTACK),
                                   ("action-heavy", ACTIONS)):
        peak = game_memory(catalog, kingdom, bots, seed)
        print(f"  {label + ':':17}" + (f"{peak / 1024:8,.0f} KiB" if peak is not None else
                                       "not measured (no tracemalloc in this Python)"))
    print("start-up, warm cache (a new process each):")
    for key, b in starts.items():
        print(f"  {key + ':':26}{b.wall:5.2f} s wall {b.cpu:5.2f} s CPU")
    if args.callgrind:
        per_game = callgrind_per_game(50, 250)
        print("instructions per game (callgrind, 250 games minus 50): " +
              (f"{per_game / 1e6:.2f} million" if per_game else "valgrind not available"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
