"""Clauses of choices and conditions: `may`, `choose one`, `if` (and "if you do"), with the
guards a printed card leaves unsaid. Part of the renderer, looked up by node type like
dsl.text.clauses, whose clauses these build on."""
from __future__ import annotations

from dsl.language import ast as A
from .phrases import *  # noqa: F403 (the phrase templates, one module of tables)
from .forms import joined, variant
from .phrases_mats import MAY_CALL_FOR, MAY_CALL_TO
from dsl.language.walk import nodes
from . import own_tokens
from .clauses import play
from .context import Ctx, bind_name, is_call, names_in, num
from .clause_phrases import EITHER_HE_OR_YOU, IF_NO_ONE
from .conditions import if_condition
from .words import cards_np, condition, that_is, them


def may(ctx: Ctx, s: A.May) -> str:
    if isinstance(s.stmt, A.CallCard) and s.body:     # "you may call this for +2 Actions"
        bonuses = all(isinstance(x, A.Bonus) for x in s.body)
        return ctx.p(MAY_CALL_FOR if bonuses else MAY_CALL_TO, x=after_clause(ctx, s.body))
    if s.stmt is None:
        saved = ctx.person
        if ctx.he:
            ctx.person = 2                   # "he may discard", not "he may discards"
        body = ctx.block(s.body)
        ctx.person = saved
        return ctx.p(MAY, x=body)
    saved = ctx.person
    if ctx.he:
        ctx.person = 2                   # "he may gain", not "he may gains"
    played = _choose_to_play(s)
    first = ctx.stmt(s.stmt) if played is None else play(ctx, played)
    ctx.person = saved
    if played is not None:
        bind_name(ctx, s.stmt.target.bind, "choose", True)
        if played.target.bind:
            bind_name(ctx, played.target.bind, "play", True)
        if len(s.body) == 1:
            return ctx.p(MAY, x=first)
        return ctx.p(MAY_IF_YOU_DO, x=first, y=after_clause(ctx, s.body[1:]))
    if not s.body:                 # `may trash ... as x` then `if x { ... }`: "if you do"
        bind = getattr(getattr(s.stmt, "target", None), "bind", None)
        if bind:
            ctx.maybe.add(bind)
        return ctx.p(MAY, x=first)
    body = s.body
    if len(body) == 1 and isinstance(body[0], A.If) and not body[0].orelse and \
            did_it(ctx, body[0].cond):       # `if count(paid) = 2` says "if you do" again
        body = body[0].then
    return ctx.p(MAY_IF_YOU_DO, x=first, y=after_clause(ctx, body))


def _choose_to_play(s: A.May):
    """`may choose 1 action from hand as c { play c twice ... }` as the Play of the choice
    itself: "you may play an Action card from your hand twice", else None."""
    first = s.stmt
    if not (isinstance(first, A.Move) and first.verb == "choose" and s.body and
            isinstance(first.target, A.Selection) and first.target.bind and
            first.target.mode == "exactly" and num(first.target.count) == 1):
        return None
    p = s.body[0]
    if not isinstance(p, A.Play) or not isinstance(p.target, A.AllOf) or \
            p.target.expr != A.Name(first.target.bind) or p.any_order or p.times > 2:
        return None                  # "choose an Action card ... Play it three times" 
    sel = first.target
    return A.Play(A.Selection(sel.mode, sel.count, sel.kind, sel.source, sel.by_you, p.target.bind),
                  p.times, False)


def after_clause(ctx: Ctx, stmts) -> str:
    """The statements after an "if ..." clause: a main clause with no subject before it, so
    its "co" variant (Czech "pokud ..., vezme si", not "si vezme")."""
    return variant(then_block(ctx, stmts), "co")


def then_block(ctx: Ctx, stmts) -> str:
    """What an `if` does: one list of clauses ("trash this and gain a Madman") when each is
    a plain one, so that the condition reads as holding for all of them; else sentences."""
    if ctx.he or len(stmts) < 2 or any(isinstance(x, (A.If, A.ChooseOne, A.May))
                                       for x in stmts):
        return ctx.block(stmts)
    text = ctx.option(stmts)
    return ctx.block(stmts) if ". " in text else text


