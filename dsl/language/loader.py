"""Card files, set files and rule tables -> model objects, with positioned diagnostics.

Steps per card file: YAML (positions kept) -> JSON Schema -> each expression field parsed
into an AST. Name and type checks need every card loaded first: see dsl.check.
"""
from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from .data import shipped_dir
from .errors import Diagnostic, DslError, caret_excerpt
from .model import (Catalog, CardDef, Cost, Kingdom, MixedPile, Modifier, Rules, SetRule,
                    Trigger,
                    TypeDef)
from . import file_cache
from .inputs import InputError, read_bounded, resolved, why_not_readable
from .parser import ParseError, parse_expr, parse_program
from .yamlpos import MAX_BYTES, load_yaml, position_of

PROGRAM_FIELDS = ("on_play", "on_gain", "on_buy")
SUGAR_TRIGGERS = {"on_gain": "gain", "on_buy": "buy"}   # "when you gain/buy this"


def default_sets_dir() -> Path:
    return shipped_dir("sets")


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
              trigger: str | None = None):
        text = str(text)
        try:
            tree = parse_expr(text) if expr else parse_program(text)
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


def parse_cost(value) -> Cost:
    if isinstance(value, int):
        return Cost(value, 0)
    if isinstance(value, str):
        return Cost(int(value.rstrip("P")), 1 if value.endswith("P") else 0)
    return Cost(value["coins"], value.get("potion", 0))


def load_card(path: Path) -> tuple[CardDef | None, Source]:
    """A card file, from the cache (dsl.language.file_cache) when this text was loaded before by
    this code; a card naming art is always loaded afresh (its image may have changed)."""
    src = read_source(path)
    if src.diagnostics:
        return None, src
    hit = file_cache.get(src.path, src.text)
    if isinstance(hit, dict) and hit.keys() == _CACHED:
        return hit["card"], Source(src.path, src.text, hit["positions"], hit["diagnostics"],
                                   hit["programs"], hit["refs"])
    card, src = card_from_source(src, art_on_disk=True)
    if ("art",) not in src.positions:
        file_cache.put(src.path, src.text, {
            "card": card, "positions": src.positions, "diagnostics": src.diagnostics,
            "programs": src.programs, "refs": src.refs})
    return card, src


_CACHED = {"card", "positions", "diagnostics", "programs", "refs"}


def card_from_source(src: Source, art_on_disk: bool = False) -> tuple[CardDef | None, Source]:
    """A card from text already read (`dsl serve` lints text that is never written).
    `art_on_disk`: resolve and check its art image beside the card file (a loaded file)."""
    if src.diagnostics:
        return None, src
    data = load_document(src, "card")
    if data is None:
        return None, src
    on_play = ()
    if "on_play" in data:
        on_play = src.parse(("on_play",), data["on_play"]) or ()
    triggers = []
    for field_name, event in SUGAR_TRIGGERS.items():
        if field_name in data:
            effect = src.parse((field_name,), data[field_name], trigger=event)
            if effect is not None:
                triggers.append(Trigger(event, "you", "this", "self", effect))
    for i, t in enumerate(data.get("triggers", [])):
        effect = src.parse(("triggers", i, "effect"), t["effect"], trigger=t["on"])
        what = t.get("what")
        if what is not None and what != "this":
            what = src.parse(("triggers", i, "what"), what, expr=True, role="condition")
        where = t.get("where") or ("self" if what == "this" else "in_play")
        if effect is not None:
            triggers.append(Trigger(t["on"], t.get("who", "you"), what, where, effect))
    modifiers = []
    for i, m in enumerate(data.get("modifiers", [])):
        what = m.get("what")
        if what is not None:
            what = src.parse(("modifiers", i, "what"), what, expr=True, role="condition")
        modifiers.append(Modifier(m.get("cost", 0), what, m.get("unaffected") == "attacks"))
    vp = data.get("vp")
    if isinstance(vp, str):
        vp = src.parse(("vp",), vp, expr=True, role="expr")
    elif isinstance(vp, int):
        vp = parse_expr(str(vp)) if vp >= 0 else parse_expr(f"0 - {-vp}")
    card = CardDef(id=data["id"], set=data["set"], cost=parse_cost(data["cost"]),
                   types=tuple(data["types"]), names=dict(data["names"]),
                   texts=dict(data.get("text", {})), on_play=on_play, triggers=tuple(triggers),
                   modifiers=tuple(modifiers), vp=vp, pile=data.get("pile"),
                   kingdom=data.get("kingdom", True) and data.get("supply", True),
                   supply=data.get("supply", True), path=src.path,
                   art=_art_path(src, Path(src.path), data.get("art")) if art_on_disk else None)
    return card, src


