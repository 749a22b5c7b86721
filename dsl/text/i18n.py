"""Locales: gettext catalogs for the phrase templates, card names and type names.

Why gettext: translators already have the tools (pybabel, Poedit, Weblate), and plural
rules come from CLDR through Babel's `Plural-Forms` header instead of being hand-written.
A catalog lives in `locales/<lang>/LC_MESSAGES/dominion.po`. The `.po` file is the source
of truth; a compiled `.mo` next to it is used when it is up to date, otherwise the `.po`
is compiled in memory, so a translator's edit shows at once.

Names printed in a rulebook stay in the card files (`names: {cs: ...}`); a catalog may add
a name a card file lacks (msgctxt "card name", msgid = the English name) — that is how a
new locale names every card without touching card files. Type names work the same way
with msgctxt "card type".

Grammatical forms (docs/grammatical-case.md): a translation may ask for `{what:acc}`; the
forms are the language's own entries, msgctxt "card name|acc", "card type|gen" and
"phrase|acc" (msgid = the English name or template), looked up by `card_name_form`,
`type_name_form` and `phrase_form`.
"""
from __future__ import annotations

import contextlib
import copy
import gettext
import io
import re
import string
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from dsl.language.data import fan_subfolders, shipped_dir
from dsl.language.inputs import InputError, read_bounded
from .word_order import read_rules

DOMAIN = "dominion"
CARD_NAME = "card name"          # msgctxt of card names
CARD_TYPE = "card type"          # msgctxt of type names
TOKEN_NAME = "token name"        # msgctxt of the names of token kinds a set file declares
PHRASE = "phrase"                # msgctxt prefix of a template's forms ("phrase|acc")
SOURCE_LANG = "en"               # the language of the msgids


def default_locales_dir() -> Path:
    return shipped_dir("locales")


class LocaleError(Exception):
    """A locale that cannot be used (unknown code, unreadable catalog)."""


