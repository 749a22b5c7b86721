"""Bot strategies as data: a YAML file with a buy priority list of `CARD [if CONDITION]`
entries in the card expression language, the Actions to play first, and answer rules per
card (dsl/language/strategy_answers.py; docs/strategies.md)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .data import fan_subfolders, shipped_dir
from .errors import Diagnostic, DslError
from .documents import Source, kept_document, read_source
from .parser import parse_priority
from .strategy_answers import load_answers, load_card_entries, load_play


@dataclass(frozen=True)
class Strategy:
    name: str
    buy: tuple        # (card id, condition AST or None)
    play: tuple = ()  # (card id, condition AST or None): Actions to play first, in order
    answers: tuple = ()   # (card id, answer key, (Rule, ...)): dsl/language/strategy_answers.py


def strategies_dir() -> Path:
    return shipped_dir("strategies")


MAX_STRATEGY_FILES = 500


def strategy_files(catalog) -> dict[str, Path]:
    """Strategy name (the file's stem) -> file: the shipped strategies and those of every
    loaded fan set (its `strategies/` folder). A name defined twice is an error naming
    both files."""
    found: dict[str, Path] = {}
    for folder in [strategies_dir()] + fan_subfolders(catalog, "strategies"):
        for path in sorted(folder.glob("*.yaml"))[:MAX_STRATEGY_FILES]:
            other = found.get(path.stem)
            if other is not None:
                raise DslError(Diagnostic(str(path), 1, 1, "error", "E006",
                                          f"duplicate strategy '{path.stem}' (also {other}); "
                                          "rename one of the files"))
            found[path.stem] = path
    return found


def load_strategy(path: Path, catalog) -> tuple[Strategy | None, Source]:
    src = read_source(path)
    data = None if src.diagnostics else kept_document(src, "strategy")
    if data is None:
        return None, src
    entries = load_card_entries(src, data["buy"], "buy", catalog)
    play = load_play(src, data, catalog)
    answers = load_answers(src, data, catalog)
    if any(d.severity == "error" for d in src.diagnostics):
        return None, src
    return Strategy(data["name"], entries, play, answers), src


def find_strategy(spec: str, catalog) -> Strategy:
    """A shipped strategy by name, or a strategy file by path; `NAME:CARD` is NAME that
    also buys one CARD (after the entries buying the end pile's card), plays it first,
    and answers CARD's decisions by the rules a shipped strategy gives for CARD, if one
    does (its `buy` rule for CARD, if any, says how many to buy). Raises DslError."""
    name, _, card = spec.partition(":")
    named = strategy_files(catalog)
    path = Path(name) if name.endswith(".yaml") else named.get(name)
    if path is None or not path.exists():
        known = ", ".join(sorted(named))
        raise DslError(Diagnostic(spec, 1, 1, "error", "E004",
                                  f"unknown bot '{spec}' (bots: {known}, random, NAME:CARD)"))
    strategy, src = load_strategy(path, catalog)
    if strategy is None:
        raise DslError(src.diagnostics)
    if card:
        if card not in catalog.cards and not catalog.is_kingdom(card):
            raise DslError(Diagnostic(spec, 1, 1, "error", "E004", f"unknown card '{card}'"))
        strategy = with_card(strategy, f"{name}:{card}", card, catalog)
    return strategy


def with_card(strategy: Strategy, name: str, card: str, catalog) -> Strategy:
    """`NAME:CARD`: the strategy, buying CARD too, with the answer rules for CARD that the
    strategy lacks taken from the shipped strategies (the file `bm-CARD` first)."""
    shipped = shipped_answers(catalog).get(card, ())
    own = {key for cid, key, _ in strategy.answers if cid == card}
    added = tuple(a for a in shipped if a[1] not in own)
    answers = strategy.answers + added
    buys = next((rules for cid, key, rules in answers if cid == card and key == "buy"), None)
    if catalog.is_landscape(card) and not buys:
        return _with_landscape(strategy, name, card, answers, catalog)
    if buys:
        entries = tuple((r.answer, r.cond) for r in buys)
    else:
        # one, at the first chance, but not with the coins of a card far dearer
        d = catalog.face_of(card)
        entries = ((card, parse_priority(
            f"{card} if owned({card}) = 0 and coins <= {d.cost.coins + 2}")[1]),)
    potion = catalog.rules.potion_card
    d = catalog.face_of(card)
    if d.cost.potion and potion in catalog.cards and \
            all(cid != potion for cid, _ in strategy.buy + entries):
        # a card costing a Potion needs one: bought once, while CARD is not yet owned
        entries += ((potion, parse_priority(
            f"{potion} if owned({potion}) = 0 and owned({card}) = 0")[1]),)
    # after the entries that buy the cards that end the game (Big Money's Province) and the
    # basic cards of set rules (bought only in games that have them)
    top = {catalog.rules.end_pile} | {c for r in catalog.set_rules.values()
                                      for c in r.piles + r.end_piles}
    at = 0
    while at < len(strategy.buy) and strategy.buy[at][0] in top:
        at += 1
    buy = strategy.buy[:at] + entries + strategy.buy[at:]
    first = tuple((d.id, None) for d in catalog.defs_of(card))   # a kingdom pile's cards
    return Strategy(name, buy, first + strategy.play, answers)


def _with_landscape(strategy: Strategy, name: str, card: str, answers, catalog) -> Strategy:
    """`NAME:EVENT`: the strategy, buying the Event whenever it can (a bot buys an Event
    once a turn): before its first entry that buys a Treasure costing less than $6 (Big
    Money's Silver: after Province, Gold and the Duchy rules), else at the end."""
    cards = catalog.cards
    at = next((i for i, (cid, _) in enumerate(strategy.buy)
               if cid in cards and cards[cid].is_treasure and cards[cid].cost.coins < 6),
              len(strategy.buy))
    buy = strategy.buy[:at] + ((card, None),) + strategy.buy[at:]
    return Strategy(name, buy, strategy.play, answers)


_SHIPPED_ANSWERS: dict = {}      # id(catalog) -> (catalog, {card id: answers})


def shipped_answers(catalog) -> dict:
    """card id -> the answer rules the known strategies give for it (of the strategy
    named `bm-CARD` if it gives some, else of the first file by name that does); read
    once per catalog. A file that does not load gives none (lint reports it)."""
    hit = _SHIPPED_ANSWERS.get(id(catalog))
    if hit is not None and hit[0] is catalog:
        return hit[1]
    found: dict = {}
    paths = list(strategy_files(catalog).values())   # shipped, and the fan sets' own
    for path in sorted(paths, key=lambda p: (not p.stem.startswith("bm-"), p.stem)):
        strategy = load_strategy(path, catalog)[0]
        if strategy is None:
            continue
        by_card: dict = {}
        for entry in strategy.answers:
            by_card.setdefault(entry[0], []).append(entry)
        for cid, entries in by_card.items():
            if cid not in found or path.stem == f"bm-{cid}":
                found[cid] = tuple(entries)
    _SHIPPED_ANSWERS[id(catalog)] = (catalog, found)
    return found
