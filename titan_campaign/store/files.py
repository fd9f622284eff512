"""Reading the database file with clear errors, writing it atomically, and the writers' lock."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..rules.printable import shown

LOCK_TIMEOUT = 5.0  # seconds a second writer waits before saying the database is busy
MAX_BYTES = 200 * 1024 * 1024  # no campaign database comes near this


class StoreError(Exception):
    """The database cannot be used as asked; the message names the file and what is wrong."""


class Damaged(StoreError):
    """A file whose contents are damaged (empty, not JSON, a hand edit gone wrong): the
    database itself is told how to be mended (``Database``), a copy or an export given to
    merge or import is not."""


class AfterWrite(StoreError):
    """The file was replaced whole (the change is saved), then what followed failed."""


def read_bytes(path: Path, what: str = "campaign database") -> bytes | None:
    """The file's bytes, None if it does not exist; StoreError if it cannot be one of ours."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise StoreError(f"{path} is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise StoreError(f"{path} is not a regular file, not a {what}")
        if info.st_size > MAX_BYTES:
            raise StoreError(f"{path} is larger than {MAX_BYTES // 2**20} MB, not a {what}")
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except PermissionError:
        raise StoreError(f"{path} cannot be read: permission denied") from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise StoreError(f"{path} is a link in a loop of links, not a {what}") from None
        raise StoreError(f"{path} cannot be read: {error.strerror or error}") from None
    if not raw.strip():
        raise Damaged(f"{path} is empty, not a {what} (left untouched)")
    return raw


