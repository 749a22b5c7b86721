"""Lark's parse trees -> the typed AST of dsl.language.ast: one Transformer method per grammar rule
(rule names match dsl/language/grammar.lark), positions kept. Checks that need only the text of one
construct (a number too large, `repeat` over its limit) are made here, as ParseErrors."""
from __future__ import annotations

from lark import Token, Transformer, v_args

from . import ast as A
from .ast import REPEAT_MAX
from .errors import ParseError, Pos

COUNTERS = {"card": "cards", "cards": "cards", "action": "actions", "actions": "actions",
            "buy": "buys", "buys": "buys", "potion": "potions", "potions": "potions"}


MAX_DIGITS = 6              # no card needs a number of a million or more


def _int(tok: Token, digits: str | None = None) -> int:
    digits = str(tok) if digits is None else digits
    if len(digits) > MAX_DIGITS:
        raise ParseError(f"number too large ({len(digits)} digits, at most {MAX_DIGITS})",
                         tok.line or 1, tok.column or 1)
    return int(digits)


def _pos(meta) -> Pos:
    return Pos(getattr(meta, "line", 0), getattr(meta, "column", 0))


def _tok_pos(tok: Token) -> Pos:
    return Pos(tok.line or 0, tok.column or 0)


def _coins(x, potion_message: str):
    """A `$N` token as the number N (an expression stays as it is); `$NP` is refused with
    the message of the statement that read it."""
    if not isinstance(x, Token):
        return x
    text = str(x)[1:]
    if text.endswith("P"):
        raise ParseError(potion_message, x.line, x.column)
    return A.Num(_int(x, text), _tok_pos(x))


