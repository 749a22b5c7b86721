"""The table of docs/bm-table.md: `bm:CARD` (Big Money that also buys CARD, with the
answer rules a shipped strategy gives for it) against `bm`, for every shipped kingdom
card, on a kingdom of that card alone; seeded, seats alternating game by game as
run_games does. A balance verdict from bots is only as good as their play: the table shows
where they still play a card badly.

    python tools/bm_table.py --games 2000 --workers 2
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from dsl.language.loader import load_shipped
from interpreter.runs.simulation import run_games

OUT = Path(__file__).resolve().parent.parent / "docs" / "bm-table.md"


def kingdom_cards(catalog) -> list:
    """The shipped kingdom piles (cards and kingdom piles, not the basic cards nor those
    `kingdom: false`), by set then id: (id, the card that stands for it)."""
    ids = [k for k in catalog.kingdom_ids() if catalog.face_of(k).set != "basic"]
    return sorted(((k, catalog.face_of(k)) for k in ids), key=lambda e: (e[1].set, e[0]))


def row(catalog, kid: str, d, games: int, seed: int, workers: int) -> dict:
    res = run_games(catalog, [kid], [f"bm:{kid}", "bm"], games, seed, workers=workers)
    me = res.bots[0].as_json()
    lo, hi = me["win_rate_ci95"]
    return {"card": kid, "name": catalog.name_of(kid), "set": d.set,
            "cost": str(d.cost), "win": me["win_rate"], "lo": lo, "hi": hi,
            "ties": res.ties, "games": res.games}


def table(rows: list, command: str, games: int, seed: int) -> str:
    lines = [
        "# `bm:CARD` against `bm`",
        "",
        "Rebuilt by:",
        "",
        "```sh",
        command,
        "```",
        "",
        f"Big Money (`bm`, [strategies/bm.yaml](../strategies/bm.yaml)) that also buys one "
        f"CARD (or as many as a shipped strategy's `buy` rule for it says), answering "
        f"CARD's decisions by the rules a shipped strategy gives for it and otherwise by "
        f"the bots' defaults ([strategies.md](strategies.md)), against `bm`: {games:,} "
        f"two-player games per card, seed {seed}, seats alternating, on a kingdom of "
        f"that card alone. Win rate of `bm:CARD` (a shared win counts half) with its 95% "
        f"Wilson interval; ties are shared wins. Sorted by win rate.",
        "",
        "A card far below 50% is not always played badly: one copy of a card that does "
        "little alone takes the place of a Silver early, which Big Money against itself "
        "feels (Village, a card that only gives Actions, is near 30%); a card costing a "
        "Potion also costs the Potion; Throne Room and Golem have no other Action to play; "
        "and `money`, which Big Money's Province entry reads, counts only the plain +$N "
        "of Treasures (Philosopher's Stone adds nothing to it).",
        "",
        "| card | set | cost | bm:CARD wins | 95% interval | ties |",
        "|---|---|---|---:|---|---:|",
    ]
    for r in sorted(rows, key=lambda r: (-r["win"], r["card"])):
        lines.append(f"| {r['name']} | {r['set']} | {r['cost']} | {100 * r['win']:.1f}% | "
                     f"{100 * r['lo']:.1f}% to {100 * r['hi']:.1f}% | {r['ties']} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--cards", help="only these card ids, comma-separated (prints, writes "
                    "nothing)")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)
    catalog = load_shipped().catalog
    cards = kingdom_cards(catalog)
    if args.cards:
        wanted = set(args.cards.split(","))
        unknown = wanted - {kid for kid, _ in cards}
        if unknown:
            print(f"not a shipped kingdom card: {', '.join(sorted(unknown))}",
                  file=sys.stderr)
            return 2
        cards = [(kid, d) for kid, d in cards if kid in wanted]
    rows, start = [], time.time()
    for i, (kid, d) in enumerate(cards, 1):
        r = row(catalog, kid, d, args.games, args.seed, args.workers)
        rows.append(r)
        print(f"{i:3}/{len(cards)} {kid:20} {100 * r['win']:5.1f}% "
              f"[{100 * r['lo']:.1f}, {100 * r['hi']:.1f}] ties {r['ties']}", flush=True)
    print(f"{sum(r['games'] for r in rows)} games in {time.time() - start:.0f}s")
    if not args.cards:
        command = (f"python tools/bm_table.py --games {args.games} --seed {args.seed} "
                   f"--workers {args.workers}")
        Path(args.out).write_text(table(rows, command, args.games, args.seed),
                                  encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
