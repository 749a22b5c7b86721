"""How a bot answers a call of a card on its mat (`may call this { ... }`): calling uses
the card up until it comes back, so it is called when what the call does is worth more
than keeping it there: +Actions only when out of Actions with an Action card left in hand;
else the call's block weighed (a trash of junk, a hand worse than an average one replaced,
a good card's copy, an Action worth playing again) against the worth of waiting. A card
that may be discarded from its mat (back into the deck's cycle) is."""
from __future__ import annotations

from dsl.language import ast as A

from interpreter.engine.mats import is_mat
from .value import Weigher
from .weigh import STATEMENTS

KEEP = 0.2        # what a card kept on its mat for a later call is worth, in weighed coins
GAIN_KEEP = 1.0   # ...when the call only gains: a card worth a Silver or more (not a Copper)


def is_call(s) -> bool:
    return isinstance(s, A.May) and isinstance(s.stmt, A.CallCard)


def call_answer(bot, game, d) -> bool:
    s, f = d.effect, d.frame
    p = f.actor
    body = s.body
    t = game.turn
    if body and all(isinstance(x, A.Bonus) and x.counter == "actions" for x in body):
        return t.player == p and t.phase == "action" and t.actions == 0 and \
            any(c.d.is_action for c in game.players[p].hand.cards)
    if any(type(x) not in STATEMENTS for x in body):
        return True          # a block the weighing does not know (moving a token): called
    keep = GAIN_KEEP if all(isinstance(x, A.Gain) for x in body) else KEEP
    return Weigher(game, p, bot).value(body, f) >= keep


def discards_from_mat(s, f) -> bool:
    """`may discard this` while this is on its owner's mat (Wine Merchant's)."""
    inner = s.stmt if isinstance(s, A.May) else None
    if not (isinstance(inner, A.Move) and inner.verb == "discard" and
            isinstance(inner.target, A.AllOf) and inner.target.expr == A.Name("this")):
        return False
    return bool(f.this) and is_mat(f.this[0][0].zone, f.this[0][0].owner)
