"""What must hold of a game at every moment (part of Game): the fuzzer and the tests check
it after every decision; a game never runs it."""
from __future__ import annotations

from collections import Counter

from interpreter.core.state import Pile


class Invariants:
    """Part of Game (needs supply, aside, take_any, homes, trash_zone, players,
    total_cards, pile_tokens, shared_tokens, landscapes, turn, masks, check_own_tokens,
    check_supply_figures)."""

    def zones(self):
        yield from self.supply.values()
        yield from self.aside.values()
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
            if zone.owner is None and any(c.owner is not None for c in cards):
                raise AssertionError(f"a card in {zone} has an owner")
            if any(c.d.landscape is not None for c in cards):
                raise AssertionError(f"a landscape (an Event) is in {zone}: it is no card")
            if isinstance(zone, Pile) and (zone.__class__ is Pile or not zone.mixed) and \
                    any(c.d is not zone.d for c in (cards[-1:] if zone.mixed else cards)):
                raise AssertionError(f"the {zone.name} pile offers another card than its top")
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
            if any(n < 0 for n in pl.tokens.values()):
                raise AssertionError(f"{pl.name} has fewer than no tokens: {pl.tokens}")
            if any(c.owner != pl.index for c in cards):
                raise AssertionError(f"a card of {pl.name}'s zones has another owner")
        for cid, pile in self.take_any.items():     # a mixed pile beside the Supply
            if self.aside.get(pile.name) is not pile or pile.count or \
                    any(self.homes.get(c.d.id) is not pile for c in pile.cards):
                raise AssertionError(f"the {pile.name} pile beside the Supply holds {cid} "
                                     "but is not its cards' home")
        for cid, on in self.pile_tokens.items():
            if cid not in self.supply or any(n < 0 for n in on.values()):
                raise AssertionError(f"tokens {on} on the {cid} pile")
        if any(n < 0 for n in self.shared_tokens.values()):
            raise AssertionError(f"fewer than no tokens on the shared mat: {self.shared_tokens}")
        for lid in self.landscapes:
            if lid in self.supply or lid in self.aside or lid in self.homes:
                raise AssertionError(f"the landscape {lid} has a pile")
        t = self.turn
        if min(t.actions, t.buys, t.coins, t.potions) < 0:
            raise AssertionError(f"the turn's counters are below none: {t.actions} action(s), "
                                 f"{t.buys} buy(s), ${t.coins}, {t.potions} potion(s)")
        for card, _ in (self.masks or {}).values():
            if card.zone.name != "in_play" and card.uid not in self.hearing and \
                    not self.in_cleanup:         # (its leaving is being heard)
                raise AssertionError(f"{card} is out of play but still plays as another card")
        self.check_own_tokens()
        self.check_supply_figures()
