"""A player's own tokens (part of the Interpreter): `move your KIND token to a pile where
COND`, `put your KIND token on deck`, `take your KIND token`, `turn your KIND token over`,
and `your NAME cards inherit SPEC` (a Supply card set aside, whose abilities and types his
cards of that name take). The places and what the tokens do are the game's
(interpreter/engine/own_tokens.py); the rules are the set's (`tokens:` in set.yaml)."""
from __future__ import annotations

from dsl.language import ast as A

from interpreter.core.decisions import Decision
from .expressions import Frame


class OwnTokenStatements:
    """Part of the Interpreter (needs self.game, self.holds, gain_candidates)."""

    def own_token_statements(self) -> dict:
        return {A.OwnToken: self._own_token, A.Inherit: self._inherit}

    def own_token_piles(self, s: A.OwnToken, f: Frame) -> list:
        """The Supply piles a `move your KIND token to a pile where COND` may choose: COND
        holds of every card of the pile (of a mixed pile's each card); empty piles too."""
        g = self.game
        if s.where is None:
            return list(g.supply)
        return [cid for cid, pile in g.supply.items()
                if all(self.holds(s.where, d, frame=f)
                       for d in (g.catalog.defs_of(cid) if pile.mixed else (pile.d,)))]

    def _own_token(self, s: A.OwnToken, f: Frame, optional):
        g = self.game
        p = f.actor
        if s.action == "turn":
            return g.turn_token(p, s.kind)
        if s.action != "pile":
            return g.place_token(p, s.kind, s.action)
        if s.card is not None:                # `to pile of it`: no choice
            cards = self.ev.cards(s.card, f)
            pid = g.pile_id_of(cards[0].d.id) if cards else None
            return g.place_token(p, s.kind, pid) if pid in g.supply else False
        piles = self.own_token_piles(s, f)
        if not piles:
            return False
        cid = g.decide(Decision(p, "pile", "own_token",
                                f"move your {s.kind} token to a pile", tuple(piles),
                                0 if optional else 1, 1, f.source, None, s, f))
        return g.place_token(p, s.kind, cid) if cid else False

    def _inherit(self, s: A.Inherit, f: Frame, optional):
        """He picks a Supply pile SPEC allows and sets its top card aside (his, not
        gained); his cards named s.name take its abilities and types for good."""
        g = self.game
        p = f.actor
        cands = self.gain_candidates(s.spec, f)
        cands = [cid for cid in cands if cid in g.supply]
        if not cands:
            return False
        cid = g.decide(Decision(p, "pile", "inherit",
                                f"set aside a card whose abilities your {s.name} cards take",
                                tuple(cands), 0 if optional else 1, 1, f.source, None, s, f))
        if not cid:
            return False
        return g.inherit(p, s.name, cid)
