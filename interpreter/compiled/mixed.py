"""Mixed piles a card can leave (Ruins: different cards in one pile, shuffled at setup) and a
card's own `on_gain` ability, as interpreter/engine does them:
- setup (engine/supply._set_up_mixed, before the decks are dealt, in the plan's order of
  mixed piles): the pile's cards listed kind by kind, shuffled with the game's generator
  (or reversed when not shuffled), the pile's size counted from the top; a pile nobody can
  take from is not followed, only its shuffle's random bytes drawn;
- the game's `mixed` (slot -> the pile's card numbers, its top the end) and `tops` (slot ->
  the number of the card it offers: its top card, the last one's when empty, as
  Pile.retop keeps it) lists; a gain takes the top card;
- `on_gain` (a trigger `on: gain, what: this`): run right after the card is gained and the
  pile's figures kept (Game._gained fires the gain after the move), by its gainer, before
  whatever gained it goes on; its statements are gains and bonuses.
A run with no such pile or card generates the same module as before."""
from __future__ import annotations

from dsl.language import ast as A

from .scope import Unsupported, comment, own_gain

_ON_GAIN_STATEMENTS = (A.Gain, A.Bonus)


def setup_lines(scope) -> list:
    """The game's first lines: each mixed pile's shuffle at setup, in the plan's order."""
    lines = []
    live = scope.mixed_live
    if live:
        lines.append("mixed = {}    # a mixed pile's cards by slot (its top the end)")
        lines.append("tops = list(PILE_CARD)    # the card each pile offers")
    for slot, kinds, shuffled in scope.plan.mixed:
        pid = comment(scope.plan.piles[slot][0])
        if slot not in live:
            if shuffled:
                lines.append(f"randbytes({8 * sum(k for _, k in kinds)})  # the {pid} pile's "
                             "shuffle at setup (none of its cards leaves it here)")
            continue
        cards = [scope.number[d.id] for d, k in kinds for _ in range(k)]
        size = scope.plan.piles[slot][2]
        lines += [f"pile = {cards}    # the {pid} pile, kind by kind",
                  "shuffle(pile, randbytes)" if shuffled else "pile.reverse()",
                  f"mixed[{slot}] = pile[{len(cards) - size}:]" if size else
                  f"mixed[{slot}] = []",
                  f"tops[{slot}] = mixed[{slot}][-1] if mixed[{slot}] else "
                  f"{scope.number[scope.plan.piles[slot][1].id]}"]
    return lines


def take_lines(scope, slot) -> list:
    """Lines taking the top card of mixed pile `slot` (a number, or the Python name of a
    pile's number that may be mixed) as `card`, its next card then offered."""
    if isinstance(slot, int):
        return [f"card = mixed[{slot}].pop()",
                f"if mixed[{slot}]:", f"    tops[{slot}] = mixed[{slot}][-1]"]
    return [f"if {slot} in mixed:", f"    mixed[{slot}].pop()",
            f"    if mixed[{slot}]:", f"        tops[{slot}] = mixed[{slot}][-1]"]


def on_gain_lines(eff, numbers, card: str, a: str, own: bool) -> list:
    """Lines running the `on_gain` ability of the card just gained by player `a`: one of
    card `numbers` (the local `card` holds which, when several can be)."""
    scope = eff.scope
    heard = [i for i in numbers if any(own_gain(t) for t in scope.cards[i].triggers)]
    out = []
    for k, i in enumerate(heard):
        d = scope.cards[i]
        body = _ability(eff, d, a, own)
        if len(numbers) == 1:
            return body
        out.append(("if " if k == 0 else "elif ") + f"{card} == {i}:  # {d.id}: on gain")
        out += ["    " + x for x in body]
    return out


def _ability(eff, d, a: str, own: bool) -> list:
    scope = eff.scope
    found = [t for t in d.triggers if own_gain(t)]
    if len(found) > 1:
        raise Unsupported(f"{d.id}: several abilities heard when it is gained (their order)")
    if scope.controlled_turns:
        raise Unsupported(f"{d.id}: an ability heard when it is gained, with extra turns "
                          "another player controls")
    if any(s.__class__ not in _ON_GAIN_STATEMENTS for s in found[0].effect):
        raise Unsupported(f"{d.id}: an `on_gain` with statements other than gains and bonuses")
    if d.id in eff.gaining:
        raise Unsupported(f"{d.id}: an `on_gain` that gains a card that gains it again")
    eff.gaining.append(d.id)
    try:
        return eff.block(d, found[0].effect, a, own) or ["pass"]
    finally:
        eff.gaining.pop()
