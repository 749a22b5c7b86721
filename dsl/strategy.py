"""Bot strategies as data: a YAML file with a buy priority list of `CARD [if CONDITION]`
entries in the card expression language (see strategies/)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .check import Checker, Scope
from .errors import Diagnostic, DslError, caret_excerpt
from .loader import Source, load_document, read_source
from .parser import ParseError, parse_priority


@dataclass(frozen=True)
class Strategy:
    name: str
    buy: tuple        # (card id, condition AST or None)
    play: tuple = ()  # card ids to play first, in this order


def strategies_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "strategies"


def load_strategy(path: Path, catalog) -> tuple[Strategy | None, Source]:
    src = read_source(path)
    data = None if src.diagnostics else load_document(src, "strategy")
    if data is None:
        return None, src
    entries = []
    for i, text in enumerate(data["buy"]):
        key = ("buy", i)
        try:
            cid, cond, _ = parse_priority(str(text))
        except ParseError as e:
            line, col = src.file_pos(key, e.line, e.col)
            src.error(key, "E003", f"syntax: {e.message}; write `CARD` or `CARD if CONDITION`",
                      line=line, col=col)
            continue
        if cid not in catalog.cards:
            src.error(key, "E004", f"unknown card '{cid}'")
            continue
        if cond is not None:
            def report(node, code, message, key=key):
                line, col = src.file_pos(key, node.pos.line, node.pos.col)
                src.diagnostics.append(Diagnostic(src.path, line, col, "error", code, message,
                                                  caret_excerpt(src.text, line, col)))
            Checker(Scope(set(catalog.types), set(catalog.cards)), report).cond(cond)
        entries.append((cid, cond))
    for i, cid in enumerate(data.get("play", [])):
        if cid not in catalog.cards:
            src.error(("play", i), "E004", f"unknown card '{cid}'")
    if any(d.severity == "error" for d in src.diagnostics):
        return None, src
    return Strategy(data["name"], tuple(entries), tuple(data.get("play", []))), src


def find_strategy(spec: str, catalog) -> Strategy:
    """A shipped strategy by name, or a strategy file by path; `NAME:CARD` adds "buy one
    CARD" at the top of NAME's list. Raises DslError."""
    name, _, card = spec.partition(":")
    path = Path(name) if name.endswith(".yaml") else strategies_dir() / f"{name}.yaml"
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in strategies_dir().glob("*.yaml")))
        raise DslError(Diagnostic(spec, 1, 1, "error", "E004",
                                  f"unknown bot '{spec}' (bots: {known}, random, NAME:CARD)"))
    strategy, src = load_strategy(path, catalog)
    if strategy is None:
        raise DslError(src.diagnostics)
    if card:
        if card not in catalog.cards:
            raise DslError(Diagnostic(spec, 1, 1, "error", "E004", f"unknown card '{card}'"))
        cond = parse_priority(f"{card} if owned({card}) = 0")[1]
        # after the entries that buy the card that ends the game (Big Money's Province)
        at = 0
        while at < len(strategy.buy) and strategy.buy[at][0] == catalog.rules.end_pile:
            at += 1
        buy = strategy.buy[:at] + ((card, cond),) + strategy.buy[at:]
        strategy = Strategy(f"{name}:{card}", buy, (card,) + strategy.play)
    return strategy
