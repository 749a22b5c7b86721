"""Where the shipped sets, locale catalogs and strategies are: the package data of
`dsl.shipped` in an install (a wheel, an sdist, pipx), the top-level folders in a source
checkout. Nothing is ever written there (a fan set's files live in its own folder)."""
from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from .inputs import resolved

SHIPPED = ("sets", "locales", "strategies")
_CHECKOUT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=None)
def shipped_dir(name: str) -> Path:
    """The folder of the shipped `sets`, `locales` or `strategies`."""
    if name not in SHIPPED:
        raise ValueError(name)
    packaged = files("dsl").joinpath("shipped", name)
    if packaged.is_dir():              # an install: a real folder in site-packages
        return Path(str(packaged))
    # a source checkout (also an editable install): the project's own folders
    return _CHECKOUT / name


def is_shipped(path: Path) -> bool:
    """Whether a file is one of the shipped sets' (not a fan set's)."""
    root = shipped_dir("sets").resolve()
    try:
        resolved(path).relative_to(root)
    except ValueError:
        return False
    return True


def fan_set_folders(catalog) -> list[Path]:
    """The folders of the loaded fan sets (a set.yaml outside the shipped sets), in the
    order they were loaded."""
    return [Path(s["path"]).parent for s in catalog.sets.values()
            if s.get("path") and not is_shipped(s["path"])]


def fan_subfolders(catalog, name: str) -> list[Path]:
    """A folder each loaded fan set brings along (`strategies`, `tests`, `locales`)."""
    return [f / name for f in fan_set_folders(catalog) if (f / name).is_dir()]
