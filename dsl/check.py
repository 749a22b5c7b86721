"""Name and type checks of parsed effects: every name must be a zone, a bound variable,
`this`/`it` where they exist, a card type or a card id; every operand must have the type
its place needs (number, cost, cards, condition)."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from . import ast as A

ZONES = ("hand", "deck", "discard", "in_play", "revealed", "set_aside", "trash", "all_cards")
FUNCTIONS = {  # name: (argument types, result type)
    "count": (("cards",), "number"),
    "cost": (("cards",), "cost"),
    "coins_cost": (("cards",), "number"),
    "potion_cost": (("cards",), "number"),
    "played": (("card_name",), "number"),
    "pile": (("card_name",), "number"),
    "owned": (("card_name",), "number"),
}
# Facts about the game, as numbers (used above all by bot strategies).
FACTS = ("money", "gains_to_end", "empty_piles", "deck_size")
NUMERIC = ("number",)


@dataclass
class Scope:
    """What a program may name: bound variables, and which specials exist here."""
    known_types: set
    known_cards: set
    variables: set = field(default_factory=set)
    has_it: bool = False
    trigger_on: str | None = None
    in_attack_card: bool = False


class Checker:
    """Walks one program; `report(node, code, message)` receives each problem."""

    def __init__(self, scope: Scope, report):
        self.scope, self.report = scope, report

    # ---- expressions -----------------------------------------------------------------------
    def expr(self, e, pred: bool = False) -> str:
        """Returns the expression's type: number, cost, cards, bool or '?' (already reported)."""
        if isinstance(e, A.Num):
            return "number"
        if isinstance(e, A.CostLit):
            return "cost"
        if isinstance(e, A.Name):
            return self.name(e, pred)
        if isinstance(e, A.Call):
            return self.call(e, pred)
        if isinstance(e, A.Arith):
            lt, rt = self.expr(e.left, pred), self.expr(e.right, pred)
            if lt == "cost" and e.op in "+-" and rt in ("number", "?"):
                return "cost"
            self.want(e.left, lt, NUMERIC, f"the left side of '{e.op}'")
            self.want(e.right, rt, NUMERIC, f"the right side of '{e.op}'")
            return "number"
        if isinstance(e, A.Neg):
            self.want(e.operand, self.expr(e.operand, pred), NUMERIC, "'-'")
            return "number"
        if isinstance(e, A.Compare):
            lt, rt = self.expr(e.left, pred), self.expr(e.right, pred)
            if "?" not in (lt, rt) and (lt != rt or lt not in ("number", "cost")):
                self.report(e, "E005", f"cannot compare {lt} with {rt}; compare numbers "
                            "(count(...), coins_cost(...)) or costs")
            return "bool"
        if isinstance(e, (A.And, A.Or)):
            self.cond(e.left, pred)
            self.cond(e.right, pred)
            return "bool"
        if isinstance(e, A.Not):
            self.cond(e.operand, pred)
            return "bool"
        if isinstance(e, A.Is):
            self.want(e.subject, self.expr(e.subject, pred), ("cards",), "'is'")
            self.kind(e, e.kind)
            return "bool"
        if isinstance(e, A.Where):
            self.want(e.source, self.expr(e.source, pred), ("cards",), "'where'")
            self.cond(e.cond, True)
            return "cards"
        return "?"

    def cond(self, e, pred: bool = False) -> None:
        t = self.expr(e, pred)
        if t not in ("bool", "cards", "number", "pred", "?"):
            self.report(e, "E005", f"expected a condition, got a {t}")

    def want(self, node, got: str, allowed: tuple, where: str) -> None:
        if got != "?" and got not in allowed:
            self.report(node, "E005", f"{where} needs a {' or '.join(allowed)}, got a {got}")

    def name(self, e: A.Name, pred: bool) -> str:
        n, s = e.name, self.scope
        if n in s.variables or n in ZONES or n == "this":
            return "cards"
        if n in FACTS:
            return "number"
        if n == "it":
            if not s.has_it:
                self.report(e, "E004", "'it' names the card of a trigger's event or of a "
                            "'draw until' loop; there is none here")
                return "?"
            return "cards"
        if n in s.known_types or n in s.known_cards:
            if pred:
                return "pred"
            self.report(e, "E005", f"'{n}' is a card {'type' if n in s.known_types else 'id'}: "
                        f"use it in a condition (`where {n}`, `x is {n}`) or as `gain {n}`")
            return "?"
        self.unknown(e, n, "name")
        return "?"

    def unknown(self, node, n: str, what: str) -> None:
        s = self.scope
        pool = list(s.variables) + list(ZONES) + ["this", "it"] + list(s.known_types) + \
            list(s.known_cards) + list(FUNCTIONS) + list(FACTS)
        close = difflib.get_close_matches(n, pool, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else \
            "; names are zones, variables bound with `as`, card types and card ids"
        self.report(node, "E004", f"unknown {what} '{n}'{hint}")

    def call(self, e: A.Call, pred: bool) -> str:
        spec = FUNCTIONS.get(e.func)
        if spec is None:
            self.unknown(e, e.func, "function")
            return "?"
        params, result = spec
        if len(e.args) != len(params):
            self.report(e, "E005", f"{e.func}() takes {len(params)} argument(s), "
                        f"got {len(e.args)}")
            return result
        for arg, p in zip(e.args, params):
            if p == "card_name":
                ok = isinstance(arg, A.Name) and (arg.name in self.scope.known_cards or
                                                  arg.name in ("this", "it") or
                                                  arg.name in self.scope.variables)
                if not ok:
                    self.report(arg, "E005", f"{e.func}() needs a card id, `this` or a "
                                "variable")
            else:
                self.want(arg, self.expr(arg, pred), (p,), f"{e.func}()")
        return result

    def kind(self, node, kind: str | None) -> None:
        if kind is None or kind in ("card", "cards"):
            return
        s = self.scope
        if kind not in s.known_types and kind not in s.known_cards:
            close = difflib.get_close_matches(kind, list(s.known_types) + list(s.known_cards), 1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            self.report(node, "E004", f"unknown card type or card id '{kind}'{hint}")

    # ---- statements ------------------------------------------------------------------------
    def program(self, stmts) -> None:
        for s in stmts:
            self.stmt(s)

    def bind(self, node, name: str | None) -> None:
        if not name:
            return
        s = self.scope
        if name in ZONES or name in ("this", "it") or name in s.known_types or \
                name in s.known_cards or name in FUNCTIONS or name in FACTS:
            self.report(node, "E005", f"'{name}' is already a zone, card, type or function "
                        "name; bind to another name")
        s.variables.add(name)

    def target(self, t) -> None:
        if isinstance(t, A.AllOf):
            self.want(t.expr, self.expr(t.expr), ("cards",), "this statement")
        else:
            if t.count is not None:
                self.want(t.count, self.expr(t.count), NUMERIC, "a quantity")
            self.kind(t, t.kind)
            self.want(t.source, self.expr(t.source), ("cards",), "'from'")
        self.bind(t, t.bind)

    def stmt(self, s) -> None:
        if isinstance(s, A.Bonus):
            self.want(s.amount, self.expr(s.amount), NUMERIC, "a bonus")
        elif isinstance(s, (A.Move, A.Put, A.Play)):
            self.target(s.target)
        elif isinstance(s, A.Gain):
            w = s.what
            if isinstance(w, A.Selection):
                self.target(w)
            else:
                self.kind(w, w.kind)
                if w.cost is not None:
                    self.want(w.cost, self.expr(w.cost), ("cost", "number"), "'costing'")
                if w.cond is not None:
                    self.cond(w.cond, True)
            self.bind(s, s.bind)
        elif isinstance(s, A.RevealTop):
            self.want(s.count, self.expr(s.count), NUMERIC, "'top'")
            self.bind(s, s.bind)
        elif isinstance(s, A.RevealUntil):
            self.cond(s.cond)
        elif isinstance(s, A.DrawUntil):
            self.cond(s.cond)
            saved = self.scope.has_it
            self.scope.has_it = True
            self.program(s.body)
            self.scope.has_it = saved
        elif isinstance(s, A.ShuffleInto):
            self.want(s.target, self.expr(s.target), ("cards",), "'shuffle'")
        elif isinstance(s, A.If):
            self.cond(s.cond)
            self.program(s.then)
            self.program(s.orelse)
        elif isinstance(s, A.May):
            if s.stmt is not None:
                self.stmt(s.stmt)
            self.program(s.body)
        elif isinstance(s, (A.Each, A.Instead, A.Repeat)):
            if isinstance(s, A.Repeat):
                self.want(s.count, self.expr(s.count), NUMERIC, "'repeat'")
            if isinstance(s, A.Instead) and self.scope.trigger_on != "would_gain":
                self.report(s, "E005", "'instead' replaces an event: use it in a trigger "
                            "`on: would_gain`")
            self.program(s.body)
        elif isinstance(s, (A.ChooseOne, A.InAnyOrder)):
            for b in (s.options if isinstance(s, A.ChooseOne) else s.blocks):
                self.program(b)
        elif isinstance(s, A.AsYou):
            self.stmt(s.stmt)
        elif isinstance(s, A.Unaffected):
            if self.scope.trigger_on != "attack":
                self.report(s, "E005", "'unaffected' only means something in a trigger "
                            "`on: attack`")
        elif isinstance(s, A.Later):
            if s.card is not None:
                self.want(s.card, self.expr(s.card), ("cards",), "'of'")
            saved = self.scope.has_it
            self.scope.has_it = True
            self.program(s.body)
            self.scope.has_it = saved
