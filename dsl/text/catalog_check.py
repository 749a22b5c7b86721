"""Catalog checks as a translation platform makes them, with the position of each problem.

Why a module of its own: `dsl lint --locale L` and `dsl locales` must catch in a `.po` file
what Weblate, Poedit or GNU `msgfmt --check` would flag, before it reaches a card face, and
say where (file:line:col of the offending `{`). The checks:

- E014: a translation the renderer cannot use (its placeholders break the name rules of
  dsl.i18n.placeholder_problem); it falls back to English.
- E015: GNU `msgfmt --check` rejects the entry, or a translation leaves out a placeholder
  where gettext requires all of them. The rule (gettext's, which this module follows): a
  one-form msgstr uses exactly the msgid's placeholders; in a plural entry a msgstr[i] used
  for at most four numbers (Czech "jednu kartu" for n = 1) may leave some out, a msgstr[i]
  used for many numbers must use exactly the msgid_plural's. An entry whose translation asks
  for a grammatical form (`{what:acc}`) must be flagged `no-python-brace-format`: msgfmt
  cannot read a form and rejects it under `python-brace-format`.
- E016: the Plural-Forms header disagrees with CLDR (as Babel gives it) or with the entries.
- W014: a fuzzy entry (not used until a translator clears the flag).

`msgfmt_rejects` emulates GNU gettext 0.21's python-brace-format check (tests compare it with
the real msgfmt); the renderer's rule is stricter in three documented cases msgfmt lets
pass: a placeholder the template lacks in a plural form used for few numbers, a lone `}`,
and entries without the flag.
"""
from __future__ import annotations

import gettext
import re
import string
from dataclasses import dataclass, field
from functools import cached_property

CLASS_CONTEXT = "phrase|class"     # dsl.text.agreement: a phrase's classes, not a template


def _unsaid(context) -> set:
    """Placeholders an entry may leave out: a verb's pronoun variant ("phrase|pro", and its
    forms "phrase|proinf" ...) may drop the pronoun object, as Hungarian does ("dobd el")."""
    return {"what"} if context and context.startswith("phrase|pro") else set()

BRACE = "python-brace-format"
NO_BRACE = "no-python-brace-format"
OFTEN = 5                    # gettext: a plural form used for >= 5 of n in 0..1000 is "often"
SAMPLE = range(1001)


@dataclass
class Piece:
    """One msgstr (or msgstr[i]): its text and where each character stands in the file."""
    index: int | None         # None for a one-form msgstr
    line: int                 # the line of the `msgstr` keyword (what msgfmt reports)
    chunks: list              # the text, one string per quoted line (joined in `text`)
    where: list               # (line, col) of each character of text; col is 1-based

    @cached_property
    def text(self) -> str:
        return "".join(self.chunks)


@dataclass
class Entry:
    line: int
    flags: list = field(default_factory=list)     # in file order (the last flag wins)
    flag_line: int = 0
    context: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    strings: list = field(default_factory=list)   # Piece
    obsolete: bool = False
    parts: dict = field(default_factory=dict, repr=False)   # keyword -> quoted lines read

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def brace_flagged(self) -> bool:
        """Whether msgfmt checks the entry's placeholders: the last of the two flags wins."""
        last = [f for f in self.flags if f in (BRACE, NO_BRACE)]
        return bool(last) and last[-1] == BRACE

    @property
    def translated(self) -> bool:
        return bool(self.strings) and all(p.text for p in self.strings)


@dataclass(frozen=True)
class Finding:
    line: int
    col: int
    severity: str
    code: str
    message: str


