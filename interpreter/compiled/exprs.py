"""Expressions of the card language (a bot's conditions, an amount in a card's effect) as
Python expressions over the compiled game's state: a fact is a list element or a local
(`money[p]`, `tte`), a card is its number. Each reads as its closure in
interpreter/effects/compiler.py evaluates; what is not here raises Unsupported."""
from __future__ import annotations

from dsl.language import ast as A

from .scope import Unsupported
from .tokens import read_tokens

# the compiled game's state, by the fact that reads it ({a}: the acting player)
_FACTS = {"money": "money[{a}]", "deck_size": "size[{a}]", "gains_to_end": "tte",
          "empty_piles": "empty", "turns": "turns[{a}]"}
# this turn's counters, read by a bot's conditions at its own buy (the player whose turn it is)
_TURN_FACTS = {"coins": "coins", "actions": "actions", "buys": "buys"}
_ZONES = {"hand": "hands[{a}]", "deck": "decks[{a}]", "discard": "discs[{a}]"}
_SIDE_ZONES = {"revealed": "revs[{a}]", "set_aside": "asides[{a}]"}   # empty unless a
                                                # card puts cards there (scope.side_zones)
_COMPARE = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


class Exprs:
    """Compiles expressions for one scope; `turn`: whether the turn's counters may be read
    (a bot's conditions at its own buy)."""

    def __init__(self, scope, turn: bool = False):
        self.scope, self.turn = scope, turn
        self.bound: dict = {}    # a name an effect bound -> the local counting its cards

    def number(self, e, a: str) -> str:
        """A numeric expression, for acting player `a` (a Python name)."""
        cls = e.__class__
        if cls is A.Num:
            return str(e.value)
        if cls is A.Name:
            if e.name in self.bound:
                return self.bound[e.name]
            return self._fact(e.name, a)
        if cls is A.Call:
            return self._call(e, a)
        if cls is A.Arith:
            left, right = self.number(e.left, a), self.number(e.right, a)
            if e.op == "/":
                return f"({left} // {right} if {right} else 0)"
            return f"({left} {e.op} {right})"
        if cls is A.Neg:
            return f"(-{self.number(e.operand, a)})"
        raise Unsupported(f"the expression {_shown(e)}")

    def condition(self, e, a: str) -> str:
        """A condition (a bot's `if`, an `if` in an effect), as a Python boolean."""
        cls = e.__class__
        if cls is A.Compare:
            if not (_numeric(e.left) and _numeric(e.right)):
                raise Unsupported(f"the comparison {_shown(e)}")
            return f"{self.number(e.left, a)} {_COMPARE[e.op]} {self.number(e.right, a)}"
        if cls is A.And:
            return f"({self.condition(e.left, a)}) and ({self.condition(e.right, a)})"
        if cls is A.Or:
            return f"({self.condition(e.left, a)}) or ({self.condition(e.right, a)})"
        if cls is A.Not:
            return f"not ({self.condition(e.operand, a)})"
        return f"{self.number(e, a)} != 0"

    # ---- names and calls ---------------------------------------------------------------------
    def _fact(self, name: str, a: str) -> str:
        if name in _FACTS:
            return _FACTS[name].format(a=a)
        if name == "players":
            return str(self.scope.players)
        if self.turn and name in _TURN_FACTS:
            return _TURN_FACTS[name]
        if self.turn and name == "coins_in_hand":
            s = self.scope
            plain = "+".join(f"{d.plain_coins} * hand.count({i})"
                             for i, d in enumerate(s.cards) if d.is_treasure and d.plain_coins)
            return f"(coins + {plain})" if plain else "coins"
        raise Unsupported(f"the fact '{name}'")

    def _call(self, e: A.Call, a: str) -> str:
        s, name, args = self.scope, e.func, e.args
        if name in ("owned", "pile", "starting_pile") and args[0].__class__ is A.Name:
            cid = args[0].name
            if name == "owned":
                if cid in s.catalog.piles:
                    raise Unsupported(f"owned({cid}) of a mixed pile")
                return f"counts[{a}][{s.number[cid]}]" if cid in s.number else "0"
            if name == "pile" and cid in s.slot:
                return f"sizes[{s.slot[cid]}]"
            sizes = {c: size for c, _, size in s.plan.piles + s.plan.aside}
            return str(sizes.get(cid, 0))           # a pile nobody can take from: as set up
        if name == "count":
            return self._count(args[0], a)
        if name == "tokens" and args[0].__class__ is A.Name:
            return read_tokens(s, args[0].name, a)
        if name == "played" and args[0].__class__ is A.Name and args[0].name in s.number:
            return f"({self._played()}.count({s.number[args[0].name]}) if {a} == p else 0)"
        raise Unsupported(f"the function {name}()")

    def _played(self) -> str:
        """The cards played this turn: the turn player's cards in play, less those that
        stayed from his last turn (`first` of them). Not when a card plays cards (a card
        played twice is in play once)."""
        if self.scope.plays_inside:
            raise Unsupported("the cards played this turn, with a card that plays cards")
        return "inplay[first:]" if self.scope.durations else "inplay"

    def _zones(self) -> dict:
        return {**_ZONES, **_SIDE_ZONES} if self.scope.side_zones else _ZONES

    def _count(self, arg, a: str) -> str:
        """count(ZONE) and count(ZONE where KIND): a length, or copies of matching cards."""
        zones = self._zones()
        if arg.__class__ is A.Name:
            zone = arg.name
            if zone in zones:
                return f"len({zones[zone].format(a=a)})"
            if zone == "all_cards":
                return f"size[{a}]"
            if zone in _SIDE_ZONES:
                return "0"
            if zone == "in_play":
                return f"(len(inplay) if {a} == p else 0)"
            if zone == "played":
                return f"(len({self._played()}) if {a} == p else 0)"
        if arg.__class__ is A.Where and arg.source.__class__ is A.Name:
            numbers = self._kind_numbers(arg.cond)
            zone = arg.source.name
            if zone == "all_cards":
                return "(" + " + ".join([f"counts[{a}][{i}]" for i in numbers] or ["0"]) + ")"
            if zone in zones or zone == "played":
                held = zones[zone].format(a=a) if zone != "played" else self._played()
                total = "(" + " + ".join([f"{held}.count({i})" for i in numbers] or ["0"]) + ")"
                return total if zone != "played" else f"({total} if {a} == p else 0)"
        raise Unsupported(f"count({_shown(arg)})")

    def _kind_numbers(self, cond) -> list:
        """The numbers of the cards a `where` kind test (KIND, not, and, or) holds for."""
        if cond.__class__ in (A.And, A.Or):
            left, right = set(self._kind_numbers(cond.left)), set(self._kind_numbers(cond.right))
            return sorted(left & right if cond.__class__ is A.And else left | right)
        negated = cond.__class__ is A.Not
        test = cond.operand if negated else cond
        if test.__class__ is not A.Name or test.name in ("this", "it"):
            raise Unsupported(f"the card test {_shown(cond)}")
        kind = test.name
        return [i for i, d in enumerate(self.scope.cards)
                if (kind == d.id or kind in d.types) != negated]


def _numeric(e) -> bool:
    return e.__class__ in (A.Num, A.Name, A.Call, A.Arith, A.Neg)


def _shown(e) -> str:
    if e.__class__ is A.Arith:                # `discard + hand`: the cards of both
        return f"{_shown(e.left)} {e.op} {_shown(e.right)}"
    return type(e).__name__ if not hasattr(e, "name") else f"{type(e).__name__} {e.name}"
