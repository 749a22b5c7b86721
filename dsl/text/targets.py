"""Card text: the noun phrase of a statement's target (the cards it moves, plays or
chooses: "a card from your hand", "the revealed Treasure cards", "any number of them"),
made of the words of dsl.text.words."""
from __future__ import annotations

from dataclasses import replace

from dsl.language import ast as A
from .phrases import *  # noqa: F403 (the templates)
from .context import (Ctx, cost_test, is_call, is_names, mat_name, negation, num, same_name_as,
                      single)
from .forms import variant
from .name_phrases import DISTINCT_CHOICE, THE_REVEALED_NOT_NAMED
from .words import cards_np, cards_word, describe, kind_adj, that_is, them, zone_np


def target_np(ctx: Ctx, target, verb: str | None = None) -> str:
    """A selection or a plain card expression as the object of a verb."""
    if isinstance(target, A.AllOf):
        e = target.expr
        if isinstance(e, A.Where):
            if isinstance(e.source, A.Name) and e.source.name == "revealed" and \
                    ctx.until_cond is not None:
                if e.cond == ctx.until_cond and ctx.until_n == 1:
                    return ctx.pronoun()                 # "reveal ... a Treasure. Play it"
                if e.cond == ctx.until_cond and isinstance(e.cond, A.Compare):
                    return ctx.pronoun(True)     # "... 3 cards that are not the named card.
                    #                              Put them into your hand"
                if e.cond == negation(ctx.until_cond):
                    ctx.others_gone = True
                    return ctx.t(THE_OTHER_CARDS)        # "discard the other cards"
            if isinstance(e.source, A.Name) and e.source.name == "revealed":
                if isinstance(e.cond, A.Compare) and e.cond.left == A.Name("name") and \
                        isinstance(e.cond.right, A.Name) and \
                        ctx.bound.get(e.cond.right.name, ("",))[0] == "name":
                    return ctx.t(THE_REVEALED_NAMED if e.cond.op == "=" else
                                 THE_REVEALED_NOT_NAMED)
                if cost_test(e.cond) is not None:
                    return ctx.t(THE_REVEALED_WHAT, what=cards_word(ctx, e.cond))
                return ctx.t(THE_REVEALED_KIND, kind=kind_adj(ctx, e.cond))
            if isinstance(e.source, A.Name) and e.source.name in ZONES and \
                    e.source.name not in ctx.bound and e.source.name not in ("revealed",
                                                                          "set_aside"):
                return zone_np(ctx, A.Where(e.source, e.cond)) if ctx.he else ctx.t(
                    ZONES[e.source.name], cards=ctx.t(ALL_KIND, kind=kind_adj(ctx, e.cond)))
            return ctx.t(THE_KIND, kind=kind_adj(ctx, e.cond), them=target_np(
                ctx, A.AllOf(e.source, None)))
        if isinstance(e, A.Name):
            return them(ctx, e.name, pronoun=e.name in ("this",) or
                        (e.name in ctx.bound and verb is not None))
        return describe(ctx, e)
    sel = target
    if is_call(sel.source, "distinct"):    # "up to 3 cards you have in play with different names"
        return ctx.t(DISTINCT_CHOICE, what=target_np(ctx, replace(
            sel, source=sel.source.args[0]), verb))
    if sel.by_side is not None:        # "one of them, chosen by the player to your left"
        return ctx.t(CHOSEN_BY_PLAYER, player=ctx.p(PLAYER[sel.by_side]),
                     what=target_np(ctx, replace(sel, by_side=None), verb))
    src, kind = sel.source, sel.kind
    if src == ctx.said_there and src is not None and sel.mode == "exactly" and \
            num(sel.count) == 1 and kind is None and not sel.by_you:
        return ctx.t(ONE_OF_THEM)        # "if there are any cards ..., gain one of them"
    copies = same_name_as(src.cond) if isinstance(src, A.Where) else None
    if copies is not None and num(sel.count) is not None:
        x = them(ctx, copies.name, pronoun=True) if isinstance(copies, A.Name) else \
            describe(ctx, copies)
        what = ctx.tn(COPIES_OF[sel.mode == "up_to"], num(sel.count), x=x)
        src = src.source
    elif isinstance(src, A.Where) and kind is None:
        kind, src = src.cond, src.source
        what = cards_np(ctx, sel.mode, sel.count, kind)
        if isinstance(kind, A.Not) and isinstance(kind.operand, A.Name) and \
                num(sel.count) == 1 and sel.mode == "exactly" and not sel.by_you and \
                (src in (A.Name("hand"), A.Name("discard")) or union_of(src)) and not ctx.he:
            # "a card from your hand that is not a Treasure"
            return that_is(ctx, target_np(ctx, A.Selection(sel.mode, sel.count, None, src,
                                                           False, sel.bind), verb),
                           kind, False)
    elif isinstance(src, A.Where):
        what = that_is(ctx, cards_np(ctx, sel.mode, sel.count, kind), src.cond,
                       cost_test(kind) is not None)
        src = src.source
    elif kind == ctx.card.id and sel.mode == "exactly" and num(sel.count) == 1:
        what = ctx.t(ANOTHER_COPY, card=ctx.card_name(kind))
    else:
        what = cards_np(ctx, sel.mode, sel.count, kind)
    both = union_of(src)
    if both is not None:
        out = _from_either(ctx, what, *both)
    elif src == A.Name("revealed") and ctx.revealed_fresh and sel.mode == "any" and \
            sel.kind is None and "revealed" not in ctx.bound:
        out = ctx.t(ANY_OF_THEM)                       # "discard any number of them"
    elif isinstance(src, A.Name) and src.name in ctx.bound and sel.mode in ("any", "all") \
            and sel.kind is None:
        verb_b = ctx.bound[src.name][0]
        many = ctx.t(BOUND_MANY.get(verb_b, THEM))
        out = ctx.t(ANY_OF, them=many) if sel.mode == "any" else many
    elif isinstance(src, A.Name) and src.name in FROM and src.name not in ctx.bound:
        if src.name == "revealed" and sel.mode == "exactly" and num(sel.count) == 1 and \
                kind and is_names(kind) and not ctx.bound.get("__revealed_one"):
            out = ctx.t(A_REVEALED, kind=kind_adj(ctx, kind) if not isinstance(kind, str)
                        else ctx.kind_name(kind))
        elif src.name == "hand" and verb == "discard":
            out = what             # "Discard 3 cards." as printed: from the hand goes unsaid
        elif src.name == "revealed" and verb is not None and ctx.bound.get("__revealed_one"):
            out = what
        elif src.name == "hand" and verb == "choose":
            out = ctx.t(IN_HAND_HE if ctx.he else IN_HAND, what=what)
        elif ctx.he and src.name in FROM_HE:
            out = ctx.t(FROM_HE[src.name], what=what)
        elif src.name == "discard" and ctx.discard_it:
            out = ctx.t(FROM_IT, what=what)
        else:
            out = ctx.t(FROM[src.name], what=what)
    elif isinstance(src, A.Name):
        out = ctx.t(FROM_BOUND, what=what, them=them(ctx, src.name))
    elif isinstance(src, A.Mat):
        out = ctx.t(FROM_MAT, what=what, mat=mat_name(ctx, src.name))
    else:
        out = ctx.t(FROM_BOUND, what=what, them=describe(ctx, src))
    if single(sel):
        out = variant(out, "one")        # Czech "kartu, kterou máš ve hře", not "které"
    if sel.by_you:
        out = ctx.t(CHOSEN_BY_YOU, what=out)
    return out


def union_of(src):
    """`discard + hand`, `this + hand`: the two names a selection chooses among, or None."""
    if isinstance(src, A.Arith) and src.op == "+" and isinstance(src.left, A.Name) and \
            isinstance(src.right, A.Name):
        return src.left.name, src.right.name
    return None


def _from_either(ctx: Ctx, what: str, a: str, b: str) -> str:
    """"a card from your discard pile or your hand"; with `this`, "this or a card from
    your hand"."""
    if "this" in (a, b):
        other = b if a == "this" else a
        rest = ctx.t(FROM[other], what=what) if other in FROM and other not in ctx.bound \
            else ctx.t(FROM_BOUND, what=what, them=them(ctx, other))
        return ctx.t(OR, a=them(ctx, "this"), b=rest)
    return ctx.t(FROM_EITHER, what=what, a=them(ctx, a), b=them(ctx, b))
