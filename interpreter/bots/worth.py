"""The small things a weighing is made of: a card not there yet (a gain being weighed), a
rough worth of playing a card from its effect alone, the tally of an answer's worth, a copy
of a frame to weigh a branch in. Shared by the weigher (bots.value) and its statements
(bots.weigh)."""
from __future__ import annotations

from dsl.language import ast as A

from interpreter.effects.expressions import Frame

OTHERS = 0.7              # what another player's loss is worth to the bot


class Phantom:
    """A card that is not there yet (a gain being weighed): enough for expressions."""
    __slots__ = ("d", "uid", "zone", "owner")

    def __init__(self, d):
        self.d, self.uid, self.zone, self.owner = d, -1, None, None


_PLAY_WORTH: dict = {}     # id(definition) -> (definition, worth)


def play_worth(d) -> float:
    """A rough worth of playing a card, from its effect alone (once per definition): its
    constant bonuses, the better option of a choice, something for anything else."""
    hit = _PLAY_WORTH.get(id(d))
    if hit is None or hit[0] is not d:
        static = _static(d.on_play, d.id)
        # at least a little, unless it gains copies of itself for nothing (then it is junk)
        hit = _PLAY_WORTH[id(d)] = (d, static if _gains_itself(d) else max(0.3, static))
    return hit[1]


_STATIC = {"cards": 1.0, "coins": 1.0, "actions": 0.4, "buys": 0.3, "potions": 1.0}


TRASH_FROM_HAND = 0.6      # a card that must be trashed from the hand: often a good one
SELF_GAIN = 1.5            # a copy of the card itself gained by its play


def _static(stmts, own: str = "") -> float:
    total = 0.0
    for s in stmts:
        if isinstance(s, A.Bonus):
            n = s.amount.value if isinstance(s.amount, A.Num) else 1
            total += _STATIC.get(s.counter, 0.3) * n
        elif isinstance(s, A.LoseCoins):
            total -= s.amount.value if isinstance(s.amount, A.Num) else 1.5
        elif isinstance(s, A.Lasting):       # each later turn (Hireling), or an attack
            total += 1.0 if s.event == "unaffected" else \
                (3.0 if s.span == "game" else 1.0) * max(0.3, _static(s.body, own))
        elif isinstance(s, A.ChooseOne):
            worths = sorted((_static(b, own) for b in s.options), reverse=True)
            total += sum(worths[:s.count])
        elif isinstance(s, A.May):
            if not _gives_up_this(s.stmt):     # once, not each time it is played
                total += max(0.0, _static(s.body, own))
        elif isinstance(s, A.Each) and s.others:
            total += 1.0                     # an attack, usually
        elif must_trash_from_hand(s):
            total -= TRASH_FROM_HAND
        elif isinstance(s, A.If) and (_hurts(s.then) or _hurts(s.orelse)):
            total += min(_static(s.then, own), _static(s.orelse, own))
        elif isinstance(s, A.Gain) and isinstance(s.what, A.GainSpec) and \
                s.what.kind == own and s.what.relation is None:
            total -= SELF_GAIN               # another copy of itself, each play: a card
                                             # that may not find what it needs (junk)
        elif isinstance(s, (A.If, A.Gain, A.Play, A.DrawUntil, A.RevealUntil, A.NextTurn,
                            A.Repeat, A.Tokens, A.ExtraTurn, A.TurnCost)):
            total += 0.8
    return total


def _gains_itself(d) -> bool:
    return any(isinstance(n, A.Gain) and isinstance(n.what, A.GainSpec) and
               n.what.kind == d.id and n.what.relation is None for n in d.on_play)


def must_trash_from_hand(s) -> bool:
    """`trash 1 card from hand`: a choice that must trash at least one card of the hand
    (not `up to`, not `any number`) for nothing in return (it binds no name that a gain
    or a bonus could read: not Remodel's trash)."""
    if not (isinstance(s, A.Move) and s.verb == "trash"):
        return False
    sel = s.target
    return isinstance(sel, A.Selection) and sel.mode not in ("up_to", "any") and \
        sel.bind is None and \
        isinstance(sel.source, (A.Name, A.Where)) and _source_name(sel.source) == "hand"


def _source_name(e):
    while isinstance(e, A.Where):
        e = e.source
    return e.name if isinstance(e, A.Name) else None


def _hurts(stmts) -> bool:
    """Whether a block must (not may) trash a card from the hand, in it or in an `if`."""
    for s in stmts:
        if must_trash_from_hand(s):
            return True
        if isinstance(s, A.If) and (_hurts(s.then) or _hurts(s.orelse)):
            return True
    return False


def may_hurt(d) -> bool:
    """Whether playing card d can cost its player (a card it must trash from his hand):
    such a card is played only when its play, weighed, is worth it. Once per definition."""
    hit = _MAY_HURT.get(id(d))
    if hit is None or hit[0] is not d:
        if len(_MAY_HURT) >= 4096:
            _MAY_HURT.clear()
        hit = _MAY_HURT[id(d)] = (d, _hurts(d.on_play))
    return hit[1]


_MAY_HURT: dict = {}       # id(definition) -> (definition, whether its play may hurt)


def _gives_up_this(s) -> bool:
    """`trash this` (or another move of `this` out of the deck for good)."""
    return isinstance(s, A.Move) and s.verb in ("trash", "return") and \
        isinstance(s.target, A.AllOf) and isinstance(s.target.expr, A.Name) and \
        s.target.expr.name == "this"


class Tally:
    """The parts of an answer's worth: coins this turn, cards drawn, Actions, Buys,
    Potions, and the rest (gains, losses) already in coins."""
    __slots__ = ("coins", "cards", "actions", "buys", "potions", "worth")

    def __init__(self):
        self.coins = self.cards = self.actions = self.buys = self.potions = 0.0
        self.worth = 0.0


def copy_frame(f: Frame) -> Frame:
    h = f.child()
    h.env = dict(f.env)
    return h
