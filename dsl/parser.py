"""Text of the card language -> AST. The Lark parser is built once (LALR, positions kept);
this is the one place where Lark's errors become our diagnostics."""
from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import ast as A
from .errors import Pos

MAX_SOURCE = 20_000          # characters in one expression field: bounded work per file
MAX_DEPTH = 40               # blocks and parentheses inside one another

COUNTERS = {"card": "cards", "cards": "cards", "action": "actions", "actions": "actions",
            "buy": "buys", "buys": "buys", "potion": "potions", "potions": "potions"}


class ParseError(Exception):
    def __init__(self, message: str, line: int, col: int):
        super().__init__(message)
        self.message, self.line, self.col = message, line, col


@lru_cache(maxsize=1)
def _lark() -> Lark:
    grammar = files("dsl").joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, start=["program", "expr", "priority"], parser="lalr",
                propagate_positions=True, maybe_placeholders=False)


def _pos(meta) -> Pos:
    return Pos(getattr(meta, "line", 0), getattr(meta, "column", 0))


def _tok_pos(tok: Token) -> Pos:
    return Pos(tok.line or 0, tok.column or 0)


@v_args(meta=True)
class _ToAst(Transformer):
    """Builds AST nodes; rule names match dsl/grammar.lark."""

    # expressions
    def number(self, meta, c):
        return A.Num(int(c[0]), _tok_pos(c[0]))

    def cost_literal(self, meta, c):
        text = str(c[0])[1:]
        potion = text.endswith("P")
        return A.CostLit(int(text.rstrip("P")), 1 if potion else 0, _tok_pos(c[0]))

    def name(self, meta, c):
        return A.Name(str(c[0]), _tok_pos(c[0]))

    def call(self, meta, c):
        return A.Call(str(c[0]), tuple(x for x in c[1:] if x is not None), _tok_pos(c[0]))

    def arith(self, meta, c):
        return A.Arith(str(c[1]), c[0], c[2], _pos(meta))

    def neg(self, meta, c):
        return A.Neg(c[0], _pos(meta))

    def compare(self, meta, c):
        op = "=" if str(c[1]) == "==" else str(c[1])
        return A.Compare(op, c[0], c[2], _pos(meta))

    def is_(self, meta, c):
        negated = len(c) == 3
        return A.Is(c[0], str(c[-1]), negated, _pos(meta))

    def and_(self, meta, c):
        return A.And(c[0], c[1], _pos(meta))

    def or_(self, meta, c):
        return A.Or(c[0], c[1], _pos(meta))

    def not_(self, meta, c):
        return A.Not(c[0], _pos(meta))

    def where(self, meta, c):
        return A.Where(c[0], c[1], _pos(meta))

    # pieces
    def program(self, meta, c):
        return tuple(c)

    def block(self, meta, c):
        return c[0]

    def binding(self, meta, c):
        return str(c[0])

    def card_word(self, meta, c):
        return str(c[0])

    def kind(self, meta, c):
        names = [str(x) for x in c if isinstance(x, Token)]
        return names[0] if names else None

    def chooser(self, meta, c):
        return True

    chooser_short = chooser

    def exactly(self, meta, c):
        return ("exactly", c[0])

    def up_to(self, meta, c):
        return ("up_to", c[0])

    def any_number(self, meta, c):
        return ("any", None)

    def all(self, meta, c):
        return ("all", None)

    def selection(self, meta, c):
        (mode, count), kind, source = c[0], c[1], c[2]
        rest = c[3:]
        by_you = any(x is True for x in rest)
        bind = next((x for x in rest if isinstance(x, str)), None)
        return A.Selection(mode, count, kind, source, by_you, bind, _pos(meta))

    def all_of(self, meta, c):
        return A.AllOf(c[0], c[1] if len(c) > 1 else None, _pos(meta))

    def on_deck(self, meta, c):
        return ("dest", "deck")

    def into_hand(self, meta, c):
        return ("dest", "hand")

    def into_discard(self, meta, c):
        return ("dest", "discard")

    def order(self, meta, c):
        return "any_order"

    def move_verb(self, meta, c):
        return "_".join(str(x) for x in c)   # "set", "aside" -> set_aside

    def look_verb(self, meta, c):
        return str(c[0])

    def relation(self, meta, c):
        return "_".join(str(x) for x in c)   # up_to | exactly | less_than

    def cost_clause(self, meta, c):
        return ("cost", c[0], c[1])

    def where_clause(self, meta, c):
        return ("where", c[0])

    def other(self, meta, c):
        return True

    def event(self, meta, c):
        return str(c[0])

    def priority(self, meta, c):
        return (str(c[0]), c[1] if len(c) > 1 else None, _tok_pos(c[0]))

    # statements
    def bonus(self, meta, c):
        word = str(c[1])
        if word not in COUNTERS:
            raise ParseError(f"unknown bonus '+N {word}'; use cards, actions, buys, potions "
                             f"or +$N for coins", c[1].line, c[1].column)
        return A.Bonus(COUNTERS[word], c[0], _pos(meta))

    def coins_bonus(self, meta, c):
        x = c[0]
        if isinstance(x, Token):
            text = str(x)[1:]
            if text.endswith("P"):
                raise ParseError("'+$NP' is not a bonus; write '+$N' and '+1 potion'",
                                 x.line, x.column)
            x = A.Num(int(text), _tok_pos(x))
        return A.Bonus("coins", x, _pos(meta))

    def draw_until(self, meta, c):
        return A.DrawUntil(c[0], c[1] if len(c) > 1 else (), _pos(meta))

    def reveal_until(self, meta, c):
        return A.RevealUntil(c[0], _pos(meta))

    def reveal_top(self, meta, c):
        return A.RevealTop(c[0], c[1], c[2] if len(c) > 2 else None, _pos(meta))

    def move(self, meta, c):
        return A.Move(c[0], c[1], _pos(meta))

    def put(self, meta, c):
        return A.Put(c[0], c[1][1], len(c) > 2, _pos(meta))

    def gain_spec(self, meta, c):
        kind, relation, cost, cond = c[0], None, None, None
        for part in c[1:]:
            if part[0] == "cost":
                relation, cost = part[1], part[2]
            else:
                cond = part[1]
        return A.GainSpec(kind, relation, cost, cond, _pos(meta))

    def gain(self, meta, c):
        what, dest, bind = c[0], "discard", None
        for part in c[1:]:
            if isinstance(part, tuple):
                dest = part[1]
            else:
                bind = part
        return A.Gain(what, dest, bind, _pos(meta))

    def twice(self, meta, c):
        return 2

    def times(self, meta, c):
        n = int(c[0])
        if not 1 <= n <= 10:
            raise ParseError("play a card 1 to 10 times", c[0].line, c[0].column)
        return n

    def any_order(self, meta, c):
        return "any_order"

    def play(self, meta, c):
        mode = c[1] if len(c) > 1 else 1
        times = mode if isinstance(mode, int) else 1
        return A.Play(c[0], times, mode == "any_order", _pos(meta))

    def shuffle_into(self, meta, c):
        return A.ShuffleInto(c[0], _pos(meta))

    def unaffected(self, meta, c):
        return A.Unaffected(_pos(meta))

    def controlled(self, meta, c):
        return "controlled"

    def gains_to_controller(self, meta, c):
        return "gains"

    def trash_set_aside(self, meta, c):
        return "trash"

    def extra_turn(self, meta, c):
        return A.ExtraTurn("controlled" in c, "gains" in c, "trash" in c, _pos(meta))

    def if_stmt(self, meta, c):
        orelse = c[2] if len(c) > 2 else ()
        return A.If(c[0], c[1], orelse, _pos(meta))

    def else_clause(self, meta, c):
        return c[0] if isinstance(c[0], tuple) else (c[0],)

    def may_do(self, meta, c):
        return A.May(c[0], c[1] if len(c) > 1 else (), _pos(meta))

    def may_block(self, meta, c):
        return A.May(None, c[0], _pos(meta))

    def each_stmt(self, meta, c):
        return A.Each(c[0] is True, c[-1], _pos(meta))

    def choose_one(self, meta, c):
        by_you = c[0] is True
        return A.ChooseOne(by_you, tuple(c[1:] if by_you else c), _pos(meta))

    def in_any_order(self, meta, c):
        return A.InAnyOrder(tuple(c), _pos(meta))

    def repeat_stmt(self, meta, c):
        return A.Repeat(c[0], c[1], _pos(meta))

    def you_stmt(self, meta, c):
        return A.AsYou(c[0], _pos(meta))

    def instead_stmt(self, meta, c):
        return A.Instead(c[0], _pos(meta))

    def later_stmt(self, meta, c):
        card = c[1] if len(c) > 2 else None
        return A.Later(c[0], card, c[-1], _pos(meta))


