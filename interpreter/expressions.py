"""Evaluation of expressions. Card values are always lists of cards (a single card is a list
of at most one). A variable (and `this`, `it`) remembers where each card was when it was
bound: reading it (count, cost, is) sees every bound card, but moving it moves only the cards
still there ("lose track"), see `still_there`."""
from __future__ import annotations

from dsl import ast as A
from dsl.model import Cost

PLAYER_ZONE_NAMES = ("hand", "deck", "discard", "in_play", "revealed", "set_aside")


class Frame:
    """Where an effect runs: who controls it (`you`), who is acting now (`actor`, changed
    by `each player`), this card, the event's card (`it`), variables, attack and event."""
    __slots__ = ("you", "actor", "this", "it", "env", "attack", "event", "source", "subject")

    def __init__(self, you, actor, this=None, it=None, env=None, attack=None, event=None,
                 source=None, subject=None):
        self.you, self.actor, self.this, self.it = you, actor, this, it
        self.env = {} if env is None else env
        self.attack, self.event, self.source, self.subject = attack, event, source, subject

    def child(self, **kw) -> "Frame":
        f = Frame(self.you, self.actor, self.this, self.it, self.env, self.attack, self.event,
                  self.source, self.subject)
        for k, v in kw.items():
            setattr(f, k, v)
        return f


class Bound(list):
    """Cards read from a variable, with the zone each was in when bound."""
    __slots__ = ("zones",)

    def __init__(self, pairs=()):
        super().__init__(c for c, _ in pairs)
        self.zones = {c.uid: z for c, z in pairs}


def located(pairs) -> list:
    return Bound(pairs or ())


def still_there(cards: list) -> list:
    """The cards that a move may still act on: for bound cards, those not moved since."""
    if isinstance(cards, Bound):
        return [c for c in cards if c.zone is cards.zones.get(c.uid)]
    return cards


