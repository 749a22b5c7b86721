"""Bot games at scale: bots by name, seats rotated, per-game seeds that do not depend on who
plays which game, so the results of a seed are the same on one core, on several worker
processes or on a cluster."""
from __future__ import annotations

import hashlib
import math
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import NamedTuple

from .agents import Bot, RandomBot
from .engine import Game
from .turns import play_game


def make_bot(spec: str, catalog, rng: random.Random | None,
             strategies: dict | None = None):
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
    """The seed of game `index` of a run: independent of which worker plays it (a hash of
    the run's seed and the game's number)."""
    digest = hashlib.blake2b(f"{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def seats_of(index: int, n: int) -> list[int]:
    """Seat s of game `index` is played by bot seats[s]: seats rotate game by game."""
    return [(s + index) % n for s in range(n)]


class GameResult(NamedTuple):
    """What one game contributes to the totals (per bot, not per seat); a named tuple,
    cheap to make and to send back from a worker."""
    index: int
    vp: tuple
    turns: tuple
    wins: tuple           # shares of the win: 1, 1/2 for a two-way tie...
    first_seat_win: float
    finished: bool


def play_indexed(catalog, kingdom: list[str], bots: list[str], seed: int, index: int,
                 strategies: dict, recorder=None, keep_log: bool = False):
    """Play game `index` of a run; returns (result, game)."""
    n = len(bots)
    gseed = game_seed(seed, index)
    rng = random.Random(gseed) if "random" in bots else None    # seeds the random bots
    seats = seats_of(index, n)
    agents = [make_bot(bots[b], catalog, rng, strategies) for b in seats]
    names = [f"{bots[b]}@{s + 1}" for s, b in enumerate(seats)]
    if recorder is not None:
        agents = recorder.wrap(agents, {"kingdom": kingdom, "players": n, "seed": gseed,
                                        "names": names, "bots": [bots[b] for b in seats]})
    game = Game(catalog, kingdom, n, agents, seed=gseed, names=names, log=keep_log)
    finished = play_game(game)
    if recorder is not None:
        recorder.finish(game)
    scores = game.scores()
    winners = game.winners(scores)
    vp, turns, wins = [0] * n, [0] * n, [0.0] * n
    for s, b in enumerate(seats):
        vp[b], turns[b] = scores[s], game.players[s].turns
        if s in winners:
            wins[b] = 1 / len(winners)
    first = 1 / len(winners) if 0 in winners else 0.0
    return GameResult(index, tuple(vp), tuple(turns), tuple(wins), first, finished), game


_INHERITED = None       # the cards a forked worker inherits from the parent
_STRATEGIES: dict = {}  # strategies loaded in this process (a worker plays many chunks)


def play_chunk(kingdom: list[str], bots: list[str], seed: int, indices: list[int],
               card_paths: tuple = ()) -> list:
    """Play some games of a run (in a worker process or on a cluster node, which loads
    the shipped sets and the fan sets at `card_paths` once per process)."""
    global _INHERITED
    catalog = _INHERITED
    if catalog is None:
        from dsl.fansets import open_sets
        catalog = _INHERITED = open_sets([Path(p) for p in card_paths]).catalog
    strategies = _STRATEGIES.setdefault(id(catalog), {})
    results = []
    for i in indices:
        r, game = play_indexed(catalog, kingdom, bots, seed, i, strategies)
        game.dispose()
        results.append(r)
    return results


@dataclass
class BotStats:
    name: str
    wins: float = 0.0
    vp: int = 0
    turns: int = 0
    games: int = 0

    def as_json(self) -> dict:
        g = max(self.games, 1)
        return {"name": self.name, "wins": self.wins, "win_rate": self.wins / g,
                "win_rate_ci95": list(wilson(self.wins, self.games)),
                "avg_vp": self.vp / g, "avg_turns": self.turns / g}


@dataclass
class Results:
    games: int = 0
    unfinished: int = 0
    ties: int = 0
    first_player_wins: float = 0.0
    bots: list = field(default_factory=list)
    last_log: list = field(default_factory=list)
    last_scores: list = field(default_factory=list)

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.unfinished += not r.finished
        self.ties += sum(1 for w in r.wins if w) > 1
        self.first_player_wins += r.first_seat_win
        for b, st in enumerate(self.bots):
            st.games += 1
            st.vp += r.vp[b]
            st.turns += r.turns[b]
            st.wins += r.wins[b]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (a shared win counts as half)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def chunks(games: int, parts: int) -> list[list[int]]:
    size = max(1, min(500, games // max(1, parts * 8)))
    return [list(range(i, min(i + size, games))) for i in range(0, games, size)]


def run_games(catalog, kingdom: list[str], bots: list[str], games: int, seed: int,
              workers: int = 1, keep_log: bool = False, progress=None, recorder=None,
              backend: str = "local", address: str | None = None,
              check_invariants: bool = False, timeout: float = 10,
              card_paths: tuple = ()) -> Results:
    """Play `games` games; the same seed gives the same results whatever the workers or
    backend. `progress(n)` is called as games finish. `card_paths`: the fan sets of the
    catalog, for a cluster's nodes to load (the same paths must be readable there)."""
    res = Results(bots=[BotStats(b) for b in bots])
    tick = progress or (lambda n: None)
    if backend != "local":
        from .cluster import run_on_cluster
        for r in run_on_cluster(backend, address, kingdom, bots, seed, chunks(games, 16),
                                tick, timeout, tuple(map(str, card_paths))):
            res.add(r)
        return res
    if workers <= 1 or games < 2 or recorder is not None or keep_log:
        strategies: dict = {}
        game = None
        for i in range(games):
            if game is not None:
                game.dispose()
            r, game = play_indexed(catalog, kingdom, bots, seed, i, strategies, recorder,
                                   keep_log)
            if check_invariants:
                game.check_invariants()
            res.add(r)
            tick(1)
        if keep_log and game is not None:
            res.last_log = game.log
            res.last_scores = [(p.name, s) for p, s in zip(game.players, game.scores())]
        if game is not None:
            game.dispose()
        return res
    # worker processes, forked so that they inherit the loaded cards
    global _INHERITED
    _INHERITED = catalog
    results = []
    with ProcessPoolExecutor(workers, mp_context=get_context("fork")) as pool:
        futures = [pool.submit(play_chunk, kingdom, bots, seed, part)
                   for part in chunks(games, workers)]
        for fut in futures:
            part = fut.result()
            results += part
            tick(len(part))
    for r in sorted(results, key=lambda r: r.index):
        res.add(r)
    return res
