"""Generated modules kept by content: in this process by the run's key, and in the user's
cache folder (the card cache's, dsl.language.file_cache) as `compiled/KEY.py`, where a
person can read what a run plays. The key is a hash of the compiler's own code and of
everything the source is made from (the cards, rules, kingdom, set rules and strategies).

A cached module is Python that this tool runs, so it is run only when it is provably ours:
its first line is an HMAC-SHA256 of the key and the source, keyed with the cache folder's
secret (file_cache.secret_key). A file edited by hand, copied under another key or written
with another secret is made again from the cards."""
from __future__ import annotations

import hashlib
import hmac
import os
from functools import lru_cache
from importlib.resources import files

from dsl.language.file_cache import cache_dir, secret_key

MAX_SOURCE_BYTES = 2_000_000
_MODULES: dict = {}              # key -> the module's namespace, in this process
_MAX_MODULES = 256


_CODE = ("interpreter.compiled", "interpreter.bots", "interpreter.engine",
         "interpreter.effects", "interpreter.core")


@lru_cache(maxsize=1)
def compiler_key() -> str:
    """A hash of the compiler's code and of the engine and bots it mirrors (the turn limit,
    the bots' weighing): a changed one makes every module anew."""
    h = hashlib.sha256(b"compiled 1")
    for package in _CODE:
        for entry in sorted(files(package).iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".py"):
                h.update(f"{package}/{entry.name}".encode() + b"\0" + entry.read_bytes())
    return h.hexdigest()


def run_key(*parts) -> str:
    """The key of a generated module: the compiler's code and what the source is made of
    (plain data whose repr says all of it: definitions, strategies, names)."""
    h = hashlib.sha256(compiler_key().encode())
    for part in parts:
        h.update(repr(part).encode("utf-8", "replace") + b"\0")
    return h.hexdigest()[:40]


def module(key: str, make) -> dict:
    """The namespace of the module for `key`: from this process, else the cache folder (when
    its HMAC holds), else made by make() (its source) and kept in both."""
    hit = _MODULES.get(key)
    if hit is not None:
        return hit
    source = _read(key)
    if source is None:
        source = make()
        _write(key, source)
    namespace = {"__name__": f"interpreter.compiled.run_{key[:12]}"}
    exec(compile(source, f"<compiled run {key[:12]}>", "exec"), namespace)
    namespace["__source__"], namespace["__key__"] = source, key
    if len(_MODULES) >= _MAX_MODULES:
        _MODULES.clear()
    _MODULES[key] = namespace
    return namespace


def source_path(key: str):
    folder = cache_dir()
    return None if folder is None else folder / "compiled" / f"{key}.py"


def _mac(secret: bytes, key: str, body: bytes) -> str:
    return hmac.new(secret, key.encode("ascii") + b"\n" + body, hashlib.sha256).hexdigest()


def _read(key: str) -> str | None:
    path = source_path(key)
    if path is None:
        return None
    try:
        st = path.stat()
        if st.st_size > MAX_SOURCE_BYTES or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
            return None
        secret = secret_key(str(path.parent.parent))
        if secret is None:
            return None
        head, _, body = path.read_bytes().partition(b"\n")
        if not hmac.compare_digest(head.decode("ascii", "replace").removeprefix("# hmac "),
                                   _mac(secret, key, body)):
            return None
        return body.decode("utf-8")
    except (OSError, ValueError):
        return None


def _write(key: str, source: str) -> None:
    """Keep the source (silently nothing when the folder cannot be written)."""
    path = source_path(key)
    if path is None:
        return
    body = source.encode("utf-8")
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder = str(path.parent.parent)
        secret = secret_key(folder) or secret_key(folder, create=True)
        if secret is None:
            return
        part.write_bytes(f"# hmac {_mac(secret, key, body)}\n".encode("ascii") + body)
        part.replace(path)
    except OSError:
        try:
            part.unlink()
        except OSError:
            pass
