"""`dsl lint`: clean on the shipped sets; each kind of mistake reported with its position."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from dsl.lint.checks import lint

FIXTURES = Path(__file__).parent / "fixtures"


def run_dsl(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True, text=True,
                          cwd=cwd)


def card(tmp_path, body: str, name="card.yaml") -> Path:
    p = tmp_path / name
    p.write_text(body, encoding="utf-8")
    return p


HEADER = "id: {id}\nset: fan\ncost: 3\ntypes: [action]\nnames: {{en: X, hu: X, cs: X}}\n"


def codes(path):
    return [(d.code, d.line, d.col) for d in lint([str(path)]) if d.severity == "error"]


def test_shipped_sets_have_no_errors():
    diags = lint(None)
    assert [d.format() for d in diags if d.severity == "error"] == []


def test_missing_locale_names_are_warnings():
    diags = lint(None)
    missing = {d.path.rsplit("/", 1)[-1] for d in diags if d.code == "W001"}
    assert "border_village.yaml" in missing          # no Hungarian name in the seeds
    assert "pawn.yaml" in missing                     # Intrigue: no Hungarian rulebook
    assert "village.yaml" not in missing and "smithy.yaml" not in missing   # every card has
    assert "witch.yaml" not in missing                # its printed Czech name now


def test_fan_card_lints_clean_against_shipped_sets():
    assert codes(FIXTURES / "fan" / "lighthouse_keeper.yaml") == []


def test_a_cost_in_a_triggers_test_is_one_the_printed_text_may_say():
    # "when you buy an Action card costing $3 or more": the $3 is the trigger's `what`
    diags = lint([str(FIXTURES / "compiled_fan")])
    assert [d.format() for d in diags if d.code == "W020"] == []


def test_unknown_name_position_inside_expression(tmp_path):
    p = card(tmp_path, HEADER.format(id="a") + "on_play: |\n  +1 card\n  trash 1 card from hnad\n")
    (d,) = [d for d in lint([str(p)]) if d.severity == "error"]
    assert (d.code, d.line, d.col) == ("E004", 8, 21)
    assert "did you mean 'hand'" in d.message


def test_syntax_error_position_in_plain_scalar(tmp_path):
    p = card(tmp_path, HEADER.format(id="b") + "on_play: trash 1 card form hand\n")
    (d,) = [d for d in lint([str(p)]) if d.severity == "error"]
    assert d.code == "E003" and d.line == 6 and d.col == 23 and "'form'" in d.message


def test_type_errors(tmp_path):
    p = card(tmp_path, HEADER.format(id="c") + "on_play: |\n  +count(3) cards\n"
             "  if hand = 2 { +1 card }\n")
    got = [d for d in lint([str(p)]) if d.severity == "error"]
    assert [d.code for d in got][:2] == ["E005", "E005"]


def test_schema_errors_point_at_the_field(tmp_path):
    p = card(tmp_path, "id: d\nset: fan\ncost: -1\ntypes: [action]\nnames: {en: D}\n"
             "on_ply: '+1 card'\n")
    got = {(d.code, d.line) for d in lint([str(p)]) if d.severity == "error"}
    assert ("E002", 3) in got and ("E002", 6) in got


def test_unknown_type_and_duplicate_id(tmp_path):
    card(tmp_path, HEADER.format(id="village"), "v.yaml")
    card(tmp_path, "id: e\nset: fan\ncost: 1\ntypes: [acton]\nnames: {en: E}\n", "e.yaml")
    got = {d.code for d in lint([str(tmp_path)]) if d.severity == "error"}
    assert {"E006", "E004"} <= got


def test_kingdom_naming_unknown_card(tmp_path):
    (tmp_path / "set.yaml").write_text(
        "id: fan\nnames: {en: Fan}\nkingdoms:\n  - id: k\n    names: {en: K}\n"
        "    cards: [village, vilage]\n", encoding="utf-8")
    (d,) = [d for d in lint([str(tmp_path)]) if d.code == "E007"]
    assert (d.line, d.col) == (6, 22) and "vilage" in d.message


@pytest.mark.parametrize("content", [
    b"\xff\xfe garbage", b"id: [unclosed\n", b"- just\n- a list\n", b"", b"a: &x [*x]\n",
    b"id: x\nset: y\ncost: 1\ntypes: [action]\nnames: {en: X}\non_play: '{{{{'\n",
    b"!!python/object:os.system ['echo hi']\n",
])
def test_bad_input_never_gives_a_traceback(tmp_path, content):
    p = tmp_path / "bad.yaml"
    p.write_bytes(content)
    r = run_dsl("lint", str(p))
    assert "Traceback" not in r.stderr + r.stdout
    assert r.returncode in (0, 1)
    if content:
        assert r.returncode == 1 and "bad.yaml:" in r.stdout


def test_cli_text_and_json(tmp_path):
    p = card(tmp_path, HEADER.format(id="f") + "on_play: gain gld\n")
    r = run_dsl("lint", str(p))
    assert r.returncode == 1
    assert f"{p}:6:15: error E004:" in r.stdout
    r = run_dsl("lint", "--format", "json", str(p))
    data = json.loads(r.stdout)
    assert data["errors"] == 1 and data["diagnostics"][0]["code"] == "E004"
    r = run_dsl("lint")
    assert r.returncode == 0 and "0 error(s)" in r.stdout


def errors(tmp_path, program: str, name="card.yaml"):
    p = card(tmp_path, HEADER.format(id="fan_x") + "on_play: |\n" +
             "".join(f"  {line}\n" for line in program.splitlines()), name)
    return [d for d in lint([str(p)]) if d.severity == "error"]


@pytest.mark.parametrize("program, words", [
    ("if count(hand where cost >= 3) > 0 { +1 card }", "cannot compare a cost with a number"),
    ("if cost(hand) > count(hand) { +1 card }", "cannot compare a cost with a number"),
    ("if hand = deck { +1 card }", "cannot compare cards"),
    ("name a card as wish\nif name(hand) > wish { +1 card }", "names are compared with"),
    ("if trashed { +1 card }\ntrash 1 card from hand as trashed", "read before it is bound"),
    ("reveal top 1 as top\nname a card as named\nif top is named { +1 card }",
     "`is` takes a card type or card id"),
    ("reveal top 1 as shown\nif shown is shown { +1 card }", "name(x) = name(shown)"),
    ("+$(owned(3))", "needs a card id, `this`, `it` or a variable"),
    ("trash played", "this turn's history"),
    ("+$(tokens(coinz))", "no card gives 'coinz' tokens"),
    ("put all cards from chest mat into hand", "no card puts anything on a mat named 'chest'"),
    ("+$(count(hand of player to your left))\n+$(count(trash of player to your left))",
     "only a player's own zones"),
])
def test_lint_explains_what_cannot_be_evaluated(tmp_path, program, words):
    got = errors(tmp_path, program)
    assert any(words in d.message for d in got), [d.message for d in got]


def test_cost_comparisons_and_variables_as_card_names_lint_clean(tmp_path):
    assert errors(tmp_path, "reveal until count(revealed where cost >= $3) >= 1\n"
                  "reveal top 1 as top\nif owned(top) > pile(top) { +1 card }\n"
                  "name a card as wish\nif owned(wish) > 0 and name(top) = wish { +1 card }\n"
                  "if cost(top) <= $4P { +1 buy }") == []


def test_lint_of_one_card_file_sees_the_other_cards_of_its_set(tmp_path):
    cards = tmp_path / "my_set" / "cards"
    cards.mkdir(parents=True)
    (tmp_path / "my_set" / "set.yaml").write_text("id: my_set\nnames: {en: My Set}\n")
    header = HEADER.replace("set: fan", "set: my_set")
    (cards / "master.yaml").write_text(header.format(id="master") + "on_play: +4 cards\n")
    pupil = card(cards, header.format(id="pupil") +
                 "on_play: |\n  if owned(master) > 0 { +1 action }\n", "pupil.yaml")
    assert [d.message for d in lint([str(pupil)]) if d.severity == "error"] == []
    assert all(d.path == str(pupil) for d in lint([str(pupil)]))


def test_a_set_file_or_a_strategy_file_alone_is_read_with_its_own_set(tmp_path):
    """`dsl lint my_set/set.yaml` checks it as the set file it is (not as a card file), and
    `dsl lint my_set/strategies/x.yaml` loads its set, so it may name the set's cards."""
    import shutil
    fan = tmp_path / "my_set"
    shutil.copytree(FIXTURES / "fan_set", fan)
    for one in (fan / "set.yaml", fan / "strategies" / "apprentice_smith.yaml"):
        r = run_dsl("lint", str(one))
        assert r.returncode == 0 and r.stdout.strip().endswith("0 error(s), 0 warning(s)"), \
            r.stdout
    text = (fan / "set.yaml").read_text(encoding="utf-8")
    (fan / "set.yaml").write_text(text.replace("apprentice_smith, ", "apprentice_smth, ", 1),
                                  encoding="utf-8")
    r = run_dsl("lint", str(fan / "set.yaml"))
    assert r.returncode == 1 and "E007: unknown card 'apprentice_smth' in a kingdom" in r.stdout
    assert "required property" not in r.stdout


