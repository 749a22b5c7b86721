"""Mats and calls (part of Game): abilities heard while a card lies on its owner's mat
(`where: tavern mat`), the start of a turn's abilities ordered with what earlier plays left
for it, calling a card from its mat into play (not a play), and the moments of a turn the
language names: directly after an Action resolved, the end of the Buy phase, after
Clean-up. Only looked at in games where some card listens to them (Game.listened)."""
from __future__ import annotations

from interpreter.core.state import Event, Pending


def is_mat(zone, owner) -> bool:
    """Whether a zone is one of its owner's mats ("NAME mat")."""
    return owner is not None and zone.owner == owner and zone.name.endswith(" mat")


class Mats:
    """Part of Game (needs players, turn, listened, fire, _listeners, _may_hear, move,
    in_chosen_order, interp, staying, say)."""

    def mat_of(self, pl, card, mat: str):
        """Player pl's mat of that name, where a card is about to be put (logged)."""
        zone = pl.mat(mat)
        if self.logging and card.zone is not zone:
            self.say(f"{pl.name} puts {card.id} on his {mat.replace('_', ' ')} mat")
        return zone

    def start_of_turn(self, p: int, pending) -> None:
        """What happens at the start of player p's turn: what his plays left for it
        (Durations) and the abilities that hear `turn_start` (a Reserve card on his mat),
        in the order he chooses among those that do something."""
        heard, others, ev = [], [], None
        if "turn_start" in self.listened and self._may_hear("turn_start", None):
            ev = Event("turn_start", p, None)
            heard = self._listeners(ev)
            others = [x for x in heard if x[2] != p]      # other players' (`who: other`)
            heard = [x for x in heard if x[2] == p]
        for x in pending:
            for c in x.keeps:                    # discarded in this turn's Clean-up
                n = self.staying.get(c.uid, 0) - 1
                if n > 0:
                    self.staying[c.uid] = n
                else:
                    self.staying.pop(c.uid, None)
        acting = self.in_chosen_order(p, "next_turn",
                                      "order of what your cards do at the start of turn",
                                      [x for x in pending if x.body] + heard, _label)
        for q in self._turn_order_from(p)[1:] if others else ():
            own = [x for x in others if x[2] == q]
            acting += self.in_chosen_order(q, "order", "order of the abilities triggered "
                                           "by turn_start", own, _label)
        for x in acting:
            if isinstance(x, Pending):
                self.interp.run_pending(x)
                continue
            trig, source, ctrl, zone = x
            if zone is not None and source.zone is not zone:
                continue                          # the card left its mat meanwhile
            self.interp.run_trigger(trig, source, ctrl, ev)

    def call(self, card) -> bool:
        """Move a card from its owner's mat into his play area: not a play (no Action used,
        no play event, not among the cards played); discarded in this turn's Clean-up
        (whoever's turn it is). False if it is not on a mat of its owner."""
        p = card.owner
        if not is_mat(card.zone, p):
            return False
        self.move(card, self.players[p].in_play)
        if self.logging:
            self.say(f"{self.name(p)} calls {card.id}")
        t = self.turn
        if p != t.player:            # discarded before the Clean-up's draw (cleanup_hand)
            t.called_off = t.called_off + (card,)
            t.cleanup_changed = True
        return True

    def action_resolved(self, p: int, card) -> None:
        """Directly after an Action card's play resolved (each play of it)."""
        self.fire("action_resolved", p, card)

    def discard_called_off_turn(self) -> None:
        """Clean-up: the cards other players called in this turn leave play too (unless a
        Duration they replayed keeps them)."""
        staying = self.staying
        for c in self.turn.called_off:
            if c.owner is not None and c.zone is self.players[c.owner].in_play and \
                    c.uid not in staying:
                self.move(c, self.players[c.owner].discard)


def _label(x):
    """The card an item of the start of a turn comes from (what its order is asked by)."""
    if isinstance(x, Pending):
        return x.source
    return x[1]


__all__ = ["Mats", "is_mat"]
