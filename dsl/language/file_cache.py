"""A cache of loaded card files, so that a command does not parse every card at start-up.

Why: building the Lark parser and parsing the shipped cards is most of a command's start-up
(`dsl cards`, `dsl lint` of one fan card). What a card file gives (its CardDef and the
Source its checks and positions come from) is a pure function of the file's path and text
and of this package's code, so it is kept per file in the user's cache folder under a key
made of exactly those: change a card file, or the code, and its entry is simply not found.
The documents of the rule, set and strategy files (dsl.language.documents.kept_document) and the
strategies' parsed texts (dsl.language.parser) are kept the same way: every `dsl simulate` reads them.

Safe to load: entries are JSON, never pickle. Decoding builds only the project's own
frozen dataclasses (AST nodes, CardDef, positions, diagnostics), by name from a fixed table
and with the fields each class declares; anything else makes the entry unusable and the
file is parsed again. An entry not owned by the user running the command is ignored, and
the cache folder is created private (0700).

Integrity: an entry states the hash of what it was made from (the code, the file's path and
text) and an HMAC-SHA256 of that hash and its value, keyed with a random secret in the
folder's `key` file (created 0600, with O_EXCL; a key file that is a link, not the user's,
readable by others or malformed turns the cache off). An entry edited by hand, copied under
another file's name or made with another key (a cache folder restored from elsewhere, an
old format) is not used: the file is parsed again and its entry rewritten.

    DSL_CACHE_DIR=FOLDER   another cache folder
    DSL_NO_CACHE=1         neither read nor write the cache
"""
from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import os
import secrets
import stat
import sys
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from . import ast as _ast
from . import ast_mats as _ast_mats
from . import errors as _errors
from . import model as _model
from . import yamlpos as _yamlpos

FORMAT = 2                       # bump when the encoding below changes
MAX_ENTRY_BYTES = 4_000_000      # an entry larger than this is neither written nor read
MAX_ENTRIES = 4000               # beyond this many files, the oldest half is removed
MAX_DEPTH = 200                  # nesting of an entry (hostile entries stay bounded)


def _table() -> dict:
    """Every class an entry may name: the dataclasses of the AST (the mats' nodes in
    ast_mats), the model, positions and diagnostics, keyed "module.Class" (ast.Where and
    yamlpos.Where differ)."""
    out = {}
    for mod in (_ast, _ast_mats, _model, _errors, _yamlpos):
        short = mod.__name__.rsplit(".", 1)[1]
        for name, obj in vars(mod).items():
            if isinstance(obj, type) and dataclasses.is_dataclass(obj) and \
                    obj.__module__ == mod.__name__:
                out[f"{short}.{name}"] = obj
    return out


_CLASSES = _table()
_NAMES = {cls: key for key, cls in _CLASSES.items()}
_INIT_FIELDS = {cls: tuple(f.name for f in dataclasses.fields(cls) if f.init)
                for cls in _CLASSES.values()}
_BUILTIN = {t.__name__: t for t in (int, str, bool, float, tuple, list, dict, frozenset)}


def _expected(annotation: str):
    """The types a field's annotation allows (`int`, `Cost`, `Optional[int]`...), or None
    when it says nothing checkable (`object`, unions of AST nodes)."""
    optional = annotation.startswith("Optional[") and annotation.endswith("]")
    name = annotation[9:-1] if optional else annotation
    by_name = {c.__name__: c for c in _CLASSES.values()}
    t = _BUILTIN.get(name) or by_name.get(name)
    if t is None:
        return None
    return (t, type(None)) if optional else (t,)


_FIELD_TYPES = {cls: tuple(_expected(str(f.type)) for f in dataclasses.fields(cls) if f.init)
                for cls in _CLASSES.values()}


class Unusable(Exception):
    """An entry that cannot be decoded into the project's own objects."""


# ---- encoding ---------------------------------------------------------------------------------
def encode(value):
    """A JSON-ready form of a loaded value: tuples, frozensets, dicts with tuple keys and
    the project's dataclasses are tagged so that `decode` gives back an equal value."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, tuple):
        return {"t": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return {"f": sorted((encode(v) for v in value), key=json.dumps)}
    if isinstance(value, _yamlpos.Located):
        return {"L": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, dict):
        return {"d": [[encode(k), encode(v)] for k, v in value.items()]}
    cls = type(value)
    if cls in _NAMES:
        return {"c": _NAMES[cls], "v": [encode(getattr(value, f)) for f in _INIT_FIELDS[cls]]}
    raise TypeError(f"cannot cache a {cls.__name__}")


def decode(data, depth: int = 0):
    if depth > MAX_DEPTH:
        raise Unusable("nested too deep")
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [decode(v, depth + 1) for v in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise Unusable("not an encoded value")
    if "t" in data:
        return tuple(decode(v, depth + 1) for v in _items(data["t"]))
    if "f" in data:
        return frozenset(decode(v, depth + 1) for v in _items(data["f"]))
    if "d" in data or "L" in data:
        out = _yamlpos.Located() if "L" in data else {}
        for pair in _items(data.get("d", data.get("L"))):
            if not isinstance(pair, list) or len(pair) != 2:
                raise Unusable("not a key and a value")
            key = decode(pair[0], depth + 1)
            try:
                out[key] = decode(pair[1], depth + 1)
            except TypeError:                 # an unhashable key
                raise Unusable("a key that cannot be a key") from None
        return out
    cls = _CLASSES.get(data.get("c")) if isinstance(data.get("c"), str) else None
    if cls is None:
        raise Unusable(f"unknown class {str(data.get('c'))[:40]!r}")
    values = _items(data.get("v"))
    if len(values) != len(_INIT_FIELDS[cls]):
        raise Unusable(f"{cls.__name__} with {len(values)} fields")
    fields = [decode(v, depth + 1) for v in values]
    for value, allowed in zip(fields, _FIELD_TYPES[cls]):
        if allowed is not None and not isinstance(value, allowed):
            raise Unusable(f"{cls.__name__} with a field of type {type(value).__name__}")
    try:
        return cls(*fields)
    except (TypeError, ValueError, AttributeError, KeyError) as e:
        raise Unusable(f"{cls.__name__}: {e}") from None


def _items(value) -> list:
    if not isinstance(value, list):
        raise Unusable("not a list")
    return value


# ---- where entries live -----------------------------------------------------------------------
def cache_dir() -> Path | None:
    """The user's cache folder for this tool (None: caching is off)."""
    if os.environ.get("DSL_NO_CACHE"):
        return None
    if os.environ.get("DSL_CACHE_DIR"):
        return Path(os.environ["DSL_CACHE_DIR"])
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    else:                               # Linux and macOS alike, as uv and ruff do
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dominion-card-language"


