"""Card text generated from the effect AST, in any locale.

Why from the AST: a fan card written in the language gets its text in every locale without
anyone writing it, and the text can never disagree with what the card does. Each construct
has a phrase template: an English msgid with named placeholders, marked with `N_` (one
form) or `ngettext` (singular and plural) so that `pybabel extract` finds it, and looked up
in the locale's gettext catalog when a card is rendered. Card and type names inside a text
come from the locale too.

The layout follows a printed card: each top-level bonus on its own line (`+1 Card`), the
other statements as sentences in the order the card does them, victory points first, and a
dividing line before the abilities below the line (when gained or bought, reactions,
triggers, cost changes).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import ast as A
from .i18n import Locale
from .phrases import (  # noqa: F401 (BONUS is used by dsl.lint)
    ALL, ALL_KIND, ANY, ANY_KIND, A_CARD, A_KIND, IT, N_CARDS, N_KIND, THEM, THIS,
    THIS_FROM_HAND, UP_TO, UP_TO_KIND,
    DIVIDER, TEMPLATES, ngettext, BONUS, COINS, TREASURE_COINS, BONUS_PER, TREASURE_PER,
    BONUS_EXPR, COUNTER_WORDS, DRAWS, OTHER_BONUS, VP, VP_PER, VP_EXPR, EXPR_CARDS, CARD_WORD,
    KIND_WORD, NAMED, NAMED_N, NON, OR, AND, OTHER_THAN, LIST_SEP, OPTIONS_SEP, ZONES,
    DECK_AND_DISCARD, FROM, FROM_HE, IN_HAND, FROM_BOUND, ANY_OF, THE, THE_OTHER_REVEALED,
    THE_REVEALED_KIND, THE_KIND, THIS_CARD, BOUND_ONE, BOUND_MANY, PER_BOUND, PER_COST, PER_N,
    ROUNDED_DOWN, VERB, CHOSEN_BY_YOU, DISCARD_DOWN, PUT, PUT_BACK, PUT_BACK_TOP, IN_ANY_ORDER,
    GAIN_DEST, GAIN_COUNT, COSTING, THAT_IS, COST_MORE, COST_LESS, PLAY_TIMES, PLAY_TWICE,
    PLAY_ANY_ORDER, REVEAL_TOP, REVEAL_TOP_N, REVEAL_UNTIL, REVEAL_UNTIL_ANY, DRAW_UNTIL,
    DRAW_UNTIL_ANY, AS_YOU_DRAW, SHUFFLE_INTO, IF, IF_HE, IF_YOU_DO, OTHERWISE, WORTH_IF, MAY,
    MAY_IF_YOU_DO, EACH_OTHER, EACH, CHOOSE_ONE, CHOOSE_ONE_YOURS, EITHER_ORDER,
    GAIN_EITHER_ORDER, REPEAT, AS_YOU, INSTEAD, UNAFFECTED, LATER_CLEANUP, LATER_EVENT,
    EXTRA_TURN, EXTRA_CONTROLLED, EXTRA_GAINS, EXTRA_TRASH, PLAY_THIS, BUY_OR_PLAY,
    MODIFIER_LESS, MODIFIER_MORE, CARDS_PLURAL, KIND_PLURAL, COND, OPS, NUMBER_OF, COST_OF,
    COINS_COST_OF, POTION_COST_OF, ARITH, FACT, EVENT, WHILE_IN_PLAY, IN_GAMES_USING,
    WHEN_THIS, LATER_VERBS, LATER_DISCARD_YOU,
)


# ---- the rendered card -------------------------------------------------------------------------
@dataclass(frozen=True)
class RenderedCard:
    id: str
    locale: str
    name: str
    types: tuple
    cost: str
    text: tuple
    fallbacks: tuple = ()          # what fell back to English: "name", "type:x", "template:..."

    def as_json(self) -> dict:
        return {"id": self.id, "locale": self.locale, "name": self.name,
                "types": list(self.types), "cost": self.cost, "text": list(self.text),
                "fallbacks": list(self.fallbacks)}


@dataclass
class _Ctx:
    """What the renderer knows while walking one card: the locale, the bound variables
    (name -> (verb, single)), who acts (0 = you, 1 = he) and what has been moved."""
    locale: Locale
    catalog: object
    card: object
    fallbacks: list = field(default_factory=list)
    bound: dict = field(default_factory=dict)
    person: int = 0
    revealed_split: bool = False
    this_where: str = "self"
    treasure: bool = False

    # -- lookups, never failing: a broken translation falls back to the English template
    def t(self, msgid: str, **kw) -> str:
        text = self.locale.gettext(msgid)
        try:
            return text.format(**kw)
        except (KeyError, IndexError, ValueError):
            self._note("template: " + msgid)
            return msgid.format(**kw)

    def tn(self, pair: tuple, n: int, **kw) -> str:
        text = self.locale.ngettext(pair[0], pair[1], n)
        try:
            return text.format(n=n, **kw)
        except (KeyError, IndexError, ValueError):
            self._note("template: " + pair[0])
            return (pair[0] if n == 1 else pair[1]).format(n=n, **kw)

    def p(self, pair: tuple, **kw) -> str:
        """A (you, he) template in the current person."""
        return self.t(pair[self.person], **kw)

    def _note(self, what: str) -> None:
        if what not in self.fallbacks:
            self.fallbacks.append(what)

    def card_name(self, card_id: str) -> str:
        card = self.catalog.cards.get(card_id) if self.catalog else None
        if card is None:
            return card_id
        name, fell_back = self.locale.card_name(card)
        if fell_back:
            self._note(f"name: {card_id}")
        return name

    def kind_name(self, kind: str) -> str:
        if self.catalog is not None and kind in self.catalog.types:
            name, fell_back = self.locale.type_name(kind, self.catalog)
            if fell_back:
                self._note(f"type: {kind}")
            return name
        return self.card_name(kind)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _sentence(s: str) -> str:
    s = _cap(s.strip())
    return s if not s or s[-1] in ".!?" else s + "."


def _num(e) -> int | None:
    return e.value if isinstance(e, A.Num) else None


def _is_call(e, func: str) -> bool:
    return isinstance(e, A.Call) and e.func == func


def _names_in(node) -> set:
    """Every Name used anywhere inside a node (to see whether a body uses a variable)."""
    out = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Name):
            out.add(n.name)
        elif isinstance(n, (tuple, list)):
            stack.extend(n)
        elif hasattr(n, "__dataclass_fields__"):
            stack.extend(getattr(n, f) for f in n.__dataclass_fields__ if f != "pos")
    return out


# ---- kinds and card phrases -------------------------------------------------------------------
def kind_adj(ctx: _Ctx, cond) -> str:
    """A `where` condition as an adjective before "card": Treasure, non-Action, Silver or Gold."""
    if isinstance(cond, A.Name):
        return ctx.kind_name(cond.name)
    if isinstance(cond, A.Not):
        return ctx.t(NON, kind=kind_adj(ctx, cond.operand))
    if isinstance(cond, A.Or):
        return ctx.t(OR, a=kind_adj(ctx, cond.left), b=kind_adj(ctx, cond.right))
    if isinstance(cond, A.And):
        if isinstance(cond.right, A.Not):
            return ctx.t(OTHER_THAN, a=kind_adj(ctx, cond.left),
                         b=kind_adj(ctx, cond.right.operand))
        return ctx.t(AND, a=kind_adj(ctx, cond.left), b=kind_adj(ctx, cond.right))
    if isinstance(cond, A.Is):
        return kind_adj(ctx, A.Not(A.Name(cond.kind)) if cond.negated else A.Name(cond.kind))
    return describe(ctx, cond)


def _is_card_id(ctx, kind) -> bool:
    return ctx.catalog is not None and kind in ctx.catalog.cards and kind not in ctx.catalog.types


def cards_np(ctx: _Ctx, mode: str, count, kind: str | None) -> str:
    """`2 cards`, `a Treasure card`, `up to 4 cards`, `any number of Action cards`."""
    k = None
    if isinstance(kind, str):
        k = ctx.kind_name(kind)
    elif kind is not None:
        k = kind_adj(ctx, kind)
    n = _num(count)
    if mode == "any":
        return ctx.t(ANY_KIND, kind=k) if k else ctx.t(ANY)
    if mode == "all":
        return ctx.t(ALL_KIND, kind=k) if k else ctx.t(ALL)
    if mode == "up_to" and n is not None:
        return ctx.tn(UP_TO_KIND, n, kind=k) if k else ctx.tn(UP_TO, n)
    if n is None:
        return ctx.t(EXPR_CARDS, amount=amount(ctx, count))
    if n == 1:
        return ctx.t(A_KIND, kind=k) if k else ctx.t(A_CARD)
    return ctx.tn(N_KIND, n, kind=k) if k else ctx.tn(N_CARDS, n)


def cards_word(ctx: _Ctx, cond, n: int = 2) -> str:
    """`cards` or `Victory cards` (for zone phrases)."""
    if cond is None:
        return ctx.tn(CARD_WORD, n)
    return ctx.tn(KIND_WORD, n, kind=kind_adj(ctx, cond))


def zone_np(ctx: _Ctx, expr, n: int = 2) -> str:
    """`cards in your hand`, `Victory cards in your deck`, `cards discarded`."""
    cond = None
    if isinstance(expr, A.Where):
        expr, cond = expr.source, expr.cond
    if isinstance(expr, A.Arith) and expr.op == "+" and \
            {_zone_of(expr.left), _zone_of(expr.right)} == {"deck", "discard"}:
        return ctx.t(DECK_AND_DISCARD, cards=cards_word(ctx, cond, n))
    if isinstance(expr, A.Name):
        if expr.name in ZONES:
            return ctx.t(ZONES[expr.name], cards=cards_word(ctx, cond, n))
        if expr.name in ctx.bound:
            return ctx.t(THE_KIND, kind=kind_adj(ctx, cond), them=them(ctx, expr.name)) \
                if cond is not None else them(ctx, expr.name)
    return describe(ctx, expr)


def _zone_of(e):
    if _is_call(e, "count") and isinstance(e.args[0], A.Name):
        return e.args[0].name
    return None


def them(ctx: _Ctx, name: str, pronoun: bool = False) -> str:
    """What a name stands for: `the trashed card`, `your hand`, `this`, `it`."""
    if name == "this":
        return ctx.t(THIS_FROM_HAND) if ctx.this_where == "hand" and pronoun else ctx.t(THIS)
    if name == "it":
        return ctx.t(IT)
    if name in ctx.bound:
        verb, single = ctx.bound[name]
        if pronoun:
            return ctx.t(IT if single else THEM)
        return ctx.t((BOUND_ONE if single else BOUND_MANY).get(verb, THEM))
    if name == "revealed" and ctx.revealed_split:
        return ctx.t(THE_OTHER_REVEALED)
    if name == "revealed" and ctx.bound.get("__revealed_one"):
        return ctx.t(IT)
    if name in THE:
        return ctx.t(THE[name])
    if ctx.catalog is not None and (name in ctx.catalog.cards or name in ctx.catalog.types):
        return ctx.kind_name(name)
    return name


def target_np(ctx: _Ctx, target, verb: str | None = None) -> str:
    """A selection or a plain card expression as the object of a verb."""
    if isinstance(target, A.AllOf):
        e = target.expr
        if isinstance(e, A.Where):
            if isinstance(e.source, A.Name) and e.source.name == "revealed":
                return ctx.t(THE_REVEALED_KIND, kind=kind_adj(ctx, e.cond))
            return ctx.t(THE_KIND, kind=kind_adj(ctx, e.cond), them=target_np(
                ctx, A.AllOf(e.source, None)))
        if isinstance(e, A.Name):
            return them(ctx, e.name, pronoun=e.name in ("this",) or
                        (e.name in ctx.bound and verb is not None))
        return describe(ctx, e)
    sel = target
    src, kind = sel.source, sel.kind
    if isinstance(src, A.Where) and kind is None:
        kind, src = src.cond, src.source
        what = cards_np(ctx, sel.mode, sel.count, kind)
    elif isinstance(src, A.Where):
        what = ctx.t(THAT_IS, what=cards_np(ctx, sel.mode, sel.count, kind),
                     cond=pred(ctx, src.cond))
        src = src.source
    else:
        what = cards_np(ctx, sel.mode, sel.count, kind)
    if isinstance(src, A.Name) and src.name in ctx.bound and sel.mode in ("any", "all") \
            and sel.kind is None:
        verb_b = ctx.bound[src.name][0]
        many = ctx.t(BOUND_MANY.get(verb_b, THEM))
        out = ctx.t(ANY_OF, them=many) if sel.mode == "any" else many
    elif isinstance(src, A.Name) and src.name in FROM and src.name not in ctx.bound:
        if src.name == "hand" and verb == "discard":
            out = what             # "Discard 3 cards." as printed: from the hand goes unsaid
        elif src.name == "revealed" and verb is not None and ctx.bound.get("__revealed_one"):
            out = what
        elif src.name == "hand" and verb == "choose":
            out = ctx.t(IN_HAND, what=what)
        elif ctx.person == 1 and src.name in FROM_HE:
            out = ctx.t(FROM_HE[src.name], what=what)
        else:
            out = ctx.t(FROM[src.name], what=what)
    elif isinstance(src, A.Name):
        out = ctx.t(FROM_BOUND, what=what, them=them(ctx, src.name))
    else:
        out = ctx.t(FROM_BOUND, what=what, them=describe(ctx, src))
    if sel.by_you:
        out = ctx.t(CHOSEN_BY_YOU, what=out)
    return out


def _bind(ctx: _Ctx, name: str | None, verb: str, single: bool) -> None:
    if name:
        ctx.bound[name] = (verb, single)


def _single(target) -> bool:
    if isinstance(target, A.Selection):
        return target.mode in ("exactly", "up_to") and _num(target.count) == 1
    return isinstance(target.expr, A.Name) and target.expr.name in ("this", "it")


# ---- expressions -------------------------------------------------------------------------------
def pred(ctx: _Ctx, cond) -> str:
    """A condition on one card, after "is": `an Action card`, `not a Victory card`."""
    if isinstance(cond, A.Name):
        if _is_card_id(ctx, cond.name):
            return ctx.t(NAMED, card=ctx.card_name(cond.name))
        return ctx.t(A_KIND, kind=ctx.kind_name(cond.name))
    if isinstance(cond, A.Not):
        return ctx.t(COND["not"], x=pred(ctx, cond.operand))
    if isinstance(cond, A.Or):
        return ctx.t(OR, a=pred(ctx, cond.left), b=pred(ctx, cond.right))
    if isinstance(cond, A.And):
        return ctx.t(AND, a=pred(ctx, cond.left), b=pred(ctx, cond.right))
    return describe(ctx, cond)


def amount(ctx: _Ctx, e) -> str:
    """A number expression in words (`3`, `its cost in coins`, `the number of cards ...`)."""
    if isinstance(e, A.Num):
        return str(e.value)
    if _is_call(e, "count"):
        return ctx.t(NUMBER_OF, cards=zone_np(ctx, e.args[0]))
    if _is_call(e, "coins_cost"):
        return ctx.t(COINS_COST_OF)
    if _is_call(e, "potion_cost"):
        return ctx.t(POTION_COST_OF)
    if _is_call(e, "cost"):
        return ctx.t(COST_OF, x=describe(ctx, e.args[0]))
    if isinstance(e, A.Arith):
        return ctx.t(ARITH[e.op], a=amount(ctx, e.left), b=amount(ctx, e.right))
    return describe(ctx, e)


def per(ctx: _Ctx, e) -> str | None:
    """The `per ...` of `+1 Card per card discarded`; None when the amount is no rate."""
    if _is_call(e, "count"):
        arg = e.args[0]
        if isinstance(arg, A.Name) and arg.name in ctx.bound:
            return ctx.t(PER_BOUND.get(ctx.bound[arg.name][0], CARD_WORD[0]))
        return zone_np(ctx, arg, n=1)
    if _is_call(e, "coins_cost"):
        return ctx.t(PER_COST, it=them(ctx, e.args[0].name, pronoun=True)
                     if isinstance(e.args[0], A.Name) else describe(ctx, e.args[0]))
    if isinstance(e, A.Arith) and e.op == "/" and _num(e.right) is not None:
        inner = e.left
        if _is_call(inner, "count"):
            inner = inner.args[0]
        return ctx.t(ROUNDED_DOWN, x=ctx.t(PER_N, n=e.right.value, cards=zone_np(ctx, inner)))
    return None


def cost_phrase(ctx: _Ctx, e) -> str:
    if isinstance(e, A.CostLit):
        return "$" + str(e.coins) + ("P" * e.potion)
    if isinstance(e, A.Num):
        return f"${e.value}"
    if _is_call(e, "cost") and isinstance(e.args[0], A.Name):
        return them(ctx, e.args[0].name)
    if isinstance(e, A.Arith) and e.op in "+-" and _is_call(e.left, "cost") \
            and _num(e.right) is not None:
        x = cost_phrase(ctx, e.left)
        return ctx.t(COST_MORE if e.op == "+" else COST_LESS, n=e.right.value, x=x)
    return amount(ctx, e)


def describe(ctx: _Ctx, e) -> str:
    """Any expression or condition in words; the general case behind the special phrases."""
    if isinstance(e, A.Name):
        return them(ctx, e.name)
    if isinstance(e, (A.Num, A.Arith)) or _is_call(e, "count") or _is_call(e, "coins_cost") \
            or _is_call(e, "potion_cost") or _is_call(e, "cost"):
        return amount(ctx, e)
    if isinstance(e, A.CostLit):
        return cost_phrase(ctx, e)
    if isinstance(e, A.Call):
        if e.func in ("played",) and e.args:
            return ctx.t(NUMBER_OF, cards=describe(ctx, e.args[0]))
        return ctx.t(FACT, name=e.func)
    if isinstance(e, A.Where):
        return zone_np(ctx, e)
    if isinstance(e, A.Is):
        sub = describe(ctx, e.subject) if not isinstance(e.subject, A.Name) else \
            them(ctx, e.subject.name, pronoun=True)
        return ctx.t(COND["it_is_not" if e.negated else "it_is"], it=sub,
                     pred=pred(ctx, A.Name(e.kind)))
    if isinstance(e, A.Not):
        return ctx.t(COND["not"], x=describe(ctx, e.operand))
    if isinstance(e, A.And):
        return ctx.t(AND, a=describe(ctx, e.left), b=describe(ctx, e.right))
    if isinstance(e, A.Or):
        return ctx.t(OR, a=describe(ctx, e.left), b=describe(ctx, e.right))
    if isinstance(e, A.Compare):
        return condition(ctx, e)
    if isinstance(e, A.Neg):
        return "-" + describe(ctx, e.operand)
    return str(e)


def condition(ctx: _Ctx, c) -> str:
    """An `if` condition as a clause."""
    if isinstance(c, A.Compare):
        l, r = c.left, c.right
        if _is_call(l, "played") and l.args and isinstance(l.args[0], A.Name) \
                and l.args[0].name == "this" and c.op == "=" and _num(r) == 1:
            return ctx.t(COND["first_play"], card=ctx.card_name(ctx.card.id))
        if _is_call(l, "potion_cost") and c.op == ">" and _num(r) == 0:
            return ctx.t(COND["has_potion"], it=describe(ctx, l.args[0]) if not isinstance(
                l.args[0], A.Name) else them(ctx, l.args[0].name, pronoun=True))
        if _is_call(l, "count") and isinstance(l.args[0], A.Where) and _num(r) == 0 \
                and c.op in ("=", ">"):
            w = l.args[0]
            src = w.source.name if isinstance(w.source, A.Name) else None
            if src == "in_play" and c.op == ">":
                return ctx.t(COND["have_in"], kind=kind_adj(ctx, w.cond))
            key = "none_among" if c.op == "=" else "some_among"
            return ctx.t(COND[key], kind=kind_adj(ctx, w.cond),
                         them=them(ctx, src) if src else describe(ctx, w.source))
        return ctx.t(COND["cmp"], a=describe(ctx, l), op=ctx.t(OPS[c.op]), b=describe(ctx, r))
    return describe(ctx, c)


# ---- statements ----------------------------------------------------------------------------------
def bonus(ctx: _Ctx, b: A.Bonus, top: bool = False) -> str:
    n = _num(b.amount)
    if ctx.person == 1 and b.counter == "cards" and n is not None:
        return ctx.tn(DRAWS, n)
    if n is not None:
        if b.counter == "coins":
            text = ctx.t(TREASURE_COINS if top and ctx.treasure else COINS, n=n)
        else:
            text = ctx.tn(BONUS[b.counter], n)
    else:
        rate = per(ctx, b.amount)
        if rate is not None and top and ctx.treasure and b.counter == "coins":
            text = ctx.t(TREASURE_PER, per=rate)
        elif rate is not None:
            text = ctx.t(BONUS_PER[b.counter], per=rate)
        else:
            text = ctx.t(BONUS_EXPR, amount=amount(ctx, b.amount),
                         counter=ctx.t(COUNTER_WORDS[b.counter]))
    return ctx.t(OTHER_BONUS, bonus=text) if ctx.person == 1 else text


def _join(ctx: _Ctx, parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ctx.t(AND, a=ctx.t(LIST_SEP).join(parts[:-1]), b=parts[-1])


def block(ctx: _Ctx, stmts) -> str:
    """Statements inside a sentence: clauses joined by `and` (or `, then` for more)."""
    stmts = _merge(stmts)
    parts = [(s, stmt(ctx, s)) for s in stmts]
    parts = [(s, p) for s, p in parts if p]
    if all(isinstance(s, A.Bonus) for s, _ in parts):
        return _join(ctx, [p for _, p in parts])
    if ctx.person == 0:
        return ". ".join([parts[0][1]] + [_cap(p) for _, p in parts[1:]])
    # "each other player reveals ..., trashes ... and discards ... . If ..., he gains ..."
    sentences, run = [], []
    for s, p in parts:
        if isinstance(s, A.AsYou) or isinstance(s, A.If) and not _implicit_if(ctx, s):
            if run:
                sentences.append(_join(ctx, run))
                run = []
            sentences.append(_cap(p))
        else:
            run.append(p)
    if run:
        sentences.append(_join(ctx, run))
    return ". ".join(sentences)


def _merge(stmts):
    """Consecutive identical gains of one named card become one statement with a count."""
    out = []
    for s in stmts:
        if out and isinstance(s, A.Gain) and isinstance(out[-1], tuple) and out[-1][0] == s:
            out[-1] = (s, out[-1][1] + 1)
        elif out and isinstance(s, A.Gain) and out[-1] == s and isinstance(s.what, A.GainSpec) \
                and s.what.relation is None:
            out[-1] = (s, 2)
        else:
            out.append(s)
    return out


def gain_what(ctx: _Ctx, spec, n: int = 1) -> str:
    if isinstance(spec, A.Selection):
        return target_np(ctx, spec)
    if spec.kind and ctx.catalog is not None and spec.kind in ctx.catalog.cards \
            and spec.relation is None:
        name = ctx.card_name(spec.kind)
        what = ctx.t(NAMED, card=name) if n == 1 else ctx.tn(NAMED_N, n, card=name)
    else:
        what = cards_np(ctx, "exactly", A.Num(n), spec.kind)
    if spec.relation:
        what = ctx.t(COSTING[spec.relation], what=what, cost=cost_phrase(ctx, spec.cost))
    if spec.cond is not None:
        what = ctx.t(THAT_IS, what=what, cond=pred(ctx, spec.cond))
    return what


def stmt(ctx: _Ctx, s) -> str:
    """One statement as a clause in the current person (lower case, no full stop)."""
    count = 1
    if isinstance(s, tuple):
        s, count = s
    if isinstance(s, A.Bonus):
        return bonus(ctx, s)
    if isinstance(s, A.Move):
        return move(ctx, s)
    if isinstance(s, A.Put):
        return put(ctx, s)
    if isinstance(s, A.Gain):
        text = ctx.p(VERB["gain"], what=gain_what(ctx, s.what, count))
        if s.dest in GAIN_DEST:
            text = ctx.t(GAIN_DEST[s.dest], x=text)
        _bind(ctx, s.bind, "gain", True)
        return text
    if isinstance(s, A.Play):
        what = target_np(ctx, s.target, "play")
        text = ctx.p(VERB["play"], what=what)
        if s.any_order:
            return ctx.t(PLAY_ANY_ORDER, play=text)
        if s.times == 2:
            return ctx.t(PLAY_TWICE, play=text)
        return text if s.times == 1 else ctx.tn(PLAY_TIMES, s.times, play=text)
    if isinstance(s, A.RevealTop):
        n = _num(s.count)
        ctx.revealed_split = False
        if n == 1:
            ctx.bound["__revealed_one"] = True
            text = ctx.p(REVEAL_TOP[(s.verb, 1)])
        else:
            ctx.bound.pop("__revealed_one", None)
            pair = REVEAL_TOP_N[s.verb][ctx.person]
            text = ctx.tn(pair, n) if n is not None else ctx.tn(pair, 2).replace(
                "2", amount(ctx, s.count), 1)
        _bind(ctx, s.bind, "reveal", n == 1)
        return text
    if isinstance(s, A.RevealUntil):
        ctx.bound.pop("__revealed_one", None)
        ctx.revealed_split = False
        c = s.cond
        if isinstance(c, A.Compare) and c.op == ">=" and _is_call(c.left, "count") \
                and _num(c.right) is not None:
            arg = c.left.args[0]
            kind = kind_adj(ctx, arg.cond) if isinstance(arg, A.Where) else None
            if kind is not None:
                return ctx.tn(REVEAL_UNTIL, c.right.value, kind=kind)
        return ctx.t(REVEAL_UNTIL_ANY, cond=condition(ctx, c))
    if isinstance(s, A.DrawUntil):
        c = s.cond
        if isinstance(c, A.Compare) and c.op == ">=" and _is_call(c.left, "count") \
                and c.left.args[0] == A.Name("hand") and _num(c.right) is not None:
            text = ctx.t(DRAW_UNTIL, n=c.right.value)
        else:
            text = ctx.t(DRAW_UNTIL_ANY, cond=condition(ctx, c))
        if s.body:
            text = ctx.t(AS_YOU_DRAW, draw=text, body=block(ctx, s.body))
        return text
    if isinstance(s, A.ShuffleInto):
        what = them(ctx, s.target.name, pronoun=True) if isinstance(s.target, A.Name) \
            else describe(ctx, s.target)
        return ctx.t(SHUFFLE_INTO, what=what)
    if isinstance(s, A.If):
        return if_(ctx, s)
    if isinstance(s, A.May):
        if s.stmt is None:
            return ctx.p(MAY, x=block(ctx, s.body))
        first = stmt(ctx, s.stmt)
        if not s.body:
            return ctx.p(MAY, x=first)
        return ctx.p(MAY_IF_YOU_DO, x=first, y=block(ctx, s.body))
    if isinstance(s, A.Each):
        saved = ctx.person, ctx.revealed_split
        ctx.person = 1
        body = block(ctx, s.body)
        ctx.person, ctx.revealed_split = saved
        # after the block a variable holds every player's cards: plural
        ctx.bound.update({k: (v[0], False) for k, v in ctx.bound.items()
                          if isinstance(v, tuple)})
        return ctx.t(EACH_OTHER if s.others else EACH, x=body)
    if isinstance(s, A.ChooseOne):
        opts = ctx.t(OPTIONS_SEP).join(block(ctx, o) for o in s.options) if ctx.person == 0 \
            else ctx.t(OR, a=block(ctx, s.options[0]), b=ctx.t(OPTIONS_SEP).join(
                block(ctx, o) for o in s.options[1:]))
        return ctx.p(CHOOSE_ONE_YOURS if s.by_you else CHOOSE_ONE, x=opts)
    if isinstance(s, A.InAnyOrder):
        gains = [b[0] for b in s.blocks if len(b) == 1 and isinstance(b[0], A.Gain)]
        if len(gains) == len(s.blocks) == 2 and all(g.dest == "deck" for g in gains):
            return ctx.t(GAIN_EITHER_ORDER, x=_join(ctx, [gain_what(ctx, g.what) for g in gains]))
        return ctx.t(EITHER_ORDER, x=_join(ctx, [block(ctx, b) for b in s.blocks]))
    if isinstance(s, A.Repeat):
        if len(s.body) == 1 and isinstance(s.body[0], A.Gain) and \
                isinstance(s.body[0].what, A.GainSpec) and s.body[0].what.relation is None \
                and _is_card_id(ctx, s.body[0].what.kind):
            return ctx.tn(GAIN_COUNT, 2, card=ctx.card_name(s.body[0].what.kind),
                          amount=amount(ctx, s.count))
        return ctx.t(REPEAT, amount=amount(ctx, s.count), x=block(ctx, s.body))
    if isinstance(s, A.AsYou):
        saved = ctx.person
        ctx.person = 0
        text = ctx.t(AS_YOU, x=stmt(ctx, s.stmt))
        ctx.person = saved
        return text
    if isinstance(s, A.Instead):
        return ctx.t(INSTEAD, x=block(ctx, s.body))
    if isinstance(s, A.Unaffected):
        return ctx.t(UNAFFECTED)
    if isinstance(s, A.Later):
        body = block(ctx, s.body)
        if s.event == "cleanup_start" and s.card is None:
            return ctx.t(LATER_CLEANUP, x=body)
        card = them(ctx, s.card.name, pronoun=True) if isinstance(s.card, A.Name) else \
            ctx.t(THIS)
        if s.event == "discard_from_play":
            return ctx.t(LATER_DISCARD_YOU, card=card, x=body)
        return ctx.t(LATER_EVENT, card=card, event=ctx.t(LATER_VERBS.get(s.event, s.event)),
                     x=body)
    if isinstance(s, A.ExtraTurn):
        text = ctx.t(EXTRA_TURN)
        if s.controlled:
            text += ", " + ctx.t(EXTRA_CONTROLLED)
        if s.gains_to_controller:
            text += ". " + _cap(ctx.t(EXTRA_GAINS))
        if s.trash_set_aside:
            text += ("; " if s.gains_to_controller else ". ") + ctx.t(EXTRA_TRASH)
        return text
    return str(s)


def move(ctx: _Ctx, s: A.Move) -> str:
    t = s.target
    if s.verb == "discard" and isinstance(t, A.Selection) and isinstance(t.count, A.Arith) \
            and t.count.op == "-" and _is_call(t.count.left, "count") \
            and t.count.left.args[0] == A.Name("hand") and _num(t.count.right) is not None:
        return ctx.p(DISCARD_DOWN, n=t.count.right.value)
    what = target_np(ctx, t, s.verb)
    if isinstance(t, A.AllOf) and isinstance(t.expr, A.Name) and t.expr.name == "this" \
            and ctx.this_where == "hand" and s.verb in ("reveal", "trash"):
        what = ctx.t(THIS_FROM_HAND)
    elif isinstance(t, A.AllOf) and t.expr == A.Name("this") and s.verb == "trash":
        what = ctx.t(THIS_CARD)
    if isinstance(t, A.Selection) and t.mode == "up_to" and _num(t.count) == 1:
        what = target_np(ctx, A.Selection("exactly", t.count, t.kind, t.source, t.by_you,
                                          t.bind), s.verb)
        text = ctx.p(MAY, x=ctx.p(VERB.get(s.verb, VERB["choose"]), what=what))
    else:
        text = ctx.p(VERB.get(s.verb, VERB["choose"]), what=what)
    _split(ctx, t)
    _bind(ctx, t.bind, s.verb, _single(t))
    return text


def _split(ctx: _Ctx, target) -> None:
    """After some of the revealed cards moved, the rest are "the other revealed cards"."""
    if isinstance(target, A.AllOf) and isinstance(target.expr, A.Where):
        ctx.revealed_split = True
    elif isinstance(target, A.Selection):
        src = target.source.source if isinstance(target.source, A.Where) else target.source
        if src == A.Name("revealed"):
            ctx.revealed_split = True


def put(ctx: _Ctx, s: A.Put) -> str:
    t = s.target
    what = target_np(ctx, t, "put")
    from_deck = isinstance(t, A.AllOf) and t.expr == A.Name("revealed") and s.dest == "deck"
    if from_deck and not s.any_order and ctx.bound.get("__revealed_one"):
        text = ctx.p(PUT_BACK, what=what)
    elif from_deck:
        text = ctx.p(PUT_BACK_TOP, what=what)
    else:
        text = ctx.p(PUT[s.dest], what=what)
    _split(ctx, t)
    _bind(ctx, t.bind, "put", _single(t))
    return ctx.t(IN_ANY_ORDER, x=text) if s.any_order else text


def _implicit_if(ctx: _Ctx, s: A.If) -> bool:
    """`if trashed { ... trashed ... }`: the guard goes unsaid, the body needs the card."""
    c = s.cond
    return isinstance(c, A.Name) and (c.name in ctx.bound or c.name in THE) \
        and c.name in _names_in(s.then) and not s.orelse


def if_(ctx: _Ctx, s: A.If) -> str:
    c = s.cond
    if ctx.treasure and ctx.person == 0 and len(s.then) == 1 and len(s.orelse) == 1 and \
            all(isinstance(x, A.Bonus) and x.counter == "coins" and _num(x.amount) is not None
                for x in (s.then[0], s.orelse[0])):
        return ctx.t(WORTH_IF, a=s.then[0].amount.value, b=s.orelse[0].amount.value,
                     cond=condition(ctx, c))
    if isinstance(c, A.Name) and (c.name in ctx.bound or c.name in THE):
        then = block(ctx, s.then)
        # "if trashed { gain ... cost(trashed) ... }" says itself that it needs the card
        text = then if c.name in _names_in(s.then) else ctx.t(IF_YOU_DO, then=then)
    else:
        text = ctx.t(IF if ctx.person == 0 else IF_HE, cond=condition(ctx, c),
                     then=block(ctx, s.then))
    if s.orelse:
        text = ctx.t(OTHERWISE, x=text, y=block(ctx, s.orelse))
    return text


# ---- the whole card --------------------------------------------------------------------------------
def _vp_line(ctx: _Ctx, vp) -> str:
    n = _num(vp)
    if n is None and isinstance(vp, A.Arith) and vp.op == "-" and _num(vp.left) == 0:
        n = -vp.right.value if _num(vp.right) is not None else None
    if n is not None:
        return ctx.tn(VP, abs(n)).replace(str(abs(n)), str(n), 1) if n < 0 else ctx.tn(VP, n)
    if isinstance(vp, A.Arith) and vp.op == "/" and _num(vp.right) is not None and \
            _is_call(vp.left, "count"):
        return _sentence(ctx.t(VP_PER, n=vp.right.value, cards=zone_np(ctx, vp.left.args[0])))
    return _sentence(ctx.t(VP_EXPR, amount=amount(ctx, vp)))


def _program_lines(ctx: _Ctx, stmts, prefix: str | None = None) -> list[str]:
    """Top-level statements: bonuses on their own lines, the rest as sentences."""
    lines = []
    played_line = False
    for s in _merge(stmts):
        if isinstance(s, A.Bonus) and (_num(s.amount) is not None or ctx.treasure):
            text = _cap(bonus(ctx, s, top=True))
            lines.append(text if text[:1] in "+$-0123456789" else _sentence(text))
            continue
        text = stmt(ctx, s)
        if prefix and not played_line:
            text = ctx.t(prefix, x=text)
            played_line = True
        elif ctx.treasure and lines and not played_line and not isinstance(s, A.If):
            text = ctx.t(PLAY_THIS, x=text)
            played_line = True
        lines.append(_sentence(text) if not isinstance(s, A.Bonus) else text)
    return lines


def _trigger_line(ctx: _Ctx, trig) -> str:
    ctx.this_where = trig.where
    ctx.bound = {}
    ctx.revealed_split = False
    effect = block(ctx, trig.effect)
    if trig.what == "this":
        what = ctx.t(WHEN_THIS)
    elif trig.what is None:
        what = ctx.t(A_CARD)
    elif isinstance(trig.what, A.Name):
        what = pred(ctx, trig.what)
    else:
        what = ctx.t(A_KIND, kind=kind_adj(ctx, trig.what))
    who = {"you": 0, "other": 1, "anyone": 2}.get(trig.who, 2)
    if trig.where == "supply":
        who = 0                          # done by the event's player: "when you gain ..."
    templates = EVENT.get(trig.on)
    text = ctx.t(templates[who], what=what, x=effect) if templates else effect
    if trig.where == "in_play" and trig.what != "this":
        text = ctx.t(WHILE_IN_PLAY, x=text)
    elif trig.where == "supply":
        text = ctx.t(IN_GAMES_USING, x=text)
    ctx.this_where = "self"
    return _sentence(text)


def _modifier_line(ctx: _Ctx, m) -> str:
    cards = ctx.t(CARDS_PLURAL) if m.what is None else \
        ctx.t(KIND_PLURAL, kind=kind_adj(ctx, m.what))
    tpl = MODIFIER_LESS if m.cost < 0 else MODIFIER_MORE
    return _sentence(ctx.t(tpl, cards=cards, n=abs(m.cost)))


def _english_articles(text: str) -> str:
    """English only: "a Action card" -> "an Action card" (the templates say "a")."""
    return re.sub(r"\b([Aa]) (?=[AEIOUaeiou])", lambda m: m.group(1) + "n ", text)


def render_card(card, catalog, locale: Locale) -> RenderedCard:
    """The printed-card text of `card` in `locale`, with what fell back to English."""
    ctx = _Ctx(locale, catalog, card, treasure="treasure" in card.types)
    name, fell_back = locale.card_name(card)
    if fell_back:
        ctx.fallbacks.append("name")
    types = tuple(ctx.kind_name(t) for t in card.types)
    lines: list[str] = []
    if card.vp is not None:
        lines.append(_vp_line(ctx, card.vp))
    # an ability done both when bought and when played is printed once (Noble Brigand)
    lead = 0
    while lead < len(card.on_play) and isinstance(card.on_play[lead], A.Bonus):
        lead += 1
    rest = card.on_play[lead:]
    below = []
    twin = None
    for trig in card.triggers:
        if rest and trig.on == "buy" and trig.what == "this" and trig.effect == rest \
                and twin is None:
            twin = trig
        else:
            below.append(trig)
    if twin is not None:
        lines += _program_lines(ctx, card.on_play[:lead])
        lines += _program_lines(ctx, rest, prefix=BUY_OR_PLAY)
    else:
        lines += _program_lines(ctx, card.on_play)
    rules = [_trigger_line(ctx, t) for t in below] + \
        [_modifier_line(ctx, m) for m in card.modifiers]
    if rules and lines:
        lines.append(DIVIDER)
    lines += rules
    if locale.language == "en":
        lines = [_english_articles(x) for x in lines]
    fallbacks = [f for f in ctx.fallbacks if f != "name"]
    if fell_back:
        fallbacks.insert(0, "name")
    return RenderedCard(card.id, locale.code, name, types, str(card.cost), tuple(lines),
                        tuple(fallbacks))


def template_ids() -> list:
    """Every template msgid (str) or (singular, plural), for coverage reports."""
    seen, out = set(), []
    for t in TEMPLATES:
        key = t if isinstance(t, str) else t[0]
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def joined_text(rendered: RenderedCard) -> str:
    """The lines as one paragraph in the style of `text.en`: `+1 Card. +2 Actions.`"""
    parts = [x for x in rendered.text if x and x != DIVIDER]
    if len(parts) == 1 and not parts[0].startswith("+"):
        return parts[0]              # "$1", "3 VP": a lone icon line has no full stop
    return " ".join(x if x[-1:] in ".!?" else x + "." for x in parts)
