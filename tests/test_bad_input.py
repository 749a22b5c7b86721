"""Every file and argument a user can hand the tool: a one-line error with a position where
there is one, exit status 1 (2 for a bad command line), quickly, never a traceback, and
nothing left half-written. One test (or case) per kind of bad input that was seen."""
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dsl.text.i18n import LocaleError, get_locale
from dsl.lint.checks import lint
from dsl.language.loader import load_shipped
from interpreter.runs.scenario import run_file
from interpreter.engine.game import Game, GameError
from interpreter.runs.record import ReplayError, read_record_file, replay

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
CATALOG = load_shipped().catalog
HEADER = "id: {id}\nset: fan\ncost: 3\ntypes: [action]\nnames: {{en: X, hu: X, cs: X}}\n"


def dsl(*args, stdin="", timeout=60):
    start = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True, text=True,
                       input=stdin, timeout=timeout, cwd=ROOT)
    r.seconds = time.monotonic() - start
    assert "Traceback" not in r.stderr + r.stdout, r.stderr[-2000:]
    return r


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# 1. dsl play --record, at the first prompt
def test_play_with_a_record_asks_and_ends_cleanly(tmp_path):
    rec = tmp_path / "x.jsonl"
    r = dsl("play", "--bots", "bm", "--seed", "1", "--record", str(rec), stdin="\n")
    assert r.returncode == 1 and "input ended" in r.stdout
    assert not rec.exists() and list(tmp_path.iterdir()) == []      # no half-written record


def test_a_whole_played_game_is_recorded_and_replays(tmp_path):
    rec = tmp_path / "x.jsonl"
    r = dsl("play", "--kingdom", "village", "--bots", "bm", "--seed", "4", "--record", str(rec),
            stdin="\n0\n" * 200)
    assert r.returncode == 0 and "winner:" in r.stdout
    assert dsl("replay", str(rec), "--quiet").returncode == 0


# 2. custom YAML tags
@pytest.mark.parametrize("name, text", [
    ("card.yaml", HEADER.format(id="!foo x")),
    ("scenario.yaml", "name: !foo x\n"),
    ("strategies/s.yaml", "name: s\nbuy: [!!python/object:os.system x]\n"),
])
def test_yaml_tags_are_refused_with_a_position(tmp_path, name, text):
    path = write(tmp_path / name, text)
    if name == "scenario.yaml":
        result = run_file(path)
        message = "\n".join(result.failures)
    else:
        message = "\n".join(d.format() for d in lint([str(path)]))
    assert f"{path}:" in message and "tag" in message and "not allowed" in message


def test_a_set_file_and_a_rendered_folder_with_a_yaml_tag(tmp_path):
    write(tmp_path / "s" / "set.yaml", "id: !foo myset\nnames: {en: S}\n")
    write(tmp_path / "s" / "cards" / "c.yaml", HEADER.format(id="fan_c") + "on_play: +1 card\n")
    assert any("tag" in d.message for d in lint([str(tmp_path / "s")]))
    write(tmp_path / "cards" / "bad.yaml", HEADER.format(id="!bad x"))
    r = dsl("render", str(tmp_path / "cards" / "bad.yaml"))
    assert r.returncode == 1 and "not allowed" in r.stdout + r.stderr


# 3. numbers of thousands of digits
def test_overlong_numbers_in_effects_yaml_and_records(tmp_path):
    card = write(tmp_path / "c.yaml", HEADER.format(id="fan_n") + "on_play: +" + "9" * 5000
                 + " cards\n")
    (d,) = [d for d in lint([str(card)]) if d.severity == "error"]
    assert "number too large" in d.message and d.line == 6
    cost = write(tmp_path / "k.yaml", HEADER.format(id="fan_k").replace("cost: 3", "cost: "
                                                                       + "9" * 5000))
    assert any("number too long" in d.message for d in lint([str(cost)]))
    rec = write(tmp_path / "r.jsonl", '{"type": "game", "players": ' + "9" * 5000 + "}\n")
    with pytest.raises(ReplayError, match="line 1: not a record line"):
        read_record_file(str(rec))


