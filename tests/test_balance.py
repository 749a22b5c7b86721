"""`dsl balance CARD` (interpreter/runs/balance.py, dsl/cli/balance.py): the rivals and kingdoms
it draws, the same report whatever the workers, its JSON, CSV and plot, and a clear error
for every bad argument."""
import csv
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.cli.main import main
from dsl.language.fansets import ENV, open_sets
from interpreter.runs import balance

CATALOG = open_sets().catalog
FAN_SET = Path(__file__).parent / "fixtures" / "fan_set"
TINY = ("--kingdoms", "2", "--games", "4", "--seed", "7")


def dsl(capsys, *args):
    try:
        code = main(list(args))
    except SystemExit as e:            # argparse's and the commands' one-line errors
        code = e.code if isinstance(e.code, int) else (print(e.code, file=sys.stderr) or 1)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(autouse=True)
def no_search_path(monkeypatch):
    monkeypatch.delenv(ENV, raising=False)


def test_kingdom_cards_are_told_by_the_rules_not_by_name():
    rules = CATALOG.rules
    basic = set(rules.basic_piles) | {rules.potion_card} | set(rules.starting_deck)
    assert not any(balance.is_kingdom_card(CATALOG, c) for c in basic)
    official = balance.official_kingdom_cards(CATALOG)
    not_kingdom = {c for c, d in CATALOG.cards.items() if not d.kingdom}   # a set rule's cards
    assert not_kingdom >= {"platinum", "colony"} and not not_kingdom & set(official)
    kingdom_piles = {p for p, m in CATALOG.piles.items() if m.kingdom}     # the Knights
    assert kingdom_piles == {"knights"} and kingdom_piles <= set(official)
    assert len(official) == len(CATALOG.cards) - len(basic) - len(not_kingdom) + 1
    assert "smithy" in official and "gardens" in official and "harem" in official
    assert "dame_anna" not in official and "ruins" not in official


def test_a_kingdom_pile_is_balanced_and_drawn_as_one_card():
    """The Knights pile is one kingdom card: it has rivals of its cost ($5, its first
    listed card's), and a kingdom drawn for another card may hold it but never a Knight."""
    assert balance.is_kingdom_card(CATALOG, "knights")
    pool = balance.same_cost(CATALOG, "knights")
    assert "witch" in pool and "knights" not in pool
    assert "knights" in balance.same_cost(CATALOG, "witch")
    kingdoms = balance.draw_kingdoms(CATALOG, "smithy", 40, seed=2)
    dealt = {c for k in kingdoms for c in k}
    assert "knights" in dealt and not dealt & {"dame_anna", "sir_martin", "ruins"}


def test_rivals_cost_the_same_and_are_drawn_with_the_seed():
    pool = balance.same_cost(CATALOG, "smithy")
    assert "smithy" not in pool and len(pool) > balance.MAX_RIVALS
    assert all(CATALOG.cards[c].cost == CATALOG.cards["smithy"].cost for c in pool)
    drawn = balance.draw_rivals(CATALOG, "smithy", 3)
    assert len(drawn) == balance.MAX_RIVALS and set(drawn) <= set(pool)
    assert drawn == balance.draw_rivals(CATALOG, "smithy", 3)
    assert drawn != balance.draw_rivals(CATALOG, "smithy", 4)
    # a Potion is part of the cost: Familiar's rivals cost $3 and a Potion too
    assert all(CATALOG.cards[c].cost.potion == 1 for c in balance.same_cost(CATALOG, "familiar"))


def test_kingdoms_hold_the_card_and_each_rival():
    kingdoms = balance.draw_kingdoms(CATALOG, "smithy", 5, seed=1)
    assert kingdoms == balance.draw_kingdoms(CATALOG, "smithy", 5, seed=1)
    for k in kingdoms:
        assert len(k) == len(set(k)) == balance.KINGDOM_SIZE and k[0] == "smithy"
        assert all(balance.is_kingdom_card(CATALOG, c) for c in k)
    plan = balance.make_plan(CATALOG, "smithy", 5, 3, seed=1)
    runs = plan.runs()
    assert len(runs) == (1 + len(plan.rivals)) * 5
    for i, run in enumerate(runs):
        opponent = run.bots[1]
        assert run.bots[0] == "bm:smithy" and run.kingdom[0] == "smithy"
        assert len(set(run.kingdom)) == balance.KINGDOM_SIZE
        if opponent != "bm":
            assert opponent.split(":")[1] in run.kingdom
        assert run.seed == runs[i % 5].seed          # the same games in every matchup


def test_the_cards_bot_is_its_own_strategy_if_its_set_has_one(tmp_path):
    shutil.copytree(FAN_SET, tmp_path / "fan_set")
    fan = open_sets([tmp_path / "fan_set"]).catalog
    assert balance.card_bot(fan, "apprentice_smith") == "apprentice_smith"
    assert balance.card_bot(fan, "night_market") == "bm:night_market"
    assert "apprentice_smith" not in balance.official_kingdom_cards(fan)


def test_the_same_report_whatever_the_workers(capsys):
    code, one, err = dsl(capsys, "balance", "smithy", *TINY, "--format", "json")
    assert code == 0, err
    code, two, err = dsl(capsys, "balance", "smithy", *TINY, "--workers", "2",
                         "--format", "json")
    assert code == 0, err
    assert one == two
    data = json.loads(one)
    assert data["card"] == "smithy" and data["bot"] == "bm:smithy" and data["cost"] == "$4"
    assert len(data["matchups"]) == 1 + len(data["rivals"]) == 11
    for m in data["matchups"]:
        lo, hi = m["win_rate_ci95"]
        assert m["games"] == 8 and lo <= m["win_rate"] <= hi
        assert len(m["per_turn"]["card_bot"]) > 5 and sum(m["end_reasons"].values()) == 8
    r = data["ranking"]
    assert r["cards"] == 11 and r["beats"] + r["loses_to"] + r["even"] == 10
    assert r["best"] <= r["rank"] <= r["worst"]


