"""Statements that move cards a player does not choose among: `trash 1 copper from hand`,
`discard 1 copper from hand as lost` (every candidate of one name, so that the generic
engine takes the first ones in hand order without asking: core.decisions.choice_count),
and `reveal hand` (nothing moves). A name the statement binds (`as trashed`) becomes a
local holding how many cards moved, read by the statements after it (exprs.Exprs.bound)."""
from __future__ import annotations

from dsl.language import ast as A

from .plays import card_numbers, zone
from .scope import Unsupported, lost_tallies, trash_heard


def one_name_move(fx, d, s: A.Move, a: str, own: bool):
    """Lines for `trash|discard exactly N KIND from hand` whose candidates can only be of
    one name (the kind is a card, or one card of the scope has that type), or None when the
    move is another one. Trashing keeps the tallies (counts, size, money, nact) true as
    Game.move does; the cards go in hand order (the engine's only answer)."""
    t = s.target
    if s.verb not in ("trash", "discard") or t.__class__ is not A.Selection or \
            t.mode != "exactly" or t.by_you or t.source != A.Name("hand") or \
            t.kind in (None, "card", "cards"):
        return None
    numbers = card_numbers(fx.scope, A.Name(t.kind))
    if len(numbers) > 1:
        raise Unsupported(f"{d.id}: a choice among the cards of a kind ({t.kind}) of "
                          "several names")
    moved = f"n_{t.bind}" if t.bind else None
    if not numbers:                              # no card of the scope is of that kind
        return [f"{moved} = 0"] if moved else []
    c = numbers[0]
    cd = fx.scope.cards[c]
    if s.verb == "trash" and trash_heard(cd):
        raise Unsupported(f"{d.id}: a trash of {cd.id}, which hears its own trash")
    hand = zone("hand", a, own)
    if s.verb == "trash":
        body = lost_tallies(fx.scope, a, c)
    else:
        body = [f"{zone('discard', a, own)}.append({c})"]
    k = fx.exprs.number(t.count, a)
    if k == "1":
        lines = [f"if {c} in {hand}:  # {cd.id}", f"    {hand}.remove({c})"]
        lines += ["    " + x for x in body + ([f"{moved} = 1"] if moved else [])]
        if moved:
            lines += ["else:", f"    {moved} = 0"]
        return lines
    count = "m_" + (t.bind or "moved")
    lines = [f"{count} = min(max({k}, 0), {hand}.count({c}))  # {cd.id}",
             f"for _ in range({count}):", f"    {hand}.remove({c})"]
    lines += ["    " + x for x in body]
    if moved:
        lines.append(f"{moved} = {count}")
    return lines


def reveal_all(d, s: A.Move) -> list:
    """`reveal hand` and the like: the generic engine only says it (nothing moves)."""
    if s.target.bind is not None:
        raise Unsupported(f"{d.id}: a reveal whose cards a later statement reads")
    return []
