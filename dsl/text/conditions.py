"""Card text: an `if` statement's condition as its clause, where a card says it more simply
than the general phrases of dsl.text.words: a card's cost ("if it costs from $3 to $4"),
two kinds of one card ("if it is an Action or Victory card"), the first buy of a turn."""
from __future__ import annotations

from dsl.language import ast as A
from .phrases import A_KIND, COND
from .clause_phrases import FIRST_BUY, IT_COSTS
from .context import Ctx, cost_test, is_call, num
from .words import condition, cost_phrase, describe, kind_adj, them


def if_condition(ctx: Ctx, c) -> str:
    """The clause of an `if` condition."""
    costs = _cost_of_one(c)
    if costs is not None:
        card, (op, cost) = costs
        return ctx.t(IT_COSTS[op], it=_it(ctx, card), cost=cost_phrase(ctx, cost))
    if isinstance(c, A.Or) and all(isinstance(x, A.Is) and not x.negated for x in
                                   (c.left, c.right)) and c.left.subject == c.right.subject:
        kinds = A.Or(A.Name(c.left.kind), A.Name(c.right.kind))    # "an Action or Victory
        return ctx.t(COND["it_is"], it=_it(ctx, c.left.subject),   # card"
                     pred=ctx.t(A_KIND, kind=kind_adj(ctx, kinds)))
    if c == A.Compare("=", A.Name("buys_made"), A.Num(1)) and "buys_made" not in ctx.bound:
        return ctx.t(FIRST_BUY)
    return condition(ctx, c)


def _it(ctx: Ctx, e) -> str:
    return them(ctx, e.name, pronoun=True) if isinstance(e, A.Name) else describe(ctx, e)


def _cost_of_one(c):
    """(card, (op, cost)) of `cost(X) >= $3 and cost(X) <= $4`, `cost(X) < $5`."""
    cards = {n.left.args[0] for n in (c.left, c.right) if isinstance(n, A.Compare) and
             is_call(n.left, "cost") and len(n.left.args) == 1} \
        if isinstance(c, A.And) else {c.left.args[0]} if isinstance(c, A.Compare) and \
        is_call(c.left, "cost") and len(c.left.args) == 1 else set()
    if len(cards) != 1:
        return None
    card = next(iter(cards))

    def own(x):                 # `cost(X) op Y` as a condition on X itself, `cost op Y`
        if isinstance(x, A.Compare) and x.left == A.Call("cost", (card,)):
            return A.Compare(x.op, A.Name("cost"), x.right)
        return A.And(own(x.left), own(x.right)) if isinstance(x, A.And) else x
    test = cost_test(own(c))
    if test is None or test[0] not in IT_COSTS or num(test[1]) is not None:
        return None             # a bare number is no cost
    return card, test