def _art_path(src: Source, path: Path, art: str | None) -> str | None:
    """The card's art image, resolved beside the card file; a path out of its set folder
    (or, for a loose card file, out of its folder) or a missing file is an error."""
    if art is None:
        return None
    card_dir = resolved(path).parent
    home = card_dir.parent if card_dir.name == "cards" and \
        (card_dir.parent / "set.yaml").is_file() else card_dir
    target = resolved(card_dir / art)
    if not target.is_relative_to(home):
        src.error(("art",), "E002", f"art: '{art}' is outside the set folder {home}; put the "
                  "image inside it (e.g. art/NAME.png beside the card file)")
        return None
    if not target.is_file():
        src.error(("art",), "E001", f"art: no image file {target}")
        return None
    return str(target)


def _by_players(table: dict) -> dict:
    return {int(k): int(v) for k, v in table.items()}


def load_rules(path: Path) -> tuple[Rules | None, Source]:
    src = read_source(path)
    data = None if src.diagnostics else kept_document(src, "rules")
    if data is None:
        return None, src
    rules = Rules(
        min_players=data["players"]["min"], max_players=data["players"]["max"],
        hand_size=data["hand_size"], starting_deck=dict(data["starting_deck"]),
        basic_piles=tuple(data["basic_piles"]),
        pile_sizes={k: _by_players(v) for k, v in data["pile_sizes"].items()},
        kingdom_pile=data["kingdom_pile"],
        victory_kingdom_pile=_by_players(data["victory_kingdom_pile"]),
        potion_card=data["potion_card"], end_pile=data["end"]["empty_pile"],
        end_empty_piles=_by_players(data["end"]["empty_piles"]),
        tie_break=data["tie_break"], victory_token=data.get("victory_token"))
    return rules, src


DEFAULT_LOCALES = ("en",)     # a set without `locales:` names its cards in English only


def _lint_ignore(src: Source, data: dict) -> tuple:
    """The warnings a set file's `lint: {ignore: [...]}` turns off for its cards: known
    warning codes only (an error cannot be ignored: the card could not be played)."""
    from .errors import CODES, severity_of
    out = []
    for i, code in enumerate((data.get("lint") or {}).get("ignore") or []):
        warnings = ", ".join(c for c in sorted(CODES) if severity_of(c) == "warning")
        if code not in CODES:
            src.error(("lint", "ignore", i), "E002", f"lint.ignore: unknown code '{code}' "
                      f"(warnings: {warnings}; see docs/lint.md)")
        elif severity_of(code) == "error":
            src.error(("lint", "ignore", i), "E002", f"lint.ignore: {code} is an error, and "
                      f"an error cannot be ignored; only warnings can ({warnings})")
        else:
            out.append(code)
    return tuple(out)


def load_set_file(path: Path, catalog: Catalog) -> Source:
    """A set file: the set, its card types and its recommended kingdoms. An id that another
    loaded file already defines is an error naming both files, never a silent replacement."""
    src = read_source(path)
    data = None if src.diagnostics else kept_document(src, "set")
    if data is None:
        return src
    other = catalog.sets.get(data["id"])
    if other is not None:
        src.error(("id",), "E006", f"duplicate set id '{data['id']}' (also in {other['path']}); "
                  "give this set another id")
        return src
    catalog.sets[data["id"]] = {"id": data["id"], "names": data.get("names", {}), "path": str(path),
                                "locales": tuple(data.get("locales") or DEFAULT_LOCALES),
                                "lint_ignore": _lint_ignore(src, data)}
    for i, t in enumerate(data.get("types", [])):
        if t["id"] in catalog.types:
            src.error(("types", i, "id"), "E006", f"duplicate card type '{t['id']}' (also in "
                      f"{catalog.types[t['id']].path}); give it another id")
            continue
        catalog.types[t["id"]] = TypeDef(t["id"], dict(t["names"]), str(path))
    for i, k in enumerate(data.get("kingdoms", [])):
        known = catalog.kingdoms.get(k["id"])
        if known is not None:
            src.error(("kingdoms", i, "id"), "E006", f"duplicate kingdom id '{k['id']}' (also in "
                      f"{catalog.sets[known.set]['path']}); give it another id")
            continue
        catalog.kingdoms[k["id"]] = Kingdom(k["id"], data["id"], dict(k["names"]),
                                            tuple(k["cards"]), tuple(k.get("rules", ())))
        src.refs += [(cid, ("kingdoms", i, "cards", j)) for j, cid in enumerate(k["cards"])]
        src.rule_refs += [(rid, ("kingdoms", i, "rules", j))
                          for j, rid in enumerate(k.get("rules", ()))]
    for i, m in enumerate(data.get("piles", [])):
        if m["id"] in catalog.piles or m["id"] in catalog.cards:
            src.error(("piles", i, "id"), "E006", f"duplicate pile id '{m['id']}'; give it "
                      "another id")
            continue
        size = m["size"]
        size = {int(k): v for k, v in size.items()} if isinstance(size, dict) else \
            {k: size for k in range(1, 7)}
        catalog.piles[m["id"]] = MixedPile(m["id"], data["id"], tuple(m["cards"].items()),
                                           size, dict(m.get("names", {})))
        src.pile_refs += [(cid, ("piles", i, "cards", cid)) for cid in m["cards"]]
    for i, r in enumerate(data.get("rules", [])):
        if r["id"] in catalog.set_rules:
            src.error(("rules", i, "id"), "E006", f"duplicate set rule id '{r['id']}' (also in "
                      f"{catalog.sets[catalog.set_rules[r['id']].set]['path']}); give it "
                      "another id")
            continue
        when = r["when"]
        if isinstance(when, dict):
            when = ("kingdom_has_type", when["kingdom_has_type"])
            src.type_refs.append((when[1], ("rules", i, "when", "kingdom_has_type")))
        replace = tuple((cid, tuple(new)) for cid, new in
                        (r.get("replace_starting") or {}).items())
        catalog.set_rules[r["id"]] = SetRule(r["id"], data["id"], when,
                                             tuple(r.get("piles", ())),
                                             tuple(r.get("end_piles", ())),
                                             dict(r.get("names", {})), replace)
        for field_name in ("piles", "end_piles"):
            src.pile_refs += [(cid, ("rules", i, field_name, j))
                              for j, cid in enumerate(r.get(field_name, ()))]
        for cid, new in replace:
            src.pile_refs += [(c, ("rules", i, "replace_starting", cid, j))
                              for j, c in enumerate((cid,) + new)]
    return src


