"""Evaluation of expressions. Card values are always lists of cards (a single card is a list
of at most one). A variable (and `this`, `it`) remembers where each card was when it was
bound: reading it (count, cost, is) sees every bound card, but moving it moves only the cards
still there ("lose track"), see `still_there`."""
from __future__ import annotations

from dsl.language.model import Cost
from interpreter.core.state import Pile
from dsl.language.strategy_answers import STRATEGY_FACTS

from .compiler import FACTS, Bound, compiled, is_kind, located, truthy  # noqa: F401


# ---- the facts a strategy's conditions read besides the card language's own -----------------
# (dsl.strategy_answers.STRATEGY_FACTS names them for the checks; docs/language.md). This
# turn's counters belong to the player whose turn it is: another player reads 0.
def _hand_coins(g, f) -> int:
    """The turn's coins so far (on his turn) and the coins of the plain `+$N` lines of the
    Treasures in his hand: what he could spend if he played them now."""
    p = f.actor
    t = g.turn
    coins = t.coins if t.player == p else 0
    for c in g.players[p].hand.cards:
        d = c.d
        if d.is_treasure:
            coins += d.plain_coins
    return coins


def _vp_lead(g, f) -> int:
    """His victory points less the most any other player has."""
    p = f.actor
    return g.vp(p) - max((g.vp(q) for q in range(len(g.players)) if q != p), default=0)


STRATEGY_FACT_VALUES = {
    "coins": lambda g, f: g.turn.coins if g.turn.player == f.actor else 0,
    "coins_in_hand": _hand_coins,
    "actions": lambda g, f: g.turn.actions if g.turn.player == f.actor else 0,
    "buys": lambda g, f: g.turn.buys if g.turn.player == f.actor else 0,
    "vp_lead": _vp_lead,
    "turns": lambda g, f: g.players[f.actor].turns,
}
assert set(STRATEGY_FACT_VALUES) == set(STRATEGY_FACTS)


def compiled_for_strategy(e):
    """A strategy's condition compiled with the strategy facts as names too (only there:
    a card's effects never read them, and may bind variables of those names)."""
    added = [n for n in STRATEGY_FACT_VALUES if n not in FACTS]
    FACTS.update((n, STRATEGY_FACT_VALUES[n]) for n in added)
    try:
        return compiled(e)
    finally:
        for n in added:
            del FACTS[n]


_SAME = object()                # Frame.child: this part as it is
_new_frame = object.__new__


class Frame:
    """Where an effect runs: who controls it (`you`), who is acting now (`actor`, changed
    by `each player`), this card, the event's card (`it`), variables (and each player's own
    bindings of `each player` blocks), attack and event."""
    __slots__ = ("you", "actor", "this", "it", "env", "attack", "event", "source", "subject",
                 "by_player", "subject_card")    # subject_card: set only where `this` is tested

    def __init__(self, you, actor, this=None, it=None, env=None, attack=None, event=None,
                 source=None, subject=None, by_player=None):
        self.you, self.actor, self.this, self.it = you, actor, this, it
        self.env = {} if env is None else env
        self.attack, self.event, self.source, self.subject = attack, event, source, subject
        self.by_player = {} if by_player is None else by_player   # name -> {player: cards}

    def child(self, actor=_SAME, it=_SAME, event=_SAME, subject=_SAME) -> "Frame":
        """The same frame with some parts changed (it shares the variables)."""
        f = _new_frame(Frame)
        f.you, f.this, f.env, f.attack, f.source, f.by_player = \
            self.you, self.this, self.env, self.attack, self.source, self.by_player
        f.actor = self.actor if actor is _SAME else actor
        f.it = self.it if it is _SAME else it
        f.event = self.event if event is _SAME else event
        f.subject = self.subject if subject is _SAME else subject
        return f


def still_there(cards: list) -> list:
    """The cards that a move may still act on: for bound cards, those not moved since, and
    never one a binding followed back onto a pile (a Spoils its own play returned: to the
    rules it is no longer the card that was played)."""
    if isinstance(cards, Bound):
        return [c for c in cards if c.zone is cards.zones.get(c.uid)
                and not isinstance(c.zone, Pile)]
    return cards


class Evaluator:
    """Evaluates expressions of one game through their compiled closures."""

    def __init__(self, game):
        self.game = game

    def eval(self, e, f: Frame):
        return compiled(e)(self.game, f)

    def cards(self, e, f: Frame) -> list:
        v = compiled(e)(self.game, f)
        return v if isinstance(v, list) else []

    def holds(self, cond, d, card=None, frame: Frame | None = None, this=None) -> bool:
        """Whether a condition holds of a card (a `where` clause, a trigger's `what`);
        `this`: the listening card, which `this` in the condition tests the card against."""
        f = frame.child(subject=d) if frame is not None else \
            Frame(None, self.game.turn.player, subject=d)
        if this is not None:
            f.this = [(this, this.zone)]
            f.subject_card = card
        return bool(compiled(cond)(self.game, f))


def cost_matches(cost: Cost, relation: str, bound: Cost) -> bool:
    """Alchemy's cost rules: `up to` never adds a Potion; `exactly` compares both parts."""
    if relation == "exactly":
        return cost == bound
    fits = cost.coins <= bound.coins and cost.potion <= bound.potion
    if relation == "less_than":
        return fits and cost != bound
    return fits


# ---- each player's own variables in an `each player` block (control and steps share them)
def enter_player(env: dict, own: dict, q: int) -> dict | None:
    """Before player q's run of the block: his own binding of each earlier variable; returns
    the variables as they were, to tell afterwards which ones he bound."""
    for name, per in own.items():
        env[name] = per.get(q, [])
    return dict(env) if env else None


def leave_player(env: dict, own: dict, before: dict | None, q: int) -> None:
    """After player q's run: keep each list he bound as his own."""
    for name, value in env.items():
        if (before is None or before.get(name) is not value) and isinstance(value, list):
            own.setdefault(name, {})[q] = value


def gather_players(env: dict, own: dict, order) -> None:
    """After the block: each variable names every player's cards, in turn order."""
    for name, per in own.items():
        env[name] = [pair for q in order for pair in per.get(q, [])]
