"""How fast the engine plays: `bm-smithy` against `bm` on one core, and the same two
strategies played by a small hand-written plain-Python reference player, for the ratio.
Each is run `--repeat` times, the three interleaved, and the fastest run of each counts, as
timeit does, because a shared machine only ever makes a run slower.

    python tools/bench.py --games 3000
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from dsl.loader import load_shipped
from interpreter.simulation import run_games

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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2,
                    help="also time this many worker processes (1: skip)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs of each; the fastest counts (as timeit does)")
    args = ap.parse_args()
    catalog = load_shipped().catalog
    engine_s = ref_s = par_s = float("inf")
    for _ in range(args.repeat):            # interleaved, so that each figure and each ratio
        start = time.perf_counter()         # is taken over the same stretch of the machine
        res = run_games(catalog, KINGDOM, ["bm-smithy", "bm"], args.games, args.seed)
        engine_s = min(engine_s, time.perf_counter() - start)
        start = time.perf_counter()
        ref_wins = 0
        for g in range(args.games):
            scores = ref_game(args.seed * 1_000_003 + g)
            ref_wins += scores[0] > scores[1]
        ref_s = min(ref_s, time.perf_counter() - start)
        if args.workers > 1:
            start = time.perf_counter()
            par = run_games(catalog, KINGDOM, ["bm-smithy", "bm"], args.games, args.seed,
                            workers=args.workers)
            par_s = min(par_s, time.perf_counter() - start)
            assert [b.wins for b in par.bots] == [b.wins for b in res.bots]  # same results
    engine_gps, ref_gps = args.games / engine_s, args.games / ref_s
    print(f"engine:    {args.games} games in {engine_s:.2f}s = {engine_gps:,.0f} games/s "
          f"(bm-smithy wins {res.bots[0].wins / args.games:.1%})")
    print(f"reference: {args.games} games in {ref_s:.2f}s = {ref_gps:,.0f} games/s "
          f"(bm-smithy wins {ref_wins / args.games:.1%})")
    print(f"ratio engine/reference: {engine_gps / ref_gps:.2f}")
    if args.workers > 1:
        print(f"{args.workers} workers: {args.games} games in {par_s:.2f}s = "
              f"{args.games / par_s:,.0f} games/s, {engine_s / par_s:.2f}x one core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
