"""Play N seeded random-bot games of every recommended kingdom (2 to 6 players), checking
after every decision and turn that no card is created or lost.

    python tools/fuzz.py --games 200
"""
from __future__ import annotations

import argparse
import sys
import time
import traceback

from dsl.loader import load_shipped
from interpreter.fuzz import fuzz_game


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per kingdom")
    ap.add_argument("--first-seed", type=int, default=0)
    args = ap.parse_args()
    catalog = load_shipped().catalog
    start = time.perf_counter()
    failures = unfinished = played = 0
    for kingdom in catalog.kingdoms.values():
        for seed in range(args.first_seed, args.first_seed + args.games):
            try:
                finished, _ = fuzz_game(catalog, list(kingdom.cards), seed)
                unfinished += not finished
            except Exception:      # report every failing game, then go on
                failures += 1
                print(f"FAIL kingdom {kingdom.id} seed {seed}", file=sys.stderr)
                traceback.print_exc()
            played += 1
    secs = time.perf_counter() - start
    print(f"{played} games over {len(catalog.kingdoms)} kingdoms in {secs:.1f}s: "
          f"{failures} failed, {unfinished} stopped at the turn limit")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
