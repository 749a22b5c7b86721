"""Card text rendered from the effect AST: every card in every locale, printed layout,
bonus-only cards identical to print, English fallback, the commands and the text lint."""
import json
from pathlib import Path
import subprocess
import sys

import pytest

from dsl.language import ast as A
from dsl.text.i18n import get_locale
from dsl.lint.checks import lint
from dsl.language.loader import load_shipped
from dsl.text.render import DIVIDER, joined_text, render_card

CATALOG = load_shipped().catalog


def run_dsl(*args):
    return subprocess.run([sys.executable, "-m", "dsl", *args], capture_output=True, text=True)


def render(cid, lang="en"):
    return render_card(CATALOG.cards[cid], CATALOG, get_locale(lang))


@pytest.mark.parametrize("lang", ["en", "hu", "cs"])
def test_every_shipped_card_renders(lang):
    for cid in CATALOG.cards:
        r = render(cid, lang)
        assert r.text and all(isinstance(x, str) and x for x in r.text), cid
        assert all("{" not in x for x in r.text), (cid, r.text)


def test_bonus_only_cards_are_identical_to_print():
    simple = [c for c in CATALOG.cards.values() if c.on_play and not c.triggers
              and all(isinstance(s, A.Bonus) and isinstance(s.amount, A.Num) for s in c.on_play)
              and "treasure" not in c.types]
    assert len(simple) >= 6
    for card in simple:
        assert joined_text(render_card(card, CATALOG, get_locale("en"))) == card.texts["en"]


def test_layout_bonus_lines_sentences_and_the_dividing_line():
    assert render("village").text == ("+1 Card", "+2 Actions")
    assert render("festival").text == ("+2 Actions", "+1 Buy", "+$2")
    assert joined_text(render("remodel")) == ("Trash a card from your hand. Gain a card "
                                              "costing up to $2 more than the trashed card.")
    bv = render("border_village").text
    assert bv[:2] == ("+1 Card", "+2 Actions") and bv[2] == DIVIDER
    assert bv[3] == "When you gain this, gain a card costing less than this."
    assert render("farmland").text[0] == "2 VP"
    assert render("copper").text == ("$1",)
    assert render("moat").text[-1].startswith("When another player plays an Attack card")


def test_names_and_types_inside_the_text_are_in_the_locale():
    assert "Vezmi si Stříbrňák" in render("jack_of_all_trades", "cs").text[0]
    assert render("witch", "hu").types == ("Akció", "Támadás")
    assert render("witch", "hu").text[0] == "+2 lap"
    assert render("margrave", "cs").text[:2] == ("+3 karty", "+1 nákup")
    assert render("embassy", "cs").text[0] == "+5 karet"


def test_no_name_in_a_locale_falls_back_to_english_and_says_so():
    r = render("border_village", "hu")            # no Hungarian name in the seeds
    assert r.name == "Border Village" and r.fallbacks[0] == "name"
    assert render("village", "hu").fallbacks == ()
    out = run_dsl("render", "border_village", "--locale", "hu")
    assert out.returncode == 0 and "Border Village" in out.stdout and "note:" in out.stdout


