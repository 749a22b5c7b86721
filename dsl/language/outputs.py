"""Writing outputs: the one way every command writes a file (faces, records, catalogs,
schemas, plots, the gallery's folder swap).

- A character device or a FIFO the user names (`--out /dev/null`, `--out /dev/stdout`, a
  pipe made with `mkfifo`) is written into, as `cp` would; it is never replaced by a
  regular file. A block device or a socket is refused.
- Anything else is written whole or not at all: into a new temporary file beside the
  target (`mkstemp`, so O_EXCL with a random name: a planted file or link is never written
  through), fsync'd, then renamed into place. The temporary file is removed on an error and
  on SIGTERM. Its permissions are a new file's (0666 less the umask, 0644 usually).
- Temporary files of earlier runs that were killed (`.NAME.XXXXXXXX.part`, the names this
  module makes) and gallery folders left half-swapped (`NAME.part-*`, `NAME.old-*`) are
  removed by the next write into that folder once they are an hour old, so that a run
  writing beside them now is left alone.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import stat
import tempfile
import threading
import time
from pathlib import Path

STALE_SECONDS = 3600        # a leftover this old is of a run that died
TMP_SUFFIX = ".part"
_OUR_TMP = re.compile(r"^\..+\.[a-z0-9_]{8}\.part$")        # mkstemp(prefix=".NAME.")
_OUR_DIRS = re.compile(r"^.+\.(part|old)-[a-z0-9_]{8}$")     # mkdtemp(prefix="NAME.part-")


class OutputError(Exception):
    """A file that cannot be written where asked: one line saying where and why."""


# ---- SIGTERM: remove what is being written, then die as asked ----------------------------------
_lock = threading.Lock()
_active: dict[str, bool] = {}       # temporary path -> is a folder
_previous = None                    # the handler before ours, while ours is installed
_owner = None                       # the process that installed it (a forked child is not)


def _on_sigterm(signum, frame):
    if os.getpid() == _owner:
        for path, is_dir in list(_active.items()):
            _remove(path, is_dir)
        _active.clear()
    previous = _previous if _previous is not None else signal.SIG_DFL
    _uninstall()
    signal.signal(signal.SIGTERM, previous)
    if callable(previous):
        previous(signum, frame)
    else:
        os.kill(os.getpid(), signal.SIGTERM)


def _uninstall():
    global _previous, _owner
    _previous = _owner = None


def _register(path: str, is_dir: bool = False) -> None:
    global _previous, _owner
    with _lock:
        _active[path] = is_dir
        if _owner != os.getpid() and threading.current_thread() is threading.main_thread():
            try:
                previous = signal.getsignal(signal.SIGTERM)
                if previous is not signal.SIG_IGN:      # a process told to ignore it goes on
                    _previous = previous
                    signal.signal(signal.SIGTERM, _on_sigterm)
                    _owner = os.getpid()
            except (ValueError, OSError):      # not the main thread of the interpreter
                pass


def _unregister(path: str) -> None:
    with _lock:
        _active.pop(path, None)
        if not _active and _owner == os.getpid():
            previous = _previous
            _uninstall()
            try:
                signal.signal(signal.SIGTERM, previous if previous is not None
                              else signal.SIG_DFL)
            except (ValueError, OSError):
                pass


def _remove(path: str, is_dir: bool) -> None:
    try:
        if is_dir:
            shutil.rmtree(path, ignore_errors=True)
        else:
            os.unlink(path)
    except OSError:
        pass


# ---- leftovers of runs that were killed --------------------------------------------------------
_cleaned: set = set()


def clean_stale(folder: Path, now: float | None = None) -> int:
    """Remove this module's temporary files and folders in `folder` that are over an hour
    old (once per folder and process); returns how many were removed."""
    key = os.path.abspath(folder)
    if now is None:
        if key in _cleaned:
            return 0
        _cleaned.add(key)
    limit = (time.time() if now is None else now) - STALE_SECONDS
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for e in entries[:100_000]:
        is_file = _OUR_TMP.match(e.name) is not None
        if not is_file and _OUR_DIRS.match(e.name) is None:
            continue
        try:
            st = e.stat(follow_symlinks=False)
        except OSError:
            continue
        if st.st_mtime > limit:
            continue
        if is_file and not stat.S_ISDIR(st.st_mode):
            _remove(e.path, False)
            removed += 1
        elif not is_file and stat.S_ISDIR(st.st_mode):
            _remove(e.path, True)
            removed += 1
    return removed


# ---- one file ------------------------------------------------------------------------------------
def _mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _special(path: Path):
    """The stat of an existing target that is not a regular file or a folder, else None."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode):
        return None
    return st


