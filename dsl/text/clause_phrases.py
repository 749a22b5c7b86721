"""Phrase templates of clauses (as dsl/text/phrases.py, whose tables they extend; kept apart
for its size): another player's `reveal until`, a choice between his doing a thing and your
doing it, several cards gained each at a cost, a block done twice or for each card, a card's
cost in a condition, the first buy of a turn. Marked with `N_`/`ngettext` as the card
phrases are."""
from __future__ import annotations

from .phrases import N_, ngettext

# `each other player { reveal until count(revealed where victory) >= 1 }`
REVEAL_UNTIL_HE = ngettext("reveals cards from the top of his deck until he reveals a {kind} "
                           "card",
                           "reveals cards from the top of his deck until he reveals {n} {kind} "
                           "cards")
# `choose one by you { gain copy of x } or { you: gain copy of x }` in another player's
# block (Jester): {x} is his clause, "gains a copy of it"
EITHER_HE_OR_YOU = N_("either he {x} or you do, your choice")
# two identical gains: "gain 2 cards each costing up to $4" ({what}: "2 cards")
EACH_COSTING = {"up_to": N_("{what} each costing up to {cost}"),
                "exactly": N_("{what} each costing exactly {cost}"),
                "less_than": N_("{what} each costing less than {cost}")}
# `repeat 2 { ... }`: "do this twice: trash a card from your hand ..."
DO_TWICE = N_("do this twice: {x}")
DO_TIMES = ngettext("do this {n} time: {x}", "do this {n} times: {x}")
# `if cost(x) >= $3 and cost(x) <= $4`: "if it costs from $3 to $4"
IT_COSTS = {">=": N_("{it} costs {cost} or more"), "<=": N_("{it} costs up to {cost}"),
            "=": N_("{it} costs exactly {cost}"), ">": N_("{it} costs more than {cost}"),
            "<": N_("{it} costs less than {cost}"), "from_to": N_("{it} costs {cost}")}
# `if buys_made = 1` (Messenger, when bought): "if this is your first buy this turn"
FIRST_BUY = N_("this is your first buy this turn")
# `if not x` of a variable every (other) player bound (Tournament's revealed Provinces):
# (anyone, anyone else)
IF_NO_ONE = (N_("if no one did, {then}"), N_("if no one else did, {then}"))
# a modifier `cost: -count(in_play where this)` (Bridge Troll): costs change for the player
# whose turn it is while this copy is in his play, "on your turn"
COST_CHANGE_YOUR_TURN = {-1: N_("{cards} cost ${n} less on your turn, but not less than $0"),
                         1: N_("{cards} cost ${n} more on your turn")}
# `+(coins) cards` then `-$(coins)` (Storyteller): "pay all of your $. +1 Card per $1 paid"
PAY_ALL_FOR_CARDS = N_("pay all of your $. +1 Card per $1 paid")
# several of the cards just looked at (`look at top 5 as x`, `discard 3 cards from x`)
N_OF_THEM = ngettext("{n} of them", "{n} of them")