def test_text_names_the_verdict_and_the_ranking(capsys):
    code, out, _ = dsl(capsys, "balance", "smithy", *TINY, "--against", "village,witch")
    assert code == 0
    assert "vs bm:village" in out and "vs bm:witch" in out and "verdict: bm:smithy" in out
    assert "Head to head against 2 named card(s)" in out and "per turn against bm" in out


def test_csv_is_one_table_with_the_documented_columns(capsys):
    code, out, _ = dsl(capsys, "balance", "smithy", *TINY, "--against", "militia",
                       "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert tuple(rows[0]) == balance.CSV_COLUMNS
    assert {r["section"] for r in rows} == {"run", "kingdom", "matchup", "rank", "turn"}
    value = {(r["section"], r["matchup"], r["bot"], r["key"], r["measure"]): r["value"]
             for r in rows}
    assert value["matchup", "bm:militia", "bm:smithy", "", "games"] == "8"
    assert ("turn", "bm:militia", "bm:militia", "1", "avg_coins") in value
    assert value["run", "", "bm:smithy", "", "card"] == "smithy"


def test_a_card_no_official_card_costs_the_same(tmp_path, capsys):
    card = tmp_path / "giant_forge.yaml"
    card.write_text("id: giant_forge\nset: fan\ncost: 9\ntypes: [action]\n"
                    "names: {en: Giant Forge}\ntext: {en: '+4 Cards.'}\non_play: '+4 cards'\n",
                    encoding="utf-8")
    code, out, err = dsl(capsys, "balance", "giant_forge", "--cards", str(card), *TINY)
    assert code == 0, err
    assert "No official kingdom card costs $9" in out


@pytest.mark.parametrize("args, message", [
    (("nowhere",), "unknown card 'nowhere'"),
    (("copper",), "'copper' is not a kingdom card"),
    (("smithy", "--kingdoms", "0"), "--kingdoms must be at least 1"),
    (("smithy", "--games", "0"), "--games must be at least 1"),
    (("smithy", "--workers", "0"), "--workers must be at least 1"),
    (("smithy", "--against", "village,nope"), "unknown card(s) nope"),
    (("smithy", "--against", "smithy"), "the card itself"),
    (("smithy", "--against", "gold"), "'gold' is not a kingdom card"),
    (("smithy", "--against", "village,village"), "more than once"),
    (("smithy", "--against", " , "), "needs card ids"),
    (("smithy", "--plot", "out.pdf"), "must end in .svg or .png"),
])
def test_bad_arguments_are_one_line_errors(capsys, args, message):
    code, out, err = dsl(capsys, "balance", *args)
    assert code == 2 and message in err and out == ""
    assert len(err.strip().splitlines()) == 1


def test_a_plot_is_written_whole(tmp_path, capsys):
    for name in ("verdict.png", "verdict.svg"):
        path = tmp_path / name
        code, _, err = dsl(capsys, "balance", "smithy", *TINY, "--against", "militia",
                           "--plot", str(path))
        assert code == 0, err
        data = path.read_bytes()
        assert data.startswith(b"\x89PNG") if name.endswith("png") else b"<svg" in data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["verdict.png", "verdict.svg"]
    code, _, err = dsl(capsys, "balance", "smithy", *TINY, "--plot",
                       str(tmp_path / "missing" / "v.png"))
    assert code == 1 and "cannot write the plot" in err and "No such file" in err


def test_without_matplotlib_the_error_says_what_to_install(tmp_path):
    # an importable `matplotlib` that fails, ahead of the real one on PYTHONPATH
    (tmp_path / "matplotlib").mkdir()
    (tmp_path / "matplotlib" / "__init__.py").write_text(
        "raise ImportError(\"No module named 'matplotlib'\")\n", encoding="utf-8")
    plot = tmp_path / "v.png"
    r = subprocess.run([sys.executable, "-m", "dsl", "balance", "smithy", "--plot", str(plot)],
                       capture_output=True, text=True, timeout=60,
                       env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "pip install 'dominion-card-language[plot]'" in r.stderr
    assert not plot.exists() and r.stdout == ""


def test_a_fan_card_plays_its_own_strategy_against_official_cards(tmp_path, capsys):
    fan = shutil.copytree(FAN_SET, tmp_path / "fan_set")
    code, out, err = dsl(capsys, "balance", "apprentice_smith", "--cards", str(fan), *TINY,
                         "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["bot"] == "apprentice_smith" and data["cost"] == "$3"
    assert data["rivals"] and "night_market" not in data["rivals"]
    assert all(CATALOG.cards[r].cost == CATALOG.cards["village"].cost for r in data["rivals"])
    assert all("night_market" not in k for k in data["kingdoms"])     # official cards only


def test_a_broken_strategy_of_the_card_is_an_error_before_any_game(tmp_path, capsys):
    fan = shutil.copytree(FAN_SET, tmp_path / "fan_set")
    (fan / "strategies" / "apprentice_smith.yaml").write_text(
        "name: apprentice_smith\nbuy:\n  - apprentice_smith if owned(\n", encoding="utf-8")
    code, out, err = dsl(capsys, "balance", "apprentice_smith", "--cards", str(fan), *TINY)
    assert code == 1 and "apprentice_smith.yaml" in err and out == ""
