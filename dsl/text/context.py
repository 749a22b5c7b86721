"""What the renderer knows while walking one card (the locale, bound variables, who acts,
what has been revealed), and the small facts about AST nodes and names that the phrase
functions of dsl.text.words and the clauses of dsl.text.clauses ask."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from dsl.language import ast as A
from .i18n import SOURCE_LANG, Locale
from .phrases import *  # noqa: F403 (the templates)
from .forms import Phrase, english_articles, fill, name_phrase, template_phrase, variant
from . import agreement
from dsl.language.walk import nodes


@dataclass
class Ctx:
    """What the renderer knows while walking one card: the locale, the bound variables
    (name -> (verb, single)), who acts (0 = you, 1 = he) and what has been moved."""
    locale: Locale
    catalog: object
    card: object
    fallbacks: list = field(default_factory=list)
    bound: dict = field(default_factory=dict)
    person: int = 0
    revealed_n: int | None = None      # how many revealed cards are left, when known
    until_cond: object = None          # the condition of the last `reveal until`
    until_n: int | None = None         # ... how many cards it waits for
    until_cost: bool = False           # ... a cost test: the card is "that card"
    others_gone: bool = False          # the revealed cards not waited for were moved
    discard_looked: bool = False       # "look through your discard pile" was said
    said_there: object = None          # the cards an `if there are any ...` just named
    discard_it: bool = False           # ... in this clause: its cards are "from it"
    chosen: dict = field(default_factory=dict)     # variable -> how many were to be chosen
    gathered: set = field(default_factory=set)     # variables bound by several players
    gathered_others: set = field(default_factory=set)   # ... by each other player
    revealed_split: bool = False
    split: set = field(default_factory=set)        # revealed variables some cards left
    revealed_fresh: bool = False       # cards were just revealed: the next clause says "them"
    revealed_hold: bool = False        # ... and each option of the next `choose` or `if`
    this_where: str = "self"
    treasure: bool = False
    this_named: bool = False           # in a trigger on this card: "this" was said already
    if_paid: bool = False              # inside "if you do" of an overpay or a payment
    distinct: bool = False             # `distinct(...)`: "differently named" not said yet
    maybe: set = field(default_factory=set)        # variables a `may` bound: "if you do"
    last_object: tuple | None = None   # (person, text): the last definite object of a verb
    examples: dict | None = None       # msgid -> (filled text, values): translator comments
    # the renderers of nested statements (dsl.text.sentences, which makes the context): a
    # clause with a block inside it (if, may, repeat, a trigger) renders it through these
    render_block: Callable | None = None
    render_stmt: Callable | None = None
    render_option: Callable | None = None

    def block(self, stmts) -> str:
        """A nested block of statements as a sentence part."""
        return self.render_block(self, stmts)

    def stmt(self, s) -> str:
        """One nested statement as a clause."""
        return self.render_stmt(self, s)

    def option(self, stmts) -> str:
        """One option of `choose`, its statements as one list."""
        return self.render_option(self, stmts)

    def _example(self, msgid: str, text: str, kw: dict) -> str:
        if self.examples is not None and msgid not in self.examples:
            self.examples[msgid] = (str(text), {k: str(v) if isinstance(v, Phrase) else v
                                                for k, v in kw.items()})
        return text

    # -- lookups, never failing: a broken translation falls back to the English template
    def t(self, msgid: str, **kw) -> str:
        if msgid in self.locale.dropped_ids:         # a broken translation, not loaded
            self._note("template: " + msgid)
        text = agreement.chosen(self.locale, msgid, kw) or self.locale.gettext(msgid)
        try:
            out = fill(text, kw)
        except (KeyError, IndexError, ValueError):
            self._note("template: " + msgid)
            return msgid.format(**kw)
        if text == msgid and not self.locale.has(msgid):
            out = english_articles(out)   # an English template another locale falls back on
        return self._example(msgid, agreement.classify(self.locale, template_phrase(
            out, text, kw, lambda form: agreement.chosen(self.locale, msgid, kw, form=form) or
            self.locale.phrase_form(msgid, form)), msgid, text, kw),
            kw)

    def tn(self, pair: tuple, n: int, **kw) -> str:
        if pair[0] in self.locale.dropped_ids:
            self._note("template: " + pair[0])
        values = {"n": n, **kw}
        text = agreement.chosen(self.locale, pair[0], values, pair[1], n) or \
            self.locale.ngettext(pair[0], pair[1], n)
        try:
            out = fill(text, values)
        except (KeyError, IndexError, ValueError):
            self._note("template: " + pair[0])
            return (pair[0] if n == 1 else pair[1]).format(n=n, **kw)
        return self._example(pair[0], agreement.classify(self.locale, template_phrase(
            out, text, values, lambda form: agreement.chosen(
                self.locale, pair[0], values, pair[1], n, form) or
            self.locale.phrase_form(pair[0], form, pair[1], n)),
            pair[0], text, values), values)

    def pick(self, forms: tuple) -> str:
        """Of (you, he[, he after `may`]) forms, the current person's: 0 you, 1 he (`he
        gains`), 2 he after a `may` (`he may gain`), the you form when there is no third."""
        if self.person == 2:
            return forms[2] if len(forms) > 2 else forms[0]
        return forms[self.person]

    def p(self, forms: tuple, **kw) -> str:
        """A (you, he[, he after `may`]) template in the current person."""
        return self.t(self.pick(forms), **kw)

    def pronoun(self, many: bool = False) -> str:
        """`it` / `them` as a verb's object, marked so that the verb takes its pronoun form."""
        return as_pronoun(self.t(THEM if many else IT))

    def again(self, phrase, many: bool = False):
        """A definite object named a second time: the pronoun's "again" variant where the
        language has one (Czech "ji", "je"), the plain pronoun in English ("discard them or
        put them back"), else the phrase as it is."""
        pron = THEM if many else IT
        if self.locale.language == SOURCE_LANG:
            return self.pronoun(many)
        if self.locale.phrase_form(pron, "again") is None:
            return phrase
        return as_pronoun(variant(self.t(pron), "again"))

    def verb(self, forms, what, **kw) -> str:
        """A verb's template in the current person; with a pronoun object, its "pro" variant
        (a language that puts the pronoun before the verb says so in "phrase|pro...")."""
        text = self.p(forms, what=what, **kw) if isinstance(forms, tuple) else \
            self.t(forms, what=what, **kw)
        return variant(text, "pro") if getattr(what, "pronoun", False) else text

    @property
    def he(self) -> bool:
        return self.person != 0

    def _note(self, what: str) -> None:
        if what not in self.fallbacks:
            self.fallbacks.append(what)

    def card_name(self, card_id: str) -> str:
        """A card's name, a Phrase that knows its grammatical forms ("card name|acc")."""
        card = self.catalog.cards.get(card_id) if self.catalog else None
        if card is None:
            return card_id
        name, fell_back = self.locale.card_name(card)
        if fell_back:
            self._note(f"name: {card_id}")
            return name
        return name_phrase(name, lambda form: self.locale.card_name_form(card, form))

    def kind_name(self, kind: str) -> str:
        if self.catalog is not None and kind in self.catalog.types:
            name, fell_back = self.locale.type_name(kind, self.catalog)
            if fell_back:
                self._note(f"type: {kind}")
                return name
            return name_phrase(name, lambda form: self.locale.type_name_form(
                kind, form, self.catalog))
        return self.card_name(kind)


def as_pronoun(phrase):
    """The phrase marked as a pronoun (see Ctx.verb); plain text stays as it is."""
    if isinstance(phrase, Phrase):
        phrase.pronoun = True
    return phrase


def cap(s: str) -> str:
    """The text with a capital first letter; a Phrase stays one (its forms capitalized)."""
    out = s[:1].upper() + s[1:] if s else s
    return Phrase(out, lambda form: cap(s.form(form))) if isinstance(s, Phrase) else out


def sentence(s: str) -> str:
    s = cap(s.strip())
    return s if not s or s[-1] in ".!?" or s.endswith(".)") else s + "."


def num(e) -> int | None:
    return e.value if isinstance(e, A.Num) else None


def is_call(e, func: str) -> bool:
    return isinstance(e, A.Call) and e.func == func


def names_in(node) -> set:
    """Every Name used anywhere inside a node (to see whether a body uses a variable)."""
    return {n.name for n in nodes(node) if isinstance(n, A.Name)}


# ---- kinds and card phrases -------------------------------------------------------------------
def is_card_id(ctx, kind) -> bool:
    return ctx.catalog is not None and kind in ctx.catalog.cards and kind not in ctx.catalog.types


def cost_test(cond):
    """(op, cost) when a condition on a card compares its own cost (`cost >= $3`)."""
    if isinstance(cond, A.Compare) and isinstance(cond.left, A.Name) and \
            cond.left.name == "cost":
        return cond.op, cond.right
    if isinstance(cond, A.And):              # `cost >= $3 and cost <= $6`: a range
        low, high = cost_test(cond.left), cost_test(cond.right)
        if low is not None and high is not None and low[0] == ">=" and high[0] == "<=":
            return "from_to", (low[1], high[1])
    return None


def negation(cond):
    """The condition that holds where `cond` does not (`not action or golem` of `action and
    not golem`), to see that a statement takes the other cards."""
    if isinstance(cond, A.Not):
        return cond.operand
    if isinstance(cond, A.And):
        return A.Or(negation(cond.left), negation(cond.right))
    if isinstance(cond, A.Or):
        return A.And(negation(cond.left), negation(cond.right))
    if isinstance(cond, A.Compare) and cond.op in ("=", "!="):
        return A.Compare("!=" if cond.op == "=" else "=", cond.left, cond.right)
    return A.Not(cond)


def conjuncts(cond) -> list:
    """The parts of `a and b and c`."""
    return conjuncts(cond.left) + conjuncts(cond.right) if isinstance(cond, A.And) else [cond]


def disjuncts(cond) -> list:
    """The parts of `a or b or c`."""
    return disjuncts(cond.left) + disjuncts(cond.right) if isinstance(cond, A.Or) else [cond]


def all_of(conds):
    """`a and b and c` of its parts."""
    out = conds[0]
    for x in conds[1:]:
        out = A.And(out, x)
    return out


def is_kind_words(cond) -> bool:
    """A condition said as an adjective before "card": kinds, `not`, `and`, `or` of them."""
    if isinstance(cond, (A.And, A.Or)):
        return is_kind_words(cond.left) and is_kind_words(cond.right)
    if isinstance(cond, A.Not):
        return is_kind_words(cond.operand)
    return isinstance(cond, (A.Name, A.Is))


def is_names(kind) -> bool:
    """A type or card name, or `or` of them (`silver or gold`): "a revealed Silver or Gold"."""
    return all(isinstance(x, (str, A.Name)) for x in disjuncts(kind))


def counts_this(ctx, cond) -> bool:
    """The card being played is one of the kind counted (`count(in_play where treasure)` on
    a Treasure): printed cards say "(counting this)"."""
    return isinstance(cond, A.Name) and ctx.card is not None and \
        (cond.name in ctx.card.types or cond.name == ctx.card.id)


def same_name_as(cond):
    """The expression X of a condition `name = name(X)` on a card ("copies of X")."""
    if isinstance(cond, A.Compare) and cond.op == "=" and cond.left == A.Name("name") and \
            is_call(cond.right, "name"):
        return cond.right.args[0]
    return None


def is_kind_name(ctx, name: str) -> bool:
    return ctx.catalog is not None and (name in ctx.catalog.cards or name in ctx.catalog.types)


def token_name(ctx, kind: str) -> str:
    """A token kind in words: the card's name when a card is named so (Embargo), `VP` for
    the rules' victory token, the name a set file declares (`tokens:`, translated like a
    type name), else the kind itself."""
    if ctx.catalog is not None and ctx.catalog.rules is not None and \
            kind == ctx.catalog.rules.victory_token:
        return ctx.t(VP_TOKEN_KIND)
    if is_card_id(ctx, kind):
        return ctx.card_name(kind)
    names = next((s.get("token_texts", {}).get(kind) or s["tokens"][kind]   # "Coin token"
                  for s in (ctx.catalog.sets.values() if ctx.catalog else ())
                  if kind in (s.get("tokens") or {})), None) or {}
    english = names.get(SOURCE_LANG) or kind.replace("_", " ").capitalize()
    if SOURCE_LANG in names:                     # a set file's `tokens:` (msgctxt "token name")
        name, fell_back = ctx.locale.token_name(names)
        if not fell_back:
            return name_phrase(name, lambda form: ctx.locale.token_name_form(english, form))
    if (TOKEN_NAME, english) in ctx.locale.translated:      # msgctxt "token|name": the
        return ctx.locale.pgettext(TOKEN_NAME, english)     # language's word for the token
    if SOURCE_LANG in names and ctx.locale.language != SOURCE_LANG:
        ctx._note(f"token: {kind}")
    return english


TOKEN_NAME = "token|name"


def mat_name(ctx, mat: str) -> str:
    return ctx.card_name(mat) if is_card_id(ctx, mat) else mat.replace("_", " ").capitalize()


def bind_name(ctx: Ctx, name: str | None, verb: str, single: bool, chosen=None) -> None:
    if name:
        ctx.bound[name] = (verb, single)
        ctx.split.discard(name)
        if chosen is not None:
            ctx.chosen[name] = chosen


def single(target) -> bool:
    if isinstance(target, A.Selection):
        return target.mode in ("exactly", "up_to") and num(target.count) == 1
    return isinstance(target.expr, A.Name) and target.expr.name in ("this", "it")


# ---- expressions -------------------------------------------------------------------------------


def not_this(cond) -> bool:
    """`where not this`: the other cards."""
    return isinstance(cond, A.Not) and isinstance(cond.operand, A.Name) and \
        cond.operand.name == "this"


def card_union(ctx: Ctx, e) -> bool:
    """`discard + hand`, `this + hand`: cards joined with `+` (two zones or variables)."""
    return isinstance(e, A.Arith) and e.op == "+" and all(
        isinstance(x, A.Name) and (x.name in ZONES or x.name in ctx.bound or
                                   x.name in ("this", "it")) for x in (e.left, e.right))


def zone_of(e):
    if is_call(e, "count") and isinstance(e.args[0], A.Name):
        return e.args[0].name
    return None


def history_test(e):
    """(history name, kind) of `count(played where action)`."""
    if is_call(e, "count") and isinstance(e.args[0], A.Where) and \
            isinstance(e.args[0].source, A.Name) and e.args[0].source.name in HISTORY:
        return e.args[0].source.name, e.args[0].cond
    return None


def copies_in(e):
    """(zone, card) of `count(ZONE where name = name(CARD))`, else None."""
    if not (is_call(e, "count") and isinstance(e.args[0], A.Where)):
        return None
    w = e.args[0]
    c = w.cond
    if isinstance(c, A.Compare) and c.op == "=" and c.left == A.Name("name") and \
            is_call(c.right, "name") and len(c.right.args) == 1:
        return w.source, c.right.args[0]
    return None
