"""Short English descriptions of statements, for decision prompts and logs."""
from __future__ import annotations

from dsl.language import ast as A


def describe_expr(e) -> str:
    if isinstance(e, A.Num):
        return str(e.value)
    if isinstance(e, A.CostLit):
        return f"${e.coins}" + ("P" if e.potion else "")
    if isinstance(e, A.Name):
        return e.name.replace("_", " ")
    if isinstance(e, A.Call):
        return f"{e.func}({', '.join(describe_expr(a) for a in e.args)})"
    if isinstance(e, A.Arith):
        return f"{describe_expr(e.left)} {e.op} {describe_expr(e.right)}"
    if isinstance(e, A.Where):
        return f"{describe_expr(e.source)} where {describe_expr(e.cond)}"
    if isinstance(e, (A.And, A.Or)):
        op = "and" if isinstance(e, A.And) else "or"
        return f"{describe_expr(e.left)} {op} {describe_expr(e.right)}"
    if isinstance(e, A.Not):
        return f"not {describe_expr(e.operand)}"
    return "..."


def _target(t) -> str:
    if isinstance(t, A.AllOf):
        return describe_expr(t.expr)
    n = {"exactly": describe_expr(t.count) if t.count else "", "up_to": "up to " +
         (describe_expr(t.count) if t.count else ""), "any": "any number of", "all": "all"}[t.mode]
    return f"{n} {t.kind or 'card'} from {describe_expr(t.source)}"


def describe_stmt(s) -> str:
    if s is None:
        return ""
    if isinstance(s, A.Bonus):
        if s.counter == "coins":
            return f"+${describe_expr(s.amount)}"
        word = s.counter[:-1] if isinstance(s.amount, A.Num) and s.amount.value == 1 \
            else s.counter
        return f"+{describe_expr(s.amount)} {word}"
    if isinstance(s, A.LoseCoins):
        return f"-${describe_expr(s.amount)}"
    if isinstance(s, A.Move):
        return f"{s.verb.replace('_', ' ')} {_target(s.target)}"
    if isinstance(s, A.Put):
        where = {"deck": "on deck", "deck_bottom": "on the bottom of the deck",
                 "hand": "into hand", "discard": "into discard"}.get(s.dest, f"on {s.mat} mat")
        return f"put {_target(s.target)} {where}"
    if isinstance(s, A.Gain):
        w = s.what
        if isinstance(w, A.Selection):
            text = _target(w)
        else:
            text = w.kind or "card"
            if w.relation:
                text += f" costing {w.relation.replace('_', ' ')} {describe_expr(w.cost)}"
        return text + ("" if s.dest == "discard" else f" to {s.dest}")
    if isinstance(s, A.Play):
        return f"play {_target(s.target)}" + ({1: "", 2: " twice"}.get(s.times, f" {s.times} times"))
    if isinstance(s, A.May):
        return "may " + (describe_stmt(s.stmt) if s.stmt else describe_block(s.body))
    if isinstance(s, A.Exchange):
        return f"exchange {describe_expr(s.target.expr)} for {s.card.replace('_', ' ')}"
    return type(s).__name__.lower()


def describe_block(stmts) -> str:
    return "; ".join(describe_stmt(s) for s in stmts)
