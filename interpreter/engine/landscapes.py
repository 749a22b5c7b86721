"""Landscapes in a game (part of Game): things beside the Supply that are not cards, in no
pile and in no zone, listed in the kingdom by id. An Event is bought with a Buy at its
printed cost (no cost change applies: it is not a card); that ends the Treasures' time and
counts among the turn's buys, not among the cards bought (`on: buy` triggers of cards do
not hear it); then what buying it does (its `on_buy`) runs for the buyer. `limit: turn |
game`: each player buys it at most once per turn / per game.

A game without landscapes never reaches this code: `Game.landscapes` is the shared empty
dict, and `buyable` is the class's own."""
from __future__ import annotations

from interpreter.core.setup import GameError
from interpreter.effects.expressions import Frame

_LIMITS = {"turn": "once per turn", "game": "once per game"}


class Landscapes:
    """Part of Game (needs turn, players, interp, say, name, buyable's piles)."""
    landscapes: dict = {}          # landscape id -> definition (shared, empty: no Events)

    def _set_up_landscapes(self, plan) -> None:
        """The game's Events, and what a buy decision offers: the affordable piles, then
        the Events (only in a game that has some)."""
        self.landscapes = {d.id: d for d in plan.landscapes}
        self.bought_once: set = set()        # (player, id) of `limit: game` Events bought
        self.buyable = self._buyable_with_landscapes

    def _buyable_with_landscapes(self) -> tuple:
        piles = type(self).buyable(self)
        events = self.landscapes_buyable()
        return piles + events if events else piles

    def landscapes_buyable(self) -> tuple:
        """Ids of the Events the player whose turn it is may buy now (afforded, his buy
        left, not over their limit), in the kingdom's order."""
        t = self.turn
        if t.buys < 1 or t.phase not in ("action", "buy"):
            return ()
        return tuple([lid for lid, d in self.landscapes.items()
                      if d.landscape == "event" and d.cost.coins <= t.coins and
                      d.cost.potion <= t.potions and self.why_not_landscape(t.player, d)
                      is None])

    def why_not_landscape(self, p: int, d) -> str | None:
        """Why player p may not buy this Event now by its limit, or None."""
        if d.limit == "turn" and d.id in self.turn.landscapes_bought:
            return "it may be bought once per turn"
        if d.limit == "game" and (p, d.id) in self.bought_once:
            return "it may be bought once per game"
        return None

    def buy_landscape(self, p: int, lid: str) -> None:
        """Buy an Event (Game.buy has checked the phase): a Buy and its printed cost, then
        its effect for the buyer; never a gain, never a card bought."""
        t = self.turn
        d = self.landscapes[lid]
        if d.landscape != "event":
            raise GameError(f"{lid} is a {d.landscape}: it is not bought")
        if t.buys < 1:
            raise GameError("no buy left")
        why = self.why_not_landscape(p, d)
        if why is not None:
            raise GameError(f"can't buy {lid}: {why} ({_LIMITS[d.limit]})")
        cost = d.cost
        if cost.coins > t.coins or cost.potion > t.potions:
            raise GameError(f"cannot afford {lid} ({cost}; have ${t.coins}"
                            + (f" and {t.potions} potion(s)" if t.potions else "") + ")")
        t.buys -= 1
        t.coins -= cost.coins
        t.potions -= cost.potion
        if t.bought:
            t.earlier_buys = True            # a buy before the next one (not a card bought)
        t.bought = True                      # the Treasures' time is over
        t.landscapes_bought = (*t.landscapes_bought, lid)
        if d.limit == "game":
            self.bought_once.add((p, lid))
        if self.logging:
            self.say(f"{self.name(p)} buys the Event {lid}")
        if d.on_play:
            self.interp._nested(d.on_play, Frame(p, p, this=[], source=lid), lid)

