"""Simulation at scale: workers, the Dask backend, records and replays, strategies."""
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.lint.checks import lint
from dsl.language.loader import load_shipped
from dsl.language.strategy import find_strategy, strategies_dir
from interpreter.bots.agents import Bot
from interpreter.engine.game import Game
from interpreter.runs.record import Recorder, ReplayError, read_records, replay
from interpreter.runs.simulation import run_games, wilson
from interpreter.engine.turns import play_game

CATALOG = load_shipped().catalog
GOLDEN = Path(__file__).parent / "golden"
FIRST_GAME = list(CATALOG.kingdoms["first_game"].cards)


def totals(res):
    return [(b.name, b.wins, b.vp, b.turns) for b in res.bots] + [res.ties,
                                                                   res.first_player_wins]


def test_same_results_whatever_the_workers():
    one = run_games(CATALOG, FIRST_GAME, ["bm-smithy", "bm", "double-militia"], 60, seed=11)
    two = run_games(CATALOG, FIRST_GAME, ["bm-smithy", "bm", "double-militia"], 60, seed=11,
                    workers=2)
    assert totals(one) == totals(two)
    assert one.games == two.games == 60


def test_dask_local_cluster_gives_the_same_results():
    local = run_games(CATALOG, FIRST_GAME, ["bm-smithy", "bm"], 40, seed=3)
    dask = run_games(CATALOG, FIRST_GAME, ["bm-smithy", "bm"], 40, seed=3, backend="dask")
    assert totals(local) == totals(dask)


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.jsonl")), ids=lambda p: p.stem)
def test_golden_record_replays_exactly(path):
    (header, decisions, end), = read_records(path.read_text(encoding="utf-8").splitlines())
    game = replay(CATALOG, header, decisions, end)
    assert game.over and game.scores() == end["scores"]


def test_every_recommended_kingdom_has_a_golden_record():
    assert {p.stem for p in GOLDEN.glob("*.jsonl")} == set(CATALOG.kingdoms)


def test_a_changed_record_is_caught(tmp_path):
    lines = (GOLDEN / "interaction.jsonl").read_text(encoding="utf-8").splitlines()
    (header, decisions, end), = read_records(lines)
    end = dict(end, scores=[s + 1 for s in end["scores"]])
    with pytest.raises(ReplayError, match="another state"):
        replay(CATALOG, header, decisions, end)
    flipped = [dict(d) for d in decisions]
    i = next(i for i, d in enumerate(flipped) if d["kind"] == "pile" and d["answer"])
    flipped[i]["answer"] = None            # buy nothing where the record bought something
    with pytest.raises(ReplayError):
        replay(CATALOG, header, flipped, read_records(lines)[0][2])


def test_a_record_of_another_version_is_refused_with_a_reason():
    lines = (GOLDEN / "interaction.jsonl").read_text(encoding="utf-8").splitlines()
    (header, decisions, end), = read_records(lines)
    with pytest.raises(ReplayError, match="record version 1, expected 3.*replay differently"):
        replay(CATALOG, dict(header, version=1), decisions, end)
    with pytest.raises(ReplayError, match="record version '3', expected 3"):
        replay(CATALOG, dict(header, version="3"), decisions, end)


