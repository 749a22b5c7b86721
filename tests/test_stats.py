"""The statistics beyond wins (interpreter/runs/stats.py, `dsl simulate --stats`): checked against
what the rules make certain in small games, merged the same whatever the workers, and
written as the documented text, JSON and CSV."""
import csv
import io
import json
import subprocess
import sys
from collections import Counter

from dsl.language.loader import load_shipped
from dsl.language.strategy import find_strategy
from interpreter.bots.agents import Bot
from interpreter.engine.game import Game
from interpreter.runs.simulation import run_games
from interpreter.runs.stats import (CSV_COLUMNS, END_PILE, PILES, TURN_LIMIT, GameWatch, Tally,
                               end_reason, game_length)
from interpreter.engine.turns import play_game

CATALOG = load_shipped().catalog
# no Attack and nothing that trashes: what a player holds is his start plus his gains
QUIET = ["village", "smithy", "market", "festival", "laboratory", "cellar", "moat",
         "woodcutter", "workshop", "gardens"]


def watched_game(seed, kingdom=QUIET, bots=("bm:smithy", "bm"), overrides=None):
    agents = [Bot(find_strategy(b, CATALOG)) for b in bots]
    game = Game(CATALOG, kingdom, len(agents), agents, seed=seed, log=False,
                supply_overrides=overrides)
    watch = GameWatch(game)
    finished = play_game(game, observer=watch)
    return game, watch, finished


def test_per_turn_figures_agree_with_the_game():
    start = CATALOG.rules.starting_deck
    for seed in range(5):
        game, watch, finished = watched_game(seed)
        assert finished
        scores = game.scores()
        for p, pl in enumerate(game.players):
            # a VP for each of his turns, the last one his final score (nobody attacks)
            assert len(watch.vp[p]) == len(watch.coins[p]) == pl.turns
            assert watch.vp[p][-1] == scores[p]
            assert watch.vp[p][0] == start["estate"]
            # his first two hands are his ten starting cards: all seven Coppers
            assert watch.coins[p][0] + watch.coins[p][1] == start["copper"]
            assert all(c >= 0 for c in watch.coins[p])
            # what he holds is what he started with and what he gained
            held = Counter({cid: n for cid, n in pl.holdings.counts.items() if n})
            assert held == Counter(start) + Counter(watch.gained[p])
        assert end_reason(game, finished) == (END_PILE if not len(game.supply["province"])
                                              else PILES)
        assert game_length(game) == max(p.turns for p in game.players)


def test_end_reasons_follow_the_supply():
    # three piles already empty: the game ends after the first turn, by piles
    game, watch, finished = watched_game(1, overrides={"curse": 0, "village": 0,
                                                       "smithy": 0})
    assert finished and end_reason(game, finished) == PILES and game_length(game) == 1
    assert len(watch.vp[0]) == 1 and watch.vp[1] == []
    game, _, finished = watched_game(1, overrides={"province": 1})
    assert end_reason(game, finished) == END_PILE
    assert end_reason(game, False) == TURN_LIMIT


def test_a_tally_counts_per_bot_not_per_seat():
    res = run_games(CATALOG, QUIET, ["bm:smithy", "bm"], 20, seed=4, stats=True)
    t = res.stats
    assert t.games == 20 and sum(t.end_reasons().values()) == 20
    assert sum(t.length_histogram().values()) == 20
    # every game had Smithy's bot buy exactly one Smithy, and bm none
    assert t.gained[0]["smithy"] == 20 and "smithy" not in t.gained[1]
    for b, st in enumerate(res.bots):
        assert t.reached[b][0] == 20                      # everyone took a first turn
        assert sum(t.reached[b]) == st.turns              # one per turn taken
        first_two = t.per_turn(b)[:2]
        assert sum(row["avg_coins"] for row in first_two) == 7


def test_stats_change_no_result_and_merge_the_same_whatever_the_workers():
    bots = ["bm:witch", "bm:militia"]
    plain = run_games(CATALOG, QUIET + ["witch", "militia"], bots, 40, seed=9)
    one = run_games(CATALOG, QUIET + ["witch", "militia"], bots, 40, seed=9, stats=True)
    two = run_games(CATALOG, QUIET + ["witch", "militia"], bots, 40, seed=9, stats=True,
                    workers=2)
    for a, b in ((plain, one), (one, two)):
        assert [(x.wins, x.vp, x.turns) for x in a.bots] == \
            [(x.wins, x.vp, x.turns) for x in b.bots]
    s1, s2 = one.stats, two.stats
    assert (s1.vp, s1.coins, s1.reached, s1.gained, s1.ends, s1.lengths) == \
        (s2.vp, s2.coins, s2.reached, s2.gained, s2.ends, s2.lengths)
    assert s1.gained[0].get("curse", 0) < s1.gained[1]["curse"]   # the Witch gives them


def test_a_dask_cluster_gives_the_same_stats():
    local = run_games(CATALOG, QUIET, ["bm:smithy", "bm"], 30, seed=5, stats=True)
    dask = run_games(CATALOG, QUIET, ["bm:smithy", "bm"], 30, seed=5, stats=True,
                     backend="dask")
    assert dask.stats.csv_rows(["a", "b"]) == local.stats.csv_rows(["a", "b"])
    assert [b.wins for b in dask.bots] == [b.wins for b in local.bots]


def test_merging_tallies_is_adding():
    whole = run_games(CATALOG, QUIET, ["bm:smithy", "bm"], 30, seed=2, stats=True).stats
    again = Tally(2)
    again.merge(whole)
    again.merge(Tally(2))
    assert again.csv_rows(["a", "b"]) == whole.csv_rows(["a", "b"])


def dsl(*args):
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True,
                          text=True, timeout=120)


SIM = ("simulate", "--kingdom", ",".join(QUIET), "--bots", "bm:smithy,bm", "--games", "20",
       "--seed", "3", "--stats")


def test_simulate_stats_as_text():
    r = dsl(*SIM)
    assert r.returncode == 0, r.stderr
    for heading in ("per-turn averages", "cards gained per game:", "games ended: Province "
                    "pile empty", "game length"):
        assert heading in r.stdout
    assert "bm:smithy: " in r.stdout and "smithy 1.00" in r.stdout


def test_simulate_stats_as_json_and_csv_say_the_same():
    data = json.loads(dsl(*SIM, "--format", "json").stdout)
    bot = data["bots"][0]
    assert bot["per_turn"][0] == {"turn": 1, "games": 20, "avg_vp": 3.0,
                                  "avg_coins": bot["per_turn"][0]["avg_coins"]}
    assert bot["gained_per_game"]["smithy"] == 1.0
    assert sum(data["end_reasons"].values()) == 20 == sum(data["game_lengths"].values())
    r = dsl(*SIM, "--format", "csv")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert {row["section"] for row in rows} == {"run", "bot", "turn", "gained", "end", "length"}
    value = {(row["section"], row["bot"], row["key"], row["measure"]): row["value"]
             for row in rows}
    assert float(value["bot", "bm:smithy", "", "win_rate"]) == bot["win_rate"]
    assert float(value["turn", "bm:smithy", "1", "avg_coins"]) == bot["per_turn"][0]["avg_coins"]
    assert int(value["end", "", "end_pile", "games"]) == data["end_reasons"]["end_pile"]
    assert all(int(value["length", "", k, "games"]) == n
               for k, n in data["game_lengths"].items())
    plain = list(csv.DictReader(io.StringIO(dsl(*SIM[:-1], "--format", "csv").stdout)))
    assert {row["section"] for row in plain} == {"run", "bot"}
