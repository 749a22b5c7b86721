"""The phrase templates of card text: one English msgid (with named placeholders) per
construct of the language, marked with `N_` (one form) or `ngettext` (singular and plural)
so that `pybabel extract` finds them; dsl.text.render looks them up in the locale's catalog."""
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
TREASURE_PER = N_("when you play this, it's worth $1 per {per}")
BONUS_EXPR = N_("+{amount} {counter}")
BONUS_EQUAL = {"cards": N_("+Cards equal to {amount}"), "actions": N_("+Actions equal to {amount}"),
               "buys": N_("+Buys equal to {amount}"), "potions": N_("+Potions equal to {amount}"),
               "coins": N_("+$ equal to {amount}")}
COUNTER_WORDS = {"cards": N_("Cards"), "actions": N_("Actions"), "buys": N_("Buys"),
                 "potions": N_("Potions"), "coins": N_("coins")}
LOSE_COINS = N_("-${n}, to a minimum of $0")
LOSE_COINS_PER = N_("-$1 per {per}, to a minimum of $0")
LOSE_COINS_EXPR = N_("-$ equal to {amount}, to a minimum of $0")
DRAWS = ngettext("draws a card", "draws {n} cards")
OTHER_BONUS = N_("gets {bonus}")
VP = ngettext("{n} VP", "{n} VP")
VP_PER = ngettext("worth 1 VP for every {n} {cards} (rounded down)",
                  "worth 1 VP for every {n} {cards} (rounded down)")   # plural: by {n}
VP_EXPR = N_("worth as many VP as {amount}")
# noun phrases of cards: count + kind
A_CARD, A_KIND = N_("a card"), N_("a {kind} card")
ANOTHER_KIND = N_("another {kind} card")
ANOTHER_CARD = N_("another card")
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
NAMED_FROM_PILE = N_("a {card} from the {card} pile")       # a card not in the Supply
NAMED_N_FROM_PILE = ngettext("{n} {card} card from the {card} pile",
                             "{n} {card} cards from the {card} pile")
NON = N_("non-{kind}")
# a card's name where a kind of card stands ("an Estate card"): templates of their own, so
# that a language can make the name the noun ("2 Silvers") and not a card type
KIND_NAMED = {"one": N_("a {card} card"), "any": N_("any number of {card} cards"),
              "all": N_("all {card} cards"),
              "up_to": ngettext("up to {n} {card} card", "up to {n} {card} cards"),
              "word": ngettext("{card} card", "{card} cards"), "non": N_("non-{card}")}
OTHER_ADJ = N_("other")
OTHER_KIND_ADJ = N_("other {kind}")
OR = N_("{a} or {b}")
AND = N_("{a} and {b}")
AND_LAST = N_("{a}, and {b}")          # the last of three or more
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
IN_HAND_HE = N_("{what} in his hand")
FROM_BOUND = N_("{what} from {them}")
FROM_EITHER = N_("{what} from {a} or {b}")          # one choice from either of two zones
FROM_IT = N_("{what} from it")                     # from the discard pile looked through
LOOK_THROUGH = N_("look through your discard pile and {x}")
ANY_OF = N_("any number of {them}")
ANY_OF_THEM = N_("any number of them")             # of the cards just revealed
# the cards a name stands for
THE = {
    "hand": N_("your hand"), "deck": N_("your deck"), "discard": N_("your discard pile"),
    "in_play": N_("the cards you have in play"), "revealed": N_("the revealed cards"),
    "set_aside": N_("the set-aside cards"), "trash": N_("the trash"),
    "all_cards": N_("all your cards"),
}
THE_HE = {"hand": N_("his hand"), "deck": N_("his deck"), "discard": N_("his discard pile")}
THE_OTHER_REVEALED = N_("the rest")
THE_OTHER_CARDS = N_("the other cards")
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
             "set_aside": N_("card set aside"), "gain": N_("card gained"),
             "overpay": N_("$1 you overpaid"), "pay": N_("token removed")}