def choose(ctx: Ctx, s: A.ChooseOne) -> str:
    tokens = own_tokens.same_token_move(s)    # Teacher: "move your A, B, or C token to ..."
    if tokens is not None:
        return own_tokens.any_token(ctx, tokens)
    if (_same_object(s) or _gains(s)) and not ctx.he:    # "discard it or put it back"
        return ctx.t(OR, a=ctx.block(s.options[0]), b=ctx.block(s.options[1]))
    zones = _either_zone(s)
    if zones is not None and not ctx.he:       # "trash a card from your hand or discard pile"
        may, first, second = zones
        cond = first.source.cond                 # "a card from ... that is not a Treasure"
        negated = isinstance(cond, A.Not)
        what = ctx.t(FROM_EITHER, what=cards_np(ctx, first.mode, first.count,
                                                None if negated else cond),
                     a=them(ctx, first.source.source.name),
                     b=them(ctx, second.source.source.name))
        if negated:
            what = that_is(ctx, what, cond, False)
        text = ctx.verb(VERB.get(may.stmt.verb, VERB["choose"]), what)
        return ctx.p(MAY, x=text) if isinstance(s.options[0][0], A.May) else text
    if ctx.he and s.by_you and s.count == 1 and len(s.options) == 2 and \
            len(s.options[1]) == 1 and isinstance(s.options[1][0], A.AsYou) and \
            s.options[0] == (s.options[1][0].stmt,):       # "either he gains a copy of it
        return ctx.t(EITHER_HE_OR_YOU, x=ctx.block(s.options[0]))    # or you do"
    if s.count > 1:
        opts = joined([ctx.option(o) for o in s.options], ctx.t(OPTIONS_LIST_SEP).join)
        return ctx.p(CHOOSE_N[s.count], x=opts)
    sep = ctx.t(OPTIONS_SEP).join
    opts = joined([ctx.option(o) for o in s.options], sep) if not ctx.he \
        else ctx.t(OR, a=ctx.block(s.options[0]), b=joined(
            [ctx.block(o) for o in s.options[1:]], sep))
    return ctx.p(CHOOSE_ONE_YOURS if s.by_you else CHOOSE_ONE, x=opts)


def _either_zone(s: A.ChooseOne):
    """`choose one { may trash 1 card from hand where C } or { ... from discard where C }`:
    (the first option's statement, its selection, the second's), else None."""
    if s.count != 1 or s.by_you or len(s.options) != 2 or any(len(o) != 1 for o in s.options):
        return None
    a, b = s.options[0][0], s.options[1][0]
    if type(a) is not type(b) or isinstance(a, A.May) and (a.body or b.body):
        return None
    ma, mb = (a.stmt, b.stmt) if isinstance(a, A.May) else (a, b)
    if not (isinstance(ma, A.Move) and isinstance(mb, A.Move) and ma.verb == mb.verb):
        return None
    ta, tb = ma.target, mb.target
    ok = isinstance(ta, A.Selection) and isinstance(tb, A.Selection) and \
        isinstance(ta.source, A.Where) and isinstance(tb.source, A.Where) and \
        ta.source.cond == tb.source.cond and ta.kind is None and tb.kind is None and \
        (ta.mode, ta.count, ta.bind) == (tb.mode, tb.count, tb.bind) and \
        isinstance(ta.source.source, A.Name) and isinstance(tb.source.source, A.Name) and \
        ta.source.source != tb.source.source and not ta.bind
    return (a if isinstance(a, A.May) else A.May(ma, ()), ta, tb) if ok else None


def _gains(s: A.ChooseOne) -> bool:
    """One of two gains of named cards (`gain duchy` or `repeat 3 { gain estate }`)."""
    def gain(o):
        x = o[0] if len(o) == 1 else None
        if isinstance(x, A.Repeat) and len(x.body) == 1 and num(x.count) is not None:
            x = x.body[0]
        return isinstance(x, A.Gain) and isinstance(x.what, A.GainSpec) and \
            x.what.relation is None and x.what.cond is None and x.dest == "discard"
    return s.count == 1 and not s.by_you and len(s.options) == 2 and all(map(gain, s.options))


def _same_object(s: A.ChooseOne) -> bool:
    """One of two moves of the same cards (`discard revealed` or `put revealed on deck`)."""
    if s.count != 1 or s.by_you or len(s.options) != 2 or \
            any(len(o) != 1 or not isinstance(o[0], (A.Move, A.Put)) for o in s.options):
        return False
    a, b = (o[0].target for o in s.options)
    return isinstance(a, A.AllOf) and isinstance(b, A.AllOf) and a.expr == b.expr