_TRANSFORMER = _ToAst()

_EXPECT_WORDS = {"_SEP": "end of line", "$END": "end of text", "LBRACE": "'{'", "RBRACE": "'}'",
                 "NAME": "a name", "NUMBER": "a number", "COST": "a cost like $5"}


def _explain(e: UnexpectedInput) -> str:
    if isinstance(e, UnexpectedCharacters):
        return f"unexpected character {e.char!r}"
    expected = sorted(getattr(e, "expected", None) or getattr(e, "accepts", None) or [])
    words = [_EXPECT_WORDS.get(t, t.lower().strip("_")) for t in expected][:8]
    if isinstance(e, UnexpectedEOF):
        got = "end of text"
    else:
        tok = e.token
        got = "end of text" if tok.type == "$END" else f"'{tok}'"
    msg = f"unexpected {got}"
    if words:
        msg += "; expected " + ", ".join(words)
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


def _parse(text: str, start: str):
    if len(text) > MAX_SOURCE:
        raise ParseError(f"text too long ({len(text)} characters, at most {MAX_SOURCE})", 1, 1)
    _check_nesting(text)
    try:
        tree = _lark().parse(text, start=start)
        return _TRANSFORMER.transform(tree)
    except UnexpectedInput as e:
        line = getattr(e, "line", 1) or 1
        col = getattr(e, "column", 1) or 1
        at_end = isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken)
                                                  and e.token.type == "$END")
        if line < 0 or at_end:
            lines = text.splitlines() or [""]
            line, col = len(lines), len(lines[-1]) + 1
        raise ParseError(_explain(e), line, col) from None
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


def parse_priority(text: str):
    """Parse one entry of a bot's priority list: `CARD [if CONDITION]`."""
    return _parse(text, "priority")
