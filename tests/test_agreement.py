"""Agreement as catalog data (dsl.text.agreement, docs/grammatical-case.md): a template
chosen by the class of what fills a placeholder ("phrase|class", "phrase|NAME=CLASS"), and a
word spelt by its neighbour's sound ("before|TOKEN", "after|TOKEN").

The mechanism is tested with a made-up language in a temporary catalog (no real words are
needed), then with the shipped Hungarian catalog, whose verbs follow their object's
definiteness and whose articles and number suffixes follow the sound next to them."""
from pathlib import Path

import pytest

from dsl.text.agreement import chosen, classify, sounds
from dsl.text.forms import template_phrase
from dsl.text.i18n import get_locale
from dsl.language.loader import load_shipped
from dsl.text.render import render_card

HEADER = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

'''
ENTRIES = '''
#, no-python-brace-format
msgctxt "phrase|class"
msgid "the {kind} card"
msgstr "def"

msgctxt "phrase|what=def"
msgid "take {what}"
msgstr "TAKE-DEF {what}"

msgid "take {what}"
msgstr "take-indef {what}"

msgctxt "before|a(n)"
msgid "o"
msgstr "an"

msgctxt "before|a(n)"
msgid "1$"
msgstr "an"

msgctxt "before|a(n)"
msgid "*"
msgstr "a"

msgctxt "after|-x"
msgid "3"
msgstr "-xa"

msgctxt "after|-x"
msgid "13"
msgstr "-xb"

msgctxt "after|-x"
msgid "^0"
msgstr "-xz"

msgctxt "after|-x"
msgid "#0"
msgstr "-xt"
'''


@pytest.fixture
def zz(tmp_path):
    po = tmp_path / "zz" / "LC_MESSAGES" / "dominion.po"
    po.parent.mkdir(parents=True)
    po.write_text(HEADER + ENTRIES, encoding="utf-8")
    return get_locale("zz", tmp_path)


def _phrase(locale, msgid, template, **values):
    text = template.format(**values)
    return classify(locale, template_phrase(text, template, values, lambda f: None), msgid,
                    template, values)


def test_a_class_entry_marks_a_phrase_and_a_phrase_starting_with_it_inherits_it(zz):
    the = _phrase(zz, "the {kind} card", "the {kind} card", kind="K")
    assert the.classes == {"def"}
    inherited = _phrase(zz, "{what} here", "{what} here", what=the)
    assert inherited.classes == {"def"}
    assert not getattr(_phrase(zz, "a card", "a card"), "classes", None)
    assert the.variant("one").classes == {"def"}       # a variant keeps its phrase's classes


def test_a_template_is_chosen_by_its_placeholders_class_else_the_plain_translation(zz):
    the = _phrase(zz, "the {kind} card", "the {kind} card", kind="K")
    assert chosen(zz, "take {what}", {"what": the}) == "TAKE-DEF {what}"
    assert chosen(zz, "take {what}", {"what": "a card"}) is None     # plain text: no class
    assert chosen(zz, "take {what}", {"what": the}, form="inf") is None   # no form entry


@pytest.mark.parametrize("text, out", [
    ("a(n) orange", "an orange"), ("A(n) pear", "A pear"), ("see a(n) 1 and a(n) 10", "see an 1 and a 10"),
    ("a(n)", "a"),                                  # no next word: the "*" entry
    ("pay $3-x", "pay $3-xa"), ("13-x", "13-xb"), ("23-x", "23-xa"), ("0-x, 20-x", "0-xz, 20-xt"),
    ("4-x", "4-x"),                                 # no entry for 4 and no "*": as written
    ("word-x", "word-x"), ("3-xy", "3-xy"),         # a token inside a longer word is no token
    ("plain text", "plain text"),
])
def test_a_token_is_spelt_by_the_sound_of_its_neighbour(zz, text, out):
    assert sounds(zz, text) == out


def test_english_has_no_tables_and_keeps_its_text():
    en = get_locale("en")
    assert sounds(en, "a(z) 3-val") == "a(z) 3-val"
    assert chosen(en, "gain {what}", {"what": "x"}) is None


# ---- the shipped Hungarian catalog -----------------------------------------------------
SHIPPED = load_shipped().catalog
HU = get_locale("hu")


def _hu(card_id: str) -> list:
    return list(render_card(SHIPPED.cards[card_id], SHIPPED, HU).text)


def test_hungarian_verbs_follow_their_objects_definiteness():
    assert "Dobd ki ezt a lapot a szemétre." in _hu("feast")          # definite
    assert "Dobj ki egy lapot a kezedből a szemétre." in _hu("remodel")  # indefinite
    assert any(x.startswith("Amikor megkapod ezt a lapot,") for x in _hu("border_village"))
    assert "Tegyél egy lapot a kezedből a húzópaklid tetejére." in _hu("courtyard")
    assert "Megkapod a kidobott lapokat." in _hu("noble_brigand")


def test_hungarian_comparisons_take_the_nominative_and_suffixes_follow_the_number():
    assert "kapsz egy lapot, amely olcsóbb, mint ez a lap." in _hu("border_village")[-1]
    assert "Kapsz egy lapot, amely legfeljebb $3-mal drágább, mint a kidobott lap." in _hu("expand")
    assert "Kapsz egy lapot, amely legfeljebb $2-vel drágább, mint a kidobott lap." in _hu("remodel")
    assert _hu("fools_gold")[0].startswith("$1-et ér, ha")


def test_hungarian_articles_word_order_and_person():
    assert "A játék végén tedd vissza az Island tábládon lévő lapokat a paklidba." in _hu("island")
    assert _hu("gardens") == ["A paklidban lévő lapok közül minden 10 után 1 VP-t ér "
                              "(lefelé kerekítve)."]
    assert any("+1 lap a kezedben lévő minden lap után" in x for x in _hu("madman"))
    saboteur = _hu("saboteur")[0]
    assert "kaphat egy lapot" in saboteur and "kapsz" not in saboteur
    assert not any("a(z)" in line for c in SHIPPED.cards.values()
                   for line in render_card(c, SHIPPED, HU).text)


def test_hungarian_names_and_words_follow_the_rulebooks():
    moat = render_card(SHIPPED.cards["moat"], SHIPPED, HU)
    assert moat.types == ("Akció", "Védekezés")        # the Hungarian base rulebook's word
    pirate = " ".join(_hu("pirate_ship"))
    assert "érme jelölő" in pirate and "Coin" not in pirate    # "jelölő": the Alchemy rulebook


def test_hungarian_drops_a_pronoun_object_and_says_may_in_the_potential():
    assert _hu("throne_room") == ["Válassz egy Akció lapot a kezedből.", "Játszd ki kétszer."]
    assert "Dobd el vagy tedd vissza." in _hu("jack_of_all_trades")      # "discard it or put
                                                                       # it back"
    assert "A használt paklidba teheted a húzópaklidat." in _hu("chancellor")
    assert "Ha ez Akció lap, kapsz egy Hercegség lapot." in _hu("transmute")


def test_lint_lets_only_a_pronoun_variant_leave_out_the_object(tmp_path, monkeypatch, capsys):
    from dsl.cli.main import main
    po = tmp_path / "locales" / "zz" / "LC_MESSAGES" / "dominion.po"
    po.parent.mkdir(parents=True)
    po.write_text(HEADER + '''
