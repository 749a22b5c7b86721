"""Bot games at scale: bots by name, seats rotated, per-game seeds that do not depend on who
plays which game, so the results of a seed are the same on one core, on several worker
processes or on a cluster. Several runs (kingdoms, pairs of bots) share one pool of workers
(`run_batch`), and the statistics beyond wins (interpreter/runs/stats.py) are kept only when
asked for."""
from __future__ import annotations

import hashlib
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from multiprocessing import get_context
from pathlib import Path
from typing import NamedTuple

from interpreter.bots.agents import Bot, RandomBot
from interpreter.compiled.runner import compiled_run
from interpreter.compiled.scope import Unsupported
from interpreter.engine.game import Game, GameError, winners_of
from .stats import GameWatch, Tally, end_reason, game_length, reason_of
from interpreter.engine.turns import play_game


def tune_jit(for_games: bool = True, compiled: bool = False) -> None:
    """Under PyPy (nothing under CPython): start-up code runs once, so compiling it only
    slows start-up (`for_games=False`, at a command's start); a game's code branches a lot,
    and PyPy's default long traces through it were aborted and retried, so the games are
    compiled sooner and in shorter traces. A 20,000-game run warms up in a third of the
    time (the README's Speed section). A compiled game (interpreter/compiled) is one loop
    whose every branch became a long bridge: shorter traces still make it 1.5x to 2x faster
    there, and the generic engine slower (docs/speed.md)."""
    if sys.implementation.name == "pypy":
        import pypyjit
        pypyjit.set_param(("trace_limit=500,threshold=200,function_threshold=200" if compiled
                           else "trace_limit=1500,threshold=500,function_threshold=500")
                          if for_games else "threshold=100000,function_threshold=100000")


def make_bot(spec: str, catalog, rng: random.Random | None,
             strategies: dict | None = None):
    """`random`, or a strategy (`bm`, `bm:CARD`, a strategy file); the random bot's
    generator is drawn from `rng` so that one seed fixes the game. `strategies` caches the
    loaded strategy files across games."""
    if spec == "random":
        return RandomBot(random.Random(rng.getrandbits(64)))
    if strategies is not None and spec in strategies:
        return Bot(strategies[spec])
    from dsl.language.strategy import find_strategy
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
                 strategies: dict, recorder=None, keep_log: bool = False,
                 tally: Tally | None = None, game_rng: random.Random | None = None,
                 rule_choice: tuple = ((), ())):
    """Play game `index` of a run; returns (result, game). With a `tally`, the game's
    statistics are added to it. `game_rng`: a generator the game seeds and uses (a run
    reuses one for its games, one after the other: under PyPy making one costs twice what
    seeding one does); the same game either way. `rule_choice`: (set rules on, set rules
    off) by name, the others by their rule (interpreter.core.setup.set_rules_in_force),
    and a third item when a card is named for a rule's added kingdom pile (`--bane`)."""
    n = len(bots)
    gseed = game_seed(seed, index)
    rng = random.Random(gseed) if "random" in bots else None    # seeds the random bots
    seats = seats_of(index, n)
    agents = [make_bot(bots[b], catalog, rng, strategies) for b in seats]
    names = [f"{bots[b]}@{s + 1}" for s, b in enumerate(seats)]
    if recorder is not None:
        header = {"kingdom": kingdom, "players": n, "seed": gseed, "names": names,
                  "bots": [bots[b] for b in seats]}
        if rule_choice[0] or rule_choice[1]:
            header["with"], header["without"] = list(rule_choice[0]), list(rule_choice[1])
        if len(rule_choice) > 2:
            header["bane"] = rule_choice[2]
        agents = recorder.wrap(agents, header)
    game = Game(catalog, kingdom, n, agents, seed=gseed, names=names, log=keep_log,
                rng=game_rng, with_rules=rule_choice[0], without_rules=rule_choice[1],
                bane=rule_choice[2] if len(rule_choice) > 2 else None)
    watch = GameWatch(game) if tally is not None else None
    finished = play_game(game, observer=watch)
    if watch is not None:
        tally.add_game(watch, seats, end_reason(game, finished), game_length(game))
    if recorder is not None:
        recorder.finish(game)
    scores = game.scores()
    result = game_result(index, seats, scores, [p.turns for p in game.players],
                         game.winners(scores), finished)
    return result, game


def game_result(index: int, seats: list, scores: list, turns_by_seat: list, winners: list,
                finished: bool) -> GameResult:
    """A game's contribution to the totals, per bot (seat s is played by bot seats[s])."""
    n = len(seats)
    vp, turns, wins = [0] * n, [0] * n, [0.0] * n
    for s, b in enumerate(seats):
        vp[b], turns[b] = scores[s], turns_by_seat[s]
        if s in winners:
            wins[b] = 1 / len(winners)
    first = 1 / len(winners) if 0 in winners else 0.0
    return GameResult(index, tuple(vp), tuple(turns), tuple(wins), first, finished)


