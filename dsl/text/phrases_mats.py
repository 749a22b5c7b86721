"""The phrase templates of mats, calls and the turn's moments (issue 31): Reserve cards put
on the Tavern mat and called from it, the Clean-up's extra cards, the end of the turn after
drawing, an extra turn without buying cards. Marked as in dsl/text/phrases.py."""
from __future__ import annotations

from .phrases import N_, ngettext

PUT_THIS_MAT = (N_("put this on your {mat} mat"), N_("puts this on his {mat} mat"))
# a Treasure's, after "when you play this, ": Coin of the Realm
PUT_IT_MAT = (N_("put it on your {mat} mat"), N_("puts it on his {mat} mat"))
# cards other than this put on a set's shared mat (Miser: "put a Copper from your hand onto
# your Tavern mat"); a card's own mat (Island) is "set aside ... on your Island mat"
PUT_ONTO_MAT = (N_("put {what} onto your {mat} mat"), N_("puts {what} onto his {mat} mat"))
CALL_THIS = (N_("call this"), N_("calls this"))
MAY_CALL_FOR = (N_("you may call this for {x}"), N_("he may call this for {x}"))
MAY_CALL_TO = (N_("you may call this, to {x}"), N_("he may call this, to {x}"))
# a trigger heard from a mat, by event: (you, another player, any player)
MAT_EVENT = {
    "turn_start": (N_("at the start of your turn, {x}"),
                   N_("at the start of another player's turn, {x}"),
                   N_("at the start of each turn, {x}")),
    "action_resolved": (N_("directly after resolving an Action, {x}"),
                        N_("directly after another player resolves an Action, {x}"),
                        N_("directly after any player resolves an Action, {x}")),
    "buy_end": (N_("at the end of your Buy phase, {x}"),
                N_("at the end of another player's Buy phase, {x}"),
                N_("at the end of each Buy phase, {x}")),
}
IN_ZONE = {"in_play": (N_("{it} is still in play"), N_("{it} is not in play")),
           "hand": (N_("{it} is still in your hand"), N_("{it} is not in your hand")),
           "deck": (N_("{it} is in your deck"), N_("{it} is not in your deck")),
           "discard": (N_("{it} is in your discard pile"), N_("{it} is not in your discard pile")),
           "set_aside": (N_("{it} is still set aside"), N_("{it} is not set aside")),
           "revealed": (N_("{it} is still revealed"), N_("{it} is not revealed")),
           "trash": (N_("{it} is in the trash"), N_("{it} is not in the trash"))}
ON_MAT_IS = (N_("{it} is on your {mat} mat"), N_("{it} is not on your {mat} mat"))
CLEANUP_MORE = ngettext("draw {n} extra card for your next hand",
                        "draw {n} extra cards for your next hand")
CLEANUP_MORE_EXPR = N_("draw extra cards for your next hand: {n}")
AFTER_CLEANUP = N_("at the end of this turn (after drawing), {x}")
EXTRA_TURN_NO_BUYS = N_("take an extra turn after this one, in which you can't buy cards")
PREVIOUS_TURN = (N_("the previous turn wasn't yours"), N_("the previous turn was yours"))
TURNS_IN_A_ROW = N_("the number of turns in a row you have taken")
COINS_AT_LEAST = N_("you have at least ${n} unspent")
VP_ON_MAT = ngettext("worth {n} VP if on your {mat} mat at the end of the game",
                     "worth {n} VP if on your {mat} mat at the end of the game")
