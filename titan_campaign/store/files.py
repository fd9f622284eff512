"""Atomic writes and a cross-process lock for the database file."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


class StoreError(Exception):
    """The database cannot be used as asked; the message names the file and what is wrong."""


def read_json(path: Path) -> Any:
    """The parsed file, None if it does not exist; StoreError if it cannot be read as JSON."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise StoreError(f"{path} is a folder, not a campaign database") from None
    except PermissionError:
        raise StoreError(f"{path} cannot be read: permission denied") from None
    except OSError as error:
        raise StoreError(f"{path} cannot be read: {error.strerror}") from None
    if not raw.strip():
        raise StoreError(f"{path} is empty, not a campaign database (left untouched)")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise StoreError(f"{path} is not valid JSON; it may be damaged (left untouched)") from None


def write_atomically(path: Path, data: Any) -> None:
    """Temporary file in the same folder, flush, fsync, rename over ``path``, fsync the folder.

    A crash at any point leaves either the old file or the new one, never a mix.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as tmp:
            tmp.write(payload)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def remove_stale_temporaries(path: Path, older_than: float = 60.0) -> None:
    """Temporary files a crashed writer left beside the database (only while holding the lock)."""
    now = time.time()
    for leftover in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            if now - leftover.stat().st_mtime > older_than:
                leftover.unlink()
        except OSError:
            pass


@contextmanager
def exclusive_lock(path: Path, timeout: float = 5.0) -> Iterator[None]:
    """Serialise writers: a second one waits up to ``timeout`` seconds, then gives up."""
    lock_path = path.with_name(path.name + ".lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise StoreError(f"{path} cannot be locked for writing: {error.strerror}") from None
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as error:
                if error.errno not in (errno.EAGAIN, errno.EACCES):
                    raise
                if time.monotonic() >= deadline:
                    holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "another process"
                    raise StoreError(f"database {path} is in use by {holder}; try again") from None
                time.sleep(0.02)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"titan-campaign pid {os.getpid()}".encode(), 0)
        yield
    finally:
        os.close(fd)  # closing releases the lock