# `overpay as X`, `pay [up to] N KIND tokens as X`: the clause, and what X reads as
OVERPAY = N_("you may overpay for it")
PAY_TOKENS = {True: N_("you may remove up to {n} {kind} tokens"),
              False: N_("remove {n} {kind} tokens")}
NUMBER_BOUND = {"overpay": N_("the amount you overpaid"), "pay": N_("the number of tokens removed")}
PER_COST = N_("$1 {it} costs")
PER_N = ngettext("{n} {cards}", "{n} {cards}")      # plural: the noun agrees with {n}
ROUNDED_DOWN = N_("{x} (rounded down)")
COUNTING_THIS = N_("{x} (counting this)")
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
                N_("discards down to {n} cards in hand"))
PUT = {
    "hand": (N_("put {what} into your hand"), N_("puts {what} into his hand"),
             N_("put {what} into his hand")),
    "deck": (N_("put {what} on top of your deck"), N_("puts {what} on top of his deck"),
             N_("put {what} on top of his deck")),
    "discard": (N_("put {what} into your discard pile"),
                N_("puts {what} into his discard pile"), N_("put {what} into his discard pile")),
}
PUT_DOWN_TO = (N_("put cards from your hand on top of your deck until you have {n} cards in "
                  "your hand"),
               N_("puts cards from his hand on top of his deck until he has {n} cards in his "
                  "hand"))
EACH_OTHER_WITH = N_("each other player with {n} or more cards in hand {x}")
EACH_PASSES = N_("each player passes {what} to {player}")
VERB_TOP = {"trash": (N_("trash the top card of your deck"), N_("trashes the top card of his deck")),
            "discard": (N_("discard the top card of your deck"),
                        N_("discards the top card of his deck"))}
THAT_CARD = N_("that card")
ONE_OF_THEM = N_("one of them")
THE_OTHER_ONE = N_("the other one")
SAME_COST = N_("{what} with the same cost")
IF_NOT_DONE = (N_("if you don't, {then}"), N_("if he doesn't, he {then}"))
IF_ANYONE = N_("if anyone did, {then}")
HAVE_NONE_IN_HAND = N_("you have no {kind} cards in hand")
NONE_REVEALED = (N_("you didn't reveal a {kind} card"), N_("he didn't reveal a {kind} card"))
GAIN_PER = N_("gain a {card} card per {per}")
TOKEN_ON_ITS_PILE = N_("{kind} token on its pile")
PRODUCES_EXTRA = N_("{card} produces an extra ${n} this turn")
VP_PER_CARD = N_("worth 1 VP per {kind} you have")
NOW_AND_NEXT = N_("now and at the start of your next turn: {x}")
MAT_REMINDER = N_("return the cards on your {mat} mat to your deck at the end of the game")
SET_ASIDE_ON_MAT = (N_("set aside {what} on your {mat} mat"),
                    N_("sets aside {what} on his {mat} mat"))
THE_TOP_CARD = N_("the top card of your deck")
OR_REVEAL_HAND = (N_("{x} (or reveal a hand with no {kind})"),
                  N_("{x} (or reveals a hand with no {kind})"))
A_REVEALED = N_("a revealed {kind}")
ANOTHER_COPY = N_("another copy of {card}")
SET_ASIDE_LONG = (N_("set aside {what}"), N_("sets aside {what}"))
REVEAL_THEN_DISCARD = (ngettext("reveal then discard the top {n} card of your deck",
                                "reveal then discard the top {n} cards of your deck"),
                       ngettext("reveals then discards the top {n} card of his deck",
                                "reveals then discards the top {n} cards of his deck"))
IF_IT_IS_LIST = N_("if {it} is {first}; {rest}")
KIND_THEN = N_("{kind} card, {then}")
THEN_CLAUSE = N_("{kind}, {then}")
PUT_BACK = (N_("put {what} back"), N_("puts {what} back"))
PUT_BACK_TOP = (N_("put {what} back on top of your deck"),
                N_("puts {what} back on top of his deck"))
