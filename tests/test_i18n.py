"""Locales: CLDR plural rules, names with fallback, catalogs that round-trip through pybabel,
and a new locale that works from its catalog alone."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from dsl.cli.locale import template_catalog
from dsl.text.i18n import CARD_NAME, LocaleError, available_locales, catalog_path, get_locale
from dsl.language.loader import load_shipped
from dsl.text.render import BONUS, render_card

ROOT = Path(__file__).resolve().parent.parent
CATALOG = load_shipped().catalog


def plural(lang, counter, n):
    return get_locale(lang).ngettext(*BONUS[counter], n).format(n=n)


def test_czech_plural_forms_one_few_many():
    assert [plural("cs", "cards", n) for n in (1, 2, 4, 5, 22)] == \
        ["+1 karta", "+2 karty", "+4 karty", "+5 karet", "+22 karet"]
    assert [plural("cs", "actions", n) for n in (1, 2, 5)] == ["+1 akce", "+2 akce", "+5 akcí"]
    assert get_locale("cs").po.num_plurals == 3


def test_hungarian_and_english_plural_forms():
    assert [plural("hu", "cards", n) for n in (1, 2, 5)] == ["+1 lap", "+2 lap", "+5 lap"]
    assert get_locale("hu").po.num_plurals == 2
    assert [plural("en", "cards", n) for n in (1, 2)] == ["+1 Card", "+2 Cards"]
    assert plural("en", "buys", 3) == "+3 Buys"


def test_available_locales_and_unknown_locale():
    assert available_locales()[:1] == ["en"] and {"cs", "hu"} <= set(available_locales())
    with pytest.raises(LocaleError, match="dsl locale init"):
        get_locale("xx")


def test_card_name_from_card_file_else_english_with_a_flag():
    hu = get_locale("hu")
    assert hu.card_name(CATALOG.cards["village"]) == ("Falu", False)
    assert hu.card_name(CATALOG.cards["border_village"]) == ("Border Village", True)
    assert get_locale("cs").type_name("action", CATALOG) == ("Akce", False)


def _new_locale(tmp_path, lang="de"):
    """A locale created as a catalog alone, with a card name and two templates translated."""
    cat = template_catalog(lang)
    cat[("+{n} Card")].string = ("+{n} Karte", "+{n} Karten")
    cat.get("Village", context=CARD_NAME).string = "Dorf"
    cat.get("gain {what}").string = "nimm {what}"
    path = catalog_path(lang, tmp_path)
    path.parent.mkdir(parents=True)
    with path.open("wb") as f:
        write_po(f, cat)
    return tmp_path


def test_a_new_locale_as_a_catalog_alone_renders_every_card(tmp_path):
    locales = _new_locale(tmp_path)
    assert "de" in available_locales(locales)
    de = get_locale("de", locales)
    assert de.ngettext("+{n} Card", "+{n} Cards", 2).format(n=2) == "+2 Karten"
    for card in CATALOG.cards.values():
        r = render_card(card, CATALOG, de)
        assert r.text and r.locale == "de"
    village = render_card(CATALOG.cards["village"], CATALOG, de)
    assert village.name == "Dorf" and village.text[0] == "+1 Karte"
    assert "name" not in village.fallbacks
    smithy = render_card(CATALOG.cards["smithy"], CATALOG, de)
    assert smithy.name == "Smithy" and smithy.fallbacks[0] == "name"
    workshop = render_card(CATALOG.cards["workshop"], CATALOG, de)
    assert workshop.text[0].startswith("Nimm ")


def test_a_broken_translation_falls_back_to_english_never_a_traceback(tmp_path):
    cat = template_catalog("de")
    cat.get("gain {what}").string = "nimm {wat}"          # a translator's typo
    path = catalog_path("de", tmp_path)
    path.parent.mkdir(parents=True)
    with path.open("wb") as f:
        write_po(f, cat)
    r = render_card(CATALOG.cards["workshop"], CATALOG, get_locale("de", tmp_path))
    assert r.text[0].startswith("Gain ") and any("gain {what}" in f for f in r.fallbacks)
    (line, msgid, problem), = get_locale("de", tmp_path).dropped
    assert msgid == "gain {what}" and "{wat}" in problem and line > 1


def _pybabel(*args, cwd):
    exe = shutil.which("pybabel") or sys.executable
    cmd = [exe, *args] if exe.endswith("pybabel") else [exe, "-m", "babel.messages.frontend", *args]
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)


def test_pybabel_extract_init_update_compile_round_trip(tmp_path):
    for part in ("dsl", "sets"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "locales", tmp_path / "locales")
    shutil.copy(ROOT / "babel.cfg", tmp_path / "babel.cfg")
    r = _pybabel("extract", "-F", "babel.cfg", "-o", "locales/dominion.pot", ".", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    with (tmp_path / "locales/dominion.pot").open("rb") as f:
        pot = read_po(f)
    assert pot.get("Silver", context="card name") is not None
    assert pot.get("Action", context="card type") is not None
    assert pot.get("+{n} Card") is not None and pot.get("gain {what}") is not None
    r = _pybabel("init", "-i", "locales/dominion.pot", "-d", "locales", "-D", "dominion",
                 "-l", "pl", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = _pybabel("update", "-i", "locales/dominion.pot", "-d", "locales", "-D", "dominion",
                 cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = _pybabel("compile", "-d", "locales", "-D", "dominion", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "locales/cs/LC_MESSAGES/dominion.mo").exists()
    cs = get_locale("cs", tmp_path / "locales")            # the updated catalog, via .mo
    assert cs.ngettext("+{n} Card", "+{n} Cards", 5).format(n=5) == "+5 karet"
    pl = get_locale("pl", tmp_path / "locales")
    assert pl.po.num_plurals == 3
    assert render_card(CATALOG.cards["cellar"], CATALOG, pl).text[0] == "+1 Action"
