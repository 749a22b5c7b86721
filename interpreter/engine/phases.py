"""A turn's phases (part of Game): the start of a turn (what earlier plays left for it),
playing Actions and Treasures, buying, Clean-up (cards that stay in play stay), and the
order of turns, extra turns included."""
from __future__ import annotations

from interpreter.core.decisions import Decision
from interpreter.core.setup import GameError
from interpreter.core.state import TurnState


class Phases:
    """Part of Game (needs players, turn, rules, interp, move, draw, fire, decide...)."""

    # ---- the start of a turn ---------------------------------------------------------------
    def start_turn(self, turn: TurnState, abilities: bool = True) -> None:
        """Start a turn: what earlier plays left for it (Durations). A game in which
        something hears the start of a turn, lasts beyond a turn or gave a player bonuses
        off his turn starts its turns with TurnHooks.start_turn_hooked (hooks.py), which
        `abilities` is for."""
        self.turn = turn
        if not turn.extra:
            self.players[turn.player].turns += 1
        interp = self._interp
        if interp is not None:
            interp.work = 0
        if self.logging:
            who = self.name(turn.player)
            if turn.controller != turn.player:
                who += f" (controlled by {self.name(turn.controller)})"
            if turn.no_card_buys:
                who += " (no card can be bought)"
            self.say(f"-- turn of {who}")
        if self.pending:
            pending = self.pending.pop(turn.player, None)
            if pending:
                self.start_of_turn(turn.player, pending)     # mats.py

    def leave_for_next_turn(self, p: int, pending) -> None:
        """A play left something for player p's next turn: its card, and the cards whose
        effects played it (a Throne Room), stay in play until that turn's Clean-up."""
        keeps = self.keeps_in_play(pending.source)
        pending.keeps = tuple(keeps)
        for c in keeps:
            self.staying[c.uid] = self.staying.get(c.uid, 0) + 1
        self.pending.setdefault(p, []).append(pending)

    # ---- playing cards ---------------------------------------------------------------------
    def play(self, p: int, card, times: int = 1) -> None:
        """Put a card into play (if it is not there) and do what it says, `times` times."""
        in_play = self.players[p].in_play
        if card.zone is not in_play:
            self.move(card, in_play)
        frame_zone = in_play
        t = self.turn
        for _ in range(times):
            d = card.d                           # read again: a masked card is another
            if p == t.player:                    # (not another player's, off-turn)
                t.played.append(card)
            if self.logging:
                self.say(f"{self.name(p)} plays {d.id}")
            attack = None
            if "attack" in d.types:
                attack = self.attack_info(p)
                self.fire("attack", p, card, attack)
            if "play" in self.listened:         # fire()'s first test (as Game.gain)
                if self.own_places:              # his tokens on its pile come first
                    self.pile_tokens_play(p, card)
                self.fire("play", p, card)
            self.interp.run_play(card, p, frame_zone, attack)
            if "action_resolved" in self.listened and d.is_action:
                self.action_resolved(p, card)     # mats.py

    def play_from_hand(self, p: int, card) -> None:
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
        """Play every Treasure in the hand, in hand order (an agent's standing answer)."""
        self.play_treasures(p, [c for c in self.players[p].hand.cards if c.d.is_treasure])

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
            if cid in self.landscapes:           # an Event (usually no game has one)
                return self.buy_landscape(p, cid)
            if self.catalog.is_landscape(cid):
                raise GameError(f"{cid} is an Event not in this game (a kingdom lists it)")
            raise GameError(f"{cid} is not in the supply")
        if not self.pile_sizes[pile.slot]:
            raise GameError(f"the {cid} pile is empty")
        if t.buys < 1:
            raise GameError("no buy left")
        if self.buy_limits:
            why = self.why_not_buy(cid)
            if why is not None:
                raise GameError(f"can't buy {cid}: {why}")
        cost = self.cost(pile.d) if self.has_modifiers else pile.d.cost
        if cost.coins > t.coins or cost.potion > t.potions:
            raise GameError(f"cannot afford {cid} ({cost}; have ${t.coins}"
                            + (f" and {t.potions} potion(s)" if t.potions else "") + ")")
        t.buys -= 1
        t.coins -= cost.coins
        t.potions -= cost.potion
        if not (self.keeps_history or self.logging or "buy" in self.listened):
            t.bought = True
            self.gain_from_pile(p, pile)         # nothing to know of the buy itself
            return
        if t.bought:
            t.earlier_buys = True            # (an overpay's tokens: only at the first buy)
        t.bought = True
        card = pile.cards[-1] if pile.cards else pile.top_card_made()
        if self.keeps_history:
            t.buys_made += ((p, card),)
        if self.logging:
            self.say(f"{self.name(p)} buys {card.id}")
        if "buy" in self.listened:
            if self.own_places or self.inherited:    # his Trashing token on its pile,
                self.own_buy(p, cid, card)          # his Estates' inherited `on_buy`
            self.fire("buy", p, card)
        if card.zone is pile:
            self.gain(p, card)
        else:
            self.gain_from_supply(p, cid)

    # ---- Clean-up and the next turn --------------------------------------------------------
    def cleanup(self) -> None:
        """Clean-up: play and hand discarded, a new hand drawn (what a play changed about
        that draw: Game.cleanup_hand). A game in which something hears the end of the Buy
        phase or of Clean-up cleans up with TurnHooks.cleanup_hooked (hooks.py)."""
        t = self.turn
        p = t.player
        pl = self.players[p]
        t.phase = "cleanup"
        if "cleanup_start" in self.listened:   # fire()'s first test (as Game.gain)
            self.fire("cleanup_start", p, None)
        self.in_cleanup = True
        try:
            in_play, discard = pl.in_play, pl.discard
            if self.staying or "discard_from_play" in self.listened:
                rest = self._leave_play(p, pl)   # one by one, where that can matter
            else:
                rest = in_play.cards             # all at once
                in_play.cards = []
            rest += pl.hand.cards                # then the hand, in one move
            pl.hand.cards = []
            for c in rest:
                c.zone = discard
            discard.cards += rest
            if self.masks:                       # a card that played as another
                self.unmask_left_play()
            self.draw(p, self.cleanup_hand(t) if t.cleanup_changed else
                      self.rules.hand_size)
            for c in t.aside_trash:            # returned after Clean-up, not gained
                if c.zone is pl.set_aside:
                    self.move(c, pl.discard)
        finally:
            self.in_cleanup = False

    def _leave_play(self, p: int, pl) -> list:
        """Clean-up's discarding from play when some cards stay in play or a discard from
        play is heard: the cards that hear their own discard first (in the player's
        order), then the others; returns the cards left to discard at once (none when
        every discard from play is heard)."""
        in_play = pl.in_play
        staying = self.staying
        stay = [c for c in in_play.cards if c.uid in staying] if staying else ()
        leaving = [c for c in in_play.cards if c.uid not in staying] if stay \
            else in_play.cards
        first = [c for c in leaving if c.d.triggers and
                 any(tr.on == "discard_from_play" and tr.where == "self"
                     for tr in c.d.triggers)] \
            if "discard_from_play" in self.listened else ()
        if len(first) > 1:
            first = self.decide(Decision(p, "order", "discard_from_play",
                                         "order in which to discard these from play",
                                         tuple(first), len(first), len(first)))
        for c in first:
            if c.zone is in_play:        # a masked card is heard as what it played as
                masked = self.leaving(c, pl.discard) if self.masks else \
                    self.move(c, pl.discard)
                self.fire("discard_from_play", p, c)
                if masked:
                    self.left(c)
        rest = [c for c in in_play.cards if c.uid not in staying] if stay \
            else in_play.cards
        in_play.cards = list(stay)
        if "discard_from_play" in self.listened:
            discard = pl.discard
            for c in rest:
                c.zone = discard
            discard.cards += rest
            for c in rest:
                self.fire("discard_from_play", p, c)
            rest = []
        return rest

    def end_turn(self) -> None:
        """Clean-up, then the next turn (an extra turn first, if any), unless the game ends."""
        last = self.turn
        self.cleanup()
        if self.keeps_history:
            self.players[last.player].last_turn = last
        if self.supply_over:
            self.over = True
            self.say("-- game over")
            return
        if self.extra_turns:
            nxt = self.extra_turns.pop(0)
        else:
            base = self._last_normal if last.extra else last.player
            self._last_normal = (base + 1) % len(self.players)
            nxt = TurnState(self._last_normal, self._last_normal)
        if nxt.player == last.player:
            nxt.run = last.run + 1
        self.start_turn(nxt)

    _last_normal = 0

    def queue_extra_turn(self, p: int, controller: int, gains: bool, trash_aside: bool,
                         no_card_buys: bool = False) -> None:
        """An extra turn after this one; a player's own extra turns come before the ones he
        gives others (Outpost's before Possession's). `no_card_buys`: no card can be
        bought in it (Game.why_not_buy says; a buy that is not of a card can be)."""
        if not self.turn.extra:
            self._last_normal = self.turn.player
        turn = TurnState(p, controller, extra=True, gains_to_controller=gains,
                         trash_set_aside=trash_aside)
        if no_card_buys:
            turn.no_card_buys = True
            self.buy_limits = True               # buyable() now asks why_not_buy
        queue = self.extra_turns
        if p == self.turn.player:
            at = 0
            while at < len(queue) and queue[at].player == p:
                at += 1
            queue.insert(at, turn)
        else:
            queue.append(turn)

    def turns_in_a_row_if_extra(self, p: int) -> int:
        """How many turns in a row player p would have taken by the end of one more extra
        turn of his, queued now."""
        t = self.turn
        queued = 0
        for x in self.extra_turns:
            if x.player != p:
                break
            queued += 1
        return (t.run if t.player == p else 0) + queued + 1
