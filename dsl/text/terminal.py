"""The words of the terminal game in the player's language: the header, the prompts, and the
game log (the engine writes it in English, for records and tests; a person reads it here in
his language). Templates are gettext msgids like the card phrases (dsl.text.phrases), looked up in
the same catalogs."""
from __future__ import annotations

import re

from .phrases import N_

YOUR_TURN = N_("your turn")
YOU = N_("{player} (you)")       # the person's seat in the log: `p1 (you) plays Copper`
THEIR_TURN = N_("{player}'s turn")
WHICH_YOU_CONTROL = N_("{turn}, which you control")
HEADER = N_("== {turn}, {phase} phase: actions {actions}, buys {buys}, ${coins}")
POTIONS = N_(", {n} potion(s)")
PHASES = {"action": N_("action"), "buy": N_("buy"), "cleanup": N_("clean-up")}
HAND, IN_PLAY, SUPPLY = N_("hand:"), N_("in play:"), N_("supply:")
TOKENS = N_("tokens:")
HELD_TOKENS = N_("{player}: {tokens}")
N_TOKENS = N_("{n} {kind}")
AMOUNT = N_("a number from {lo} to {hi}; Enter: {lo}")
CHOOSE_AMOUNT = N_("choose a number from {lo} to {hi}")
EVENTS = N_("events:")
EVENT_OPTION = N_("{name} (Event)")          # an Event among the piles a buy offers
# the player's own tokens (Adventures'): "tokens: +1 Card on Village, -1 Card on your deck"
TOKENS = N_("tokens:")
TOKEN_PLACES = {"pile": N_("{kind} on {card}"), "deck": N_("{kind} on your deck"),
                "taken": N_("{kind} taken"), "down": N_("{kind} face down")}
MAT = N_("{mat} mat:")            # the cards on one of your mats: `tavern mat: Guide`
NONE_CHOICE = N_("(0 = none)")
NUMBERS = N_("numbers separated by spaces ({how})")
ALL_IN_ORDER = N_("all, in order, first first")
N_TO_M = N_("{lo} to {hi}")
DIFFERENT = N_("{how} different")
ENTER_ALL = N_("{how}; Enter plays them all")
YES_NO = N_("(y/n)")
TRY_AGAIN = N_("{problem}; try again")
ANSWER_Y_N = N_("answer y or n")
CHOOSE_NUMBER = N_("choose a number from 1 to {n}")
CHOOSE_NUMBER_OR_NONE = N_("choose a number from 0 (none) to {n}")
NUMBERS_ONLY = N_("numbers only (or ? for the cards' texts)")
EACH_ONCE = N_("each number once, from the list")
LIST_EVERY = N_("list every item")
CHOOSE_HOW = N_("choose {how}")
NO_CARDS_ON_OFFER = N_("(no cards on offer)")
NO_SUCH_CARD = N_("no card named {name}; `help CARD` takes a card's name or id")
SCORE = N_("{player}: {vp} VP in {turns} turns")
WINNER = N_("winner: {players}")
INPUT_ENDED = N_("input ended; game abandoned")
NO_RECORD = N_("(no record written)")

# the decisions' prompts: (the English prompt as the engine writes it, its template)
PROMPTS = (
    (re.compile(r"play an Action card$"), N_("play an Action card")),
    (re.compile(r"play Treasures$"), N_("play Treasures")),
    (re.compile(r"buy a card$"), N_("buy a card")),
    (re.compile(r"choose one$"), N_("choose one")),
    (re.compile(r"choose (?P<n>\d+)$"), N_("choose {n}")),
    (re.compile(r"name a card$"), N_("name a card")),
    (re.compile(r"in which order$"), N_("in which order")),
    (re.compile(r"order \(top card first\)$"), N_("order (top card first)")),
    (re.compile(r"(?P<verb>trash|discard|reveal|choose|put|gain|play|set aside|return) "
                r"(?P<count>[\w ]+?) (?P<what>cards?|\w+ cards?|\w+)$"),
     N_("{verb} {count} {what}")),
    (re.compile(r"may (?P<what>.+)$"), N_("you may: {what}")),
    (re.compile(r"spend (?P<kind>\w+) tokens$"), N_("spend {kind} before buying")),
    (re.compile(r"overpay for (?P<card>\w+) \(\$0 to \$\d+\)$"), N_("overpay for {card}")),
    (re.compile(r"pay up to (?P<n>\d+) (?P<kind>\w+) (?:tokens?|token\(s\))$"),
     N_("pay up to {n} {kind}")),
)
VERBS = {"trash": N_("trash"), "discard": N_("discard"), "reveal": N_("reveal"),
         "choose": N_("choose"), "put": N_("put"), "gain": N_("gain"), "play": N_("play"),
         "set aside": N_("set aside"), "return": N_("return")}