IN_ANY_ORDER = N_("{x} in any order")
GAIN_DEST = {"hand": (N_("{x}, putting it into your hand"), N_("{x}, putting it into his hand")),
             "deck": (N_("{x}, putting it on top of your deck"), N_("{x}, putting it on top of his deck"))}
GAIN_ONE_ON_DECK = N_("{x}, putting one on top of your deck")    # 2 gained, 1 on the deck
GAIN_DEST_MANY = {"hand": N_("{x}, putting them into your hand"),
                  "deck": N_("{x}, putting them on top of your deck")}
GAIN_COUNT = ngettext("gain a number of {card} cards equal to {amount}",
                      "gain a number of {card} cards equal to {amount}")
COSTING = {"up_to": N_("{what} costing up to {cost}"), "exactly": N_("{what} costing exactly {cost}"),
           "less_than": N_("{what} costing less than {cost}")}
THAT_IS = N_("{what} that is {cond}")
COST_MORE = N_("${n} more than {x}")
COST_LESS = N_("${n} less than {x}")
COINS_PER = N_("$1 per {per}")
COINS_EQUAL = N_("$ equal to {amount}")
PLAY_TIMES = ngettext("{play} {n} time", "{play} {n} times")
PLAY_TWICE = N_("{play} twice")
PLAY_ANY_ORDER = N_("{play} in either order")
PLAY_AS = (N_("play {card} as if it were {what} that you choose. It is that card until it "
              "leaves play"),
           N_("plays {card} as if it were {what} that he chooses. It is that card until it "
              "leaves play"))
IN_SUPPLY = N_("{what} in the Supply")
REVEAL_TOP = {("reveal", 1): (N_("reveal the top card of your deck"),
                              N_("reveals the top card of his deck"),
                              N_("reveal the top card of his deck")),
              ("look", 1): (N_("look at the top card of your deck"),
                            N_("looks at the top card of his deck"),
                            N_("look at the top card of his deck"))}
REVEAL_TOP_N = {"reveal": (ngettext("reveal the top {n} card of your deck",
                                    "reveal the top {n} cards of your deck"),
                           ngettext("reveals the top {n} card of his deck",
                                    "reveals the top {n} cards of his deck")),
                "look": (ngettext("look at the top {n} card of your deck",
                                  "look at the top {n} cards of your deck"),
                         ngettext("looks at the top {n} card of his deck",
                                  "looks at the top {n} cards of his deck"))}
REVEAL_UNTIL = ngettext("reveal cards from your deck until you reveal a {kind} card",
                        "reveal cards from your deck until you reveal {n} {kind} cards")
REVEAL_UNTIL_ANY = N_("reveal cards from your deck until {cond}")
DRAW_UNTIL = N_("draw until you have {n} cards in hand")
DRAW_UNTIL_ANY = N_("draw until {cond}")
AS_YOU_DRAW = N_("{draw}; as you draw each card, {body}")
SET_ASIDE_AS_DRAWN = N_("{draw}. You may set aside any {kind} cards drawn this way, as you "
                        "draw them")
AFTER_DRAWING = N_("{x}; discard {what} after you finish drawing")
SHUFFLE_INTO = N_("shuffle {what} into your deck")
IF = N_("if {cond}, {then}")
IF_HE = N_("if {cond}, he {then}")
IF_YOU_DO = (N_("if you do, {then}"), N_("if he does, he {then}"))
OTHERWISE = N_("{x}; otherwise, {y}")
WORTH_IF = N_("worth ${a} if {cond}, otherwise worth ${b}")
MAY = (N_("you may {x}"), N_("may {x}"), N_("may {x}"))      # he: after "he" or a verb
MAY_IF_YOU_DO = (N_("you may {x}. If you do, {y}"), N_("he may {x}. If he does, {y}"))
EACH_OTHER = N_("each other player {x}")
EACH = N_("each player (including you) {x}")
CHOOSE_ONE = (N_("choose one: {x}"), N_("either {x}"))
CHOOSE_ONE_YOURS = (N_("choose one: {x}"), N_("either {x}, your choice"))
EITHER_ORDER = N_("{x}, in either order")
GAIN_EITHER_ORDER = N_("gain {x}, in either order, putting them on top of your deck")
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
BUY_IF_NOT = N_("you can't buy this if {cond}")
BUY_ONLY_IF = N_("you can buy this only if {cond}")
HAVE_ANY_IN_PLAY = N_("you have any {kind} in play")
CANT_BUY = N_("you can't buy {card} this turn")
CANT_BUY_NAMED = N_("you can't buy that card this turn")
COST_CHANGE = {-1: N_("{cards} cost ${n} less, but not less than $0"),
               1: N_("{cards} cost ${n} more")}