def test_unknown_function_lists_the_functions_that_exist(tmp_path):
    p = card(tmp_path, HEADER.format(id="f") + "on_play: |\n  +$(total(hand))\n")
    (d,) = [d for d in lint([str(p)]) if d.severity == "error"]
    assert d.code == "E004" and "unknown function 'total'" in d.message
    assert "functions: count, cost, coins_cost" in d.message and "sum" in d.message


def test_sum_needs_a_measure(tmp_path):
    p = card(tmp_path, HEADER.format(id="g") + "on_play: |\n  +$(sum(hand, hand))\n")
    (d,) = [d for d in lint([str(p)]) if d.severity == "error"]
    assert d.code == "E005" and "sum() adds up one of: cost, coins_cost" in d.message


def test_a_cost_of_coins_from_an_expression_parses_in_a_gain(tmp_path):
    p = card(tmp_path, HEADER.format(id="h") + "on_play: |\n  trash 1 card from hand as t\n"
             "  gain card costing exactly $(count(t) + 1)\n  gain card costing up to $(2)\n")
    assert codes(p) == []


def test_setup_takes_tokens_on_piles_or_for_each_player_only(tmp_path):
    p = card(tmp_path, HEADER.format(id="s") + "setup: |\n  +1 card\n"
             "on_play: |\n  +$(shared_tokens(embargo))\n")
    (d,) = [d for d in lint([str(p)]) if d.severity == "error"]
    assert d.code == "E005" and "`setup` puts tokens on piles or gives each player" \
        in d.message
    ok = card(tmp_path, HEADER.format(id="s2") + "setup: |\n  each player { +1 vp token }\n"
              "on_play: |\n  +1 card\n", name="ok.yaml")
    assert codes(ok) == []
    bad = card(tmp_path, HEADER.format(id="s3") + "setup: |\n  each player { +1 card }\n"
               "on_play: |\n  +1 card\n", name="bad.yaml")
    assert "E005" in [c[0] for c in codes(bad)]