CARD_WORDS = {"card": N_("card"), "cards": N_("cards"), "up to": N_("up to")}

# the log lines the engine writes: (pattern, template)
LOG = (
    (re.compile(r"-- turn of (?P<player>.+)$"), N_("-- turn of {player}")),
    (re.compile(r"-- game over$"), N_("-- game over")),
    (re.compile(r"(?P<player>.+?) plays (?P<card>\w+)$"), N_("{player} plays {card}")),
    (re.compile(r"(?P<player>.+?) buys (?P<card>\w+)$"), N_("{player} buys {card}")),
    (re.compile(r"(?P<player>.+?) buys the Event (?P<card>\w+)$"),
     N_("{player} buys the Event {card}")),
    (re.compile(r"(?P<player>.+?) gains (?P<card>\w+) to hand$"),
     N_("{player} gains {card} into his hand")),
    (re.compile(r"(?P<player>.+?) gains (?P<card>\w+) to deck$"),
     N_("{player} gains {card} onto his deck")),
    (re.compile(r"(?P<player>.+?) gains (?P<card>\w+)$"), N_("{player} gains {card}")),
    (re.compile(r"(?P<player>.+?) trashes (?P<card>\w+)$"), N_("{player} trashes {card}")),
    (re.compile(r"(?P<player>.+?) discards (?P<card>\w+)$"), N_("{player} discards {card}")),
    (re.compile(r"(?P<player>.+?) reveals (?P<cards>[\w, ]+)$"),
     N_("{player} reveals {cards}")),
    (re.compile(r"(?P<player>.+?) shuffles$"), N_("{player} shuffles")),
    (re.compile(r"(?P<player>.+?) names (?P<card>\w+)$"), N_("{player} names {card}")),
    (re.compile(r"(?P<player>.+?) is unaffected$"), N_("{player} is unaffected")),
    (re.compile(r"(?P<player>.+?) returns (?P<card>\w+) to the supply$"),
     N_("{player} returns {card} to the Supply")),
    (re.compile(r"(?P<player>.+?) spends (?P<n>\d+) (?P<kind>\w+)$"),
     N_("{player} spends {n} {kind}")),
    (re.compile(r"(?P<player>.+?) takes (?P<n>\d+) (?P<kind>\w+) token\(s\)$"),
     N_("{player} takes {n} {kind}")),
    (re.compile(r"(?P<player>.+?) loses (?P<n>\d+) (?P<kind>\w+) token\(s\)$"),
     N_("{player} loses {n} {kind}")),
    (re.compile(r"(?P<player>.+?) pays (?P<n>\d+) (?P<kind>\w+)$"),
     N_("{player} pays {n} {kind}")),
    (re.compile(r"(?P<player>.+?) overpays \$(?P<n>\d+)$"), N_("{player} overpays ${n}")),
    (re.compile(r"(?P<player>.+?) calls (?P<card>\w+)$"), N_("{player} calls {card}")),
    (re.compile(r"(?P<player>.+?) exchanges (?P<card>\w+) for (?P<other>\w+)$"),
     N_("{player} exchanges {card} for {other}")),
    (re.compile(r"(?P<player>.+?) puts (?P<card>\w+) on his (?P<mat>[\w ]+) mat$"),
     N_("{player} puts {card} on the {mat} mat")),
    (re.compile(r"(?P<player>.+?) returns (?P<card>\w+) to its pile$"),
     N_("{player} returns {card} to its pile")),
    (re.compile(r"(?P<player>.+?) moves his (?P<kind>\w+) token to the (?P<other>\w+) pile$"),
     N_("{player} moves the {kind} token to the {other} pile")),
    (re.compile(r"(?P<player>.+?) puts his (?P<kind>\w+) token on his deck$"),
     N_("{player} puts the {kind} token on the deck")),
    (re.compile(r"(?P<player>.+?) takes his (?P<kind>\w+) token$"),
     N_("{player} takes the {kind} token")),
    (re.compile(r"(?P<player>.+?) returns his (?P<kind>\w+) token$"),
     N_("{player} returns the {kind} token")),
    (re.compile(r"(?P<player>.+?) turns his (?P<kind>\w+) token face down$"),
     N_("{player} turns the {kind} token face down")),
    (re.compile(r"(?P<player>.+?) turns his (?P<kind>\w+) token face up$"),
     N_("{player} turns the {kind} token face up")),
    (re.compile(r"(?P<player>.+?) gets what his (?P<kind>\w+) token on the (?P<other>\w+) "
                r"pile gives$"), N_("{player}: the {kind} token on the {other} pile")),
    (re.compile(r"(?P<n>\d+) (?P<kind>\w+) token\(s\) on the (?P<other>\w+) pile$"),
     N_("{n} {kind} on the {other} pile")),
    (re.compile(r"(?P<n>\d+) (?P<kind>\w+) token\(s\) move from the (?P<other>\w+) pile to "
                r"the shared mat$"), N_("{n} {kind} move from the {other} pile to the mat")),
)


