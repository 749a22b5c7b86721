"""What can be worked out once per card definition instead of at every play: a card whose
play only adds bonuses (`+1 card`, `+$2`...) is applied without running the interpreter.
Cached by definition; the cache keeps the definition so that an id is never reused."""
from __future__ import annotations

from dsl import ast as A

_BONUS: dict[int, tuple] = {}
_COINS: dict[int, tuple] = {}
_VP: dict[int, tuple] = {}


def bonus_only(d):
    """((counter, amount), ...) when the card's play is nothing but constant bonuses, else
    None."""
    hit = _BONUS.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    value = None
    if d.on_play and all(isinstance(s, A.Bonus) and isinstance(s.amount, A.Num)
                         for s in d.on_play):
        value = tuple((s.counter, s.amount.value) for s in d.on_play)
    _BONUS[id(d)] = (d, value)
    return value


def static_coins(d) -> int:
    """The coins a card's play surely gives: its plain top-level `+$N` lines."""
    hit = _COINS.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    value = sum(s.amount.value for s in d.on_play
                if isinstance(s, A.Bonus) and s.counter == "coins" and isinstance(s.amount, A.Num))
    _COINS[id(d)] = (d, value)
    return value


def constant_vp(d):
    """A card's victory points when they are a constant (Estate, Curse), else None."""
    hit = _VP.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    vp = d.vp
    value = None
    if isinstance(vp, A.Num):
        value = vp.value
    elif isinstance(vp, A.Arith) and vp.op == "-" and isinstance(vp.left, A.Num) \
            and isinstance(vp.right, A.Num):
        value = vp.left.value - vp.right.value
    _VP[id(d)] = (d, value)
    return value


_SWEEP: dict[int, tuple] = {}
_SWEEP_COUNTERS = ("coins", "potions", "buys", "actions")


def sweep_bonuses(d):
    """(coins, potions, buys, actions) for a Treasure whose play is only those bonuses
    (Copper, Potion): such Treasures are played in one sweep. None for any other card."""
    hit = _SWEEP.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    value = None
    bonuses = bonus_only(d)
    if bonuses is not None and "treasure" in d.types and "action" not in d.types \
            and "attack" not in d.types and all(c in _SWEEP_COUNTERS for c, _ in bonuses):
        totals = dict.fromkeys(_SWEEP_COUNTERS, 0)
        for counter, n in bonuses:
            totals[counter] += n
        value = tuple(totals[c] for c in _SWEEP_COUNTERS)
    _SWEEP[id(d)] = (d, value)
    return value
