"""Time `dsl balance` as a user runs it: the whole command (start-up, loading the sets, the
worker pool, every game), several times, and check that every run printed the same report.

    python tools/bench_balance.py                      # smithy, 10 kingdoms x 1000 games, 2 workers
    python tools/bench_balance.py --card witch --games 200 --repeat 5

The figure to quote is the fastest run's (the machine is shared: slower runs waited for it);
the median is printed too.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--card", default="smithy")
    ap.add_argument("--kingdoms", type=int, default=10)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    cmd = [sys.executable, "-m", "dsl", "balance", args.card, "--kingdoms", str(args.kingdoms),
           "--games", str(args.games), "--workers", str(args.workers), "--seed", str(args.seed),
           "--format", "json"]
    print("command: dsl " + " ".join(cmd[3:]))
    times, reports = [], set()
    for i in range(args.repeat):
        start = time.perf_counter()
        r = subprocess.run(cmd, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if r.returncode != 0:
            print(r.stderr, file=sys.stderr)
            return 1
        reports.add(r.stdout)
        games = _games(r.stdout)
        times.append(seconds)
        print(f"run {i + 1}: {games:,} games in {seconds:.1f}s = {games / seconds:,.0f} games/s")
    print(f"fastest {min(times):.1f}s, median {statistics.median(times):.1f}s; "
          + ("every run printed the same report" if len(reports) == 1
             else f"{len(reports)} different reports!"))
    return 0 if len(reports) == 1 else 1


def _games(report: str) -> int:
    import json
    return sum(m["games"] for m in json.loads(report)["matchups"])


if __name__ == "__main__":
    sys.exit(main())
