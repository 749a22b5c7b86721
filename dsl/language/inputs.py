"""Reading an untrusted input file: only a regular file, and at most a limit of it (a 2 GB
sparse file or /dev/zero is refused after reading limit+1 bytes, not read whole); a FIFO
is refused without waiting for a writer; a symlink loop is named as one."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class InputError(Exception):
    """Why a file cannot be read, in a few words (the caller adds the file's name)."""


def kind_of(st_mode: int) -> str:
    if stat.S_ISDIR(st_mode):
        return "a folder"
    if stat.S_ISFIFO(st_mode):
        return "a FIFO"
    if stat.S_ISCHR(st_mode) or stat.S_ISBLK(st_mode):
        return "a device"
    if stat.S_ISSOCK(st_mode):
        return "a socket"
    return "not a regular file"


def why_not_readable(path, what: str = "a card file") -> str | None:
    """For a path that is neither a folder nor a regular file: what it is instead
    (a symlink loop, a FIFO, a device), or None when there is nothing there."""
    try:
        st = os.stat(path)
    except OSError as e:
        if e.errno == errno.ELOOP:
            return "a symlink loop; point the link at a file"
        if os.path.lexists(path) and e.errno == errno.ENOENT:
            return "a symlink to nothing; point the link at a file"
        return None if e.errno in (errno.ENOENT, errno.ENOTDIR) else (e.strerror or str(e))
    except ValueError:
        return "not a valid path"
    if stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode):
        return None
    return f"not a regular file ({kind_of(st.st_mode)}); give {what}"


def read_bounded(path, limit: int, what: str = "a card file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes, else InputError."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(Path(path), flags)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise InputError("cannot read file: a symlink loop; point the link at a file") \
                from None
        raise InputError(f"cannot read file: {e.strerror or e}") from None
    except ValueError:
        raise InputError("cannot read file: not a valid path") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"not a regular file ({kind_of(st.st_mode)}); give {what}")
        if st.st_size > limit:
            raise InputError(f"file too large (over {limit} bytes)")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise InputError(f"file too large (over {limit} bytes)")
        return b"".join(chunks)
    except OSError as e:
        raise InputError(f"cannot read file: {e.strerror or e}") from None
    finally:
        os.close(fd)


def resolved(path) -> Path:
    """Path.resolve(), or the absolute path when it cannot be resolved (a symlink loop
    raises RuntimeError or OSError): the file's reader then says what is wrong."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))
