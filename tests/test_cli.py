"""The command line, run as a user runs it."""
import json
import subprocess
import sys
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"


def run_dsl(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True,
                          text=True, input=stdin, timeout=300)


def test_cards_text_lists_the_piles_of_different_cards_and_the_set_rules():
    out = run_dsl("cards", "--set", "dark_ages").stdout
    lines = out.splitlines()
    knights = next(line for line in lines if line.startswith("knights "))
    assert "kingdom pile" in knights and "dame_anna" in knights and "sir_vander" in knights
    assert any(line.startswith("ruins ") and "basic pile" in line for line in lines)
    assert any(line.startswith("shelters ") and "estate -> hovel" in line for line in lines)
    assert "platinum_colony" not in out          # another set's rule
    assert "platinum_colony" in run_dsl("cards", "--set", "prosperity").stdout


def test_cards_json_lists_all_273_cards_and_20_events():
    r = run_dsl("cards", "--format", "json")
    cards = {c["id"]: c for c in json.loads(r.stdout)}
    assert len(cards) == 293            # Adventures' 20 Events are listed too
    assert cards["familiar"] == {"id": "familiar", "set": "alchemy",
                                 "types": ["action", "attack"],
                                 "cost": {"coins": 3, "potion": 1},
                                 "names": {"en": "Familiar", "hu": "Bizalmas",
                                           "cs": "Alchymistův poskok"}}
    assert cards["border_village"]["names"]["hu"] is None
    assert sum(c["set"] == "hinterlands" for c in cards.values()) == 26
    r = run_dsl("cards", "--set", "base", "--format", "json")
    assert len(json.loads(r.stdout)) == 25
    intrigue = json.loads(run_dsl("cards", "--set", "intrigue", "--format", "json").stdout)
    seaside = json.loads(run_dsl("cards", "--set", "seaside", "--format", "json").stdout)
    assert (len(intrigue), len(seaside)) == (25, 26)
    by_id = {c["id"]: c for c in intrigue + seaside}
    assert by_id["harem"]["types"] == ["treasure", "victory"]
    assert by_id["harem"]["cost"] == {"coins": 6, "potion": 0}
    assert by_id["outpost"]["types"] == ["action", "duration"]
    assert by_id["nobles"]["types"] == ["action", "victory"]
    assert by_id["pawn"]["names"] == {"en": "Pawn", "hu": None, "cs": "Pěšák"}