def test_record_then_replay_from_the_command_line(tmp_path):
    rec = tmp_path / "games.jsonl"
    r = subprocess.run([sys.executable, "-m", "dsl", "simulate", "--kingdom", "Bargains",
                        "--bots", "random,bm:trader", "--games", "2", "--seed", "5",
                        "--record", str(rec)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""              # no progress bar when not on a terminal
    r = subprocess.run([sys.executable, "-m", "dsl", "replay", str(rec)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("(as recorded)") == 2 and "-- game over" in r.stdout
    rec.write_text("not json\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "dsl", "replay", str(rec)], capture_output=True,
                       text=True)
    assert r.returncode != 0 and "not JSON" in r.stderr and "Traceback" not in r.stderr


def test_simulate_json_has_the_promised_fields():
    r = subprocess.run([sys.executable, "-m", "dsl", "simulate", "--kingdom", "first_game",
                        "--bots", "bm-smithy,bm", "--games", "30", "--seed", "2", "--workers",
                        "2", "--format", "json"], capture_output=True, text=True)
    data = json.loads(r.stdout)
    assert {"games", "seed", "seconds", "games_per_s", "bots", "ties",
            "first_player_win_rate"} <= set(data)
    bot = data["bots"][0]
    assert set(bot) == {"name", "wins", "win_rate", "win_rate_ci95", "avg_vp", "avg_turns"}
    lo, hi = bot["win_rate_ci95"]
    assert lo <= bot["win_rate"] <= hi


@pytest.mark.parametrize("name", sorted(p.stem for p in strategies_dir().glob("*.yaml")))
def test_shipped_strategies_lint_clean_and_finish_games(name):
    assert [d for d in lint([str(strategies_dir() / f"{name}.yaml")])
            if d.severity == "error"] == []
    for kid in ("first_game", "potion_mixers", "bargains"):
        bots = [Bot(find_strategy(name, CATALOG)), Bot(find_strategy("bm", CATALOG))]
        game = Game(CATALOG, list(CATALOG.kingdoms[kid].cards), 2, bots, seed=4, log=False)
        assert play_game(game)


def test_strategy_buys_by_priority():
    # bm-smithy buys a Smithy first with $4, Big Money a Silver
    smithy = find_strategy("bm-smithy", CATALOG)
    assert smithy.buy[0][0] == "province" and "smithy" in [c for c, _ in smithy.buy]
    res = run_games(CATALOG, FIRST_GAME, ["bm-smithy", "bm"], 200, seed=8)
    assert res.bots[0].wins > res.bots[1].wins          # the known result: about 70%


def test_bm_card_inserts_the_card_after_province():
    s = find_strategy("bm:witch", CATALOG)
    assert [c for c, _ in s.buy][:4] == ["colony", "platinum", "province", "witch"]
    assert s.name == "bm:witch"


def _record(bots, games=1, seed=2):
    out = io.StringIO()
    run_games(CATALOG, FIRST_GAME, bots, games, seed, recorder=Recorder(out))
    return read_records(out.getvalue().splitlines())


def test_bots_play_all_treasures_unasked_and_random_players_are_asked():
    (header, decisions, end), = _record(["bm", "random"])
    assert header["plays_all_treasures"] == [True, False]
    treasure_deciders = {d["player"] for d in decisions if d["purpose"] == "play_treasures"}
    assert treasure_deciders == {1}                  # only the random player was asked
    game = replay(CATALOG, header, decisions, end)
    assert game.scores() == end["scores"]


def test_a_record_that_misstates_who_plays_treasures_unasked_is_caught():
    (header, decisions, end), = _record(["bm", "random"])
    with pytest.raises(ReplayError):
        replay(CATALOG, dict(header, plays_all_treasures=[False, False]), decisions, end)
    with pytest.raises(ReplayError, match="one true/false per player"):
        replay(CATALOG, dict(header, plays_all_treasures=[True]), decisions, end)


def test_runs_in_two_threads_play_the_games_they_play_alone():
    """A run keeps its own generators (it reuses one for its games, never one shared by
    the process): two runs at once in two threads give what each gives alone."""
    import threading
    kingdom = list(CATALOG.kingdoms["first_game"].cards)
    bots = ["bm-smithy", "bm"]

    def totals(seed):
        r = run_games(CATALOG, kingdom, bots, 400, seed)
        return [(b.wins, b.vp, b.turns) for b in r.bots]
    alone = [totals(1), totals(2)]
    together = [None, None]

    def run(k):
        together[k] = totals(k + 1)
    threads = [threading.Thread(target=run, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone
