"""The language's own checks of a loaded file: every name and type in its effects, the card
ids its kingdoms name, the card's types. A command that opens fan sets runs these; `dsl
lint` adds the printed-text and locale checks (dsl.lint)."""
from __future__ import annotations

from . import ast as A
from .check import Checker, Scope
from .errors import Diagnostic, caret_excerpt
from .walk import bindings, nodes


def check_programs(src, catalog, card=None) -> None:
    """The name and type checks over every program of one source file, the kingdoms' card ids
    and the card's types (errors, added to `src.diagnostics`)."""
    types = set(catalog.types)
    cards = set(catalog.cards) | set(catalog.piles)      # a mixed pile's id: `gain ID`
    tokens, mats = catalog.given_names()
    for tree, key, role, trigger in src.programs:
        def report(node, code, message, key=key):
            pos = getattr(node, "pos", None)
            line, col = src.file_pos(key, pos.line, pos.col) if pos and pos.line else \
                src.file_pos(key, 1, 1)
            src.diagnostics.append(Diagnostic(src.path, line, col, "error", code, message,
                                              caret_excerpt(src.text, line, col)))
        scope = Scope(types, cards, has_it=trigger is not None, trigger_on=trigger,
                      known_tokens=tokens, known_mats=mats)
        Checker(scope, report).run(tree, role)
        if role == "program":
            _unread_bindings(src, key, tree)
        if key == ("setup",):
            for s in tree or ():
                if not _setup_statement(s):
                    report(s, "E005", "a card's `setup` puts tokens on piles or gives each "
                           "player tokens: `+1 KIND token on each pile where COND`, "
                           "`each player { +1 KIND token }`")
        if card is not None and card.landscape is not None and \
                any(n == A.Name("this") for n in nodes(tree)):
            report(next(n for n in nodes(tree) if n == A.Name("this")), "E005",
                   "a landscape has no `this`: it is not a card (an Event's `on_buy` acts "
                   "for the buyer, `you`)")
        for n in nodes(tree):
            if isinstance(n, A.GainSpec) and n.kind is not None and \
                    catalog.is_landscape(n.kind):
                report(n, "E005", f"'{n.kind}' is a landscape (an Event), not a card: it is "
                       "never gained, moved or played; name a card")
        if key == ("on_play",):
            for n in nodes(tree):
                if isinstance(n, A.Play) and isinstance(n.target, A.AllOf) and \
                        n.target.expr == A.Name("this"):
                    report(n, "E009", "a card that plays itself when played never stops; "
                           "play other cards (`play chosen twice`)")
    for cid, key in src.refs:
        if cid in catalog.piles:
            if not catalog.piles[cid].kingdom:
                src.error(key, "E007", f"'{cid}' is a basic pile (its set file does not say "
                          "`kingdom: true`); a set rule brings it into the game, not a kingdom")
        elif cid not in cards:
            src.error(key, "E007", f"unknown card '{cid}' in a kingdom; check the id "
                      "(see `dsl cards`)")
        elif not catalog.cards[cid].kingdom and catalog.cards[cid].landscape is None:
            src.error(key, "E007", f"'{cid}' is not a kingdom card (its file says `kingdom: "
                      "false`); a set rule brings it into the game, not a kingdom")
    for cid, key in src.pile_refs:
        if cid not in cards and cid not in catalog.piles:
            src.error(key, "E007", f"unknown card '{cid}' in a set rule; check the id "
                      "(see `dsl cards`)")
    for rid, key in src.rule_refs:
        if rid not in catalog.set_rules:
            known = ", ".join(sorted(catalog.set_rules)) or "none"
            src.error(key, "E007", f"unknown set rule '{rid}' (set rules: {known}); a set "
                      "file's `rules:` defines them")
    for t, key in src.type_refs:
        if t not in types:
            src.error(key, "E004", f"unknown card type '{t}' (known: "
                      f"{', '.join(sorted(types))})")
    if card is not None:
        for t in card.types:
            if t not in types:
                src.error(("types",), "E004", f"unknown card type '{t}' (known: "
                          f"{', '.join(sorted(types))})")


def _setup_statement(s) -> bool:
    """What a card's `setup` may do: tokens on the piles a condition holds of, or tokens
    for each player."""
    if isinstance(s, A.Tokens):
        return s.piles is not None
    return isinstance(s, A.Each) and not s.others and bool(s.body) and all(
        isinstance(x, A.Tokens) and not x.on_pile and x.piles is None for x in s.body)


def check_new_sources(loaded, first: int) -> list[Diagnostic]:
    """Run the name and type checks on the sources loaded after index `first` (fan cards
    loaded beside the shipped sets) and return their errors."""
    cards_by_path = {c.path: c for c in loaded.catalog.cards.values()}
    for src in loaded.sources[first:]:
        check_programs(src, loaded.catalog, cards_by_path.get(src.path))
    return [d for s in loaded.sources[first:] for d in s.diagnostics if d.severity == "error"]


def _unread_bindings(src, key, tree) -> None:
    """W017: a variable bound with `as NAME` that nothing in the program reads (usually a
    misspelt name where it is read, which lint then reports as unknown, or a leftover)."""
    read = {v for n in nodes(tree) for f in n.__dataclass_fields__ if f not in ("pos", "bind")
            for v in (getattr(n, f),) if isinstance(v, str)}
    for name, pos in bindings(tree):
        if name not in read:
            line, col = src.file_pos(key, pos.line, pos.col) if pos and pos.line else \
                src.file_pos(key, 1, 1)
            src.diagnostics.append(Diagnostic(
                src.path, line, col, "warning", "W017",
                f"'{name}' is bound (`as {name}`) but never read; read it, or leave out "
                f"`as {name}`", caret_excerpt(src.text, line, col)))
