"""The translator's workflow: catalog checks that agree with GNU msgfmt, positions of broken
placeholders, Plural-Forms against CLDR, the template catalog (.pot) that never goes stale,
translator comments on every template, `dsl locale update/template/init`, and the shipped
catalogs passing `msgfmt --check`."""
from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from dsl.text.catalog_build import merge, po_bytes, same_but_date, template_catalog
from dsl.text.catalog_check import check_text, msgfmt_rejects, often_forms, parse_entries
from dsl.cli.main import main
from dsl.text.i18n import CARD_NAME, catalog_path, get_locale
from dsl.language.loader import load_shipped
from dsl.text.render import template_ids
from dsl.text.template_notes import GLOSSARY, notes, placeholder_names, source_templates

MSGFMT = shutil.which("msgfmt")
CS_HEADER = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
             '"Language: cs\\n"\n'
             '"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);\\n"\n\n')
F = "#, python-brace-format\n"


def needs_msgfmt():
    if MSGFMT:
        return
    if os.environ.get("DSL_REQUIRE_MSGFMT") == "1":
        pytest.fail("GNU msgfmt is not installed and DSL_REQUIRE_MSGFMT=1 (install gettext)")
    pytest.skip("GNU msgfmt is not installed (the gettext package); CI sets DSL_REQUIRE_MSGFMT=1")


def one(msgid, msgstr, flags=F, plural=None):
    if plural is None:
        body = f'{flags}msgid "{msgid}"\nmsgstr "{msgstr}"\n'
    else:
        body = f'{flags}msgid "{msgid}"\nmsgid_plural "{plural}"\n' + "".join(
            f'msgstr[{i}] "{s}"\n' for i, s in enumerate(msgstr))
    return CS_HEADER + body


# name -> (catalog text, our error code or None): the crafted catalogs of the msgfmt comparison
CASES = {
    "good": (one("take {what} from {where}", "vezmi {what} z {where}"), None),
    "dropped in singular": (one("take {what} from {where}", "vezmi {what}"), "E015"),
    "y for x": (one("take {x}", "vezmi {y}"), "E014"),
    "extra placeholder": (one("take {what}", "vezmi {what} {x}"), "E014"),
    "bad brace": (one("take {x}", "vezmi {x"), "E014"),
    "empty braces": (one("take {x}", "vezmi {}"), "E014"),
    "attribute": (one("take {what}", "vezmi {what.acc}"), "E014"),
    "conversion": (one("take {x}", "vezmi {x!r}"), "E014"),
    "form under python-brace-format": (one("take {what}", "vezmi {what:acc}"), "E015"),
    "form, no-python-brace-format": (one("take {what}", "vezmi {what:acc}",
                                         "#, no-python-brace-format\n"), None),
    "form, both flags, no- last": (one("take {what}", "vezmi {what:acc}",
                                       "#, python-brace-format, no-python-brace-format\n"), None),
    "no flag, y for x": (one("take {x}", "vezmi {y}", ""), "E014"),
    "no flag, dropped": (one("take {x} {y}", "vezmi {x}", ""), "E015"),
    "escaped braces": (one("take {x}", "vezmi {{ {x} }}"), None),
    "repeated": (one("take {x}", "vezmi {x} {x}"), None),
    "plural good": (one("{n} card", ["{n} karta", "{n} karty", "{n} karet"], plural="{n} cards"),
                    None),
    "plural, dropped in the form for n = 1": (
        one("{n} card", ["jedna karta", "{n} karty", "{n} karet"], plural="{n} cards"), None),
    "plural, dropped in the form for 2-4": (
        one("{n} card", ["{n} karta", "karty", "{n} karet"], plural="{n} cards"), None),
    "plural, dropped in the form for many": (
        one("{n} card", ["{n} karta", "{n} karty", "karet"], plural="{n} cards"), "E015"),
    "plural, extra in the form for many": (
        one("{n} card", ["{n} karta", "{n} karty", "{n} karet {x}"], plural="{n} cards"), "E014"),
    "plural, y for n in the form for 2-4": (
        one("{n} card", ["{n} karta", "{y} karty", "{n} karet"], plural="{n} cards"), "E014"),
    "plural, bad brace": (
        one("{n} card", ["{n karta", "{n} karty", "{n} karet"], plural="{n} cards"), "E014"),
    "plural, singular without {n}": (
        one("draws a card", ["lízne kartu", "lízne {n} karty", "lízne {n} karet"],
            plural="draws {n} cards"), None),
    "fuzzy, y for x": (one("take {x}", "vezmi {y}", "#, fuzzy, python-brace-format\n"), None),
    "template without placeholders, one in msgstr": (one("a card", "kartu {x}", ""), "E014"),
    "lone closing brace": (one("take {x}", "vezmi } {x}"), "E014"),
}
# where the renderer's rule is stricter than msgfmt 0.21 (documented in dsl/text/catalog_check.py)
STRICTER = {"no flag, y for x", "no flag, dropped", "plural, y for n in the form for 2-4",
            "template without placeholders, one in msgstr", "lone closing brace"}