@lru_cache(maxsize=1)
def code_key() -> str:
    """A hash of the code and data that turn a card file into objects: this package's
    Python files, grammar and schemas. A changed checkout misses every old entry."""
    h = hashlib.sha256(f"format {FORMAT}".encode())
    root = files("dsl.language")
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith((".py", ".lark", ".json")):
            h.update(entry.name.encode() + b"\0" + entry.read_bytes())
    return h.hexdigest()


def _source_hash(path: str, text: str) -> str:
    """What an entry is made from: this code, the file's path and its text."""
    h = hashlib.sha256(code_key().encode())
    h.update(path.encode("utf-8", "replace") + b"\0" + text.encode("utf-8", "replace"))
    return h.hexdigest()


def entry_key(path: str, text: str) -> str:
    return _source_hash(path, text)[:40]


KEY_FILE = "key"


@lru_cache(maxsize=8)
def secret_key(folder: str, create: bool = False) -> bytes | None:
    """The folder's secret (32 random bytes, hex in `key`), made when `create` and missing;
    None when it is missing, or is not a private regular file of this user."""
    path = os.path.join(folder, KEY_FILE)
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    if create:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | nofollow, 0o600)
        except FileExistsError:
            pass
        except OSError:
            return None
        else:
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(secrets.token_hex(32))
    try:
        fd = os.open(path, os.O_RDONLY | nofollow | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_mode & 0o077 or \
                (hasattr(os, "getuid") and st.st_uid != os.getuid()):
            return None
        raw = f.read(65)
    try:
        key = bytes.fromhex(raw.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        return None
    if len(key) != 32:
        return None
    secret_key.cache_clear() if create else None      # a later read sees the file as made
    return key


def _mac(key: bytes, source: str, body: bytes) -> str:
    return hmac.new(key, source.encode("ascii") + b"\n" + body, hashlib.sha256).hexdigest()


# ---- reading and writing -----------------------------------------------------------------------
def get(path: str, text: str):
    """The cached value for this card file's path and text, or None (also for an entry
    whose hash or HMAC does not match: see the module's docstring)."""
    folder = cache_dir()
    if folder is None:
        return None
    source = _source_hash(path, text)
    file = folder / f"{source[:40]}.json"
    try:
        st = file.stat()
        if st.st_size > MAX_ENTRY_BYTES or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
            return None
        key = secret_key(str(folder))
        if key is None:
            return None
        head, _, body = file.read_bytes().partition(b"\n")
        stated = json.loads(head)
        if not isinstance(stated, dict) or stated.get("source") != source or \
                not hmac.compare_digest(str(stated.get("mac")), _mac(key, source, body)):
            return None
        return decode(json.loads(body.decode("utf-8")))
    except Exception:        # whatever a broken or hostile entry raises: parse the file again
        return None


def put(path: str, text: str, value) -> None:
    """Keep a value for this file (silently nothing when the folder cannot be written)."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        body = json.dumps(encode(value), separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError, RecursionError):
        return
    if len(body) > MAX_ENTRY_BYTES - 200:
        return
    source = _source_hash(path, text)
    file = folder / f"{source[:40]}.json"
    part = file.with_name(f"{file.name}.{os.getpid()}.part")
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        key = secret_key(str(folder)) or secret_key(str(folder), create=True)
        if key is None:
            return
        head = json.dumps({"source": source, "mac": _mac(key, source, body)}).encode("ascii")
        part.write_bytes(head + b"\n" + body)
        part.replace(file)
        if not _pruned:
            _pruned.append(True)          # once per process: a look at the folder's size
            _prune(folder)
    except OSError:
        try:
            part.unlink()
        except OSError:
            pass


_pruned: list = []


def _prune(folder: Path) -> None:
    entries = list(folder.glob("*.json"))
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort(key=lambda p: p.stat().st_mtime)
    for old in entries[: len(entries) // 2]:
        try:
            old.unlink()
        except OSError:
            pass
