"""Card files, and the folders and paths of sets -> model objects, with positioned
diagnostics (set files and rule tables: dsl.language.set_files; one YAML file being read:
dsl.language.documents).

Steps per card file: YAML (positions kept) -> JSON Schema -> each expression field parsed
into an AST. Name and type checks need every card loaded first: see dsl.language.check.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from . import file_cache
from .data import shipped_dir
from .documents import Source, load_document, no_bidi, read_source
from .inputs import resolved, why_not_readable
from .model import Catalog, CardDef, Cost, Modifier, Trigger
from .parser import parse_expr
from .set_files import load_rules, load_set_file, take_rules

PROGRAM_FIELDS = ("on_play", "on_gain", "on_buy")
SUGAR_TRIGGERS = {"on_gain": "gain", "on_buy": "buy"}   # "when you gain/buy this"


def default_sets_dir() -> Path:
    return shipped_dir("sets")


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
    landscape = data.get("landscape")
    if landscape is not None:          # an Event: its on_buy is what buying it does
        _landscape_fields(src, data)
        on_play = src.parse(("on_buy",), data["on_buy"]) or () if "on_buy" in data else ()
    triggers = []
    for field_name, event in SUGAR_TRIGGERS.items():
        if field_name in data and landscape is None:
            effect = src.parse((field_name,), data[field_name], trigger=event)
            if effect is not None:
                triggers.append(Trigger(event, "you", "this", "self", effect))
    for i, t in enumerate(data.get("triggers", [])):
        effect = src.parse(("triggers", i, "effect"), t["effect"], trigger=t["on"])
        what = t.get("what")
        if what is not None and what != "this":
            what = src.parse(("triggers", i, "what"), what, expr=True, role="condition")
        where = t.get("where") or ("self" if what == "this" else "in_play")
        who = t.get("who", "anyone" if where == "supply" else "you")
        if where == "supply" and who != "anyone":
            # a pile has no owner: "you" and "other" would be relative to nobody
            src.error(("triggers", i, "who"), "E002",
                      f"`who: {who}` on a trigger `where: supply`: a pile has no owner, so "
                      "the trigger hears every player's event and its effect is done by "
                      "that player; write `who: anyone` (or leave `who` out)")
        if effect is not None:
            triggers.append(Trigger(t["on"], who, what, where, effect,
                                    came_from=t.get("from")))
    modifiers = []
    for i, m in enumerate(data.get("modifiers", [])):
        what = m.get("what")
        if what is not None and what != "this":
            what = src.parse(("modifiers", i, "what"), what, expr=True, role="condition")
        cost, amount = m.get("cost", 0), None
        if isinstance(cost, str):
            cost, amount = 0, src.parse(("modifiers", i, "cost"), cost, expr=True,
                                        role="number")
        modifiers.append(Modifier(cost, what, m.get("unaffected") == "attacks", amount,
                                  m.get("where", "in_play"), m.get("phase")))
    setup = src.parse(("setup",), data["setup"]) or () if "setup" in data else ()
    buy_if = data.get("buy_if")
    if buy_if is not None:
        buy_if = src.parse(("buy_if",), buy_if, expr=True, role="condition")
    vp = data.get("vp")
    if isinstance(vp, str):
        vp = src.parse(("vp",), vp, expr=True, role="expr")
    elif isinstance(vp, int):
        vp = parse_expr(str(vp)) if vp >= 0 else parse_expr(f"0 - {-vp}")
    no_bidi(src, ("names",), data["names"])
    card = CardDef(id=data["id"], set=data["set"], cost=parse_cost(data["cost"]),
                   types=tuple(data["types"]), names=dict(data["names"]),
                   texts=dict(data.get("text", {})), on_play=on_play, triggers=tuple(triggers),
                   modifiers=tuple(modifiers), vp=vp, pile=data.get("pile"),
                   kingdom=data.get("kingdom", True) and data.get("supply", True) and
                   landscape is None, landscape=landscape, limit=data.get("limit"),
                   supply=data.get("supply", True), buy_if=buy_if, setup=tuple(setup),
                   path=src.path,
                   art=_art_path(src, Path(src.path), data.get("art")) if art_on_disk else None)
    return card, src


# what a landscape file may have besides its id, set, cost, types, names, text and art
_LANDSCAPE_FIELDS = {"event": {"on_buy", "limit"}, "landmark": set(), "project": set()}
_CARD_ONLY = ("on_play", "on_gain", "triggers", "modifiers", "vp", "pile", "kingdom",
              "supply", "setup", "buy_if", "on_buy", "limit")


def _landscape_fields(src: Source, data: dict) -> None:
    """A landscape is not a card: no play, pile or trigger fields; an Event's effect is its
    `on_buy`. Landmarks and Projects are not played by the engine yet."""
    kind = data["landscape"]
    allowed = _LANDSCAPE_FIELDS[kind]
    if kind != "event":
        src.error(("landscape",), "E002", f"landscape: {kind} is not supported yet (only "
                  "`event`); docs/language.md, Landscapes, says how it will be written")
    for f in _CARD_ONLY:
        if f in data and f not in allowed:
            src.error((f,), "E002", f"a landscape ({kind}) has no `{f}`: it is never "
                      "played, gained or in a pile" + ("; write what buying it does in "
                                                        "`on_buy`" if kind == "event" else ""))


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
        folder_sets = {}                     # a set folder -> its set's id
        for f in sorted(specials, key=lambda f: f.name != "set.yaml"):   # the set files first
            if f.name == "rules.yaml":
                rules, src = load_rules(f)
                take_rules(cat, rules, folder_sets.get(f.parent), src)
            else:
                src = load_set_file(f, cat)
                folder_sets.update((f.parent, s["id"]) for s in cat.sets.values()
                                   if s["path"] == str(f))
            loaded.sources.append(src)
        for f in files_:
            card, src = load_card(f)
            loaded.sources.append(src)
            if card is None:
                continue
            _check_set(src, card, folder_sets.get(f.parent.parent), cat)
            if card.id in cat.cards:
                other = cat.cards[card.id].path
                src.error(("id",), "E006", f"duplicate card id '{card.id}' (also in {other}); "
                          "give one of them another id")
                continue
            cat.cards[card.id] = card
            loaded.card_sources[card.id] = src
    return loaded


def _check_set(src: Source, card: CardDef, folder_set: str | None, cat: Catalog) -> None:
    """A card in a set folder belongs to that folder's set or to another loaded set; a
    misspelt `set:` would show the card under a set of its own and out of its set's checks."""
    if folder_set is None or card.set == folder_set or card.set in cat.sets:
        return
    hint = difflib.get_close_matches(card.set, list(cat.sets), n=1)
    src.error(("set",), "E004", f"unknown set '{card.set}' (this card is in the folder of set "
              f"'{folder_set}'); " + (f"did you mean '{hint[0]}'?" if hint and
                                      hint[0] != folder_set else f"write set: {folder_set}"))


def load_shipped(extra: list[Path] | None = None) -> Loaded:
    return load_paths([default_sets_dir()] + list(extra or []))
