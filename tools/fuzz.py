"""Play N seeded random-bot games of every recommended kingdom (2 to 6 players), and
optionally of random kingdoms drawn from all the kingdom cards, checking after every decision
and turn that no card is created or lost; and, on every one of those kingdoms, play the runs
the kingdom compiler compiles (Big Money, a bot for one of its cards, random bots) on both
engines, checking that every game is the same down to each zone's order
(interpreter/runs/compare.py). With --hostile, run the hostile-input harness
(tests/test_hostile.py: mutated card files, expressions, scenarios, strategies, catalogs,
records and command lines) with new seeds until the minutes are up.

    python tools/fuzz.py --games 200 --random-kingdoms 400 [--compare 5]
    python tools/fuzz.py --cards tests/fixtures/bane_fan --set bane_fan --games 50
    python tools/fuzz.py --hostile --minutes 10
"""
from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
import traceback
from pathlib import Path

from dsl.language.fansets import open_sets
from dsl.language.loader import load_shipped
from interpreter.compiled.scope import Unsupported
from interpreter.runs.compare import engine_differences
from interpreter.runs.dealing import deal_kingdom
from interpreter.runs.fuzz import fuzz_game


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per kingdom")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--random-kingdoms", type=int, default=0,
                    help="also this many games of random 10-card kingdoms")
    ap.add_argument("--compare", type=int, default=5, metavar="N",
                    help="games per compiled run compared with the generic engine (0: none)")
    ap.add_argument("--hostile", action="store_true",
                    help="run the hostile-input harness instead of games")
    ap.add_argument("--minutes", type=float, default=10, help="with --hostile: how long")
    ap.add_argument("--cards", action="append", default=[], metavar="PATH",
                    help="a fan set to load beside the shipped sets (repeatable): its "
                         "recommended kingdoms are played, its cards drawn for random ones")
    ap.add_argument("--set", dest="only_set", default=None, metavar="SET",
                    help="only the recommended kingdoms of this set")
    args = ap.parse_args()
    if args.hostile:
        return hostile(args.minutes)
    catalog = open_sets([Path(p) for p in args.cards]).catalog if args.cards else \
        load_shipped().catalog
    games = [(k.id, list(k.cards), seed) for k in catalog.kingdoms.values()
             if args.only_set in (None, k.set)
             for seed in range(args.first_seed, args.first_seed + args.games)]
    pool = [k for k in catalog.kingdom_ids() if catalog.face_of(k).set != "basic"]
    for seed in range(args.first_seed, args.first_seed + args.random_kingdoms):
        games.append(("random", deal_kingdom(catalog, random.Random(seed), pool), seed))
    start = time.perf_counter()
    failures = unfinished = 0
    for name, kingdom, seed in games:
        try:
            finished, _ = fuzz_game(catalog, kingdom, seed)
            unfinished += not finished
        except Exception:      # report every failing game, then go on
            failures += 1
            print(f"FAIL kingdom {name} {kingdom} seed {seed}", file=sys.stderr)
            traceback.print_exc()
    secs = time.perf_counter() - start
    kingdoms = len({name for name, _, _ in games if name != "random"})
    print(f"{len(games)} games ({kingdoms} recommended kingdoms x {args.games}, "
          f"{args.random_kingdoms} random kingdoms) in {secs:.1f}s: {failures} failed, "
          f"{unfinished} stopped at the turn limit")
    differ = compare_engines(catalog, games, args.compare) if args.compare > 0 else 0
    return 1 if failures or differ else 0


def compare_engines(catalog, games: list, n: int) -> int:
    """The compiled runs of each kingdom played on both engines; the number that differ."""
    kingdoms = {tuple(kingdom): seed for _, kingdom, seed in games}
    start = time.perf_counter()
    compiled = differ = 0
    for kingdom, seed in kingdoms.items():
        players = 2 + seed % (catalog.rules.max_players - 1)
        for bots in (["bm"] * players, [f"bm:{kingdom[seed % len(kingdom)]}", "bm"],
                     ["random"] * players):
            try:
                differences = engine_differences(catalog, list(kingdom), bots, seed, n)
            except Unsupported:
                continue
            compiled += 1
            if differences:
                differ += 1
                print("DIFFER " + "\n  ".join(differences[:3]), file=sys.stderr)
    print(f"{compiled} compiled runs of {len(kingdoms)} kingdoms x {n} games compared with the "
          f"generic engine in {time.perf_counter() - start:.1f}s: {differ} differ")
    return differ


def hostile(minutes: float) -> int:
    """Rounds of the harness, each with a new seed, until the time is up; the first round
    that fails ends the run with its report (hypothesis shows the input)."""
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, DSL_FUZZ_PROFILE="hostile")
    end = time.monotonic() + minutes * 60
    rounds = 0
    while time.monotonic() < end:
        seed = random.SystemRandom().randrange(2 ** 32)
        left = max(30, int(end - time.monotonic()) + 60)
        try:
            r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p",
                                "no:cacheprovider", f"--hypothesis-seed={seed}",
                                str(root / "tests" / "test_hostile.py")], cwd=root, env=env,
                               capture_output=True, text=True, timeout=left)
        except subprocess.TimeoutExpired:
            print(f"round {rounds + 1} (seed {seed}) still running at the end of the time")
            break
        rounds += 1
        if r.returncode != 0:
            print(r.stdout[-20000:])
            print(f"FAIL in round {rounds}, seed {seed}: rerun with "
                  f"DSL_FUZZ_PROFILE=hostile pytest tests/test_hostile.py --hypothesis-seed={seed}")
            return 1
        print(f"round {rounds} (seed {seed}): {r.stdout.strip().splitlines()[-1]}")
    print(f"{rounds} round(s) of the hostile-input harness in {minutes:g} minutes: 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