class Evaluator:
    def __init__(self, game):
        self.game = game
        self.types = set(game.catalog.types)
        self.card_ids = set(game.catalog.cards)
        self._ops = {
            A.Num: lambda e, f: e.value,
            A.CostLit: lambda e, f: Cost(e.coins, e.potion),
            A.Name: self._name,
            A.Call: self._call,
            A.Arith: self._arith,
            A.Neg: lambda e, f: _neg(self.eval(e.operand, f)),
            A.Compare: self._compare,
            A.And: lambda e, f: truthy(self.eval(e.left, f)) and truthy(self.eval(e.right, f)),
            A.Or: lambda e, f: truthy(self.eval(e.left, f)) or truthy(self.eval(e.right, f)),
            A.Not: lambda e, f: not truthy(self.eval(e.operand, f)),
            A.Is: self._is,
            A.Where: self._where,
        }

    def eval(self, e, f: Frame):
        return self._ops[type(e)](e, f)

    def cards(self, e, f: Frame) -> list:
        v = self.eval(e, f)
        return v if isinstance(v, list) else []

    def is_kind(self, d, kind: str) -> bool:
        return kind in d.types or kind == d.id

    def holds(self, cond, d, card=None, frame: Frame | None = None) -> bool:
        """Whether a condition holds of a card (a `where` clause, a trigger's `what`)."""
        f = frame or Frame(None, self.game.turn.player)
        return truthy(self.eval(cond, f.child(subject=d)))

    # ---- nodes -----------------------------------------------------------------------------
    def _name(self, e: A.Name, f: Frame):
        n = e.name
        if n in f.env:
            return located(f.env[n])
        if n == "this":
            return located(f.this)
        if n == "it":
            return located(f.it)
        if n in PLAYER_ZONE_NAMES:
            return list(self.game.players[f.actor].zones[n].cards)
        if n == "trash":
            return list(self.game.trash_zone.cards)
        if n == "all_cards":
            return self.game.players[f.actor].all_cards()
        fact = FACTS.get(n)
        if fact is not None:
            return fact(self.game, f.actor)
        if f.subject is not None and (n in self.types or n in self.card_ids):
            return self.is_kind(f.subject, n)
        return []          # an unbound variable (e.g. a branch not taken): no cards

    def _call(self, e: A.Call, f: Frame):
        fn = e.func
        if fn == "played":
            arg = e.args[0]
            cid = arg.name if isinstance(arg, A.Name) else None
            if cid in ("this", "it") or (cid in f.env):
                cards = self.cards(arg, f)
                if not cards and cid == "this" and f.this:
                    cards = [f.this[0][0]]
                cid = cards[0].id if cards else None
            return self.game.turn.plays.get(cid, 0)
        if fn == "count":
            return len(self.cards(e.args[0], f))
        if fn in ("cost", "coins_cost", "potion_cost"):
            cards = self.cards(e.args[0], f)
            if not cards:
                return None if fn == "cost" else 0
            c = self.game.cost(cards[0].d)
            return c if fn == "cost" else (c.coins if fn == "coins_cost" else c.potion)
        if fn == "owned":
            cid = e.args[0].name
            return sum(1 for c in self.game.players[f.actor].all_cards() if c.d.id == cid)
        if fn == "pile":
            arg = e.args[0]
            pile = self.game.supply.get(getattr(arg, "name", ""))
            return len(pile.cards) if pile else 0
        raise ValueError(f"unknown function {fn}")   # the checker rejects it earlier

    def _arith(self, e: A.Arith, f: Frame):
        a, b = self.eval(e.left, f), self.eval(e.right, f)
        if a is None or b is None:
            return None
        op = e.op
        if isinstance(a, Cost):
            if op == "+":
                return Cost(a.coins + b, a.potion)
            if op == "-":
                return Cost(a.coins - b, a.potion)
            return None
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        return a // b if b else 0

    def _compare(self, e: A.Compare, f: Frame):
        a, b = self.eval(e.left, f), self.eval(e.right, f)
        if a is None or b is None:
            return False
        if isinstance(a, Cost) or isinstance(b, Cost):
            if e.op == "=":
                return a == b
            if e.op == "!=":
                return a != b
            return False
        op = e.op
        return (a == b if op == "=" else a != b if op == "!=" else a < b if op == "<" else
                a <= b if op == "<=" else a > b if op == ">" else a >= b)

    def _is(self, e: A.Is, f: Frame):
        cards = self.cards(e.subject, f)
        if not cards:
            return False
        return self.is_kind(cards[0].d, e.kind) != e.negated

    def _where(self, e: A.Where, f: Frame):
        source = self.cards(e.source, f)
        kept = [c for c in source if truthy(self.eval(e.cond, f.child(subject=c.d)))]
        if isinstance(source, Bound):
            return Bound([(c, source.zones[c.uid]) for c in kept])
        return kept


def _neg(v):
    return None if v is None else -v


def truthy(v) -> bool:
    if isinstance(v, list):
        return bool(v)
    return bool(v)


def cost_matches(cost: Cost, relation: str, bound: Cost) -> bool:
    """Alchemy's cost rules: `up to` never adds a Potion; `exactly` compares both parts."""
    if relation == "exactly":
        return cost == bound
    fits = cost.coins <= bound.coins and cost.potion <= bound.potion
    if relation == "less_than":
        return fits and cost != bound
    return fits


def static_coins(d) -> int:
    """The coins a card's play surely gives: its plain `+$N` lines."""
    return sum(s.amount.value for s in d.on_play
               if isinstance(s, A.Bonus) and s.counter == "coins" and isinstance(s.amount, A.Num))


def gains_to_end(game, p=None) -> int:
    """The fewest gains that would end the game: the end pile, or the smallest piles."""
    sizes = sorted(len(z.cards) for z in game.supply.values())
    piles = sum(sizes[:game.rules.end_empty_piles[len(game.players)]])
    end = game.supply.get(game.rules.end_pile)
    return min(piles, len(end.cards)) if end is not None else piles


FACTS = {
    "money": lambda game, p: sum(static_coins(c.d) for c in game.players[p].all_cards()),
    "gains_to_end": gains_to_end,
    "empty_piles": lambda game, p: game.empty_piles(),
    "deck_size": lambda game, p: len(game.players[p].all_cards()),
}
