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

REPEAT_MAX = 100        # `repeat N`: at most this many times (what lint allows is what runs)


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


@dataclass(frozen=True)
class Mat:
    """`native_village mat`: the cards on one of the acting player's named mats."""
    name: str
    pos: Pos = _pos


@dataclass(frozen=True)
class OfPlayer:
    """`hand of player to your left`: a player's own name (a zone, this turn's history, a
    fact) read for another player, by side (left | right) from the acting player."""
    name: str
    side: str
    pos: Pos = _pos


Expr = Union[Num, CostLit, Name, Call, Arith, Neg, Compare, And, Or, Not, Is, Where, Mat,
             OfPlayer]


# ---- statements ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Bonus:
    """`+2 cards`, `+1 action`, `+1 buy`, `+$2`, `+1 potion`."""
    counter: str          # cards | actions | buys | coins | potions
    amount: Expr
    pos: Pos = _pos


@dataclass(frozen=True)
class LoseCoins:
    """`-$1`, `-$(count(hand where treasure))`: the turn's coins go down, never below $0."""
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
    by_side: Optional[str] = None   # `chosen by player to your left` (right): he chooses


@dataclass(frozen=True)
class AllOf:
    """A plain card expression as a target: every card it names (`revealed`, `this`)."""
    expr: Expr
    bind: Optional[str]
    pos: Pos = _pos


Target = Union[Selection, AllOf]


@dataclass(frozen=True)
class Move:
    verb: str             # trash | discard | reveal | choose | set_aside | return
    target: Target
    pos: Pos = _pos
    own_pile: bool = False    # `return X to its pile`: the pile of its name, in the Supply
                              # or beside it (not only a Supply pile, as `to supply`)


@dataclass(frozen=True)
class Put:
    target: Target
    dest: str             # deck | deck_bottom | hand | discard | mat
    any_order: bool
    owner: Optional[str] = None   # left | right: that player's zone; None: the card's owner
    mat: Optional[str] = None     # the mat's name when dest is mat
    pos: Pos = _pos


@dataclass(frozen=True)
class GainSpec:
    """`action card costing up to $5 where ...`: a card from the supply."""
    kind: Optional[str]
    relation: Optional[str]   # up_to | exactly | less_than
    cost: Optional[Expr]
    cond: Optional[Expr]
    copy_of: Optional[Expr] = None   # `copy of X`: only piles of the names of X's cards
    by_you: bool = False             # `chosen by you`: the card's player picks the pile
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
class PlayAs:
    """`play this as if it were action card costing less than cost(this)`: the card becomes
    a Supply card the player chooses (a pile's top card `spec` allows) until it leaves play,
    and that card's play is done."""
    card: Expr
    spec: GainSpec
    pos: Pos = _pos


@dataclass(frozen=True)
class RevealTop:
    verb: str             # reveal | look
    count: Expr
    bind: Optional[str]
    bottom: bool = False  # from the bottom of the deck
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
    """`choose one|two|... { } or { }`: that many different options, done in printed order."""
    by_you: bool
    options: tuple        # of blocks
    count: int = 1
    pos: Pos = _pos


@dataclass(frozen=True)
class EachCard:
    """`each card in X { ... }`: the body once per card of X, with `it` that card."""
    source: "Expr"
    body: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class PlayerBlock:
    """`player to your left { ... }`: the body done by one other player."""
    side: str             # left | right
    body: tuple
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
    """`this turn on EVENT [of X] { ... }`: a trigger for the rest of the turn, once per
    play that starts it; X is cards (those cards) or a condition on the event's card."""
    event: str
    card: Optional[Expr]
    body: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class NextTurn:
    """`at start of next turn { ... }`: done when the card's player next starts a turn; the
    card (and what played it) stays in play until that turn's Clean-up."""
    body: tuple
    pos: Pos = _pos


@dataclass(frozen=True)
class TurnCost:
    """`this turn action cards cost $1 less`: a cost change for the rest of the turn."""
    kind: Optional[str]   # a type or card id; None = every card
    delta: Expr           # a number expression
    sign: int             # -1 less, +1 more
    pos: Pos = _pos