class _KeyTwice(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (a hand merge of two copies can give one
    twice; reading it would silently drop one of them)."""
    found = dict(pairs)
    if len(found) < len(pairs):
        keys = [key for key, _ in pairs]
        raise _KeyTwice(next(key for number, key in enumerate(keys) if key in keys[:number]))
    return found


class NotJson(Damaged):
    """A file that is not JSON at all (``hello``, a script, a picture): not one of the program's
    files, rather than one damaged. ``why``: what it is instead, as the message says it."""

    def __init__(self, path: Path, what: str, why: str) -> None:
        super().__init__(f"{path} is not a {what}: {why}")
        self.why = why


def parse_json(path: Path, raw: bytes, what: str = "campaign database") -> Any:
    """The JSON of a file meant to be a ``what``; Damaged saying where it is not JSON, or
    NotJson if it is not JSON at all."""
    try:
        return json.loads(raw, object_pairs_hook=_once)
    except _KeyTwice as twice:
        key = json.dumps(twice.key, ensure_ascii=False)
        raise Damaged(
            f"{path} has the key {key[:80]} twice{_line_with_twice(raw, key)} (as a merge of two"
            " copies leaves it): keep one (left untouched)"
        ) from None
    except RecursionError:
        raise Damaged(f"{path} nests too deeply to be read (left untouched)") from None
    except json.JSONDecodeError as error:
        start = raw.removeprefix(b"\xef\xbb\xbf").lstrip()
        if not start.startswith((b"{", b"[")):
            begins = shown(start.split(b"\n")[0][:30].decode("utf-8", "replace").strip())
            raise NotJson(path, what, f'it is not JSON (it begins "{begins}")') from None
        ends = _ends_early(error)
        if ends:
            raise Damaged(
                f"{path} is not valid JSON: the file ends early at line {ends}: it may have been"
                " cut short (left untouched)"
            ) from None
        raise Damaged(
            f"{path} is not valid JSON at line {error.lineno}, column {error.colno}"
            f" ({_json_mistake(error)}); it may be damaged (left untouched)"
        ) from None
    except ValueError as error:
        if raw.startswith(GZIP_MAGIC):
            raise StoreError(
                f"{path} is compressed (gzip), as older backups are: `titan-campaign restore N`"
                " brings a backup back, or uncompress it first (gunzip) (left untouched)"
            ) from None
        if b"\0" in raw[:4096]:  # no text file holds a NUL byte; pictures and programs do
            raise NotJson(
                path, what, "it is not text at all (a picture, an archive or a program?)"
            ) from None
        if isinstance(error, UnicodeDecodeError):
            line = raw.count(b"\n", 0, error.start) + 1
            column = error.start - raw.rfind(b"\n", 0, error.start)
            raise Damaged(
                f"{path} is not UTF-8 text at line {line}, column {column} (saved in another"
                " encoding, such as Latin-1?): save it as UTF-8 (left untouched)"
            ) from None
        raise Damaged(f"{path} is not valid JSON; it may be damaged (left untouched)") from None


_JSON_MISTAKES = {
    "Expecting property name enclosed in double quotes": "a name in double quotes expected",
    "Expecting ',' delimiter": "a comma missing between two entries?",
    "Expecting ':' delimiter": "a colon missing after a name",
    "Expecting value": "a value expected",
    "Extra data": "more after the end of the data",
    "Invalid control character at": "a tab or line break inside a text: write it as \\t or \\n",
    "Unterminated string starting at": "a text not closed by a double quote",
    "Invalid \\escape": "a backslash not followed by what JSON allows: write \\\\ for one",
    "Invalid \\uXXXX escape": "a backslash not followed by what JSON allows: write \\\\ for one",
}
"""The JSON library's words for a mistake, in a player's (what an editor most often leaves)."""


_AFTER_A_COMMA = {
    "Expecting property name enclosed in double quotes": (
        ": single quotes, or a comma after the last entry?"
    ),
    "Expecting value": ": a comma after the last item of a list?",
}
"""What a name or value missing right after a comma most often is (a comma left over)."""
_NOT_AFTER_A_COMMA = {"Expecting property name enclosed in double quotes": ": single quotes?"}


def _ends_early(error: json.JSONDecodeError) -> int:
    """The line the file's text ends on, when the JSON mistake is that it ends (a write cut
    short, as a sync tool's can be): a text left open runs to the end, or the mistake is after
    its last character; 0 when the mistake is before the end."""
    text = error.doc.rstrip()
    if error.msg.startswith("Unterminated string") or error.pos >= len(text):
        return text.count("\n") + 1
    return 0


def _json_mistake(error: json.JSONDecodeError) -> str:
    message = error.msg
    said = _JSON_MISTAKES.get(
        message, message.lower().removesuffix(" starting at").removesuffix(" at")
    )
    after_a_comma = error.doc[: error.pos].rstrip().endswith(",")
    return said + (_AFTER_A_COMMA if after_a_comma else _NOT_AFTER_A_COMMA).get(message, "")


def _line_with_twice(raw: bytes, key: str) -> str:
    """ " at lines N and M": the two lines beginning with ``key`` (as JSON), as in a file of
    one document a line with a document pasted twice; else " at line N", the first line
    holding it twice (a field typed twice in a document); "" if neither tells."""
    twice = f"{key}:".encode()
    lines = raw.splitlines()
    starting = [n for n, line in enumerate(lines, start=1) if line.lstrip().startswith(twice)]
    if len(starting) == 2:
        return f" at lines {starting[0]} and {starting[1]}"
    return next((f" at line {n}" for n, line in enumerate(lines, 1) if line.count(twice) > 1), "")


GZIP_MAGIC = b"\x1f\x8b"
"""The first bytes of a gzip file (a backup past the newest few is kept so)."""


SEAL = "sealed"
"""A key of the file's first ``meta`` document: the SHA-256 of the file as this program wrote
it (with these 64 digits read as zeros). A file whose seal holds is as the program wrote it,
every document checked before it was written, so it is read without checking them again; a
file changed by hand, or damaged, no longer matches and is checked whole."""

_SEAL_AT = f'"{SEAL}": "'.encode()
_UNSEALED = b"0" * 64
_SEALED_BY = b"titan-campaign schema 4, checks 2\n"
"""Part of every seal: a program whose checks of the documents grow stricter changes it, so
that it checks again the files written before. Checks 2: a sealed file's events are built
without their checks, so a file is sealed only when every event in it was checked."""


def _seal_of(raw: bytes, at: int) -> bytes:
    digest = hashlib.sha256(_SEALED_BY)
    view = memoryview(raw)
    digest.update(view[:at])
    digest.update(_UNSEALED)
    digest.update(view[at + len(_UNSEALED) :])
    return digest.hexdigest().encode()


def is_sealed(raw: bytes) -> bool:
    """The file is as this program wrote it (see ``SEAL``): nobody changed a byte since."""
    found = raw.find(_SEAL_AT)
    if found < 0:
        return False
    at = found + len(_SEAL_AT)
    return raw[at + 64 : at + 65] == b'"' and raw[at : at + 64] == _seal_of(raw, at)


Lines = dict[tuple[str, str], tuple[Any, str]]
"""Each document of a file as written, by table and key: the document, and its line of the
file."""


def encode(tables: dict[str, dict[str, Any]]) -> bytes:
    """The database as a player reads it: JSON with one line per document, table by table,
    letters of any script as typed (so a diff of two versions shows one line per change),
    sealed (see ``SEAL``) when it has a ``meta`` table."""
    return encode_lines(tables)[0]


def encode_lines(
    tables: dict[str, dict[str, Any]], known: Lines | None = None, seal: bool = True
) -> tuple[bytes, Lines]:
    """``encode``, and each document's line; a document equal to one of ``known`` (the
    lines of the version written before) is written as it was, not encoded again. Not
    ``seal``: written without a seal, so that it is checked whole when read."""

    # Documents are plain JSON trees (read from a file or built from events): no cycles to look for.
    line = json.JSONEncoder(
        ensure_ascii=False, separators=(", ", ": "), check_circular=False
    ).encode
    meta = tables.get("meta") or {}
    first = next(iter(meta.values()), None)
    sealing = seal and type(first) is dict
    if type(first) is dict:  # the meta table first, so that its seal is the first one in the file
        key = next(iter(meta))
        kept = {name: value for name, value in meta[key].items() if name != SEAL}
        sealed_meta = {**meta, key: {**kept, SEAL: _UNSEALED.decode()} if sealing else kept}
        tables = {"meta": sealed_meta} | {name: t for name, t in tables.items() if name != "meta"}
    before = known or {}
    lines: Lines = {}
    parts = []
    for name, table in tables.items():
        for key, doc in table.items():
            was = before.get((name, key))
            if was is None or was[0] != doc:
                was = (doc, f"  {line(key)}: {line(doc)}")
            lines[name, key] = (doc, was[1])
        docs = ",\n".join(lines[name, key][1] for key in table)
        parts.append(f"{line(name)}: {{\n{docs}\n }}" if docs else f"{line(name)}: {{}}")
    # half of a character's code (a hand edit deleted its other half: \ud83d), which UTF-8
    # cannot hold, is written as the escape the file had: a change to another Titan is saved
    raw = ("{\n " + ",\n ".join(parts) + "\n}\n").encode("utf-8", "backslashreplace")
    at = raw.find(_SEAL_AT) + len(_SEAL_AT)
    if sealing and raw[at : at + 64] == _UNSEALED:
        raw = raw[:at] + _seal_of(raw, at) + raw[at + 64 :]
    return raw, lines


def lines_of(raw: bytes, tables: dict[str, dict[str, Any]]) -> Lines:
    """Each document's line in a file as ``encode_lines`` wrote it (its seal holds), read
    from ``raw`` by place, not encoded again: ``tables`` are the file's JSON as it is."""
    found = iter(raw.decode().split("\n")[1:])  # after the opening brace
    lines: Lines = {}
    for name, table in tables.items():
        next(found)  # the table's name (with its documents' brace, or "{}" when it has none)
        if table:
            for key, doc in table.items():
                lines[name, key] = (doc, next(found).removesuffix(","))
            next(found)  # the table's closing brace
    return lines


