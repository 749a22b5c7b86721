"""A run's games on its compiled module: the same seeds, seats, set rules and random bots'
generators as interpreter/runs/simulation.play_indexed gives the generic engine, so that a
game's result is the generic engine's. A run that cannot be compiled says why
(`compiled_run` raises Unsupported); a game whose set rules (drawn per game) cannot be
compiled is left to the generic engine (`play` returns None)."""
from __future__ import annotations

import random
from typing import NamedTuple

from interpreter.core.setup import set_rules_in_force
from . import store
from .runtime import Replay
from .scope import Bot, Scope, Unsupported
from .source import module_source



class Outcome(NamedTuple):
    """A compiled game's end, as the runs read it."""
    scores: list
    turns: list            # by seat
    finished: bool
    end_pile_empty: bool   # an end pile ran out (else enough piles did, or the turn limit)
    zones: list = None     # by seat: deck, discard pile, hand, in play (card ids), if asked
    sizes: list = None     # the piles' sizes at the end, if the zones were asked for


class CompiledRun:
    """One run (a kingdom, its bots, the set rules chosen on and off) compiled; the modules
    of the set rules drawn so far, by those rules."""

    def __init__(self, catalog, kingdom: list, specs: list, rule_choice: tuple,
                 strategies: dict):
        from dsl.language.strategy import find_strategy
        self.catalog, self.kingdom, self.specs = catalog, list(kingdom), list(specs)
        self.rule_choice = rule_choice
        self.bots = []
        for spec in specs:
            if spec == "random":
                self.bots.append(Bot(spec))
                continue
            if spec not in strategies:
                strategies[spec] = find_strategy(spec, catalog)
            self.bots.append(Bot(spec, strategies[spec]))
        self.players = len(specs)
        self.tie_break = catalog.rules_for(kingdom).tie_break
        self.any_random = any(b.random for b in self.bots)
        self._variants: dict = {}        # (set rules, stats) -> module namespace, or None
        self.reason = None               # why the last variant asked for is not compiled
        self.replayed = 0                # games left to the generic engine midway (Replay)
        if len(rule_choice) > 2:
            raise Unsupported(f"a named card ({rule_choice[2]}) for a set rule's added kingdom "
                              "pile (the Bane): not compiled yet")
        probe = random.Random(0)         # the set rules of a kingdom that draws none
        first = set_rules_in_force(catalog, kingdom, probe, *rule_choice)
        if self.variant(first, stats=False) is None:
            raise Unsupported(self.reason)

    def scope(self, set_rules: tuple) -> Scope:
        return Scope(self.catalog, self.kingdom, self.bots, set_rules)

    def variant(self, set_rules: tuple, stats: bool):
        """The namespace of the module for these set rules, or None (the reason in
        self.reason)."""
        key = (set_rules, stats)
        if key in self._variants:
            return self._variants[key]
        try:
            scope = self.scope(set_rules)
            parts = (scope.kingdom, scope.set_rules, scope.players, stats, scope.rules,
                     [d for _, d, _ in scope.plan.piles], scope.plan.start,
                     scope.plan.aside, [(b.spec, b.strategy) for b in self.bots])
            made = store.module(store.run_key(*parts), lambda: module_source(scope, stats))
        except Unsupported as e:
            self.reason, made = str(e), None
        except Exception as e:          # a fault of the compiler's own: the generic engine
            self.reason = f"the compiler failed ({type(e).__name__}: {e}), a fault to report"
            made = None
        self._variants[key] = made
        return made

    def source(self, stats: bool = False) -> tuple:
        """(the generated source, the file it is kept in or None) of the run's module for
        the set rules drawn without a draw (`dsl simulate --show-compiled`)."""
        rules = set_rules_in_force(self.catalog, self.kingdom, random.Random(0),
                                   *self.rule_choice)
        ns = self.variant(rules, stats)
        return ns["__source__"], store.source_path(ns["__key__"])

    def play(self, gseed: int, seats: list, rng: random.Random, watch=None,
             zones: bool = False):
        """The Outcome of the game seeded `gseed` with bots `seats` by seat (`watch`: told
        each turn's end, as runs/stats.GameWatch.add_turn is; `zones`: with each seat's
        zones at the end, to compare with the generic engine's game); None when its set
        rules are not compiled."""
        rng.seed(gseed)
        set_rules = set_rules_in_force(self.catalog, self.kingdom, rng, *self.rule_choice)
        ns = self.variant(set_rules, watch is not None)
        if ns is None:
            return None
        if self.any_random:
            draws = random.Random(gseed)
            answers = [random.Random(draws.getrandbits(64)) if self.bots[b].random else None
                       for b in seats]
        else:
            answers = [None] * self.players
        try:
            scores, turns, finished, state = ns["game"](rng, seats, answers, watch)
        except Replay:                   # a state it does not follow: the generic engine's
            self.replayed += 1
            return None
        sizes = state[4]
        ended = any(sizes[s] == 0 for s in ns["END_SLOTS"])
        if not zones:
            return Outcome(scores, turns, finished, ended)
        names = ns["CARD_ID"]
        named = [tuple([names[c] for c in zone[s]] for zone in state[:4])
                 for s in range(self.players)]
        return Outcome(scores, turns, finished, ended, named, list(sizes))


_RUNS: dict = {}
_MAX_RUNS = 256


def compiled_run(catalog, kingdom: list, specs: list, rule_choice: tuple = ((), ()),
                 strategies: dict | None = None) -> CompiledRun:
    """The compiled run of these bots on this kingdom (made once per process); raises
    Unsupported with the reason when it cannot be compiled."""
    key = (id(catalog), tuple(kingdom), tuple(specs), rule_choice)
    hit = _RUNS.get(key)
    if hit is not None and hit[0] is catalog:
        if isinstance(hit[1], Unsupported):
            raise hit[1]
        return hit[1]
    if len(_RUNS) >= _MAX_RUNS:
        _RUNS.clear()
    try:
        run = CompiledRun(catalog, kingdom, specs, rule_choice,
                          {} if strategies is None else strategies)
    except Unsupported as e:
        _RUNS[key] = (catalog, e)
        raise
    _RUNS[key] = (catalog, run)
    return run
