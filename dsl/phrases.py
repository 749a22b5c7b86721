"""The phrase templates of card text: one English msgid (with named placeholders) per
construct of the language, marked with `N_` (one form) or `ngettext` (singular and plural)
so that `pybabel extract` finds them; dsl.render looks them up in the locale's catalog."""
from __future__ import annotations

DIVIDER = "———"
TEMPLATES: list = []          # every msgid (str) or (singular, plural), in source order


def N_(msgid: str) -> str:
    """Mark a one-form template for extraction; the lookup happens at render time."""
    TEMPLATES.append(msgid)
    return msgid


def ngettext(singular: str, plural: str) -> tuple:
    """Mark a plural template for extraction (pybabel's default `ngettext` keyword)."""
    TEMPLATES.append((singular, plural))
    return singular, plural


# ---- templates -----------------------------------------------------------------------------
BONUS = {
    "cards": ngettext("+{n} Card", "+{n} Cards"),
    "actions": ngettext("+{n} Action", "+{n} Actions"),
    "buys": ngettext("+{n} Buy", "+{n} Buys"),
    "potions": ngettext("+{n} Potion", "+{n} Potions"),
}
COINS = N_("+${n}")
TREASURE_COINS = N_("${n}")
BONUS_PER = {
    "cards": N_("+1 Card per {per}"),
    "actions": N_("+1 Action per {per}"),
    "buys": N_("+1 Buy per {per}"),
    "potions": N_("+1 Potion per {per}"),
    "coins": N_("+$1 per {per}"),
}
TREASURE_PER = N_("worth $1 per {per}")
BONUS_EXPR = N_("+{amount} {counter}")
COUNTER_WORDS = {"cards": N_("Cards"), "actions": N_("Actions"), "buys": N_("Buys"),
                 "potions": N_("Potions"), "coins": N_("coins")}
DRAWS = ngettext("draws a card", "draws {n} cards")
OTHER_BONUS = N_("gets {bonus}")
VP = ngettext("{n} VP", "{n} VP")
VP_PER = N_("worth 1 VP for every {n} {cards} (rounded down)")
VP_EXPR = N_("worth as many VP as {amount}")

# noun phrases of cards: count + kind
A_CARD, A_KIND = N_("a card"), N_("a {kind} card")
N_CARDS, N_KIND = ngettext("{n} card", "{n} cards"), ngettext("{n} {kind} card", "{n} {kind} cards")
UP_TO, UP_TO_KIND = (ngettext("up to {n} card", "up to {n} cards"),
                     ngettext("up to {n} {kind} card", "up to {n} {kind} cards"))
ANY, ANY_KIND = N_("any number of cards"), N_("any number of {kind} cards")
ALL, ALL_KIND = N_("all cards"), N_("all {kind} cards")
EXPR_CARDS = N_("{amount} cards")
CARD_WORD = ngettext("card", "cards")
KIND_WORD = ngettext("{kind} card", "{kind} cards")
NAMED = N_("a {card}")
NAMED_N = ngettext("{n} {card} card", "{n} {card} cards")
NON = N_("non-{kind}")
OR = N_("{a} or {b}")
AND = N_("{a} and {b}")
OTHER_THAN = N_("non-{b} {a}")
LIST_SEP = N_(", ")
OPTIONS_SEP = N_("; or ")

# where cards are
ZONES = {
    "hand": N_("{cards} in your hand"), "deck": N_("{cards} in your deck"),
    "discard": N_("{cards} in your discard pile"), "in_play": N_("{cards} you have in play"),
    "all_cards": N_("{cards} in your deck"), "trash": N_("{cards} in the trash"),
    "revealed": N_("revealed {cards}"), "set_aside": N_("set-aside {cards}"),
}
DECK_AND_DISCARD = N_("{cards} in your deck and discard pile")
FROM = {
    "hand": N_("{what} from your hand"), "deck": N_("{what} from your deck"),
    "discard": N_("{what} from your discard pile"), "in_play": N_("{what} you have in play"),
    "revealed": N_("{what} from the revealed cards"), "trash": N_("{what} from the trash"),
    "set_aside": N_("{what} from the set-aside cards"),
}
FROM_HE = {"hand": N_("{what} from his hand"), "deck": N_("{what} from his deck"),
           "discard": N_("{what} from his discard pile"),
           "in_play": N_("{what} he has in play")}
IN_HAND = N_("{what} in your hand")
FROM_BOUND = N_("{what} from {them}")
ANY_OF = N_("any number of {them}")
# the cards a name stands for
THE = {
    "hand": N_("your hand"), "deck": N_("your deck"), "discard": N_("your discard pile"),
    "in_play": N_("the cards you have in play"), "revealed": N_("the revealed cards"),
    "set_aside": N_("the set-aside cards"), "trash": N_("the trash"),
    "all_cards": N_("all your cards"),
}
THE_OTHER_REVEALED = N_("the other revealed cards")
THE_REVEALED_KIND = N_("the revealed {kind} cards")
THE_KIND = N_("the {kind} cards among {them}")
THIS, THIS_FROM_HAND, IT, THEM = N_("this"), N_("this from your hand"), N_("it"), N_("them")
THIS_CARD = N_("this card")
BOUND_ONE = {"trash": N_("the trashed card"), "discard": N_("the discarded card"),
             "reveal": N_("the revealed card"), "choose": N_("the chosen card"),
             "set_aside": N_("the set-aside card"), "gain": N_("the gained card")}