YOU_SUFFIX = " (you)"


def your_seat(player: str) -> str:
    """The name of the person's seat in the game and its records (English)."""
    return YOU.format(player=player)


class Words:
    """Terminal text in one locale: templates from its catalog, card names from the
    cards (`name(card_id)`), English where nothing is translated."""

    def __init__(self, locale, name):
        self.locale, self.name = locale, name

    def t(self, msgid: str, **kw) -> str:
        text = self.locale.gettext(msgid) if self.locale is not None else msgid
        try:
            return text.format(**kw)
        except (KeyError, IndexError, ValueError):
            return msgid.format(**kw)

    def player(self, name: str) -> str:
        """A player's name; the person's own seat (English `p1 (you)`, as the engine's log
        and records have it) in the player's language."""
        if name.endswith(YOU_SUFFIX):
            return self.t(YOU, player=name[:-len(YOU_SUFFIX)])
        return name

    def _names(self, text: str) -> str:
        return ", ".join(self.name(x.strip()) for x in text.split(","))

    def log_line(self, line: str) -> str:
        for pattern, template in LOG:
            m = pattern.fullmatch(line)
            if m:
                kw = m.groupdict()
                if "player" in kw:
                    kw["player"] = self.player(kw["player"])
                for k in ("card", "cards", "kind", "other"):
                    if k in kw:
                        kw[k] = self._names(kw[k])
                return self.t(template, **kw)
        return line

    def prompt(self, text: str) -> str:
        for pattern, template in PROMPTS:
            m = pattern.fullmatch(text)
            if m:
                kw = m.groupdict()
                if "verb" in kw:
                    kw["verb"] = self.t(VERBS[kw["verb"]])
                    kw["count"] = " ".join(self.t(CARD_WORDS[w]) if w in CARD_WORDS else w
                                           for w in kw["count"].split())
                    what = kw["what"]
                    kw["what"] = " ".join(self.t(CARD_WORDS[w]) if w in CARD_WORDS else
                                          self.name(w) for w in what.split())
                for k in ("kind", "card"):
                    if k in kw:
                        kw[k] = self.name(kw[k])
                if "what" in kw and "verb" not in kw:
                    kw["what"] = self._names(kw["what"]) if "," in kw["what"] else \
                        " ".join(self.name(w) for w in kw["what"].split())
                return self.t(template, **kw)
        return text
