"""Atomic writes and a cross-process lock for the database file."""

from __future__ import annotations

import errno
import fcntl
import glob
import json
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

LOCK_TIMEOUT = 5.0  # seconds a second writer waits before giving up
HOLDER_WIDTH = 40  # bytes of the lock file naming the process that holds it


class StoreError(Exception):
    """The database cannot be used as asked; the message names the file and what is wrong."""


def read_json(path: Path) -> Any:
    """The parsed file, None if it does not exist; StoreError if it cannot be read as JSON."""
    raw = read_raw(path)
    return None if raw is None else parse_json(path, raw)


def read_raw(path: Path) -> bytes | None:
    """The file's bytes, None if it does not exist; StoreError if it cannot be read or is empty."""
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
    return raw


def parse_json(path: Path, raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except RecursionError:
        raise StoreError(f"{path} nests too deeply to be a campaign database (left untouched)") from None
    except ValueError:
        raise StoreError(f"{path} is not valid JSON; it may be damaged (left untouched)") from None


def fsync_folder(folder: Path) -> None:
    """Make a rename or a new file name in ``folder`` durable."""
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def encode(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def _new_temporary(folder: Path, prefix: str) -> tuple[int, str]:
    """A new, unique temporary file (what tempfile.mkstemp does, without importing tempfile)."""
    global _temporaries
    while True:
        _temporaries += 1
        name = os.path.join(folder, f"{prefix}{os.getpid()}-{_temporaries}-{time.time_ns() % 10**9}.tmp")
        try:
            return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644), name
        except FileExistsError:
            continue


_temporaries = 0


def _fill(fd: int, payload: bytes) -> bytes:
    """Write ``payload`` from the start of a file opened for writing, and sync it. A reused file
    a little longer than ``payload`` is padded with spaces instead of cut (JSON ignores them):
    a file that keeps its size and its blocks needs only its data synced, not the file
    system's journal. Returns the bytes written."""
    size = os.fstat(fd).st_size
    if len(payload) < size <= 2 * len(payload) + PAD_LIMIT:
        payload = payload.ljust(size)
    elif len(payload) < size:
        os.ftruncate(fd, len(payload))
    rest = memoryview(payload)
    while rest:
        rest = rest[os.write(fd, rest) :]
    os.fdatasync(fd)  # the data (and the size, if it changed): all a file needs
    return payload


PAD_LIMIT = 4096  # bytes of padding always accepted when a file is reused


def _open_spare(spare: Path | None) -> int | None:
    try:
        return None if spare is None else os.open(spare, os.O_WRONLY)
    except FileNotFoundError:
        return None


def write_atomically(path: Path, data: Any, spare: Path | None = None) -> bytes:
    """Temporary file in the same folder, flush, fsync, rename over ``path``, fsync the folder.
    Returns the bytes written.

    A crash at any point leaves either the old file or the new one, never a mix; a leftover
    temporary file is named ``.NAME.*.tmp`` and removed by the next writer. ``spare``: a file
    nothing needs any more, in the same folder, to use as the temporary file if it exists
    (cheaper than a new one: see ``_fill``).
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    payload = data if isinstance(data, bytes) else encode(data)
    fd = _open_spare(spare)
    if fd is not None:
        tmp_name = str(spare)
    else:
        fd, tmp_name = _new_temporary(folder, f".{path.name}.")
    try:
        with os.fdopen(fd, "wb", buffering=0) as tmp:
            written = _fill(tmp.fileno(), payload)
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    fsync_folder(folder)
    return written


def write_new(path: Path, payload: bytes, spare: Path | None = None) -> None:
    """A file that no index names yet, written in place and synced (its folder is synced by
    the caller). A crash leaves at worst a file nothing names, which the next writer removes.
    ``spare``: a file nothing needs any more, in the same folder, renamed to ``path`` and
    overwritten if it exists (cheaper than a new file: see ``_fill``)."""
    try:
        if spare is None:
            raise FileNotFoundError
        os.rename(spare, path)
        flags = os.O_WRONLY
    except FileNotFoundError:
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    fd = os.open(path, flags, 0o644)
    try:
        _fill(fd, payload)
    finally:
        os.close(fd)


def remove_stale_temporaries(path: Path) -> int:
    """Temporary files a crashed writer of the database at ``path`` left beside it (only ours:
    ``.NAME.PID-N-T.tmp``, and ``.NAME.titan-I-rN.json.PID-N-T.tmp`` from earlier versions).
    Call only while holding the lock, when no other writer can be half-way through. Returns how
    many were removed."""
    ours = re.compile(rf"^\.{re.escape(path.name)}\.(titan-\d+-r\d+\.json\.)?\d+-\d+-\d+\.tmp$")
    removed = 0
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        if ours.match(leftover.name):
            try:
                leftover.unlink()
                removed += 1
            except OSError:
                pass
    return removed


class WriterLock:
    """The held writers' lock. Its file also says whether a change is being written: a writer
    killed half-way leaves that mark, and the next one (``interrupted``) cleans up after it,
    so no writer has to search for leftovers otherwise."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.interrupted = os.pread(fd, 1, HOLDER_WIDTH) == _WRITING

    def writing(self) -> None:
        os.pwrite(self.fd, _WRITING, HOLDER_WIDTH)

    def written(self) -> None:
        os.pwrite(self.fd, b"-", HOLDER_WIDTH)


_WRITING = b"w"


@contextmanager
def exclusive_lock(path: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[WriterLock]:
    """Serialise writers: a second one waits up to ``timeout`` seconds, then gives up."""
    lock_path = path.with_name(path.name + ".lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise StoreError(f"{path} cannot be locked for writing: {error.strerror}") from None
    try:
        deadline = time.monotonic() + timeout
        pause = 0.001  # short at first: most writes take a few milliseconds
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as error:
                if error.errno not in (errno.EAGAIN, errno.EACCES):
                    raise
                if time.monotonic() >= deadline:
                    holder = os.pread(fd, HOLDER_WIDTH, 0).decode(errors="replace").strip() or "another process"
                    raise StoreError(f"database {path} is in use by {holder}; try again") from None
                time.sleep(pause)
                pause = min(pause * 1.5, 0.02)
        os.pwrite(fd, f"titan-campaign pid {os.getpid()}".ljust(HOLDER_WIDTH).encode(), 0)  # no truncate: cheaper
        yield WriterLock(fd)
    finally:
        os.close(fd)  # closing releases the lock