BOUND_MANY = {"trash": N_("the trashed cards"), "discard": N_("the discarded cards"),
              "reveal": N_("the revealed cards"), "choose": N_("the chosen cards"),
              "set_aside": N_("the set-aside cards"), "gain": N_("the gained cards")}
PER_BOUND = {"trash": N_("card trashed"), "discard": N_("card discarded"),
             "reveal": N_("card revealed"), "choose": N_("card chosen"),
             "set_aside": N_("card set aside"), "gain": N_("card gained")}
PER_COST = N_("$1 {it} costs")
PER_N = N_("{n} {cards}")
ROUNDED_DOWN = N_("{x} (rounded down)")

# verbs: (you, he)
VERB = {
    "trash": (N_("trash {what}"), N_("trashes {what}")),
    "discard": (N_("discard {what}"), N_("discards {what}")),
    "reveal": (N_("reveal {what}"), N_("reveals {what}")),
    "choose": (N_("choose {what}"), N_("chooses {what}")),
    "set_aside": (N_("set {what} aside"), N_("sets {what} aside")),
    "gain": (N_("gain {what}"), N_("gains {what}")),
    "play": (N_("play {what}"), N_("plays {what}")),
}
CHOSEN_BY_YOU = N_("{what} that you choose")
DISCARD_DOWN = (N_("discard down to {n} cards in your hand"),
                N_("discards down to {n} cards in his hand"))
PUT = {
    "hand": (N_("put {what} into your hand"), N_("puts {what} into his hand")),
    "deck": (N_("put {what} on top of your deck"), N_("puts {what} on top of his deck")),
    "discard": (N_("put {what} into your discard pile"),
                N_("puts {what} into his discard pile")),
}
PUT_BACK = (N_("put {what} back"), N_("puts {what} back"))
PUT_BACK_TOP = (N_("put {what} back on top of your deck"),
                N_("puts {what} back on top of his deck"))
IN_ANY_ORDER = N_("{x} in any order")
GAIN_DEST = {"hand": N_("{x}, putting it into your hand"),
             "deck": N_("{x}, putting it on your deck")}
GAIN_COUNT = ngettext("gain a number of {card} cards equal to {amount}",
                      "gain a number of {card} cards equal to {amount}")
COSTING = {"up_to": N_("{what} costing up to {cost}"), "exactly": N_("{what} costing exactly {cost}"),
           "less_than": N_("{what} costing less than {cost}")}
THAT_IS = N_("{what} that is {cond}")
COST_MORE = N_("${n} more than {x}")
COST_LESS = N_("${n} less than {x}")
PLAY_TIMES = ngettext("{play} {n} time", "{play} {n} times")
PLAY_TWICE = N_("{play} twice")
PLAY_ANY_ORDER = N_("{play} in either order")
REVEAL_TOP = {("reveal", 1): (N_("reveal the top card of your deck"),
                              N_("reveals the top card of his deck")),
              ("look", 1): (N_("look at the top card of your deck"),
                            N_("looks at the top card of his deck"))}
REVEAL_TOP_N = {"reveal": (ngettext("reveal the top {n} card of your deck",
                                    "reveal the top {n} cards of your deck"),
                           ngettext("reveals the top {n} card of his deck",
                                    "reveals the top {n} cards of his deck")),
                "look": (ngettext("look at the top {n} card of your deck",
                                  "look at the top {n} cards of your deck"),
                         ngettext("looks at the top {n} card of his deck",
                                  "looks at the top {n} cards of his deck"))}
REVEAL_UNTIL = ngettext("reveal cards from your deck until you reveal {n} {kind} card",
                        "reveal cards from your deck until you reveal {n} {kind} cards")
