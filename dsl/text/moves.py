"""Clauses that move cards (trash, discard, reveal, set aside, put, return): the card
phrase of what is moved, the name it is bound to, and the revealed cards left. Part of the
renderer, looked up by node type like dsl.text.clauses."""
from __future__ import annotations

from dsl.language import ast as A
from .phrases import *  # noqa: F403 (the phrase templates, one module of tables)
from .phrases_mats import PUT_IT_MAT, PUT_ONTO_MAT, PUT_THIS_MAT
from .clause_phrases import N_OF_THEM
from .context import Ctx, bind_name, cost_test, is_call, mat_name, num, single
from .targets import target_np
from .words import cost_phrase


def looked_through(ctx: Ctx, target, render) -> str:
    """A choice of cards from your discard pile, the first on the card: "look through your
    discard pile and put a card from it on top of your deck"."""
    src = target.source if isinstance(target, A.Selection) else None
    if isinstance(src, A.Where):
        src = src.source
    if src != A.Name("discard") or ctx.he or ctx.discard_looked:
        return render()
    ctx.discard_looked = ctx.discard_it = True
    try:
        return ctx.t(LOOK_THROUGH, x=render())
    finally:
        ctx.discard_it = False


def move(ctx: Ctx, s: A.Move) -> str:
    if s.verb in ("reveal", "trash", "set_aside"):
        text = looked_through(ctx, s.target, lambda: _move(ctx, s))
    else:
        text = _move(ctx, s)
    t = s.target
    if s.verb == "reveal" and ctx.person == 1 and isinstance(t, A.Selection) and \
            t.mode == "exactly" and num(t.count) == 1 and t.source == A.Name("hand") and \
            ctx.catalog is not None and t.kind in ctx.catalog.types:
        # another player who must reveal a Victory card and has none reveals his hand
        text = ctx.p(OR_REVEAL_HAND, x=text, kind=ctx.tn(KIND_WORD, 2, kind=ctx.kind_name(t.kind)))
    return text


def _move(ctx: Ctx, s: A.Move) -> str:
    t = s.target
    if s.verb == "discard" and isinstance(t, A.Selection) and isinstance(t.count, A.Arith) \
            and t.count.op == "-" and is_call(t.count.left, "count") \
            and t.count.left.args[0] == A.Name("hand") and num(t.count.right) is not None:
        return ctx.p(DISCARD_DOWN, n=t.count.right.value)
    what = target_np(ctx, t, s.verb)
    if isinstance(t, A.AllOf) and isinstance(t.expr, A.Where) and ctx.until_cost \
            and t.expr.cond == ctx.until_cond:
        what = ctx.t(THAT_CARD)
    elif _one_of_them(ctx, t):
        what = ctx.t(ONE_OF_THEM)
    elif _from_shown(ctx, t) and (num(t.count) or 0) > 1 and ctx.revealed_n and \
            ctx.revealed_n > num(t.count):
        what = ctx.tn(N_OF_THEM, num(t.count))          # "discard 3 of them"
    elif isinstance(t, A.Selection) and t.mode == "exactly" and num(t.count) == 1 and \
            t.kind is None and isinstance(t.source, A.Where) and \
            t.source.source == A.Name("revealed") and cost_test(t.source.cond) is not None \
            and ctx.revealed_n and ctx.revealed_n > 1:
        op, cost = cost_test(t.source.cond)        # "trashes one of them costing $3 or more"
        what = ctx.t(COSTING_CMP[op], what=ctx.t(ONE_OF_THEM), cost=cost_phrase(ctx, cost))
    if isinstance(t, A.Selection) and t.by_side is not None and \
            what != target_np(ctx, t, s.verb):    # "one of them, chosen by the player ..."
        what = ctx.t(CHOSEN_BY_PLAYER, what=what, player=ctx.p(PLAYER[t.by_side]))
    if from_revealed(t) and ctx.revealed_n and num(t.count) is not None:
        ctx.revealed_n = max(0, ctx.revealed_n - num(t.count))
    if isinstance(t, A.AllOf) and isinstance(t.expr, A.Name) and t.expr.name == "this" \
            and ctx.this_where == "hand" and s.verb in ("reveal", "trash"):
        what = ctx.t(THIS_FROM_HAND)
    elif isinstance(t, A.AllOf) and t.expr == A.Name("this") and s.verb == "trash":
        what = ctx.t(THIS_CARD)
    what = named_again(ctx, t, what)
    verb = (RETURN_PILE if s.own_pile else RETURN) if s.verb == "return" else \
        VERB.get(s.verb, VERB["choose"])
    if verb is RETURN_PILE and t == A.AllOf(A.Name("this"), t.bind):    # its pile is named
        return _bind_move(ctx, s, what, ctx.verb(RETURN_OWN_PILE, what,
                                                 card=ctx.card_name(ctx.card.id)))
    if s.verb == "set_aside" and (isinstance(t, A.Selection) or what == ctx.t(THIS_FROM_HAND)):
        verb = SET_ASIDE_LONG              # "set aside a card from your hand"
    if isinstance(t, A.Selection) and t.mode == "up_to" and num(t.count) == 1 and \
            s.verb != "return":
        what = target_np(ctx, A.Selection("exactly", t.count, t.kind, t.source, t.by_you,
                                          t.bind), s.verb)
        saved = ctx.person
        if ctx.he:
            ctx.person = 2                   # "may trash a card", not "may trashes"
        text = ctx.p(MAY, x=ctx.verb(verb, what))
        ctx.person = saved
    else:
        text = ctx.verb(verb, what)
    return _bind_move(ctx, s, what, text)