def catalog_path(lang: str, locales_dir: Path | None = None) -> Path:
    return (locales_dir or default_locales_dir()) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def available_locales(locales_dir: Path | None = None, extra=()) -> list[str]:
    """English (the msgids) plus every locale with a catalog folder (the shipped one's, or
    a fan set's: `extra`)."""
    found = set()
    for root in [*extra, locales_dir or default_locales_dir()]:
        found |= {p.parent.parent.name for p in sorted(root.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
                  [:MAX_LOCALES]}
    return [SOURCE_LANG] + sorted(found - {SOURCE_LANG})


@dataclass
class Locale:
    """One language: translated templates with plural rules, card and type names.

    `translated` holds the (context, msgid) keys the catalog really translates (not fuzzy,
    not empty), so a caller can tell a translation from a fallback to English even when
    the two are spelled alike.
    """
    code: str
    translations: gettext.NullTranslations = field(default_factory=gettext.NullTranslations)
    translated: frozenset = frozenset()
    po: object = None                    # the babel Catalog, when there is one
    dropped: tuple = ()                  # (line, msgid, problem) of unsafe translations
    form_dropped: frozenset = frozenset()  # msgids refused only in a "...|form" entry
    order_rules: tuple = ()              # word-order rules (dsl.text.word_order), compiled

    @cached_property
    def dropped_ids(self) -> frozenset:
        """The msgids whose translation was refused (unsafe placeholders)."""
        return frozenset(msgid for _, msgid, _ in self.dropped) - self.form_dropped

    @property
    def language(self) -> str:
        return self.code.split("_")[0].split("-")[0]

    def gettext(self, msgid: str) -> str:
        return self.translations.gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, msgid: str) -> str:
        return self.translations.pgettext(context, msgid)

    def has(self, msgid: str, context: str | None = None) -> bool:
        return self.language == SOURCE_LANG or (context, msgid) in self.translated

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.translations.npgettext(context, singular, plural, n)

    def _form(self, context: str, msgid: str, form: str, plural: str | None = None,
              n: int = 1) -> str | None:
        """The "context|form" translation of msgid, or None when the catalog has none."""
        key = f"{context}|{form}"
        if self.language == SOURCE_LANG or (key, msgid) not in self.translated:
            return None
        if plural is None:
            return self.pgettext(key, msgid)
        return self.npgettext(key, msgid, plural, n)

    def card_name_form(self, card, form: str) -> str | None:
        """A card name in a grammatical form (msgctxt "card name|acc", msgid = the English
        name), or None: the plain name serves."""
        return self._form(CARD_NAME, card.names.get(SOURCE_LANG, card.id), form)

    def type_name_form(self, type_id: str, form: str, catalog=None) -> str | None:
        """A type name in a grammatical form (msgctxt "card type|acc"), or None."""
        tdef = catalog.types.get(type_id) if catalog is not None else None
        names = tdef.names if tdef is not None else {}
        return self._form(CARD_TYPE, names.get(SOURCE_LANG, type_id.capitalize()), form)

    def phrase_form(self, msgid: str, form: str, plural: str | None = None,
                    n: int = 1) -> str | None:
        """A template's translation for the whole phrase in a form (msgctxt "phrase|acc"),
        or None: the plain translation is used with the form passed to its placeholders."""
        return self._form(PHRASE, msgid, form, plural, n)

    def card_name(self, card) -> tuple[str, bool]:
        """(name, fell_back): the card file's name first, then the catalog, then English."""
        if self.code in card.names:
            return card.names[self.code], False
        if self.language in card.names:
            return card.names[self.language], False
        english = card.names.get(SOURCE_LANG, card.id)
        if (CARD_NAME, english) in self.translated:
            return self.pgettext(CARD_NAME, english), False
        return english, self.language != SOURCE_LANG

    def token_name(self, names: dict) -> tuple[str, bool]:
        """(name, fell_back) of a token kind a set file declares (`names`: its names)."""
        if self.code in names or self.language in names:
            return names.get(self.code, names.get(self.language)), False
        english = names.get(SOURCE_LANG, "")
        if (TOKEN_NAME, english) in self.translated:
            return self.pgettext(TOKEN_NAME, english), False
        return english, self.language != SOURCE_LANG

    def token_name_form(self, english: str, form: str) -> str | None:
        """A token kind's name in a grammatical form (msgctxt "token name|gen"), or None."""
        return self._form(TOKEN_NAME, english, form)

    def type_name(self, type_id: str, catalog=None) -> tuple[str, bool]:
        """(name, fell_back) of a card type: sets/basic/set.yaml first, then the catalog."""
        tdef = catalog.types.get(type_id) if catalog is not None else None
        names = tdef.names if tdef is not None else {}
        if self.code in names:
            return names[self.code], False
        if self.language in names:
            return names[self.language], False
        english = names.get(SOURCE_LANG, type_id.capitalize())
        if (CARD_TYPE, english) in self.translated:
            return self.pgettext(CARD_TYPE, english), False
        return english, self.language != SOURCE_LANG


def _translated_keys(po) -> frozenset:
    keys = set()
    for m in po:
        if not m.id or m.fuzzy:
            continue
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        if all(strings):
            keys.add((m.context, m.id[0] if isinstance(m.id, (tuple, list)) else m.id))
    return frozenset(keys)


MAX_CATALOG_BYTES = 2_000_000
MAX_LOCALES = 200                # catalog folders read from one locales/ folder
_CODE = re.compile(r"[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*\Z")
MAX_PLURALS = 6                  # CLDR's most (Arabic); more is a broken or hostile header
MAX_PLURAL_RULE = 300            # characters of the Plural-Forms expression
MAX_TRANSLATION_CHARS = 1000     # of one msgstr: a longer one (a 100,000-character card
                                 # name) would take a face a minute to set; it is dropped
_PLURAL_FORMS = re.compile(rb"Plural-Forms:\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=([^\\\n\"]*)")
_FIELD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_FORM_SPEC = re.compile(r"[a-z]{2,12}\Z")   # a grammatical form: {what:acc}


def check_plural_header(po_path: Path, raw: bytes) -> None:
    """A catalog's Plural-Forms, checked before anything reads it: a huge nplurals makes
    babel and gettext allocate and loop without end."""
    m = _PLURAL_FORMS.search(raw)
    if m is None:
        return
    n, rule = int(m.group(1)[:6]), m.group(2).strip()
    if not 1 <= n <= MAX_PLURALS or len(rule) > MAX_PLURAL_RULE:
        raise LocaleError(f"{po_path}: bad Plural-Forms header (nplurals={m.group(1)[:12].decode()}"
                          f", at most {MAX_PLURALS}, a rule of at most {MAX_PLURAL_RULE} "
                          "characters); copy the header from the CLDR rules, e.g. "
                          "`pybabel init -l LANG`")


