"""Statements of a card that trashes itself, repeats a block, and trashes one revealed
card that a player chooses (`trash this as first`, `repeat 4 { ... }`, `trash 1 treasure
from revealed chosen by you as plundered`), each doing to the compiled lists what
interpreter/effects does to the generic game, the chooser answering as his bot does."""
from __future__ import annotations

from dsl.language import ast as A
from dsl.language.walk import nodes

from interpreter.bots.context import asked
from interpreter.bots.value import Weigher
from interpreter.bots.worth import OTHERS
from interpreter.effects.control import REPEAT_LIMIT
from .plays import _rng, card_numbers, member, zone
from .scope import Unsupported, lost_tallies, trash_heard

_THIS = A.Name("this")


def trash_this(fx, d, s: A.Move, a: str, own: bool):
    """`trash this [as X]` in the play's own block (or an `if` of it), the only statement
    naming `this`, when no card plays cards and the card stays in play no longer than its
    turn: the card played is then the last in play and still there; None for another
    move."""
    t = s.target
    if s.verb != "trash" or t.__class__ is not A.AllOf or t.expr != _THIS:
        return None
    scope = fx.scope
    if not own or scope.plays_inside or scope.controlled_turns or \
            sum(1 for n in nodes(d.on_play) if n == _THIS) != 1 or \
            any(isinstance(n, A.NextTurn) for n in nodes(d.on_play)) or trash_heard(d):
        raise Unsupported(f"{d.id}: a `trash this` other than the play's own, once (or "
                          "with cards that play cards, a Duration, or turns another player "
                          "controls)")
    c = scope.number[d.id]
    lines = [f"inplay.pop()  # {d.id} trashes itself"] + lost_tallies(scope, a, c)
    if t.bind:
        fx.exprs.bound[t.bind] = f"n_{t.bind}"
        fx.counted.add(t.bind)
        lines.append(f"n_{t.bind} = 1")
    return lines


def repeat(fx, d, s: A.Repeat, a: str, own: bool) -> list:
    """`repeat N { ... }` (Interpreter._repeat: at most REPEAT_LIMIT times), of a body that
    binds nothing."""
    if any(isinstance(getattr(n, "bind", None), str) or
           isinstance(getattr(getattr(n, "target", None), "bind", None), str)
           for n in nodes(s.body)):
        raise Unsupported(f"{d.id}: a `repeat` whose body binds a name")
    n = fx.exprs.number(s.count, a)
    body = fx.block(d, s.body, a, own) or ["pass"]
    return [f"for _ in range(min(max({n}, 0), {REPEAT_LIMIT})):"] + ["    " + x for x in body]


