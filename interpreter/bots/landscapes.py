"""Whether a strategy bot buys an Event its buy plan names, now: what buying it does (its
`on_buy`) weighed as a card's effect is weighed (bots.value), against what its cost would
have bought (the plan's first affordable card, less what the coins left still buy when a
Buy is left). A bot buys an Event at most once a turn. Never an Event's id: only what its
effect says."""
from __future__ import annotations

from interpreter.effects.expressions import Frame

from .value import Weigher
from .worth import Tally, copy_frame


def worth_buying(game, p: int, bot, d) -> bool:
    """Whether player p's bot should buy Event `d` now rather than the cards its plan
    buys after it."""
    t = game.turn
    w = Weigher(game, p, bot)
    tally = Tally()
    w.block(d.on_play, copy_frame(Frame(p, p, this=[], source=d.id)), tally, 0)
    buys_left = t.buys - 1 + tally.buys
    tally.buys = 0
    gained = w.total(tally)
    coins = t.coins
    left = coins - d.cost.coins
    lost = w.buy_worth(coins) - (w.buy_worth(left + int(tally.coins)) if buys_left > 0
                                 else 0.0)
    return gained >= lost