def placeholder_problem(msgid: str, msgstr: str) -> str | None:
    """Why a translation's placeholders cannot be filled safely, or None: each must be a
    plain `{name}` from the template's own placeholders, or `{name:form}` asking for a
    grammatical form (2 to 12 lowercase letters: `{what:acc}`); no `.attr`, `[i]`, `!r` or
    other spec."""
    try:
        allowed = {f for _, f, _, _ in string.Formatter().parse(msgid) if f}
        fields = list(string.Formatter().parse(msgstr))
    except ValueError as e:
        return f"not a format string ({e})"
    for _, name, spec, conversion in fields:
        if name is None:
            continue
        if not _FIELD.match(name) or conversion or spec and not _FORM_SPEC.match(spec):
            return f"placeholder {{{name}{'!' + conversion if conversion else ''}" \
                   f"{':' + spec if spec else ''}}} is not a plain name or name:form " \
                   "(a form is 2 to 12 lowercase letters, e.g. {what:acc})"
        if name not in allowed:
            return f"placeholder {{{name}}} is not one of the template's " \
                   f"({', '.join('{' + a + '}' for a in sorted(allowed)) or 'none'})"
    return None


def _unsafe_dropped(po) -> list:
    """Clear the translations whose placeholders cannot be filled safely (they fall back to
    English); returns (line, msgid, problem, context) of each, for `dsl lint --locale`."""
    dropped = []
    for m in po:
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        problems = [f"the translation is {len(s):,} characters long, at most "
                    f"{MAX_TRANSLATION_CHARS:,}; shorten it" for s in strings
                    if len(s) > MAX_TRANSLATION_CHARS]
        problems = problems or [p for p in (placeholder_problem(" ".join(ids), s)
                                            for s in strings if s) if p]
        if problems:
            dropped.append((m.lineno or 1, ids[0], problems[0], m.context))
            m.string = tuple("" for _ in strings) if len(strings) > 1 else ""
    return dropped


_BABEL_PROBLEM = re.compile(r"^WARNING: Problem on line (\d+): (.*)$", re.M)


def read_catalog(raw: bytes, **kw):
    """(babel Catalog, [(line, what babel said)]) of a .po file's bytes. Babel prints a
    line it cannot understand (and skips it) to stdout as "WARNING: Problem on line N";
    that is caught here, so a command's output stays its own, and `dsl lint --locale`
    reports the lines as W015 at their position."""
    from babel.messages.pofile import read_po       # here: babel is slow to import
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        po = read_po(io.BytesIO(raw), **kw)
    problems = [(int(m.group(1)), m.group(2)[:200]) for m in _BABEL_PROBLEM.finditer(said.getvalue())]
    return po, problems


@lru_cache(maxsize=None)
def _load(po_path: Path, mtime: float) -> Locale:
    lang = po_path.parent.parent.name
    try:
        raw = read_bounded(po_path, MAX_CATALOG_BYTES, "a .po catalog")
    except InputError as e:
        raise LocaleError(f"{po_path}: " + str(e).replace("file too large",
                                                          "catalog too large")) from None
    check_plural_header(po_path, raw)
    from babel.messages.mofile import write_mo      # here: babel is slow to import, and
    try:                                            # most commands read no catalog
        po, _ = read_catalog(raw, locale=None, domain=DOMAIN)
    except Exception as e:     # babel raises several kinds for a broken .po
        raise LocaleError(f"{po_path}: cannot read the catalog: {e}") from None
    if not 1 <= po.num_plurals <= MAX_PLURALS:
        raise LocaleError(f"{po_path}: bad Plural-Forms header (nplurals={po.num_plurals})")
    found = _unsafe_dropped(po)
    dropped = [d[:3] for d in found]
    plain = {d[1] for d in found if not d[3] or "|" not in d[3]}
    form_only = frozenset(d[1] for d in found if d[1] not in plain)
    mo_path = po_path.with_suffix(".mo")
    if mo_path.exists() and mo_path.stat().st_mtime >= mtime and not dropped:
        data = mo_path.read_bytes()
    else:
        buf = io.BytesIO()
        try:
            write_mo(buf, po, use_fuzzy=False)
        except LookupError as e:       # a Content-Type charset Python does not know
            raise LocaleError(f"{po_path}: bad catalog header (check Content-Type's charset, "
                              f"e.g. text/plain; charset=UTF-8): {e}") from None
        data = buf.getvalue()
    try:
        trans = gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, ValueError, SyntaxError, RecursionError) as e:
        raise LocaleError(f"{po_path}: bad catalog (check Plural-Forms): {e}") from None
    return Locale(lang, trans, _translated_keys(po), po, tuple(dropped), form_only,
                  read_rules(po))


