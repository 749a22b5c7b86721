"""The parse tree of a player's own token statements and of Inheritance to their AST nodes
(part of transform.py's transformer: `move your KIND token ...`, `your NAME cards inherit
...`)."""
from __future__ import annotations

from lark import Transformer, v_args

from . import ast as A
from .errors import ParseError, Pos


def _pos(meta) -> Pos:
    return Pos(getattr(meta, "line", 0), getattr(meta, "column", 0))


@v_args(meta=True)
class OwnTokenRules(Transformer):
    """Methods of the transformer (called with meta, children)."""

    def move_own_token(self, meta, c):
        where = c[2][1] if len(c) > 2 else None
        return A.OwnToken(str(c[0]), "pile", where, _pos(meta))

    def move_own_token_of(self, meta, c):
        return A.OwnToken(str(c[0]), "pile", None, _pos(meta), card=c[2])

    def put_own_token(self, meta, c):
        return A.OwnToken(str(c[0]), "deck", None, _pos(meta))

    def take_own_token(self, meta, c):
        return A.OwnToken(str(c[0]), "take", None, _pos(meta))

    def turn_own_token(self, meta, c):
        return A.OwnToken(str(c[0]), "turn", None, _pos(meta))

    def inherit(self, meta, c):
        spec = c[2]
        if not isinstance(spec, A.GainSpec) or spec.copy_of is not None:
            raise ParseError("`your NAME cards inherit` takes a Supply card as a gain does: "
                             "`inherit action card costing up to $4 where not victory`",
                             meta.line, meta.column)
        return A.Inherit(str(c[0]), spec, _pos(meta))
