"""A kingdom pile a set rule adds (`kingdom_pile: {where: COND, mark: TYPE}`, the Bane): a
kingdom card not in the kingdom whose printed cost meets the condition, drawn by the game's
seed (or named: `--bane`, a scenario's or a recommended kingdom's `bane:`), whose cards have
the mark as a type in that game. The mark is a per-game copy of the card's definition with
the type added, in a copy of the catalog kept per (catalog, card, mark): `where bane`, `x is
bane`, `1 bane from hand` then work as any type does, with no engine code per mark. A game
whose set rules add no pile never comes here."""
from __future__ import annotations

from dataclasses import replace

from interpreter.core.setup import GameError, _named_rules, kingdom_meets
from interpreter.effects.compiler import compiled
from interpreter.effects.expressions import Frame


class _Printed:
    """What a `kingdom_pile` condition reads of a game before there is one: printed costs."""
    turn = None

    @staticmethod
    def cost(d):
        return d.cost


_CANDIDATES: dict = {}       # (catalog, kingdom, rule) -> the cards the rule may add
_MARKED: dict = {}           # (catalog, ((card, mark), ...)) -> the catalog they are marked in
_MAX_KEPT = 256


def adds_piles(catalog, set_rules: tuple) -> bool:
    """Whether a set rule in force adds a kingdom pile (usually not: one look per rule)."""
    rules = catalog.set_rules
    return any(rules[r].kingdom_pile is not None for r in set_rules)


def candidates(catalog, kingdom: tuple, rid: str) -> tuple:
    """The kingdom cards (and kingdom piles) not in the kingdom whose printed cost (a
    pile's first card's) meets the rule's condition, sorted."""
    key = (id(catalog), kingdom, rid)
    hit = _CANDIDATES.get(key)
    if hit is not None and hit[0] is catalog:
        return hit[1]
    cond = catalog.set_rules[rid].kingdom_pile[0]
    test = compiled(cond)
    out = []
    for kid in catalog.kingdom_ids():
        face = catalog.face_of(kid)
        if kid in kingdom or face is None:
            continue
        try:
            ok = test(_Printed, Frame(None, 0, subject=face))
        except (AttributeError, TypeError, KeyError, IndexError):
            raise GameError(f"set rule '{rid}': its kingdom_pile `where` reads more than a "
                            "card's printed cost (write e.g. `cost >= $2 and cost <= $3`)") \
                from None
        if ok:
            out.append(kid)
    if len(_CANDIDATES) >= _MAX_KEPT:
        _CANDIDATES.clear()
    _CANDIDATES[key] = (catalog, tuple(out))
    return tuple(out)


def add_piles(catalog, kingdom: list, set_rules: tuple, rng, named=None,
              without_rules=()) -> tuple:
    """(kingdom with the added piles, the catalog their cards are marked in, the set rules
    in force with those the added cards bring, ((rule, card), ...) added). Each adding rule
    adds and marks its own pile, in the order of their ids; a rule an added card brings
    that adds a pile too (a fan rule draws Young Witch, whose Bane rule then adds the Bane)
    adds its pile after them. One number is drawn for each adding rule whether or not
    `named` (the first rule's card) gives its card, so that a game replayed with the card
    it drew named is the same game."""
    rules = catalog.set_rules
    adders = sorted(r for r in set_rules if rules[r].kingdom_pile is not None)
    if named is not None and not adders:
        raise GameError(f"bane {named}: no set rule in force adds a kingdom pile (a rule "
                        "with `kingdom_pile:`, in force by its `when:`)")
    added, kingdom, seen = [], list(kingdom), set(adders)
    for i, rid in enumerate(adders):        # (grows: a rule an added card brings)
        cands = candidates(catalog, tuple(kingdom), rid)
        pick = cands[rng.randrange(len(cands))] if cands else None
        if i == 0 and named is not None:
            if named not in cands:
                raise GameError(_why_not(catalog, kingdom, rid, named))
            pick = named
        if pick is not None:
            added.append((rid, pick))
            kingdom.append(pick)
            set_rules = _rules_brought(catalog, [pick], set_rules, without_rules)
            more = sorted(r for r in set_rules if r not in seen and
                          rules[r].kingdom_pile is not None)
            seen.update(more)
            adders += more                   # it adds its own pile after these
    if not added:
        return kingdom, catalog, set_rules, ()
    marks = tuple((cid, rules[rid].kingdom_pile[1]) for rid, cid in added)
    return kingdom, marked_catalog(catalog, marks), set_rules, tuple(added)


def _why_not(catalog, kingdom: list, rid: str, cid: str) -> str:
    if not catalog.is_kingdom(cid):
        why = "not a kingdom card" if cid in catalog.cards else "an unknown card"
    elif cid in kingdom:
        why = "already in the kingdom"
    else:
        why = f"its cost does not meet the rule's condition ({catalog.set_rules[rid].kingdom_pile[2]})"
    return f"bane {cid}: {why}; the pile set rule '{rid}' adds is a kingdom card not in " \
        "the kingdom whose printed cost meets its condition"


def _rules_brought(catalog, cards: list, set_rules: tuple, without_rules) -> tuple:
    """The set rules in force with those a condition on the kingdom brings for the added
    cards (a Looter added brings the Ruins), less those turned off."""
    off = _named_rules(catalog, without_rules) if without_rules else set()
    more = [rid for rid, r in catalog.set_rules.items()
            if rid not in set_rules and rid not in off and r.when.__class__ is tuple and
            kingdom_meets(catalog, r.when, cards)]
    return tuple(sorted(set_rules + tuple(more))) if more else set_rules


def marked_catalog(catalog, marks: tuple):
    """A copy of the catalog whose definitions of each (card, type) of `marks` have the type
    added (a kingdom pile's cards all of them), made once per catalog and marks."""
    key = (id(catalog), marks)
    hit = _MARKED.get(key)
    if hit is not None and hit[0] is catalog:
        return hit[1]
    out = catalog.copy()
    for kid, mark in marks:
        for d in catalog.defs_of(kid):
            if mark not in d.types:
                out.cards[d.id] = replace(d, types=d.types + (mark,))
    if len(_MARKED) >= _MAX_KEPT:
        _MARKED.clear()
    _MARKED[key] = (catalog, out)
    return out
