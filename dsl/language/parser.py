"""Text of the card language -> AST: the limits every text is checked against first, and
the parses of a bot's texts kept in the cache. The Lark parser and its errors are in
dsl.language.lark_parse, imported at the first text parsed (with the limit on a parse tree's
depth); the tree -> AST step is dsl.language.transform."""
from __future__ import annotations

from . import file_cache
from .errors import ParseError

MAX_SOURCE = 20_000          # characters in one expression field: bounded work per file
MAX_DEPTH = 40               # blocks and parentheses inside one another

__all__ = ["ParseError", "parse_program", "parse_expr", "parse_priority", "parse_answer_rule"]


def _check_nesting(text: str) -> None:
    """Refuse blocks and parentheses nested deeper than MAX_DEPTH: later passes recurse."""
    depth, line, col = 0, 1, 0
    for ch in text:
        col += 1
        if ch == "\n":
            line, col = line + 1, 0
        elif ch in "({":
            depth += 1
            if depth > MAX_DEPTH:
                raise ParseError(f"nested more than {MAX_DEPTH} deep; split the effect up",
                                 line, col)
        elif ch in ")}":
            depth -= 1


def _parse(text: str, start: str):
    if len(text) > MAX_SOURCE:
        raise ParseError(f"text too long ({len(text)} characters, at most {MAX_SOURCE})", 1, 1)
    _check_nesting(text)
    from . import lark_parse
    return lark_parse.parse(text, start)


def parse_program(text: str) -> tuple:
    """Parse a block of statements (a card's on_play, a trigger's effect...)."""
    return _parse(text, "program")


def parse_expr(text: str):
    """Parse one expression (a victory-point formula, a trigger's `what` condition...)."""
    return _parse(text, "expr")


def _kept(kind: str, text: str, parse, size: int):
    """parse(text), from the cache (dsl.language.file_cache) when this code parsed this text
    before: every `dsl simulate` loads the strategies, and building the parser for their
    texts would be most of its start-up (under PyPy most of all). A mistake is not kept."""
    hit = file_cache.get(f"<{kind}>", text)
    if isinstance(hit, tuple) and len(hit) == size:
        return hit
    value = parse(text)
    file_cache.put(f"<{kind}>", text, value)
    return value


def parse_kept(text: str, expr: bool = False):
    """parse_program (parse_expr), from the cache as a strategy's texts are: the effects and
    conditions in set files (a token kind's `spend: gives`, a rule's `kingdom_pile: where`),
    which every command loads; the Lark parser is not built for them once they are kept."""
    kind = "set_expr" if expr else "set_program"
    hit = file_cache.get(f"<{kind}>", text)
    if isinstance(hit, tuple) and len(hit) == 1:
        return hit[0]
    value = (parse_expr(text) if expr else parse_program(text),)
    file_cache.put(f"<{kind}>", text, value)
    return value[0]


def parse_priority(text: str):
    """Parse one entry of a bot's priority list: `CARD [if CONDITION]`."""
    return _kept("priority", text, lambda t: _parse(t, "priority"), 3)


def parse_answer_rule(text: str):
    """Parse one answer rule of a bot strategy: `WORD [NUMBER] [if CONDITION]` (`yes if
    actions = 0`, `option 2 if coins_in_hand >= 5`, `estate`). Returns (word, number or
    None, condition AST or None, (line, col) of the number or of the word)."""
    return _kept("answer_rule", text, _answer_rule, 4)


def _answer_rule(text: str):
    from . import lark_parse
    return lark_parse.answer_rule(_parse(text, "answer_rule"))
