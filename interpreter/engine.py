"""The core state machine of the rules: setup, turns and phases, moving cards, gains, buys,
trashing, discarding, clean-up, events and their listeners, costs, the end and the score.
Card behaviour is never here: it comes from the cards' effect ASTs (interpreter.effects)."""
from __future__ import annotations

import random
from collections import Counter
from itertools import count
from typing import Optional

from dsl.model import Catalog, Cost

from .decisions import Decision
from .effects import Interpreter
from .setup import GameError, setup_plan
from .supply import SupplyFigures
from .state import AttackInfo, Card, Event, Pile, Player, TurnState, Zone, shuffle

__all__ = ["Game", "GameError", "NOTHING_LISTENED"]


NOTHING_LISTENED = Event("nothing", -1, None)    # what fire() returns when no one listens


class Game(SupplyFigures):
    """A game in progress: players and their zones, the supply (its figures are kept by
    SupplyFigures), the turn, the agents who decide, and the log."""

    def __init__(self, catalog: Catalog, kingdom: list[str], players: int, agents: list,
                 seed: int = 0, names: list[str] | None = None, deal: bool = True,
                 supply_overrides: dict | None = None, log: bool = True):
        plan = setup_plan(catalog, kingdom, players, supply_overrides or {})
        self.catalog, self.rules = catalog, catalog.rules
        self.rng = random.Random(seed)
        self.seed = seed
        self.players = [Player(i, names[i] if names else f"p{i + 1}") for i in range(players)]
        self.agents = agents
        self.trash_zone = Zone("trash")
        self.kingdom = list(kingdom)
        self.logging = log
        self.log: list[str] = []
        self._uids = count(1)                # card uids, unique within the game
        self.in_cleanup = False
        self.over = False
        self.extra_turns: list[TurnState] = []
        self._interp = None
        # what anything here listens to, and whether costs can change: an event nobody
        # listens to costs one set lookup (cards brought in later are added by new_card)
        self.listened: set = set(plan.listened)
        self.has_modifiers = plan.has_modifiers
        self.supply_listeners = plan.supply_listeners
        self._set_up_supply(plan, self._uids.__next__)
        self.total_cards = sum(self.pile_sizes)
        self.turn = TurnState(player=0, controller=0)
        if deal:
            self._deal(plan)
            self.start_turn(self.turn)

    # ---- setup -----------------------------------------------------------------------------
    def _deal(self, plan) -> None:
        """Each player's starting deck, shuffled, and a first hand."""
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
            shuffle(self.rng, p.deck.cards)
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
        if d.triggers or d.modifiers:          # a card not from the supply listens too
            self.listened |= {t.on for t in d.triggers}
            self.has_modifiers = self.has_modifiers or bool(d.modifiers)
        return card

    @property
    def interp(self) -> Interpreter:
        """The effect interpreter, made when a card first needs it (a game of cards that
        only add bonuses never does)."""
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

    # ---- costs -----------------------------------------------------------------------------
    def cost(self, d) -> Cost:
        """A card's cost now: printed cost less the lasting reductions in play (not below 0)."""
        if not self.has_modifiers:
            return d.cost
        delta = 0
        for p in self.players:
            for c in p.in_play.cards:
                for m in c.d.modifiers:
                    if m.what is None or self.interp.holds(m.what, d, c):
                        delta += m.cost
        if not delta:
            return d.cost
        return Cost(max(0, d.cost.coins + delta), d.cost.potion)

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
        elif zone is self.trash_zone:
            card.owner = None
        if old.owner is None or new_owner is None:
            if old.__class__ is Pile:
                self._pile_changed(old.slot, -1)
            if zone.__class__ is Pile:
                self._pile_changed(zone.slot, 1)

    def shuffle_discard_into_deck(self, p: int) -> None:
        pl = self.players[p]
        cards = pl.discard.cards
        pl.discard.cards = []
        shuffle(self.rng, cards)
        deck = pl.deck
        for c in cards:
            c.zone = deck
        deck.cards = cards + deck.cards
        if self.logging:
            self.say(f"{pl.name} shuffles")

    def top_of_deck(self, p: int) -> Optional[Card]:
        """The top card of the deck, shuffling the discard pile in first if the deck is empty."""
        pl = self.players[p]
        if not pl.deck.cards:
            if not pl.discard.cards:
                return None
            self.shuffle_discard_into_deck(p)
        return pl.deck.cards[-1]

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

    def take_to(self, p: int, zone_name: str) -> Optional[Card]:
        """Move the deck's top card (reshuffling if needed) to one of the player's zones."""
        card = self.top_of_deck(p)
        if card is not None:
            self.move(card, self.players[p].zones[zone_name])
        return card

    def put(self, card: Card, p: int, dest: str) -> None:
        zone = self.players[p].zones[dest]
        if card.zone is not zone:
            self.move(card, zone)

    # ---- events ----------------------------------------------------------------------------
    def fire(self, kind: str, player: int, card: Optional[Card],
             attack: Optional[AttackInfo] = None) -> Event:
        if kind not in self.listened and not self.turn.later:
            return NOTHING_LISTENED
        ev = Event(kind, player, card, attack)
        found = self._listeners(ev)
        for owner in self._turn_order_from(self.turn.player):
            own = [x for x in found if x[2] == owner]
            if len(own) > 1:
                labels = [x[1] for x in own]
                order = self.decide(Decision(owner, "order", "order",
                                             f"order of the abilities triggered by {kind}",
                                             tuple(labels), len(labels), len(labels)))
                own = [next(x for x in own if x[1] is lab) for lab in order]
            for trig, source, ctrl, zone in own:
                if ev.cancelled:
                    break
                if zone is not None and source.zone is not zone:
                    continue                      # the card left: it no longer reacts
                self.interp.run_trigger(trig, source, ctrl, ev)
        return ev

    def _listeners(self, ev: Event) -> list:
        """(trigger, card, controller, zone the card must still be in) for an event."""
        out = []
        kind, card = ev.kind, ev.card
        if card is not None:
            for t in card.d.triggers:
                if t.on == kind and t.where == "self" and self._who(t, card.owner
                                                                    if card.owner is not None
                                                                    else ev.player, ev):
                    out.append((t, card, ev.player, None))
        for pl in self.players:
            for zone_name in ("hand", "in_play"):
                for c in list(pl.zones[zone_name].cards):
                    for t in c.d.triggers:
                        if t.on == kind and t.where == zone_name and self._who(t, pl.index, ev) \
                                and self._what(t, ev, c):
                            out.append((t, c, pl.index, c.zone))
        for d, t in self.supply_listeners:
            if t.on == kind and self._what(t, ev, None):
                out.append((t, self.supply[d.id].top(), ev.player, None))
        for later in list(self.turn.later):
            if later.event == kind and (later.card is None or later.card is card):
                self.turn.later.remove(later)
                out.append((later, later.card, later.frame.you, None))
        return out

    @staticmethod
    def _who(t, owner: int, ev: Event) -> bool:
        return t.who == "anyone" or (t.who == "you") == (owner == ev.player)

    def _what(self, t, ev: Event, source) -> bool:
        if t.what is None:
            return True
        if t.what == "this":
            return ev.card is source
        return ev.card is not None and self.interp.holds(t.what, ev.card.d, ev.card)

    def _turn_order_from(self, p: int) -> list:
        n = len(self.players)
        return [(p + i) % n for i in range(n)]

    # ---- the verbs of the rules ------------------------------------------------------------
    def gain(self, p: int, card: Optional[Card], dest: str = "discard") -> Optional[Card]:
        """Gain a card (the top of a supply pile, or a card in the trash)."""
        if card is None:
            return None
        t = self.turn
        if t.gains_to_controller and p == t.player and t.controller != t.player:
            p, dest = t.controller, "discard"       # always to the possessor's discard pile
        if "would_gain" in self.listened:
            if self.fire("would_gain", p, card).cancelled:
                return None
        self.move(card, self.players[p].zones[dest])
        if self.logging:
            self.say(f"{self.name(p)} gains {card.id}" +
                     ("" if dest == "discard" else f" to {dest}"))
        if "gain" in self.listened or t.later:
            self.fire("gain", p, card)
        return card

    def gain_from_supply(self, p: int, cid: str, dest: str = "discard") -> Optional[Card]:
        pile = self.supply.get(cid)
        return self.gain(p, pile.top(), dest) if pile is not None else None

    def trash(self, card: Card, p: int) -> None:
        t = self.turn
        owner = card.owner
        if t.trash_set_aside and owner == t.player and t.controller != t.player:
            self.move(card, self.players[owner].set_aside)
            t.aside_trash.append(card)
        else:
            self.move(card, self.trash_zone)
        self.say(f"{self.name(p)} trashes {card.id}")
        self.fire("trash", owner if owner is not None else p, card)

    def discard(self, card: Card, p: int) -> None:
        owner = card.owner if card.owner is not None else p
        self.move(card, self.players[owner].discard)
        if not self.in_cleanup:
            self.say(f"{self.name(owner)} discards {card.id}")
            self.fire("discard", owner, card)

    def play(self, p: int, card: Card, times: int = 1) -> None:
        """Put a card into play (if it is not there) and do what it says, `times` times."""
        in_play = self.players[p].in_play
        if card.zone is not in_play:
            self.move(card, in_play)
        frame_zone = in_play
        d = card.d
        t = self.turn
        bonuses = d.bonuses
        for _ in range(times):
            t.played.append(card)
            if self.logging:
                self.say(f"{self.name(p)} plays {d.id}")
            attack = None
            if "attack" in d.types:
                attack = AttackInfo()
                self.fire("attack", p, card, attack)
            if "play" in self.listened:
                self.fire("play", p, card)
            if bonuses is not None and attack is None:
                self.add_bonuses(p, bonuses)
            else:
                self.interp.run_play(card, p, frame_zone, attack)

    def add_bonuses(self, p: int, bonuses) -> None:
        """What a card that only adds bonuses does: ((counter, amount), ...)."""
        t = self.turn
        for counter, n in bonuses:
            if counter == "coins":
                t.coins += n
            elif counter == "cards":
                self.draw(p, n)
            elif counter == "actions":
                t.actions += n
            elif counter == "buys":
                t.buys += n
            else:
                t.potions += n

    # ---- a turn ----------------------------------------------------------------------------
    def start_turn(self, turn: TurnState) -> None:
        self.turn = turn
        if not turn.extra:
            self.players[turn.player].turns += 1
        if self.logging:
            who = self.name(turn.player)
            if turn.controller != turn.player:
                who += f" (controlled by {self.name(turn.controller)})"
            self.say(f"-- turn of {who}")

    def play_from_hand(self, p: int, card: Card) -> None:
        t = self.turn
        if card.zone is not self.players[p].hand:
            raise GameError(f"{card.id} is not in {self.name(p)}'s hand")
        if "action" in card.d.types and t.phase == "action":
            if t.actions < 1:
                raise GameError(f"no action left to play {card.id}")
            t.actions -= 1
        elif "treasure" in card.d.types and t.phase in ("action", "buy"):
            if t.bought:
                raise GameError(f"{card.id} cannot be played: Treasures are played before "
                                "buying, not after")
            t.phase = "buy"
        elif "action" in card.d.types and t.phase == "buy":
            raise GameError(f"{card.id} cannot be played: Actions are played in the action "
                            "phase, which ends when a Treasure is played or a card bought")
        else:
            raise GameError(f"{card.id} cannot be played (only Actions and Treasures are)")
        self.play(p, card)

    def play_treasures(self, p: int, cards) -> None:
        """Play Treasures from the hand, in the given order: the buy phase's first step.
        A Treasure that only adds bonuses, when nothing listens to plays, is swept into play:
        the same move, count and bonuses without the call of a full play."""
        t = self.turn
        pl = self.players[p]
        hand, in_play = pl.hand, pl.in_play
        sweeping = self._sweeping(t)
        if sweeping:
            t.phase = "buy"
        played = t.played
        coins = 0                                # swept coins, added before a full play
        for card in cards:
            if card.zone is not hand:
                continue
            sweep = card.d.sweep
            if sweep is None or not sweeping:
                t.coins += coins
                coins = 0
                self.play_from_hand(p, card)
                continue
            hand.cards.remove(card)
            in_play.cards.append(card)
            card.zone = in_play
            played.append(card)
            coins += sweep[0]
            if sweep[1] is not None:
                self._add_sweep_others(t, sweep[1])
        t.coins += coins

    def play_all_treasures(self, p: int) -> None:
        """Play every Treasure in the hand, in hand order (an agent's standing answer). When
        all of them can be swept, this is one pass over the hand; otherwise they are played
        as `play_treasures` plays them."""
        t = self.turn
        hand = self.players[p].hand
        if self._sweeping(t):
            kept, swept, coins, others = [], [], 0, []
            for card in hand.cards:
                d = card.d
                plain = d.sweep_coins
                if plain is not None:            # the common case: coins only
                    swept.append(card)
                    coins += plain
                elif d.sweep is not None:
                    swept.append(card)
                    coins += d.sweep[0]
                    others.append(d.sweep[1])
                elif d.is_treasure:
                    break                        # one needs a full play: all go that way
                else:
                    kept.append(card)
            else:
                in_play = self.players[p].in_play
                for card in swept:
                    card.zone = in_play
                in_play.cards += swept
                t.played += swept
                hand.cards = kept
                t.coins += coins
                for bonuses in others:
                    self._add_sweep_others(t, bonuses)
                t.phase = "buy"
                return
        self.play_treasures(p, [c for c in hand.cards if c.d.is_treasure])

    def _sweeping(self, t) -> bool:
        """Whether Treasures may be swept into play now (nothing to log or to hear a play,
        and Treasures may still be played)."""
        return not (self.logging or "play" in self.listened or t.bought) \
            and t.phase in ("action", "buy")

    @staticmethod
    def _add_sweep_others(t, others) -> None:
        potions, buys, actions = others
        t.potions += potions
        t.buys += buys
        t.actions += actions

    def buy(self, p: int, cid: str) -> None:
        t = self.turn
        if t.phase == "action":
            t.phase = "buy"
        if t.phase != "buy":
            raise GameError("buying is only possible in the buy phase")
        pile = self.supply.get(cid)
        if pile is None:
            raise GameError(f"{cid} is not in the supply")
        if not self.pile_sizes[pile.slot]:
            raise GameError(f"the {cid} pile is empty")
        if t.buys < 1:
            raise GameError("no buy left")
        cost = self.cost(pile.d) if self.has_modifiers else pile.d.cost
        if cost.coins > t.coins or cost.potion > t.potions:
            raise GameError(f"cannot afford {cid} ({cost}; have ${t.coins}"
                            + (f" and {t.potions} potion(s)" if t.potions else "") + ")")
        t.buys -= 1
        t.coins -= cost.coins
        t.potions -= cost.potion
        t.bought = True
        card = pile.cards[-1] if pile.cards else pile.top_card_made()
        if self.logging:
            self.say(f"{self.name(p)} buys {cid}")
        if "buy" in self.listened or t.later:
            self.fire("buy", p, card)
        if card.zone is pile:
            self.gain(p, card)
        else:
            self.gain_from_supply(p, cid)

    def cleanup(self) -> None:
        t = self.turn
        p = t.player
        pl = self.players[p]
        t.phase = "cleanup"
        if "cleanup_start" in self.listened or t.later:
            self.fire("cleanup_start", p, None)
        self.in_cleanup = True
        try:
            first = [c for c in pl.in_play.cards if c.d.triggers and
                     any(tr.on == "discard_from_play" and tr.where == "self"
                         for tr in c.d.triggers)] \
                if "discard_from_play" in self.listened else ()
            if len(first) > 1:
                first = self.decide(Decision(p, "order", "discard_from_play",
                                             "order in which to discard these from play",
                                             tuple(first), len(first), len(first)))
            for c in first:
                if c.zone is pl.in_play:
                    self.move(c, pl.discard)
                    self.fire("discard_from_play", p, c)
            rest = pl.in_play.cards
            discard = pl.discard
            pl.in_play.cards = []
            if "discard_from_play" in self.listened or t.later:
                for c in rest:
                    c.zone = discard
                discard.cards += rest
                for c in rest:
                    self.fire("discard_from_play", p, c)
                rest = []
            rest += pl.hand.cards                # then the hand, in one move
            pl.hand.cards = []
            for c in rest:
                c.zone = discard
            discard.cards += rest
            self.draw(p, self.rules.hand_size)
            for c in t.aside_trash:            # returned after Clean-up, not gained
                if c.zone is pl.set_aside:
                    self.move(c, pl.discard)
        finally:
            self.in_cleanup = False

    def end_turn(self) -> None:
        """Clean-up, then the next turn (an extra turn first, if any), unless the game ends."""
        last = self.turn
        self.cleanup()
        if self.supply_over:
            self.over = True
            self.say("-- game over")
            return
        if self.extra_turns:
            self.start_turn(self.extra_turns.pop(0))
            return
        base = last.player
        if last.extra:
            base = self._last_normal
        self._last_normal = (base + 1) % len(self.players)
        self.start_turn(TurnState(self._last_normal, self._last_normal))

    _last_normal = 0

    def queue_extra_turn(self, p: int, controller: int, gains: bool, trash_aside: bool) -> None:
        if not self.turn.extra:
            self._last_normal = self.turn.player
        self.extra_turns.append(TurnState(p, controller, extra=True, gains_to_controller=gains,
                                          trash_set_aside=trash_aside))

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
        return total

    def scores(self) -> list[int]:
        return [self.vp(p.index) for p in self.players]

    def winners(self, scores: list[int] | None = None) -> list[int]:
        """The seats with the most VP (ties broken by the rules); `scores` if already known."""
        scores = self.scores() if scores is None else scores
        best = max(scores)
        tied = [i for i, s in enumerate(scores) if s == best]
        if len(tied) > 1 and self.rules.tie_break == "fewer_turns":
            fewest = min(self.players[i].turns for i in tied)
            tied = [i for i in tied if self.players[i].turns == fewest]
        return tied

    def dispose(self) -> None:
        """Break the game's reference cycles (each card and the zone it is in) so that its
        memory is freed at once, not left to the cycle collector: a simulation calls this
        on each game it is done with. The game is empty afterwards."""
        for pl in self.players:
            for zone in pl.zones.values():
                zone.cards.clear()
        self.trash_zone.cards.clear()
        for pile in self.supply.values():
            if pile.cards:                       # only the cards made so far
                pile.cards.clear()
            pile.count = 0
        self._interp = None

    # ---- invariants ------------------------------------------------------------------------
    def zones(self):
        yield from self.supply.values()
        yield self.trash_zone
        for p in self.players:
            yield from p.zones.values()

    def check_invariants(self) -> None:
        """Every card is in exactly one place: listed once, in the zone it thinks it is in,
        and none created or lost."""
        total = 0
        for zone in self.zones():
            cards = zone.cards
            for c in cards:
                if c.zone is not zone:
                    raise AssertionError(f"{c} is listed in {zone} but is in {c.zone}")
            if len(set(map(id, cards))) != len(cards):
                raise AssertionError(f"a card is listed twice in {zone}")
            total += len(zone)
        if total != self.total_cards:
            raise AssertionError(f"{self.total_cards - total} card(s) lost")
        for pl in self.players:
            cards = pl.all_cards()
            h = pl.holdings
            counts = {cid: n for cid, n in h.counts.items() if n}
            if counts != dict(Counter(c.d.id for c in cards)) or h.size != len(cards) \
                    or h.money != sum(c.d.plain_coins for c in cards) \
                    or h.actions != sum(c.d.is_action for c in cards):
                raise AssertionError(f"{pl.name}'s holdings tally is not their cards")
        self.check_supply_figures()
