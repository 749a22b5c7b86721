"""Abilities a play starts beyond its turn (part of Game): for the rest of the game (at
the start of each of the player's turns, on his events, protection from other players'
Attacks: the card and what played it stay in play for good) and until the player's next
turn (a lasting Attack hearing other players' events, with the players who were
unaffected when it was played left out); and exchanging a card (Travellers: return it
to its pile, take the top card of another pile, neither a gain nor a trash)."""
from __future__ import annotations

from interpreter.core.state import Abiding, Pending


class Abilities:
    """Part of Game (needs players, turn, staying, pending, move, pile_named, homes, say)."""

    abiding = ()              # Abiding listeners on events (a list once one is started)
    abiding_starts = None     # player -> [Abiding] run at the start of each of his turns
    shielded = frozenset()    # players other players' Attacks do not affect, for good

    def keeps_in_play(self, source) -> list:
        """The card an ability lasts on and the cards whose effects played it (a Throne
        Room), those of them still in play."""
        keeps, card = [], source
        parents = self.turn.played_by or {}
        while card is not None and card.owner is not None and card not in keeps \
                and card.zone is self.players[card.owner].in_play:
            keeps.append(card)
            card = parents.get(card.uid)
        return keeps

    def start_abiding(self, a: Abiding) -> None:
        """A play started an ability for the rest of the game or until its player's next
        turn: the card (and what played it) stays in play for good, or until the Clean-up
        of that turn."""
        p = a.owner
        self.hook_turn_start()           # the start of a turn now looks at it (hooks.py)
        if a.span == "game":
            for c in self.keeps_in_play(a.source):      # never released: in play for good
                self.staying[c.uid] = self.staying.get(c.uid, 0) + 1
        else:
            self.leave_for_next_turn(p, Pending((), a.frame, a.source))
        if a.event == "unaffected":
            self.shielded = self.shielded | {p}
            self.protection = True
        elif a.event == "turn_start":
            if self.abiding_starts is None:
                self.abiding_starts = {}
            self.abiding_starts.setdefault(p, []).append(a)
        else:
            if not self.abiding:
                self.abiding = []
            self.abiding.append(a)
            self.listened.add(a.event)
            self.hook_events()
        if self.logging:
            what = a.source.id if a.source is not None else a.frame.source
            span = "for the rest of the game" if a.span == "game" else \
                f"until {self.name(p)}'s next turn"
            self.say(f"{self.name(p)}'s {what} lasts {span}")

    def abiding_at_turn_start(self, p: int, pending):
        """Player p's turn starts: what lasted until it ends; what lasts for the rest of
        the game at the start of each of his turns joins what earlier plays left for it
        (he orders them all)."""
        if self.abiding:
            self.abiding = [a for a in self.abiding
                            if a.span != "next_turn" or a.owner != p]
        starts = self.abiding_starts.get(p) if self.abiding_starts else None
        if starts:
            pending = list(pending or ()) + [Pending(a.body, a.frame, a.source)
                                             for a in starts]
        return pending

    def abiding_listeners(self, ev) -> list:
        """(ability, card, player who acts, None) of the lasting abilities that hear an
        event: of their player's events (`you`), the other players' (`other`), anyone's;
        never a player the lasting Attack did not affect when it was played."""
        out = []
        q = ev.player
        for a in self.abiding:
            if a.event != ev.kind or q in a.unaffected:
                continue
            if (a.who == "you" and q != a.owner) or (a.who == "other" and q == a.owner):
                continue
            if ev.card is not None and ev.card is a.source:
                continue                  # never its own card (Champion's play, replayed)
            if self._later_hears(a, ev.card):
                out.append((a, a.source, q, None))
        return out

    def listen_from_supply(self, d) -> None:
        """A card brought into the game (a scenario's setup) whose triggers listen to the
        Supply: they work from it as from a pile's card."""
        heard = [(d, t) for t in d.triggers if t.where == "supply"]
        if heard and all(x.id != d.id for x, _ in self.supply_listeners):
            self.supply_listeners = self.supply_listeners + tuple(heard)
            self.supply_events = self.supply_events | {t.on for _, t in heard}

    # ---- exchanging ------------------------------------------------------------------------
    def can_exchange(self, cid: str) -> bool:
        pile = self.pile_named(cid)
        return pile is not None and len(pile) > 0

    def exchange(self, card, cid: str, p: int) -> bool:
        """Return `card` to its pile and put the top card of `cid`'s pile into the card's
        owner's discard pile: not a gain (no gain is heard), not a trash. Nothing when that
        pile is empty or the card has no pile to go back to."""
        pile = self.pile_named(cid)
        own = card.d.id
        if self.masks and card.uid in self.masks:   # a card played as a Traveller goes
            own = self.masks[card.uid][1].id        # back to its own pile
        home = self.supply.get(own)
        if home is None:
            home = self.homes.get(own)
        if pile is None or not len(pile) or home is None or card.zone is home:
            return False
        owner = card.owner if card.owner is not None else p
        self.move(card, home)
        got = pile.top()
        self.move(got, self.players[owner].discard)
        if self.logging:
            self.say(f"{self.name(owner)} exchanges {card.id} for {got.id}")
        return True