@dataclass
class Loaded:
    """A catalog and the sources it came from (for lint and for positions)."""
    catalog: Catalog
    sources: list = field(default_factory=list)
    card_sources: dict = field(default_factory=dict)   # card id -> Source

    @property
    def diagnostics(self) -> list:
        return [d for s in self.sources for d in s.diagnostics]


MAX_FILES = 2000             # card, set and rule files loaded from one folder
YAML_SUFFIXES = (".yaml", ".yml")


def _set_folder_files(folder: Path) -> tuple[list, list]:
    """(rule and set files, card files) of a set folder: rules.yaml, set.yaml, cards/*."""
    specials = [folder / n for n in ("rules.yaml", "set.yaml") if (folder / n).is_file()]
    cards_dir = folder / "cards"
    cards = sorted(p for p in cards_dir.glob("*") if p.suffix in YAML_SUFFIXES) \
        if cards_dir.is_dir() else []
    return specials, cards


def folder_files(folder: Path) -> tuple[list, list]:
    """(rule and set files, card files) a folder holds, by its layout: a set folder; a
    folder of set folders (sets/); or a folder of card files. Nothing else is walked."""
    if (folder / "set.yaml").is_file() or (folder / "rules.yaml").is_file():
        return _set_folder_files(folder)
    subsets = sorted(d for d in folder.iterdir() if d.is_dir() and (d / "set.yaml").is_file())
    if subsets:
        specials, cards = [], []
        for d in subsets:
            s, c = _set_folder_files(d)
            specials += s
            cards += c
        return specials, cards
    return [], sorted(p for p in folder.glob("*") if p.suffix in YAML_SUFFIXES and p.is_file())


def load_paths(paths: list[Path], loaded: Loaded | None = None) -> Loaded:
    """Load set folders, folders of set folders, folders of card files or single card files
    into one catalog. Only those are read: a path elsewhere is refused, not walked."""
    loaded = loaded or Loaded(Catalog())
    cat = loaded.catalog
    for path in paths:
        refused = None
        specials, files_ = [], []
        if path.is_dir():
            try:
                specials, files_ = folder_files(path)
            except OSError as e:
                refused = f"cannot read the folder: {e.strerror}"
            if not refused and len(specials) + len(files_) > MAX_FILES:
                refused = (f"more than {MAX_FILES} files; give a set folder (with set.yaml and "
                           "cards/) or card files")
            elif not refused and not specials and not files_ and \
                    not (path / "strategies").is_dir():
                refused = ("nothing to load here: no set.yaml, cards/ folder or card files "
                           "(*.yaml); give a set folder or card files")
        elif path.is_file():
            if path.suffix not in YAML_SUFFIXES:
                refused = "not a card file: card, set and rule files are .yaml files"
            files_ = [path]
        else:
            refused = why_not_readable(path) or "no such file or folder"
        if refused:
            src = Source(str(path), "")
            src.error((), "E001", refused)
            loaded.sources.append(src)
            continue
        for f in specials:
            if f.name == "rules.yaml":
                rules, src = load_rules(f)
                cat.rules = rules or cat.rules
            else:
                src = load_set_file(f, cat)
            loaded.sources.append(src)
        for f in files_:
            card, src = load_card(f)
            loaded.sources.append(src)
            if card is None:
                continue
            if card.id in cat.cards:
                other = cat.cards[card.id].path
                src.error(("id",), "E006", f"duplicate card id '{card.id}' (also in {other}); "
                          "give one of them another id")
                continue
            cat.cards[card.id] = card
            loaded.card_sources[card.id] = src
    return loaded


def load_shipped(extra: list[Path] | None = None) -> Loaded:
    return load_paths([default_sets_dir()] + list(extra or []))