# 4. cards lint accepts that would crash or hang a game
def test_a_card_that_plays_itself_is_a_lint_error(tmp_path):
    card = write(tmp_path / "c.yaml", HEADER.format(id="fan_loop") + 'on_play: "play this 10 times"\n')
    (d,) = [d for d in lint([str(card)]) if d.severity == "error"]
    assert d.code == "E009" and "plays itself" in d.message


@pytest.mark.parametrize("effect, words", [
    ("repeat 100 { repeat 100 { repeat 100 { repeat 100 { +1 action } } } }", "steps in one turn"),
    ("this turn on play of copper { play it }", "more than 40 deep"),
])
def test_runaway_effects_end_in_a_game_error_naming_the_card(tmp_path, effect, words):
    write(tmp_path / "fan_runaway.yaml", HEADER.format(id="fan_runaway") + f"on_play: '{effect}'\n")
    scenario = write(tmp_path / "t.yaml", "name: runaway\ncards: [fan_runaway.yaml]\n"
                     "kingdom: [fan_runaway]\nsetup: {p1: {hand: [fan_runaway, copper]}}\n"
                     "steps:\n  - play: fan_runaway\n  - play: copper\n")
    start = time.monotonic()
    result = run_file(scenario)
    assert time.monotonic() - start < 10
    message = "\n".join(result.failures)
    assert "fan_runaway" in message and words in message and "internal error" not in message


def test_a_supply_trigger_whose_replacement_gains_again_is_stopped(tmp_path):
    write(tmp_path / "fan_echo.yaml", HEADER.format(id="fan_echo") + "on_play: +1 card\n"
          "triggers:\n  - on: would_gain\n    who: anyone\n    where: supply\n"
          "    effect: |\n      instead { gain silver }\n")
    scenario = write(tmp_path / "t.yaml", "name: echo\ncards: [fan_echo.yaml]\n"
                     "kingdom: [fan_echo]\nsteps:\n  - gain: copper\n")
    message = "\n".join(run_file(scenario).failures)
    assert "step failed" in message and "deep" in message


# 5. a scenario's cards: only card files of a set folder, or files named
@pytest.mark.parametrize("cards, words", [("/", "nothing"), ("/etc/passwd", "not a card file")])
def test_scenario_cards_outside_set_folders_are_refused_quickly(tmp_path, cards, words):
    scenario = write(tmp_path / "t.yaml", f"name: x\ncards: [{cards}]\n")
    start = time.monotonic()
    result = run_file(scenario)
    assert time.monotonic() - start < 5
    message = "\n".join(result.failures)
    assert not result.ok and "root:" not in message
    assert words in message or "no card" in message or "more than" in message, message


# 6. catalogs are untrusted
def _catalog(tmp_path, lang: str, plural: str, entry: str) -> Path:
    path = tmp_path / lang / "LC_MESSAGES" / "dominion.po"
    write(path, 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
          f'"Plural-Forms: {plural}\\n"\n\n' + entry)
    return path


@pytest.mark.parametrize("bad", ["{n.foo}", "{n[0]}", "{n:>999999999}", "{n!r}", "{y}",
                                 "{", "{0}"])
def test_a_placeholder_that_is_not_a_plain_name_of_the_template_is_not_used(tmp_path, bad):
    _catalog(tmp_path, "de", "nplurals=2; plural=(n != 1);",
             f'msgid "+{{n}} Card"\nmsgid_plural "+{{n}} Cards"\n'
             f'msgstr[0] "+{bad} Karte"\nmsgstr[1] "+{{n}} Karten"\n')
    loc = get_locale("de", tmp_path)
    assert loc.ngettext("+{n} Card", "+{n} Cards", 2) == "+{n} Cards"
    assert loc.dropped and loc.dropped[0][1] == "+{n} Card"


