"""Expressions compiled once into closures `fn(game, frame)`, instead of walking the AST at
every evaluation. The cache is keyed by node identity and keeps the node, so one compiled
closure serves every game."""
from __future__ import annotations

import operator
from functools import partial

from dsl import ast as A
from dsl.check import FUNCTIONS, NUMERIC
from dsl.model import Cost

PLAYER_ZONE_NAMES = ("hand", "deck", "discard", "in_play", "revealed", "set_aside")

_CACHE: dict[int, tuple] = {}


def compiled(e):
    """The closure for an expression node (compiled on first use)."""
    hit = _CACHE.get(id(e))
    if hit is not None and hit[0] is e:
        return hit[1]
    fn = _COMPILERS[type(e)](e)
    _CACHE[id(e)] = (e, fn)
    return fn


class Bound(list):
    """Cards read from a variable, with the zone each was in when bound."""
    __slots__ = ("zones",)

    def __init__(self, pairs=()):
        super().__init__(c for c, _ in pairs)
        self.zones = {c.uid: z for c, z in pairs}


def located(pairs) -> list:
    return Bound(pairs or ())


def truthy(v) -> bool:
    return bool(v)


def is_kind(d, kind: str) -> bool:
    return kind == d.id or kind in d.types


# ---- names and facts -------------------------------------------------------------------------
# Facts about the game, each one lookup: the players' holdings are tallied as cards change
# hands, the supply's pile sizes as cards leave and join it.
FACTS = {
    "money": lambda g, f: g.players[f.actor].holdings.money,
    "deck_size": lambda g, f: g.players[f.actor].holdings.size,
    "gains_to_end": lambda g, f: g.to_end,
    "empty_piles": lambda g, f: g.empty_count,
}


def _name(e: A.Name):
    n = e.name
    if n == "this":
        return lambda g, f: located(f.this)
    if n == "it":
        return lambda g, f: located(f.it)
    if n in PLAYER_ZONE_NAMES:
        return lambda g, f: list(g.players[f.actor].zones[n].cards)
    if n == "trash":
        return lambda g, f: list(g.trash_zone.cards)
    if n == "all_cards":
        return lambda g, f: g.players[f.actor].all_cards()
    fact = FACTS.get(n)
    if fact is not None:
        return fact

    def variable_or_kind(g, f):
        pairs = f.env.get(n)
        if pairs is not None:
            return located(pairs)
        if f.subject is not None:
            return is_kind(f.subject, n)
        return []          # an unbound variable (a branch not taken): no cards
    return variable_or_kind


def _cards_of(fn):
    def cards(g, f):
        v = fn(g, f)
        return v if isinstance(v, list) else []
    return cards


def _times_played(g, cid: str) -> int:
    return sum(1 for c in g.turn.played if c.d.id == cid)


def _call(e: A.Call):
    name = e.func
    if name == "played":
        arg = e.args[0]
        if isinstance(arg, A.Name) and arg.name not in ("this", "it"):
            cid = arg.name

            def played_id(g, f):
                pairs = f.env.get(cid)
                return _times_played(g, pairs[0][0].id if pairs else cid)
            return played_id
        which = arg.name

        def played_card(g, f):
            pairs = f.this if which == "this" else f.it
            return _times_played(g, pairs[0][0].id) if pairs else 0
        return played_card
    if name in ("owned", "pile"):
        cid = e.args[0].name
        if name == "owned":
            return lambda g, f: g.players[f.actor].holdings.counts.get(cid, 0)
        return lambda g, f: len(g.supply[cid]) if cid in g.supply else 0
    arg = _cards_of(compiled(e.args[0]))
    if name == "count":
        return lambda g, f: len(arg(g, f))
    part = name

    def cost(g, f):
        cards = arg(g, f)
        if not cards:
            return None if part == "cost" else 0
        c = g.cost(cards[0].d)
        return c if part == "cost" else (c.coins if part == "coins_cost" else c.potion)
    return cost


def _arith(e: A.Arith):
    left, right, op = compiled(e.left), compiled(e.right), e.op

    def arith(g, f):
        a, b = left(g, f), right(g, f)
        if a is None or b is None:
            return None
        if isinstance(a, Cost):
            if op == "+":
                return Cost(a.coins + b, a.potion)
            return Cost(a.coins - b, a.potion) if op == "-" else None
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        return a // b if b else 0
    return arith