def test_simulate_json_and_kingdom_names():
    r = run_dsl("simulate", "--kingdom", "Kezdőknek", "--bots", "bm:smithy,bm", "--games",
                "20", "--seed", "3", "--format", "json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["games"] == 20 and [b["name"] for b in data["bots"]] == ["bm:smithy", "bm"]
    assert sum(b["wins"] for b in data["bots"]) == 20
    again = json.loads(run_dsl("simulate", "--kingdom", "first_game", "--bots", "bm:smithy,bm",
                               "--games", "20", "--seed", "3", "--format", "json").stdout)
    assert again["bots"] == data["bots"]


def test_simulate_card_list_and_six_players_with_log():
    r = run_dsl("simulate", "--kingdom", "village,witch,moat,cellar,market,smithy,chapel,"
                "festival,library,mine", "--bots", "bm,random,bm:witch,random,bm,bm:moat",
                "--games", "1", "--seed", "9", "--log")
    assert r.returncode == 0, r.stderr
    assert "-- game over" in r.stdout and "scores:" in r.stdout


def test_simulate_errors_are_messages():
    r = run_dsl("simulate", "--kingdom", "Nowhere", "--bots", "bm,bm")
    assert r.returncode != 0 and "unknown kingdom" in r.stderr and "Traceback" not in r.stderr
    r = run_dsl("simulate", "--kingdom", "first_game", "--bots", "bm")
    assert r.returncode != 0 and "bots" in r.stderr
    r = run_dsl("simulate", "--kingdom", "first_game", "--bots", "bm,nobot")
    assert r.returncode != 0 and "unknown bot" in r.stderr and "Traceback" not in r.stderr


def test_dsl_test_runs_a_fan_card_scenario():
    r = run_dsl("test", str(FIXTURES / "fan" / "keeper_test.yaml"))
    assert r.returncode == 0 and "1 passed, 0 failed" in r.stdout


def test_dsl_test_reports_a_failing_scenario(tmp_path):
    p = tmp_path / "wrong.yaml"
    p.write_text("name: wrong\nsetup: {p1: {hand: [village], deck: [copper]}}\n"
                 "steps: [{play: village}]\nexpect: {p1: {actions: 3}}\n", encoding="utf-8")
    r = run_dsl("test", str(p))
    assert r.returncode == 1 and "p1 actions is 2, expected 3" in r.stdout


def test_play_at_the_terminal_through_stdin():
    # A human who always picks the first choice (and says yes): the game runs on until
    # the input ends; the screen shows hand, play area, supply and numbered choices.
    r = run_dsl("play", "--kingdom", "First Game", "--bots", "bm", "--seed", "2",
                stdin="1\n" * 400)
    assert "Traceback" not in r.stderr
    assert "hand:" in r.stdout and "supply:" in r.stdout and "  1. " in r.stdout


def test_play_re_asks_after_bad_input():
    r = run_dsl("play", "--kingdom", "First Game", "--bots", "bm", "--seed", "2",
                stdin="banana\n99\n" + "1\n" * 50)
    assert r.stdout.count("try again") >= 2


def test_fan_card_with_a_name_error_is_refused_by_test_and_render(tmp_path):
    (tmp_path / "bad.yaml").write_text(
        "id: bad_fan\nset: fan\ncost: 2\ntypes: [action]\nnames: {en: Bad}\n"
        "on_play: trash 1 card from hnad\n", encoding="utf-8")
    (tmp_path / "t.yaml").write_text(
        "name: uses a broken fan card\ncards: [bad.yaml]\nkingdom: [bad_fan]\nsteps: []\n",
        encoding="utf-8")
    r = run_dsl("test", str(tmp_path / "t.yaml"))
    assert r.returncode == 1 and "unknown name 'hnad'" in r.stdout
    r = run_dsl("render", str(tmp_path / "bad.yaml"))
    assert r.returncode == 1 and "unknown name 'hnad'" in r.stderr + r.stdout
    assert "Traceback" not in r.stderr


def test_lint_reports_the_users_files_not_the_shipped_sets_own_warnings():
    """`dsl lint` with no path checks the shipped sets but shows only their errors: their
    missing names (W001) are the project's to fix, not the user's; naming the shipped
    sets' folder lists them."""
    from dsl.language.data import shipped_dir
    quiet = run_dsl("lint", "--quiet")
    assert quiet.returncode == 0
    assert quiet.stdout.strip() == "0 error(s), 0 warning(s)"
    plain = run_dsl("lint")
    assert "W001" not in plain.stdout and "not shown" in plain.stdout
    named = run_dsl("lint", str(shipped_dir("sets")))
    assert "W001" in named.stdout and " 0 warning(s)" not in named.stdout


def test_balance_and_simulate_of_a_fan_card_with_tokens_spent_and_overpay():
    # the fan set's Chips are spent before buying (+$1 each); Gilded Statue is overpaid for
    fan = str(FIXTURES / "token_fan")
    r = run_dsl("balance", "--cards", fan, "gilded_statue", "--kingdoms", "1", "--games", "6",
                "--against", "chip_press", "--seed", "1")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "bm:gilded_statue wins" in r.stdout
    r = run_dsl("simulate", "--cards", fan, "--kingdom", "chip_press,pawnshop",
                "--bots", "bm:chip_press,bm:pawnshop", "--games", "2", "--seed", "1", "--log")
    assert r.returncode == 0, r.stderr
    assert "takes 1 chips token(s)" in r.stdout and " spends " in r.stdout


def test_play_at_the_terminal_shows_tokens_and_offers_spending_them():
    # a human who always answers 1: he takes Chips from the fan set's Chip Press and is
    # asked, before buying, how many to spend (a number within bounds)
    r = run_dsl("play", "--cards", str(FIXTURES / "token_fan"), "--kingdom",
                "chip_press,charter_house,gilded_statue,pawnshop", "--bots", "bm",
                "--seed", "2", stdin="1\n" * 300)
    assert "Traceback" not in r.stderr
    assert "tokens:   p1 (you): 1 Chips" in r.stdout
    assert "spend Chips before buying — a number from 0 to 1; Enter: 0: " in r.stdout
    assert "p1 (you) spends 1 Chips" in r.stdout