def chosen_trash(fx, d, s: A.Move, a: str, own: bool):
    """`trash 1 KIND from revealed [chosen by you] [as X]` (Interpreter.targets): not asked
    when the candidates are of one name (the first is taken); else the random bot's
    `sample(options, randint(1, 1))`, and a strategy bot's defaults.cards: the first best
    of bots/defaults.card_ranking, the trash's worth to the card's owner (for the chooser:
    against him when another player owns it), tabled per card. The statements after it
    that read X may only be `if X { ... }` not reading X again, which weigh the same for
    every candidate (so the ranking decides). None for another move."""
    t = s.target
    if s.verb != "trash" or t.__class__ is not A.Selection or t.source != A.Name("revealed") \
            or t.mode != "exactly" or t.count != A.Num(1):
        return None
    scope = fx.scope
    if scope.controlled_turns:
        raise Unsupported(f"{d.id}: a choice of a revealed card, with controlled turns")
    info = asked(d, s)
    if info.may_body is not None or not all(
            x.__class__ is A.If and x.cond == A.Name(t.bind) and
            not _reads(x.then + x.orelse, t.bind) for x in info.follow):
        raise Unsupported(f"{d.id}: a choice of a revealed card whose worth the statements "
                          "after it change")
    kind = t.kind if t.kind not in (None, "card", "cards") else None
    numbers = card_numbers(scope, A.Name(kind)) if kind else list(range(len(scope.cards)))
    if any(trash_heard(scope.cards[i]) for i in numbers):
        raise Unsupported(f"{d.id}: a trash of a card that hears its own trash")
    revealed = zone("revealed", a, own)
    rng = "bot_rng" if t.by_you else _rng(a, own)
    chooser = "p" if t.by_you or own else a
    lines = []
    if t.bind:
        lines += _binding(fx, d, s, t.bind, a, own)
    test = member(scope, "x", numbers)
    lines += [f"where = [j for j, x in enumerate({revealed}) if {test}]",
              "if where:",
              f"    if len(where) > 1 and any({revealed}[j] != {revealed}[where[0]] "
              "for j in where[1:]):",
              f"        if {rng} is not None:",
              f"            j = where[{rng}.sample(range(len(where)), {rng}.randint(1, 1))[0]]",
              "        else:"]
    lines += ["            " + x for x in _best(scope, numbers, revealed, chooser, a)]
    lines += ["    else:", "        j = where[0]",
              f"    x = {revealed}.pop(j)"]
    lines += ["    " + x for x in lost_tallies(scope, a, "x")]
    if t.bind and t.bind in _read_names(d):
        lines.append(f"    v_{t.bind}.append(x)")
    return lines


def _reads(block, name) -> bool:
    return any(n == A.Name(name) for n in nodes(block))


def _read_names(d) -> set:
    return {n.cond.name for n in nodes(d.on_play)
            if n.__class__ is A.If and n.cond.__class__ is A.Name}


def _binding(fx, d, s, name: str, a: str, own: bool) -> list:
    """The variable `v_NAME` the choice binds: its player's card (own), or, in another
    player's part of `each`, every player's, read after the `each` (gather_players): then
    no statement inside it may read the name."""
    if name not in _read_names(d):
        return []
    if own:
        return [f"v_{name} = []"]
    inside = [e for e in nodes(d.on_play) if e.__class__ is A.Each and
              any(x is s for x in nodes(e.body))]
    if len(inside) != 1 or _reads(inside[0].body, name) or \
            any(x.__class__ is A.Repeat and _reads(x.body, name) for x in nodes(d.on_play)):
        raise Unsupported(f"{d.id}: a revealed card chosen as {name}, read inside `each`")
    return []


def _best(scope, numbers, revealed: str, chooser: str, a: str) -> list:
    """Lines setting `j` to the first of `where` whose trash scores best for the chooser
    (bots/defaults.card_ranking of a revealed card: sign * (0.0 + (-0.0 - worth)), sign 1
    for the owner and -OTHERS for another player, the worth its owner's Weigher gives,
    which reads of the game only how near its end is: a table per Weigher.vp_weight)."""
    def scores(sign: float) -> str:
        tables = []
        for vp_weight in (1.6, 0.9, 0.35):      # to_end <= 3, <= 6, more
            fake = Weigher.__new__(Weigher)
            fake.vp_weight = vp_weight
            tables.append(tuple(sign * (0.0 + (-0.0 - Weigher.worth(fake, d)))
                                if i in numbers else 0.0 for i, d in enumerate(scope.cards)))
        if len(set(tables)) == 1:
            return repr(tables[0])
        return repr(tuple(tables)) + "[0 if tte <= 3 else 1 if tte <= 6 else 2]"
    if chooser == a:
        sc = scores(1)
    elif a == "p":
        raise Unsupported("a revealed card of the turn player's chosen by another")
    else:
        sc = f"({scores(1)} if {chooser} == {a} else {scores(-OTHERS)})"
    return [f"sc = {sc}", "j = where[0]", "for m in where[1:]:",
            f"    if sc[{revealed}[m]] > sc[{revealed}[j]]:", "        j = m"]
