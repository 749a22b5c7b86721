"""YAML loading that keeps where each value came from, so that errors (and positions inside
expressions) point into the file. Safe: SafeLoader nodes only, size and node count bounded."""
from __future__ import annotations

from dataclasses import dataclass

import yaml

from .errors import Diagnostic, DslError, caret_excerpt

MAX_BYTES = 1_000_000
MAX_NODES = 100_000
MAX_DEPTH = 100              # lists and mappings inside one another (the build recurses)
MAX_NUMBER_DIGITS = 30       # a YAML number longer than this is refused, not converted
# the tags of plain YAML values; any other (`!foo`, `!!python/...`) is refused
_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null",
                                                   "seq", "map")}
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
# libyaml's safe loader when present (same nodes and marks, several times faster)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Where:
    """Position of a YAML value: 1-based line/col of its first character, and for a block
    scalar (`|`) the line and indentation where its text starts."""
    line: int
    col: int
    text_line: int
    text_col: int


class Located(dict):
    """Positions of the values of one YAML document, keyed by path tuples."""


def _scalar_origin(node: yaml.ScalarNode, source: str) -> tuple[int, int]:
    """Line and column (1-based) of the first character of the scalar's text."""
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    if node.style in ("|", ">"):
        lines = source.splitlines()
        # content starts on the next line, at its indentation
        for i in range(node.start_mark.line + 1, len(lines)):
            if lines[i].strip():
                return i + 1, len(lines[i]) - len(lines[i].lstrip()) + 1
        return line + 1, 1
    if node.style in ("'", '"'):
        return line, col + 1
    return line, col


def load_yaml(text: str, path: str):
    """Parse YAML text: returns (data, positions); raises DslError with a position."""
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise DslError(Diagnostic(path, 1, 1, "error", "E001",
                                  f"file too large (over {MAX_BYTES} bytes)"))
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        msg = f"invalid YAML: {e.problem or e.context}"
        raise DslError(Diagnostic(path, line, col, "error", "E001",
                                  msg + "; check indentation, colons and quotes",
                                  caret_excerpt(text, line, col))) from None
    except yaml.reader.ReaderError as e:      # a character YAML does not allow
        before = text[:e.position]
        line, col = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        raise DslError(Diagnostic(path, line, col, "error", "E001",
                                  f"invalid YAML: character {e.character!r} is not allowed in "
                                  "a YAML file; remove it", caret_excerpt(text, line, col))) \
            from None
    except yaml.YAMLError as e:
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise DslError(Diagnostic(path, 1, 1, "error", "E001",
                                  f"invalid YAML: {first[:200]}")) from None
    positions = Located()
    if node is None:
        return None, positions
    budget = [MAX_NODES]
    data = _build(node, (), positions, text, path, budget, set())
    return data, positions


def _build(node, key, positions, source, path, budget, active):
    budget[0] -= 1
    if budget[0] < 0:
        raise DslError(Diagnostic(path, node.start_mark.line + 1, 1, "error", "E001",
                                  f"too many YAML values (over {MAX_NODES}); aliases expanding?"))
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    if node.tag not in _PLAIN_TAGS:
        kind = node.tag.removeprefix("tag:yaml.org,2002:")
        message = (f"a YAML {kind} value is not allowed here; quote it to make it text"
                   if node.tag.startswith("tag:yaml.org,2002:") and "/" not in kind else
                   f"YAML tag '{node.tag.replace('tag:yaml.org,2002:', '!!')}' is not allowed; "
                   "remove it (quote the value if it starts with !)")
        raise DslError(Diagnostic(path, line, col, "error", "E001", message,
                                  caret_excerpt(source, line, col)))
    if isinstance(node, yaml.ScalarNode):
        tl, tc = _scalar_origin(node, source)
        positions[key] = Where(line, col, tl, tc)
        if node.tag == "tag:yaml.org,2002:str":
            return node.value
        if node.tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and \
                len(node.value) > MAX_NUMBER_DIGITS:
            raise DslError(Diagnostic(path, line, col, "error", "E001",
                                      f"number too long ({len(node.value)} characters, at most "
                                      f"{MAX_NUMBER_DIGITS})", caret_excerpt(source, line, col)))
        try:
            return _CONSTRUCTOR.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError) as e:
            raise DslError(Diagnostic(path, line, col, "error", "E001",
                                      f"invalid YAML value: {str(e).splitlines()[0][:120]}",
                                      caret_excerpt(source, line, col))) from None
    positions[key] = Where(line, col, line, col)
    if len(key) >= MAX_DEPTH:
        raise DslError(Diagnostic(path, line, col, "error", "E001",
                                  f"values nested too deep (over {MAX_DEPTH} levels)"))
    if id(node) in active:
        raise DslError(Diagnostic(path, line, col, "error", "E001",
                                  "an alias refers to itself; remove the recursive alias"))
    active = active | {id(node)}
    if isinstance(node, yaml.SequenceNode):
        return [_build(child, key + (i,), positions, source, path, budget, active)
                for i, child in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        out = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                raise DslError(Diagnostic(path, knode.start_mark.line + 1,
                                          knode.start_mark.column + 1, "error", "E001",
                                          "a mapping key must be a plain value"))
            k = knode.value
            if k in out:
                raise DslError(Diagnostic(path, knode.start_mark.line + 1,
                                          knode.start_mark.column + 1, "error", "E001",
                                          f"duplicate key '{k}'; remove one of them"))
            positions[key + (k, "__key__")] = Where(knode.start_mark.line + 1,
                                                    knode.start_mark.column + 1, 0, 0)
            out[k] = _build(vnode, key + (k,), positions, source, path, budget, active)
        return out
    return None


def position_of(positions: Located, key: tuple) -> tuple[int, int]:
    """Best position for a path: the value's, else the nearest enclosing value's."""
    while True:
        where = positions.get(key)
        if where is not None:
            return where.line, where.col
        if not key:
            return 1, 1
        key = key[:-1]
