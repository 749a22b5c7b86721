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
        hit = _PLAY_WORTH[id(d)] = (d, max(0.3, _static(d.on_play)))
    return hit[1]


_STATIC = {"cards": 1.0, "coins": 1.0, "actions": 0.4, "buys": 0.3, "potions": 1.0}


def _static(stmts) -> float:
    total = 0.0
    for s in stmts:
        if isinstance(s, A.Bonus):
            n = s.amount.value if isinstance(s.amount, A.Num) else 1
            total += _STATIC.get(s.counter, 0.3) * n
        elif isinstance(s, A.LoseCoins):
            total -= s.amount.value if isinstance(s.amount, A.Num) else 1.5
        elif isinstance(s, A.ChooseOne):
            worths = sorted((_static(b) for b in s.options), reverse=True)
            total += sum(worths[:s.count])
        elif isinstance(s, A.May):
            if not _gives_up_this(s.stmt):     # once, not each time it is played
                total += max(0.0, _static(s.body))
        elif isinstance(s, A.Each) and s.others:
            total += 1.0                     # an attack, usually
        elif isinstance(s, (A.If, A.Gain, A.Play, A.DrawUntil, A.RevealUntil, A.NextTurn,
                            A.Repeat, A.Tokens, A.ExtraTurn, A.TurnCost)):
            total += 0.8
    return total


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
