"""Game state: card instances, zones, players, the turn in progress, events."""
from __future__ import annotations

import sys
from array import array
from dataclasses import dataclass
from typing import Optional


_BIG_ENDIAN = sys.byteorder == "big"


def shuffle_unsigned(rng, cards: list, zone: "Zone") -> None:
    """Shuffle cards in place, into `zone` (each card's zone is set as its place is fixed,
    which saves a second pass): Fisher-Yates, with the random numbers drawn in one call (64
    bits each, so the modulo's bias is below 2**-58). A game shuffles some fifteen times,
    and this takes a quarter fewer instructions than random.shuffle."""
    n = len(cards)
    keys = array("Q", rng.randbytes(8 * n))
    if _BIG_ENDIAN:
        keys.byteswap()                      # the same numbers on every machine
    for i in range(n - 1, 0, -1):
        j = keys[i] % (i + 1)
        card = cards[j]
        cards[j] = cards[i]
        cards[i] = card
        card.zone = zone
    if n:
        cards[0].zone = zone


# 2**64 % m for m below 1024: a 64-bit key read as signed (k - 2**64 when its top bit is
# set) gives the unsigned key's remainder as (k % m + WRAP[m]) % m
WRAP = tuple((1 << 64) % m if m else 0 for m in range(1024))


def signed_picks(randbytes, n: int) -> list:
    """The place j that each place i (from n - 1 down to 1) of a Fisher-Yates shuffle of
    n cards swaps with, from the same draws as shuffle_unsigned's and the same places, the
    keys read as signed machine words: under PyPy an integer of 2**63 or more is a big
    integer, half the unsigned keys were, and the modulo of one is slow (a quarter faster
    there; under CPython the unsigned shuffle, written out, is faster)."""
    keys = array("q", randbytes(8 * n))
    if _BIG_ENDIAN:
        keys.byteswap()
    wrap = WRAP if n < len(WRAP) else tuple((1 << 64) % m if m else 0 for m in range(n + 1))
    picks = []
    for i in range(n - 1, 0, -1):
        k = keys[i]
        m = i + 1
        picks.append(k % m if k >= 0 else (k % m + wrap[m]) % m)
    return picks


def shuffle_signed(rng, cards: list, zone: "Zone") -> None:
    """shuffle_unsigned's order from the same draws, for PyPy (signed_picks)."""
    i = len(cards) - 1
    for j in signed_picks(rng.randbytes, len(cards)):
        card = cards[j]
        cards[j] = cards[i]
        cards[i] = card
        card.zone = zone
        i -= 1
    if cards:
        cards[0].zone = zone


shuffle = shuffle_signed if sys.implementation.name == "pypy" else shuffle_unsigned


class Card:
    """One physical card. `zone` is where it is now; `owner` whose it is (None in supply/trash)."""
    __slots__ = ("uid", "d", "zone", "owner")

    def __init__(self, uid: int, d, zone: "Zone", owner: Optional[int] = None):
        self.uid = uid
        self.d = d
        self.zone = zone
        self.owner = owner

    @property
    def id(self) -> str:
        return self.d.id

    def __repr__(self) -> str:
        return f"{self.d.id}#{self.uid}"


class Zone:
    """An ordered place for cards. For piles (deck, discard, supply) the top is the end."""
    __slots__ = ("name", "owner", "cards")

    def __init__(self, name: str, owner: Optional[int] = None):
        self.name = name
        self.owner = owner
        self.cards = []

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def __repr__(self) -> str:
        who = "" if self.owner is None else f"p{self.owner + 1}."
        return f"{who}{self.name}"