def test_a_hostile_plural_header_is_refused_at_once(tmp_path):
    _catalog(tmp_path, "xx", "nplurals=99999999; plural=(n != 1);", "")
    start = time.monotonic()
    with pytest.raises(LocaleError, match="Plural-Forms"):
        get_locale("xx", tmp_path)
    assert time.monotonic() - start < 2


def test_dsl_locales_reports_a_broken_catalog_without_a_traceback(tmp_path):
    from dsl.cli.locale import coverage
    (tmp_path / "zz" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "zz" / "LC_MESSAGES" / "dominion.po").write_bytes(b"\xff\xfe\x00garbage")
    rows = {r["locale"]: r for r in coverage(load_shipped().catalog, tmp_path)}
    assert "cannot read" in rows["zz"]["error"] or "bad" in rows["zz"]["error"]


# 7. records from elsewhere
def _golden_lines():
    return (GOLDEN / "first_game.jsonl").read_text(encoding="utf-8").splitlines()


def _replay_text(tmp_path, text) -> str:
    rec = write(tmp_path / "r.jsonl", text) if isinstance(text, str) else tmp_path / "r.jsonl"
    if not isinstance(text, str):
        rec.write_bytes(text)
    r = dsl("replay", str(rec), "--quiet")
    assert r.returncode == 1
    return r.stderr


def test_records_that_do_not_replay_say_where_and_why(tmp_path):
    lines = _golden_lines()
    header = json.loads(lines[0])
    edited = [json.loads(x) for x in lines]
    i = next(i for i, x in enumerate(edited) if x.get("kind") == "pile")
    edited[i]["answer"] = "province"                     # an answer the game never allows
    msg = _replay_text(tmp_path, "\n".join(json.dumps(x) for x in edited))
    assert "game 1" in msg and "decision" in msg and "not legal" in msg
    for change, words in ((dict(kingdom="village"), "'kingdom' is not a list"),
                          (dict(kingdom=["nosuchcard"]), "unknown card(s) in the kingdom: "
                                                         "nosuchcard"),
                          (dict(names=["a"]), "'names' is not one name per player"),
                          (dict(version="3"), "record version '3', expected 3"),
                          (dict(seed=header["seed"] + 1), "diverged")):
        msg = _replay_text(tmp_path, "\n".join([json.dumps(dict(header, **change))] + lines[1:]))
        assert words in msg, (change, msg)


@pytest.mark.parametrize("content, words", [
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8"),
    (b"", "no game in the record"),
    (b"[" * 100_000 + b"]" * 100_000, "not a record line"),
    (b'{"type": "decision"}\n', "a decision needs"),
])
def test_broken_record_files(tmp_path, content, words):
    assert words in _replay_text(tmp_path, content)


# 8. where a record cannot be written; an unreachable cluster
@pytest.mark.parametrize("where, words", [(".", "it is a folder"),
                                          ("no/such/dir/r.jsonl", "no folder")])
def test_a_record_that_cannot_be_written_is_refused_before_playing(tmp_path, where, words):
    r = dsl("simulate", "--kingdom", "First Game", "--bots", "bm,bm", "--games", "1",
            "--record", str(tmp_path / where))
    assert r.returncode == 1 and words in r.stderr and r.seconds < 30


def test_a_simulation_record_is_written_whole(tmp_path):
    rec = tmp_path / "r.jsonl"
    r = dsl("simulate", "--kingdom", "First Game", "--bots", "bm,bm", "--games", "3",
            "--record", str(rec))
    assert r.returncode == 0 and sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl"]
    assert len(read_record_file(str(rec))) == 3


def test_an_unreachable_scheduler_is_reported_within_the_timeout():
    pytest.importorskip("distributed")
    r = dsl("simulate", "--kingdom", "First Game", "--bots", "bm,bm", "--games", "1",
            "--backend", "dask", "--address", "tcp://127.0.0.1:9", "--timeout", "1")
    assert r.returncode == 1 and "cannot reach the Dask scheduler" in r.stderr
    assert r.seconds < 20


