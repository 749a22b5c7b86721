"""Agents that answer decisions: scripted answers (scenarios), bots, a random player."""
from __future__ import annotations

import random

from dsl.model import reads_history

from .decisions import Decision, IllegalAnswer
from .compiler import compiled
from .expressions import Frame


class OutOfAnswers(Exception):
    pass


class ScriptedAgent:
    """Answers from a list, in order, in the scenario format's notation."""

    def __init__(self, name: str, answers: list):
        self.name, self.answers = name, list(answers)

    def decide(self, game, d: Decision):
        if not self.answers:
            raise OutOfAnswers(f"{self.name} has no answer left for the decision "
                               f"'{d.prompt}' ({d.kind}, asked by {d.source or 'the rules'}; "
                               f"choices: {', '.join(_label(o) for o in d.options) or 'yes/no'})")
        return translate(self.answers.pop(0), d)


def _label(o) -> str:
    return getattr(o, "id", str(o))


def _cards_by_id(ids: list, options) -> list:
    chosen, pool = [], list(options)
    for cid in ids:
        match = next((c for c in pool if getattr(c, "id", None) == cid), None)
        if match is None:
            raise IllegalAnswer(f"illegal answer {cid!r}: not among the choices "
                                f"({', '.join(_label(o) for o in options)})")
        pool.remove(match)
        chosen.append(match)
    return chosen


_YES_NO = {"yes": True, "no": False}


def translate(a, d: Decision):
    """A scenario answer (id, list of ids, yes/no, 1-based number or numbers) -> the
    engine's answer. `'yes'` and `'no'` written as strings are the booleans."""
    if isinstance(a, str) and a.casefold() in _YES_NO and d.kind in ("yesno", "option"):
        a = _YES_NO[a.casefold()]
    if d.kind == "yesno":
        if isinstance(a, bool):
            return a
        if a in (1, 2):
            return a == 1
        raise IllegalAnswer(f"illegal answer {a!r}: expected yes or no")
    if d.kind == "option":
        if isinstance(a, bool):
            return 0 if a else 1
        if isinstance(a, int):
            return a - 1
        raise IllegalAnswer(f"illegal answer {a!r}: expected the number of an option")
    if d.kind == "options":
        if isinstance(a, list) and all(isinstance(x, int) and not isinstance(x, bool)
                                       for x in a):
            return [x - 1 for x in a]
        raise IllegalAnswer(f"illegal answer {a!r}: expected a list of {d.min} option "
                            "numbers, e.g. [1, 3]")
    if d.kind == "name":
        if isinstance(a, list) and len(a) == 1:
            a = a[0]
        return a
    if d.kind == "pile":
        if a is False or a is None or a == []:
            return None
        if isinstance(a, list) and len(a) == 1:
            a = a[0]
        return a
    if d.kind == "order":
        if not isinstance(a, list):
            a = [a]
        if all(isinstance(x, int) and not isinstance(x, bool) for x in a):
            try:
                return [d.options[x - 1] for x in a]
            except IndexError:
                raise IllegalAnswer(f"illegal answer {a!r}: no such option") from None
        return _cards_by_id(a, d.options)
    # cards
    if a is False or a is None:
        a = []
    if not isinstance(a, list):
        a = [a]
    return _cards_by_id(a, d.options)


def junk_rank(card) -> tuple:
    """Lower is worse: Curses, then Victory-only cards, then Treasures costing nothing
    (Copper), then the rest by cost."""
    d = card.d
    if "curse" in d.types:
        r = 0
    elif d.types == ("victory",):
        r = 1
    elif d.types == ("treasure",) and d.cost.coins == 0 and not d.cost.potion:
        r = 2
    else:
        r = 3
    return (r, d.cost.coins + 2 * d.cost.potion)