_COMPARE = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge}
_SWAPPED = {operator.eq: operator.eq, operator.ne: operator.ne, operator.lt: operator.gt,
            operator.le: operator.ge, operator.gt: operator.lt, operator.ge: operator.le}


# the calls whose value is always a number (never None, a Cost or cards), as the checker types them
_NUMERIC_CALLS = frozenset(f for f, (_, result) in FUNCTIONS.items() if result in NUMERIC)


def _number_test(e):
    """(read, check) for a comparison of a number-valued name or call with a number
    (`gains_to_end <= 4`, `0 < owned(smithy)`): the comparison is check(read(g, f)), one
    closure call and a C-level check. None for any other expression."""
    if not isinstance(e, A.Compare):
        return None
    test = _COMPARE[e.op]
    if isinstance(e.right, A.Num):
        side, check = e.left, partial(_SWAPPED[test], e.right.value)    # x < n is n > x
    elif isinstance(e.left, A.Num):
        side, check = e.right, partial(test, e.left.value)
    else:
        return None
    numeric = (isinstance(side, A.Name) and side.name in FACTS) or \
        (isinstance(side, A.Call) and side.func in _NUMERIC_CALLS)
    return (compiled(side), check) if numeric else None


def _compare(e: A.Compare):
    simple = _number_test(e)
    if simple is not None:
        read, check = simple
        return lambda g, f: check(read(g, f))
    left, right, op = compiled(e.left), compiled(e.right), e.op
    test = _COMPARE[op]

    def compare(g, f):
        a, b = left(g, f), right(g, f)
        if a is None or b is None:
            return False
        if (isinstance(a, Cost) or isinstance(b, Cost)) and op not in ("=", "!="):
            return False
        return test(a, b)
    return compare


def _is(e: A.Is):
    subject, kind, negated = _cards_of(compiled(e.subject)), e.kind, e.negated

    def is_(g, f):
        cards = subject(g, f)
        return bool(cards) and (is_kind(cards[0].d, kind) != negated)
    return is_


def _where(e: A.Where):
    source, cond = _cards_of(compiled(e.source)), compiled(e.cond)

    def where(g, f):
        cards = source(g, f)
        sub = f.child(subject=None)
        kept = []
        for c in cards:
            sub.subject = c.d
            if cond(g, sub):
                kept.append(c)
        if isinstance(cards, Bound):
            return Bound([(c, cards.zones[c.uid]) for c in kept])
        return kept
    return where


def _and(e):
    a, b = _number_test(e.left), _number_test(e.right)
    if a is not None and b is not None:      # `0 < gains_to_end and gains_to_end <= 5`
        (read_a, check_a), (read_b, check_b) = a, b
        if _side(e.left) == _side(e.right):          # read the fact once
            return lambda g, f: check_b(v) if check_a(v := read_a(g, f)) else False
        return lambda g, f: check_b(read_b(g, f)) if check_a(read_a(g, f)) else False
    left, right = compiled(e.left), compiled(e.right)
    return lambda g, f: True if left(g, f) and right(g, f) else False


def _side(e: A.Compare):
    """The side of a comparison with a number that is not the number."""
    return e.right if isinstance(e.left, A.Num) else e.left


def _or(e):
    left, right = compiled(e.left), compiled(e.right)
    return lambda g, f: True if left(g, f) or right(g, f) else False


def _not(e):
    operand = compiled(e.operand)
    return lambda g, f: not operand(g, f)


def _neg(e):
    operand = compiled(e.operand)

    def neg(g, f):
        v = operand(g, f)
        return None if v is None else -v
    return neg


def _const(value):
    return lambda g, f: value


_COMPILERS = {
    A.Num: lambda e: _const(e.value),
    A.CostLit: lambda e: _const(Cost(e.coins, e.potion)),
    A.Name: _name, A.Call: _call, A.Arith: _arith, A.Neg: _neg, A.Compare: _compare,
    A.And: _and, A.Or: _or, A.Not: _not, A.Is: _is, A.Where: _where,
}