_ESC = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_KEYWORD = re.compile(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s*(".*)$')


def _unquote(raw: str, line: int, col: int) -> tuple[str, list]:
    """The text of one `"..."` and the (line, col) of each of its characters."""
    out, where, i = [], [], 1
    while i < len(raw) and raw[i] != '"':
        if raw[i] == "\\" and i + 1 < len(raw):
            out.append(_ESC.get(raw[i + 1], raw[i + 1]))
            where.append((line, col + i))
            i += 2
        else:
            out.append(raw[i])
            where.append((line, col + i))
            i += 1
    return "".join(out), where


def parse_entries(text: str) -> list[Entry]:
    """The entries of a .po file with the positions of their strings (a reader that never
    fails: babel has read the file before; what it cannot place is left out)."""
    entries, cur, target = [], None, None

    def new_entry(lineno: int, keyword: str | None = None, force: bool = False) -> Entry:
        nonlocal cur
        if force or cur is None or cur.strings or (keyword == "msgid" and "msgid" in cur.parts) \
                or (keyword == "msgctxt" and cur.parts):
            cur = Entry(lineno)
            entries.append(cur)
        return cur
    for lineno, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        indent = len(line) - len(line.lstrip())
        if not s:
            target = None
            if cur is not None and (cur.strings or cur.obsolete):
                cur = None
            continue
        if s.startswith("#"):
            target = None
            e = new_entry(lineno, force=cur is not None and cur.obsolete and
                          not s.startswith("#~"))
            if s.startswith("#~"):
                e.obsolete = True
            elif s.startswith("#,"):
                e.flags += [f.strip() for f in s[2:].split(",") if f.strip()]
                e.flag_line = e.flag_line or lineno
            continue
        m = _KEYWORD.match(s)
        if m:
            key = m.group(1)
            e = new_entry(lineno, key) if key in ("msgid", "msgctxt") or cur is None else cur
            chunk, where = _unquote(m.group(3), lineno, indent + m.start(3) + 1)
            if key.startswith("msgstr"):
                target = Piece(int(m.group(2)) if m.group(2) else None, lineno, [chunk], where)
                e.strings.append(target)
            else:
                target = e.parts.setdefault(key, [])
                target.append(chunk)
        elif s.startswith('"') and cur is not None and target is not None:
            chunk, where = _unquote(s, lineno, indent + 1)
            if isinstance(target, Piece):
                target.chunks.append(chunk)
                target.where += where
            else:
                target.append(chunk)
    for e in entries:                 # joined once (a long string of many lines stays linear)
        e.msgid = "".join(e.parts.get("msgid", ()))
        e.context = "".join(e.parts["msgctxt"]) if "msgctxt" in e.parts else None
        e.msgid_plural = "".join(e.parts["msgid_plural"]) if "msgid_plural" in e.parts else None
    return entries


# ---- GNU gettext 0.21's reading of a python-brace-format string ---------------------------
def gnu_brace_names(s: str) -> tuple[set | None, int]:
    """(argument names, -1) as GNU msgfmt 0.21 reads a brace format string, or (None, index
    of the directive it cannot read). The name runs to the closing brace, so `{a:x}` is the
    argument 'a:x'; a format spec other than a standard one is invalid."""
    names, i = set(), 0
    while i < len(s):
        if s[i] != "{":
            i += 1
            continue
        if s[i + 1:i + 2] == "{":
            i += 2
            continue
        end = _directive(s, i, True)
        if end is None:
            return None, i
        names.add(s[i + 1:end])
        i = end + 1
    return names, -1


def _field(s: str, i: int) -> int | None:
    if i < len(s) and (s[i].isascii() and (s[i].isalpha() or s[i] == "_")):
        while i < len(s) and s[i].isascii() and (s[i].isalnum() or s[i] == "_"):
            i += 1
        return i
    return None


def _number(s: str, i: int) -> int | None:
    j = i
    while j < len(s) and s[j] in "0123456789":
        j += 1
    return j if j > i else None


def _directive(s: str, i: int, top: bool) -> int | None:
    """The index of the closing `}` of the directive at s[i] == '{', or None."""
    i += 1
    j = _field(s, i)
    if j is None:
        j = _number(s, i)
    if j is None:
        return None
    i = j
    while i < len(s) and s[i] in ".[":
        if s[i] == ".":
            i = _field(s, i + 1)
        else:
            i = _field(s, i + 1) or _number(s, i + 1)
            if i is None or s[i:i + 1] != "]":
                return None
            i += 1
        if i is None:
            return None
    if s[i:i + 1] == ":":
        if not top:
            return None
        i += 1
        if s[i:i + 1] == "{":
            end = _directive(s, i, False)
            if end is None:
                return None
            i = end + 1
        else:
            if i >= len(s):
                return None
            if s[i + 1:i + 2] in ("<", ">", "=", "^") and i + 1 < len(s):
                i += 2
            elif s[i] in "<>=^":
                i += 1
            for flag in "+- ", "#", "0":
                if s[i:i + 1] and s[i] in flag:
                    i += 1
            while s[i:i + 1].isdigit() and s[i].isascii():
                i += 1
            if s[i:i + 1] == "." and s[i + 1:i + 2].isdigit():
                i += 1
                while s[i:i + 1].isdigit() and s[i].isascii():
                    i += 1
            if s[i:i + 1] and s[i] in "bcdoxXneEfFgG%":
                i += 1
    return i if s[i:i + 1] == "}" else None


def often_forms(plural_rule: str, nplurals: int) -> frozenset:
    """The plural forms used for at least five n in 0..1000 (gettext's 'often', where
    msgfmt --check requires every placeholder)."""
    try:
        f = gettext.c2py(plural_rule)
    except (ValueError, SyntaxError, RecursionError):
        return frozenset(range(nplurals))
    counts = {}
    for n in SAMPLE:
        k = f(n)
        counts[k] = counts.get(k, 0) + 1
    return frozenset(k for k, c in counts.items() if c >= OFTEN)


def msgfmt_rejects(entry: Entry, often: frozenset) -> tuple[Piece, int, str] | None:
    """(the msgstr, the index of the offending character or -1, why) when GNU
    `msgfmt --check` (gettext 0.21) rejects the entry's placeholders, else None."""
    if not entry.brace_flagged or entry.fuzzy or entry.obsolete or not entry.msgid:
        return None
    source = entry.msgid_plural if entry.msgid_plural is not None else entry.msgid
    wanted, _ = gnu_brace_names(source)
    if wanted is None:
        return None                                   # msgfmt checks nothing then
    plural = entry.msgid_plural is not None
    for piece in entry.strings:
        if not piece.text:
            continue
        got, bad = gnu_brace_names(piece.text)
        if got is None:
            return piece, bad, "GNU msgfmt cannot read this placeholder"
        strict = not plural or len(entry.strings) == 1 or piece.index in often
        if strict and got != wanted:
            extra = sorted(got - wanted)
            if extra:
                return piece, piece.text.find("{" + extra[0]), \
                    f"{{{extra[0]}}} is not a placeholder of the msgid"
            return piece, -1, f"{{{sorted(wanted - got)[0]}}} is left out"
    return None


def names_of(text: str) -> set:
    """The argument names of a format string as Python reads them (`{what:acc}` -> what)."""
    try:
        return {re.split(r"[.\[]", f)[0] for _, f, _, _ in string.Formatter().parse(text) if f}
    except ValueError:
        return set()


def directives(text: str) -> list[tuple[int, str]]:
    """(index, text) of each `{...}` directive of a format string, `{{` skipped."""
    out, i = [], 0
    while i < len(text):
        if text.startswith("{{", i):
            i += 2
        elif text[i] == "{":
            end = text.find("}", i)
            out.append((i, text[i:end + 1] if end >= 0 else text[i:]))
            i = end + 1 if end >= 0 else len(text)
        else:
            i += 1
    return out


def _lone_brace(text: str) -> int:
    i = 0
    while i < len(text):
        if text.startswith("{{", i) or text.startswith("}}", i):
            i += 2
        elif text[i] == "{":
            end = text.find("}", i)
            if end < 0:
                return i
            i = end + 1
        elif text[i] == "}":
            return i
        else:
            i += 1
    return -1


# ---- the checks ------------------------------------------------------------------------------
@dataclass
class CatalogCheck:
    """What a translation platform would say of one catalog."""
    findings: list
    entries: list
    fuzzy: list
    untranslated: list

    @property
    def errors(self) -> int:
        return sum(f.severity == "error" for f in self.findings)


def _at(piece: Piece, index: int) -> tuple[int, int]:
    if 0 <= index < len(piece.where):
        return piece.where[index]
    if piece.where:
        return piece.where[0]
    return piece.line, 1


def _offender(ids: str, text: str) -> int:
    """The index of the first placeholder the renderer refuses, else of a lone brace."""
    from .i18n import placeholder_problem
    for i, d in directives(text):
        if placeholder_problem(ids, d):
            return i
    return _lone_brace(text)


def entry_findings(e: Entry, often: frozenset) -> list[Finding]:
    """E014/E015 of one translated entry (see the module's docstring for the rule)."""
    from .i18n import MAX_TRANSLATION_CHARS, placeholder_problem
    plural = e.msgid_plural is not None
    ids = e.msgid + (" " + e.msgid_plural if plural else "")
    out, reported = [], set()
    what = f"the translation of {e.msgid!r}" + (f" (msgctxt {e.context!r})" if e.context else "")
    for piece in e.strings:
        if not piece.text:
            continue
        label = "msgstr" if piece.index is None else f"msgstr[{piece.index}]"
        if len(piece.text) > MAX_TRANSLATION_CHARS:
            line, col = _at(piece, 0)
            out.append(Finding(line, col, "error", "E014", f"{what} is not used (English is "
                               f"shown instead): {label} is {len(piece.text):,} characters "
                               f"long, at most {MAX_TRANSLATION_CHARS:,}; shorten it"))
            reported.add(piece.index)
            continue
        problem = placeholder_problem(ids, piece.text)
        if problem:
            line, col = _at(piece, _offender(ids, piece.text))
            out.append(Finding(line, col, "error", "E014", f"{what} is not used (English is "
                               f"shown instead): {label}: {problem}"))
            reported.add(piece.index)
            continue
        strict = (not plural or len(e.strings) == 1 or piece.index in often) and \
            e.context != CLASS_CONTEXT       # a class entry's msgstr is words, no template
        source = e.msgid_plural if plural else e.msgid
        missing = sorted(names_of(source) - names_of(piece.text) - _unsaid(e.context))
        if strict and missing:
            many = " (this form is used for many numbers; only a form for a few, like n = 1, " \
                   "may leave one out)" if plural else ""
            line, col = _at(piece, 0)
            out.append(Finding(line, col, "error", "E015", f"{what}: {label} leaves out "
                               f"{', '.join('{' + m + '}' for m in missing)}{many}"))
            reported.add(piece.index)
    rejected = msgfmt_rejects(e, often)
    if rejected and rejected[0].index not in reported:
        piece, index, why = rejected
        label = "msgstr" if piece.index is None else f"msgstr[{piece.index}]"
        line, col = _at(piece, index)
        fix = "mark the entry `#, no-python-brace-format` (msgfmt and translation platforms " \
              "cannot read a grammatical form; dsl lint still checks it)" \
            if any(":" in d for _, d in directives(piece.text)) else \
            "write the msgid's placeholders as they are"
        out.append(Finding(line, col, "error", "E015", f"GNU msgfmt --check rejects {what}: "
                           f"{label}: {why}; {fix}"))
    return out


_PLURAL_HEADER = re.compile(r"Plural-Forms:\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.*?);?\s*$",
                            re.M)


def expected_plural(lang: str):
    """Babel's (CLDR) plural forms of a language, or None when Babel does not know it."""
    from babel import Locale, UnknownLocaleError
    from babel.messages.plurals import get_plural
    try:
        Locale.parse(lang)
        return get_plural(lang)
    except (UnknownLocaleError, ValueError, TypeError):
        return None


def _behaviour(rule: str, nplurals: int):
    try:
        f = gettext.c2py(rule)
        return [f(n) for n in range(201)]
    except (ValueError, SyntaxError, RecursionError, ZeroDivisionError, OverflowError):
        return None


def plural_findings(lang: str, header: Entry | None, entries: list) -> tuple[list, str, int]:
    """E016 findings and the catalog's (rule, nplurals) (CLDR's when it has none)."""
    want = expected_plural(lang)
    line_to_write = f'"Plural-Forms: {want.plural_forms}\\n"' if want else \
        '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n" (see `pybabel init -l LANG`)'
    piece = header.strings[0] if header is not None and header.strings else None
    m = _PLURAL_HEADER.search(piece.text) if piece is not None else None
    plural_entries = [e for e in entries if e.msgid_plural is not None and not e.obsolete]
    out = []
    if m is None:
        if plural_entries:
            at = (header.line, 1) if header is not None else (1, 1)
            out.append(Finding(*at, "error", "E016", "the header has no Plural-Forms and the "
                               f"catalog has plural entries; add the header line {line_to_write}"))
        return out, (want.plural_expr if want else "(n != 1)"), (want.num_plurals if want else 2)
    nplurals, rule = int(m.group(1)[:3]), m.group(2).strip()
    line, col = _at(piece, m.start())
    ours = _behaviour(rule, nplurals)
    if ours is None or any(not 0 <= k < nplurals for k in ours):
        out.append(Finding(line, col, "error", "E016", f"the Plural-Forms rule {rule!r} cannot be "
                           f"evaluated or gives a form above nplurals={nplurals}; write "
                           f"{line_to_write}"))
    elif want is not None:
        theirs = _behaviour(want.plural_expr, want.num_plurals)
        if nplurals != want.num_plurals or ours != theirs:
            differ = next((n for n in range(201) if ours[n] != theirs[n]), None)
            at = f" (n = {differ} takes form {ours[differ]}, CLDR's is {theirs[differ]})" \
                if differ is not None else ""
            out.append(Finding(line, col, "error", "E016", f"the Plural-Forms header (nplurals="
                               f"{nplurals}; plural={rule}) disagrees with CLDR's rules for "
                               f"'{lang}'{at}; write the header line {line_to_write}"))
    for e in plural_entries:
        if e.strings and len(e.strings) != nplurals:
            out.append(Finding(e.strings[0].line, 1, "error", "E016", f"{e.msgid!r} has "
                               f"{len(e.strings)} plural forms, the header says nplurals="
                               f"{nplurals}"))
    return out, rule, nplurals


def check_text(text: str, lang: str) -> CatalogCheck:
    """Every check of one catalog's text (see the module's docstring)."""
    entries = parse_entries(text)
    header = next((e for e in entries if not e.obsolete and not e.msgid and e.context is None
                   and e.msgid_plural is None), None)
    findings, rule, nplurals = plural_findings(lang, header, entries)
    often = often_forms(rule, nplurals)
    fuzzy, untranslated = [], []
    for e in entries:
        if e.obsolete or e is header or not e.msgid:
            continue
        if e.fuzzy:
            fuzzy.append(e)
            line = e.flag_line or e.line
            findings.append(Finding(line, 1, "warning", "W014", f"{e.msgid!r} is marked fuzzy "
                                    "(needs review) and is not used: check the msgstr, then "
                                    "remove `fuzzy` from its `#,` line"))
        elif not e.translated:
            untranslated.append(e)
        else:
            findings += entry_findings(e, often)
    findings.sort(key=lambda f: (f.line, f.col, f.code))
    return CatalogCheck(findings, entries, fuzzy, untranslated)
