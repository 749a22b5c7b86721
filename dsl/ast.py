"""Typed AST of the card language: small frozen dataclasses built by dsl.parser.

Every node carries `pos` (line, column inside the expression text); the loader shifts it
to the position in the YAML file. `pos` is left out of equality so that two parses of the
same text compare equal.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union

from .errors import Pos

_pos = field(default=Pos(), compare=False, repr=False)


# ---- expressions ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Num:
    value: int
    pos: Pos = _pos


@dataclass(frozen=True)
class CostLit:
    coins: int
    potion: int
    pos: Pos = _pos


@dataclass(frozen=True)
class Name:
    """A name: a zone, a bound variable, `this`, `it`, a card type or a card id."""
    name: str
    pos: Pos = _pos


@dataclass(frozen=True)
class Call:
    func: str
    args: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class Arith:
    op: str
    left: "Expr"
    right: "Expr"
    pos: Pos = _pos


@dataclass(frozen=True)
class Neg:
    operand: "Expr"
    pos: Pos = _pos


@dataclass(frozen=True)
class Compare:
    op: str
    left: "Expr"
    right: "Expr"
    pos: Pos = _pos


@dataclass(frozen=True)
class And:
    left: "Expr"
    right: "Expr"
    pos: Pos = _pos


@dataclass(frozen=True)
class Or:
    left: "Expr"
    right: "Expr"
    pos: Pos = _pos


@dataclass(frozen=True)
class Not:
    operand: "Expr"
    pos: Pos = _pos


@dataclass(frozen=True)
class Is:
    """`x is action`, `x is not copper`: a card has a type or a name."""
    subject: "Expr"
    kind: str
    negated: bool
    pos: Pos = _pos


@dataclass(frozen=True)
class Where:
    """`revealed where treasure`: the cards of `source` for which `cond` holds."""
    source: "Expr"
    cond: "Expr"
    pos: Pos = _pos


Expr = Union[Num, CostLit, Name, Call, Arith, Neg, Compare, And, Or, Not, Is, Where]


# ---- statements ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Bonus:
    """`+2 cards`, `+1 action`, `+1 buy`, `+$2`, `+1 potion`."""
    counter: str          # cards | actions | buys | coins | potions
    amount: Expr
    pos: Pos = _pos


@dataclass(frozen=True)
class Selection:
    """`up to 4 cards from hand`: a choice of cards made by a player."""
    mode: str             # exactly | up_to | any | all
    count: Optional[Expr]
    kind: Optional[str]   # a type or card id the chosen cards must be; None = any card
    source: Expr
    by_you: bool
    bind: Optional[str]
    pos: Pos = _pos


@dataclass(frozen=True)
class AllOf:
    """A plain card expression as a target: every card it names (`revealed`, `this`)."""
    expr: Expr
    bind: Optional[str]
    pos: Pos = _pos


Target = Union[Selection, AllOf]


@dataclass(frozen=True)
class Move:
    verb: str             # trash | discard | reveal | choose | set_aside
    target: Target
    pos: Pos = _pos


@dataclass(frozen=True)
class Put:
    target: Target
    dest: str             # deck | hand | discard
    any_order: bool
    pos: Pos = _pos


@dataclass(frozen=True)
class GainSpec:
    """`action card costing up to $5 where ...`: a card from the supply."""
    kind: Optional[str]
    relation: Optional[str]   # up_to | exactly | less_than
    cost: Optional[Expr]
    cond: Optional[Expr]
    pos: Pos = _pos


@dataclass(frozen=True)
class Gain:
    what: Union[GainSpec, Selection]
    dest: str             # discard | deck | hand
    bind: Optional[str]
    pos: Pos = _pos


@dataclass(frozen=True)
class Play:
    target: Target
    times: int
    any_order: bool
    pos: Pos = _pos


@dataclass(frozen=True)
class RevealTop:
    verb: str             # reveal | look
    count: Expr
    bind: Optional[str]
    pos: Pos = _pos


@dataclass(frozen=True)
class RevealUntil:
    cond: Expr
    pos: Pos = _pos


@dataclass(frozen=True)
class DrawUntil:
    cond: Expr
    body: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class ShuffleInto:
    target: Expr
    pos: Pos = _pos


@dataclass(frozen=True)
class If:
    cond: Expr
    then: tuple
    orelse: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class May:
    """`may STMT { if you do }` or `may { ... }`."""
    stmt: Optional["Stmt"]
    body: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class Each:
    others: bool
    body: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class ChooseOne:
    by_you: bool
    options: tuple        # of blocks
    pos: Pos = _pos


@dataclass(frozen=True)
class InAnyOrder:
    blocks: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class Repeat:
    count: Expr
    body: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class AsYou:
    stmt: "Stmt"
    pos: Pos = _pos


@dataclass(frozen=True)
class Instead:
    body: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class Unaffected:
    pos: Pos = _pos


@dataclass(frozen=True)
class Later:
    """`this turn on EVENT [of CARD] { ... }`: a one-shot trigger for the rest of the turn."""
    event: str
    card: Optional[Expr]
    body: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class ExtraTurn:
    controlled: bool
    gains_to_controller: bool
    trash_set_aside: bool
    pos: Pos = _pos


Stmt = Union[Bonus, Move, Put, Gain, Play, RevealTop, RevealUntil, DrawUntil, ShuffleInto,
             If, May, Each, ChooseOne, InAnyOrder, Repeat, AsYou, Instead, Unaffected, Later,
             ExtraTurn]