ENGINES = ("auto", "compiled", "generic")


def compiled_for(catalog, kingdom, bots, rule_choice, engine: str, strategies: dict):
    """The run's compiled games (interpreter/compiled), or None for the generic engine:
    `generic` asks for it, and `auto` takes it where the run cannot be compiled;
    `compiled` then fails, saying why."""
    if engine not in ENGINES:
        raise GameError(f"unknown engine '{engine}' (engines: {', '.join(ENGINES)})")
    if engine == "generic":
        return None
    try:
        return compiled_run(catalog, kingdom, bots, rule_choice, strategies)
    except Unsupported as e:
        if engine == "compiled":
            raise GameError(f"this run cannot be compiled: {e}; --engine auto plays it on "
                            "the generic engine") from None
        return None


def play_compiled(run, catalog, kingdom, bots, seed: int, index: int, strategies: dict,
                  tally, game_rng: random.Random, rule_choice: tuple) -> GameResult:
    """Game `index` of a run on its compiled module, or on the generic engine when its
    set rules (drawn for this game) are not compiled: the same result either way."""
    seats = seats_of(index, len(bots))
    watch = GameWatch(players=len(bots)) if tally is not None else None
    out = run.play(game_seed(seed, index), seats, game_rng, watch)
    if out is None:
        result, game = play_indexed(catalog, kingdom, bots, seed, index, strategies,
                                    tally=tally, game_rng=game_rng, rule_choice=rule_choice)
        game.dispose()
        return result
    scores, turns, finished = out.scores, out.turns, out.finished
    if tally is not None:
        tally.add_game(watch, seats, reason_of(finished, out.end_pile_empty), max(turns))
    return game_result(index, seats, scores, turns, winners_of(scores, turns, run.tie_break),
                       finished)


_INHERITED = None       # the cards a forked worker inherits from the parent
_STRATEGIES: dict = {}  # strategies loaded in this process (a worker plays many chunks)


class Chunk(NamedTuple):
    """What a worker sends back for some games of a run: their results, by game index,
    and their statistics' tally (None when not asked for)."""
    run: int
    results: list
    tally: Tally | None


def play_chunk(kingdom: list[str], bots: list[str], seed: int, indices: list[int],
               card_paths: tuple = (), stats: bool = False, run: int = 0,
               rule_choice: tuple = ((), ()), engine: str = "auto") -> Chunk:
    """Play some games of a run (in a worker process or on a cluster node, which loads
    the shipped sets and the fan sets at `card_paths` once per process)."""
    global _INHERITED
    catalog = _INHERITED
    if catalog is None:
        from dsl.language.fansets import open_sets
        catalog = _INHERITED = open_sets([Path(p) for p in card_paths]).catalog
    return _play_part(catalog, kingdom, bots, seed, indices, stats, run,
                      _STRATEGIES.setdefault(id(catalog), {}), rule_choice, engine)


def _play_part(catalog, kingdom, bots, seed, indices, stats: bool, run: int,
               strategies: dict, rule_choice: tuple = ((), ()),
               engine: str = "auto") -> Chunk:
    tally = Tally(len(bots)) if stats else None
    results, game_rng = [], random.Random()
    compiled = compiled_for(catalog, kingdom, bots, rule_choice, engine, strategies)
    tune_jit(compiled=compiled is not None)
    if compiled is not None:
        for i in indices:
            results.append(play_compiled(compiled, catalog, kingdom, bots, seed, i,
                                         strategies, tally, game_rng, rule_choice))
        return Chunk(run, results, tally)
    for i in indices:
        r, game = play_indexed(catalog, kingdom, bots, seed, i, strategies, tally=tally,
                               game_rng=game_rng, rule_choice=rule_choice)
        game.dispose()
        results.append(r)
    return Chunk(run, results, tally)


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
    stats: Tally | None = None      # with stats asked for: the games' statistics

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


