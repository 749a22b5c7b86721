"""Expressions compiled once into closures `fn(game, frame)`, instead of walking the AST at
every evaluation. The cache is keyed by node identity and keeps the node, so one compiled
closure serves every game."""
from __future__ import annotations

import operator
from functools import partial

from dsl.language import ast as A
from dsl.language.check import CARD_PROPERTIES, FUNCTIONS, HISTORY, NUMERIC
from dsl.language.model import Cost

from .facts import FACTS, history_name as _history_name

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


# ---- names and facts: the facts' table and this turn's history are in facts.py -----------
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
    if n in HISTORY:
        return _history_name(n)
    fact = FACTS.get(n)
    if fact is not None:
        return fact
    prop = CARD_PROPERTIES.get(n)

    def variable_or_kind(g, f):
        value = f.env.get(n)
        if value is not None:
            if value.__class__ is int or isinstance(value, (str, int)):
                return value                 # a number (`overpay as x`), a named card
            return located(value)
        subject = f.subject
        if subject is not None:
            if prop is not None:             # the tested card's own cost or name
                if prop == "number":         # `your_tokens`: his own on its pile
                    return g.own_tokens_on(f.actor, subject.id)
                return g.cost(subject) if prop == "cost" else subject.id
            return is_kind(subject, n)
        return []          # an unbound variable (a branch not taken): no cards
    return variable_or_kind


def _mat(e: A.Mat):
    name = e.name

    def mat(g, f):
        zone = g.players[f.actor].mats.get(name)
        return list(zone.cards) if zone is not None else []
    return mat


def _of_player(e: A.OfPlayer):
    read = _name(A.Name(e.name))
    step = 1 if e.side == "left" else -1

    def of_player(g, f):
        return read(g, f.child(actor=(f.actor + step) % len(g.players)))
    return of_player


def _cards_of(fn):
    def cards(g, f):
        v = fn(g, f)
        return v if isinstance(v, list) else []
    return cards


def _times_played(g, cid) -> int:
    return sum(1 for c in g.turn.played if c.d.id == cid) if cid is not None else 0


def card_id_of(arg: A.Name):
    """The card id a `card_name` argument stands for: a card id as written, or the name of
    the first card of `this`, `it` or a variable (or a named card's name); None if none."""
    n = arg.name
    if n in ("this", "it"):
        def of_special(g, f):
            pairs = f.this if n == "this" else f.it
            return pairs[0][0].d.id if pairs else None
        return of_special

    def of_name(g, f):
        value = f.env.get(n)
        if value is None:
            return n
        if isinstance(value, str):
            return value
        return value[0][0].d.id if value else None
    return of_name


def _owned(cid):
    """`owned(X)`: the player's cards of id X, or of a mixed pile X's cards (the Knights)."""
    def owned(g, f):
        c = cid(g, f)
        counts = g.players[f.actor].holdings.counts
        n = counts.get(c, 0)
        if n or c not in g.catalog.piles:
            return n
        return sum(counts.get(x, 0) for x, _ in g.catalog.piles[c].cards)
    return owned


def _call(e: A.Call):
    name = e.func
    if name in ("played", "owned", "pile", "pile_tokens", "starting_pile"):
        cid = card_id_of(e.args[0])
        if name == "played":
            return lambda g, f: _times_played(g, cid(g, f))
        if name == "owned":
            return _owned(cid)
        if name == "pile":
            return lambda g, f: len(p) if (p := g.pile_named(cid(g, f))) is not None else 0
        if name == "starting_pile":
            return lambda g, f: g.starting_pile_size(cid(g, f))
        kind = e.args[1].name
        return lambda g, f: g.pile_tokens.get(cid(g, f), {}).get(kind, 0)
    if name == "your_tokens":
        cid = card_id_of(e.args[0])
        return lambda g, f: g.own_tokens_on(f.actor, cid(g, f))
    if name in ("face_up", "token_out"):     # his two-sided token face up; his token out
        kind, up = e.args[0].name, name == "face_up"
        return lambda g, f: g.face_up(f.actor, kind) if up else \
            g.token_place(f.actor, kind) is not None
    if name == "tokens":
        kind = e.args[0].name
        return lambda g, f: g.players[f.actor].tokens.get(kind, 0)
    if name == "shared_tokens":
        kind = e.args[0].name
        return lambda g, f: g.shared_tokens.get(kind, 0)
    first = e.args[0]
    if name == "count" and first.__class__ is A.Name and first.name in PLAYER_ZONE_NAMES:
        zone = first.name                    # `count(hand)`: the zone's size, no copy made
        return lambda g, f: len(g.players[f.actor].zones[zone].cards)
    arg = _cards_of(compiled(first))
    if name == "count":
        return lambda g, f: len(arg(g, f))
    if name == "name":
        return lambda g, f: cards[0].d.id if (cards := arg(g, f)) else None
    if name == "distinct":
        return lambda g, f: _distinct(arg(g, f))
    if name == "sum":
        return _sum(arg, e.args[1].name)
    part = name

    def cost(g, f):
        cards = arg(g, f)
        if not cards:
            return None if part == "cost" else 0
        c = g.cost(cards[0].d)
        return c if part == "cost" else (c.coins if part == "coins_cost" else c.potion)
    return cost


