"""The core state machine of the rules: setup, moving cards, gains, trashing, discarding,
returning cards, tokens, costs, the end and the score. A turn's phases are in phases.py,
events and their listeners in events.py, the supply's figures in supply.py. Card behaviour
is never here: it comes from the cards' effect ASTs (interpreter.effects.interpret)."""
from __future__ import annotations

import random
from itertools import count
from typing import Optional

from dsl.language.model import Catalog

from interpreter.core.decisions import Decision
from interpreter.effects.interpret import Interpreter
from .costs import Costs
from .events import NOTHING_LISTENED, Events
from .hooks import HOOKED, TurnHooks
from .invariants import Invariants
from .landscapes import Landscapes
from .abiding import Abilities
from .added_piles import add_piles, adds_piles
from .masks import Masks
from .mats import Mats
from .own_tokens import OwnTokens
from .phases import Phases
from .spending import Spending
from interpreter.core.setup import (GameError, given_tokens, held_listeners, listen_zones,
                                    set_rules_in_force, setup_plan)
from .supply import SupplyFigures
from interpreter.core.state import Card, Pile, Player, TurnState, Zone, shuffle

__all__ = ["Game", "GameError", "NOTHING_LISTENED", "winners_of"]


def winners_of(scores: list, turns: list, tie_break: str) -> list[int]:
    """The seats with the most VP, ties broken by the rules (`fewer_turns`: fewest turns)."""
    best = max(scores)
    tied = [i for i, s in enumerate(scores) if s == best]
    if len(tied) > 1 and tie_break == "fewer_turns":
        fewest = min(turns[i] for i in tied)
        tied = [i for i in tied if turns[i] == fewest]
    return tied