@v_args(meta=True)
class _ToAst(Transformer):
    """Builds AST nodes; rule names match dsl/language/grammar.lark."""

    # expressions
    def number(self, meta, c):
        return A.Num(_int(c[0]), _tok_pos(c[0]))

    def cost_literal(self, meta, c):
        text = str(c[0])[1:]
        potion = text.endswith("P")
        return A.CostLit(_int(c[0], text.rstrip("P")), 1 if potion else 0, _tok_pos(c[0]))

    def coins_cost_of(self, meta, c):
        """`$(expr)`: a cost of that many coins, written as `$0 + expr`."""
        return A.Arith("+", A.CostLit(0, 0, _pos(meta)), c[0], _pos(meta))

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

    def mat(self, meta, c):
        return A.Mat(str(c[0]), _tok_pos(c[0]))

    def of_player(self, meta, c):
        return A.OfPlayer(str(c[0]), c[1][1], _tok_pos(c[0]))

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

    def chooser_player(self, meta, c):
        """`chosen by player to your left`: (by, side, line, column)."""
        return ("by", c[0][1], meta.line, meta.column)

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
        side = next((x[1] for x in rest if isinstance(x, tuple)), None)
        return A.Selection(mode, count, kind, source, by_you, bind, _pos(meta), by_side=side)

    def all_of(self, meta, c):
        return A.AllOf(c[0], c[1] if len(c) > 1 else None, _pos(meta))

    def on_deck(self, meta, c):
        return ("dest", "deck", c[0] if c else None, None)

    def on_bottom(self, meta, c):
        return ("dest", "deck_bottom", c[0] if c else None, None)

    def into_hand(self, meta, c):
        return ("dest", "hand", c[0] if c else None, None)

    def into_discard(self, meta, c):
        return ("dest", "discard", c[0] if c else None, None)

    def on_mat(self, meta, c):
        return ("dest", "mat", None, str(c[0]))

    def order(self, meta, c):
        return "any_order"

    def move_verb(self, meta, c):
        return "_".join(str(x) for x in c)   # "set", "aside" -> set_aside

    def look_verb(self, meta, c):
        return str(c[0])

    def relation(self, meta, c):
        return "_".join(str(x) for x in c)   # up_to | exactly | less_than

    def cost_clause(self, meta, c):
        return ("cost", c[0], c[-1])         # `costing up to $(x)`: x coins, as `up to x`

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
        x = _coins(c[0], "'+$NP' is not a bonus; write '+$N' and '+1 potion'")
        return A.Bonus("coins", x, _pos(meta))

    def coins_loss(self, meta, c):
        x = _coins(c[0], "'-$NP' is not a loss of coins; write '-$N'")
        return A.LoseCoins(x, _pos(meta))

    def draw_until(self, meta, c):
        return A.DrawUntil(c[0], c[1] if len(c) > 1 else (), _pos(meta))

    def reveal_until(self, meta, c):
        return A.RevealUntil(c[0], _pos(meta))

    def deck_end(self, meta, c):
        return str(c[0])

    def reveal_top(self, meta, c):
        verb, end, count = c[0], c[1], c[2]
        return A.RevealTop(verb, count, c[3] if len(c) > 3 else None, bottom=end == "bottom",
                           pos=_pos(meta))

    def move(self, meta, c):
        return A.Move(c[0], c[1], _pos(meta))

    def return_stmt(self, meta, c):
        return A.Move("return", c[0], _pos(meta))

    def return_pile(self, meta, c):
        return A.Move("return", c[0], _pos(meta), own_pile=True)

    def put(self, meta, c):
        dest = c[1]
        return A.Put(c[0], dest[1], len(c) > 2, owner=dest[2], mat=dest[3], pos=_pos(meta))

    def _gain_parts(self, parts):
        relation = cost = cond = None
        by_you = False
        for part in parts:
            if part is True:
                by_you = True
            elif part[0] == "by":
                raise ParseError("a gained card's pile is chosen by you (`chosen by you`) or "
                                 "by the player gaining; `chosen by player to your "
                                 f"{part[1]}` chooses among cards (`discard 1 card from shown "
                                 f"chosen by player to your {part[1]}`)", part[2], part[3])
            elif part[0] == "cost":
                relation, cost = part[1], part[2]
            else:
                cond = part[1]
        return relation, cost, cond, by_you

    def gain_spec(self, meta, c):
        relation, cost, cond, by_you = self._gain_parts(c[1:])
        return A.GainSpec(c[0], relation, cost, cond, by_you=by_you, pos=_pos(meta))

    def gain_copy(self, meta, c):
        relation, cost, cond, by_you = self._gain_parts(c[1:])
        return A.GainSpec(None, relation, cost, cond, copy_of=c[0], by_you=by_you,
                          pos=_pos(meta))

    def gain(self, meta, c):
        what, dest, bind = c[0], "discard", None
        for part in c[1:]:
            if isinstance(part, tuple):
                if part[2] is not None or part[1] in ("mat", "deck_bottom"):
                    raise ParseError("a gained card goes to your discard pile, `on deck` or "
                                     "`into hand`; put it elsewhere with `put` afterwards",
                                     meta.line, meta.column)
                dest = part[1]
            else:
                bind = part
        return A.Gain(what, dest, bind, _pos(meta))

    def twice(self, meta, c):
        return 2

    def times(self, meta, c):
        n = _int(c[0])
        if not 1 <= n <= 10:
            raise ParseError("play a card 1 to 10 times", c[0].line, c[0].column)
        return n

    def any_order(self, meta, c):
        return "any_order"

    def play(self, meta, c):
        mode = c[1] if len(c) > 1 else 1
        times = mode if isinstance(mode, int) else 1
        return A.Play(c[0], times, mode == "any_order", _pos(meta))

    def play_as(self, meta, c):
        relation, cost, cond, _ = self._gain_parts(c[2:])
        return A.PlayAs(c[0], A.GainSpec(c[1], relation, cost, cond, pos=_pos(meta)),
                        _pos(meta))

    def shuffle_into(self, meta, c):
        return A.ShuffleInto(c[0], _pos(meta))

    def unaffected(self, meta, c):
        return A.Unaffected(_pos(meta))

    def name_card(self, meta, c):
        return A.NameCard(c[0], _pos(meta))

    def token_word(self, meta, c):
        return str(c[0])

    def on_pile(self, meta, c):
        return "on_pile"

    def on_each_pile(self, meta, c):
        return ("each_pile", c[0])

    def add_tokens(self, meta, c):
        where = c[3] if len(c) > 3 else None
        if isinstance(where, tuple):
            return A.Tokens(str(c[1]), c[0], 1, False, _pos(meta), piles=where[1])
        return A.Tokens(str(c[1]), c[0], 1, where is not None, _pos(meta))

    def move_tokens(self, meta, c):
        return A.MoveTokens(str(c[1]), c[0], c[3], _pos(meta))

    def overpay(self, meta, c):
        return A.Overpay(c[0], _pos(meta))

    def pay_up_to(self, meta, c):
        return A.PayTokens(str(c[1]), c[0], True, c[3] if len(c) > 3 else None, _pos(meta))

    def pay_exactly(self, meta, c):
        return A.PayTokens(str(c[1]), c[0], False, c[3] if len(c) > 3 else None, _pos(meta))

    def remove_tokens(self, meta, c):
        return A.Tokens(str(c[1]), c[0], -1, False, _pos(meta))

    def controlled(self, meta, c):
        return "controlled"

    def gains_to_controller(self, meta, c):
        return "gains"

    def trash_set_aside(self, meta, c):
        return "trash"

    def at_most_in_a_row(self, meta, c):
        n = _int(c[0])
        if not 1 <= n <= 10:
            raise ParseError("at most 1 to 10 turns in a row", c[0].line, c[0].column)
        return ("row", n)

    def next_player(self, meta, c):
        return ("who", "left")

    def turn_for_you(self, meta, c):
        return ("who", "you")

    def side(self, meta, c):
        return str(c[0])

    def player_ref(self, meta, c):
        return ("who", c[0])

    def owner(self, meta, c):
        return c[0][1]

    def extra_turn(self, meta, c):
        who = next(x[1] for x in c if isinstance(x, tuple) and x[0] == "who")
        row = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "row"), None)
        return A.ExtraTurn("controlled" in c, "gains" in c, "trash" in c, who=who,
                           at_most_in_a_row=row, pos=_pos(meta))

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

    def each_card(self, meta, c):
        return A.EachCard(c[0], c[1], _pos(meta))

    def player_block(self, meta, c):
        return A.PlayerBlock(c[0][1], c[1], _pos(meta))

    def choose_count(self, meta, c):
        return _COUNT_WORDS[str(c[0])]

    def choose_options(self, meta, c):
        count, rest = c[0], c[1:]
        by_you = rest[0] is True
        options = tuple(rest[1:] if by_you else rest)
        if count >= len(options):
            raise ParseError(f"choose {count} of {len(options)} options: give more options "
                             f"than are chosen (`or {{ ... }}`)", meta.line, meta.column)
        return A.ChooseOne(by_you, options, count=count, pos=_pos(meta))

    def in_any_order(self, meta, c):
        return A.InAnyOrder(tuple(c), _pos(meta))

    def repeat_stmt(self, meta, c):
        n = c[0]
        if isinstance(n, A.Num) and n.value > REPEAT_MAX:
            raise ParseError(f"repeat at most {REPEAT_MAX} times (got {n.value})",
                             n.pos.line, n.pos.col)
        return A.Repeat(n, c[1], _pos(meta))

    def you_stmt(self, meta, c):
        return A.AsYou(c[0], _pos(meta))

    def instead_stmt(self, meta, c):
        return A.Instead(c[0], _pos(meta))

    def later_stmt(self, meta, c):
        card = c[1] if len(c) > 2 else None
        return A.Later(c[0], card, c[-1], _pos(meta))

    def _lasting(self, span, meta, c):
        event, rest = str(c[0]), list(c[1:-1])
        who = rest.pop() if rest and isinstance(rest[-1], str) else "you"
        return A.Lasting(span, event, rest[0] if rest else None, c[-1], who, _pos(meta))

    def rest_on(self, meta, c):
        return self._lasting("game", meta, c)

    def until_next_turn(self, meta, c):
        return self._lasting("next_turn", meta, c)

    def rest_start(self, meta, c):
        return A.Lasting("game", "turn_start", None, c[0], "you", _pos(meta))

    def rest_unaffected(self, meta, c):
        return A.Lasting("game", "unaffected", None, (), "you", _pos(meta))

    def by_other(self, meta, c):
        return "other"

    def by_anyone(self, meta, c):
        return "anyone"

    def by_you(self, meta, c):
        return "you"

    def exchange(self, meta, c):
        return A.Exchange(A.AllOf(c[0], None, c[0].pos if hasattr(c[0], "pos") else
                                  _pos(meta)), str(c[1]), _pos(meta))

    def next_turn(self, meta, c):
        return A.NextTurn(c[0], _pos(meta))

    def less_more(self, meta, c):
        return str(c[0])

    def cost_by(self, meta, c):
        x = _coins(c[0], "a cost change is in coins: write `cost $1 less`")
        return (x, -1 if c[1] == "less" else 1)

    def turn_cost(self, meta, c):
        kind, (delta, sign) = c[0], c[1]
        return A.TurnCost(None if kind in ("card", "cards") else kind, delta, sign, _pos(meta))

    def turn_ban(self, meta, c):
        name = c[-1]                         # (the `can't` token, the name)
        return A.TurnBan(A.Name(str(name), _tok_pos(name)), _pos(meta))

    def turn_draw(self, meta, c):
        return A.TurnDraw(c[0], _pos(meta))


_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}

TRANSFORMER = _ToAst()