def _sum(arg, measure: str):
    """`sum(x, coins_cost)`: the total over the cards of x of their current cost, its coins
    or Potions, or the coins they give (`coins`); 0 (or $0) for no cards."""
    if measure == "coins":
        return lambda g, f: sum(c.d.plain_coins for c in arg(g, f))
    if measure == "cost":
        def total(g, f):
            coins = potion = 0
            for c in arg(g, f):
                cost = g.cost(c.d)
                coins, potion = coins + cost.coins, potion + cost.potion
            return Cost(coins, potion)
        return total
    part = "coins" if measure == "coins_cost" else "potion"
    return lambda g, f: sum(getattr(g.cost(c.d), part) for c in arg(g, f))


def _distinct(cards: list) -> list:
    """One card of each name, the first of each (a variable keeps where each card was)."""
    seen, kept = set(), []
    for c in cards:
        if c.d.id not in seen:
            seen.add(c.d.id)
            kept.append(c)
    if isinstance(cards, Bound):
        return Bound([(c, cards.zones[c.uid]) for c in kept])
    return kept


def _arith(e: A.Arith):
    if e.right.__class__ is A.Num and e.op in ("+", "-") and _numeric(e.left):
        read, n = compiled(e.left), e.right.value    # `count(hand) - 3`: two numbers
        if e.op == "+":
            return lambda g, f: read(g, f) + n
        return lambda g, f: read(g, f) - n
    left, right, op = compiled(e.left), compiled(e.right), e.op

    def arith(g, f):
        a, b = left(g, f), right(g, f)
        if a is None or b is None:
            return None
        if isinstance(a, list):
            if isinstance(b, list):
                return union(a, b)
            return None          # a number variable a branch not taken left unbound
        if isinstance(b, list):
            return None
        if isinstance(a, Cost):
            if op == "+":
                return Cost(a.coins + b, a.potion + getattr(b, "potion", 0))
            return Cost(a.coins - b, a.potion) if op == "-" else None
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        return a // b if b else 0
    return arith


def union(a: list, b: list) -> list:
    """`discard + hand`: the cards of both, each once, in that order; a bound card keeps
    the zone it was bound in, any other is where it is now (it is there)."""
    seen = set()
    pairs = []
    for cards in (a, b):
        zones = cards.zones if isinstance(cards, Bound) else None
        for c in cards:
            if c.uid not in seen:
                seen.add(c.uid)
                pairs.append((c, zones[c.uid] if zones is not None else c.zone))
    if isinstance(a, Bound) or isinstance(b, Bound):
        return Bound(pairs)
    return [c for c, _ in pairs]


_COMPARE = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge}
_SWAPPED = {operator.eq: operator.eq, operator.ne: operator.ne, operator.lt: operator.gt,
            operator.le: operator.ge, operator.gt: operator.lt, operator.ge: operator.le}


# the calls whose value is always a number (never None, a Cost or cards), as the checker types them
_NUMERIC_CALLS = frozenset(f for f, (_, result) in FUNCTIONS.items()
                           if result in NUMERIC and f != "sum")   # sum(x, cost) is a cost


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
    return (compiled(side), check) if _numeric(side) else None