def _errors(text):
    return [f for f in check_text(text, "cs").findings if f.severity == "error"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_our_verdict_on_crafted_catalogs(name):
    text, code = CASES[name]
    errors = _errors(text)
    assert [e.code for e in errors][:1] == ([code] if code else []), errors


def test_the_msgfmt_emulation_agrees_with_gnu_msgfmt_both_ways(tmp_path):
    needs_msgfmt()
    for name, (text, code) in sorted(CASES.items()):
        po = tmp_path / "case.po"
        po.write_text(text, encoding="utf-8")
        real = subprocess.run([MSGFMT, "--check", "-o", os.devnull, str(po)],
                              capture_output=True, text=True, check=False)
        entries = parse_entries(text)
        often = often_forms("(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2)", 3)
        emulated = [e for e in entries if msgfmt_rejects(e, often)]
        assert bool(emulated) == (real.returncode != 0), (name, real.stderr)
        if emulated:                      # msgfmt names the line of the entry's first msgstr
            assert f"case.po:{emulated[0].strings[0].line}:" in real.stderr, (name, real.stderr)
        # our checks never let pass what msgfmt rejects; stricter only where documented
        assert bool(_errors(text)) == (real.returncode != 0 or name in STRICTER), name


def test_a_broken_placeholder_is_reported_at_its_own_position():
    text = one("gain {x} now", "nimm {y} jetzt")
    (err,) = _errors(text)
    line = text.splitlines()[err.line - 1]
    assert line.startswith("msgstr") and line[err.col - 1:err.col + 2] == "{y}"
    wrapped = CS_HEADER + F + 'msgid "gain {x} now"\nmsgstr ""\n"nimm "\n"{y} jetzt"\n'
    (err,) = _errors(wrapped)
    assert (err.line, err.col) == (11, 2) and err.code == "E014"


def test_plural_forms_against_cldr():
    bad = CS_HEADER.replace("nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2)",
                            "nplurals=2; plural=(n != 1)")
    (err,) = _errors(bad + one("{n} card", ["{n} karta", "{n} karty"], plural="{n} cards")
                     [len(CS_HEADER):])
    assert err.code == "E016" and err.line == 5 and "nplurals=3" in err.message
    assert '"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);\\n"' \
        in err.message
    odd = CS_HEADER.replace("n <= 4 ? 1", "n <= 5 ? 1")
    (err,) = _errors(odd)
    assert err.code == "E016" and "n = 5" in err.message


def test_fuzzy_and_untranslated_entries_are_counted():
    text = one("take {x}", "vezmi {x}", "#, fuzzy, python-brace-format\n") + \
        '\nmsgid "a card"\nmsgstr ""\n'
    check = check_text(text, "cs")
    assert len(check.fuzzy) == 1 and len(check.untranslated) == 1
    (w,) = check.findings
    assert w.code == "W014" and w.line == 7


# ---- the template catalog and translator notes ----------------------------------------------
ROOT = Path(__file__).resolve().parent.parent
CATALOG = load_shipped().catalog


def _messages(cat):
    """What a template catalog says, comments joined (pybabel wraps them at 76 columns)."""
    return [(m.id, m.context, " ".join(m.auto_comments), tuple(m.locations),
             tuple(sorted(m.flags))) for m in cat if m.id]


def test_the_committed_pot_is_what_dsl_locale_template_builds():
    built = po_bytes(template_catalog(None, CATALOG))
    committed = (ROOT / "locales" / "dominion.pot").read_bytes()
    assert same_but_date(committed, built), "locales/dominion.pot is stale: run " \
        "`dsl locale template` (or `dsl locale update`) and commit it"


def test_pybabel_extract_gives_the_same_template(tmp_path):
    for part in ("dsl", "sets"):
        shutil.copytree(ROOT / part, tmp_path / part,
                        ignore=shutil.ignore_patterns("__pycache__", "fonts", "web"))
    shutil.copy(ROOT / "babel.cfg", tmp_path / "babel.cfg")
    r = subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F",
                        "babel.cfg", "-o", "out.pot", "."], cwd=tmp_path, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    with (tmp_path / "out.pot").open("rb") as f:
        assert _messages(read_po(f)) == _messages(template_catalog(None, CATALOG))