OWN_COST_CHANGE = {-1: N_("this costs ${n} less, but not less than $0"),
                   1: N_("this costs ${n} more")}
COST_CHANGE_PER = {-1: N_("{cards} cost ${n} less per {per}, but not less than $0"),
                   1: N_("{cards} cost ${n} more per {per}")}
OWN_COST_CHANGE_PER = {-1: N_("this costs ${n} less per {per}, but not less than $0"),
                       1: N_("this costs ${n} more per {per}")}
COST_CHANGE_EXPR = N_("{cards} cost {amount} coins more, but not less than $0")
DURING_PHASE = {"buy": N_("during your Buy phase, {x}"),
                "action": N_("during your Action phase, {x}")}
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
    "some_trashed": N_("a {kind} is trashed by this"),
    "none_in": N_("there are no {cards}"),
    "some_in": N_("there are any {cards}"),
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
PHASE_IS = {"action": N_("it is your Action phase"), "buy": N_("it is your Buy phase"),
            "cleanup": N_("it is your Clean-up phase")}
PHASE_IS_NOT = {"action": N_("it is not your Action phase"), "buy": N_("it is not your Buy phase"),
                "cleanup": N_("it is not your Clean-up phase")}
NUMBER_OF_PLAYERS = N_("the number of players")
STARTING_PILE = N_("the number of cards the {card} pile started with")
PILE_SIZE = N_("the number of cards in the {card} pile")
PER_PLAYER = N_("player")
# `sum(x, MEASURE)`: a total over cards
SUM_OF = {"cost": N_("the total cost of {cards}"),
          "coins_cost": N_("the total cost in coins of {cards}"),
          "potion_cost": N_("the total number of Potions in the costs of {cards}"),
          "coins": N_("the total coins {cards} give")}
COSTING_EQUAL = N_("{what} with cost exactly equal to {cost}")
# the facts an effect reads (dsl.language.check FACTS), as noun phrases
FACT_NAMES = {"empty_piles": N_("the number of empty Supply piles"),
              "money": N_("the coins of your Treasures"),
              "gains_to_end": N_("the fewest gains that would end the game"),
              "deck_size": N_("the number of cards you have"),
              "actions": N_("the number of Actions you have"),
              "buys": N_("the number of Buys you have"), "coins": N_("the coins you have")}
FACT_AT_LEAST = {"empty_piles": N_("there are {n} or more empty Supply piles")}

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
NOT_IN_SUPPLY = N_("(This is not in the Supply.)")
IN_GAMES_USING = N_("in games using this, {x}")
WHEN_THIS = N_("this")
LATER_VERBS = {"discard_from_play": N_("is discarded from play"), "gain": N_("is gained"),
               "trash": N_("is trashed"), "discard": N_("is discarded"),
               "play": N_("is played"), "buy": N_("is bought")}
LATER_DISCARD_YOU = N_("if you discard {card} from play this turn, {x}")

# ---- Intrigue, Seaside and the constructs they brought -------------------------------------
CHOOSE_N = {2: (N_("choose two: {x}. (The choices must be different.)"),
                N_("chooses two: {x}. (The choices must be different.)")),
            3: (N_("choose three: {x}. (The choices must be different.)"),
                N_("chooses three: {x}. (The choices must be different.)")),
            4: (N_("choose four: {x}. (The choices must be different.)"),
                N_("chooses four: {x}. (The choices must be different.)"))}