# 9. ids a fan set takes from a shipped set; arguments
def test_a_fan_set_cannot_take_a_shipped_set_or_kingdom_id(tmp_path):
    write(tmp_path / "s" / "set.yaml", "id: base\nnames: {en: Mine}\n")
    (d,) = [d for d in lint([str(tmp_path / "s")]) if d.code == "E006"]
    assert "duplicate set id 'base'" in d.message and "sets/base/set.yaml" in d.message
    write(tmp_path / "t" / "set.yaml", "id: mine_too\nnames: {en: Mine}\nkingdoms:\n"
          "  - {id: first_game, names: {en: X}, cards: [village]}\n")
    (d,) = [d for d in lint([str(tmp_path / "t")]) if d.code == "E006"]
    assert "duplicate kingdom id 'first_game'" in d.message and "base/set.yaml" in d.message


@pytest.mark.parametrize("args, words", [
    (("simulate", "--kingdom", "village,village", "--bots", "bm,bm"), "more than once"),
    (("simulate", "--kingdom", "village", "--bots", "bm,bm", "--address", "x:1"),
     "--backend dask"),
    (("simulate", "--kingdom", "village", "--bots", "bm"), "2 to 6 players"),
    (("play", "--players", "0"), "2 to 6 players"),
    (("play", "--players", "-1"), "2 to 6 players"),
    (("play", "--players", "7"), "2 to 6 players"),
    (("play", "--locale", "xx"), "no catalog for locale 'xx'"),
])
def test_bad_command_lines_exit_2_with_the_reason(args, words):
    r = dsl(*args)
    assert r.returncode == 2 and words in r.stderr, r.stderr


# 10. what kind of file or folder
def test_a_strategy_file_is_recognised_by_its_content(tmp_path):
    s = write(tmp_path / "mine.yaml", "name: mine\nbuy:\n  - province if money > 18\n  - silver\n")
    assert lint([str(s)]) == []
    bad = write(tmp_path / "typo.yaml", "name: typo\nbuy:\n  - provnce\n")
    (d,) = lint([str(bad)])
    assert d.code == "E004" and "provnce" in d.message


def test_a_strategy_file_over_100_kb_is_still_a_strategy(tmp_path):
    """Over 100 KB a strategy is recognised by its top-level keys, not linted as a card."""
    big = write(tmp_path / "big.yaml", "# why this strategy buys what it buys\n" * 3000 +
                "name: big\nbuy:\n  - province if money > 18\n  - provnce\n")
    assert big.stat().st_size > 100_000
    diags = lint([str(big)])
    assert [d.code for d in diags] == ["E004"] and "provnce" in diags[0].message
    assert not any("'id'" in d.message for d in diags)


def test_empty_folders_are_named_as_such(tmp_path):
    (tmp_path / "empty").mkdir()
    r = dsl("test", str(tmp_path / "empty"))
    assert r.returncode == 1 and "no scenario files" in r.stderr
    r = dsl("lint", str(tmp_path / "empty"))
    assert r.returncode == 1 and "nothing to load here" in r.stdout


# 11. a person at the terminal
def test_play_enter_plays_every_treasure_and_help_shows_card_texts():
    r = dsl("play", "--kingdom", "First Game", "--bots", "bm", "--seed", "1",
            stdin="?\nhelp witch\n\n0\n")
    assert "Enter plays them all" in r.stdout and "your turn, buy phase" in r.stdout
    assert "p1 (you) plays Copper" in r.stdout and "you's" not in r.stdout
    assert "Witch (Action - Attack, $5): +2 Cards" in r.stdout
    r = dsl("play", "--kingdom", "First Game", "--bots", "bm", "--seed", "1", "--locale", "hu",
            stdin="?\nhelp witch\n\n0\n")
    assert "az Enter mindet kijátssza" in r.stdout and "a te köröd" in r.stdout
    assert "Boszorkány" in r.stdout                          # help witch, in Hungarian
    assert "kijátssza: Rézpénz" in r.stdout                  # the log in the player's language
    assert "p1 (te) köre" in r.stdout and "p1 (te) kijátssza" in r.stdout and "(you)" not in \
        r.stdout                                         # the person's seat, too
    r = dsl("play", "--kingdom", "First Game", "--bots", "bm", "--seed", "1", "--locale", "cs",
            stdin="\n\n")
    assert "p1 (ty)" in r.stdout and "(you)" not in r.stdout


