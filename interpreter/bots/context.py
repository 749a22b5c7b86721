"""Where each question a card asks stands in its effect, worked out once per card
definition (a bot asks at every decision, and the card never changes): for the statement
that asks (a choice of cards or of a pile, a `may`, a `choose one`), the statements after
it that read what it binds, and, when it is the choice of a `may X { ... }`, that body
(done only if something is chosen). A bot weighs an answer by those statements."""
from __future__ import annotations

from typing import NamedTuple

from dsl.language import ast as A
from dsl.language.walk import nodes

# the statement fields that are blocks (tuples of statements) or one statement
_BLOCKS = {A.If: ("then", "orelse"), A.May: ("body",), A.Each: ("body",),
           A.EachCard: ("body",), A.PlayerBlock: ("body",), A.Repeat: ("body",),
           A.Instead: ("body",), A.Later: ("body",), A.NextTurn: ("body",),
           A.DrawUntil: ("body",), A.Lasting: ("body",)}
_BLOCK_LISTS = {A.ChooseOne: "options", A.InAnyOrder: "blocks"}


class Asked(NamedTuple):
    """What follows a question: `follow`, the statements after it (in its block and the
    blocks around it) that read the name it binds; `may_body`, the body of the `may` whose
    choice it is (None if it is not one)."""
    bind: str | None
    follow: tuple
    may_body: tuple | None


NOTHING = Asked(None, (), None)


def _bind_of(s) -> str | None:
    target = getattr(s, "target", None)
    if isinstance(target, (A.Selection, A.AllOf)):
        return target.bind
    if isinstance(s, A.Gain):
        return s.bind if s.bind else getattr(s.what, "bind", None)
    return getattr(s, "bind", None)


def _reads(stmt, name: str) -> bool:
    return any(isinstance(n, (A.Name, A.Call)) and
               (getattr(n, "name", None) == name or
                any(isinstance(a, A.Name) and a.name == name for a in getattr(n, "args", ())))
               for n in nodes(stmt))


def _walk(stmts, after: tuple, table: dict, may_body=None) -> None:
    for i, s in enumerate(stmts):
        rest = tuple(stmts[i + 1:]) + after
        table[id(s)] = (s, rest, may_body if i == 0 and len(stmts) == 1 else None)
        if isinstance(s, A.May) and s.stmt is not None:
            _walk((s.stmt,), tuple(s.body) + rest, table, may_body=tuple(s.body))
        if isinstance(s, A.AsYou):
            _walk((s.stmt,), rest, table)
        for field in _BLOCKS.get(type(s), ()):
            _walk(getattr(s, field), rest, table)
        field = _BLOCK_LISTS.get(type(s))
        if field is not None:
            for block in getattr(s, field):
                _walk(block, rest, table)


def _table(d) -> dict:
    """id(statement) -> Asked, for every statement of a card's effects."""
    raw: dict = {}
    _walk(d.on_play, (), raw)
    for t in d.triggers:
        _walk(t.effect, (), raw)
    out = {}
    for key, (s, rest, may_body) in raw.items():
        name = _bind_of(s)
        follow = tuple(x for x in rest if _reads(x, name)) if name else ()
        out[key] = Asked(name, follow, may_body)
    return out


_TABLES: dict = {}        # id(card definition) -> (definition, table)


def asked(d, stmt) -> Asked:
    """What follows the statement `stmt` of the card `d` (NOTHING if not found)."""
    if d is None or stmt is None:
        return NOTHING
    hit = _TABLES.get(id(d))
    if hit is None or hit[0] is not d:
        if len(_TABLES) > 2048:
            _TABLES.clear()
        hit = _TABLES[id(d)] = (d, _table(d))
    return hit[1].get(id(stmt), NOTHING)