def _bind_move(ctx: Ctx, s: A.Move, what: str, text: str) -> str:
    """After a move: the revealed cards left, and the name the moved cards are bound to."""
    t = s.target
    split_revealed(ctx, t)
    one = single(t) or (t == A.AllOf(A.Name("revealed"), None) and
                        bool(ctx.bound.get("__revealed_one"))) or what == ctx.t(THAT_CARD) \
        or (t == A.AllOf(A.Name("revealed"), t.bind) and ctx.others_gone and ctx.until_n == 1)
    bind_name(ctx, t.bind, s.verb, one,
              chosen=num(t.count) if isinstance(t, A.Selection) and t.mode == "exactly" else None)
    return text


def named_again(ctx: Ctx, target, what: str) -> str:
    """A definite object the previous verb named too becomes a pronoun where the language
    says so (Czech "odloží otočené karty nebo je vrátí"; English repeats the phrase)."""
    definite = isinstance(target, A.AllOf) and isinstance(target.expr, A.Name) and \
        not getattr(what, "pronoun", False)
    if definite and ctx.last_object == (ctx.person, str(what)):
        name = target.expr.name
        many = not ctx.bound[name][1] if isinstance(ctx.bound.get(name), tuple) else \
            name != "this"
        what = ctx.again(what, many)
    ctx.last_object = (ctx.person, str(what)) if definite else None
    return what


def from_revealed(t) -> bool:
    """A choice of cards from among the revealed ones (`trash 1 card from revealed`)."""
    return isinstance(t, A.Selection) and t.mode == "exactly" and t.kind is None and \
        t.source == A.Name("revealed")


def _one_of_them(ctx: Ctx, t) -> bool:
    """One card chosen among several revealed ones (a number said by an expression counts
    as several): "one of them"."""
    return (from_revealed(t) or _from_shown(ctx, t)) and num(t.count) == 1 and bool(
        ctx.revealed_n and ctx.revealed_n > 1 or ctx.revealed_n is None and _from_shown(ctx, t))


def _from_shown(ctx: Ctx, t) -> bool:
    """A choice of one card among cards just revealed as a variable (`reveal top 3 as
    shown; discard 1 card from shown`): "one of them"."""
    return isinstance(t, A.Selection) and t.mode == "exactly" and t.kind is None and \
        isinstance(t.source, A.Name) and ctx.bound.get(t.source.name, ("",))[0] == "reveal" \
        and t.source.name not in ctx.split and ctx.revealed_fresh


def split_revealed(ctx: Ctx, target) -> None:
    """After some of the revealed cards moved, the rest are "the other revealed cards"."""
    if isinstance(target, A.AllOf) and isinstance(target.expr, A.Where):
        ctx.revealed_split = True
    elif isinstance(target, A.Selection):
        src = target.source.source if isinstance(target.source, A.Where) else target.source
        if src == A.Name("revealed"):
            ctx.revealed_split = True
        elif isinstance(src, A.Name) and ctx.bound.get(src.name, ("",))[0] == "reveal" \
                and not ctx.bound[src.name][1]:
            ctx.split.add(src.name)     # `reveal top 3 as shown; discard 1 card from shown`


def put(ctx: Ctx, s: A.Put) -> str:
    return looked_through(ctx, s.target, lambda: _put(ctx, s))


def _put(ctx: Ctx, s: A.Put) -> str:
    t = s.target
    if s.dest == "deck" and isinstance(t, A.Selection) and isinstance(t.count, A.Arith) and \
            t.count.op == "-" and is_call(t.count.left, "count") and \
            t.count.left.args[0] == A.Name("hand") and num(t.count.right) is not None:
        return ctx.p(PUT_DOWN_TO, n=num(t.count.right))
    revealed = A.AllOf(A.Name("revealed"), None)
    if s.dest == "deck_bottom" and t == revealed and ctx.bound.get("__revealed_one"):
        return ""          # what was looked at goes back where it was: printed cards omit it
    what = target_np(ctx, t, "put")
    if t == revealed and ctx.revealed_n == 1 and ctx.revealed_split:
        what = ctx.t(THE_OTHER_ONE)
    elif s.dest == "hand" and ctx.revealed_n is None and _one_of_them(ctx, t):
        what = ctx.t(ONE_OF_THEM)
    what = named_again(ctx, t, what)
    from_deck = isinstance(t, A.AllOf) and t.expr == A.Name("revealed") and s.dest == "deck"
    if s.owner is not None:
        where = ctx.t(INTO_ZONE_OF[s.dest], player=ctx.p(PLAYER[s.owner]))
        text = ctx.verb(PUT_WHERE, what, where=where)
    elif s.dest == "mat" and t == A.AllOf(A.Name("this"), None):
        text = ctx.p(PUT_IT_MAT if ctx.treasure else PUT_THIS_MAT,   # a Reserve card's
                     mat=mat_name(ctx, s.mat))
    elif s.dest == "mat":                   # a set's shared mat (Tavern): "put ... onto"
        shared = ctx.catalog is not None and s.mat not in ctx.catalog.cards
        text = ctx.verb(PUT_ONTO_MAT if shared else PUT_MAT, what, mat=mat_name(ctx, s.mat))
    elif s.dest == "deck_bottom":
        text = ctx.verb(PUT_BOTTOM, what)
    elif from_deck and not s.any_order and ctx.bound.get("__revealed_one"):
        text = ctx.verb(PUT_BACK, what)
    elif from_deck:
        text = ctx.verb(PUT_BACK_TOP, what)
    else:
        text = ctx.verb(PUT[s.dest], what)
    split_revealed(ctx, t)
    bind_name(ctx, t.bind, "put", single(t))
    return ctx.t(IN_ANY_ORDER, x=text) if s.any_order else text


CLAUSES = {A.Move: move, A.Put: put}
