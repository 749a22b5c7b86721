"""Grammatical forms in generated text (docs/grammatical-case.md): a translated template asks
for `{what:acc}` and gets the card name, type name or phrase in that form; a missing form is
the plain text; a broken spec falls back to the English template, never a traceback.

The fan set tests/fixtures/forms_fan has a Slovak catalog: "si vezme {what:acc}", the
accusative of Curse and of its own card Lantern (Silver has none), and "a card" with a
"phrase|acc" entry of its own."""
import pickle
import shutil
from pathlib import Path

import pytest

from dsl.cli.main import main
from dsl.language.fansets import ENV, open_sets
from dsl.text.i18n import get_locale, locale_for, placeholder_problem
from dsl.language.loader import load_shipped
from dsl.text.render import render_card
from dsl.text.forms import Phrase, fill, template_phrase, variant

FAN = Path(__file__).parent / "fixtures" / "forms_fan"
SK_PO = Path("locales") / "sk" / "LC_MESSAGES" / "dominion.po"
SHIPPED = load_shipped().catalog


def _render(folder: Path, card_id: str, lang: str = "sk"):
    catalog = open_sets([folder]).catalog
    return render_card(catalog.cards[card_id], catalog, locale_for(lang, catalog))


@pytest.fixture
def fan(tmp_path, monkeypatch):
    """The fan set copied to a temporary folder (a test may break its catalog)."""
    monkeypatch.delenv(ENV, raising=False)
    dest = tmp_path / "forms_fan"
    shutil.copytree(FAN, dest)
    return dest


def test_a_template_asking_for_the_accusative_gets_the_card_names_form():
    hexer = _render(FAN, "hexer")
    assert hexer.name == "Bosorka"
    assert hexer.text[1] == "Každý ďalší hráč si vezme Kliatbu a odhodí kartu."
    lantern = _render(FAN, "lantern")                 # a card naming itself
    assert "Vezmi si Lampu." in lantern.text


def test_a_missing_form_falls_back_to_the_plain_name():
    lantern = _render(FAN, "lantern")
    assert "Vezmi si Strieborniak." in lantern.text    # no "card name|acc" for Silver
    assert not any("template" in f for f in lantern.fallbacks)


def test_a_phrase_entry_for_the_form_wins_over_passing_the_form_on(fan):
    assert "odhodí kartu" in _render(fan, "hexer").text[1]        # "phrase|acc" of "a card"
    po = fan / SK_PO
    po.write_text(po.read_text(encoding="utf-8").replace(
        'msgctxt "phrase|acc"\nmsgid "a card"\nmsgstr "kartu"\n', ""), encoding="utf-8")
    assert "odhodí karta" in _render(fan, "hexer").text[1]        # only the plain translation


@pytest.mark.parametrize("bad", ["{what:Acc!}", "{what:xx:yy}"])
def test_a_bad_spec_is_refused_and_falls_back_to_english_with_a_lint_error(fan, capsys, bad):
    assert placeholder_problem("gains {what}", f"si vezme {bad}") is not None
    po = fan / SK_PO
    po.write_text(po.read_text(encoding="utf-8").replace("si vezme {what:acc}",
                                                         f"si vezme {bad}"), encoding="utf-8")
    hexer = _render(fan, "hexer")
    assert hexer.text[1].startswith("Každý ďalší hráč gains Kliatba")   # the English template
    assert "template: gains {what}" in hexer.fallbacks
    try:
        code = main(["lint", "--locale", "sk", "--cards", str(fan), str(fan)])
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    assert code != 0 and "E014" in out.out and "gains {what}" in out.out


@pytest.mark.parametrize("spec,ok", [
    ("{what}", True), ("{what:acc}", True), ("{what:gen}", True), ("{what:inf}", True),
    ("{what:Acc}", False), ("{what:a}", False), ("{what:acc!}", False), ("{what:xx:yy}", False),
    ("{what!r:acc}", False), ("{what:accusativeform}", False), ("{what:>9}", False),
    ("{wat:acc}", False), ("{what.acc}", False), ("{what[acc]}", False)])
def test_placeholder_problem_allows_a_plain_name_or_name_form_only(spec, ok):
    assert (placeholder_problem("gains {what}", f"si vezme {spec}") is None) == ok


def test_an_unknown_spec_never_reaches_the_text_at_render_time():
    phrase = Phrase("Kletba", lambda form: {"acc": "Kletbu"}.get(form))
    assert fill("si vezme {what:acc}", {"what": phrase}) == "si vezme Kletbu"
    assert fill("si vezme {what:gen}", {"what": phrase}) == "si vezme Kletba"   # no such form
    assert fill("{n:acc} karty", {"n": 3}) == "3 karty"        # plain values have no forms
    with pytest.raises(ValueError):
        fill("si vezme {what:>9}", {"what": phrase})
    with pytest.raises(ValueError):
        format(phrase, "xx:yy")
    assert type(pickle.loads(pickle.dumps(phrase))) is str


