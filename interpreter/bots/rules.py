"""A strategy's answer rules (dsl/language/strategy_answers.py), compiled once per strategy, and how
a bot follows them: per card (the decision's source), the first yes/no rule whose
condition holds, the options in the order their rules hold, the cards of the kinds their
rules name. Conditions are read for the deciding player, with `this` and `it` of the
effect that asks. What no rule covers is left to the defaults (bots/defaults.py)."""
from __future__ import annotations

from interpreter.effects.compiler import is_kind
from interpreter.effects.expressions import Frame, compiled_for_strategy


class Answers:
    """Compiled answer rules: card id -> answer key -> ((answer, condition or None), ...),
    the `play` list: ((card id, condition or None), ...), and the `spend` rules: token
    kind -> ((answer: True, False or "all", condition or None), ...)."""
    __slots__ = ("by_card", "play_first", "spend")

    def __init__(self, strategy):
        by_card: dict = {}
        for cid, key, rules in strategy.answers:
            by_card.setdefault(cid, {})[key] = tuple(
                (r.answer, None if r.cond is None else compiled_for_strategy(r.cond))
                for r in rules)
        self.by_card = by_card
        self.play_first = tuple((cid, None if cond is None else compiled_for_strategy(cond))
                                for cid, cond in strategy.play)
        self.spend = {kind: tuple((r.answer, None if r.cond is None
                                   else compiled_for_strategy(r.cond)) for r in rules)
                      for kind, rules in strategy.spend}


def rule_frame(d) -> Frame:
    """Where a rule's condition is read: the deciding player, and the asking effect's
    `this` and `it`."""
    f = d.frame
    if f is None:
        return Frame(d.player, d.player)
    return Frame(d.player, d.player, this=f.this, it=f.it, source=f.source)


def holds(cond, game, frame) -> bool:
    return cond is None or bool(cond(game, frame))


def yes_no(rules, game, frame):
    """The answer of the first yes/no rule whose condition holds (None: no rule does)."""
    for answer, cond in rules:
        if holds(cond, game, frame):
            return answer
    return None


def option_order(rules, game, frame, n: int) -> list:
    """The options (indices) whose rules hold, in rule order, each once."""
    out = []
    for answer, cond in rules:
        if isinstance(answer, int) and not isinstance(answer, bool) and answer < n \
                and answer not in out and holds(cond, game, frame):
            out.append(answer)
    return out


def card_kinds(rules, game, frame) -> list:
    """The card ids and types whose rules hold, in rule order."""
    return [answer for answer, cond in rules
            if isinstance(answer, str) and holds(cond, game, frame)]


def matches(card_def, kind: str) -> bool:
    return kind == "card" or is_kind(card_def, kind)


def pick_by_kinds(options: list, kinds: list, limit: int, order) -> list:
    """Cards of the options, kind by kind in rule order (within a kind in `order`'s
    order), at most `limit`."""
    chosen, taken = [], set()
    for kind in kinds:
        for c in order(o for o in options if matches(o.d, kind)):
            if len(chosen) >= limit:
                return chosen
            if id(c) not in taken:
                taken.add(id(c))
                chosen.append(c)
    return chosen


def pile_by_kinds(game, options, kinds: list):
    """The first pile among the options that a kind names (of a type: the dearest)."""
    for kind in kinds:
        if kind in options:
            return kind
        fits = [cid for cid in options if matches(game.offered(cid), kind)]
        if fits:
            return max(fits, key=lambda cid: (game.cost(game.offered(cid)).coins,
                                              game.cost(game.offered(cid)).potion))
    return None
