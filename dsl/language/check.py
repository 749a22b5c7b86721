"""Name and type checks of parsed effects: every name must be a zone, a bound variable,
`this`/`it` where they exist, a card type or a card id; every operand must have the type
its place needs (number, cost, name, cards, condition), and every comparison must be one
that can be evaluated."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from . import ast as A
from .walk import bindings, nodes

ZONES = ("hand", "deck", "discard", "in_play", "revealed", "set_aside", "trash", "all_cards")
# This turn's history, and the player's last turn's: read-only cards (count them, test them).
HISTORY = ("played", "gained", "bought", "played_last_turn", "gained_last_turn",
           "bought_last_turn")
FUNCTIONS = {  # name: (argument types, result type)
    "count": (("cards",), "number"),
    "cost": (("cards",), "cost"),
    "coins_cost": (("cards",), "number"),
    "potion_cost": (("cards",), "number"),
    "played": (("card_name",), "number"),
    "pile": (("card_name",), "number"),
    "starting_pile": (("card_name",), "number"),   # the pile's size when the game began
    "owned": (("card_name",), "number"),
    "name": (("cards",), "name"),
    "distinct": (("cards",), "cards"),
    "tokens": (("token_kind",), "number"),
    "pile_tokens": (("card_name", "token_kind"), "number"),
    "sum": (("cards", "measure"), "number"),    # `sum(trashed, coins_cost)`: the total
    "shared_tokens": (("token_kind",), "number"),   # on the mat all players share
}
# What `sum(x, MEASURE)` adds up over the cards of x, and the type of the total.
MEASURES = {"cost": "cost", "coins_cost": "number", "potion_cost": "number", "coins": "number"}
# Facts about the game, as numbers (used above all by bot strategies). `actions`, `buys`,
# `coins`: the acting player's counters of the turn in progress when it is his (else 0).
FACTS = ("money", "gains_to_end", "empty_piles", "deck_size", "players", "actions", "buys",
         "coins", "buys_made")   # buys_made: this turn's buys, Events too (docs/language.md)
# `phase = buy`: the phase of the turn in progress, compared with one of these.
PHASES = ("action", "buy", "cleanup")
# Inside a condition on one card (`where`, a trigger's `what`): the card's own properties.
CARD_PROPERTIES = {"cost": "cost", "name": "name"}
# What `NAME of player to your left` may read: a player's own zones, history and facts.
PLAYER_NAMES = tuple(z for z in ZONES if z != "trash") + HISTORY + ("money", "deck_size")
NUMERIC = ("number",)
ORDERED = ("number", "cost")     # `<`, `<=`, `>`, `>=` compare these (costs by Alchemy's rules)


@dataclass
class Scope:
    """What a program may name: bound variables (name -> type), and which specials exist
    here; the token kinds and mat names some card of the catalog gives (None: unchecked)."""
    known_types: set
    known_cards: set
    variables: dict = field(default_factory=dict)
    has_it: bool = False
    trigger_on: str | None = None
    in_attack_card: bool = False
    known_tokens: set | None = None
    known_mats: set | None = None
    bound_later: dict = field(default_factory=dict)    # name -> position of its `as`


class Checker:
    """Walks one program; `report(node, code, message)` receives each problem."""

    def __init__(self, scope: Scope, report):
        self.scope, self.report = scope, report

    def run(self, tree, role: str) -> None:
        """Check a parsed field: a program, a condition on a card, or a number (VP)."""
        if role == "program":
            self.scope.bound_later = {name: pos for name, pos in bindings(tree)}
            self.program(tree)
        elif role == "condition":
            self.cond(tree, pred=True)
        else:
            t = self.expr(tree)
            if t not in ("number", "?"):
                what = "a cost change" if role == "number" else "victory points"
                self.report(tree, "E005", f"{what} must be a number, got a {t}")

    # ---- expressions -----------------------------------------------------------------------
    def expr(self, e, pred: bool = False) -> str:
        """The expression's type: number, cost, name, cards, bool, pred or '?' (reported)."""
        if isinstance(e, A.Num):
            return "number"
        if isinstance(e, A.CostLit):
            return "cost"
        if isinstance(e, A.Name):
            return self.name(e, pred)
        if isinstance(e, A.Call):
            return self.call(e, pred)
        if isinstance(e, A.Mat):
            self.known("mat", e, e.name, self.scope.known_mats)
            return "cards"
        if isinstance(e, A.OfPlayer):
            return self.of_player(e)
        if isinstance(e, A.Arith):
            lt, rt = self.expr(e.left, pred), self.expr(e.right, pred)
            if lt == "cost" and e.op in "+-" and rt in ("number", "?"):
                return "cost"
            if "cards" in (lt, rt):          # `discard + hand`: the cards of both
                if e.op != "+" or {lt, rt} - {"cards", "?"}:
                    self.report(e, "E005", f"'{e.op}' of cards: cards are joined with '+' "
                                "and only with cards (`discard + hand`)")
                    return "?"
                return "cards"
            self.want(e.left, lt, NUMERIC, f"the left side of '{e.op}'")
            self.want(e.right, rt, NUMERIC, f"the right side of '{e.op}'")
            return "number"
        if isinstance(e, A.Neg):
            self.want(e.operand, self.expr(e.operand, pred), NUMERIC, "'-'")
            return "number"
        if isinstance(e, A.Compare):
            if e.left == A.Name("phase") and "phase" not in self.scope.variables:
                if e.op not in ("=", "!=") or not isinstance(e.right, A.Name) or \
                        e.right.name not in PHASES:
                    self.report(e, "E005", "the phase is compared with = or != and one of "
                                f"{', '.join(PHASES)} (`phase = buy`)")
                return "bool"
            self.compare(e, self.expr(e.left, pred), self.expr(e.right, pred))
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
            self.is_kind(e)
            return "bool"
        if isinstance(e, A.Where):
            self.want(e.source, self.expr(e.source, pred), ("cards",), "'where'")
            self.cond(e.cond, True)
            return "cards"
        return "?"

    def compare(self, e: A.Compare, lt: str, rt: str) -> None:
        if "?" in (lt, rt):
            return
        if lt != rt:
            hint = " (write a cost as $3, or compare coins_cost(x) with a number)" \
                if {lt, rt} == {"cost", "number"} else ""
            self.report(e, "E005", f"cannot compare a {lt} with a {rt}{hint}")
        elif lt == "name" and e.op not in ("=", "!="):
            self.report(e, "E005", f"names are compared with = or !=, not '{e.op}'")
        elif lt not in ORDERED + ("name",):
            self.report(e, "E005", f"cannot compare {lt}s; compare numbers (count(...), "
                        "coins_cost(...)), costs or names (name(x) = name(y))")

    def cond(self, e, pred: bool = False) -> None:
        t = self.expr(e, pred)
        if t not in ("bool", "cards", "number", "pred", "?"):
            self.report(e, "E005", f"expected a condition, got a {t}")

    def want(self, node, got: str, allowed: tuple, where: str) -> None:
        if got != "?" and got not in allowed:
            self.report(node, "E005", f"{where} needs a {' or '.join(allowed)}, got a {got}")

    def name(self, e: A.Name, pred: bool) -> str:
        n, s = e.name, self.scope
        if n in s.variables:
            return s.variables[n]
        if n in ZONES or n in HISTORY or n == "this":
            return "cards"
        if n in FACTS:
            return "number"
        if pred and n in CARD_PROPERTIES:
            return CARD_PROPERTIES[n]
        if n == "it":
            if not s.has_it:
                self.report(e, "E004", "'it' names the card of a trigger's event, of an "
                            "`each card in` loop or the last card of a `draw/reveal until`; "
                            "there is none here")
                return "?"
            return "cards"
        if n in s.known_types or n in s.known_cards:
            if pred:
                return "pred"
            self.report(e, "E005", f"'{n}' is a card {'type' if n in s.known_types else 'id'}: "
                        f"use it in a condition (`where {n}`, `x is {n}`) or as `gain {n}`")
            return "?"
        if n in CARD_PROPERTIES:
            self.report(e, "E005", f"a bare '{n}' is the {n} of the card a condition tests "
                        f"(`hand where {n} ...`); here write {n}(x)")
            return "?"
        self.unknown(e, n, "name")
        return "?"

    def unknown(self, node, n: str, what: str) -> None:
        s = self.scope
        later = s.bound_later.get(n)
        if later is not None:
            self.report(node, "E004", f"'{n}' is read before it is bound (`as {n}` comes "
                        f"later, at line {later.line} of this effect); bind it first")
            return
        if what == "function":          # a call: only functions, and say which exist
            close = difflib.get_close_matches(n, list(FUNCTIONS), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            self.report(node, "E004", f"unknown function '{n}'{hint} (functions: "
                        f"{', '.join(FUNCTIONS)})")
            return
        pool = list(s.variables) + list(ZONES) + list(HISTORY) + ["this", "it"] + \
            list(s.known_types) + list(s.known_cards) + list(FUNCTIONS) + list(FACTS)
        close = (what == "function" and difflib.get_close_matches(n, list(FUNCTIONS), n=1)) \
            or difflib.get_close_matches(n, pool, n=1)      # a function's name, a function
        hint = f"; did you mean '{close[0]}'?" if close else \
            "; names are zones, variables bound with `as`, card types and card ids"
        self.report(node, "E004", f"unknown {what} '{n}'{hint}")

    def known(self, what: str, node, n: str, pool) -> None:
        if pool is not None and n not in pool:
            close = difflib.get_close_matches(n, sorted(pool), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else \
                (f" (known: {', '.join(sorted(pool))})" if pool else "")
            self.report(node, "E004", f"no card puts anything on a {what} named '{n}'{hint}"
                        if what == "mat" else f"no card gives '{n}' tokens{hint}")

    def of_player(self, e: A.OfPlayer) -> str:
        if e.name not in PLAYER_NAMES:
            self.report(e, "E005", f"'{e.name} of player to your {e.side}': only a player's "
                        f"own zones, history and facts ({', '.join(PLAYER_NAMES)}) belong "
                        "to a player")
            return "?"
        return "number" if e.name in FACTS else "cards"

    def call(self, e: A.Call, pred: bool) -> str:
        spec = FUNCTIONS.get(e.func)
        if spec is None:
            self.unknown(e, e.func, "function")
            return "?"
        params, result = spec
        if e.func == "sum" and len(e.args) == 2 and isinstance(e.args[1], A.Name):
            result = MEASURES.get(e.args[1].name, result)
        if len(e.args) != len(params):
            self.report(e, "E005", f"{e.func}() takes {len(params)} argument(s), "
                        f"got {len(e.args)}")
            return result
        for arg, p in zip(e.args, params):
            if p == "card_name":
                self.card_name(e.func, arg)
            elif p == "token_kind":
                if not isinstance(arg, A.Name):
                    self.report(arg, "E005", f"{e.func}() needs a token kind (vp, coin, ...)")
                else:
                    self.known("token", arg, arg.name, self.scope.known_tokens)
            elif p == "measure":
                if not isinstance(arg, A.Name) or arg.name not in MEASURES:
                    self.report(arg, "E005", f"{e.func}() adds up one of: "
                                f"{', '.join(MEASURES)} (`sum(trashed, coins_cost)`)")
            else:
                self.want(arg, self.expr(arg, pred), (p,), f"{e.func}()")
        return result

    def card_name(self, func: str, arg) -> None:
        """A card id, `this`, `it`, or a variable (of cards or of a named card)."""
        s = self.scope
        if isinstance(arg, A.Name) and (arg.name in s.known_cards or arg.name in s.variables
                                        or arg.name == "this"
                                        or (arg.name == "it" and s.has_it)):
            return
        if isinstance(arg, A.Name) and arg.name in s.bound_later:
            self.unknown(arg, arg.name, "name")
            return
        self.report(arg, "E005", f"{func}() needs a card id, `this`, `it` or a variable")

    def is_kind(self, e: A.Is) -> None:
        s = self.scope
        if e.kind in s.variables or e.kind in ("this", "it") or e.kind in s.bound_later:
            self.report(e, "E005", f"`is` takes a card type or card id, and '{e.kind}' is a "
                        f"variable; to compare cards by name write `name(x) = "
                        f"{e.kind if s.variables.get(e.kind) == 'name' else f'name({e.kind})'}`")
            return
        self.kind(e, e.kind)

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

    def bind(self, node, name: str | None, type_: str = "cards") -> None:
        if not name:
            return
        s = self.scope
        if name in ZONES or name in HISTORY or name in ("this", "it") or \
                name in s.known_types or name in s.known_cards or name in FUNCTIONS or \
                name in FACTS:
            self.report(node, "E005", f"'{name}' is already a zone, card, type or function "
                        "name; bind to another name")
        s.variables[name] = type_

    def movable(self, expr) -> None:
        """A move acts on cards where they are: this turn's history is only read."""
        for n in nodes(expr):
            if isinstance(n, A.Name) and n.name in HISTORY and n.name not in \
                    self.scope.variables:
                self.report(n, "E005", f"'{n.name}' is this turn's history: count it or test "
                            "it; move cards from a zone or a variable")

    def target(self, t) -> None:
        if isinstance(t, A.AllOf):
            self.want(t.expr, self.expr(t.expr), ("cards",), "this statement")
            self.movable(t.expr)
        else:
            if t.count is not None:
                self.want(t.count, self.expr(t.count), NUMERIC, "a quantity")
            self.kind(t, t.kind)
            self.want(t.source, self.expr(t.source), ("cards",), "'from'")
            self.movable(t.source)
        self.bind(t, t.bind)

    def with_it(self, check) -> None:
        saved = self.scope.has_it
        self.scope.has_it = True
        check()
        self.scope.has_it = saved

    def stmt(self, s) -> None:
        if isinstance(s, A.Bonus):
            self.want(s.amount, self.expr(s.amount), NUMERIC, "a bonus")
        elif isinstance(s, A.LoseCoins):
            self.want(s.amount, self.expr(s.amount), NUMERIC, "a loss of coins")
        elif isinstance(s, (A.Move, A.Put, A.Play)):
            self.target(s.target)
        elif isinstance(s, A.Gain):
            self.gain(s)
        elif isinstance(s, A.PlayAs):
            self.want(s.card, self.expr(s.card), ("cards",), "'play ... as if it were'")
            self.gain_spec(s.spec)
        elif isinstance(s, A.RevealTop):
            self.want(s.count, self.expr(s.count), NUMERIC, "'top'")
            self.bind(s, s.bind)
        elif isinstance(s, (A.RevealUntil, A.DrawUntil)):
            self.with_it(lambda: self.cond(s.cond))
            if isinstance(s, A.DrawUntil):
                self.with_it(lambda: self.program(s.body))
        elif isinstance(s, A.ShuffleInto):
            self.want(s.target, self.expr(s.target), ("cards",), "'shuffle'")
            self.movable(s.target)
        elif isinstance(s, A.If):
            self.cond(s.cond)
            self.program(s.then)
            self.program(s.orelse)
        elif isinstance(s, A.May):
            if s.stmt is not None:
                self.stmt(s.stmt)
            self.program(s.body)
        elif isinstance(s, A.EachCard):
            self.want(s.source, self.expr(s.source), ("cards",), "'each card in'")
            self.with_it(lambda: self.program(s.body))
        elif isinstance(s, (A.Each, A.PlayerBlock, A.Instead, A.Repeat, A.NextTurn)):
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
                self.cond(s.card, pred=True)
            self.with_it(lambda: self.program(s.body))
        elif isinstance(s, A.Lasting):
            if s.card is not None:
                self.cond(s.card, pred=True)
            self.with_it(lambda: self.program(s.body))
        elif isinstance(s, A.Exchange):
            self.want(s.target.expr, self.expr(s.target.expr), ("cards",), "'exchange'")
            if s.card not in self.scope.known_cards:
                self.kind(s, s.card)
                if s.card in self.scope.known_types:
                    self.report(s, "E005", f"'exchange ... for' takes a card id, not the "
                                f"type '{s.card}'")
        elif isinstance(s, A.TurnCost):
            self.kind(s, s.kind)
            self.want(s.delta, self.expr(s.delta), NUMERIC, "a cost change")
        elif isinstance(s, A.TurnDraw):
            self.want(s.amount, self.expr(s.amount), NUMERIC, "'cleanup draws'")
        elif isinstance(s, A.TurnBan):
            self.card_name("can't buy", s.what)
        elif isinstance(s, A.NameCard):
            self.bind(s, s.bind, "name")
        elif isinstance(s, A.Tokens):
            self.want(s.amount, self.expr(s.amount), NUMERIC, "a number of tokens")
            if s.piles is not None:
                self.cond(s.piles, True)
        elif isinstance(s, A.Overpay):
            if self.scope.trigger_on != "buy":
                self.report(s, "E005", "'overpay' is done when buying this card: use it in "
                            "`on_buy` (or a trigger `on: buy, what: this`)")
            self.bind(s, s.bind, "number")
        elif isinstance(s, A.PayTokens):
            self.want(s.count, self.expr(s.count), NUMERIC, "a number of tokens")
            self.known("token", s, s.kind, self.scope.known_tokens)
            self.bind(s, s.bind, "number")
        elif isinstance(s, A.MoveTokens):
            self.want(s.amount, self.expr(s.amount), NUMERIC, "a number of tokens")
            self.want(s.card, self.expr(s.card), ("cards",), "'pile of'")
            self.known("token", s, s.kind, self.scope.known_tokens)

    def gain(self, s: A.Gain) -> None:
        w = s.what
        if isinstance(w, A.Selection):
            self.target(w)
        else:
            self.gain_spec(w)
        self.bind(s, s.bind)

    def gain_spec(self, w: A.GainSpec) -> None:
        """A Supply card chosen by kind, cost and condition (a gain's, a `play as`'s)."""
        self.kind(w, w.kind)
        if w.copy_of is not None:
            self.want(w.copy_of, self.expr(w.copy_of), ("cards",), "'copy of'")
        if w.cost is not None:
            self.want(w.cost, self.expr(w.cost), ("cost", "number"), "'costing'")
        if w.cond is not None:
            self.cond(w.cond, True)
