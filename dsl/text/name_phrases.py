"""The phrase templates of cards' names compared (as dsl/text/phrases.py, whose tables they
extend; kept apart for its size): differently named cards (`distinct`), duplicates of a card
in a zone, the named card (`name != named`); and a count of cards given by an expression
("a number of cards equal to ..."). Marked with `N_`/`ngettext` as the card phrases are."""
from __future__ import annotations

from .phrases import N_, ngettext

# `distinct(X)`: {cards} is the noun of X ("card you have in play", "Treasure cards in the
# trash"); the plural form agrees with the noun
DISTINCT_CARDS = ngettext("differently named {cards}", "differently named {cards}")
# `distinct(X)` of cards a name stands for: "the differently named cards among the revealed
# cards"
DISTINCT_AMONG = N_("the differently named cards among {them}")
# a choice among `distinct(X)` (Pilgrimage): "up to 3 cards you have in play with different
# names"
DISTINCT_CHOICE = N_("{what} with different names")
# `each card in X { gain copy of it }` of cards a name stands for: "gain a copy of each of them"
GAIN_COPY_OF_EACH = N_("gain a copy of each of them")
# `count(distinct(hand)) = count(hand)` (Menagerie) and its negation; {cards}: "cards in
# your hand"
NO_DUPLICATES = N_("there are no duplicates among the {cards}")
SOME_DUPLICATES = N_("there are duplicates among the {cards}")
# `count(hand where name = name(it)) = 0`: (is not, is) a duplicate of one of the cards
DUPLICATE_OF = (N_("{it} isn't a duplicate of one of the {cards}"),
                N_("{it} is a duplicate of one of the {cards}"))
# `reveal until count(revealed) >= 1 and count(hand where name = name(it)) = 0`
REVEAL_UNTIL_NOT_DUPLICATE = (
    N_("reveal cards from your deck until you reveal a card that isn't a duplicate of one of "
       "the {cards}"),
    N_("reveals cards from the top of his deck until revealing a card that isn't a duplicate "
       "of one of the {cards}"))
# `reveal until count(revealed where name != named) >= 3` (the named card of `name a card`)
REVEAL_UNTIL_NAMED = {
    "!=": ngettext("reveal cards from your deck until you reveal {n} card that is not the "
                   "named card",
                   "reveal cards from your deck until you reveal {n} cards that are not the "
                   "named card"),
    "=": ngettext("reveal cards from your deck until you reveal {n} copy of the named card",
                  "reveal cards from your deck until you reveal {n} copies of the named card")}
# `revealed where name != named`: the revealed cards that are not the named card
THE_REVEALED_NOT_NAMED = N_("the revealed cards other than the named card")
# `look at top coins_cost(x)`: a number of cards said by an expression
REVEAL_TOP_EXPR = {
    "reveal": (N_("reveal a number of cards from the top of your deck equal to {amount}"),
               N_("reveals a number of cards from the top of his deck equal to {amount}")),
    "look": (N_("look at a number of cards from the top of your deck equal to {amount}"),
             N_("looks at a number of cards from the top of his deck equal to {amount}"))}
# `coins_cost(x)` of a card a name stands for: "the cost in $ of the trashed card"
COINS_COST_OF_X = N_("the cost in $ of {it}")
# `vp: 2 * (count(X) / 5)` (Fairgrounds): "worth 2 VP for every 5 differently named cards
# in your deck (rounded down)"; the plural form agrees with {n}
VP_K_PER = ngettext("worth {k} VP for every {n} {cards} (rounded down)",
                    "worth {k} VP for every {n} {cards} (rounded down)")