def chunks(games: int, parts: int, size: int | None = None) -> list[list[int]]:
    """The game indices of a run in chunks, about eight per worker (at most 500 games)."""
    if size is None:
        size = max(1, min(500, games // max(1, parts * 8)))
    return [list(range(i, min(i + size, games))) for i in range(0, games, size)]


class Run(NamedTuple):
    """One run of a batch: `games` games of `bots` on `kingdom`, seeded by `seed`."""
    kingdom: list
    bots: list
    games: int
    seed: int
    rule_choice: tuple = ((), ())     # set rules named on and off


def run_games(catalog, kingdom: list[str], bots: list[str], games: int, seed: int,
              workers: int = 1, keep_log: bool = False, progress=None, recorder=None,
              backend: str = "local", address: str | None = None,
              check_invariants: bool = False, timeout: float = 10,
              card_paths: tuple = (), stats: bool = False,
              rule_choice: tuple = ((), ()), engine: str = "auto") -> Results:
    """Play `games` games; the same seed gives the same results whatever the workers or
    backend (`rule_choice`: set rules named on and off, as play_indexed). `progress(n)` is called as games finish. `card_paths`: the fan sets of the
    catalog, for a cluster's nodes to load (the same paths must be readable there).
    `stats`: also the statistics of interpreter/runs/stats.py (in `Results.stats`)."""
    tick = progress or (lambda n: None)
    tune_jit()
    if backend != "local":
        from .cluster import run_on_cluster
        res = _new_results(bots, stats)
        play = partial(play_chunk, kingdom, bots, seed,
                       card_paths=tuple(map(str, card_paths)), stats=stats,
                       rule_choice=rule_choice, engine=engine)
        _collect(res, run_on_cluster(backend, address, play, chunks(games, 16), tick, timeout))
        return res
    if workers <= 1 or games < 2 or recorder is not None or keep_log or check_invariants:
        res = _new_results(bots, stats)
        strategies: dict = {}
        plain = recorder is None and not keep_log and not check_invariants
        if engine == "compiled" and not plain:
            raise GameError("a logged, recorded or checked run is played by the generic "
                            "engine: --engine compiled cannot be given with it")
        compiled = compiled_for(catalog, kingdom, bots, rule_choice,   # recorded, logged
                                engine if plain else "generic", strategies)  # or checked:
        tune_jit(compiled=compiled is not None)                        # the generic one
        if compiled is not None:
            game_rng = random.Random()
            for i in range(games):
                res.add(play_compiled(compiled, catalog, kingdom, bots, seed, i, strategies,
                                      res.stats, game_rng, rule_choice))
                tick(1)
            return res
        game, game_rng = None, random.Random()
        for i in range(games):
            if game is not None:
                game.dispose()
            r, game = play_indexed(catalog, kingdom, bots, seed, i, strategies, recorder,
                                   keep_log, res.stats, game_rng, rule_choice)
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
    return run_batch(catalog, [Run(kingdom, bots, games, seed, rule_choice)], workers, progress,
                     stats, engine)[0]


def _new_results(bots: list, stats: bool) -> Results:
    return Results(bots=[BotStats(b) for b in bots], stats=Tally(len(bots)) if stats else None)


def _collect(res: Results, parts) -> None:
    """Add a run's chunks to its results: the games in index order, the tallies summed
    (integer sums: the same whatever the order)."""
    parts = sorted(parts, key=lambda c: c.results[0].index if c.results else -1)
    for part in parts:
        for r in part.results:
            res.add(r)
        if res.stats is not None and part.tally is not None:
            res.stats.merge(part.tally)


def run_batch(catalog, runs: list[Run], workers: int = 1, progress=None,
              stats: bool = False, engine: str = "auto") -> list[Results]:
    """Play several runs on one pool of worker processes (forked, so that they inherit
    the loaded cards), chunks of every run in turn; the Results of each run, the same as
    run_games would give it, whatever the workers."""
    tick = progress or (lambda n: None)
    tune_jit()
    total = sum(r.games for r in runs)
    size = max(1, min(500, total // max(1, workers * 8)))
    tasks = [(k, part) for k, run in enumerate(runs) for part in chunks(run.games, 1, size)]
    parts: list = [[] for _ in runs]
    if workers <= 1 or total < 2:
        strategies: dict = {}
        for k, part in tasks:
            run = runs[k]
            chunk = _play_part(catalog, run.kingdom, run.bots, run.seed, part, stats, k,
                               strategies, run.rule_choice, engine)
            parts[k].append(chunk)
            tick(len(part))
    else:
        global _INHERITED
        _INHERITED = catalog
        with ProcessPoolExecutor(workers, mp_context=get_context("fork")) as pool:
            futures = [pool.submit(play_chunk, runs[k].kingdom, runs[k].bots, runs[k].seed,
                                   part, (), stats, k, runs[k].rule_choice, engine)
                       for k, part in tasks]
            for fut in futures:
                chunk = fut.result()
                parts[chunk.run].append(chunk)
                tick(len(chunk.results))
    out = []
    for run, run_parts in zip(runs, parts):
        res = _new_results(run.bots, stats)
        _collect(res, run_parts)
        out.append(res)
    return out
