"""Blocks of statements as sentences: every statement's clause (dsl.text.clauses, with the
triggers and cost changes of dsl.text.lasting), after the idioms that say several statements
in one (dsl.text.idioms). The context made by `context_for` renders nested blocks through
these, so the clause modules below never import this one."""
from __future__ import annotations

from dsl.language import ast as A

from . import choices, clauses as C, idioms, lasting, mats, moves, own_tokens
from .context import Ctx, cap
from .forms import joined, variant

STATEMENTS = {**C.CLAUSES, **moves.CLAUSES, **choices.CLAUSES,      # statement type ->
              **lasting.CLAUSES, **own_tokens.CLAUSES, **mats.CLAUSES}     # its clause


def context_for(locale, catalog, card, **kw) -> Ctx:
    """The renderer's context for one card, rendering nested blocks with this module."""
    return Ctx(locale, catalog, card, render_block=block, render_stmt=stmt,
               render_option=option, **kw)


def merge(stmts):
    """Consecutive identical gains (of one named card, or of a card at a cost) become one
    statement with a count."""
    out = []
    for s in stmts:
        if out and isinstance(s, A.Gain) and isinstance(out[-1], tuple) and out[-1][0] == s:
            out[-1] = (s, out[-1][1] + 1)
        elif out and isinstance(s, A.Gain) and out[-1] == s and isinstance(s.what, A.GainSpec) \
                and s.what.copy_of is None and s.bind is None:
            out[-1] = (s, 2)
        else:
            out.append(s)
    return out


def stmt(ctx: Ctx, s) -> str:
    """One statement as a clause in the current person (lower case, no full stop)."""
    count = 1
    if isinstance(s, tuple):
        s, count = s
    if isinstance(s, idioms.Said):
        return s.text
    if isinstance(s, A.Gain):
        return C.gain(ctx, s, count)
    render = STATEMENTS.get(type(s))
    hold = ctx.revealed_hold
    if isinstance(s, (A.If, A.ChooseOne)) and ctx.revealed_fresh:
        ctx.revealed_hold = True            # every option says "them"
    text = render(ctx, s) if render is not None else str(s)
    ctx.revealed_hold = hold
    if not isinstance(s, A.RevealTop) and not hold:
        ctx.revealed_fresh = False          # only the clause right after says "them"
    return text


def block(ctx: Ctx, stmts) -> str:
    """Statements inside a sentence: clauses joined by `and` (or `, then` for more)."""
    parts = [(s, stmt(ctx, s)) for s in idioms.combine(ctx, merge(stmts))]
    parts = [(s, p) for s, p in parts if p]
    if all(isinstance(s, A.Bonus) for s, _ in parts):
        return C.join(ctx, [p for _, p in parts])
    if not ctx.he:
        return joined([p for _, p in parts], _sentences)
    # "each other player reveals ..., trashes ... and discards ... . If ..., he gains ..."
    sentences, run = [], []
    for s, p in parts:
        if isinstance(s, A.AsYou) or isinstance(s, A.If) and not choices.implicit_if(ctx, s):
            if run:
                sentences.append(C.join(ctx, run))
                run = []
            sentences.append(cap(p))
        else:      # a clause after the first has no subject before it: its "co" variant
            run.append(variant(p, "co") if run else p)
    if run:
        sentences.append(C.join(ctx, run))
    return joined(sentences, _sentences)


def option(ctx: Ctx, stmts) -> str:
    """One option of `choose one`, its statements as one list: "discard your hand, +4 Cards,
    and each other player ..." (Minion)."""
    if len(stmts) < 2 or ctx.he:
        return block(ctx, stmts)
    return C.join(ctx, [stmt(ctx, x) for x in idioms.combine(ctx, merge(stmts))])


def _sentences(parts: list) -> str:
    """Clauses as sentences: "trash a card. Gain a Silver" (the first is capitalized by
    whoever starts the sentence)."""
    return ". ".join([parts[0]] + [cap(p) for p in parts[1:]])
