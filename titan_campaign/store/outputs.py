"""Where a printout or an export may be written: never over the database or one of its files
(``campaigns.json.*``: backups, lock, the lock's holder, refused changes), judged by what a path
really is (links followed, the same file by inode), not by its name.

An existing file is replaced whole, atomically; a stream (``-`` or /dev/stdout for standard
output, /dev/stderr, /dev/fd/N, a terminal, /dev/null, a named pipe) is written as a stream and
never replaced by a file; a folder that does not exist is not made unless asked.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import stat
import sys
from pathlib import Path

from .documents import brought_in_by, stated_versions
from .files import AfterWrite, StoreError, write_atomically

_STREAM = re.compile(r"/(?:dev/fd|proc/self/fd)/([0-9]{1,4})")
_NAMED_STREAMS = {"-": 1, "/dev/stdout": 1, "/dev/stderr": 2}


class MissingFolder(StoreError):
    """The folder to write into does not exist; ``folder`` may be made if the player agrees."""

    def __init__(self, folder: Path) -> None:
        super().__init__(f"the folder {folder} does not exist: make it first, or choose another")
        self.folder = folder


def stream_of(path: Path) -> int | None:
    """The open file descriptor ``path`` names (``-`` is standard output), else None."""
    text = str(path)
    if text in _NAMED_STREAMS:
        return _NAMED_STREAMS[text]
    found = _STREAM.fullmatch(text)
    return int(found.group(1)) if found else None


def is_stream(path: Path) -> bool:
    """Whether writing to ``path`` goes to a stream (standard output, a device, a pipe)
    rather than a file."""
    if stream_of(path) is not None:
        return True
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def write_output(
    database: Path, path: Path, payload: bytes, streams: bool = True, make_folder: bool = False
) -> Path:
    """Write a printout or export to ``path`` and return it; StoreError if ``path`` is the
    database or one of its files, a folder, or in a folder that does not exist (MissingFolder;
    made first with ``make_folder``). ``streams``: whether ``-``, a device or a pipe may be
    written (the app says no: its terminal is not a file)."""
    if not str(path).strip():
        raise StoreError("say which file to write")
    fd = stream_of(path)
    if fd is not None:
        if not streams:
            raise StoreError(f"{path} is not a file: choose a file to save to")
        _check_stream(database, path, fd)
        _write_stream(path, fd, payload)
        return path
    try:
        info: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise StoreError(f"{path} cannot be written: {error.strerror or error}") from None
    except ValueError:
        raise StoreError(f"{path} is not a file name that can be written") from None
    _check_kind(path, _check_not_database(database, path, info), _kind_written(payload))
    if info is not None and not stat.S_ISREG(info.st_mode):
        if stat.S_ISDIR(info.st_mode):
            raise StoreError(f"{path} is a folder: name a file in it")
        if not streams or not (stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
            raise StoreError(f"{path} is not a file: choose a file to save to")
        _write_device(path, payload)
        return path
    real = Path(os.path.realpath(path))  # "missing/../x.pdf" is x.pdf here: no folder made
    folder = real.parent
    if not folder.is_dir():
        if folder.exists():
            raise StoreError(f"{folder} is not a folder: choose another place for {path.name}")
        if not make_folder:
            raise MissingFolder(Path(os.path.dirname(os.path.abspath(path))))
        try:
            folder.mkdir(parents=True)
        except OSError as error:
            raise StoreError(f"{folder} cannot be made: {error.strerror or error}") from None
    try:
        write_atomically(real, payload)
    except AfterWrite:
        pass  # the file is written whole; a printout lost to a power cut is simply printed again
    return path


def _own_files(database: Path) -> tuple[list[Path], set[tuple[int, int]]]:
    """The database's folders (as given and as linked to) with its own file names, and the
    identities (device, inode) of every file that is the database's."""
    places = [Path(os.path.abspath(database)), Path(os.path.realpath(database))]
    identities: set[tuple[int, int]] = set()
    for place in places:
        try:
            entries = list(os.scandir(place.parent))
        except OSError:
            continue
        for entry in entries:
            if _is_own_name(place.name, entry.name):
                identities |= _identities(Path(entry.path))
    return places, identities


def _is_own_name(database_name: str, name: str) -> bool:
    return name == database_name or name.startswith((f"{database_name}.", f".{database_name}."))


def _identities(path: Path) -> set[tuple[int, int]]:
    """The file's identity, and every file's under it if it is a folder (the backups)."""
    try:
        info = os.stat(path)
    except OSError:
        return set()
    found = {(info.st_dev, info.st_ino)}
    if stat.S_ISDIR(info.st_mode):
        for root, _folders, files in os.walk(path):
            for name in files:
                found |= _identities(Path(root) / name)
    return found