# `read(g, f) OP n` as one closure, the number on the right (`0 < x` is `x > 0`)
_FUSED = {
    "=": lambda read, n: lambda g, f: read(g, f) == n,
    "!=": lambda read, n: lambda g, f: read(g, f) != n,
    "<": lambda read, n: lambda g, f: read(g, f) < n,
    "<=": lambda read, n: lambda g, f: read(g, f) <= n,
    ">": lambda read, n: lambda g, f: read(g, f) > n,
    ">=": lambda read, n: lambda g, f: read(g, f) >= n,
}
_MIRRORED = {"=": "=", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _fused_number_test(e):
    """A comparison of a number-valued name or call with a number as one closure that
    compares in place (no second call: under PyPy a partial is a Python object)."""
    if not isinstance(e, A.Compare):
        return None
    if isinstance(e.right, A.Num) and _numeric(e.left):
        return _FUSED[e.op](compiled(e.left), e.right.value)
    if isinstance(e.left, A.Num) and _numeric(e.right):
        return _FUSED[_MIRRORED[e.op]](compiled(e.right), e.left.value)
    return None


def _numeric(e) -> bool:
    """Whether an expression's value is always a number: a fact, or a call the checker
    types as a number."""
    return (isinstance(e, A.Name) and e.name in FACTS) or \
        (isinstance(e, A.Call) and e.func in _NUMERIC_CALLS)


def cost_at_most(a: Cost, b: Cost) -> bool:
    """Alchemy's rule: a cost is at most another when neither its coins nor its Potion are
    more (`$3P` is not at most `$5`; it is at least `$3`)."""
    return a.coins <= b.coins and a.potion <= b.potion


_COST_COMPARE = {
    "=": operator.eq, "!=": operator.ne,
    "<=": cost_at_most, ">=": lambda a, b: cost_at_most(b, a),
    "<": lambda a, b: a != b and cost_at_most(a, b),
    ">": lambda a, b: a != b and cost_at_most(b, a),
}


def _compare(e: A.Compare):
    if e.left == A.Name("phase") and isinstance(e.right, A.Name):    # `phase = buy`
        want, same = e.right.name, e.op == "="
        return lambda g, f: (g.turn.phase == want) == same
    fused = _fused_number_test(e)
    if fused is not None:
        return fused
    left, right, op = compiled(e.left), compiled(e.right), e.op
    test, cost_test = _COMPARE[op], _COST_COMPARE[op]

    def compare(g, f):
        a, b = left(g, f), right(g, f)
        if a is None or b is None or isinstance(a, list) or isinstance(b, list):
            return False
        if isinstance(a, Cost):
            return isinstance(b, Cost) and cost_test(a, b)
        return test(a, b)
    return compare


def _is(e: A.Is):
    subject, kind, negated = _cards_of(compiled(e.subject)), e.kind, e.negated

    def is_(g, f):
        cards = subject(g, f)
        return bool(cards) and (is_kind(cards[0].d, kind) != negated)
    return is_


def _in_zone(e: A.InZone):
    """`it is in play`, `this is on tavern mat`: the card's zone now (its owner's zone of
    that name, or the trash)."""
    subject, zone, negated = _cards_of(compiled(e.subject)), e.zone, e.negated

    def in_zone(g, f):
        cards = subject(g, f)
        if not cards:
            return negated
        z = cards[0].zone
        there = z is g.trash_zone if zone == "trash" else \
            (z.name == zone and z.owner is not None and z.owner == cards[0].owner)
        return there != negated
    return in_zone


def _is_this(g, f):
    """`this` as a condition on a tested card (`what: attack and not this`, `in_play where
    not this`): whether the tested card is the card whose ability runs."""
    card = getattr(f, "subject_card", None)
    if card is None:
        return located(f.this)           # not testing a card: `this` as a value
    return any(c is card for c, _ in f.this or ())


def _tests_this(e) -> bool:
    """Whether a condition tests `this` as a condition (see _is_this)."""
    if isinstance(e, A.Name):
        return e.name == "this"
    if isinstance(e, A.Not):
        return _tests_this(e.operand)
    if isinstance(e, (A.And, A.Or)):
        return _tests_this(e.left) or _tests_this(e.right)
    return False


def _pred(e):
    """A condition's part: `this` there tests the card (see _is_this)."""
    if isinstance(e, A.Name) and e.name == "this":
        return _is_this
    return compiled(e)


def _where(e: A.Where):
    source, cond = _cards_of(compiled(e.source)), _pred(e.cond)
    if _tests_this(e.cond):
        return _where_this(source, cond)

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


def _where_this(source, cond):
    def where(g, f):
        cards = source(g, f)
        sub = f.child(subject=None)
        kept = []
        for c in cards:
            sub.subject, sub.subject_card = c.d, c
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
    left, right = _pred(e.left), _pred(e.right)
    return lambda g, f: True if left(g, f) and right(g, f) else False


def _side(e: A.Compare):
    """The side of a comparison with a number that is not the number."""
    return e.right if isinstance(e.left, A.Num) else e.left


def _or(e):
    left, right = _pred(e.left), _pred(e.right)
    return lambda g, f: True if left(g, f) or right(g, f) else False


def _not(e):
    operand = _pred(e.operand)
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
    A.And: _and, A.Or: _or, A.Not: _not, A.Is: _is, A.Where: _where, A.Mat: _mat,
    A.InZone: _in_zone, A.OfPlayer: _of_player,
}
