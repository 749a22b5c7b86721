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
"""
from __future__ import annotations

import gettext
import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DOMAIN = "dominion"
CARD_NAME = "card name"          # msgctxt of card names
CARD_TYPE = "card type"          # msgctxt of type names
SOURCE_LANG = "en"               # the language of the msgids


def default_locales_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "locales"


class LocaleError(Exception):
    """A locale that cannot be used (unknown code, unreadable catalog)."""


def catalog_path(lang: str, locales_dir: Path | None = None) -> Path:
    return (locales_dir or default_locales_dir()) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def available_locales(locales_dir: Path | None = None) -> list[str]:
    """English (the msgids) plus every locale with a catalog folder."""
    root = locales_dir or default_locales_dir()
    found = sorted(p.parent.parent.name for p in root.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return [SOURCE_LANG] + [x for x in found if x != SOURCE_LANG]


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


@lru_cache(maxsize=None)
def _load(po_path: Path, mtime: float) -> Locale:
    lang = po_path.parent.parent.name
    try:
        with po_path.open("rb") as f:
            po = read_po(f, locale=None, domain=DOMAIN)
    except Exception as e:     # babel raises several kinds for a broken .po
        raise LocaleError(f"{po_path}: cannot read the catalog: {e}") from None
    mo_path = po_path.with_suffix(".mo")
    if mo_path.exists() and mo_path.stat().st_mtime >= mtime:
        data = mo_path.read_bytes()
    else:
        buf = io.BytesIO()
        write_mo(buf, po, use_fuzzy=False)
        data = buf.getvalue()
    try:
        trans = gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, ValueError, SyntaxError) as e:
        raise LocaleError(f"{po_path}: bad catalog (check Plural-Forms): {e}") from None
    return Locale(lang, trans, _translated_keys(po), po)


def get_locale(code: str, locales_dir: Path | None = None) -> Locale:
    """The locale `code`; English needs no catalog. Unknown codes are a LocaleError."""
    path = catalog_path(code, locales_dir)
    if path.exists():
        return _load(path.resolve(), path.stat().st_mtime)
    if code == SOURCE_LANG:
        return Locale(SOURCE_LANG)
    known = ", ".join(available_locales(locales_dir))
    raise LocaleError(f"no catalog for locale '{code}' (known: {known}); create one with "
                      f"`dsl locale init {code}`")


# ---- extraction (pybabel extract) ---------------------------------------------------------
def extract_cards(fileobj, keywords, comment_tags, options):
    """Babel extractor for card files and set files: card names (msgctxt "card name") and
    type names (msgctxt "card type"), with the YAML line. Registered as the entry point
    `dominion_cards` in the group `babel.extractors` (see babel.cfg)."""
    import yaml
    try:
        text = fileobj.read().decode("utf-8")
        data = yaml.safe_load(text)
    except (UnicodeDecodeError, yaml.YAMLError):
        return                      # `dsl lint` reports broken files; extraction skips them
    if not isinstance(data, dict):
        return
    lines = text.splitlines()

    def line_of(word: str) -> int:
        for i, line in enumerate(lines, 1):
            if word in line:
                return i
        return 1
    names = data.get("names")
    if "cost" in data and isinstance(names, dict) and isinstance(names.get("en"), str):
        yield line_of(names["en"]), "pgettext", (CARD_NAME, names["en"]), \
            [f"card id: {data.get('id')}"]
    for t in data.get("types", []) if isinstance(data.get("types"), list) else []:
        if isinstance(t, dict) and isinstance(t.get("names"), dict) and "en" in t["names"]:
            yield line_of(t["names"]["en"]), "pgettext", (CARD_TYPE, t["names"]["en"]), \
                [f"type id: {t.get('id')}"]
