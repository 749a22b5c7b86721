"""Idioms of printed card text: runs and pairs of statements that a printed card says in one
clause ("If it is an Action card, +1 Action; Treasure card, +$1", "trash the top card of
your deck", "each player passes a card"). Part of the renderer: dsl.text.clauses asks
combine() before it renders a block."""
from __future__ import annotations

from dsl.language import ast as A
from . import choices, clauses as C, lasting, moves
from .phrases import *  # noqa: F403 (the phrase templates, one module of tables)
from .clause_phrases import PAY_ALL_FOR_CARDS
from .context import Ctx, bind_name, cap, is_kind_words, mat_name, num, single
from .targets import target_np
from .words import describe, kind_adj, pred, them


class Said:
    """Statements said as one clause (`reveal top 1` + `trash revealed`: "trash the top card
    of your deck"), made by combine(); rendered in its turn, when the statements before it
    have bound their variables."""
    def __init__(self, render):
        self.render = render

    @property
    def text(self) -> str:
        return self.render()


def _pairs(ctx: Ctx, stmts) -> list:
    """Pairs of statements that a printed card says in one clause."""
    out, i = [], 0
    while i < len(stmts):
        a = stmts[i]
        b = stmts[i + 1] if i + 1 < len(stmts) else None
        said = _pair(ctx, a, b) if b is not None else None
        if said is not None:
            out.append(Said(said))
            i += 2
        else:
            out.append(a)
            i += 1
    return out


def combine(ctx: Ctx, stmts) -> list:   # noqa: F811 (the runs first, then the pairs)
    return _pairs(ctx, _runs(ctx, stmts))


def _runs(ctx: Ctx, stmts) -> list:
    """`if it is action {+1 action}; if it is treasure {+$1}` -> "If it is an Action card,
    +1 Action; Treasure card, +$1" (Ironworks, Tribute)."""
    out, i = [], 0
    while i < len(stmts):
        j = i
        while j < len(stmts) and _kind_if(stmts[j]) and \
                stmts[j].cond.subject == stmts[i].cond.subject:
            j += 1
        if j - i >= 2:
            out.append(Said(lambda items=stmts[i:j]: _kinds_list(ctx, items)))
            i = j
        else:
            out.append(stmts[i])
            i += 1
    return out


def _kinds_list(ctx: Ctx, items) -> str:
    subject = items[0].cond.subject
    it = them(ctx, subject.name, pronoun=True) if isinstance(subject, A.Name) else \
        describe(ctx, subject)
    first = ctx.t(THEN_CLAUSE, kind=pred(ctx, A.Name(items[0].cond.kind)),
                  then=ctx.block(items[0].then))
    rest = [ctx.t(KIND_THEN, kind=ctx.kind_name(x.cond.kind), then=ctx.block(x.then))
            for x in items[1:]]
    return ctx.t(IF_IT_IS_LIST, it=it, first=first, rest="; ".join(rest))


def _kind_if(s) -> bool:
    return isinstance(s, A.If) and isinstance(s.cond, A.Is) and not s.cond.negated and \
        not s.orelse and all(isinstance(x, A.Bonus) for x in s.then)


