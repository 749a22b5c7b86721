"""What a card costs now: its printed cost changed by the cost changes of the cards in play
(Highway, once per copy), of the cards whose piles are in the game (a card's own cost in a
phase), and of this turn's plays (Bridge). Part of Game."""
from __future__ import annotations

from dsl.language.model import Cost

from interpreter.effects.expressions import Frame


class Costs:
    """Part of Game (needs players, turn, has_modifiers, pile_modifiers, interp)."""

    def printed_costs_now(self) -> bool:
        """Whether every card costs what it says now: nothing here can change a cost, or
        nothing in play does and no play this turn has (most turns of such a kingdom)."""
        if not self.has_modifiers:
            return True
        if self.turn.cost_changes or self.varying_tops or self.own_costs:
            return False
        phase = self.turn.phase
        for _, m in self.pile_modifiers:
            if m.phase is None or m.phase == phase:
                return False
        for p in self.players:
            for c in p.in_play.cards:
                if c.d.changes_costs and any(m.changes_cost and m.where == "in_play"
                                             for m in c.d.modifiers):
                    return False
        return True

    def cost(self, d) -> Cost:
        """A card's cost now: its printed cost changed by the cards in play, by the cost
        changes heard from the supply (in their phase), and by what this turn's plays
        started (Bridge), not below $0; the Potion part never changes."""
        if not self.has_modifiers:
            return d.cost
        delta = 0
        for p in self.players:
            for c in p.in_play.cards:
                for m in c.d.modifiers:
                    if m.where == "in_play" and m.changes_cost and self._modifies(m, c.d, d, c):
                        delta += m.cost if m.amount is None else self._cost_amount(m, c)
        if self.pile_modifiers:
            phase = self.turn.phase
            for owner, m in self.pile_modifiers:
                if (m.phase is None or m.phase == phase) and self._modifies(m, owner, d):
                    delta += m.cost if m.amount is None else self._cost_amount(m)
        if self.own_costs:                   # a player's cost token, on his turns
            delta += self.own_cost_change(d)
        for change, kind in self.turn.cost_changes:
            if kind is None or kind == d.id or kind in d.types:
                delta += change
        if not delta:
            return d.cost
        return Cost(max(0, d.cost.coins + delta), d.cost.potion)

    def _modifies(self, m, owner, d, card=None) -> bool:
        """Whether a cost change of the card `owner` is for cards like `d`."""
        what = m.what
        if what is None:
            return True
        if what == "this":
            return d.id == owner.id
        return self.interp.holds(what, d, card)

    def _cost_amount(self, m, card=None) -> int:
        """A cost change's expression, read for the player whose turn it is."""
        this = [(card, card.zone)] if card is not None else None
        return self.interp.ev.eval(m.amount, Frame(None, self.turn.player, this=this))