def real_path(path: Path) -> Path:
    """The file a link points to (a link is followed, never replaced by a plain file)."""
    try:
        return path.resolve(strict=True) if path.is_symlink() else path
    except FileNotFoundError:
        return path.resolve()  # a link to a file not made yet: the file is made where it points
    except RuntimeError:
        raise StoreError(f"{path} is a link in a loop of links, not a file") from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise StoreError(f"{path} is a link in a loop of links, not a file") from None
        raise StoreError(f"{path} cannot be used: {error.strerror or error}") from None


def is_missing(path: Path) -> bool:
    """No database file at ``path`` yet (one that cannot be looked at is not called missing:
    taking its lock says what is wrong)."""
    try:
        real_path(path).stat()
    except (FileNotFoundError, NotADirectoryError):
        return True
    except (OSError, StoreError):
        return False
    return False


def check_replaceable(path: Path) -> None:
    """StoreError if the database is one its owner keeps from changes (read-only) or belongs
    to another user: replacing it would silently undo that. Judged by the mode bits and the
    owner, as root too (who could write anyway)."""
    try:
        info = real_path(path).stat()
    except FileNotFoundError:
        return
    except OSError as error:
        raise StoreError(f"{path} cannot be read: {error.strerror or error}") from None
    if info.st_uid != os.getuid():
        raise StoreError(
            f"{path} belongs to another user (uid {info.st_uid}): only they change it; "
            "nothing was saved"
        )
    if not info.st_mode & stat.S_IWUSR:
        raise StoreError(f"{path} is read-only: make it writable to change it; nothing was saved")


