"""`reveal top N` / `look at top N` and what a play then does with the revealed cards, as
the generic engine does it: the cards are taken from the deck one by one (the discard pile
shuffled in when it runs out: runtime.draw into the local list `rev`, top card first),
then `put revealed [where KIND] into hand | on deck [in any order]` and `discard revealed`
move them in the order revealed. The order a bot puts cards back in is its answer: the
random bot shuffles them, a strategy bot sorts them by bots/value.Weigher.next_draw (the
card's worth as the next draw, less the deck's density, computed here as it does); one
order, or cards of one name, is not asked. The revealed cards must all have moved before
the block ends, and nothing else runs meanwhile (else Unsupported)."""
from __future__ import annotations

from types import SimpleNamespace

from dsl.language import ast as A

from interpreter.bots.value import Weigher
from .moves import zone
from .scope import Unsupported

_REVEALED = A.Name("revealed")
_DESTS = ("hand", "deck", "discard")


def next_draw_worths(scope) -> tuple:
    """Card number -> Weigher.next_draw of it with a density of 0 (exactly what it adds to
    the density it is then lessened by)."""
    flat = SimpleNamespace(density=0.0)
    return tuple(Weigher.next_draw(flat, d) for d in scope.cards)


def reveal_top(fx, d, s: A.RevealTop, a: str, own: bool) -> list:
    if s.bind is not None or s.bottom or fx.revealing:
        raise Unsupported(f"{d.id}: a reveal from the deck other than `reveal top N`")
    n = fx.exprs.number(s.count, a)
    fx.revealing = True
    return ["rev = []",
            f"draw({zone('deck', a, own)}, {zone('discard', a, own)}, rev, {n}, randbytes)"]


def put(fx, d, s: A.Put, a: str, own: bool) -> list:
    """`put revealed [where KIND] into hand | on deck [in any order] | into discard`."""
    t = s.target
    if not fx.revealing or t.__class__ is not A.AllOf or t.bind is not None or \
            s.owner is not None or s.mat is not None or s.dest not in _DESTS:
        raise Unsupported(f"{d.id}: a put other than of the revealed cards")
    dest = zone(s.dest, a, own)
    if t.expr == _REVEALED:
        fx.revealing = False
        if s.dest == "deck" and s.any_order:
            return ["if len(rev) > 1:"] + ["    " + x for x in _order(fx, a, own)] + \
                [f"{dest} += rev[::-1]"]
        return [f"{dest} += rev"]
    e = t.expr
    if e.__class__ is not A.Where or e.source != _REVEALED or s.any_order:
        raise Unsupported(f"{d.id}: a put of some of the revealed cards")
    numbers = set(fx.exprs._kind_numbers(e.cond))
    test = " or ".join(f"x == {i}" for i in sorted(numbers)) or "False"
    return [f"put = [x for x in rev if {test}]",
            "if put:",
            f"    {dest} += put",
            f"    rev = [x for x in rev if not ({test})]"]


def discard_revealed(fx, d, s: A.Move, a: str, own: bool) -> list:
    """`discard revealed`: each to its owner's discard pile, in the order revealed."""
    if not fx.revealing or s.target.bind is not None:
        raise Unsupported(f"{d.id}: a discard of revealed cards nothing revealed")
    fx.revealing = False
    return [f"{zone('discard', a, own)} += rev"]


def _order(fx, a: str, own: bool) -> list:
    """Lines putting `rev` (two or more cards) in the order player `a`'s bot chooses,
    the first to end on top; asked only when they are not all of one name."""
    fx.scope.next_draws = True
    rng = "bot_rng" if own else f"answers[{a}]"
    deck = zone("deck", a, own)
    return ["if rev.count(rev[0]) != len(rev):",
            f"    if {rng} is not None:",
            f"        {rng}.shuffle(rev)",
            f"    elif len({deck}) >= 3:",
            f"        den = sum([PLAIN[x] for x in {deck}]) / len({deck})",
            "        rev.sort(key=lambda x: -(NEXT_DRAW[x] - den))",
            "    else:",
            f"        den = money[{a}] / size[{a}] if size[{a}] else 0.5",
            "        rev.sort(key=lambda x: -(NEXT_DRAW[x] - den))"]
