"""Trashes a card's play makes that the compiler writes out, as interpreter/effects runs them:
- `may trash N KIND from hand [as X]`: a choice of up to N of the KIND cards in hand
  (Interpreter.targets, `optional`: none to N; not asked when the hand has none). The random
  bot answers `sample(candidates, randint(0, N))` (its draws); a strategy bot weighs it
  against the live game, which is not compiled here. `as X` becomes a count an `if X` reads.
- `trash this`: the played card leaves play (the end of `inplay`: no card of the run plays
  cards, so nothing was put in play after it), unless it is no longer there.
Trashing keeps the tallies (counts, size, money, nact) true as Game.move does; a card that
hears its own trash is not trashed here (its ability is not compiled)."""
from __future__ import annotations

from dsl.language import ast as A
from dsl.language.walk import nodes

from . import plays
from .scope import Unsupported, trash_heard

_THIS = A.Name("this")


def may(eff, d, s: A.May, a: str, own: bool) -> list:
    """`may trash N KIND from hand`, else plays.py's `may`."""
    if is_may_trash(s):
        return may_trash(eff, d, s, a, own)
    return plays.Plays.may(eff, d, s, a, own)


def move(eff, d, s: A.Move, a: str, own: bool) -> list:
    """`trash this`, else plays.py's moves."""
    if is_trash_this(s):
        return trash_this(eff, d, s, a, own)
    return plays.Plays.move(eff, d, s, a, own)


def is_may_trash(s: A.May) -> bool:
    """`may trash N KIND from hand [as X]`, with nothing after it in the `may`."""
    inner = s.stmt
    if inner.__class__ is not A.Move or inner.verb != "trash" or s.body:
        return False
    t = inner.target
    return t.__class__ is A.Selection and t.mode in ("exactly", "up_to") and not t.by_you \
        and t.source == A.Name("hand")


def may_trash(eff, d, s: A.May, a: str, own: bool) -> list:
    """Lines for `may trash N KIND from hand [as X]` by the player whose turn it is."""
    scope = eff.scope
    t = s.stmt.target
    if not own or scope.controlled_turns:
        raise Unsupported(f"{d.id}: a `may trash` by another player, or on a controlled turn")
    if not all(bot.random for bot in scope.bots):
        raise Unsupported(f"{d.id}: a `may trash` from hand a strategy bot weighs")
    kind = t.kind if t.kind not in (None, "card", "cards") else None
    numbers = plays.card_numbers(scope, A.Name(kind)) if kind else list(range(len(scope.cards)))
    heard = [scope.cards[i].id for i in numbers if trash_heard(scope.cards[i])]
    if heard:
        raise Unsupported(f"{d.id}: a trash that may take {heard[0]}, which hears its trash")
    k = eff.exprs.number(t.count, a)
    hand = plays.zone("hand", a, own)
    test = plays.member(scope, "x", numbers)
    moved = f"n_{t.bind}" if t.bind else "moved"
    lines = [f"where = [j for j, x in enumerate({hand}) if {test}]",
             f"{moved} = 0",
             "if where:",
             f"    hi = min(max({k}, 0), len(where))",
             "    if hi:",
             "        pick = bot_rng.sample(where, bot_rng.randint(0, hi))",
             f"        {moved} = len(pick)",
             "        for j in sorted(pick, reverse=True):",
             f"            x = {hand}.pop(j)"] + \
        ["            " + x for x in _tallies(scope, "x", a)]
    if t.bind:
        eff.exprs.bound[t.bind] = moved
        eff.counted.add(t.bind)
    return lines


def is_trash_this(s: A.Move) -> bool:
    t = s.target
    return s.verb == "trash" and t.__class__ is A.AllOf and t.expr == _THIS and t.bind is None


def trash_this(eff, d, s: A.Move, a: str, own: bool) -> list:
    """Lines for `trash this`: the card played leaves play for the trash."""
    scope = eff.scope
    moves_this = [n for n in _all(d.on_play) if n.__class__ is A.Move and
                  n.target.__class__ is A.AllOf and n.target.expr == _THIS]
    if not own or scope.plays_inside or scope.controlled_turns or len(moves_this) > 1 or \
            any(n.__class__ is A.NextTurn for n in _all(d.on_play)):
        raise Unsupported(f"{d.id}: `trash this` other than once in its own play (no card "
                          "playing it, no Duration, no controlled turn)")
    if trash_heard(d):
        raise Unsupported(f"{d.id}: `trash this` of a card that hears its trash")
    c = scope.number[d.id]
    return ["inplay.pop()  # trash this"] + _tallies(scope, str(c), a)


def _tallies(scope, x: str, a: str) -> list:
    """A card of player `a` trashed (card number `x`, a Python expression): his tallies."""
    lines = [f"counts[{a}][{x}] -= 1", f"size[{a}] -= 1"]
    if x.isdigit():
        d = scope.cards[int(x)]
        if d.plain_coins:
            lines.append(f"money[{a}] -= {d.plain_coins}")
        if d.is_action:
            lines.append(f"nact[{a}] -= 1")
        return lines
    return lines + [f"money[{a}] -= PLAIN[{x}]", f"nact[{a}] -= IS_ACTION[{x}]"]


def _all(block) -> list:
    return [n for st in block for n in nodes(st)]


STATEMENTS = {A.May: may, A.Move: move}