class Game(TurnHooks, Costs, SupplyFigures, Events, Phases, Masks, Invariants, Spending,
           Landscapes, Mats, Abilities, OwnTokens):
    """A game in progress: players and zones, the supply (figures: SupplyFigures), the turn
    (Phases), events (Events), what plays left for later turns, agents and the log."""

    def __init__(self, catalog: Catalog, kingdom: list[str], players: int, agents: list,
                 seed: int = 0, names: list[str] | None = None, deal: bool = True,
                 supply_overrides: dict | None = None, log: bool = True,
                 rng: random.Random | None = None, with_rules=(), without_rules=(),
                 bane: str | None = None):
        # `rng`: a generator to seed instead of a new one (a run reuses one: under PyPy
        # making one costs twice what seeding does); the same state either way
        if rng is None:
            rng = random.Random(seed)
        else:
            rng.seed(seed)
        self.rng = rng
        # the set rules in force (a set's basic piles): drawn for before anything is dealt
        self.set_rules = set_rules_in_force(catalog, kingdom, rng, with_rules, without_rules)
        # a rule's added kingdom pile (the Bane), its cards marked in a copy of the catalog:
        # `bane` names the first one's card, else it is drawn (usually there is none)
        self.added_piles = ()
        if bane is not None or self.set_rules and adds_piles(catalog, self.set_rules):
            kingdom, catalog, self.set_rules, self.added_piles = add_piles(
                catalog, kingdom, self.set_rules, rng, bane, without_rules)
        self.bane = self.added_piles[0][1] if self.added_piles else None
        plan = setup_plan(catalog, kingdom, players, supply_overrides or {}, self.set_rules)
        self.catalog, self.rules = catalog, catalog.rules_for(kingdom)
        self.seed = seed
        self.players = [Player(i, names[i] if names else f"p{i + 1}") for i in range(players)]
        self.agents = agents
        self.trash_zone = Zone("trash")
        self.kingdom = list(kingdom)
        self.logging = log
        self.log: list[str] = []
        if log and self.set_rules:
            self.log.append("played with " + ", ".join(
                catalog.set_rules[r].names.get("en", r) for r in self.set_rules))
        for rid, cid in self.added_piles:           # "Bane: wishing_well"
            self.say(f"{catalog.set_rules[rid].names.get('en', rid)}: {cid}")
        self._uids = count(1)                # card uids, unique within the game
        self.in_cleanup = False
        self.over = False
        self.extra_turns: list[TurnState] = []
        self._interp = None
        # what anything here listens to, and whether costs can change: an event nobody
        # listens to costs one set lookup (cards brought in later are added by new_card)
        self.listened: set = set(plan.listened)
        self.has_modifiers = plan.has_modifiers
        self.pile_modifiers = plan.pile_modifiers   # cost changes heard from the supply
        self.protection = plan.protection        # a card here can protect from Attacks
        self.buy_limits = plan.buy_limits        # a card here can be unbuyable (`buy_if`)
        # a card (or a bot) here reads this turn's gains or buys or a player's last turn
        self.keeps_history = plan.keeps_history or \
            any(getattr(a, "reads_history", False) for a in agents)
        self.supply_listeners = plan.supply_listeners
        self.supply_events = {t.on for _, t in plan.supply_listeners}
        self.held_listeners = plan.held_listeners
        self.listen_zones = plan.listen_zones     # hand, play, mats some card listens from
        self.pending: dict = {}       # player -> what plays left for his next turn
        self.staying: dict = {}       # card uid -> how many of those keep it in play
        self.pile_tokens: dict = {}   # pile id -> {token kind: count}
        self.shared_tokens: dict = {}  # token kind -> count, on the mat all players share
        self._set_up_supply(plan, self._uids.__next__)
        if plan.landscapes:           # Events beside the Supply (usually none)
            self._set_up_landscapes(plan)
        for d in plan.setup_cards:    # what a card asks for at setup (tokens on piles)
            self.interp.run_setup(d)
        self.total_cards = sum(self.pile_sizes) + sum(map(len, self.aside.values()))
        self.plan = plan
        self.turn = TurnState(player=0, controller=0)
        self.hook_events()            # the turn loop's hooks some card needs (hooks.py)
        if plan.token_kinds:
            self.hook_tokens(plan.token_kinds)
        if deal:
            self.deal()
            self.start_turn(self.turn)

    # ---- setup -----------------------------------------------------------------------------
    def deal(self) -> None:
        """Each player's starting deck, shuffled, and a first hand."""
        plan = self.plan
        uids = self._uids
        for p in self.players:
            deck = p.deck
            index = p.index
            deck.cards = [Card(next(uids), d, deck, index) for d in plan.start]
            h = p.holdings
            h.counts, h.size, h.money, h.actions = dict(plan.start_counts), len(plan.start), \
                plan.start_money, plan.start_actions
        self.total_cards += len(plan.start) * len(self.players)
        for p in self.players:
            shuffle(self.rng, p.deck.cards, p.deck)
            self.draw(p.index, self.rules.hand_size)

    def new_card(self, cid: str, zone: Zone, owner: Optional[int] = None) -> Card:
        """A card brought into the game (a scenario's setup)."""
        d = self.catalog.cards[cid]
        card = Card(next(self._uids), d, zone, owner)
        zone.cards.append(card)
        self.total_cards += 1
        if zone.__class__ is Pile:
            self._pile_changed(zone.slot, 1)
        if zone.owner is not None:
            self.players[zone.owner].holdings.add(d)
        if d.triggers or d.modifiers or d.turn_events or d.changes_costs or d.reads_history:
            self.listened |= {t.on for t in d.triggers} | d.turn_events   # it listens too
            self.has_modifiers = self.has_modifiers or d.changes_costs
            self.protection = self.protection or d.protects
            self.held_listeners = held_listeners([d], self.held_listeners)
            self.listen_zones = listen_zones([d], self.listen_zones)
            self.listen_from_supply(d)
            self.hook_events()
        self.hook_tokens(given_tokens([d]))
        self.keeps_history = self.keeps_history or d.reads_history
        self.buy_limits = self.buy_limits or d.buy_if is not None or d.bans_buys
        return card

    @property
    def interp(self) -> Interpreter:
        """The effect interpreter, made when a card first needs it (a game whose only
        plays are Treasures swept into play never does)."""
        if self._interp is None:
            self._interp = Interpreter(self)
        return self._interp

    # ---- logging and decisions -------------------------------------------------------------
    def say(self, text: str) -> None:
        if self.logging:
            self.log.append(text)

    def name(self, p: int) -> str:
        return self.players[p].name

    def decide(self, d: Decision):
        """Ask the agent who decides; a possessed player's decisions go to the possessor.
        A question with one answer is not asked (one that may be answered with nothing or
        with one of its options, the common case, has two or more)."""
        t = self.turn
        if t.controller != t.player and d.player == t.player:
            d = d.routed(t.controller, t.player)
        two_or_more = not d.min and d.options and \
            (d.kind == "pile" or d.kind == "cards" and d.max > 0)     # none, or one of them
        if not two_or_more and d.distinct_answers() <= 1:
            return d.only_answer()
        agent = self.agents[d.player]
        answer = agent.decide(self, d)
        if getattr(agent, "trusted", False):     # a built-in bot answers from the options
            return answer
        return d.check(answer)

    def in_chosen_order(self, p: int, purpose: str, prompt: str, items: list, label) -> list:
        """The items in the order player p chooses, asked as an order of their labels (the
        cards they come from); not asked when the order cannot matter (one item, or items
        of one card)."""
        if len(items) < 2:
            return items
        order = self.decide(Decision(p, "order", purpose, prompt,
                                     tuple(label(x) for x in items), len(items), len(items)))
        left, ordered = list(items), []
        for chosen in order:
            ordered.append(left.pop(next(i for i, x in enumerate(left) if label(x) is chosen)))
        return ordered

    # ---- moving cards ----------------------------------------------------------------------
    def move(self, card: Card, zone: Zone, bottom: bool = False) -> None:
        old = card.zone
        old.cards.remove(card)
        if bottom:
            zone.cards.insert(0, card)
        else:
            zone.cards.append(card)
        card.zone = zone
        new_owner = zone.owner
        if old.owner != new_owner:           # keep the holdings tallies true
            if old.owner is not None:
                self.players[old.owner].holdings.remove(card.d)
            if new_owner is not None:
                self.players[new_owner].holdings.add(card.d)
        if new_owner is not None:
            card.owner = new_owner
        else:                                # the trash, a pile: nobody's
            card.owner = None
        if old.owner is None or new_owner is None:
            if old.__class__ is Pile:
                self._pile_changed(old.slot, -1)
                if old.mixed:
                    old.retop()
            if zone.__class__ is Pile:
                self._pile_changed(zone.slot, 1)
                if zone.mixed:
                    zone.retop()

    def shuffle_discard_into_deck(self, p: int) -> None:
        pl = self.players[p]
        cards = pl.discard.cards
        pl.discard.cards = []
        deck = pl.deck
        shuffle(self.rng, cards, deck)
        deck.cards = cards + deck.cards if deck.cards else cards
        if self.logging:
            self.say(f"{pl.name} shuffles")

    def top_of_deck(self, p: int, bottom: bool = False) -> Optional[Card]:
        """The top (or bottom) card of the deck, shuffling the discard pile in first if the
        deck is empty."""
        pl = self.players[p]
        if not pl.deck.cards:
            if not pl.discard.cards:
                return None
            self.shuffle_discard_into_deck(p)
        return pl.deck.cards[0 if bottom else -1]

    def draw(self, p: int, n: int) -> list:
        pl = self.players[p]
        deck, hand = pl.deck, pl.hand
        cards = deck.cards
        if n <= len(cards):                     # no shuffle needed: one slice
            cut = len(cards) - n
            drawn = cards[cut:]
            del cards[cut:]
            drawn.reverse()                     # the top card (the end) is drawn first
        else:                                   # the deck, a shuffle, then the rest
            drawn = cards[::-1]
            deck.cards = []
            if pl.discard.cards:
                self.shuffle_discard_into_deck(p)
                cards = deck.cards
                cut = max(0, len(cards) - (n - len(drawn)))
                rest = cards[cut:]
                del cards[cut:]
                rest.reverse()
                drawn += rest
        for card in drawn:
            card.zone = hand
        hand.cards += drawn
        return drawn

    def take_to(self, p: int, zone_name: str, bottom: bool = False) -> Optional[Card]:
        """Move the deck's top (or bottom) card, reshuffling if needed, to one of the
        player's zones."""
        card = self.top_of_deck(p, bottom)
        if card is not None:
            self.move(card, self.players[p].zones[zone_name])
        return card

    def put(self, card: Card, p: int, dest: str, mat: Optional[str] = None) -> None:
        """Move a card to player p's zone (not a gain, even from another player's hand):
        deck (on top), deck_bottom, hand, discard, or a mat by name."""
        pl = self.players[p]
        if dest == "mat":
            zone = self.mat_of(pl, card, mat)
        else:
            zone = pl.deck if dest == "deck_bottom" else pl.zones[dest]
        if dest == "deck_bottom":
            self.move(card, zone, bottom=True)
        elif card.zone is not zone:
            self.move(card, zone)

    # ---- the verbs of the rules ------------------------------------------------------------
    def gain(self, p: int, card: Optional[Card], dest: str = "discard") -> Optional[Card]:
        """Gain a card (the top of a supply pile, or a card in the trash)."""
        if card is None:
            return None
        t = self.turn
        if t.gains_to_controller and p == t.player and t.controller != t.player:
            p, dest = t.controller, "discard"       # always to the possessor's discard pile
        origin = card.zone
        # fire()'s first test written out at the events of every turn (gains, plays, buys,
        # Clean-up): calling fire() for each cost Big Money ~6% (callgrind, issue 22)
        if "would_gain" in self.listened:
            if self.fire("would_gain", p, card, origin=origin).cancelled:
                return None
        self.move(card, self.players[p].zones[dest])
        self._gained(p, card, dest, origin)
        return card

    def gain_from_pile(self, p: int, pile: Pile, dest: str = "discard") -> Optional[Card]:
        """Gain the top card of a supply pile. When that card is not made yet and nothing
        hears of a gain before it happens, it is made straight in the gainer's zone: no
        pile walk, no move (a game's every buy)."""
        t = self.turn
        if pile.cards or not pile.count or t.gains_to_controller or \
                "would_gain" in self.listened:
            return self.gain(p, pile.top(), dest)
        zone = self.players[p].zones[dest]
        pile.count -= 1
        d = pile.d
        card = Card(pile.alloc(), d, zone, p)
        zone.cards.append(card)
        self.players[p].holdings.add(d)
        self._pile_changed(pile.slot, -1)
        self._gained(p, card, dest, pile)
        return card

    def _gained(self, p: int, card: Card, dest: str, origin) -> None:
        """What follows every gain: its history, its log line, its event."""
        if self.keeps_history:
            self.turn.gains += ((p, card),)
        if self.logging:
            self.say(f"{self.name(p)} gains {card.id}" +
                     ("" if dest == "discard" else f" to {dest}"))
        if "gain" in self.listened:             # fire()'s first test (as in gain())
            self.fire("gain", p, card, origin=origin)

    def gain_from_supply(self, p: int, cid: str, dest: str = "discard") -> Optional[Card]:
        """Gain the top card of the pile of `cid`: a Supply pile, or one beside it; or
        a card of that id in a `take: any` pile beside it (the Prizes)."""
        pile = self.supply.get(cid)
        if pile is not None:
            return self.gain_from_pile(p, pile, dest)
        pile = self.aside.get(cid)
        if pile is None:
            return self.gain(p, self.taken_any(cid), dest) if self.take_any else None
        return self.gain(p, pile.top(), dest)

    def trash(self, card: Card, p: int) -> bool:
        """Trash a card; one already in the trash stays there and nothing hears of it."""
        if card.zone is self.trash_zone:
            return False
        t = self.turn
        owner = card.owner
        zone = self.trashed_to(card)
        masked = self.leaving(card, zone) if self.masks else self.move(card, zone)
        if zone is not self.trash_zone:
            t.aside_trash = [*t.aside_trash, card]
        if self.logging:
            self.say(f"{self.name(p)} trashes {card.id}")
        self.fire("trash", owner if owner is not None else p, card)
        if masked:                      # heard as what it played as (a Fortress)
            self.left(card)
        return True

    def trashed_to(self, card: Card) -> Zone:
        """Where trashing a card puts it: the trash, or in a possessed turn the possessed
        player's set-aside cards (back to his discard pile after Clean-up)."""
        t = self.turn
        owner = card.owner
        if t.trash_set_aside and owner == t.player and t.controller != t.player:
            return self.players[owner].set_aside
        return self.trash_zone

    def discard(self, card: Card, p: int) -> bool:
        """Discard a card; one already in its discard pile stays there, no one hears of it."""
        owner = card.owner if card.owner is not None else p
        pile = self.players[owner].discard
        if card.zone is pile:
            return False
        masked = self.leaving(card, pile) if self.masks else self.move(card, pile)
        if not self.in_cleanup:
            if self.logging:
                self.say(f"{self.name(owner)} discards {card.id}")
            self.fire("discard", owner, card)
        if masked:
            self.left(card)
        return True

    def return_to_supply(self, card: Card, p: int, own_pile: bool = False) -> bool:
        """Put a card back on its supply pile (not trashing it), or with `own_pile` on its
        pile wherever it is (beside the Supply too); False if it has none."""
        pile = self.return_pile(card, own_pile)
        if pile is None or card.zone is pile:
            return False
        self.move(card, pile)
        if self.logging:
            self.say(f"{self.name(p)} returns {card.id} to "
                     f"{'its pile' if own_pile else 'the supply'}")
        return True

    def starting_pile_size(self, cid) -> int:
        """How many cards a supply pile had when the game was set up (0: no such pile)."""
        return next((size for c, _, size in self.plan.piles if c == cid), 0)

    def move_pile_tokens(self, cid: str, kind: str, n: int) -> bool:
        """Up to n tokens of a kind from a pile to the mat all players share."""
        on = self.pile_tokens.get(cid, {})
        moved = min(n, on.get(kind, 0))
        if not moved:
            return False
        on[kind] -= moved
        self.shared_tokens[kind] = self.shared_tokens.get(kind, 0) + moved
        if self.logging:
            self.say(f"{moved} {kind} token(s) move from the {cid} pile to the shared mat")
        return True

    def card_names(self) -> tuple:
        """Every card name in the game, for naming a card: the supply's piles, then the
        other cards anyone has or that are in the trash."""
        names = [cid for cid, pile in self.supply.items() if not pile.mixed] + \
            [cid for cid, pile in self.aside.items() if not pile.mixed]
        seen = set(names)
        for zone in self.zones():
            if isinstance(zone, Pile) and not zone.mixed:
                continue
            for c in zone.cards:
                if c.d.id not in seen:
                    seen.add(c.d.id)
                    names.append(c.d.id)
        return tuple(names)

    # ---- the end ---------------------------------------------------------------------------
    def vp(self, p: int) -> int:
        """Victory points: constant ones from the holdings tally, the others card by card."""
        total, varying = 0, set()
        cards = self.catalog.cards
        for cid, n in self.players[p].holdings.counts.items():
            d = cards[cid]
            if d.vp is not None and n:
                fixed = d.fixed_vp
                if fixed is None:
                    varying.add(cid)
                else:
                    total += n * fixed
        if varying:
            for c in self.players[p].all_cards():
                if c.d.id in varying:
                    total += self.interp.card_vp(c, p)
        vp_token = self.rules.victory_token
        if vp_token is not None:
            total += self.players[p].tokens.get(vp_token, 0)
        return total

    def scores(self) -> list[int]:
        return [self.vp(p.index) for p in self.players]

    def winners(self, scores: list[int] | None = None) -> list[int]:
        """The seats with the most VP (ties broken by the rules); `scores` if already known."""
        scores = self.scores() if scores is None else scores
        return winners_of(scores, [p.turns for p in self.players], self.rules.tie_break)

    def dispose(self) -> None:
        """Break the game's reference cycles (each card and the zone it is in) so that its
        memory is freed at once, not left to the cycle collector: a simulation calls this
        on each game it is done with. The game is empty afterwards."""
        for pl in self.players:
            for zone in pl.zones.values():
                zone.cards.clear()
            pl.last_turn = None
        self.trash_zone.cards.clear()
        for pile in (*self.supply.values(), *self.aside.values()):
            if pile.cards:                       # only the cards made so far
                pile.cards.clear()
            pile.count = 0
        self._interp = None
        self.pending.clear()
        self.turn = None
        for own in ("move", "buyable", "draw", "_gained") + HOOKED:   # a game's own (masks,
            self.__dict__.pop(own, None)                    # Events, tokens, hooks): cycles