def test_render_json_shape():
    out = run_dsl("render", "cellar", "--locale", "cs", "--format", "json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert {"id", "locale", "name", "types", "cost", "text"} <= set(data)
    assert data["id"] == "cellar" and data["name"] == "Sklepení" and data["cost"] == "$2"
    assert data["text"][0] == "+1 akce" and "fallback" not in data
    fb = json.loads(run_dsl("render", "pawn", "--locale", "hu", "--format", "json").stdout)
    assert fb["name"] == "Pawn" and fb["fallback"] == ["name"]     # no Hungarian name known


def test_render_a_fan_card_and_bad_input(tmp_path):
    fan = tmp_path / "fan.yaml"
    fan.write_text("id: hamlet2\nset: fan\ncost: 2\ntypes: [action]\nnames: {en: Hamlet2}\n"
                   "on_play: |\n  +5 cards\n  each other player { gain curse }\n",
                   encoding="utf-8")
    out = run_dsl("render", str(fan), "--locale", "cs")
    assert out.returncode == 0, out.stderr
    assert "+5 karet" in out.stdout and "Kletbu" in out.stdout
    bad = run_dsl("render", "no_such_card")
    assert bad.returncode != 0 and "Traceback" not in bad.stderr and "no card" in bad.stderr
    bad = run_dsl("render", "smithy", "--locale", "xx")
    assert bad.returncode == 1 and "dsl locale init xx" in bad.stderr


def test_locales_command_counts():
    out = run_dsl("locales", "--format", "json")
    rows = {r["locale"]: r for r in json.loads(out.stdout)}
    total = len(CATALOG.cards)
    assert rows["en"]["card_names"] == {"translated": total, "total": total}
    hu = sum("hu" in c.names for c in CATALOG.cards.values())
    assert rows["hu"]["card_names"] == {"translated": hu, "total": total}
    assert rows["cs"]["templates"]["translated"] == rows["cs"]["templates"]["total"] > 100


def test_lint_locale_lists_missing_names():
    out = run_dsl("lint", "--locale", "hu")
    assert out.returncode == 0
    assert "border_village.yaml" in out.stdout and "W010" in out.stdout
    assert "W011" not in out.stdout                  # every template is translated


def test_printed_text_against_the_effect(tmp_path):
    fan = tmp_path / "bad.yaml"
    fan.write_text("id: fanlab\nset: fan\ncost: 5\ntypes: [action]\n"
                   "names: {en: FanLab, hu: X, cs: X}\n"
                   "text:\n  en: \"+2 Cards. +1 Action. +$1.\"\n  cs: \"+3 karty. +1 akce.\"\n"
                   "on_play: |\n  +2 cards\n  +1 action\n", encoding="utf-8")
    diags = [d for d in lint([str(fan)]) if d.code == "W020"]
    msgs = [(d.line, d.message) for d in diags]
    assert any("(en) says +1 coins" in m for _, m in msgs)
    assert any("(cs) says +3 cards" in m for _, m in msgs)
    assert any("(cs) does not say the +2 cards" in m for _, m in msgs)
    assert all(d.severity == "warning" and d.line in (7, 8) for d in diags)


def test_vp_tokens_in_a_printed_text_are_not_the_cards_vp(tmp_path):
    fan = tmp_path / "tokens.yaml"
    fan.write_text("id: fan_collector\nset: fan\ncost: 4\ntypes: [action]\n"
                   "names: {en: Collector, hu: X, cs: X}\n"
                   "text:\n  en: \"+1 Card. +1 VP token.\"\n"
                   "on_play: |\n  +1 card\n  +1 vp token\n", encoding="utf-8")
    assert [d.message for d in lint([str(fan)]) if d.code == "W020"] == []


def test_shipped_printed_texts_agree_with_the_effects():
    assert [d.format() for d in lint(None) if d.code == "W020"] == []


def test_render_takes_a_set_folder_as_the_other_commands_do():
    """`dsl render FOLDER`: every card of a fan set folder, or of a shipped set's folder
    (which is loaded already: not twice)."""
    from dsl.language.data import shipped_dir
    fan = run_dsl("render", str(Path(__file__).parent / "fixtures" / "fan_set"))
    assert fan.returncode == 0, fan.stderr
    assert "Apprentice Smith" in fan.stdout and "Night Market" in fan.stdout
    base = run_dsl("render", str(shipped_dir("sets") / "prosperity"), "--format", "json")
    assert base.returncode == 0, base.stdout + base.stderr
    ids = {c["id"] for c in json.loads(base.stdout)}
    assert {"bank", "platinum", "colony"} <= ids and "smithy" not in ids


def test_render_of_several_cards_into_a_folder_writes_one_text_file_each(tmp_path):
    """Without --format, `--out FOLDER` with several cards writes a text file per card and
    locale (it wrote every text into one file named like the folder)."""
    out = tmp_path / "faces"
    run = run_dsl("render", "smithy", "witch", "--locale", "en,hu", "--out", str(out))
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in out.iterdir()) == [
        "smithy.en.txt", "smithy.hu.txt", "witch.en.txt", "witch.hu.txt"]
    assert (out / "witch.en.txt").read_text(encoding="utf-8").startswith("Witch")
    one = tmp_path / "smithy.txt"
    assert run_dsl("render", "smithy", "--out", str(one)).returncode == 0
    assert one.read_text(encoding="utf-8").startswith("Smithy")


# ---- amounts, tokens players spend and the turn's counters (tests/fixtures/token_fan) -------
def _fan_render(fan, cid, lang="en"):
    from dsl.language.fansets import open_sets
    cat = open_sets([fan]).catalog
    return render_card(cat.cards[cid], cat, get_locale(lang)).text


TOKEN_FAN = Path(__file__).parent / "fixtures" / "token_fan"


@pytest.mark.parametrize("cid, line", [
    ("gilded_statue", "When you buy this, you may overpay for it. If you do, gain a Silver per "
                      "$1 you overpaid."),
    ("crown_jewel", "When you play this, +$1 per unused Action you have."),
    ("census", "+$1 per Buy you have"),
    ("pawnshop", "You may pay up to 3 Chips tokens."),
    ("pawnshop", "+1 Card per token you paid"),
    ("toll_gate", "If the number of tokens you paid is 2, +3 Cards."),
])
def test_overpay_pay_and_the_turns_counters_in_words(cid, line):
    assert line in _fan_render(TOKEN_FAN, cid)


def test_overpay_in_czech_and_hungarian_counts_each_dollar():
    assert any("za každý přeplacený $1" in x for x in _fan_render(TOKEN_FAN, "gilded_statue", "cs"))
    assert any("minden túlfizetett $1 után" in x
               for x in _fan_render(TOKEN_FAN, "gilded_statue", "hu"))


def test_a_token_kind_named_otherwise_in_card_texts(tmp_path):
    # first-edition Guilds prints "Coin token" for the kind called Coffers since 2022
    (tmp_path / "cards").mkdir()
    (tmp_path / "set.yaml").write_text(
        "id: purse_fan\nnames: {en: Purse Fan}\ntokens:\n"
        "  - id: purse\n    names: {en: Coffers}\n    text_names: {en: Coin}\n"
        "    spend: {phase: buy, before_buying: true, gives: \"+$1\"}\n", encoding="utf-8")
    (tmp_path / "cards" / "butcher_boy.yaml").write_text(
        "id: butcher_boy\nset: purse_fan\ncost: 5\ntypes: [action]\n"
        "names: {en: Butcher Boy}\n"
        "on_play: |\n  +2 purse tokens\n  may trash 1 card from hand as cut {\n"
        "    pay up to tokens(purse) purse tokens as paid\n"
        "    gain card costing up to cost(cut) + paid\n  }\n", encoding="utf-8")
    text = _fan_render(tmp_path, "butcher_boy")
    assert text[0] == "Take 2 Coin tokens."
    assert "you may pay any number of Coin tokens and gain a card costing up to the cost of " \
           "the trashed card plus the number of tokens you paid." in text[1]
