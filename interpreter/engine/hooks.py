"""The turn loop's hooks (part of Game): a game starts its turns, cleans up and plays a
turn the plain way (Phases.start_turn, Phases.cleanup, turns.plain_turn), and puts the
hooked way in their place (an attribute of the game) when it has something that uses it:
at setup (a card of the game hears the turn's moments, `turn_start`, `buy_end`,
`cleanup_end`, or gives tokens a set's rule lets players spend), when a card is brought in
(Game.new_card), and when it happens (an ability that lasts beyond its turn, abiding.py; a
bonus a player got off his turn, Interpreter._add; tokens he may spend given otherwise,
Game.add_tokens). So no step of a game that uses none of them tests for them."""
from __future__ import annotations

from .turns import plain_turn, spending_turn

HOOKED = ("start_turn", "cleanup", "turn_loop")      # what a game's own attributes replace


class TurnHooks:
    """Part of Game (needs players, pending, listened, abiding, start_of_turn, fire,
    discard_called_off_turn, rules, catalog)."""

    turn_loop = staticmethod(plain_turn)   # turns.play_turn's body, one turn

    def hook_tokens(self, kinds) -> None:
        """Cards of the game give tokens of these kinds (SetupPlan.token_kinds): one a
        set's rule lets players spend asks every turn whether to spend them."""
        for kind in kinds:
            self.hook_spending(kind)

    def hook_events(self) -> None:
        """The hooks the events the game listens to need (after `listened` grew)."""
        heard = self.listened
        if "turn_start" in heard:
            self.hook_turn_start()
        if "buy_end" in heard or "cleanup_end" in heard:
            self.hook_cleanup()

    def hook_turn_start(self) -> None:
        if "start_turn" not in self.__dict__:
            self.start_turn = self.start_turn_hooked

    def hook_cleanup(self) -> None:
        if "cleanup" not in self.__dict__:
            self.cleanup = self.cleanup_hooked

    def hook_spending(self, kind: str) -> None:
        """Tokens of a kind can be got (a card of the game gives them, or a player got
        some): if a set's rule spends them, the turns ask whether to spend them."""
        if "turn_loop" not in self.__dict__ and kind in self.catalog.spendable():
            self.turn_loop = spending_turn

    def start_turn_hooked(self, turn, abilities: bool = True) -> None:
        """Phases.start_turn, and: what the player got off his turn is forgotten, what
        lasts beyond a turn joins what earlier plays left for it (abiding.py), and
        (unless `abilities` is false: a scenario's position, already past the start) what
        hears the start of the turn (mats.py), all in his order."""
        pl = self.players[turn.player]
        if pl.off_turn:
            pl.off_turn.clear()              # his own turn starts afresh
        pending = self.pending.pop(turn.player, None) if self.pending else None
        type(self).start_turn(self, turn)    # the turn's counters, the log (no pending left)
        if self.abiding_starts or self.abiding:        # what lasts beyond a turn
            pending = self.abiding_at_turn_start(turn.player, pending)
        if pending or abilities and "turn_start" in self.listened:
            self.start_of_turn(turn.player, pending or ())     # mats.py

    def cleanup_hooked(self) -> None:
        """Phases.cleanup, after the end of the Buy phase is heard and before the end of
        Clean-up is."""
        t = self.turn
        p = t.player
        if "buy_end" in self.listened and t.phase != "cleanup":
            t.phase = "buy"
            self.fire("buy_end", p, None)         # the end of the Buy phase
        type(self).cleanup(self)
        if "cleanup_end" in self.listened:      # after Clean-up's draw
            self.fire("cleanup_end", p, None)

    def cleanup_hand(self, t) -> int:
        """How many cards the Clean-up draws when a play changed it (TurnState
        .cleanup_changed): the hand size a play set, and the cards it added; the cards
        other players called into play this turn leave it first."""
        if t.called_off:
            self.discard_called_off_turn()       # mats.py
        return (self.rules.hand_size if t.cleanup_draw is None else t.cleanup_draw) + \
            t.cleanup_more


__all__ = ["HOOKED", "TurnHooks"]
