"""The cards a command plays with: the shipped sets plus the fan sets a user names, with
`--cards PATH` (any command, repeatable) or the DSL_CARDS search path (folders separated
as in PATH). A fan set folder brings along its recommended kingdoms (set.yaml), its bots
(strategies/), its scenarios (tests/) and its locale catalogs (locales/): see dsl/language/data.py.

Game records name the fan sets they were played with, with a hash of each card file, so a
replay can refuse a record whose cards changed and say which."""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .data import is_shipped, shipped_dir
from .errors import Diagnostic, DslError
from .inputs import resolved
from .card_checks import check_new_sources
from .loader import Loaded, load_paths, load_shipped
from .model import Catalog

ENV = "DSL_CARDS"
MAX_PATHS = 100                 # entries of the search path


def search_path(cli_paths=(), environ=None) -> list[Path]:
    """DSL_CARDS's entries, then the --cards paths; each once, the shipped sets never
    (they are always loaded)."""
    env = (os.environ if environ is None else environ).get(ENV, "")
    entries = [e for e in env.split(os.pathsep) if e.strip()] + [str(p) for p in cli_paths]
    if len(entries) > MAX_PATHS:
        raise DslError(Diagnostic(ENV, 1, 1, "error", "E001",
                                  f"more than {MAX_PATHS} fan set paths; give set folders"))
    out, seen = [], set()
    shipped = shipped_dir("sets").resolve()
    for e in entries:
        path = Path(e).expanduser()
        key = resolved(path)
        if key in seen or key == shipped or is_shipped(key):
            continue
        seen.add(key)
        out.append(path)
    return out


@lru_cache(maxsize=1)
def shipped() -> Loaded:
    """The shipped sets, loaded once per process (commands and scenarios copy them)."""
    return load_shipped()


def _copy(loaded: Loaded) -> Loaded:
    c = loaded.catalog
    return Loaded(c.copy(), list(loaded.sources), dict(loaded.card_sources))


@dataclass
class CardSets:
    """A catalog of the shipped sets and some fan sets, checked as `dsl lint` checks."""
    loaded: Loaded
    paths: tuple = ()

    @property
    def catalog(self) -> Catalog:
        return self.loaded.catalog

    def fan_sets(self) -> list[dict]:
        """What a game record names: each fan set's id and a hash of each card file."""
        return fan_manifest(self.catalog)


def open_sets(paths=()) -> CardSets:
    """The shipped sets and the fan sets at `paths` (from search_path). Any error in them
    is a DslError listing the diagnostics (file:line:col), before anything is played."""
    base = shipped()
    errors = [d for d in base.diagnostics if d.severity == "error"]
    if errors:
        raise DslError(errors[:20])
    if not paths:
        return CardSets(base)
    loaded = load_paths(list(paths), _copy(base))
    errors = check_new_sources(loaded, len(base.sources))
    if errors:
        raise DslError(errors[:50])
    return CardSets(loaded, tuple(paths))


# ---- fan sets in game records -------------------------------------------------------------
MAX_HASHED_BYTES = 1_000_000


def content_hash(path) -> str:
    """A short hash of a file's bytes ('missing' when it cannot be read)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_HASHED_BYTES)
    except OSError:
        return "missing"
    return hashlib.sha256(data).hexdigest()[:16]


def fan_manifest(catalog: Catalog) -> list[dict]:
    """[{"id": set id, "cards": {card id: hash}}] of every fan card loaded, by set, in
    the order the sets were loaded; [] when only shipped cards are."""
    by_set: dict[str, dict] = {}
    for card in catalog.cards.values():
        if card.path and not is_shipped(card.path):
            by_set.setdefault(card.set, {})[card.id] = content_hash(card.path)
    return [{"id": sid, "cards": dict(sorted(cards.items()))} for sid, cards in by_set.items()]


def fan_set_changes(catalog: Catalog, recorded) -> str | None:
    """Why a record made with the fan sets `recorded` cannot be replayed with `catalog`,
    or None: a set not loaded, or card files that changed since (named)."""
    if not recorded:
        return None
    now = {s["id"]: s["cards"] for s in fan_manifest(catalog)}
    missing = [s["id"] for s in recorded if s["id"] not in now]
    if missing:
        return (f"the record was played with the fan set(s) {', '.join(missing)}; give their "
                f"folder with --cards PATH (or the {ENV} search path)")
    changed = []
    for s in recorded:
        for cid, h in s["cards"].items():
            if now[s["id"]].get(cid) != h:
                card = catalog.cards.get(cid)
                changed.append(f"{cid} ({card.path if card else 'no longer in the set'})")
    if changed:
        return ("the record's cards changed since it was made: " + ", ".join(changed[:20]) +
                "; replay it with the card files it was played with")
    return None

