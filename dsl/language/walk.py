"""Walking the AST: every node inside a node, and the names a program binds. Used by the
checks (a variable read before its `as`), lint (what a card's effect mentions), the card
facts worked out at load and the renderer."""
from __future__ import annotations

from . import ast as A


def nodes(tree):
    """Every AST node inside `tree` (itself included), depth first, in source order."""
    stack = [tree]
    while stack:
        n = stack.pop()
        if isinstance(n, (tuple, list)):
            stack.extend(reversed(n))
        elif hasattr(n, "__dataclass_fields__"):
            yield n
            stack.extend(reversed([getattr(n, f) for f in n.__dataclass_fields__
                                   if f != "pos"]))


def bindings(tree) -> list:
    """(name, position) of every variable a program binds (`as NAME`, `name a card as`)."""
    out = []
    for n in nodes(tree):
        name = getattr(n, "bind", None)
        if isinstance(name, str):
            out.append((name, n.pos))
    return out


def token_kinds(tree) -> set:
    """The token kinds a program gives or takes."""
    return {n.kind for n in nodes(tree) if isinstance(n, A.Tokens)}


def mat_names(tree) -> set:
    """The mats a program puts cards on."""
    return {n.mat for n in nodes(tree) if isinstance(n, A.Put) and n.mat is not None}