def get_locale(code: str, locales_dir: Path | None = None, extra=()) -> Locale:
    """The locale `code`; English needs no catalog. Unknown codes are a LocaleError.
    `extra`: fan sets' locale folders, whose catalogs come first (their own cards' names),
    falling back to the shipped catalog."""
    if not _CODE.match(code):
        raise LocaleError(f"'{code[:40]}' is not a locale code (e.g. hu, cs, pt_BR)")
    paths = [catalog_path(code, d) for d in [*extra, locales_dir or default_locales_dir()]]
    found = [_load(p.resolve(), p.stat().st_mtime) for p in paths if p.exists()]
    if len(found) == 1:
        return found[0]
    if found:
        return _chained(code, found)
    if code == SOURCE_LANG:
        return Locale(SOURCE_LANG)
    known = ", ".join(available_locales(locales_dir, extra))
    raise LocaleError(f"no catalog for locale '{code}' (known: {known}); create one with "
                      f"`dsl locale init {code}`")


def locale_folders(catalog) -> list[Path]:
    """The catalog folders read before the shipped one: each loaded fan set's `locales/`,
    then `./locales` of the working folder, where `dsl locale init` writes when no fan set
    is given (so that a translator's new catalog is seen at once)."""
    out = fan_subfolders(catalog, "locales")
    here = Path("locales")
    try:
        seen = {p.resolve() for p in out} | {default_locales_dir().resolve()}
        if here.is_dir() and here.resolve() not in seen:
            out.append(here)
    except OSError:
        pass
    return out


def locale_for(code: str, catalog) -> Locale:
    """The locale `code` with the catalogs of `locale_folders` first."""
    return get_locale(code, extra=locale_folders(catalog))


def _chained(code: str, locales: list) -> Locale:
    """One locale of several catalogs, the first that translates a message winning (the
    cached catalogs are copied, never changed)."""
    chain = [copy.copy(loc.translations) for loc in locales]
    for t in chain:
        t._fallback = None            # the copies' own links only (set just below)
    for t, nxt in zip(chain, chain[1:]):
        t.add_fallback(nxt)
    return Locale(code, chain[0], frozenset().union(*(loc.translated for loc in locales)),
                  locales[0].po, tuple(d for loc in locales for d in loc.dropped),
                  frozenset().union(*(loc.form_dropped for loc in locales)) -
                  frozenset().union(*(loc.dropped_ids for loc in locales)),
                  tuple(r for loc in locales for r in loc.order_rules))


# ---- extraction (pybabel extract) ---------------------------------------------------------
def extract_cards(fileobj, keywords, comment_tags, options):
    """Babel extractor for card files and set files: card names (msgctxt "card name") and
    type names (msgctxt "card type"), with the YAML line. Registered as the entry point
    `dominion_cards` in the group `babel.extractors` (see babel.cfg)."""
    import yaml
    try:
        text = fileobj.read().decode("utf-8")
        data = yaml.safe_load(text)
    except (UnicodeDecodeError, ValueError, yaml.YAMLError):
        return                      # `dsl lint` reports broken files; extraction skips them
    if not isinstance(data, dict):
        return
    lines = text.splitlines()

    def line_of(word: str) -> int:
        """The line of the English name: `en: word` first, else any line but a comment."""
        code = [(i, line) for i, line in enumerate(lines, 1)
                if word in line and not line.lstrip().startswith("#")]
        return next((i for i, line in code if "en:" in line), code[0][0] if code else 1)
    names = data.get("names")
    if "cost" in data and isinstance(names, dict) and isinstance(names.get("en"), str):
        yield line_of(names["en"]), "pgettext", (CARD_NAME, names["en"]), \
            [f"card id: {data.get('id')}"]
    for key, context in (("types", CARD_TYPE), ("tokens", TOKEN_NAME)):
        for t in data.get(key, []) if isinstance(data.get(key), list) else []:
            for field in ("names", "text_names"):     # a token's word in card texts too
                if isinstance(t, dict) and isinstance(t.get(field), dict) and "en" in t[field]:
                    yield line_of(t[field]["en"]), "pgettext", (context, t[field]["en"]), \
                        [f"{key[:-1]} id: {t.get('id')}"]
