"""The compiled engine against the generic one (the meaning of the rules): the same games,
seed for seed, down to the order of every player's deck, discard pile, hand and cards in
play at the end and the size of every pile. Used by the tests and by tools/fuzz.py."""
from __future__ import annotations

import random

from interpreter.compiled.runner import compiled_run
from .simulation import game_seed, play_indexed, seats_of


def engine_differences(catalog, kingdom: list, bots: list, seed: int, games: int,
                       rule_choice: tuple = ((), ())) -> list[str]:
    """How games 0..games-1 of a run differ between the two engines (empty: not at all).
    Raises interpreter.compiled.scope.Unsupported when the run cannot be compiled."""
    run = compiled_run(catalog, kingdom, bots, rule_choice)
    strategies: dict = {}
    out = []
    for i in range(games):
        result, game = play_indexed(catalog, kingdom, bots, seed, i, strategies,
                                    rule_choice=rule_choice)
        generic = ([game.vp(s) for s in range(len(bots))],
                   [p.turns for p in game.players], result.finished,
                   [tuple([c.d.id for c in zone.cards]
                          for zone in (p.deck, p.discard, p.hand, p.in_play))
                    for p in game.players], list(game.pile_sizes))
        game.dispose()
        compiled = run.play(game_seed(seed, i), seats_of(i, len(bots)), random.Random(),
                            zones=True)
        if compiled is None:             # its set rules are played by the generic engine
            continue
        compiled = (compiled.scores, compiled.turns, compiled.finished, compiled.zones,
                    compiled.sizes)
        for what, a, b in zip(("scores", "turns", "finished", "zones", "pile sizes"),
                              generic, compiled):
            if a != b:
                out.append(f"game {i} of {kingdom} with {bots}: {what} differ: "
                           f"generic {a}, compiled {b}")
                break
    return out
