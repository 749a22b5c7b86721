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
        "A Prosperity card's games have Platinum and Colony, which both bots buy (`bm` "
        "buys a Colony once its Treasures' coins pass $32), and a Dark Ages card's games "
        "Shelters, by the rulebooks' rules for a kingdom of that card alone. Of the cards "
        "of those two sets, the ones far below 50% are so by what they do alone beside "
        "Big Money, as far as the bots can tell:",
        "",
        "- Villages and cantrips with nothing to play them with take a Silver's place, as "
        "Village does: Worker's Village, Fortress (it comes back to the hand when "
        "trashed, and nothing trashes it), Wandering Minstrel, Vagrant, Market Square "
        "(its reaction needs a card trashed from the hand), Urchin (it becomes a "
        "Mercenary only when another Attack is played).",
        "- King's Court and Procession, as Throne Room, have only another copy or a "
        "Necropolis to play; Procession then trashes it and finds no Action costing $1 "
        "more.",
        "- Treasures below the Silver or Gold whose place they take: Quarry ($1, and no "
        "Action to make cheaper) and Talisman ($1, it copies only Silvers); Loan ($1) "
        "discards the Treasure it reveals, Coppers too (the bots' weighing counts a "
        "Copper worth keeping); Contraband's $3 makes the Province that the player to "
        "the left then names, and bots play all their Treasures; Counterfeit doubles a "
        "Copper and trashes it (a Silver when that makes a Province, never a Gold for "
        "nothing).",
        "- Poor House: a Big Money hand is mostly Treasures, each -$1 of its +$4.",
        "- Graverobber: no card costing $3 to $6 is ever trashed in these games, and it "
        "has no Action but a Necropolis to trash for a better card.",
        "- Pillage trashes itself for two Spoils, each $3 once; `bm:pillage` buys it "
        "again like any one-copy card.",
        "- Rats must trash a card and gains a Rats each time it is played: the bots play "
        "it to trash an Estate, a Shelter or a Curse, never a Treasure (0% when they "
        "trashed Golds), and the Rats it gains sit in hands with no junk left to trash.",
        "- Forge costs a Gold's $7 and gains only at the trashed cards' exact total: it "
        "turns three Estates into a Gold, or an Estate and two Silvers into a late "
        "Province; trashing nothing, it must gain a Copper.",
        "- Feodum is bought as a Duchy is, when greening, once there are six Silvers "
        "([bm-victory](../strategies/bm-victory.yaml)).",
        "- Band of Misfits, in a kingdom of it alone, has no cheaper Action in the Supply "
        "to be played as, so it does nothing and took a Gold's place (beside Smithy, "
        "Village and Militia it wins about 70%). The Knights are one row: a kingdom pile "
        "of ten different cards, bought from its top.",
        "",
        "Of Cornucopia and Guilds, the games of a card that gives Coffers (Baker, Butcher, "
        "Candlestick Maker, Plaza, Merchant Guild) are played by the generic engine (the "
        "kingdom compiler leaves tokens players spend to it): the bots spend Coffers before "
        "buying when that makes a better buy by their `buy` list, and keep them otherwise; "
        "Butcher pays them when the card it gains is worth their $1 each. Young Witch's "
        "Bane is a kingdom card costing $2 or $3, drawn with the seed, that Big Money never "
        "buys, so no Curse is ever blocked. The ones far below 50%:",
        "",
        "- Hamlet, Farming Village and Menagerie (a Big Money hand seldom holds only "
        "differently named cards) have nothing to play alone and take a Silver's place; "
        "Herald, the same; its overpay (a card put back from the discard pile per $1) "
        "never brings the bots a Silver's worth per $, so they never overpay for it.",
        "- Horn of Plenty is a $0 Treasure bought instead of a Gold: with the few names of a "
        "Big Money play area it gains a Copper or a Silver.",
        "- Remake must trash two cards at each play: Coppers for nothing (no card costs $1) "
        "and Silvers for more Remakes, which the bots' weighing counts worth more than a "
        "Silver; Stonemason trashes as Remodel does (a Province for a Gold and a Duchy), "
        "and its overpay (two Action cards costing the amount, here Stonemasons) is declined: "
        "a coin overpaid must bring a Silver's worth per $.",
        "- Doctor names the junk of the draw pile ([bm-doctor](../strategies/bm-doctor.yaml)) "
        "and, bought with $3 or $4, has nothing left to overpay.",
        "- Masterpiece is bought with $6 or more instead of a Gold, overpaying the rest for "
        "Silvers ([bm-masterpiece](../strategies/bm-masterpiece.yaml)); bought with $3 to $5 "
        "as the one-copy default, it wins 37%.",
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