class Output:
    """An output being written: write to `.stream`, then `commit()`; `discard()` (or any
    error) leaves the target as it was. A device or FIFO is written into directly."""

    def __init__(self, path, text: bool = False):
        self.path = Path(path)
        self._tmp = None
        shown = str(path)
        try:
            if self.path.is_dir():
                raise OutputError(f"cannot write {shown}: it is a folder; give a file name")
        except OSError as e:          # a symlink loop, a name too long
            raise OutputError(f"cannot write {shown}: {e.strerror or e}") from None
        st = _special(self.path)
        if st is not None:
            if not (stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
                kind = "a block device" if stat.S_ISBLK(st.st_mode) else "a socket"
                raise OutputError(f"cannot write {shown}: it is {kind}; give a file name")
            try:
                fd = os.open(self.path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
            except OSError as e:
                raise OutputError(f"cannot write {shown}: {e.strerror}") from None
        else:
            folder = self.path.parent
            if not folder.is_dir():
                raise OutputError(f"cannot write {shown}: no folder {folder}")
            clean_stale(folder)
            try:
                fd, self._tmp = tempfile.mkstemp(prefix=f".{self.path.name}.",
                                                 suffix=TMP_SUFFIX, dir=folder)
            except OSError as e:
                raise OutputError(f"cannot write {shown}: {e.strerror}") from None
            _register(self._tmp)
            try:
                os.fchmod(fd, _mode())
            except OSError:
                pass
        self.stream = os.fdopen(fd, "w", encoding="utf-8", newline="") if text \
            else os.fdopen(fd, "wb")

    def commit(self) -> None:
        try:
            self.stream.flush()
            if self._tmp is not None:
                os.fsync(self.stream.fileno())
            self.stream.close()
            if self._tmp is not None:
                os.replace(self._tmp, self.path)
                _unregister(self._tmp)
                self._tmp = None
        except OSError as e:
            self.discard()
            raise OutputError(f"cannot write {self.path}: {e.strerror or e}") from None

    def discard(self) -> None:
        try:
            self.stream.close()
        except OSError:
            pass
        if self._tmp is not None:
            _remove(self._tmp, False)
            _unregister(self._tmp)
            self._tmp = None

    def __enter__(self):
        return self.stream

    def __exit__(self, kind, value, tb):
        if kind is None:
            self.commit()
        else:
            self.discard()
        return False


def write_output(path, data: bytes | str) -> None:
    """Write `data` to `path` whole or not at all (or into the device or FIFO it names);
    an OutputError says why it could not be written."""
    out = Output(path, text=isinstance(data, str))
    try:
        out.stream.write(data)
    except OSError as e:
        out.discard()
        raise OutputError(f"cannot write {path}: {e.strerror or e}") from None
    except BaseException:
        out.discard()
        raise
    out.commit()


# ---- a whole folder ------------------------------------------------------------------------------
def new_folder_beside(out: Path, kind: str = "part") -> Path:
    """A new empty folder `OUT.KIND-XXXXXXXX` beside `out` (removed on SIGTERM until
    `folder_done`), after removing the stale ones of killed runs."""
    clean_stale(out.parent)
    made = tempfile.mkdtemp(prefix=f"{out.name}.{kind}-", dir=out.parent)
    _register(made, is_dir=True)
    return Path(made)


def folder_done(folder: Path) -> None:
    """The folder of `new_folder_beside` is no longer ours to remove on SIGTERM."""
    _unregister(str(folder))


def remove_folder(folder: Path) -> None:
    _remove(str(folder), True)
    _unregister(str(folder))