def _pair(ctx: Ctx, a, b):
    """The renderer of a pair said as one clause, or None."""
    coins = A.Name("coins")
    if a == A.Bonus("cards", coins) and b == A.LoseCoins(coins) and "coins" not in ctx.bound \
            and not ctx.he:                 # "pay all of your $. +1 Card per $1 paid"
        return lambda: ctx.t(PAY_ALL_FOR_CARDS)
    if isinstance(a, A.Lasting) and isinstance(b, A.Lasting) and a.span == b.span == "game" \
            and a.event == "unaffected" and b.event not in ("unaffected", "turn_start"):
        return lambda: lasting.unaffected_and(ctx, b)
    revealed = A.AllOf(A.Name("revealed"), None)
    if isinstance(a, A.If) and not a.orelse and isinstance(b, A.Put) and \
            b.target == revealed and b.dest == "deck" and len(a.then) == 1 and \
            isinstance(a.then[0], (A.Put, A.Move)):
        # "if it is the named card, put it into your hand; otherwise, put it back": the cards
        # put back are what the `if` did not take
        return lambda: choices.if_(ctx, A.If(a.cond, a.then, (b,)))
    if isinstance(a, A.DrawUntil) and C.set_aside_as_drawn(a.body) is not None and \
            isinstance(b, A.Move) and b.verb == "discard" and \
            b.target == A.AllOf(A.Name("set_aside"), None):
        return lambda: ctx.t(AFTER_DRAWING, x=C.draw_until(ctx, a),
                             what=target_np(ctx, b.target, b.verb))
    if isinstance(a, A.Gain) and isinstance(b, A.Gain) and a.dest == "deck" and \
            b.dest == "discard" and a.what == b.what and isinstance(a.what, A.GainSpec) and \
            a.what.relation is None and a.bind is None and b.bind is None and not ctx.he:
        # "gain two Silvers, putting one on top of your deck"
        return lambda: ctx.t(GAIN_ONE_ON_DECK, x=C.gain(ctx, b, 2))
    if isinstance(a, A.Put) and isinstance(b, A.Put) and b.target == revealed and \
            b.dest == "deck" and not b.any_order and a.dest in PUT and a.owner is None and \
            isinstance(a.target, A.AllOf) and isinstance(a.target.expr, A.Where) and \
            a.target.expr.source == A.Name("revealed") and a.target.bind is None:
        def if_it_is():
            if not ctx.bound.get("__revealed_one"):      # several cards: two sentences
                return moves.put(ctx, a) + ". " + cap(moves.put(ctx, b))
            # "if it is a Curse or Victory card, put it into your hand; otherwise, put it back"
            kind = a.target.expr.cond
            cond = ctx.t(COND["it_is"], it=ctx.pronoun(), pred=ctx.t(
                A_KIND, kind=kind_adj(ctx, kind)) if is_kind_words(kind) else pred(ctx, kind))
            then = ctx.verb(PUT[a.dest], ctx.pronoun())
            text = ctx.t(IF if not ctx.he else IF_HE, cond=cond, then=then)
            return ctx.t(OTHERWISE, x=text, y=ctx.verb(PUT_BACK, ctx.pronoun()))
        return if_it_is
    if isinstance(a, A.RevealTop) and a.verb == "reveal" and not a.bottom and \
            num(a.count) is not None and num(a.count) > 1 and isinstance(b, A.Move) and \
            b.verb == "discard" and b.target == revealed:
        def reveal_then_discard():
            bind_name(ctx, a.bind, "reveal", False)
            return ctx.tn(ctx.pick(REVEAL_THEN_DISCARD), num(a.count))
        return reveal_then_discard
    if isinstance(a, A.Move) and isinstance(b, A.If) and isinstance(a.target, A.Selection) \
            and a.target.bind and a.target.kind and a.target.source == A.Name("hand") and \
            b.cond == A.Not(A.Name(a.target.bind)) and not b.orelse and \
            b.then == (A.Move("reveal", A.AllOf(A.Name("hand"), None)),):
        return lambda: ctx.p(OR_REVEAL_HAND, x=moves.move(ctx, a), kind=ctx.kind_name(a.target.kind))
    if isinstance(a, A.Move) and isinstance(b, A.Move) and a.verb == b.verb and \
            a.verb in ("trash", "discard", "reveal") and a.target == A.AllOf(A.Name("this"),
                                                                           a.target.bind):
        def this_and():
            moves.move(ctx, a)                 # "trash this and ...": binds what the first took
            second = target_np(ctx, b.target, b.verb)
            bind_name(ctx, getattr(b.target, "bind", None), b.verb, single(b.target))
            return ctx.p(VERB[a.verb], what=C.join(ctx, [ctx.t(THIS), second]))
        return this_and
    if isinstance(a, A.RevealTop) and num(a.count) == 1 and not a.bottom and a.bind is None:
        if isinstance(b, A.Move) and b.verb in VERB_TOP and \
                isinstance(b.target, A.AllOf) and b.target.expr == A.Name("revealed"):
            def top_card():
                bind_name(ctx, b.target.bind, b.verb, True)
                return ctx.p(VERB_TOP[b.verb])
            return top_card
        if isinstance(b, A.Put) and b.dest == "mat" and b.target == revealed and not ctx.he:
            return lambda: ctx.p(SET_ASIDE_ON_MAT, what=ctx.t(THE_TOP_CARD),
                                 mat=mat_name(ctx, b.mat))
    if isinstance(a, A.Put) and isinstance(b, A.Put) and a.dest == b.dest == "mat" and \
            a.mat == b.mat and not a.any_order and not b.any_order:
        def both():
            second = target_np(ctx, b.target, "put")
            t = b.target
            if a.target == A.AllOf(A.Name("this"), a.target.bind) and \
                    isinstance(t, A.Selection) and t.mode == "exactly" and num(t.count) == 1 \
                    and t.kind is None and t.source == A.Name("hand") and not t.by_you:
                second = ctx.t(FROM["hand"], what=ctx.t(ANOTHER_CARD))  # "this and another"
            return ctx.p(PUT_MAT, mat=mat_name(ctx, a.mat), what=C.join(
                ctx, [target_np(ctx, a.target, "put"), second]))
        return both
    if isinstance(a, A.Each) and isinstance(b, A.Each) and len(a.body) == len(b.body) == 1:
        choose, put = a.body[0], b.body[0]
        if isinstance(choose, A.Move) and choose.verb == "choose" and \
                isinstance(choose.target, A.Selection) and choose.target.bind and \
                isinstance(put, A.Put) and put.owner is not None and \
                put.target == A.AllOf(A.Name(choose.target.bind), None):
            def passes():
                saved = ctx.person
                ctx.person = 1
                what = target_np(ctx, choose.target)
                player = ctx.p(PLAYER[put.owner])
                ctx.person = saved
                return ctx.t(EACH_PASSES, what=what, player=player)
            return passes
    return None