def did_it(ctx: Ctx, c) -> bool:
    """`if first and second`, `if count(traded) = 2` (as many as were to be chosen): the
    printed "if you do"."""
    if isinstance(c, A.And):
        return all(isinstance(x, A.Name) and x.name in ctx.bound for x in (c.left, c.right))
    if isinstance(c, A.Compare) and isinstance(c.left, A.Name) and \
            ctx.bound.get(c.left.name, ("",))[0] in NUMBER_BOUND and \
            (c.op == ">" and num(c.right) == 0 or c.op == ">=" and num(c.right) == 1):
        return True                          # `overpay as paid`, `if paid > 0`: "if you do"
    if isinstance(c, A.Compare) and c.op == "=" and is_call(c.left, "count") and \
            isinstance(c.left.args[0], A.Name) and num(c.right) is not None:
        return ctx.chosen.get(c.left.args[0].name) == num(c.right)
    return False


def implicit_if(ctx: Ctx, s: A.If) -> bool:
    """`if trashed { ... trashed ... }`: the guard goes unsaid, the body needs the card."""
    c = s.cond
    return isinstance(c, A.Name) and (c.name in ctx.bound or c.name in THE) \
        and c.name in names_in(s.then) and not s.orelse and c.name not in ctx.maybe


def guards_its_body(c, s: A.If) -> bool:
    """`if count(revealed where treasure) >= 1 { discard revealed where treasure }`: the
    condition only says that the cards the body moves are there, as a printed card leaves
    unsaid ("Discard it or trash it")."""
    if s.orelse or not isinstance(c, A.Compare) or not is_call(c.left, "count") or \
            not (c.op == ">=" and num(c.right) == 1 or c.op == ">" and num(c.right) == 0):
        return False
    where = c.left.args[0]
    return isinstance(where, A.Where) and \
        all(any(isinstance(n, A.AllOf) and n.expr == where for n in nodes(x)) for x in s.then)


def if_(ctx: Ctx, s: A.If) -> str:
    c = s.cond
    if ctx.treasure and ctx.person == 0 and len(s.then) == 1 and len(s.orelse) == 1 and \
            all(isinstance(x, A.Bonus) and x.counter == "coins" and num(x.amount) is not None
                for x in (s.then[0], s.orelse[0])):
        return ctx.t(WORTH_IF, a=s.then[0].amount.value, b=s.orelse[0].amount.value,
                     cond=condition(ctx, c))
    if guards_its_body(c, s):
        return ctx.block(s.then)       # "if there is a Treasure among them, discard it" says
    if isinstance(c, A.Not) and isinstance(c.operand, A.Name) and \
            c.operand.name in ctx.gathered and not ctx.he:    # "if no one else did, +1 Card"
        text = ctx.t(IF_NO_ONE[c.operand.name in ctx.gathered_others], then=ctx.block(s.then))
        return ctx.t(OTHERWISE, x=text, y=ctx.block(s.orelse)) if s.orelse else text
    if isinstance(c, A.Not) and isinstance(c.operand, A.Name) and c.operand.name in ctx.bound \
            and not s.orelse:
        return ctx.p(IF_NOT_DONE, then=after_clause(ctx, s.then))
    if did_it(ctx, c):
        saved, ctx.if_paid = ctx.if_paid, True
        then = then_block(ctx, s.then)
        ctx.if_paid = saved
        text = ctx.p(IF_YOU_DO, then=then)
        if s.orelse:
            text = ctx.t(OTHERWISE, x=text, y=ctx.block(s.orelse))
        return text
    if isinstance(c, A.Name) and c.name in ctx.gathered and not ctx.he:
        text = ctx.t(IF_ANYONE, then=ctx.block(s.then))
        if s.orelse:
            text = ctx.t(OTHERWISE, x=text, y=ctx.block(s.orelse))
        return text
    if isinstance(c, A.Name) and (c.name in ctx.bound or c.name in THE):
        then = then_block(ctx, s.then)
        # "if trashed { gain ... cost(trashed) ... }" says itself that it needs the card
        text = then if c.name in names_in(s.then) and c.name not in ctx.maybe else \
            ctx.p(IF_YOU_DO, then=then)
    else:
        said = ctx.said_there
        if isinstance(c, A.Compare) and is_call(c.left, "count") and \
                isinstance(c.left.args[0], A.Where) and \
                (c.op == ">" and num(c.right) == 0 or c.op == ">=" and num(c.right) == 1):
            ctx.said_there = c.left.args[0]    # "if there are any ..., gain one of them"
        cond = if_condition(ctx, c)
        text = ctx.t(IF if ctx.person == 0 else IF_HE, cond=cond,
                     then=after_clause(ctx, s.then))
        ctx.said_there = said
    if s.orelse:
        text = ctx.t(OTHERWISE, x=text, y=ctx.block(s.orelse))
    return text


CLAUSES = {A.If: lambda ctx, s: if_(ctx, s), A.May: may, A.ChooseOne: choose}
