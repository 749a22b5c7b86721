"""Diagnostics: every problem in user input becomes one of these, never a traceback. CODES is
the one list of diagnostic codes: `dsl lint --ignore` checks against it, SARIF output names
its rules from it, and docs/lint.md is generated from it (a test keeps them in step)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

# code -> (what it means, how to fix it). E... are errors (the file cannot be played),
# W... warnings. tests/test_tooling.py fails when a code used in dsl/ is missing here.
CODES = {
    "E001": ("a file or path cannot be read: missing, not UTF-8, not YAML, too large, or not "
             "a set folder or card file",
             "fix the YAML at the position given (indentation, colons, quotes), save as UTF-8, "
             "or give a set folder (set.yaml, cards/) or card files"),
    "E002": ("a field does not fit the file's schema: an unknown field or a wrong value",
             "use the field names of docs/language.md (a close name is suggested) and values "
             "of the kind the message says"),
    "E003": ("a syntax error in an effect, condition or rule",
             "write the construct as docs/language.md shows it; the caret marks where the "
             "parser stopped"),
    "E004": ("an unknown name: a card, card type, set, mat, variable or strategy",
             "check the spelling (see `dsl cards`); a card of your own set is loaded with its "
             "set folder; bind a variable (`as x`) before reading it"),
    "E005": ("a type error: a value of the wrong kind where it is used",
             "compare numbers with numbers and names with = or !=; give each function the "
             "arguments the message says"),
    "E006": ("an id defined twice: a card, set, card type, kingdom or strategy",
             "give one of the two files (both are named) another id"),
    "E007": ("a kingdom names a card that is not loaded",
             "check the card id, or load the set that has it (--cards PATH)"),
    "E008": ("no rule table (rules.yaml) in the shipped sets",
             "reinstall the package: the shipped sets are incomplete"),
    "E009": ("a card that plays itself when played never stops",
             "play other cards (`play chosen twice`), not `this`"),
    "E014": ("a translation in a locale catalog is not used (English is shown instead): a "
             "placeholder the template lacks, a misspelt one, or a broken brace; the position "
             "is the offending `{`",
             "write the template's {placeholders} as they are in the msgstr (a grammatical "
             "form is written {name:form}, see docs/grammatical-case.md)"),
    "E015": ("GNU msgfmt --check (and a translation platform) rejects a catalog entry: a "
             "one-form msgstr or a plural form used for many numbers leaves out a placeholder "
             "of its msgid, or an entry flagged python-brace-format asks for a grammatical "
             "form",
             "use every placeholder of the msgid (only a plural form for a few numbers, like "
             "n = 1, may leave one out); flag an entry with {name:form} "
             "`#, no-python-brace-format` (see docs/translators.md)"),
    "E016": ("a catalog's Plural-Forms header disagrees with CLDR's plural rules for its "
             "language, is missing, or an entry has another number of plural forms",
             "write the header line the message gives (what `pybabel init -l LANG` and "
             "`dsl locale init LANG` write)"),
    "W001": ("a card has no name in a locale its set lists (set.yaml `locales:`, default en)",
             "add names.LOCALE to the card, or list only the locales you give names in"),
    "W010": ("`--locale L`: a card has no name in L, neither in its file nor in the catalog",
             "add names.L to the card, or translate its msgctxt \"card name\" in the catalog"),
    "W011": ("`--locale L`: a phrase template is not translated in L's catalog",
             "translate the msgid in the catalog (dsl locale init L writes one)"),
    "W012": ("`--locale L`: the catalog names a card differently from the card file",
             "make them agree; the card file's name is used"),
    "W013": ("`--locale L`: a card type has no name in L",
             "add the type's name to its set.yaml or translate it in the catalog"),
    "W014": ("`--locale L`: a catalog entry is marked fuzzy (needs review); it is not used "
             "until the flag is removed",
             "check the msgstr against the msgid (`dsl locale update` marks changed msgids "
             "fuzzy), then delete `fuzzy` from its `#,` line"),
    "W015": ("`--locale L`: a catalog line that is not .po syntax (not a keyword, comment or "
             "quoted string) is skipped by the catalog reader",
             "fix the line (a msgstr continues on lines that are \"quoted\") or delete it"),
    "W016": ("two fan sets' rules.yaml disagree; a game with cards of both is played with "
             "the first loaded set's", "make the two rule files agree, or play the sets "
             "apart"),
    "W017": ("a variable bound with `as NAME` is never read in its program",
             "read it where it is meant (a misspelling there is reported as unknown), or "
             "leave out `as NAME`"),
    "W020": ("a printed text states a bonus, VP or cost the effect does not do, or the "
             "effect gives a bonus the text does not state",
             "correct the card's effect or its text (the message says which number)"),
}


class ParseError(Exception):
    """A syntax error in one expression or effect text, at a line and column of that text
    (the loader shifts it into the file). Here, not beside the parser, so that reading
    it needs no Lark."""
    def __init__(self, message: str, line: int, col: int):
        super().__init__(message)
        self.message, self.line, self.col = message, line, col


@dataclass(frozen=True)
class Pos:
    """A position in a source file (1-based line and column)."""
    line: int = 0
    col: int = 0


@dataclass
class Diagnostic:
    path: str
    line: int
    col: int
    severity: str          # "error" | "warning"
    code: str
    message: str
    excerpt: str = ""

    def format(self) -> str:
        head = f"{self.path}:{self.line}:{self.col}: {self.severity} {self.code}: {self.message}"
        return head + ("\n" + self.excerpt if self.excerpt else "")

    def as_json(self) -> dict:
        return {"path": self.path, "line": self.line, "col": self.col,
                "severity": self.severity, "code": self.code, "message": self.message}


class DslError(Exception):
    """One or more diagnostics that stop the loading of a file."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.format() for d in diagnostics))


