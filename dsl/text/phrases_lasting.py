"""The phrase templates of what lasts beyond a turn (for the rest of the game, until your
next turn) and of exchanging a card (Travellers): marked as in dsl.text.phrases (its own
module: that one is full)."""
from __future__ import annotations

from .phrases import N_

REST_OF_GAME = N_("for the rest of the game, {x}")
REST_START = N_("at the start of each of your turns for the rest of the game: {x}")
REST_UNAFFECTED = N_("for the rest of the game, when another player plays an Attack, it "
                     "doesn't affect you")
REST_UNAFFECTED_AND = N_("for the rest of the game, when another player plays an Attack, "
                         "it doesn't affect you, and {x}")         # Champion
UNTIL_NEXT_TURN = N_("until your next turn, {x}")
STAYS_IN_PLAY = N_("(This stays in play.)")
HE_DOES = N_("he {x}")                 # the body of an ability heard of another player
EXCHANGE = (N_("exchange {what} for {card}"), N_("exchanges {what} for {card}"))