class Pile(Zone):
    """A supply pile. Its cards are made only when one is needed (its top card is looked at
    or moved): `count` cards not yet made lie under the made ones in `cards`. A game makes
    some 250 supply cards and uses a few dozen, so this keeps setting up a game cheap.
    `slot` is the pile's place in the game's table of pile sizes. A mixed pile (Ruins, a
    pile of different cards) has all its cards made at setup, and `d` is its top card's."""
    __slots__ = ("d", "count", "alloc", "slot", "mixed")

    def __init__(self, name: str, d, count: int, alloc, slot: int = 0):
        self.name = name
        self.owner = None
        self.cards = []
        self.d = d
        self.count = count
        self.alloc = alloc
        self.slot = slot
        self.mixed = False

    def retop(self) -> None:
        """A mixed pile's top card changed: what it offers is that card (the last one's
        definition stays when it is empty)."""
        if self.cards:
            self.d = self.cards[-1].d

    def __len__(self) -> int:
        return self.count + len(self.cards)

    def __iter__(self):
        while self.count:                     # make every card (invariant checks, display)
            self.top_card_made()
        return iter(self.cards)

    def top(self):
        """The top card, or None when the pile is empty."""
        if self.cards:
            return self.cards[-1]
        if self.count:
            return self.top_card_made()
        return None

    def top_card_made(self):
        self.count -= 1
        card = Card(self.alloc(), self.d, self)
        self.cards.insert(0, card)            # made cards come from under the made ones
        return self.cards[-1]


class AsidePile(Pile):
    """A pile beside the Supply (a card with `supply: false`): gained only by a card that
    names it, never bought, not counted for the end. Its moves leave the Supply's figures
    alone (Game.move tests a zone's class for Pile exactly)."""
    __slots__ = ()


PLAYER_ZONES = ("hand", "deck", "discard", "in_play", "set_aside", "revealed")


class Holdings:
    """A tally of the cards in a player's zones, kept as cards change hands (gained,
    trashed, returned), so that a bot's facts (`money`, `deck_size`, `owned(x)`) are one
    lookup instead of a walk over the deck, and a turn with no Action card held skips the
    look for one in hand. Moves within a player's zones leave it as is."""
    __slots__ = ("counts", "size", "money", "actions")

    def __init__(self):
        self.counts: dict = {}             # card id -> copies
        self.size = 0
        self.money = 0                     # the coins the cards' plain `+$N` lines give
        self.actions = 0                   # Action cards

    def add(self, d) -> None:
        self.counts[d.id] = self.counts.get(d.id, 0) + 1
        self.size += 1
        self.money += d.plain_coins
        self.actions += d.is_action

    def remove(self, d) -> None:
        self.counts[d.id] -= 1
        self.size -= 1
        self.money -= d.plain_coins
        self.actions -= d.is_action


class Player:
    """A seat: its zones (mats are zones made when a card first puts a card on them), its
    tokens by kind, the tally of its cards, and its last finished turn (what it played,
    gained and bought then)."""
    __slots__ = ("index", "name", "zones", "turns", "holdings", "hand", "deck", "discard",
                 "in_play", "set_aside", "revealed", "mats", "tokens", "last_turn",
                 "off_turn")

    def __init__(self, index: int, name: str):
        self.index, self.name = index, name
        self.zones = zones = {name: Zone(name, index) for name in PLAYER_ZONES}
        self.hand, self.deck, self.discard, self.in_play, self.set_aside, self.revealed = \
            zones.values()
        self.turns = 0
        self.holdings = Holdings()
        self.mats: dict = {}               # mat name -> Zone (also in zones, as "NAME mat")
        self.tokens: dict = {}             # token kind -> count
        self.last_turn = None              # the TurnState of his last finished turn
        self.off_turn: dict = {}           # counter -> what he got while it was not his
                                           # turn (actions, buys, coins, potions); his
                                           # next turn starts without it

    def mat(self, name: str) -> Zone:
        zone = self.mats.get(name)
        if zone is None:
            zone = self.mats[name] = self.zones[f"{name} mat"] = Zone(f"{name} mat", self.index)
        return zone

    def all_cards(self) -> list:
        cards = (self.hand.cards + self.deck.cards + self.discard.cards + self.in_play.cards
                 + self.set_aside.cards + self.revealed.cards)
        for zone in self.mats.values():
            cards += zone.cards
        return cards


class AttackInfo:
    """The players unaffected by one play of an Attack card (Moat); a plain class with a
    slot, made at every play of an Attack."""
    __slots__ = ("unaffected",)

    def __init__(self, unaffected: set | None = None):
        self.unaffected = set() if unaffected is None else unaffected

    def __repr__(self) -> str:
        return f"AttackInfo(unaffected={self.unaffected!r})"


