"""The English templates (msgids) of a player's own tokens and of Inheritance: moved to a
pile, put on the deck, taken, turned over; the facts that read them. Marked like those of
phrases.py (N_, ngettext), and listed in template_notes.SOURCES and babel.cfg."""
from __future__ import annotations

from .phrases import N_


# (you, he): `move your KIND token to a pile where COND` and the others
MOVE_OWN_TOKEN = (N_("move your {kind} token to {piles}"),
                  N_("moves his {kind} token to {piles}"))
PUT_OWN_TOKEN = (N_("put your {kind} token on your deck"),
                 N_("puts his {kind} token on his deck"))
TAKE_OWN_TOKEN = (N_("take your {kind} token"), N_("takes his {kind} token"))
TURN_OWN_TOKEN = (N_("turn your {kind} token over"), N_("turns his {kind} token over"))
OWN_ANY_PILE = N_("a Supply pile")
# Teacher: "your +1 Card, +1 Action, +1 Buy, or +$1 token" (the kinds of a `choose one`)
OWN_KINDS_OR = N_("{a}, or {b}")
OWN_PILE_OF = N_("the pile of {card}")
OWN_KIND_PILE = N_("a {kind} Supply pile")
OWN_NO_TOKENS = N_("{piles} you have no tokens on")
# `your estate cards inherit SPEC`: {what} the Supply card, {cards} the player's cards
INHERIT = (N_("set aside {what}. For the rest of the game, your {cards} have its "
              "abilities and types"),
           N_("sets aside {what}. For the rest of the game, his {cards} have its "
              "abilities and types"))
# `face_up(journey)`, `your_tokens(it)`
FACE_UP = N_("your {kind} token is face up")
TOKEN_OUT = N_("your {kind} token is out")
FACE_DOWN = N_("your {kind} token is face down")
TOKEN_NOT_OUT = N_("your {kind} token is not out")
OWN_ITS_PILE = N_("its pile")
YOUR_TOKENS_ON = N_("the number of your tokens on its pile")