class Bot:
    """A strategy's buy priorities, its play priorities, and sensible default answers to
    every other decision: trash and discard junk first, keep and play the best cards."""
    trusted = True          # answers are built from the decision's options
    plays_all_treasures = True     # a standing answer: all its Treasures, in hand order,
                                   # played without being asked (as clients' "autoplay")

    def __init__(self, strategy):
        self.strategy = strategy
        self.name = strategy.name
        self.plan = _remembered(_PLANS, strategy, _compile_plan, 256)   # once per strategy
        # whether its conditions read this turn's gains or buys or a last turn, which a
        # game keeps only when something reads them
        self.reads_history = any(reads_history(cond) for _, cond in strategy.buy if cond)
        self._frames: dict = {}        # player -> the frame the buy conditions read
        self._ranks: dict = {}         # card id -> (definition, play rank)

    def decide(self, game, d: Decision):
        purpose = d.purpose
        if purpose == "buy":
            # the engine hands out the same options tuple for the same coins and empty piles
            opts = _remembered(_OPTION_SETS, d.options, frozenset, 1024)
            p = game.turn.player
            frame = self._frames.get(p)
            if frame is None:              # the conditions only read a frame's player
                frame = self._frames[p] = Frame(p, p)
            for cid, cond in self.plan:
                if cid in opts and (cond is None or cond(game, frame)):
                    return cid
            return None
        if purpose == "play_treasures":
            return list(d.options)
        if purpose == "play_action":
            return [min(d.options, key=self._play_rank)]
        kind = d.kind
        if kind == "yesno":
            return True
        if kind == "option":
            return 0
        if kind == "options":
            return list(range(d.min))
        if kind == "order":
            return list(d.options)
        if kind == "pile":        # the best for himself, the worst for another player
            pick = max if d.on_behalf is None else min
            return pick(d.options, key=lambda cid: _value(game, cid))
        if kind == "name":        # the card his deck holds most of
            deck = [c.d.id for c in game.players[d.on_behalf if d.on_behalf is not None
                                                  else d.player].deck.cards]
            return max(d.options, key=deck.count)
        return self.pick_cards(game, d)

    def pick_cards(self, game, d: Decision):
        cards = sorted(d.options, key=junk_rank)
        if d.purpose in ("trash", "discard", "put", "set_aside"):
            own = d.on_behalf is None
            n = d.min
            if d.purpose == "trash" and own:
                n = max(d.min, min(d.max, sum(1 for c in cards if junk_rank(c)[0] <= 1)))
            return cards[:n] if own else (cards[-n:] if n else [])
        best = list(reversed(cards))
        return best[:max(d.min, min(d.max, 1))]

    def _play_rank(self, card) -> tuple:
        """Lower plays first: the strategy's play list, then cards giving +actions, then
        the dearer (worked out once per card definition)."""
        d = card.d
        rank = self._ranks.get(d.id)
        if rank is None or rank[0] is not d:
            plays = self.strategy.play
            first = plays.index(d.id) if d.id in plays else len(plays)
            gives_actions = any(getattr(s, "counter", None) == "actions" for s in d.on_play)
            rank = self._ranks[d.id] = (d, (first, not gives_actions, -d.cost.coins))
        return rank[1]


_PLANS: dict = {}           # id(strategy) -> (strategy, compiled buy plan)
_OPTION_SETS: dict = {}     # id(options) -> (options, the same as a set)


def _remembered(table: dict, obj, make, limit: int):
    """make(obj), worked out once per object and remembered by identity: the object is
    kept in the table, so its id is not reused while remembered (bounded by `limit`)."""
    hit = table.get(id(obj))
    if hit is None or hit[0] is not obj:
        if len(table) >= limit:
            table.clear()
        hit = table[id(obj)] = (obj, make(obj))
    return hit[1]


def _compile_plan(strategy) -> tuple:
    """((card id, compiled condition or None), ...) of a strategy's buy list."""
    return tuple((cid, None if cond is None else compiled(cond)) for cid, cond in strategy.buy)


def _value(game, cid) -> tuple:
    d = game.catalog.cards[cid]
    c = game.cost(d)
    return ("curse" not in d.types, c.coins + 2 * c.potion)


class RandomBot:
    """Random legal answers, buys and plays (for fuzzing); its generator is seeded from the
    game's, so a seed still fixes the whole game."""
    name = "random"
    trusted = False         # fuzzing: its answers are checked like anyone's

    def __init__(self, rng: random.Random):
        self.rng = rng

    def decide(self, game, d: Decision):
        r = self.rng
        if d.kind == "yesno":
            return r.random() < 0.5
        if d.kind == "option":
            return r.randrange(len(d.options))
        if d.kind == "options":
            return r.sample(range(len(d.options)), d.min)
        if d.kind == "name":
            return r.choice(d.options)
        if d.kind == "order":
            opts = list(d.options)
            r.shuffle(opts)
            return opts
        if d.kind == "pile":
            choices = list(d.options) + ([None] if d.min == 0 else [])
            return r.choice(choices)
        n = r.randint(d.min, d.max)
        return r.sample(list(d.options), n)