@dataclass
class Event:
    """Something that happened (or, for would_gain, is about to happen); `zone` is where
    the event left its card: an ability heard later follows the card only while it is
    still there ("lose track": Watchtower trashed the gained card, Royal Seal cannot move
    it)."""
    kind: str
    player: int
    card: Optional[Card]
    attack: Optional[AttackInfo] = None
    cancelled: bool = False
    zone: Optional[Zone] = None
    origin: Optional[Zone] = None    # a gain's: where the card was before it


@dataclass(eq=False)
class Later:
    """A trigger for the rest of the turn (`this turn on EVENT [of X]`), started by one play
    of `source`: it listens to the events of that card's player, about `cards` (when X is
    cards) or cards for which `cond` holds (when X is a condition), or any."""
    event: str
    cards: Optional[list]
    cond: Optional[object]
    body: tuple
    frame: object
    source: Optional[Card] = None


@dataclass(eq=False)
class Abiding(Later):
    """An ability a play started for the rest of the game (`span` "game") or until its
    player's next turn ("next_turn"): it hears the events of `who` (you, other, anyone,
    seen from `owner`, the card's player) but never of a player in `unaffected` (those a
    lasting Attack did not affect when it was played); event "turn_start": at the start
    of each of the owner's turns; "unaffected": other players' Attacks skip him."""
    who: str = "you"
    span: str = "game"
    owner: int = 0
    unaffected: frozenset = frozenset()


@dataclass(eq=False)
class Pending:
    """What a play left for its player's next turn (`at start of next turn`, an extra turn
    of his own): the body to run then, and the cards it keeps in play until then."""
    body: tuple
    frame: object
    source: Optional[Card]
    keeps: tuple = ()


class TurnState:
    """The turn in progress: whose it is, who decides (the player, or a possessor), the
    possessed-turn rules, the phase and counters, its history (cards played, gained and
    bought, by whom), what its plays started for the rest of it (triggers, cost changes,
    the Clean-up draw), how many turns in a row its player has taken, and the possessed
    player's trashed cards set aside.

    What every turn sets is a slot; what few turns need has its default on the class and
    is set on the turn only when it differs (a game makes a TurnState every turn)."""
    __slots__ = ("player", "controller", "phase", "actions", "buys", "coins", "potions",
                 "bought", "played", "later", "__dict__")
    extra = False                      # an extra turn (Outpost, Possession)
    gains_to_controller = False        # a possessed turn's rules
    trash_set_aside = False
    gains = buys_made = ()             # (player, card) of every gain, every buy: kept only
                                       # when a card of the game reads them
    played_by = None                   # card uid -> the card whose effect played it
    cost_changes = ()                  # (delta, kind or None) started by plays
    banned = frozenset()               # card ids its plays forbid buying for the rest of it
    cleanup_changed = False            # a play changed the Clean-up's draw, or it has
                                       # other players' cards to discard first (hooks.py)
    cleanup_draw = None                # the Clean-up's hand size, if a play changed it
    run = 1                            # turns in a row of this player, this one included
    aside_trash = ()                   # a possessed player's trashed cards, set aside
    earlier_buys = False               # a buy was made before the one in progress
    landscapes_bought = ()             # ids of the Events bought this turn (their limits)
    cleanup_more = 0                   # cards the Clean-up draws more (`draws 2 more`)
    called_off = ()                    # cards other players called from a mat this turn
    no_card_buys = False               # an extra turn in which no card can be bought

    def __init__(self, player: int, controller: int, extra: bool = False,
                 gains_to_controller: bool = False, trash_set_aside: bool = False):
        self.player = player
        self.controller = controller
        if extra:
            self.extra = True
            self.gains_to_controller = gains_to_controller
            self.trash_set_aside = trash_set_aside
        self.phase = "action"              # action | buy | cleanup
        self.actions = 1
        self.buys = 1
        self.coins = 0
        self.potions = 0
        self.bought = False
        self.played: list = []             # the cards played, in order (once per play)
        self.later: list = []              # Later triggers started this turn