def test_every_template_has_a_translator_comment_for_each_placeholder_and_an_example():
    found = notes(CATALOG)
    keys = {t if isinstance(t, str) else t[0] for t in template_ids()}
    assert {t if isinstance(t, str) else t[0] for t, _, _ in found} == keys
    for template, comments, _ in found:
        for name in placeholder_names(template):
            assert any(c.startswith(f"{{{name}}}: ") for c in comments), (template, name)
            assert name in GLOSSARY
        assert comments[-1].startswith("e.g. "), template
    names = {c.names["en"] for c in CATALOG.cards.values()}
    from_cards = 0
    for template, comments, _ in found:      # each example is an instance of its template
        m = re.fullmatch(r"e\.g\. (?:\(no shipped card uses it yet\)|in the terminal game "
                         r"\(dsl play\)|in the gallery \(dsl gallery\) or a card face|"
                         r"([^(].*?)): “(.*)”", comments[-1], re.S)
        assert m, comments[-1]
        from_cards += m.group(1) is not None
        assert m.group(1) is None or m.group(1) in names
        def a(x):                                                  # "an Action" -> "a Action"
            return re.sub(r"\b([Aa])n\b", r"\1", x)
        forms = [a(f) for f in ([template] if isinstance(template, str) else template)]
        text = a(m.group(2))
        assert any(re.fullmatch(re.sub(r"\\\{\w+\\\}", ".+", re.escape(f)), text, re.S)
                   for f in forms), (template, text)
    assert from_cards >= 150
    by_key = {t if isinstance(t, str) else t[0]: c for t, c, _ in found}
    assert by_key["{player} shuffles"][-1] == "e.g. in the terminal game (dsl play): " \
                                              "“Ann shuffles”"


def test_source_references_are_the_real_lines():
    for template, rel, line in source_templates():
        first = template if isinstance(template, str) else template[0]
        src = (ROOT / rel).read_text(encoding="utf-8").splitlines()[line - 1]
        assert ("N_(" in src or "ngettext(" in src) and first[:24] in src, (rel, line, first)
    pot = template_catalog(None, CATALOG)
    smithy = pot.get("Smithy", context=CARD_NAME)
    (where, line), = smithy.locations
    assert where == "sets/base/cards/smithy.yaml" and \
        "Smithy" in (ROOT / where).read_text(encoding="utf-8").splitlines()[line - 1]
    assert "card id: smithy" in smithy.auto_comments