def test_overpay_only_when_buying_this(tmp_path):
    p = card(tmp_path, HEADER.format(id="op") + "on_play: |\n  overpay as paid\n"
             "  +$(paid)\n")
    (d,) = [d for d in lint([str(p)]) if d.severity == "error"]
    assert d.code == "E005" and "'overpay' is done when buying this card" in d.message
    ok = card(tmp_path, HEADER.format(id="op2") + "on_play: |\n  +1 card\n"
              "on_buy: |\n  overpay as paid\n  repeat paid { gain silver }\n", name="ok.yaml")
    assert codes(ok) == []


def test_number_variables_are_numbers(tmp_path):
    p = card(tmp_path, HEADER.format(id="nv") + "on_play: |\n"
             "  pay up to 2 vp tokens as paid\n  trash paid\n")
    assert "E005" in [c[0] for c in codes(p)]
    ok = card(tmp_path, HEADER.format(id="nv2") + "on_play: |\n"
              "  pay 1 vp token as paid\n  +(paid * 2) cards\n  +$(actions + buys + coins)\n",
              name="ok.yaml")
    assert codes(ok) == []


def test_cards_are_joined_with_plus_and_only_with_cards(tmp_path):
    p = card(tmp_path, HEADER.format(id="u") + "on_play: |\n"
             "  may trash 1 card from discard + hand where not treasure\n"
             "  trash 1 card from this + hand as t\n  +$(count(t + hand))\n")
    assert codes(p) == []
    for bad in ("trash 1 card from hand - discard", "+$(count(hand + 2))",
                "trash 1 card from hand * deck"):
        p = card(tmp_path, HEADER.format(id="v") + f"on_play: |\n  {bad}\n")
        (d,) = [d for d in lint([str(p)]) if d.severity == "error"]
        assert d.code == "E005" and "cards are joined with '+' and only with cards" \
            in d.message, bad


def test_the_phase_is_compared_with_a_phase_name(tmp_path):
    p = card(tmp_path, HEADER.format(id="ph") + "on_play: |\n  if phase = lunch { +1 card }\n")
    (d,) = [d for d in lint([str(p)]) if d.severity == "error"]
    assert d.code == "E005" and "one of action, buy, cleanup" in d.message


