"""`dsl lint`: every check on card files, set files and the rule table, as diagnostics."""
from __future__ import annotations

from pathlib import Path

from .check import Checker, Scope
from .errors import Diagnostic, caret_excerpt
from .loader import Loaded, default_sets_dir, load_paths, load_shipped

LOCALES = ("en", "hu", "cs")          # the locales whose card names the rulebooks give


def check_source(src, catalog, card=None) -> None:
    """Run the name and type checks over every program of one source file."""
    types, cards = set(catalog.types), set(catalog.cards)
    for tree, key, role, trigger in src.programs:
        def report(node, code, message, key=key):
            pos = getattr(node, "pos", None)
            line, col = src.file_pos(key, pos.line, pos.col) if pos and pos.line else \
                src.file_pos(key, 1, 1)
            src.diagnostics.append(Diagnostic(src.path, line, col, "error", code, message,
                                              caret_excerpt(src.text, line, col)))
        scope = Scope(types, cards, has_it=trigger is not None, trigger_on=trigger)
        checker = Checker(scope, report)
        if role == "program":
            checker.program(tree)
        elif role == "condition":
            checker.cond(tree, pred=True)
        else:
            t = checker.expr(tree)
            if t not in ("number", "?"):
                report(tree, "E005", f"victory points must be a number, got a {t}")
    for cid, key in src.refs:
        if cid not in cards:
            src.error(key, "E007", f"unknown card '{cid}' in a kingdom; check the id "
                      "(see `dsl cards`)")
    if card is not None:
        for t in card.types:
            if t not in types:
                src.error(("types",), "E004", f"unknown card type '{t}' (known: "
                          f"{', '.join(sorted(types))})")
        missing = [loc for loc in LOCALES if loc not in card.names]
        for loc in missing:
            src.error(("names",), "W001", f"no '{loc}' name for {card.id}; add names.{loc} "
                      "if a rulebook gives one", severity="warning")


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def lint(paths: list[str] | None) -> list[Diagnostic]:
    """Diagnostics for the given files/folders (default: all shipped sets). Fan cards are
    checked against the shipped sets, so they may name any shipped card."""
    sets_dir = default_sets_dir()
    shipped = load_shipped()
    targets = [Path(p) for p in (paths or [])]
    extra = [p for p in targets if not _inside(p, sets_dir)]
    loaded = load_paths(extra, Loaded(shipped.catalog, list(shipped.sources),
                                      dict(shipped.card_sources))) if extra else shipped
    if shipped.catalog.rules is None:
        loaded.sources[0].error((), "E008", f"no rules.yaml found under {sets_dir}")
    by_path = {s.path: s for s in loaded.sources}
    cards_by_path = {c.path: c for c in loaded.catalog.cards.values()}
    for src in loaded.sources:
        check_source(src, loaded.catalog, cards_by_path.get(src.path))
    def wanted(src) -> bool:
        if not targets:
            return _inside(Path(src.path), sets_dir)
        return any(Path(src.path).resolve() == t.resolve() or (t.is_dir() and
                   _inside(Path(src.path), t)) for t in targets)
    return [d for s in by_path.values() if wanted(s) for d in s.diagnostics]