# ---- the commands -----------------------------------------------------------------------
def run(capsys, *args):
    try:
        code = main(list(args))
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("lang", ["hu", "cs"])
def test_shipped_catalogs_pass_msgfmt_check(tmp_path, lang):
    path = catalog_path(lang)
    assert check_text(path.read_text(encoding="utf-8"), lang).errors == 0
    needs_msgfmt()
    r = subprocess.run([MSGFMT, "--check", "-o", str(tmp_path / "out.mo"), str(path)],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr


def test_lint_locale_gives_a_broken_placeholder_its_position(capsys, tmp_path, monkeypatch):
    monkeypatch.delenv("DSL_CARDS", raising=False)
    fan = tmp_path / "fan"
    shutil.copytree(ROOT / "tests" / "fixtures" / "fan_set", fan)
    po = fan / "locales" / "hu" / "LC_MESSAGES" / "dominion.po"
    po.write_text(po.read_text(encoding="utf-8") + '\n#, python-brace-format\n'
                  'msgid "gain {what}"\nmsgstr "kap {wat}"\n', encoding="utf-8")
    line = len(po.read_text(encoding="utf-8").splitlines())
    code, out, _ = run(capsys, "lint", "--cards", str(fan), "--locale", "hu", "--format", "json")
    (d,) = [d for d in json.loads(out)["diagnostics"] if d["code"] == "E014"]
    assert code == 1 and d["path"] == str(po) and (d["line"], d["col"]) == (line, 13)
    assert "{wat}" in d["message"]


def test_dsl_locales_counts_fuzzy_untranslated_and_errors(capsys):
    code, out, _ = run(capsys, "locales", "--format", "json")
    rows = {r["locale"]: r for r in json.loads(out)}
    assert code == 0 and rows["hu"]["errors"] == 0 and rows["hu"]["fuzzy"] == 0
    assert isinstance(rows["cs"]["untranslated"], int)
    code, out, _ = run(capsys, "locales")
    assert "fuzzy" in out.splitlines()[0] and "untranslated" in out.splitlines()[0]


def _named_in(lang):
    return next(c for c in sorted(CATALOG.cards.values(), key=lambda c: c.id)
                if lang in c.names)


def test_merge_keeps_translations_marks_changes_fuzzy_and_keeps_a_languages_forms():
    old = template_catalog("cs", CATALOG)
    old.delete("trash {what}")
    old.add("trash {what}s", "zahoď {what}")                 # a msgid that has changed
    old.get("gain {what}").string = "získej {what:acc}"       # a grammatical form
    old.add("a card", "kartu", context="phrase|acc")          # the language's own entry
    old.add("{what} from my old hand", "zmizelo")              # gone from the template
    old.get("+{n} Card").string = ("+{n} karta", "+{n} karty", "+{n} karet")
    card = _named_in("cs")
    counts = merge(old, template_catalog("cs", CATALOG), "cs", CATALOG)
    data = po_bytes(old)
    new = read_po(io.BytesIO(data))
    assert new.get("+{n} Card").string == ("+{n} karta", "+{n} karty", "+{n} karet")
    trash = new.get("trash {what}")
    assert trash.fuzzy and trash.string == "zahoď {what}"
    assert new.get("a card", context="phrase|acc").string == "kartu"
    assert new.get(card.names["en"], context=CARD_NAME).string == card.names["cs"]
    assert counts["prefilled"] > 0 and counts["fuzzy"] >= 1
    assert any(m.id == "{what} from my old hand" for m in new.obsolete.values())
    text = data.decode("utf-8")
    entry = text[:text.index('msgid "gain {what}"')].rsplit("\n\n", 1)[-1]
    assert "#, no-python-brace-format" in entry and ", python-brace-format" not in entry
    assert check_text(text, "cs").errors == 0


def test_a_new_card_name_is_never_guessed_from_another_names_translation():
    # babel's fuzzy matching would give a new "Banker" the translation of "Bank"
    old = template_catalog("cs", CATALOG)
    bank = next(c for c in sorted(CATALOG.cards.values(), key=lambda c: c.id)
                if "cs" not in c.names)
    old.get(bank.names["en"], context=CARD_NAME).string = "Slovo"
    new_template = template_catalog("cs", CATALOG)
    new_template.add(bank.names["en"] + "er", context=CARD_NAME)
    merge(old, new_template, "cs", CATALOG)
    guess = old.get(bank.names["en"] + "er", context=CARD_NAME)
    assert guess.string == "" and not guess.fuzzy
    assert old.get(bank.names["en"], context=CARD_NAME).string == "Slovo"


def test_locale_update_and_template_commands(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", folder)
    (folder / "dominion.pot").unlink()
    code, out, err = run(capsys, "locale", "update", "--dir", str(folder))
    assert code == 0, err
    assert (folder / "dominion.pot").is_file() and "hu/LC_MESSAGES/dominion.po" in out
    for lang in ("hu", "cs"):
        po = catalog_path(lang, folder)
        assert check_text(po.read_text(encoding="utf-8"), lang).errors == 0
        if MSGFMT:
            assert subprocess.run([MSGFMT, "--check", "-o", os.devnull, str(po)],
                                  check=False).returncode == 0
        assert not po.with_name("dominion.po.part").exists()
    code, out, _ = run(capsys, "locale", "update", "--dir", str(folder))
    assert code == 0 and out.count("unchanged:") == 2          # a second run changes nothing
    code, out, _ = run(capsys, "locale", "template", "-o", "-")
    assert code == 0 and 'msgctxt "card name"' in out and "#. e.g. " in out
    monkeypatch.setattr("dsl.cli.locale._inside_package", lambda folder: True)
    code, _, err = run(capsys, "locale", "update", "--dir", str(folder))
    assert code == 1 and "inside the installed package" in err


def test_locale_init_prefills_the_names_the_card_files_have(capsys, tmp_path):
    code, out, err = run(capsys, "locale", "init", "hu", "--dir", str(tmp_path))
    assert code == 0, err
    cat = read_po(io.BytesIO(catalog_path("hu", tmp_path).read_bytes()))
    card = _named_in("hu")
    assert cat.get(card.names["en"], context=CARD_NAME).string == card.names["hu"]
    assert cat.get("Action", context="card type").string == "Akció"
    assert get_locale("hu", tmp_path).card_name(card)[0] == card.names["hu"]
    assert "already filled" in out