EACH_CARD = N_("for each {what}, {x}")
DIFFERENTLY_NAMED_REVEALED = N_("differently named card revealed")
DIFFERENTLY_NAMED_AMONG = N_("differently named card among {them}")
PLAYER = {"left": (N_("the player to your left"), N_("the player to his left")),
          "right": (N_("the player to your right"), N_("the player to his right"))}
PUT_WHERE = (N_("put {what} {where}"), N_("puts {what} {where}"))
INTO_ZONE_OF = {"hand": N_("into the hand of {player}"),
                "deck": N_("on top of the deck of {player}"),
                "deck_bottom": N_("on the bottom of the deck of {player}"),
                "discard": N_("into the discard pile of {player}")}
PUT_BOTTOM = (N_("put {what} on the bottom of your deck"),
              N_("puts {what} on the bottom of his deck"))
PUT_MAT = (N_("set aside {what} on your {mat} mat"), N_("sets aside {what} on his {mat} mat"))
ON_MAT = N_("{cards} on your {mat} mat")
FROM_MAT = N_("{what} from your {mat} mat")
RETURN = (N_("return {what} to the Supply"), N_("returns {what} to the Supply"))
RETURN_PILE = (N_("return {what} to its pile"), N_("returns {what} to its pile"))
RETURN_OWN_PILE = (N_("return {what} to the {card} pile"), N_("returns {what} to the {card} pile"))
COPY_OF = N_("a copy of {what}")
COPIES_OF = (ngettext("{n} copy of {x}", "{n} copies of {x}"),
             ngettext("up to {n} copy of {x}", "up to {n} copies of {x}"))
COSTING_CMP = {">=": N_("{what} costing {cost} or more"), "<=": N_("{what} costing up to {cost}"),
               "=": N_("{what} costing exactly {cost}"), ">": N_("{what} costing more than {cost}"),
               "<": N_("{what} costing less than {cost}"),
               "from_to": N_("{what} costing {cost}")}
COST_RANGE = N_("from {low} to {high}")
REVEAL_BOTTOM = {"reveal": (N_("reveal the bottom card of your deck"),
                            N_("reveals the bottom card of his deck")),
                 "look": (N_("look at the bottom card of your deck"),
                          N_("looks at the bottom card of his deck"))}
REVEAL_UNTIL_WHAT = (N_("reveal cards from your deck until you reveal {what}"),
                     N_("reveals cards from the top of his deck until revealing {what}"))
NAME_A_CARD = (N_("name a card"), N_("names a card"))
THE_NAMED = N_("the named card")
IS_NAMED = N_("{it} is the named card")
SAME_NAME = N_("{a} has the same name as {b}")
TAKE_TOKENS_EXPR = (N_("take {kind} tokens equal to {amount}"),
                    N_("takes {kind} tokens equal to {amount}"))
VP_TOKENS = ngettext("+{n} {kind} token", "+{n} {kind} tokens")   # the rules' victory token
VP_TOKENS_EXPR = N_("+{kind} tokens equal to {amount}")
TAKE_TOKENS = (ngettext("take a {kind} token", "take {n} {kind} tokens"),
               ngettext("takes a {kind} token", "takes {n} {kind} tokens"))
LOSE_TOKENS = (ngettext("return a {kind} token", "return {n} {kind} tokens"),
               ngettext("returns a {kind} token", "returns {n} {kind} tokens"))
TOKENS_ON_EACH_PILE = ngettext("put a {kind} token on each {piles}",
                               "put {n} {kind} tokens on each {piles}")
KIND_SUPPLY_PILE = N_("{kind} card Supply pile")
SUPPLY_PILE = N_("Supply pile")
MOVE_TOKENS_TO_MAT = ngettext("move a {kind} token from its pile to the {kind} mat",
                              "move up to {n} {kind} tokens from its pile to the {kind} mat")
MOVE_TOKENS_FROM = ngettext("move a {kind} token from the pile of {card} to the {kind} mat",
                            "move up to {n} {kind} tokens from the pile of {card} to the "
                            "{kind} mat")