def test_shipped_czech_gives_the_curse_in_the_accusative():
    cs = get_locale("cs")
    witch = render_card(SHIPPED.cards["witch"], SHIPPED, cs)
    assert witch.text[1] == "Všichni ostatní hráči si vezmou Kletbu."
    igg = render_card(SHIPPED.cards["ill_gotten_gains"], SHIPPED, cs)
    assert "si vezmou Kletbu" in igg.text[-1] and "Kletba" not in " ".join(igg.text)
    assert "můžeš si vzít do ruky Měďák" in igg.text[1]          # may: an infinitive
    saboteur = render_card(SHIPPED.cards["saboteur"], SHIPPED, cs)
    assert "mohou si vzít kartu" in saboteur.text[0]              # "he may": not the you form


def test_english_and_the_recorded_examples_stay_plain_text():
    en = get_locale("en")
    examples = {}
    witch = render_card(SHIPPED.cards["witch"], SHIPPED, en, examples=examples)
    assert witch.text == ("+2 Cards", "Each other player gains a Curse.")
    assert all(type(x) is str for x in witch.text + witch.types)
    text, values = examples["gains {what}"]
    assert text == "gains a Curse" and type(text) is str
    assert all(type(v) in (str, int) for v in values.values())


def test_the_shipped_czech_catalog_drops_nothing_and_keeps_its_measured_figure():
    import importlib.util
    tool = Path(__file__).resolve().parent.parent / "tools" / "render_compare.py"
    spec = importlib.util.spec_from_file_location("render_compare", tool)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    compare = module.compare
    assert get_locale("cs").dropped == ()                     # no E014: every entry is used
    rows = compare("cs")
    assert len(rows) == 26
    assert sum(r[3] for r in rows) / len(rows) >= 0.85        # docs/grammatical-case.md


def _cs(card_id: str) -> str:
    return " ".join(render_card(SHIPPED.cards[card_id], SHIPPED, get_locale("cs")).text)


def _en(card_id: str) -> str:
    return " ".join(render_card(SHIPPED.cards[card_id], SHIPPED, get_locale("en")).text)


def test_a_variant_uses_the_languages_entries_and_else_reads_as_the_phrase():
    entries = {"pro": "{what} odloží", "proinf": "{what} odložit", "inf": "odložit {what}"}
    it = Phrase("ji", lambda form: None)
    verb = template_phrase("odloží ji", "odloží {what}", {"what": it}, entries.get)
    assert verb.variant("pro") == "ji odloží"
    assert verb.variant("pro").form("inf") == "ji odložit"      # "phrase|proinf"
    assert verb.form("inf") == "odložit ji"                     # the phrase itself is unchanged
    assert verb.variant("co") == "odloží ji"                    # no "co" entries: as it is
    assert verb.variant("pro").variant("co") == "odloží ji"     # "proco", else "co", else plain
    wrapper = template_phrase("odloží ji v libovolném pořadí", "{x} v libovolném pořadí",
                              {"x": verb}, {}.get)
    assert wrapper.variant("pro") == "ji odloží v libovolném pořadí"   # to the leading {x}
    assert variant("plain text", "pro") == "plain text"


def test_czech_puts_a_pronoun_object_before_the_verb_and_names_a_card_again_as_a_pronoun():
    assert "můžeš ji ukázat" in _cs("tunnel")                  # not "můžeš ukázat tuto kartu"
    assert "polož ji na svůj dobírací balíček" in _cs("nomad_camp")
    assert "podle své volby ji odloží nebo ji vrátí zpět" in _cs("duchess")
    # the cards just revealed are "them" at once, and again
    assert "zda je odloží nebo je vrátí zpět" in _cs("oracle")
    # a hand named by you and then by each other player is two hands: no pronoun
    assert "odloží všechny své karty v ruce a dobere si 4 karty" in _cs("minion")
    # English names it again as the printed cards do: a pronoun
    assert "you may reveal it." in _en("tunnel")
    assert "put it on top of your deck" in _en("nomad_camp")
    assert "discards them or puts them back" in _en("oracle")


def test_czech_clause_positions_relative_pronouns_and_a_second_condition():
    assert "a vezmou si Kletbu" in _cs("sea_hag")               # after a: the verb first
    assert "Pokud tak učiníš, místo toho si vezmi Stříbrňák" in _cs("trader")
    assert "kartu akce, kterou máš ve hře" in _cs("scheme")    # one card: kterou
    assert "karty peněz, které máš ve hře" in _cs("mandarin")   # many: které
    assert "která stojí méně než ona a není kartou vítězných bodů" in _cs("haggler")
    assert "Když si tuto kartu koupíš" in _cs("farmland")       # the card itself before the verb
    assert "když si koupíš kartu" in _cs("haggler")
