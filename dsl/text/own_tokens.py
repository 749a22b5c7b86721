"""Clauses of a player's own tokens and of Inheritance (part of the renderer: sentences.py
looks these up by node type); their templates are in token_phrases.py."""
from __future__ import annotations

from dsl.language import ast as A
from .context import Ctx, conjuncts, token_name
from .forms import joined
from .phrases import COSTING, IN_SUPPLY, KIND_PLURAL, LIST_SEP, OR
from .token_phrases import (INHERIT, MOVE_OWN_TOKEN, OWN_ANY_PILE, OWN_KINDS_OR, OWN_KIND_PILE,
                            OWN_ITS_PILE, OWN_NO_TOKENS, OWN_PILE_OF, PUT_OWN_TOKEN, TAKE_OWN_TOKEN, TURN_OWN_TOKEN)
from .words import cost_phrase, describe, kind_adj, that_is

NO_TOKENS = A.Compare("=", A.Name("your_tokens"), A.Num(0))


def _piles(ctx: Ctx, cond) -> str:
    """`where action and your_tokens = 0`: "an Action Supply pile you have no tokens on"."""
    parts = list(conjuncts(cond)) if cond is not None else []
    none = NO_TOKENS in parts
    rest = [c for c in parts if c != NO_TOKENS]
    kind = rest[0] if rest else None
    for c in rest[1:]:
        kind = A.And(kind, c)
    piles = ctx.t(OWN_KIND_PILE, kind=kind_adj(ctx, kind)) if kind is not None else \
        ctx.t(OWN_ANY_PILE)
    return ctx.t(OWN_NO_TOKENS, piles=piles) if none else piles


def own_token(ctx: Ctx, s: A.OwnToken) -> str:
    kind = token_name(ctx, s.kind)
    if s.action == "pile" and s.card is not None:     # Seaway: "to its pile"
        piles = ctx.t(OWN_ITS_PILE) if isinstance(s.card, A.Name) else \
            ctx.t(OWN_PILE_OF, card=describe(ctx, s.card))
        return ctx.p(MOVE_OWN_TOKEN, kind=kind, piles=piles)
    if s.action == "pile":
        return ctx.p(MOVE_OWN_TOKEN, kind=kind, piles=_piles(ctx, s.where))
    pair = {"deck": PUT_OWN_TOKEN, "take": TAKE_OWN_TOKEN, "turn": TURN_OWN_TOKEN}[s.action]
    return ctx.p(pair, kind=kind)


def same_token_move(s: A.ChooseOne):
    """Teacher's `choose one`: each option one `move your KIND token to a pile where COND`,
    all with the same COND; the options' statements, else None."""
    opts = [o[0] if len(o) == 1 else None for o in s.options]
    if any(o is None or o.__class__ is not A.OwnToken or o.action != "pile" or
           o.card is not None for o in opts) or len({o.where for o in opts}) != 1:
        return None
    return opts


def any_token(ctx: Ctx, opts) -> str:
    """"move your +1 Card, +1 Action, +1 Buy, or +$1 token to ..."."""
    names = [token_name(ctx, o.kind) for o in opts]

    def render(parts):
        if len(parts) == 2:
            return ctx.t(OR, a=parts[0], b=parts[1])
        return ctx.t(OWN_KINDS_OR, a=ctx.t(LIST_SEP).join(map(str, parts[:-1])), b=parts[-1])
    return ctx.p(MOVE_OWN_TOKEN, kind=joined(names, render), piles=_piles(ctx, opts[0].where))


def inherit(ctx: Ctx, s: A.Inherit) -> str:
    from .clauses import gain_what           # (clauses imports the tables this joins)
    spec = s.spec                            # as Band of Misfits' card: "an Action card
    what = ctx.t(IN_SUPPLY, what=gain_what(ctx, A.GainSpec(spec.kind, None, None, None)))
    if spec.relation:                        # in the Supply costing up to $4 that is..."
        what = ctx.t(COSTING[spec.relation], what=what, cost=cost_phrase(ctx, spec.cost))
    if spec.cond is not None:
        what = that_is(ctx, what, spec.cond, bool(spec.relation))
    cards = ctx.t(KIND_PLURAL, kind=ctx.kind_name(s.name))
    return ctx.p(INHERIT, what=what, cards=cards)


CLAUSES = {A.OwnToken: own_token, A.Inherit: inherit}
