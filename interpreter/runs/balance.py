"""Is a card too strong? Its bot plays Big Money and Big Money with each of some official
kingdom cards of the same cost, head to head, over random kingdoms that include it
(`dsl balance`, docs/balance.md).

Everything random comes from the seed: the rivals (when not named), the kingdoms, the slot
a rival takes in a kingdom that lacks it, and each game (simulation.game_seed). Game i of
kingdom k has the same seed in every matchup (common random numbers: the comparisons
differ by the bots, not by the shuffles). All the games are one batch on one worker pool."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .simulation import Run, game_seed, run_batch, wilson

KINGDOM_SIZE = 10        # kingdom cards in a game, as the rulebook deals them
MAX_RIVALS = 10          # official cards of the same cost drawn when none are named
BASELINE = "bm"          # Big Money: the bot every card is measured against
STRONGER, WEAKER, EVEN = "stronger", "weaker", "even"


def is_kingdom_card(catalog, cid: str) -> bool:
    """A kingdom pile: a kingdom card (neither one of the rules' basic piles, nor the Potion,
    nor a starting card, nor `kingdom: false`) or a mixed pile marked `kingdom: true`; or an
    Event (ranked against Events)."""
    return catalog.is_kingdom(cid) or is_event(catalog, cid)


def is_event(catalog, cid: str) -> bool:
    d = catalog.cards.get(cid)
    return d is not None and d.landscape == "event"


def official_events(catalog) -> list[str]:
    """The shipped sets' Events, by id."""
    from dsl.language.data import is_shipped
    return [lid for lid in catalog.landscape_ids("event") if is_shipped(catalog.cards[lid].path)]


def official_kingdom_cards(catalog) -> list[str]:
    """The shipped sets' kingdom piles (not a fan set's), by id."""
    from dsl.language.data import is_shipped
    return [cid for cid in catalog.kingdom_ids()
            if (path := catalog.face_of(cid).path) and is_shipped(path)]


def same_cost(catalog, card: str) -> list[str]:
    """The official kingdom piles costing what `card` costs (coins and Potion), but it."""
    cost = catalog.face_of(card).cost
    pool = official_events(catalog) if is_event(catalog, card) else \
        official_kingdom_cards(catalog)           # an Event against Events, not cards
    return [cid for cid in pool if cid != card and catalog.face_of(cid).cost == cost]


def card_bot(catalog, card: str) -> str:
    """The card's bot: the strategy named like the card (a fan set's strategies/CARD.yaml,
    or a shipped one), else Big Money that buys one (`bm:CARD`)."""
    from dsl.language.strategy import strategy_files
    return card if card in strategy_files(catalog) else f"{BASELINE}:{card}"


def draw_rivals(catalog, card: str, seed: int, limit: int = MAX_RIVALS) -> list[str]:
    pool = same_cost(catalog, card)
    if len(pool) > limit:
        pool = sorted(random.Random(f"{seed}/rivals").sample(pool, limit))
    return pool


def draw_kingdoms(catalog, card: str, n: int, seed: int) -> list[list[str]]:
    """`n` kingdoms of KINGDOM_SIZE cards: the card, then official kingdom cards drawn (an
    Event: the Event, then KINGDOM_SIZE kingdom cards). No other Event is dealt: the bots
    buy none, and a kingdom without Events is played by the kingdom compiler."""
    rng = random.Random(f"{seed}/kingdoms")
    pool = [c for c in official_kingdom_cards(catalog) if c != card]
    k = min(KINGDOM_SIZE - (not is_event(catalog, card)), len(pool))
    return [[card] + sorted(rng.sample(pool, k)) for _ in range(n)]


def with_rival(kingdom: list[str], rival: str, seed: int, k: int) -> list[str]:
    """Kingdom k with the rival in it (Big Money with X needs X in the supply): if it is
    not there, it takes a slot other than the card's (the first), drawn from the seed."""
    if rival in kingdom:
        return list(kingdom)
    out = list(kingdom)
    out[random.Random(f"{seed}/{k}/{rival}").randrange(1, len(out))] = rival
    return out


@dataclass(frozen=True)
class Plan:
    card: str
    bot: str                      # the card's bot
    rivals: tuple                 # official cards, each played as bm:X
    kingdoms: tuple               # the kingdoms (lists of card ids), each with the card
    games: int                    # per matchup and kingdom
    seed: int
    named: bool = False           # rivals given by --against (not drawn)
    event: bool = False           # the card is an Event: its rivals are Events, each added
                                  # to a kingdom beside it (an Event takes no pile's slot)
    events: tuple = ()            # Events beside every kingdom (--events)

    @property
    def opponents(self) -> list[str]:
        """The card's bot plays these: Big Money, then Big Money with each rival."""
        return [BASELINE] + [f"{BASELINE}:{r}" for r in self.rivals]

    def runs(self) -> list[Run]:
        """One run per matchup and kingdom, matchup by matchup."""
        out = []
        for m, rival in enumerate((None,) + self.rivals):
            for k, kingdom in enumerate(self.kingdoms):
                cards = kingdom if rival is None else \
                    (*kingdom, rival) if self.event else \
                    with_rival(kingdom, rival, self.seed, k)
                if self.events:
                    cards = (*cards, *(e for e in self.events if e not in cards))
                out.append(Run(cards, [self.bot, self.opponents[m]], self.games,
                               game_seed(self.seed, k)))
        return out


def make_plan(catalog, card: str, kingdoms: int, games: int, seed: int,
              against: list[str] | None = None, events: tuple = ()) -> Plan:
    """`events` (--events): Events beside every kingdom (a card's bot buys none of them
    unless its strategy names it)."""
    rivals = list(against) if against is not None else draw_rivals(catalog, card, seed)
    return Plan(card, card_bot(catalog, card), tuple(rivals),
                tuple(tuple(k) for k in draw_kingdoms(catalog, card, kingdoms, seed)),
                games, seed, against is not None, is_event(catalog, card),
                tuple(e for e in events if e != card))