def write_atomically(path: Path, payload: bytes) -> None:
    """A temporary file in the same folder, flushed and synced, renamed over ``path``, then
    the folder synced: a crash leaves the old file or the new one, never a mix."""
    target = real_path(path)
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise _write_error(path, error) from None
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(payload)
            file.flush()
            os.fsync(file.fileno())
        # the file's own permissions if it is there, else those any program's new file gets
        # (the temporary file is made private, 0600, whatever the player's umask)
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~_umask()
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise _write_error(path, error) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    try:
        sync_folder(folder)
    except OSError as error:
        raise AfterWrite(
            f"syncing the folder {folder.absolute()} failed ({error.strerror or error}), so a power cut"
            " soon could still lose it"
        ) from None


def _umask() -> int:
    """The process's umask (it can only be read by setting it, so it is set back at once)."""
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def sync_folder(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_error(path: Path, error: OSError) -> StoreError:
    if error.errno == errno.ENOSPC:
        return StoreError(f"the disk holding {path} is full; nothing was saved")
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return StoreError(
            f"{path.parent} cannot be written to (read-only or no permission); nothing was saved"
        )
    return StoreError(f"{path} cannot be written: {error.strerror or error}; nothing was saved")


def _holder_file(path: Path) -> Path:
    return path.with_name(path.name + ".lock.holder")


@contextmanager
def writers_lock(
    path: Path, timeout: float = LOCK_TIMEOUT, problems: list[str] | None = None
) -> Iterator[None]:
    """One writer at a time across programs; a second one waits ``timeout`` seconds, then is
    told the database is busy and, where known, which program holds it. A lock that cannot
    be released is told in ``problems`` (the change made under it is saved all the same)."""
    from filelock import FileLock, Timeout  # (with its asyncio) paid by writers only: bench_cli

    target = real_path(path)
    lock = FileLock(target.with_name(target.name + ".lock"), timeout=timeout)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        lock.acquire()
    except Timeout:
        raise StoreError(
            f"{path} is busy: {_holder(target)} is saving a change; try again"
        ) from None
    except OSError as error:
        raise StoreError(
            f"{path} cannot be locked for writing: {error.strerror or error}"
        ) from None
    try:
        for leftover in target.parent.glob(f".{target.name}.*.tmp"):  # a writer killed mid-write
            leftover.unlink(missing_ok=True)
        try:
            _holder_file(target).write_text(
                f"{os.getpid()} {' '.join(sys.argv[:3])}"[:200], encoding="utf-8"
            )
        except OSError:
            pass  # only a courtesy to the next writer
        yield
    finally:
        try:
            lock.release()
        except OSError as error:  # the lock goes with the program at the latest
            if problems is not None:
                problems.append(f"unlocking {path} failed ({error.strerror or error})")


def _holder(path: Path) -> str:
    """The program holding the lock, if it says so and is still running."""
    try:
        pid_text, _, program = _holder_file(path).read_text(encoding="utf-8").partition(" ")
        pid = int(pid_text)
        os.kill(pid, 0)
    except (OSError, ValueError):
        return "another program"
    name = "".join(ch for ch in os.path.basename(program.split(" ")[0]) if ch.isprintable())
    return f"another program ({name or 'titan-campaign'}, process {pid})"


def hold_ctrl_c() -> None:
    """Hold ctrl+c (SIGINT) for the rest of the process: one pressed from now on is never
    delivered (a command about to write its change; where signals cannot be held, Windows,
    ctrl+c may still come as the change is written)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
