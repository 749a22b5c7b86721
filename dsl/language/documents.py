"""A YAML file being read: its text, where each value came from, the diagnostics found in
it, its JSON Schema check, and the parse of its expression fields. Every kind of file the
language reads (cards, sets, rules, strategies, scenarios) goes through a Source."""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from . import file_cache
from .errors import Diagnostic, DslError, caret_excerpt
from .inputs import InputError, read_bounded
from .parser import ParseError, parse_expr, parse_kept, parse_program
from .yamlpos import MAX_BYTES, load_yaml, position_of


@lru_cache(maxsize=None)
def schema(name: str) -> dict:
    return json.loads(files("dsl.language").joinpath(f"{name}.schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def validator(name: str):
    """A validator per schema, built once (building one is slow; jsonschema is imported
    only then, as a command whose files are all in the cache never checks a schema)."""
    import jsonschema
    return jsonschema.Draft202012Validator(schema(name))


@dataclass
class Source:
    """One YAML file being loaded: its text, positions and the diagnostics found."""
    path: str
    text: str
    positions: dict = field(default_factory=dict)
    diagnostics: list = field(default_factory=list)
    # (AST, key of the field, role) for the checks; role: program | expr | condition
    programs: list = field(default_factory=list)
    refs: list = field(default_factory=list)          # (card id, key) that must exist
    pile_refs: list = field(default_factory=list)     # (card id, key): a set rule's piles
    rule_refs: list = field(default_factory=list)     # (set rule id, key) that must exist
    type_refs: list = field(default_factory=list)     # (card type, key) that must exist

    def error(self, key: tuple, code: str, message: str, severity: str = "error",
              line: int | None = None, col: int | None = None) -> None:
        if line is None:
            line, col = position_of(self.positions, key)
        self.diagnostics.append(Diagnostic(self.path, line, col, severity, code, message,
                                           caret_excerpt(self.text, line, col)))

    def text_origin(self, key: tuple) -> tuple[int, int]:
        where = self.positions.get(key)
        return (where.text_line, where.text_col) if where else (1, 1)

    def file_pos(self, key: tuple, line: int, col: int) -> tuple[int, int]:
        """Map a position inside an expression field to the YAML file."""
        tl, tc = self.text_origin(key)
        return tl + line - 1, (tc + col - 1) if line == 1 else col + tc - 1

    def parse(self, key: tuple, text, expr: bool = False, role: str = "program",
              trigger: str | None = None, kept: bool = False):
        """`kept`: from the parse cache (a set file's texts: parser.parse_kept)."""
        text = str(text)
        try:
            tree = parse_kept(text, expr) if kept else \
                parse_expr(text) if expr else parse_program(text)
        except ParseError as e:
            line, col = self.file_pos(key, e.line, e.col)
            self.error(key, "E003", f"syntax: {e.message} (see docs/language.md)",
                       line=line, col=col)
            return None
        self.programs.append((tree, key, role, trigger))
        return tree


def read_source(path: Path) -> Source | None:
    try:
        raw = read_bounded(path, MAX_BYTES)
    except InputError as e:
        src = Source(str(path), "")
        src.error((), "E001", str(e))
        return src
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        src = Source(str(path), "")
        src.error((), "E001", f"not UTF-8 text (byte {e.start}); save the file as UTF-8")
        return src
    return Source(str(path), text)


def load_document(src: Source, schema_name: str):
    """YAML + schema; returns the data or None (diagnostics recorded in src)."""
    try:
        data, src.positions = load_yaml(src.text, src.path)
    except DslError as e:
        src.diagnostics.extend(e.diagnostics)
        return None
    errors = sorted(validator(schema_name).iter_errors(data),
                    key=lambda e: list(map(str, e.absolute_path)))
    for err in errors[:20]:
        key = tuple(err.absolute_path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            known = set(err.schema.get("properties", {}))
            for extra in sorted(set(err.instance) - known):
                hint = difflib.get_close_matches(extra, sorted(known), n=1)
                src.error(key + (extra, "__key__"), "E002",
                          f"unknown field '{extra}'" + (f"; did you mean '{hint[0]}'?" if hint
                                                         else f"; known: {', '.join(sorted(known))}"))
            continue
        where = "/".join(map(str, key)) or "the file"
        src.error(key, "E002", f"{where}: {_schema_message(err)}")
    return None if errors else data


def kept_document(src: Source, schema_name: str):
    """load_document, from the cache (dsl.language.file_cache) when this code read this text
    before without a mistake: the rule, set and strategy files are read by every command,
    and YAML with its schema check is slow to start (under PyPy most of all)."""
    key = f"<{schema_name}> {src.path}"
    hit = file_cache.get(key, src.text)
    if isinstance(hit, tuple) and len(hit) == 2 and isinstance(hit[1], dict):
        data, src.positions = hit
        return data
    data = load_document(src, schema_name)
    if data is not None and not src.diagnostics:
        file_cache.put(key, src.text, (data, src.positions))
    return data


def _schema_message(err) -> str:
    if err.validator in ("maxLength", "minLength", "maxItems", "minItems"):
        size = len(err.instance) if hasattr(err.instance, "__len__") else "?"
        limit = err.validator_value
        return (f"too long ({size}, at most {limit})" if err.validator.startswith("max")
                else f"too short ({size}, at least {limit})")
    if err.validator == "additionalProperties":
        return err.message + " (check the spelling; see dsl/language/card.schema.json)"
    if err.validator == "required":
        return err.message + "; add it"
    if err.validator == "enum":
        return f"{err.instance!r} is not one of {', '.join(map(str, err.validator_value))}"
    message = err.message
    return message if len(message) <= 200 else message[:200] + "..."


BIDI_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def no_bidi(src: Source, key: tuple, names: dict) -> None:
    """A name with a bidirectional control character (an override, an embedding, an
    isolate or a mark) is an error: it would reorder the text printed around it."""
    for lang, name in names.items():
        m = BIDI_CONTROLS.search(name) if isinstance(name, str) else None
        if m:
            src.error(key + (lang,), "E002", f"{'/'.join(map(str, key))}.{lang}: a "
                      f"bidirectional control character (U+{ord(m.group()):04X}) at character "
                      f"{m.start() + 1}; it would reorder the text around the name: remove it")