TOKEN_ON_SHARED_MAT = N_("token on the {kind} mat")
SHARED_TOKENS = N_("the number of tokens on the {kind} mat")
SETUP = N_("setup: {x}")
TOKEN_ON_PILE = (ngettext("put a {kind} token on top of a Supply pile",
                          "put {n} {kind} tokens on top of a Supply pile"),
                 ngettext("puts a {kind} token on top of a Supply pile",
                          "puts {n} {kind} tokens on top of a Supply pile"))
TOKENS_YOU_HAVE = N_("{kind} token you have")
NUMBER_OF_TOKENS = N_("the number of {kind} tokens you have")
PILE_TOKENS = N_("the number of {kind} tokens on its pile")
VP_TOKEN_KIND = N_("VP")
NEXT_TURN = N_("at the start of your next turn, {x}")
NEXT_TURN_BONUSES = N_("at the start of your next turn: {x}")
TURN_COST = {-1: N_("{cards} cost ${n} less this turn, but not less than $0"),
             1: N_("{cards} cost ${n} more this turn")}
ALL_CARDS = N_("all cards (including cards in players' hands)")
TURN_DRAW = N_("you only draw {n} cards (instead of {usual}) in this turn's Clean-up phase")
TURN_DRAW_N = ngettext("you only draw {n} card (instead of {usual}) in this turn's Clean-up phase",
                       "you only draw {n} cards (instead of {usual}) in this turn's Clean-up phase")
EXTRA_TURN_YOU = N_("take an extra turn after this one")
AT_MOST_IN_A_ROW = N_("this can't cause you to take more than {n} consecutive turns")
LATER_WHEN = N_("this turn, {x}")
HISTORY = {"played": N_("{cards} you have played this turn"),
           "gained": N_("{cards} you have gained this turn"),
           "bought": N_("{cards} you have bought this turn"),
           "played_last_turn": N_("{cards} you played on your last turn"),
           "gained_last_turn": N_("{cards} you gained on your last turn"),
           "bought_last_turn": N_("{cards} you bought on your last turn")}
HISTORY_OF = {"played_last_turn": N_("{what} that {player} played on his last turn"),
              "gained_last_turn": N_("{what} that {player} gained on his last turn"),
              "bought_last_turn": N_("{what} that {player} bought on his last turn"),
              "played": N_("{what} that {player} played this turn"),
              "gained": N_("{what} that {player} gained this turn"),
              "bought": N_("{what} that {player} bought this turn")}
HISTORY_NONE = {"played": N_("you didn't play a {kind} card this turn"),
                "gained": N_("you didn't gain a {kind} card this turn"),
                "bought": N_("you didn't buy a {kind} card this turn")}
HISTORY_NONE_ANY = {"played": N_("you didn't play any cards this turn"),
                    "gained": N_("you didn't gain any cards this turn"),
                    "bought": N_("you didn't buy any cards this turn")}
HISTORY_AT_LEAST = {"played": ngettext("you've played {n} or more {kind} card this turn",
                                       "you've played {n} or more {kind} cards this turn"),
                    "gained": ngettext("you've gained {n} or more {kind} card this turn",
                                       "you've gained {n} or more {kind} cards this turn"),
                    "bought": ngettext("you have bought {n} or more {kind} card this turn",
                                       "you have bought {n} or more {kind} cards this turn")}
OF_PLAYER = N_("{x} of {player}")
ZONE_OF_PLAYER = {"hand": N_("{cards} in the hand of {player}"),
                  "deck": N_("{cards} in the deck of {player}"),
                  "discard": N_("{cards} in the discard pile of {player}"),
                  "in_play": N_("{cards} {player} has in play")}
THE_REVEALED_NAMED = N_("the revealed copies of the named card")
THE_REVEALED_WHAT = N_("the revealed {what}")
CARDS_AMONG = N_("{cards} among {them}")
OPTIONS_LIST_SEP = N_("; ")
PROTECTED = N_("while this is in play, when another player plays an Attack card, it doesn't "
               "affect you")
CHOSEN_BY_PLAYER = N_("{what}, chosen by {player}")   # Advisor's "the player to your left chooses"
