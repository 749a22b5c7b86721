"""Bot games: bots by name, seats rotated, results summed."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .agents import Bot, RandomBot
from .engine import Game, GameError
from .turns import play_game


def make_bot(spec: str, catalog, rng: random.Random, strategies: dict | None = None):
    """`random`, or a strategy (`bm`, `bm:CARD`, a strategy file); the random bot's
    generator is drawn from `rng` so that one seed fixes the game. `strategies` caches the
    loaded strategy files across games."""
    if spec == "random":
        return RandomBot(random.Random(rng.getrandbits(64)))
    if strategies is not None and spec in strategies:
        return Bot(strategies[spec])
    from dsl.strategy import find_strategy
    strategy = find_strategy(spec, catalog)
    if strategies is not None:
        strategies[spec] = strategy
    return Bot(strategy)


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run: independent of which worker plays it."""
    return random.Random(f"{seed}/{index}").getrandbits(63)


@dataclass
class BotStats:
    name: str
    wins: float = 0.0
    vp: int = 0
    turns: int = 0
    games: int = 0


@dataclass
class Results:
    games: int = 0
    unfinished: int = 0
    ties: int = 0
    first_player_wins: float = 0.0
    bots: list = field(default_factory=list)
    last_log: list = field(default_factory=list)
    last_scores: list = field(default_factory=list)


def run_games(catalog, kingdom: list[str], bots: list[str], games: int, seed: int,
              check_invariants: bool = False, keep_log: bool = False) -> Results:
    n = len(bots)
    res = Results(bots=[BotStats(b) for b in bots])
    strategies: dict = {}
    for g in range(games):
        gseed = game_seed(seed, g)
        rng = random.Random(gseed)
        shift = g % n                                   # seat rotation
        seats = [(i + shift) % n for i in range(n)]     # seat s is played by bot seats[s]
        agents = [make_bot(bots[b], catalog, rng, strategies) for b in seats]
        game = Game(catalog, kingdom, n, agents, seed=gseed,
                    names=[f"{bots[b]}@{s + 1}" for s, b in enumerate(seats)], log=keep_log)
        finished = play_game(game, check_invariants)
        res.games += 1
        if not finished:
            res.unfinished += 1
        winners = game.winners()
        if len(winners) > 1:
            res.ties += 1
        scores = game.scores()
        for s, b in enumerate(seats):
            st = res.bots[b]
            st.games += 1
            st.vp += scores[s]
            st.turns += game.players[s].turns
            if s in winners:
                st.wins += 1 / len(winners)
        if 0 in winners:
            res.first_player_wins += 1 / len(winners)
        if keep_log:
            res.last_log = game.log
            res.last_scores = [(game.players[s].name, scores[s]) for s in range(n)]
    return res
