"""Events and their listeners (part of Game): who hears an event (cards in play or in hand,
the event's own card, piles in the supply, triggers started for the rest of the turn), in
what order, and which players an Attack cannot touch."""
from __future__ import annotations

from typing import Optional

from interpreter.core.state import AttackInfo, Card, Event, Later, Pile

NOTHING_LISTENED = Event("nothing", -1, None)    # what fire() returns when no one listens


class Events:
    """Part of Game (needs players, supply, turn, interp, listened, decide)."""

    def fire(self, kind: str, player: int, card: Optional[Card],
             attack: Optional[AttackInfo] = None, origin=None) -> Event:
        """Tell every listener, the player whose turn it is first, then in turn order;
        one who hears several abilities orders them. An ability that became possible
        meanwhile (a Moat drawn by another reaction) is heard too; each at most once."""
        if kind not in self.listened or not self._may_hear(kind, card):
            return NOTHING_LISTENED
        ev = Event(kind, player, card, attack, zone=card.zone if card is not None else None,
                   origin=origin)
        heard = set()
        while not ev.cancelled:
            found = [x for x in self._listeners(ev) if _key(x) not in heard]
            if not found:
                break
            heard.update(_key(x) for x in found)
            for owner in self._turn_order_from(self.turn.player):
                own = [x for x in found if x[2] == owner]
                first = ()
                if kind == "discard_from_play" and len(own) > 1:
                    first = [x for x in own if isinstance(x[0], Later) and x[0].cards]
                    own = [x for x in own if not (isinstance(x[0], Later) and x[0].cards)]
                if len(own) > 1:
                    own = self.in_chosen_order(owner, "order",
                                               f"order of the abilities triggered by {kind}",
                                               own, lambda x: x[1])
                if first:               # where the card goes (Scheme's), before the rest
                    own = first + own
                for trig, source, ctrl, zone in own:
                    if ev.cancelled:
                        break
                    if zone is not None and source.zone is not zone:
                        continue                      # the card left: it no longer reacts
                    self.interp.run_trigger(trig, source, ctrl, ev)
        return ev

    def _may_hear(self, kind: str, card: Optional[Card]) -> bool:
        """Whether anything can hear an event now (a superset of _listeners finding one):
        the card itself, a supply pile, a trigger started this turn, or a card that hears
        it from a hand or from play while someone holds one (the holdings tally says)."""
        if self.turn.later or kind in self.supply_events or self.abiding or \
                (card is not None and card.d.triggers):
            return True
        ids = self.held_listeners.get(kind)
        if ids:
            for pl in self.players:
                counts = pl.holdings.counts
                for cid in ids:
                    if counts.get(cid):
                        return True
        return False

    def _listeners(self, ev: Event) -> list:
        """(trigger, card, controller, zone the card must still be in) for an event."""
        out = []
        kind, card = ev.kind, ev.card
        if card is not None:
            for t in card.d.triggers:
                if t.on == kind and t.where == "self" and self._who(t, card.owner
                                                                    if card.owner is not None
                                                                    else ev.player, ev) and \
                        (t.came_from is None or self._came_from(t, ev)):
                    # a card's own ability on leaving play: only if it went where the
                    # event put it (a Hermit Scheme put on the deck trashes nothing)
                    out.append((t, card, ev.player,
                                ev.zone if kind == "discard_from_play" else None))
        for pl in self.players:
            for zone_name in ("hand", "in_play"):
                for c in list(pl.zones[zone_name].cards):
                    for t in c.d.triggers:
                        if t.on == kind and t.where == zone_name and self._who(t, pl.index, ev) \
                                and self._what(t, ev, c):
                            out.append((t, c, pl.index, c.zone))
        for d, t in self.supply_listeners:
            if t.on == kind and self._what(t, ev, None):
                pile = self.pile_named(d.id)     # in the Supply or beside it
                out.append((t, pile.top() if pile is not None else None, ev.player, None))
        for later in self.turn.later:
            if later.event == kind and later.frame.you == ev.player and \
                    self._later_hears(later, card):
                out.append((later, later.source, later.frame.you, None))
        if self.abiding:
            out += self.abiding_listeners(ev)
        return out

    def _later_hears(self, later: Later, card) -> bool:
        if later.cards is not None:
            return card is not None and any(c is card for c in later.cards)
        if later.cond is not None:
            return card is not None and self.interp.holds(later.cond, card.d, card)
        return True

    @staticmethod
    def _who(t, owner: int, ev: Event) -> bool:
        return t.who == "anyone" or (t.who == "you") == (owner == ev.player)

    def _came_from(self, t, ev: Event) -> bool:
        """A gain's trigger with `from:`: whether the card came from there."""
        if t.came_from == "trash":
            return ev.origin is self.trash_zone
        return ev.origin is not None and ev.origin.__class__ is Pile   # a Supply pile

    def _what(self, t, ev: Event, source) -> bool:
        if t.came_from is not None and not self._came_from(t, ev):
            return False
        if t.what is None:
            return True
        if t.what == "this":
            return ev.card is source
        return ev.card is not None and self.interp.holds(t.what, ev.card.d, ev.card,
                                                         this=source)

    def _turn_order_from(self, p: int) -> list:
        n = len(self.players)
        return [(p + i) % n for i in range(n)]

    def attack_info(self, p: int) -> AttackInfo:
        """A new Attack by player p: the players a card in play protects are unaffected."""
        info = AttackInfo()
        if self.protection:
            for pl in self.players:
                if pl.index != p and (pl.index in self.shielded or
                                      any(c.d.protects for c in pl.in_play.cards)):
                    info.unaffected.add(pl.index)
        return info


def _key(listener) -> tuple:
    """What one ability is, for hearing each at most once: the trigger and its card (a
    supply pile's ability by the trigger alone: the pile's top card changes)."""
    trig, source, _, _ = listener
    if isinstance(trig, Later) or trig.where == "supply":
        return (id(trig),)
    return (id(trig), id(source))
