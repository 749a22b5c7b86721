"""Text of the card language -> AST. The Lark parser is built once (LALR, positions kept);
this is the one place where Lark's errors become our diagnostics. The tree -> AST step is
dsl.transform."""
from __future__ import annotations

import re
from functools import lru_cache
from importlib.resources import files

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lark import PostLex
from lark.lexer import PatternStr

from . import catalog_cache
from .transform import TRANSFORMER, ParseError

MAX_SOURCE = 20_000          # characters in one expression field: bounded work per file
MAX_DEPTH = 40               # blocks and parentheses inside one another
MAX_TREE_DEPTH = 300         # a parse tree deeper than this (a long chain of operators) is
                             # refused before any pass recurses into it, on every Python


class _InsideParentheses(PostLex):
    """Drops the line breaks inside parentheses: an expression may go on over lines."""
    always_accept = ()

    def process(self, stream):
        depth = 0
        for tok in stream:
            if tok.type == "LPAR":
                depth += 1
            elif tok.type == "RPAR":
                depth -= 1
            elif tok.type == "_SEP" and depth > 0:
                continue
            yield tok


@lru_cache(maxsize=1)
def _lark() -> Lark:
    grammar = files("dsl").joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, start=["program", "expr", "priority", "answer_rule"], parser="lalr",
                propagate_positions=True, maybe_placeholders=False,
                postlex=_InsideParentheses())



# what the user reads instead of a grammar's terminal names (never `LPAR`, `COMP`...)
_TERMINAL_WORDS = {"_SEP": "end of line", "$END": "end of text", "NAME": "a name",
                   "NUMBER": "a number", "COST": "a cost like $5",
                   "COMP": "a comparison (=, !=, <, <=, >, >=)", "ADD": "+ or -",
                   "MUL": "* or /", "NOT": "'not'"}


def _terminal_word(name: str) -> str:
    word = _TERMINAL_WORDS.get(name)
    if word is not None:
        return word
    try:
        pattern = _lark().get_terminal(name).pattern
    except KeyError:
        return "something else"
    if isinstance(pattern, PatternStr):
        return f"'{pattern.value}'"
    return "something else"


def _token_word(tok: Token) -> str:
    if tok.type in ("$END", "_SEP"):
        return _TERMINAL_WORDS[tok.type]
    text = str(tok)
    return repr(text if len(text) <= 20 else text[:20] + "...")


# Constructs people reach for that are spelled otherwise here: (what precedes the error on
# its line, what to write instead).
_HINTS = (
    (re.compile(r"\bchoose\s+(\d+|[a-z_]+)\s*$"),
     "to choose among options write `choose one { ... } or { ... }` (one, two, three or "
     "four); to choose cards write `choose 2 cards from hand as NAME`"),
    (re.compile(r"\bmay\s*$"), "write `may { ... }` or `may STATEMENT { if you do }`"),
    (re.compile(r"\bis\s+not\s*$|\bis\s*$"),
     "`is` takes a card type or card id (`it is action`, `it is not copper`)"),
)


def _explain(e: UnexpectedInput, text: str, line: int, col: int) -> str:
    if isinstance(e, UnexpectedCharacters):
        msg = f"unexpected character {e.char!r}"
    else:
        got = "end of text" if isinstance(e, UnexpectedEOF) else _token_word(e.token)
        expected = sorted({_terminal_word(t) for t in (getattr(e, "expected", None) or
                                                        getattr(e, "accepts", None) or [])})
        msg = f"unexpected {got}"
        if expected:
            msg += "; expected " + ", ".join(expected[:8]) + (", ..." if len(expected) > 8
                                                              else "")
    lines = text.splitlines() or [""]
    before = lines[line - 1][:max(col - 1, 0)] if 1 <= line <= len(lines) else ""
    for pattern, hint in _HINTS:
        if pattern.search(before):
            return f"{msg}; {hint}"
    return msg


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


def _tree_depth(tree) -> int:
    """The depth of a Lark tree, walked without recursion (the passes after it recurse, and
    how deep they may go depends on the Python running them)."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > MAX_TREE_DEPTH:
                break
        stack.extend((child, depth + 1) for child in getattr(node, "children", ()))
    return deepest


def _parse(text: str, start: str):
    if len(text) > MAX_SOURCE:
        raise ParseError(f"text too long ({len(text)} characters, at most {MAX_SOURCE})", 1, 1)
    _check_nesting(text)
    try:
        tree = _lark().parse(text, start=start)
        if _tree_depth(tree) > MAX_TREE_DEPTH:
            raise ParseError("expression too long to handle (a very long chain of "
                             "operators); split it up", 1, 1)
        return TRANSFORMER.transform(tree)
    except UnexpectedInput as e:
        line = getattr(e, "line", 1) or 1
        col = getattr(e, "column", 1) or 1
        at_end = isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken)
                                                  and e.token.type == "$END")
        if line < 0 or at_end:
            lines = text.splitlines() or [""]
            line, col = len(lines), len(lines[-1]) + 1
        raise ParseError(_explain(e, text, line, col), line, col) from None
    except ParseError:
        raise
    except RecursionError:
        raise ParseError("expression too long to handle (a very long chain of operators); "
                         "split it up", 1, 1) from None
    except Exception as e:   # a transformer error wraps ours
        inner = getattr(e, "orig_exc", None)
        if isinstance(inner, ParseError):
            raise inner from None
        if isinstance(inner, RecursionError):
            raise ParseError("expression too long to handle (a very long chain of "
                             "operators); split it up", 1, 1) from None
        raise


def parse_program(text: str) -> tuple:
    """Parse a block of statements (a card's on_play, a trigger's effect...)."""
    return _parse(text, "program")


def parse_expr(text: str):
    """Parse one expression (a victory-point formula, a trigger's `what` condition...)."""
    return _parse(text, "expr")


def _kept(kind: str, text: str, parse, size: int):
    """parse(text), from the cache (dsl.catalog_cache) when this code parsed this text
    before: every `dsl simulate` loads the strategies, and building the parser for their
    texts would be most of its start-up (under PyPy most of all). A mistake is not kept."""
    hit = catalog_cache.get(f"<{kind}>", text)
    if isinstance(hit, tuple) and len(hit) == size:
        return hit
    value = parse(text)
    catalog_cache.put(f"<{kind}>", text, value)
    return value


def parse_priority(text: str):
    """Parse one entry of a bot's priority list: `CARD [if CONDITION]`."""
    return _kept("priority", text, lambda t: _parse(t, "priority"), 3)


def parse_answer_rule(text: str):
    """Parse one answer rule of a bot strategy: `WORD [NUMBER] [if CONDITION]` (`yes if
    actions = 0`, `option 2 if coins_in_hand >= 5`, `estate`). Returns (word, number or
    None, condition AST or None, (line, col) of the number or of the word)."""
    return _kept("answer_rule", text, _answer_rule, 4)


def _answer_rule(text: str):
    tree = _parse(text, "answer_rule")
    word, number, cond = tree.children[0], None, None
    for child in tree.children[1:]:
        if isinstance(child, Token) and child.type == "NUMBER":
            number = child
        else:
            cond = child
    at = number if number is not None else word
    value = None
    if number is not None:
        if len(str(number)) > 6:
            raise ParseError("number too large (at most 6 digits)", number.line, number.column)
        value = int(str(number))
    return str(word), value, cond, (at.line or 1, at.column or 1)
