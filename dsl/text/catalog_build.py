"""The template catalog (locales/dominion.pot) and the merge of it into a language's
catalog: one builder for `dsl locale template`, `dsl locale update` and `dsl locale init`.

Why one builder: the committed .pot, a new catalog and an updated one must hold the same
entries with the same translator comments and source references, so a test can check that
the committed .pot is what this module builds and it never goes stale.
"""
from __future__ import annotations

import io
import re
from pathlib import Path

from .catalog_check import BRACE, NO_BRACE

PROJECT, VERSION = "Dominion card language", "0.1"
FORM_SEP = "|"                 # msgctxt "card name|acc": a language's own grammatical forms
_DATE = re.compile(r'^"POT-Creation-Date: [^"]*"$', re.M)


def _reference(path, catalog) -> str:
    """A card or set file as a source reference: sets/... for the shipped sets, relative to
    its fan set's folder for a fan set's."""
    from dsl.language.data import fan_set_folders, is_shipped, shipped_dir
    p = Path(path)
    if is_shipped(p):
        return "sets/" + p.resolve().relative_to(shipped_dir("sets").resolve()).as_posix()
    for folder in fan_set_folders(catalog):
        try:
            return p.resolve().relative_to(folder.resolve()).as_posix()
        except ValueError:
            continue
    return p.name


def _yaml_files(catalog, fan_only: bool) -> list[Path]:
    from dsl.language.data import is_shipped
    files = {Path(c.path) for c in catalog.cards.values()} | \
        {Path(t.path) for t in catalog.types.values() if getattr(t, "path", None)} | \
        {Path(s["path"]) for s in catalog.sets.values() if s.get("tokens") and s.get("path")}
    def walk_order(f):             # pybabel's (os.walk): a folder's files before its subfolders
        parts = _reference(f, catalog).split("/")
        return [(1, p) for p in parts[:-1]] + [(0, parts[-1])]
    return sorted((f for f in files if not fan_only or not is_shipped(f)), key=walk_order)


def template_catalog(lang: str | None = None, catalog=None, fan_only: bool = False):
    """The extraction template: phrase templates with translator comments and references
    (dsl.text.template_notes), card names (msgctxt "card name", `#. card id: X`, the card file
    and line) and type names (msgctxt "card type"). `fan_only`: the fan sets' cards and
    types only, and the phrase templates only when no shipped catalog has `lang`."""
    from babel.messages.catalog import Catalog
    from dsl.language.fansets import shipped
    from .i18n import catalog_path, extract_cards
    from .template_notes import notes
    catalog = catalog or shipped().catalog
    cat = Catalog(locale=lang, project=PROJECT, version=VERSION, msgid_bugs_address="",
                  copyright_holder="the Dominion card language authors", fuzzy=False)
    if not fan_only or lang is None or not catalog_path(lang).exists():
        for template, comments, locations in notes(catalog):
            cat.add(template, string=("", "") if isinstance(template, tuple) else "",
                    locations=locations, auto_comments=comments)
    for path in _yaml_files(catalog, fan_only):
        try:
            with open(path, "rb") as f:
                found = list(extract_cards(f, (), (), {}))
        except OSError:
            continue
        for line, _, (context, msgid), comments in found:
            cat.add(msgid, context=context, auto_comments=comments,
                    locations=[(_reference(path, catalog), line)])
    return cat


def prefill(cat, lang: str, catalog) -> int:
    """Fill the empty card-name and type-name entries from the card files' `names: LANG`
    (so a platform counts them done); returns how many were filled."""
    from .i18n import CARD_NAME, CARD_TYPE
    names = {CARD_NAME: {}, CARD_TYPE: {}}
    for c in catalog.cards.values():
        if lang in c.names and "en" in c.names:
            names[CARD_NAME].setdefault(c.names["en"], c.names[lang])
    for t in catalog.types.values():
        tn = getattr(t, "names", {}) or {}
        if lang in tn and "en" in tn:
            names[CARD_TYPE].setdefault(tn["en"], tn[lang])
    filled = 0
    for m in cat:
        if m.context in names and not m.string and m.id in names[m.context]:
            m.string = names[m.context][m.id]
            filled += 1
    return filled


def _uses_form(message) -> bool:
    strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return any(re.search(r"\{[A-Za-z_]\w*:[a-z]", s or "") for s in strings)


def fix_flags(cat) -> None:
    """An entry that asks for a grammatical form ({what:acc}) is `no-python-brace-format`
    (GNU msgfmt cannot read a form); babel re-adds python-brace-format on reading, which
    would win, so it is taken off again before writing."""
    for m in cat:
        if m.id and (NO_BRACE in m.flags or _uses_form(m)):
            m.flags.discard(BRACE)
            m.flags.add(NO_BRACE)


def merge(old, template, lang: str, catalog) -> dict:
    """Merge the template into a language's catalog in place, as `pybabel update` does
    (translations kept, changed msgids fuzzy, vanished ones obsolete), keeping the
    language's own "|form" entries and no-python-brace-format flags; pre-fills names."""
    own = [m for m in old if m.id and m.context and FORM_SEP in m.context]
    no_brace = {(m.context, _key(m.id)) for m in old if m.id and NO_BRACE in m.flags}
    before = {(m.context, _key(m.id)) for m in old if m.id}
    for m in own:                  # out of the way of babel's fuzzy matching, then back
        old.delete(m.id, context=m.context)
    old.update(template, update_header_comment=False, keep_user_comments=True)
    for m in own:
        old[m.id] = m
    for m in old:
        if m.id and (m.context, _key(m.id)) in no_brace:
            m.flags.add(NO_BRACE)
        if m.id and m.fuzzy and m.context in _NAMES and (m.context, _key(m.id)) not in before:
            m.string, m.previous_id = "", []    # a new name guessed from another name's
            m.flags.discard("fuzzy")            # translation ("Baker": "Banka"): none
    filled = prefill(old, lang, catalog)
    after = {(m.context, _key(m.id)) for m in old if m.id}
    return {"added": len(after - before), "obsolete": len(old.obsolete), "prefilled": filled,
            "fuzzy": sum(1 for m in old if m.id and m.fuzzy)}


_NAMES = ("card name", "card type", "token name")    # msgctxt of names (dsl.text.i18n)


def _key(msgid):
    return msgid[0] if isinstance(msgid, (tuple, list)) else msgid


def po_bytes(cat, template: bool = False) -> bytes:
    from babel.messages.pofile import write_po
    fix_flags(cat)
    buf = io.BytesIO()
    write_po(buf, cat, width=100, omit_header=False, sort_output=False, include_previous=False)
    return buf.getvalue()


def same_but_date(a: bytes, b: bytes) -> bool:
    """Whether two catalogs differ at most in their POT-Creation-Date."""
    def strip(x):
        return _DATE.sub("", x.decode("utf-8", "replace"))
    return strip(a) == strip(b)


def write_whole(path: Path, data: bytes) -> None:
    """Write a file whole or not at all (dsl.language.outputs); OutputError says why not."""
    from dsl.language.outputs import write_output
    path.parent.mkdir(parents=True, exist_ok=True)
    write_output(path, data)
