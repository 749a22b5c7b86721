"""A designer's own set in its own folder (tests/fixtures/fan_set, copied outside the
project): every command takes it with --cards PATH or the DSL_CARDS search path, with its
strategies, scenarios, kingdoms and locale catalog; records name its cards by hash."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.cli.main import main
from dsl.language.fansets import ENV, fan_manifest, open_sets, search_path

FAN_SET = Path(__file__).parent / "fixtures" / "fan_set"


@pytest.fixture
def fan(tmp_path, monkeypatch):
    """The fan set copied to a temporary folder, with no search path in the environment."""
    monkeypatch.delenv(ENV, raising=False)
    dest = tmp_path / "workshop_tales"
    shutil.copytree(FAN_SET, dest)
    return dest


def dsl(capsys, *args) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as e:           # argparse and the commands' one-line errors
        code = e.code if isinstance(e.code, int) else (print(e.code, file=sys.stderr) or 1)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_without_the_set_a_fan_card_is_unknown_and_the_error_says_how(capsys, fan):
    code, _, err = dsl(capsys, "simulate", "--kingdom", "apprentice_smith,village", "--bots",
                       "bm,bm", "--games", "1")
    assert code == 2 and "apprentice_smith" in err and "--cards PATH" in err


def test_simulate_with_cards_uses_the_sets_kingdom_and_strategy(capsys, fan):
    code, out, _ = dsl(capsys, "simulate", "--cards", str(fan), "--kingdom",
                       "Apprentices First", "--bots", "apprentice_smith,bm", "--games", "20",
                       "--format", "json")
    res = json.loads(out)
    assert code == 0 and res["kingdom"][:2] == ["apprentice_smith", "night_market"]
    assert [b["name"] for b in res["bots"]] == ["apprentice_smith", "bm"]
    assert res["games"] == 20


def test_the_search_path_variable_works_like_cards(capsys, fan, monkeypatch, tmp_path):
    other = tmp_path / "elsewhere"
    other.mkdir()
    monkeypatch.setenv(ENV, os.pathsep.join([str(fan), str(other / "missing")]))
    code, _, err = dsl(capsys, "cards", "--format", "json")
    assert code == 1 and "missing" in err and "no such file or folder" in err
    monkeypatch.setenv(ENV, str(fan))
    code, out, _ = dsl(capsys, "cards", "--set", "workshop_tales", "--format", "json")
    assert code == 0 and {c["id"] for c in json.loads(out)} == {"apprentice_smith",
                                                                "night_market"}
    # the same folder twice (by the variable and by --cards) is loaded once
    assert search_path([str(fan)]) == [fan]


def test_lint_test_render_and_locales_of_a_fan_set(capsys, fan):
    code, out, _ = dsl(capsys, "lint", "--cards", str(fan), "--quiet")
    assert code == 0 and "0 error(s)" in out
    code, out, _ = dsl(capsys, "test", "--cards", str(fan))        # its own tests/
    assert code == 0 and "2 passed, 0 failed" in out
    code, out, _ = dsl(capsys, "render", "apprentice_smith", "--cards", str(fan), "--locale",
                       "hu")
    assert code == 0 and out.startswith("Kovácsinas")     # the fan set's own catalog ...
    assert "Rézpénz" in out                                # ... and the shipped one's names
    code, out, _ = dsl(capsys, "locales", "--cards", str(fan), "--format", "json")
    hu = next(r for r in json.loads(out) if r["locale"] == "hu")
    code_alone, out_alone, _ = dsl(capsys, "locales", "--format", "json")
    hu_alone = next(r for r in json.loads(out_alone) if r["locale"] == "hu")
    assert hu["card_names"]["translated"] == hu_alone["card_names"]["translated"] + 2


def test_a_failing_fan_scenario_fails_with_its_position(capsys, fan):
    (fan / "tests" / "wrong.yaml").write_text(
        "name: wrong\nkingdom: [night_market]\nsetup:\n  p1: {hand: [night_market], deck: "
        "[gold]}\nsteps:\n  - play: night_market\nexpect:\n  p1: {hand: [silver]}\n",
        encoding="utf-8")
    code, out, _ = dsl(capsys, "test", "--cards", str(fan))
    assert code == 1 and "2 passed, 1 failed" in out and "wrong.yaml:8:" in out


@pytest.mark.parametrize("where, text, clash", [
    ("cards/village.yaml", "id: village\nset: workshop_tales\ncost: 3\ntypes: [action]\n"
     "names: {en: Hamlet}\non_play: '+1 card'\n", "duplicate card id 'village'"),
    ("set.yaml", "id: base\nnames: {en: Mine}\n", "duplicate set id 'base'"),
    ("set.yaml", "id: workshop_tales\nnames: {en: Tales}\nkingdoms:\n  - id: first_game\n"
     "    names: {en: Mine}\n    cards: [village]\n", "duplicate kingdom id 'first_game'"),
])
def test_an_id_taken_by_a_shipped_set_is_an_error_naming_both_files(capsys, fan, where,
                                                                   text, clash):
    (fan / where).write_text(text, encoding="utf-8")
    code, _, err = dsl(capsys, "cards", "--cards", str(fan))
    assert code == 1 and clash in err
    assert str(fan) in err and "also in" in err and "sets" in err     # both files


def test_a_fan_strategy_named_like_a_shipped_one_is_an_error(capsys, fan):
    shutil.copy(fan / "strategies" / "apprentice_smith.yaml", fan / "strategies" / "bm.yaml")
    code, _, err = dsl(capsys, "simulate", "--cards", str(fan), "--kingdom", "First Game",
                       "--bots", "bm,bm", "--games", "1")
    assert code == 1 and "duplicate strategy 'bm'" in err and "strategies" in err


def test_records_name_the_fan_cards_and_replay_refuses_changed_ones(capsys, fan, tmp_path):
    record = tmp_path / "games.jsonl"
    code, _, _ = dsl(capsys, "simulate", "--cards", str(fan), "--kingdom",
                     "Apprentices First", "--bots", "apprentice_smith,bm", "--games", "2",
                     "--record", str(record))
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert code == 0 and header["fan_sets"][0]["id"] == "workshop_tales"
    assert set(header["fan_sets"][0]["cards"]) == {"apprentice_smith", "night_market"}
    code, out, _ = dsl(capsys, "replay", str(record), "--quiet", "--cards", str(fan))
    assert code == 0 and out.count("(as recorded)") == 2
    code, _, err = dsl(capsys, "replay", str(record), "--quiet")      # the set not given
    assert code == 1 and "workshop_tales" in err and "--cards PATH" in err
    card = fan / "cards" / "night_market.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("+$1", "+$2"), encoding="utf-8")
    code, _, err = dsl(capsys, "replay", str(record), "--quiet", "--cards", str(fan))
    assert code == 1 and "changed" in err and "night_market" in err
    assert "apprentice_smith" not in err.split("changed")[1]       # only the changed card


def test_the_manifest_holds_only_fan_cards(fan):
    assert fan_manifest(open_sets([]).catalog) == []
    (entry,) = fan_manifest(open_sets([fan]).catalog)
    assert entry["id"] == "workshop_tales" and len(entry["cards"]["night_market"]) == 16


def test_locale_init_writes_into_the_fan_set_never_the_package(capsys, fan, tmp_path,
                                                               monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = dsl(capsys, "locale", "init", "de", "--cards", str(fan))
    po = fan / "locales" / "de" / "LC_MESSAGES" / "dominion.po"
    assert code == 0 and po.is_file()
    text = po.read_text(encoding="utf-8")
    assert 'msgid "Apprentice Smith"' in text and 'msgid "Village"' not in text
    code, out, _ = dsl(capsys, "locale", "init", "pl", "--dir", str(tmp_path / "mine"))
    assert code == 0 and (tmp_path / "mine" / "pl" / "LC_MESSAGES" / "dominion.po").is_file()
    code, out, _ = dsl(capsys, "locale", "init", "fr")             # the working folder
    assert code == 0 and (tmp_path / "locales" / "fr" / "LC_MESSAGES" / "dominion.po").is_file()


def test_play_a_fan_kingdom_at_the_terminal_in_hungarian(fan, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != ENV}
    record = tmp_path / "me.jsonl"
    r = subprocess.run([sys.executable, "-m", "dsl", "play", "--cards", str(fan), "--kingdom",
                        "Apprentices First", "--bots", "apprentice_smith", "--seed", "3",
                        "--locale", "hu", "--record", str(record)],
                       input="\n0\n" * 3000, capture_output=True, text=True, timeout=120,
                       env=env)
    assert r.returncode == 0, r.stderr          # Enter or 0 (none) everywhere: a whole game
    assert "Kovácsinas" in r.stdout and "Traceback" not in r.stderr
    rr = subprocess.run([sys.executable, "-m", "dsl", "replay", str(record), "--quiet",
                         "--cards", str(fan)], capture_output=True, text=True, env=env,
                        timeout=120)
    assert rr.returncode == 0 and "(as recorded)" in rr.stdout, rr.stderr


def test_cluster_nodes_load_the_fan_sets_and_give_the_same_results(fan):
    from interpreter.runs.simulation import run_games
    sets = open_sets([fan])
    kingdom = list(sets.catalog.kingdoms["apprentices_first"].cards)
    bots = ["apprentice_smith", "bm:night_market"]
    local = run_games(sets.catalog, kingdom, bots, 30, seed=5)
    dask = run_games(sets.catalog, kingdom, bots, 30, seed=5, backend="dask",
                     card_paths=sets.paths)
    assert [(b.wins, b.vp, b.turns) for b in local.bots] == \
        [(b.wins, b.vp, b.turns) for b in dask.bots]