def test_play_enter_at_the_buy_prompt_buys_nothing():
    r = dsl("play", "--kingdom", "First Game", "--bots", "bm", "--seed", "1", stdin="\n\n\n")
    assert "buy a card (0 = none): " in r.stdout
    assert "try again" not in r.stdout and "p1 (you) buys" not in r.stdout
    assert r.stdout.count("-- turn of bm@2") >= 1          # the turn ended, the game went on


def test_a_prompt_counts_its_cards():
    from interpreter.bots.agents import ScriptedAgent
    from interpreter.core.state import TurnState
    asked = []

    class Asker(ScriptedAgent):
        def decide(self, game, d):
            asked.append(d.prompt)
            return super().decide(game, d)
    game = Game(CATALOG, ["militia"], 2, [Asker("p1", []), Asker("p2", [["copper", "estate"]])],
                deal=False)
    game.new_card("militia", game.players[0].hand, 0)
    for cid in ("copper", "estate", "silver", "gold", "copper"):
        game.new_card(cid, game.players[1].hand, 1)
    game.start_turn(TurnState(0, 0))
    game.play_from_hand(0, game.players[0].hand.cards[0])
    assert asked == ["discard 2 cards"]


def test_a_game_error_names_the_card_in_simulate(tmp_path):
    with pytest.raises(GameError, match="unknown card"):
        Game(CATALOG, ["nosuchcard"], 2, [None, None])


# 12. a newcomer's first hour
def test_dsl_test_of_a_set_folder_runs_its_tests_folder(tmp_path):
    import shutil
    folder = shutil.copytree(ROOT / "tests" / "fixtures" / "fan_set", tmp_path / "my_set")
    r = dsl("test", str(folder))
    assert r.returncode == 0 and "2 passed, 0 failed" in r.stdout, r.stdout + r.stderr
    assert "unknown field" not in r.stdout
    shutil.rmtree(folder / "tests")
    r = dsl("test", str(folder))
    assert r.returncode == 1 and f"{folder} is a set folder without a tests/ folder" in r.stderr


def test_a_bot_for_a_card_not_in_the_kingdom_is_an_error():
    r = dsl("simulate", "--kingdom", "First Game", "--bots", "bm:witch,bm", "--games", "2")
    assert r.returncode == 2 and "--bots bm:witch: witch is not in the kingdom" in r.stderr
    assert "Traceback" not in r.stderr
    r = dsl("play", "--kingdom", "First Game", "--bots", "bm:witch", stdin="")
    assert r.returncode == 2 and "witch is not in the kingdom" in r.stderr
    # a card of the kingdom is fine, and so is Big Money's own Province
    r = dsl("simulate", "--kingdom", "First Game", "--bots", "bm:smithy,bm:province",
            "--games", "2")
    assert r.returncode == 0, r.stderr


def test_two_alike_bots_are_told_apart():
    r = dsl("simulate", "--kingdom", "First Game", "--bots", "bm,bm", "--games", "4")
    rows = [line.split()[:2] for line in r.stdout.splitlines() if line.startswith("  bm")]
    assert rows == [["bm", "(1)"], ["bm", "(2)"]], r.stdout
    r = dsl("simulate", "--kingdom", "First Game", "--bots", "bm,random", "--games", "2")
    assert "bm (1)" not in r.stdout and "  bm " in r.stdout
