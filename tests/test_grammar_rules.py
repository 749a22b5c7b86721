"""Grammar a catalog gives beyond forms (docs/grammatical-case.md): a number's agreement by
plural entries and the "each" form of a rate, word-order rules (a clitic second in its
clause), a card's name where a kind of card stands, and token kinds a set file declares.

The fan set tests/fixtures/grammar_fan has a Slovak catalog for each of them; the shipped
Czech catalog uses the same entries on the printed cards."""
import shutil
from pathlib import Path

import pytest

from dsl.cli.main import main
from dsl.faces.face import set_name
from dsl.language.fansets import ENV, open_sets
from dsl.language.loader import load_shipped
from dsl.text.i18n import get_locale, locale_for
from dsl.text.render import render_card
from dsl.text.word_order import RuleError, apply_rules, compile_rule

FAN = Path(__file__).parent / "fixtures" / "grammar_fan"
SK_PO = Path("locales") / "sk" / "LC_MESSAGES" / "dominion.po"
SHIPPED = load_shipped().catalog


def _render(folder: Path, card_id: str, lang: str = "sk"):
    catalog = open_sets([folder]).catalog
    return render_card(catalog.cards[card_id], catalog, locale_for(lang, catalog))


def _text(card_id: str, lang: str = "cs") -> str:
    return " ".join(render_card(SHIPPED.cards[card_id], SHIPPED, get_locale(lang)).text)


@pytest.fixture
def fan(tmp_path, monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    dest = tmp_path / "grammar_fan"
    shutil.copytree(FAN, dest)
    return dest


# ---- numeral agreement ------------------------------------------------------------------------
def test_the_word_for_every_and_the_counted_noun_agree_with_the_number():
    orchard = _render(FAN, "orchard").text[0]
    assert orchard == "Má hodnotu 1 VP za každé 3 karty akcií v tvojom balíčku (zaokrúhlené nadol)."
    grove = _render(FAN, "grove").text[0]               # 5: the other plural form, and the
    assert "za každých 5 Strieborniakov v tvojom" in grove   # name's genitive plural


def test_a_rate_asks_for_its_each_form():
    text = _render(FAN, "stargazer").text
    assert "+$1 za každý tvoj žetón hviezdy" in text


def test_shipped_czech_counts_agree_as_the_printed_cards_do():
    assert "za každé 4 karty vítězných bodů" in _text("silk_road")
    assert "za každých 10 karet ve tvém balíčku" in _text("gardens")
    assert "za každých 5 karet ve tvém dobíracím a odkládacím balíčku" in _text(
        "philosophers_stone")
    assert "za každou kartu peněz, kterou máš ve hře" in _text("bank")
    assert "za každé 3 Stříbrňáky" in _text("feodum")
    assert "jen 3 karty (místo 5)" in _text("outpost")


# ---- word order -----------------------------------------------------------------------------
def test_a_word_order_rule_moves_a_clitic_before_the_verb():
    assert "; inak si vezmi Strieborniak." in " ".join(_render(FAN, "stargazer").text)
    rules = (compile_rule("inak {verb} si", "inak si {verb}"),)
    assert apply_rules(rules, "Inak vezmi si kartu.") == "Inak si vezmi kartu."   # a capital kept
    assert apply_rules(rules, "ak vezmi si kartu") == "ak vezmi si kartu"    # a whole word only
    assert apply_rules(rules, "inak, vezmi si") == "inak, vezmi si"          # a slot is one word


@pytest.mark.parametrize("pattern,order", [
    ("inak {verb} si", "inak si {vrb}"),          # a slot the pattern lacks
    ("inak {verb} si", "inak si"),                # a slot left out
    ("inak {verb:acc} si", "inak si {verb}"),     # a slot is a plain name
    ("inak {verb} si", "inak si {verb:acc}"),
    ("", "x"),
])
def test_a_broken_rule_is_refused(pattern, order):
    with pytest.raises(RuleError):
        compile_rule(pattern, order)


def test_a_broken_rule_is_not_used_and_lint_reports_it(fan, capsys):
    po = fan / SK_PO
    po.write_text(po.read_text(encoding="utf-8").replace(
        'msgstr "inak si {verb}"', 'msgstr "inak si {verbum}"'), encoding="utf-8")
    assert "; inak vezmi si Strieborniak." in " ".join(_render(fan, "stargazer").text)
    assert main(["lint", "--cards", str(fan), "--locale", "sk"]) == 1
    out = capsys.readouterr().out
    assert "E014" in out and "word order|rule" in out and "{verbum}" in out


def test_shipped_czech_puts_the_clitic_second():
    assert "jinak si vezmi Statek" in _text("baron")
    assert "v tomto tahu si můžeš vybrat" in _text("scheme")
    assert "jinak ji vrať zpět" in _text("mystic")
    assert "jinak vezmi si" not in " ".join(_text(c) for c in SHIPPED.cards)


# ---- a card's name where a kind stands, a preposition's case ------------------------------------
def test_a_cards_name_is_the_noun_not_a_card_type():
    assert "Můžeš odložit Statek." in _text("baron")
    assert "kartu, která není Stříbrňák, můžeš" in _text("trader")
    assert "(kromě Golemů)" in _text("golem")          # "kromě" asks for the genitive plural
    assert "libovolný počet zahozených karet" in _text("thief")
    assert "Môžeš odhodiť Statok." in _render(FAN, "stargazer").text
    # English reads as it did: the name's own templates say what the kind's said
    assert "You may discard an Estate card." in _text("baron", "en")
    assert "non-Silver card" in _text("trader", "en")


# ---- tokens, types and sets as the Czech rulebook prints them ----------------------------------
def test_a_token_kind_is_named_by_its_set_file_or_the_catalog():
    text = _render(FAN, "stargazer").text
    assert "Vezmi si žetón hviezdy." in text          # the set file's name, the catalog's form
    assert "Vezmi si žetón mesiaca." in text          # the catalog's name and form
    english = _render(FAN, "stargazer", "en").text
    assert "Take a Star token." in english and "Take a Moon token." in english
    assert "žeton mince" in _text("pirate_ship") and "Coin" not in _text("pirate_ship")
    assert "žeton vítězného bodu" in _text("monument")
    assert "žeton Embarga" in _text("embargo")


def test_czech_type_and_set_names_follow_the_rulebook():
    cs = get_locale("cs")
    rendered = render_card(SHIPPED.cards["fools_gold"], SHIPPED, cs)
    assert rendered.types == ("Peníze", "Reakce")
    assert render_card(SHIPPED.cards["tunnel"], SHIPPED, cs).types == ("Vítězné body", "Reakce")
    names = {s: set_name(SHIPPED.cards[c], SHIPPED, cs) for s, c in (
        ("hinterlands", "oasis"), ("intrigue", "baron"), ("seaside", "embargo"),
        ("alchemy", "golem"), ("prosperity", "bank"))}
    assert names == {"hinterlands": "Vzdálené kraje", "intrigue": "Intriky",
                     "seaside": "Pobřeží", "alchemy": "Alchymie", "prosperity": "Prosperita"}
    assert SHIPPED.cards["secret_chamber"].names["cs"] == "Tajemná komnata"
