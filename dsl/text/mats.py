"""Clauses of mats and calls (issue 31): `call this`, the Clean-up's extra cards, the end of
the turn after drawing, an extra turn without buying cards, and which mats a card's text
reminds of. Part of the renderer (dsl.text.sentences looks the clauses up by node type)."""
from __future__ import annotations

from dsl.language import ast as A
from dsl.language.walk import nodes

from .context import Ctx, num
from .phrases_mats import AFTER_CLEANUP, CALL_THIS, CLEANUP_MORE, CLEANUP_MORE_EXPR, \
    EXTRA_TURN_NO_BUYS
from .words import amount

THIS = A.Name("this")


def call(ctx: Ctx, s: A.CallCard) -> str:
    return ctx.p(CALL_THIS)


def turn_draw_more(ctx: Ctx, s: A.TurnDraw) -> str:
    n = num(s.amount)
    if n is not None:
        return ctx.tn(CLEANUP_MORE, n)
    return ctx.t(CLEANUP_MORE_EXPR, n=amount(ctx, s.amount))


def after_cleanup(ctx: Ctx, s: A.Later) -> str:
    return ctx.t(AFTER_CLEANUP, x=ctx.block(s.body))


def extra_turn_no_buys(ctx: Ctx, s: A.ExtraTurn) -> str:
    return ctx.t(EXTRA_TURN_NO_BUYS)


def reminded_mats(program, catalog=None) -> set:
    """The mats whose end-of-game reminder a card's text gives: those it puts cards other
    than itself on (a Reserve card that puts itself on the Tavern mat says no more), when
    the mat is a card's own, named after it (Island, Native Village); a mat of a set's
    rulebook (the Tavern mat, shared by every Reserve card) is explained there."""
    return {n.mat for n in nodes(program) if isinstance(n, A.Put) and n.mat is not None
            and not (isinstance(n.target, A.AllOf) and n.target.expr == THIS)
            and (catalog is None or n.mat in catalog.cards)}


CLAUSES = {A.CallCard: call}


def vp_on_mat(vp):
    """(VP, mat name) of `N * count(NAME mat where this)`, else None."""
    if not (isinstance(vp, A.Arith) and vp.op == "*" and num(vp.left) is not None):
        return None
    c = vp.right
    if isinstance(c, A.Call) and c.func == "count" and len(c.args) == 1 and \
            isinstance(c.args[0], A.Where) and isinstance(c.args[0].source, A.Mat) and \
            c.args[0].cond == THIS:
        return num(vp.left), c.args[0].source.name
    return None