def test_a_misspelt_set_in_a_set_folder_is_an_error_at_the_field(tmp_path):
    cards = tmp_path / "settypo" / "cards"
    cards.mkdir(parents=True)
    (tmp_path / "settypo" / "set.yaml").write_text("id: settypo\nnames: {en: Set Typo}\n")
    typo = card(cards, HEADER.replace("set: fan", "set: setypo").format(id="typo") +
                "on_play: +1 card\n", "typo.yaml")
    good = card(cards, HEADER.replace("set: fan", "set: settypo").format(id="good") +
                "on_play: +1 card\n", "good.yaml")
    errs = [d for d in lint([str(tmp_path / "settypo")]) if d.severity == "error"]
    assert [(d.path, d.code, d.line, d.col) for d in errs] == [(str(typo), "E004", 2, 6)]
    assert "unknown set 'setypo'" in errs[0].message and "settypo" in errs[0].message
    # a card of a set folder may belong to another loaded set, and a loose card file to any
    card(cards, HEADER.replace("set: fan", "set: base").format(id="promo") +
         "on_play: +1 card\n", "promo.yaml")
    typo.unlink()
    assert [d for d in lint([str(tmp_path / "settypo")]) if d.severity == "error"] == []
    assert good.exists()


@pytest.mark.parametrize("char", ["\u202e", "\u202a", "\u2066", "\u2069", "\u200e", "\u200f"])
def test_bidi_control_characters_in_names_are_errors(tmp_path, char):
    """A right-to-left override in a name would reorder the text printed around it."""
    folder = tmp_path / "bidi"
    (folder / "cards").mkdir(parents=True)
    (folder / "set.yaml").write_text(
        f"id: bidi\nnames: {{en: Bidi{char}Set}}\n"
        f"kingdoms:\n  - id: k1\n    names: {{en: \"King{char}dom\"}}\n"
        f"    cards: [smithy, village, market, festival, laboratory, moat, cellar, "
        f"chapel, mine, witch]\n", encoding="utf-8")
    cards = folder / "cards"
    card(cards, HEADER.replace("set: fan", "set: bidi")
         .replace("names: {{en: X, hu: X, cs: X}}", f"names: {{{{en: \"Sm{char}ith\"}}}}")
         .format(id="sm") + "on_play: +1 card\n", "sm.yaml")
    errs = sorted((Path(d.path).name, d.line, d.col, d.code) for d in
                  lint([str(folder)]) if d.severity == "error")
    assert errs == [("set.yaml", 2, 13, "E002"), ("set.yaml", 5, 17, "E002"),
                    ("sm.yaml", 5, 13, "E002")], errs
    msgs = [d.message for d in lint([str(folder)]) if d.severity == "error"]
    assert all(f"U+{ord(char):04X}" in m and "bidirectional" in m for m in msgs)
    assert not [d for d in lint([str(tmp_path / "bidi")]) if d.code == "E004"]


def test_a_syntax_error_brings_no_false_printed_text_warning(tmp_path):
    p = card(tmp_path, HEADER.format(id="e3") + 'text: {en: "+1 Card"}\n'
             "on_play: |\n  +1 card\n  +1 actoin\n")
    assert [(d.code, d.line) for d in lint([str(p)])] == [("E003", 9)]


def test_a_misspelt_function_suggests_the_function_before_a_card(tmp_path):
    p = card(tmp_path, HEADER.format(id="c") + "on_play: |\n  +cout(hand) cards\n")
    (d,) = [d for d in lint([str(p)]) if d.severity == "error"]
    assert d.code == "E004" and "unknown function 'cout'; did you mean 'count'?" in d.message


def test_a_bound_variable_never_read_is_a_warning_at_its_binding(tmp_path):
    p = card(tmp_path, HEADER.format(id="u") + "on_play: |\n  trash 1 card from hand as trashd\n"
             "  +1 card\n")
    (d,) = [d for d in lint([str(p)]) if d.code == "W017"]
    assert d.severity == "warning" and "'trashd' is bound" in d.message and d.line == 7
    read = card(tmp_path, HEADER.format(id="r") + "on_play: |\n  trash 1 card from hand as t\n"
                "  if t { +1 card }\n")
    assert "W017" not in codes(read)


def test_a_spend_rule_is_checked_with_positions_in_the_set_file(tmp_path):
    (tmp_path / "set.yaml").write_text(
        "id: fan\nnames: {en: Fan}\ntokens:\n  - id: chits\n    names: {en: Chits}\n"
        "    spend: {phase: buy, gives: \"+$(cuont(hand))\"}\n", encoding="utf-8")
    diags = [d for d in lint([str(tmp_path)]) if d.severity == "error"]
    assert [(d.code, d.line) for d in diags] == [("E004", 6)] and "cuont" in diags[0].message
    (tmp_path / "set.yaml").write_text(
        "id: fan\nnames: {en: Fan}\ntokens:\n  - id: chits\n    names: {en: Chits}\n"
        "    spend: {phase: lunch}\n", encoding="utf-8")
    diags = [d for d in lint([str(tmp_path)]) if d.severity == "error"]
    assert [(d.code, d.line) for d in diags] == [("E002", 6)]