def caret_excerpt(text: str, line: int, col: int) -> str:
    """The source line and a caret under the column, as jinja2 and jmespath show them."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    src = lines[line - 1]
    return f"    {src}\n    {' ' * max(col - 1, 0)}^"


@dataclass
class Report:
    """Collects diagnostics while linting many files."""
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def add(self, d: Diagnostic) -> None:
        self.diagnostics.append(d)

    @property
    def errors(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)


def severity_of(code: str) -> str:
    return "error" if code.startswith("E") else "warning"


SARIF_SCHEMA = ("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
                "sarif-schema-2.1.0.json")


def _artifact(path: str, base: Path) -> dict:
    """A file's location for SARIF: relative to `base` (the current folder) when inside it,
    so code scanning maps it onto the repository; else an absolute file URI."""
    p = Path(path)
    try:
        rel = p.resolve().relative_to(base.resolve())
    except (ValueError, OSError, RuntimeError):
        return {"uri": p.absolute().as_uri() if p.is_absolute() or p.exists() else p.as_posix()}
    return {"uri": rel.as_posix(), "uriBaseId": "%SRCROOT%"}


def sarif_log(diagnostics: list[Diagnostic], version: str, base: Path | None = None) -> dict:
    """A SARIF 2.1.0 log of lint diagnostics (for code-scanning annotations): one run, a
    rule per known code, a result per diagnostic."""
    base = base or Path.cwd()
    codes = sorted(CODES)
    index = {c: i for i, c in enumerate(codes)}
    rules = [{"id": c, "shortDescription": {"text": CODES[c][0]},
              "help": {"text": CODES[c][1]},
              "defaultConfiguration": {"level": severity_of(c)}} for c in codes]
    results = []
    for d in diagnostics:
        result = {"ruleId": d.code, "level": "error" if d.severity == "error" else "warning",
                  "message": {"text": d.message},
                  "locations": [{"physicalLocation": {
                      "artifactLocation": _artifact(d.path, base),
                      "region": {"startLine": max(d.line, 1), "startColumn": max(d.col, 1)}}}]}
        if d.code in index:
            result["ruleIndex"] = index[d.code]
        results.append(result)
    driver = {"name": "dsl lint", "fullName": "the Dominion card language's lint",
              "version": version, "rules": rules}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0",
            "runs": [{"tool": {"driver": driver}, "columnKind": "unicodeCodePoints",
                      "results": results}]}


def codes_markdown() -> str:
    """The table of codes in docs/lint.md (a test checks the doc holds this table)."""
    rows = ["| code | severity | what it means | how to fix it |", "|---|---|---|---|"]
    def cell(text):
        return text.replace("|", "\\|").replace("\n", " ")
    rows += [f"| {c} | {severity_of(c)} | {cell(m)} | {cell(f)} |"
             for c, (m, f) in sorted(CODES.items())]
    return "\n".join(rows)