REVEAL_UNTIL_ANY = N_("reveal cards from your deck until {cond}")
DRAW_UNTIL = N_("draw until you have {n} cards in hand")
DRAW_UNTIL_ANY = N_("draw until {cond}")
AS_YOU_DRAW = N_("{draw}; as you draw each card, {body}")
SHUFFLE_INTO = N_("shuffle {what} into your deck")
IF = N_("if {cond}, {then}")
IF_HE = N_("if {cond}, he {then}")
IF_YOU_DO = N_("if you do, {then}")
OTHERWISE = N_("{x}; otherwise, {y}")
WORTH_IF = N_("worth ${a} if {cond}, otherwise worth ${b}")
MAY = (N_("you may {x}"), N_("he may {x}"))
MAY_IF_YOU_DO = (N_("you may {x}. If you do, {y}"), N_("he may {x}. If he does, {y}"))
EACH_OTHER = N_("each other player {x}")
EACH = N_("each player (including you) {x}")
CHOOSE_ONE = (N_("choose one: {x}"), N_("either {x}"))
CHOOSE_ONE_YOURS = (N_("choose one: {x}"), N_("either {x}, your choice"))
EITHER_ORDER = N_("{x}, in either order")
GAIN_EITHER_ORDER = N_("gain {x}, in either order, putting them on your deck")
REPEAT = N_("{amount} times: {x}")
AS_YOU = N_("you {x}")
INSTEAD = N_("instead, {x}")
UNAFFECTED = N_("you are unaffected by that Attack")
LATER_CLEANUP = N_("at the start of Clean-up this turn, {x}")
LATER_EVENT = N_("if {card} {event} this turn, {x}")
THEN = N_("{a}, then {b}")
EXTRA_TURN = N_("the player to your left takes an extra turn after this one")
EXTRA_CONTROLLED = N_("in which you make all decisions for him")
EXTRA_GAINS = N_("any cards he would gain on that turn, you gain instead")
EXTRA_TRASH = N_("any cards of his that are trashed are set aside and returned to his "
                 "discard pile at end of turn")
PLAY_THIS = N_("when you play this, {x}")
BUY_OR_PLAY = N_("when you buy this or play it, {x}")
MODIFIER_LESS = N_("while this is in play, {cards} cost ${n} less, but not less than $0")
MODIFIER_MORE = N_("while this is in play, {cards} cost ${n} more")
CARDS_PLURAL = N_("cards")
KIND_PLURAL = N_("{kind} cards")

# conditions
COND = {
    "first_play": N_("this is the first time you played a {card} this turn"),
    "played": N_("you have played {card} {op} {n} times this turn"),
    "has_potion": N_("{it} has a Potion in its cost"),
    "have_in": N_("you have a {kind} card in play"),
    "none_among": N_("there are no {kind} cards among {them}"),
    "some_among": N_("there is a {kind} card among {them}"),
    "it_is": N_("{it} is {pred}"),
    "it_is_not": N_("{it} is not {pred}"),
    "not": N_("not {x}"),
    "cmp": N_("{a} {op} {b}"),
}
OPS = {"=": N_("is"), "!=": N_("is not"), "<": N_("is less than"), "<=": N_("is at most"),
       ">": N_("is more than"), ">=": N_("is at least")}
NUMBER_OF = N_("the number of {cards}")
COST_OF = N_("the cost of {x}")
COINS_COST_OF = N_("its cost in coins")
POTION_COST_OF = N_("the Potions in its cost")
ARITH = {"+": N_("{a} plus {b}"), "-": N_("{a} minus {b}"), "*": N_("{a} times {b}"),
         "/": N_("{a} divided by {b} (rounded down)")}
FACT = N_("the value of {name}")

# events of triggers: (you, another player, any player)
EVENT = {
    "play": (N_("when you play {what}, {x}"), N_("when another player plays {what}, {x}"),
             N_("when any player plays {what}, {x}")),
    "gain": (N_("when you gain {what}, {x}"), N_("when another player gains {what}, {x}"),
             N_("when any player gains {what}, {x}")),
    "would_gain": (N_("when you would gain {what}, {x}"),
                   N_("when another player would gain {what}, {x}"),
                   N_("when any player would gain {what}, {x}")),
    "buy": (N_("when you buy {what}, {x}"), N_("when another player buys {what}, {x}"),
            N_("when any player buys {what}, {x}")),
    "trash": (N_("when you trash {what}, {x}"), N_("when another player trashes {what}, {x}"),
              N_("when any player trashes {what}, {x}")),
    "discard": (N_("when you discard {what} other than during a Clean-up phase, {x}"),
                N_("when another player discards {what} other than during Clean-up, {x}"),
                N_("when any player discards {what} other than during Clean-up, {x}")),
    "discard_from_play": (N_("when you discard {what} from play, {x}"),
                          N_("when another player discards {what} from play, {x}"),
                          N_("when any player discards {what} from play, {x}")),
    "attack": (N_("when you play an Attack card, {x}"),
               N_("when another player plays an Attack card, {x}"),
               N_("when any player plays an Attack card, {x}")),
    "cleanup_start": (N_("at the start of your Clean-up, {x}"),
                      N_("at the start of another player's Clean-up, {x}"),
                      N_("at the start of any Clean-up, {x}")),
}
WHILE_IN_PLAY = N_("while this is in play, {x}")
IN_GAMES_USING = N_("in games using this, {x}")
WHEN_THIS = N_("this")
LATER_VERBS = {"discard_from_play": N_("is discarded from play"), "gain": N_("is gained"),
               "trash": N_("is trashed"), "discard": N_("is discarded"),
               "play": N_("is played"), "buy": N_("is bought")}
LATER_DISCARD_YOU = N_("if you discard {card} from play this turn, {x}")
