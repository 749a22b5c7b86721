"""The supply's figures, kept as cards move rather than counted when asked: each pile's size
(in slot order and smallest first), the empty piles, whether they end the game, the fewest
gains that would end it, and what can be bought with how much. A bot reads these at every
buy; `check_supply_figures` recounts them (the fuzzer does after every decision)."""
from __future__ import annotations

from bisect import bisect_left, bisect_right

from interpreter.core.state import AsidePile, Card, Pile, shuffle

_MAX_SHARED_TABLES = 256     # sets of empty piles a kingdom remembers what is buyable for


def _fewest_gains_to_end(ordered: list, sizes: list, end_piles: int, end_slot,
                         more_end_slots: tuple = ()) -> int:
    """The fewest gains that would end the game: the smallest piles (`ordered` is the pile
    sizes, smallest first), or an end pile."""
    to_end = sum(ordered[:end_piles])
    ends = ((end_slot,) if end_slot is not None else ()) + more_end_slots
    return min([to_end] + [sizes[slot] for slot in ends])


class SupplyFigures:
    """Part of Game: the supply piles and their figures. Game.move calls _pile_changed when
    a card leaves or joins a pile."""
    varying_tops = False     # a mixed pile's cards cost different amounts: what can be
                             # bought is not a kingdom's table (Game.printed_costs_now)

    def _set_up_supply(self, plan, alloc) -> None:
        self.supply: dict[str, Pile] = {cid: Pile(cid, d, size, alloc, slot)
                                        for slot, (cid, d, size) in enumerate(plan.piles)}
        self.pile_sizes = [size for _, _, size in plan.piles]   # by slot
        # the piles beside the Supply, and the pile of each card whose pile is not the
        # Supply pile of its id (usually none)
        self.aside = {cid: AsidePile(cid, d, size, alloc) for cid, d, size in plan.aside}
        self.homes = dict(self.aside)
        self.take_any: dict = {}     # card id -> its `take: any` pile beside the Supply
        self.named_by = plan.named_by or {}  # such a card id -> the names that name it
        if plan.mixed:
            self._set_up_mixed(plan, alloc)
        if plan.aside_mixed:
            self._set_up_aside_mixed(plan, alloc)
        self._sizes_sorted = sorted(self.pile_sizes)              # the same, smallest first
        self._buyable_shared = plan.buyable  # empty piles -> (coins, potions) -> buyable(),
                                             # shared by every game of the kingdom
        self._end_slot, self._end_piles, self._by_cost = \
            plan.end_slot, plan.end_piles, plan.by_cost
        self._more_end = plan.more_end_slots     # a set rule's end piles (usually none)
        self.end_pile_ids = frozenset(plan.piles[s][0] for s in self._more_end) | (
            {plan.piles[plan.end_slot][0]} if plan.end_slot is not None else set())
        self._smallest = sum(self._sizes_sorted[:self._end_piles])   # the smallest piles'
        self.to_end = _fewest_gains_to_end(self._sizes_sorted, self.pile_sizes,
                                           self._end_piles, self._end_slot, self._more_end)
        self._count_empty()

    def _set_up_mixed(self, plan, alloc) -> None:
        """Each mixed pile's cards: all of them shuffled (or as listed), its size counted out
        from the top (the rest are not in the game), the top one face up."""
        piles = list(self.supply.values())
        for slot, kinds, shuffled in plan.mixed:
            pile = piles[slot]
            pile.mixed, pile.count = True, 0
            cards = [Card(alloc(), d, pile) for d, k in kinds for _ in range(k)]
            if shuffled:
                shuffle(self.rng, cards, pile)
            else:                            # as listed: the first on top (the list's end)
                cards.reverse()
            pile.cards = cards[len(cards) - self.pile_sizes[slot]:] if self.pile_sizes[slot] \
                else []
            pile.retop()
            for d, _ in kinds:
                self.homes[d.id] = pile
            if len({d.cost for d, _ in kinds}) > 1:
                self.varying_tops = self.has_modifiers = True

    def _set_up_aside_mixed(self, plan, alloc) -> None:
        """Each mixed pile beside the Supply (the Prizes): its cards made, shuffled (or as
        listed), its size counted out; a `take: any` pile's cards each may be taken."""
        for pid, kinds, shuffled, size, take_any in plan.aside_mixed:
            pile = AsidePile(pid, kinds[0][0], 0, alloc)
            pile.mixed = True
            cards = [Card(alloc(), d, pile) for d, k in kinds for _ in range(k)]
            if shuffled:
                shuffle(self.rng, cards, pile)
            else:
                cards.reverse()
            pile.cards = cards[len(cards) - size:] if size else []
            self.aside[pid] = pile
            for d, _ in kinds:
                self.homes[d.id] = pile
                if take_any:
                    self.take_any[d.id] = pile

    def _pile_changed(self, slot: int, delta: int) -> None:
        """A card left or joined a supply pile: keep the sizes, in slot order and smallest
        first, and the figures worked out from them."""
        sizes = self.pile_sizes
        was = sizes[slot]
        sizes[slot] = was + delta
        ordered = self._sizes_sorted             # change one `was` there: the first or last
        at = bisect_left(ordered, was) if delta < 0 else bisect_right(ordered, was) - 1
        ordered[at] = was + delta                # (still in order)
        if at < self._end_piles:                 # one of the smallest piles: their sum
            self._smallest += delta
        to_end = self._smallest                  # _fewest_gains_to_end(), kept as it goes
        end = self._end_slot                     # because this runs at every gain
        if end is not None and sizes[end] < to_end:
            to_end = sizes[end]
        if self._more_end:
            to_end = min([to_end] + [sizes[s] for s in self._more_end])
        self.to_end = to_end
        if not was or not sizes[slot]:           # a pile emptied or refilled
            self._count_empty()

    def _count_empty(self) -> None:
        """Empty piles, whether they end the game, and which table of affordable piles
        holds: these change only when a pile empties or refills."""
        sizes = self.pile_sizes
        self.empty_count = empty = sizes.count(0)
        self.supply_over = empty >= self._end_piles or \
            (self._end_slot is not None and sizes[self._end_slot] == 0) or \
            any(sizes[s] == 0 for s in self._more_end)
        empty_slots = tuple([slot for slot, size in enumerate(sizes) if not size]) \
            if empty else ()
        shared = self._buyable_shared
        known = shared.get(empty_slots)
        if known is None:
            known = {}
            if len(shared) < _MAX_SHARED_TABLES:    # bounded, for random play
                shared[empty_slots] = known
        self._buyable = known

    def _allowed(self, options: tuple) -> tuple:
        """Of the affordable piles, those no card forbids buying now."""
        return tuple([cid for cid in options if self.why_not_buy(cid) is None])

    def why_not_buy(self, cid: str):
        """Why the player whose turn it is may not buy this pile's card now (its `buy_if`
        does not hold, or a play this turn forbade it), or None."""
        if cid in self.turn.banned:
            return "a card played this turn forbids buying it"
        if self.turn.no_card_buys:
            return "no card can be bought in this turn"
        cond = self.supply[cid].d.buy_if
        if cond is not None and not self.interp.holds(cond, self.supply[cid].d):
            return "its condition to be bought does not hold"
        return None

    def offered(self, cid: str):
        """The definition a pile id offers (a mixed pile's: its top card's), or a card id's
        own."""
        pile = self.supply.get(cid)
        return pile.d if pile is not None else self.catalog.cards[cid]

    def pile_named(self, cid: str):
        """The pile of a card id: its Supply pile, else its pile beside the Supply, else
        None."""
        pile = self.supply.get(cid)
        return pile if pile is not None else self.aside.get(cid)

    def return_pile(self, card, own_pile: bool = False):
        """The pile a card is returned to: its Supply pile (`return ... to supply`), or with
        `own_pile` its pile wherever it is (beside the Supply too); None if it has none (a
        Prize, Spoils: never "to the Supply")."""
        pile = self.supply.get(card.id)
        if pile is None:
            pile = self.homes.get(card.id)
            if pile is not None and not own_pile and pile.__class__ is not Pile:
                pile = None                  # beside the Supply: not "to the Supply"
        return pile

    def taken_any(self, cid: str):
        """A card of id `cid` in its `take: any` pile beside the Supply, or None (none
        left, or no such pile)."""
        pile = self.take_any.get(cid)
        if pile is None:
            return None
        return next((c for c in reversed(pile.cards) if c.d.id == cid), None)

    def add_pile_tokens(self, cid: str, kind: str, n: int) -> bool:
        if cid not in self.supply or n <= 0:
            return False
        on = self.pile_tokens.setdefault(cid, {})
        on[kind] = on.get(kind, 0) + n
        if self.logging:
            self.say(f"{n} {kind} token(s) on the {cid} pile")
        return True

    def buyable(self) -> tuple:
        """Ids of the piles the player whose turn it is can afford now, in supply order,
        less any a card forbids buying (`buy_if`, `this turn can't buy`: only looked at in
        games with such a card).
        With printed costs (also when nothing that changes them is in effect now), this
        depends only on the coins, potions and which piles are empty: worked out once per
        kingdom for each (coins, potions) and set of empty piles."""
        t = self.turn
        coins, potions = t.coins, t.potions
        if not self.has_modifiers or self.printed_costs_now():
            known = self._buyable
            hit = known.get((coins, potions))
            if hit is None:
                sizes = self.pile_sizes
                hit = known[coins, potions] = tuple(
                    [cid for cid, slot, c, potion in self._by_cost
                     if c <= coins and potion <= potions and sizes[slot]])
            return self._allowed(hit) if self.buy_limits else hit
        cost = self.cost
        out = []
        for cid, pile in self.supply.items():
            if self.pile_sizes[pile.slot]:
                c = cost(pile.d)
                if c.coins <= coins and c.potion <= potions:
                    out.append(cid)
        return self._allowed(tuple(out)) if self.buy_limits else tuple(out)

    def gains_to_end(self) -> int:
        """The fewest gains that would end the game: emptying the end pile, or the smallest
        piles (kept as the pile sizes change)."""
        return self.to_end

    def game_over(self) -> bool:
        return self.supply_over

    def check_supply_figures(self) -> None:
        """Recount every kept figure from the piles themselves."""
        sizes = [len(pile) for pile in self.supply.values()]
        if sizes != self.pile_sizes or sorted(sizes) != self._sizes_sorted:
            raise AssertionError(f"pile sizes tallied {self.pile_sizes} (in order "
                                 f"{self._sizes_sorted}), counted {sizes}")
        empty, over = self.empty_count, self.supply_over
        self._count_empty()
        to_end = _fewest_gains_to_end(sorted(sizes), sizes, self._end_piles, self._end_slot,
                                      self._more_end)
        if self._smallest != sum(sorted(sizes)[:self._end_piles]):
            raise AssertionError(f"the smallest piles' sum kept as {self._smallest}")
        if (empty, over, self.to_end) != (self.empty_count, self.supply_over, to_end):
            raise AssertionError(f"supply figures kept as {(empty, over, self.to_end)}, are "
                                 f"{(self.empty_count, self.supply_over, to_end)}")