@dataclass(frozen=True)
class TurnDraw:
    """`this turn cleanup draws 3 cards`: the hand size drawn in this turn's Clean-up."""
    amount: Expr
    pos: Pos = _pos


@dataclass(frozen=True)
class Lasting:
    """An ability a play starts beyond its turn, once per play (a card played twice starts
    two): `rest of game on EVENT [of X] [by WHO] { }`, `rest of game at start of turn { }`
    and `rest of game unaffected` (span "game"; Hireling, Champion: the card and what
    played it stay in play for good), or `until next turn on EVENT [of X] [by WHO] { }`
    (span "next_turn": until the card's player next starts a turn, the card staying in play
    until then; Haunted Woods). `who` is whose events it hears, seen from the card's
    player (you, other, anyone); the body is done by the event's player, `you` being the
    card's player. event "turn_start": at the start of each of his turns; "unaffected":
    other players' Attacks don't affect him."""
    span: str                     # game | next_turn
    event: str
    card: Optional[Expr]
    body: tuple
    who: str = "you"
    pos: Pos = _pos


@dataclass(frozen=True)
class Exchange:
    """`exchange this for ID`: return the card to its pile and put the top card of ID's
    pile into its owner's discard pile (not a gain, not a trash); nothing if that pile is
    empty or the card is no longer where it was (Travellers)."""
    target: "AllOf"
    card: str
    pos: Pos = _pos


@dataclass(frozen=True)
class TurnBan:
    """`this turn can't buy NAME`: for the rest of the turn the card's player cannot buy
    cards of that name (a card id, a variable holding a named card or cards); gaining them
    stays legal."""
    what: "Name"
    pos: Pos = _pos


@dataclass(frozen=True)
class NameCard:
    """`name a card as NAME`: the player names any card in the game; binds its name."""
    bind: str
    pos: Pos = _pos


@dataclass(frozen=True)
class Tokens:
    """`+1 coin token`, `-1 vp token`, `+1 embargo token on a pile` (the player picks)."""
    kind: str
    amount: Expr
    sign: int             # +1 add, -1 remove (never below 0)
    on_pile: bool
    pos: Pos = _pos
    piles: Optional[Expr] = None   # `on each pile where COND`: every supply pile COND holds of


@dataclass(frozen=True)
class MoveTokens:
    """`move 1 KIND token from pile of it to shared mat`: tokens from the pile of a
    card's name (as many as there are, up to the amount) to the mat all players share."""
    kind: str
    amount: Expr
    card: Expr            # a card expression: the pile of its (first) card's name
    pos: Pos = _pos


@dataclass(frozen=True)
class ExtraTurn:
    controlled: bool
    gains_to_controller: bool
    trash_set_aside: bool
    who: str = "left"                 # left (the next player) | right | you
    at_most_in_a_row: Optional[int] = None   # not if it would make more turns in a row
    pos: Pos = _pos


@dataclass(frozen=True)
class Overpay:
    """`overpay as NAME` (when buying this card): the buyer may pay any amount more, from
    his coins left and the tokens he may still spend; NAME is the number paid."""
    bind: str
    pos: Pos = _pos


@dataclass(frozen=True)
class PayTokens:
    """`pay up to N KIND tokens as NAME` (an amount the player chooses, 0 to N, at most
    what he has) or `pay N KIND tokens as NAME` (N, or all he has if fewer): the tokens are
    removed (paid, not spent: what spending them gives is not given); NAME is how many."""
    kind: str
    count: Expr
    up_to: bool
    bind: Optional[str] = None
    pos: Pos = _pos


Stmt = Union[Bonus, LoseCoins, Move, Put, Gain, Play, RevealTop, RevealUntil, DrawUntil, ShuffleInto,
             If, May, Each, EachCard, PlayerBlock, ChooseOne, InAnyOrder, Repeat, AsYou,
             Instead, Unaffected, Later, NextTurn, TurnCost, TurnDraw, TurnBan, NameCard, Tokens,
             MoveTokens, ExtraTurn, Overpay, PayTokens, Lasting, Exchange]
