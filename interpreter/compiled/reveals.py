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
    return ["if rev.count(rev[0]) != len(rev):",
            f"    if {rng} is not None:",
            f"        {rng}.shuffle(rev)",
            "    else:"] + ["        " + x for x in _density(a, own)] + [
            "        rev.sort(key=lambda x: -(NEXT_DRAW[x] - den))"]


def if_revealed(fx, d, s: A.If, a: str, own: bool) -> list:
    """`if revealed { ... }` whose block moves every revealed card (when none was revealed
    there is nothing to move either)."""
    if s.cond != _REVEALED or s.orelse:
        raise Unsupported(f"{d.id}: a test of the revealed cards other than `if revealed`")
    body = fx.block(d, s.then, a, own)
    if fx.revealing:
        raise Unsupported(f"{d.id}: revealed cards left where they are")
    return ["if rev:"] + ["    " + x for x in body or ["pass"]]


def choose(fx, d, s: A.ChooseOne, a: str, own: bool) -> list:
    """`choose one { discard revealed } or { put revealed on deck [in any order] }`: the
    random bot draws the option; a strategy bot takes the one bots/defaults.option_ranking
    weighs best, which for these blocks is the revealed cards' next_draw worths summed
    (Weigher.card_score: discarding one from the revealed is worth minus putting it back),
    the first option on a tie."""
    if not fx.revealing or s.count != 1 or s.by_you or \
            not all(len(b) == 1 and _sign(b[0]) for b in s.options):
        raise Unsupported(f"{d.id}: the statement ChooseOne")
    signs = [_sign(b[0]) for b in s.options]
    lines = []
    for i, option in enumerate(s.options):
        fx.revealing = True
        body = fx.block(d, option, a, own)
        lines += [("if " if i == 0 else "elif ") + f"pick == {i}:"] + ["    " + x for x in body]
    fx.revealing = False
    rng = "bot_rng" if own else f"answers[{a}]"
    up, down = (signs.index(x) if x in signs else 0 for x in (1, -1))
    fx.scope.next_draws = True
    return [f"if {rng} is not None:",
            f"    pick = {rng}.randrange({len(s.options)})",
            "else:"] + ["    " + x for x in _density(a, own)] + [
            "    worth = 0.0",
            "    for x in rev:",
            "        worth += NEXT_DRAW[x] - den",
            f"    pick = {up} if worth > 0 else {down} if worth < 0 else 0"] + lines


def _sign(s) -> int:
    """+1: the statement puts the revealed cards back on the deck; -1: discards them; 0:
    neither."""
    t = getattr(s, "target", None)
    if t.__class__ is not A.AllOf or t.expr != _REVEALED or t.bind is not None:
        return 0
    if s.__class__ is A.Move and s.verb == "discard":
        return -1
    if s.__class__ is A.Put and s.dest == "deck" and s.owner is None and s.mat is None:
        return 1
    return 0


def _density(a: str, own: bool) -> list:
    """Lines setting `den` to Weigher.density of player `a`."""
    deck = zone("deck", a, own)
    return [f"if len({deck}) >= 3:",
            f"    den = sum([PLAIN[x] for x in {deck}]) / len({deck})",
            "else:",
            f"    den = money[{a}] / size[{a}] if size[{a}] else 0.5"]