#, no-python-brace-format
msgctxt "phrase|pro"
msgid "discard {what}"
msgstr "DROP-IT"

#, no-python-brace-format
msgctxt "phrase|acc"
msgid "trash {what}"
msgstr "NO-OBJECT"
''', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    main(["lint", "--locale", "zz"])
    out = capsys.readouterr().out
    assert "'trash {what}' (msgctxt 'phrase|acc'): msgstr leaves out {what}" in out
    assert "'discard {what}' (msgctxt 'phrase|pro')" not in out


def test_either_of_two_zones_takes_the_case_its_preposition_asks_in_each_language():
    """Hermit: one card from the discard pile or the hand. Hungarian: both zones in the
    elative; Czech: both in the genitive after `z`, spelt `ze` before `sv` (a `before|`
    table of the cs catalog)."""
    hu = " ".join(_hu("hermit"))
    assert "egy lapot a használt paklidból vagy a kezedből, amely nem Kincs lap" in hu
    cs = " ".join(render_card(SHIPPED.cards["hermit"], SHIPPED, get_locale("cs")).text)
    assert "kartu ze svého odkládacího balíčku nebo z ruky, která není kartou peněz" in cs
    assert "z(e)" not in cs and "z:" not in cs
    # and a definite object after the rest of the revealed cards: "Dobd el a többi lapot"
    assert "Dobd el a többi lapot." in _hu("rebuild")


def test_czech_several_cards_costing_take_a_plural_relative_pronoun():
    """A `phrase|many` variant: Rogue's "karty, které stojí od $3 do $6", while one card
    keeps "jednu z nich, která stojí"."""
    cs = " ".join(render_card(SHIPPED.cards["rogue"], SHIPPED, get_locale("cs")).text)
    assert "Pokud jsou karty, které stojí od $3 do $6, na smetišti" in cs
    assert "zahodí jednu z nich, která stojí od $3 do $6" in cs
    en = " ".join(render_card(SHIPPED.cards["rogue"], SHIPPED, get_locale("en")).text)
    assert "If there are any cards costing from $3 to $6 in the trash" in en
