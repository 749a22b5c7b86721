"""Phrase templates of amounts and the turn's counters (as dsl/text/phrases.py, whose
tables they extend; kept apart for its size): what an overpay or a payment of tokens
leads to, and a bonus per unused Action, per Buy or per $1 the player has."""
from __future__ import annotations

from .phrases import N_

# `repeat paid { gain silver }` of `overpay as paid`: "gain a Silver per $1 you overpaid"
GAIN_PER_PAID = N_("gain a {card} per {per}")
# `repeat paid { ... }`: "for each $1 you overpaid, look at the top card of your deck"
FOR_EACH_PAID = N_("for each {per}, {x}")
# a turn's counter read by a card (`+$(actions)`): "+$1 per unused Action you have"
PER_COUNTER = {"actions": N_("unused Action you have"), "buys": N_("Buy you have"),
               "coins": N_("$1 you have")}
# a Treasure's bonus per counter (Diadem): "when you play this, +$1 per unused Action you have"
TREASURE_PLUS_PER = N_("when you play this, +$1 per {per}")
# `pay up to tokens(coffers) coffers tokens` (Butcher): "you may pay any number of Coin tokens"
PAY_ANY_TOKENS = N_("you may pay any number of {kind} tokens")