@dataclass
class Matchup:
    """The card's bot against one opponent, over every kingdom."""
    opponent: str
    rival: str | None
    games: int = 0
    wins: float = 0.0             # the card's bot's (a tie shared between them: half)
    ties: int = 0
    vp: list = field(default_factory=lambda: [0, 0])     # total VP: card's bot, opponent
    tally: object = None          # stats.Tally over every kingdom

    @property
    def win_rate(self) -> float:
        return self.wins / max(self.games, 1)

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def verdict(self) -> str:
        """Head to head: the card is stronger when its interval lies above one half."""
        lo, hi = self.ci95
        return STRONGER if lo > 0.5 else WEAKER if hi < 0.5 else EVEN


@dataclass
class Report:
    plan: Plan
    cost: str
    matchups: list                # vs Big Money first, then one per rival

    @property
    def rivals(self) -> list:
        return self.matchups[1:]

    def ranking(self) -> dict:
        """Where the card ranks among itself and its rivals, head to head: 1 + the rivals
        it loses to by its 95% interval (best place), + those it cannot be told from
        (worst place); `rank` counts the rivals it wins under half the games against."""
        counts = {v: sum(m.verdict == v for m in self.rivals) for v in (STRONGER, WEAKER, EVEN)}
        return {"cards": 1 + len(self.rivals),
                "rank": 1 + sum(m.win_rate < 0.5 for m in self.rivals),
                "best": 1 + counts[WEAKER], "worst": 1 + counts[WEAKER] + counts[EVEN],
                "beats": counts[STRONGER], "loses_to": counts[WEAKER], "even": counts[EVEN]}


def play(catalog, plan: Plan, workers: int = 1, progress=None, engine: str = "auto") -> Report:
    """Every matchup's games on one worker pool; the same report whatever the workers and
    the engine."""
    results = run_batch(catalog, plan.runs(), workers, progress, stats=True, engine=engine)
    n = len(plan.kingdoms)
    matchups = []
    for m, rival in enumerate((None,) + plan.rivals):
        mu = Matchup(plan.opponents[m], rival)
        for res in results[m * n:(m + 1) * n]:       # kingdom by kingdom, in order
            mu.games += res.games
            mu.wins += res.bots[0].wins
            mu.ties += res.ties
            mu.vp = [mu.vp[0] + res.bots[0].vp, mu.vp[1] + res.bots[1].vp]
            if mu.tally is None:
                mu.tally = res.stats
            else:
                mu.tally.merge(res.stats)
        matchups.append(mu)
    return Report(plan, str(catalog.cards[plan.card].cost), matchups)


# ---- the report as data -------------------------------------------------------------------
def report_json(report: Report) -> dict:
    p = report.plan
    out = {"card": p.card, "cost": report.cost, "bot": p.bot, "seed": p.seed,
           "kingdoms": [list(k) for k in p.kingdoms], "games_per_kingdom": p.games,
           "rivals": list(p.rivals), "rivals_named": p.named, "matchups": [],
           "ranking": report.ranking()}
    if p.events:
        out["events"] = list(p.events)         # beside every kingdom (--events)
    for mu in report.matchups:
        lo, hi = mu.ci95
        g = max(mu.games, 1)
        out["matchups"].append({
            "opponent": mu.opponent, "rival": mu.rival, "games": mu.games, "wins": mu.wins,
            "win_rate": mu.win_rate, "win_rate_ci95": [lo, hi], "ties": mu.ties,
            "verdict": mu.verdict if mu.rival else None,
            "avg_vp": {"card_bot": mu.vp[0] / g, "opponent": mu.vp[1] / g},
            "per_turn": {"card_bot": mu.tally.per_turn(0), "opponent": mu.tally.per_turn(1)},
            "end_reasons": mu.tally.end_reasons()})
    return out


CSV_COLUMNS = ("section", "matchup", "bot", "key", "measure", "value")


def report_csv_rows(report: Report) -> list[tuple]:
    """Rows of one table (CSV_COLUMNS): `run`, `kingdom` (key: its number; the cards),
    `matchup` (per opponent: games, wins, win_rate, ci95_low, ci95_high, ties, verdict),
    `rank`, and `turn` (per matchup and bot, key: the turn; games, avg_vp, avg_coins)."""
    data = report_json(report)
    p = report.plan
    rows = [("run", "", p.bot, "", m, v) for m, v in
            (("card", p.card), ("cost", report.cost), ("seed", p.seed),
             ("kingdoms", len(p.kingdoms)), ("games_per_kingdom", p.games))]
    rows += [("kingdom", "", "", k + 1, "cards", " ".join(cards))
             for k, cards in enumerate(p.kingdoms)]
    for mu in data["matchups"]:
        lo, hi = mu["win_rate_ci95"]
        for m, v in (("games", mu["games"]), ("wins", mu["wins"]),
                     ("win_rate", mu["win_rate"]), ("ci95_low", lo), ("ci95_high", hi),
                     ("ties", mu["ties"]), ("verdict", mu["verdict"] or "")):
            rows.append(("matchup", mu["opponent"], p.bot, "", m, v))
    rows += [("rank", "", p.bot, "", m, v) for m, v in data["ranking"].items()]
    for mu in data["matchups"]:
        for who, name in (("card_bot", p.bot), ("opponent", mu["opponent"])):
            for t in mu["per_turn"][who]:
                for m in ("games", "avg_vp", "avg_coins"):
                    rows.append(("turn", mu["opponent"], name, t["turn"], m, t[m]))
    return rows