def check_replaceable(database: Path, path: Path, format: str | None = None) -> None:
    """StoreError if what ``write_output`` writes may not replace ``path``: the database or
    one of its files, another database, or a file the program wrote as data of another kind
    than the one written (a file stating ``format``, as an export or a Titan file does; None
    for a printout). Asked before a player is offered to replace a file there."""
    try:
        info: os.stat_result | None = os.stat(path)
    except (OSError, ValueError):
        info = None
    _check_kind(path, _check_not_database(database, path, info), _kind_of_format(format))


def _check_kind(path: Path, kind: str | None, written: str | None) -> None:
    """StoreError if the file there is the program's data (``kind``) and what is written is
    not of its kind (``written``: None for a printout): an export replaces only an export."""
    if kind is not None and kind != written:
        raise StoreError(f"{path} is {kind}: choose another file (nothing written)")


def _check_not_database(database: Path, path: Path, info: os.stat_result | None) -> str | None:
    """StoreError if ``path`` is the database, one of its files or another database; else
    what the file there is if the program wrote it as data (``_kind_of``), or None."""
    places, identities = _own_files(database)
    real = Path(os.path.realpath(path))
    owned = info is not None and (info.st_dev, info.st_ino) in identities
    for place in places:
        for folder in (real.parent, *real.parents):
            if _same_folder(folder, place.parent):
                name = real.name if folder == real.parent else real.relative_to(folder).parts[0]
                owned = owned or _is_own_name(place.name, name)
                break
    if owned:
        raise StoreError(
            f"{path} is the campaign database {database} or one of its files (the names"
            f" beginning {database.name}. are kept for them): choose another file (nothing written)"
        )
    kind = _kind_of(_read_start(path)) if info is not None and stat.S_ISREG(info.st_mode) else None
    if kind == DATABASE:
        raise StoreError(f"{path} is {DATABASE}: choose another file (nothing written)")
    return kind


DATABASE = "a campaign database (another group's, or a copy of this one)"


def _read_start(path: Path) -> bytes:
    """The file's bytes, if it may be a file the program wrote as data (JSON, or a backup
    compressed); else only its first bytes."""
    try:
        with open(path, "rb") as file:
            start = file.read(2)
            return start + file.read() if start[:1] == b"{" or start == GZIP else start
    except OSError:
        return b""


GZIP = b"\x1f\x8b"


def _kind_written(payload: bytes) -> str | None:
    """What this program's own output is, by the format it names first (an export, a Titan
    file); None for a printout. (Read from its start: parsing a whole export again cost a
    tenth of the command.)"""
    found = re.search(rb'"format": "([^"]*)"', payload[:200])
    return _kind_of_format(found[1].decode() if found else None)


def _kind_of_format(format: str | None) -> str | None:
    """What a file stating ``format`` is, in words ("a Titan file"); None for a printout."""
    described = brought_in_by(Path(), {"format": format}) if format else None
    return described[0] if described else None


def _kind_of(raw: bytes) -> str | None:
    """What a file the program wrote as data is, in words (a database, a compressed backup of
    one, an export, a Titan file, the changes a merge refused); None for any other file (a
    printout, say, which a printout may replace; an export replaces only an export)."""
    if raw[:2] == GZIP:
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError):
            return None
    if raw.lstrip()[:1] != b"{":
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if stated_versions(data):
        return DATABASE
    found = brought_in_by(Path(), data)
    return found[0] if found else None


def _same_folder(one: Path, other: Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return one == other


def _check_stream(database: Path, path: Path, fd: int) -> None:
    try:
        info = os.fstat(fd)
    except OSError:
        where = "standard output" if fd == 1 else str(path)
        raise StoreError(f"{where} is closed: nothing to write to") from None
    if stat.S_ISREG(info.st_mode) and (info.st_dev, info.st_ino) in _own_files(database)[1]:
        raise StoreError(
            f"{path} leads to the campaign database {database}: choose another file (nothing written)"
        )


def _write_stream(path: Path, fd: int, payload: bytes) -> None:
    try:
        shown = sys.stdout if fd == 1 else None
        if shown is not None and hasattr(shown, "buffer"):  # what is printed, kept in order
            shown.flush()
            shown.buffer.write(payload)
            shown.buffer.flush()
            return
        with os.fdopen(os.dup(fd), "wb") as stream:
            stream.write(payload)
    except BrokenPipeError:
        raise
    except OSError as error:
        raise StoreError(f"{path} cannot be written: {error.strerror or error}") from None


def _write_device(path: Path, payload: bytes) -> None:
    """A device or named pipe is written into, never replaced by a file."""
    try:
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "wb") as stream:
            stream.write(payload)
    except OSError as error:
        raise StoreError(f"{path} cannot be written: {error.strerror or error}") from None
