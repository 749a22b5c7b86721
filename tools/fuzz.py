"""Play N seeded random-bot games of every recommended kingdom (2 to 6 players), and
optionally of random kingdoms drawn from all the kingdom cards, checking after every decision
and turn that no card is created or lost.

    python tools/fuzz.py --games 200 --random-kingdoms 400
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import traceback

from dsl.loader import load_shipped
from interpreter.fuzz import fuzz_game


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per kingdom")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--random-kingdoms", type=int, default=0,
                    help="also this many games of random 10-card kingdoms")
    args = ap.parse_args()
    catalog = load_shipped().catalog
    games = [(k.id, list(k.cards), seed) for k in catalog.kingdoms.values()
             for seed in range(args.first_seed, args.first_seed + args.games)]
    pool = sorted(c for c, d in catalog.cards.items() if d.set != "basic")
    for seed in range(args.first_seed, args.first_seed + args.random_kingdoms):
        games.append(("random", random.Random(seed).sample(pool, 10), seed))
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
    print(f"{len(games)} games ({len(catalog.kingdoms)} recommended kingdoms x {args.games}, "
          f"{args.random_kingdoms} random kingdoms) in {secs:.1f}s: {failures} failed, "
          f"{unfinished} stopped at the turn limit")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
