"""A block's statements made once into steps `(fn, stmt)`, `fn(interp, stmt, frame,
optional)`: what the interpreter would work out at every run (the statement's method, a
literal bonus's counter, a choice to discard or trash) is worked out when the block is
first run, not at every play. A statement without a shape of its own here runs through its
method, as before. The cache is keyed by the block's identity and keeps the block, so one
set of steps serves every game."""
from __future__ import annotations

from dsl.language import ast as A

from .compiler import compiled, is_kind
from interpreter.core.decisions import Decision, _card_choices
from .expressions import still_there
from interpreter.core.setup import GameError

WORK_LIMIT = 200_000      # statements run in one turn: a card cannot hang a game

_CACHE: dict[int, tuple] = {}


def steps(stmts, run: dict) -> tuple:
    """The steps of a block (made on first use); `run` is statement type -> method."""
    hit = _CACHE.get(id(stmts))
    if hit is not None and hit[0] is stmts:
        return hit[1]
    made = tuple((_step(s, run), s) for s in stmts)
    _CACHE[id(stmts)] = (stmts, made)
    return made


def over_limit(source) -> GameError:
    return GameError(f"{source}: more than {WORK_LIMIT} steps in one turn (a loop that does "
                     "not end?)")


def _step(s, run: dict):
    make = _SHAPES.get(type(s))
    fn = make(s, run) if make is not None else None
    return fn if fn is not None else run[type(s)]


def _bonus(s: A.Bonus, run):
    """`+2 cards`, `+$2`: a literal amount added to its counter without looking it up."""
    if s.amount.__class__ is not A.Num:
        return None
    n, counter = s.amount.value, s.counter
    if counter == "cards":
        return lambda it, _s, f, optional: it.game.draw(f.actor, n)
    if counter == "coins":
        def coins(it, _s, f, optional):
            it.game.turn.coins += n
            return n != 0
        return coins
    if counter == "actions":
        def actions(it, _s, f, optional):
            it.game.turn.actions += n
            return n != 0
        return actions

    def other(it, _s, f, optional):
        t = it.game.turn
        setattr(t, counter, getattr(t, counter) + n)
        return n != 0
    return other


def choice_bounds(mode: str, k, n: int, optional: bool) -> tuple[int, int]:
    """(fewest, most) of n candidates a choice takes: `exactly k`, `up to k` (k None: any
    number); fewest 0 when the choice is optional. A count that is not a number is 0."""
    if k is None:
        return 0, n
    k = min(max(k if k.__class__ is int else 0, 0), n)
    return (0 if optional or mode != "exactly" else k), k


def chosen(sel: A.Selection):
    """Interpreter.targets() for a choice, with its source, count and kind test looked up
    once: `fn(interp, frame, purpose, optional, stmt)` -> the cards chosen."""
    source, kind, mode, by_you = compiled(sel.source), sel.kind, sel.mode, sel.by_you
    count = compiled(sel.count) if mode in ("exactly", "up_to") else None
    typed = bool(kind) and kind != "card" and kind != "cards"

    def choose(it, f, purpose, optional, stmt):
        g = it.game
        cands = source(g, f)
        if cands.__class__ is not list:          # bound cards, or no cards
            cands = still_there(cands) if isinstance(cands, list) else []
        if typed:
            cands = [c for c in cands if is_kind(c.d, kind)]
        if mode == "all":
            return cands
        lo, hi = choice_bounds(mode, count(g, f) if count is not None else None,
                               len(cands), optional)
        if hi == 0:
            return []
        chooser = f.you if by_you else f.actor
        owner = f.actor if chooser != f.actor else None
        if purpose == "discard":    # a bot answers it directly when it can (as decide():
            t = g.turn              # not when possessed, nor when there is one answer)
            direct = getattr(g.agents[chooser], "discard_choice", None)
            if direct is not None and (t.controller == t.player or chooser != t.player) \
                    and _card_choices(cands, lo, hi) > 1:
                answer = direct(g, chooser, owner, cands, lo, hi, f.source, stmt)
                if answer is not None:
                    return answer

        def prompt():
            return f"{purpose.replace('_', ' ')} {count_text(lo, hi)} {it._noun(kind, hi)}"
        return g.decide(Decision(chooser, "cards", purpose, prompt, tuple(cands), lo, hi,
                                 f.source, owner, stmt, f))
    return choose


def count_text(lo: int, hi: int) -> str:
    if lo == hi:
        return str(lo)
    return f"up to {hi}" if lo == 0 else f"{lo} to {hi}"


def _move(s: A.Move, run):
    """`discard N cards from hand`, `trash up to N cards`: the choice made by chosen()."""
    if s.target.__class__ is not A.Selection or s.verb not in ("discard", "trash"):
        return None
    choose, verb, bind = chosen(s.target), s.verb, s.target.bind

    def move(it, s, f, optional):
        cards = choose(it, f, verb, optional, s)
        g = it.game
        act = g.discard if verb == "discard" else g.trash
        cards = [c for c in cards if act(c, f.actor)]    # not one already there
        if bind:
            f.env[bind] = [(c, c.zone) for c in cards]
        return cards
    return move


_SHAPES = {A.Bonus: _bonus, A.Move: _move}
