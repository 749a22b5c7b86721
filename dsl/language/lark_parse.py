"""The Lark side of dsl.language.parser: the parser, built once (LALR, positions kept), and the one
place where Lark's errors become our diagnostics. Imported only when a text is parsed, so
that a command whose files all come from the cache never imports Lark."""
from __future__ import annotations

import re
from functools import lru_cache
from importlib.resources import files

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lark import PostLex
from lark.lexer import PatternStr

from .errors import ParseError
from .transform import TRANSFORMER

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
    grammar = files("dsl.language").joinpath("grammar.lark").read_text(encoding="utf-8")
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


def parse(text: str, start: str):
    """The AST of `text` from the grammar rule `start` (the caller checked its size)."""
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


def answer_rule(tree) -> tuple:
    """(word, number or None, condition or None, (line, col)) of an answer rule's tree."""
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
