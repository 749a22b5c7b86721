"""A strategy bot's answers to questions about revealed cards, as bots/value.Weigher gives
them, written out for the compiled game: the order it puts revealed cards back on its deck
(by each card's worth as the next draw, less the deck's coin density) and which of
`discard revealed` / `put revealed on deck` it chooses (the revealed cards' worths summed).
Each card's worth with a density of 0 is one table made at compile time (NEXT_DRAW)."""
from __future__ import annotations

from types import SimpleNamespace

from dsl.language import ast as A

from interpreter.bots.value import Weigher

_REVEALED = A.Name("revealed")


def next_draw_worths(scope) -> tuple:
    """Card number -> Weigher.next_draw of it with a density of 0 (exactly what it adds to
    the density it is then lessened by)."""
    flat = SimpleNamespace(density=0.0)
    return tuple(Weigher.next_draw(flat, d) for d in scope.cards)


def density(deck: str, a: str) -> list:
    """Lines setting `den` to Weigher.density of player `a` (his deck: the list `deck`)."""
    return [f"if len({deck}) >= 3:",
            f"    den = sum([PLAIN[x] for x in {deck}]) / len({deck})",
            "else:",
            f"    den = money[{a}] / size[{a}] if size[{a}] else 0.5"]


def order(scope, cards: str, rng: str, deck: str, a: str) -> list:
    """Lines putting list `cards` (two or more) in the order the bot of player `a` puts
    them on his deck, the first to end on top: the random bot (`rng` not None) shuffles
    them, a strategy bot sorts them by their worth as the next draw; cards of one name are
    not asked about."""
    scope.next_draws = True
    return [f"if {cards}.count({cards}[0]) != len({cards}):",
            f"    if {rng} is not None:",
            f"        {rng}.shuffle({cards})",
            "    else:"] + ["        " + x for x in density(deck, a)] + [
            f"        {cards}.sort(key=lambda x: -(NEXT_DRAW[x] - den))"]


def sign(stmt) -> int:
    """+1: the statement puts all the revealed cards back on the deck; -1: discards them;
    0: neither."""
    t = getattr(stmt, "target", None)
    if t.__class__ is not A.AllOf or t.expr != _REVEALED or t.bind is not None:
        return 0
    if stmt.__class__ is A.Move and stmt.verb == "discard":
        return -1
    if stmt.__class__ is A.Put and stmt.dest == "deck" and stmt.owner is None and \
            stmt.mat is None:
        return 1
    return 0


def weighable(options) -> bool:
    """Whether a strategy bot's weighing of these options is the one written here: each
    option one statement that discards or puts back the revealed cards."""
    return all(len(b) == 1 and sign(b[0]) for b in options)


def pick(scope, options, revealed: str, deck: str, a: str) -> list:
    """Lines setting `k` to the option bots/defaults.option_ranking weighs best for a
    strategy bot: discarding a revealed card is worth minus putting it back
    (Weigher.card_score), the first option on a tie."""
    signs = [sign(b[0]) for b in options]
    up, down = (signs.index(x) if x in signs else 0 for x in (1, -1))
    scope.next_draws = True
    return density(deck, a) + [
        "worth = 0.0",
        f"for x in {revealed}:",
        "    worth += NEXT_DRAW[x] - den",
        f"k = {up} if worth > 0 else {down} if worth < 0 else 0"]
