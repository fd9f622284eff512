"""Backups, kept by when they were taken: before every change the database file as it was goes
into the folder ``campaigns.json.backups/``, named by the time it was taken in UTC
(``20261201T092142.123456Z.json``), with a line in ``index.tsv`` saying which change came after
it and the campaign it was made in (said in the list when its lines are of several campaigns).
A backup's age is judged from its name only, never from a file's time or the local clock, so
"newest first" holds across time zones and daylight-saving changes.

The newest ``LINKED`` backups are hard links (the old file is never written again, so they cost
nothing); older ones are compressed with gzip (``....json.gz``). Kept: every backup of the last
day (at most ``TITAN_CAMPAIGN_BACKUPS``, 100 unless set), and the newest of each day (in UTC) for
30 days. ``TITAN_CAMPAIGN_BACKUPS=0`` stops new backups before changes and never removes old
ones. Restoring writes a backup's contents as a new version, and the current file is always kept
as a backup first (even one that cannot be read, even with backups turned off), so a restore
never loses anything either.

Earlier versions named a backup by the local time it was taken (``20261201-092142-123456.json``):
such a backup is read as taken at that local time, and listed after every backup named in UTC
(all of which were taken later).
"""

from __future__ import annotations

import errno
import gzip
import os
import re
import shutil
import tempfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import NamedTuple

from .files import (
    MAX_BYTES,
    AfterWrite,
    StoreError,
    read_bytes,
    real_path,
    sync_folder,
    write_atomically,
)

ENV_VAR = "TITAN_CAMPAIGN_BACKUPS"
DEFAULT_KEEP = 100
MAX_KEEP = 10_000
DAYS = 30
LINKED = 2  # the newest backups stay hard links; older ones are compressed
LEVEL = 6  # gzip's: a 1 MiB database in some 20 ms, to about a 13th of its size
_INDEX = "index.tsv"
_UTC_NAME = "%Y%m%dT%H%M%S.%fZ"
_UTC_STEM = re.compile(r"[0-9]{8}T[0-9]{6}\.[0-9]{6}Z")
_LOCAL_NAME = "%Y%m%d-%H%M%S-%f"  # earlier versions: local time, no zone
_PACKED = ".gz"


class Backup(NamedTuple):
    number: int  # 1 is the newest
    file: Path  # the backup as kept: ``NAME.json``, or ``NAME.json.gz`` compressed
    taken: datetime  # when the backup was taken (just before the change after it), in UTC
    before: str  # the change that came after it
    campaign: str = ""  # the campaign it was made in, when the list is of several

    @property
    def name(self) -> str:
        """The backup's name, the same whether it is compressed or not."""
        return self.file.name.removesuffix(_PACKED)

    @property
    def when(self) -> str:
        """When it was taken, in the local time of the day (with its zone)."""
        return self.taken.astimezone().strftime("%Y-%m-%d %H:%M:%S %Z").strip()

    @property
    def said(self) -> str:
        """The change that came after it, with its campaign when the list needs it told."""
        return f'{self.before} (in "{self.campaign}")' if self.campaign else self.before

    def line(self) -> str:
        before = f"  before: {self.said}" if self.before else ""
        return f"{self.number:>4}  {self.when}{before}"


class BackupGone(StoreError):
    """The backup was dropped (by a change saved meanwhile) after it was listed."""


def folder(path: Path) -> Path:
    target = real_path(path)
    return target.with_name(target.name + ".backups")


def backed_up(path: Path) -> Path | None:
    """The database whose backup ``path`` is (a file named as backups are, in the database's
    backups folder), else None: a backup is restored, never changed where it is kept."""
    target = real_path(path)
    where = target.parent
    if where.name.endswith(".backups") and _taken(target.name.removesuffix(_PACKED)):
        return where.with_name(where.name.removesuffix(".backups"))
    return None


def keep_count() -> int:
    text = os.environ.get(ENV_VAR, "").strip()
    if not text:
        return DEFAULT_KEEP
    if not re.fullmatch(r"[0-9]{1,6}", text) or int(text) > MAX_KEEP:
        raise StoreError(
            f"{ENV_VAR} must be a whole number of backups to keep, 0 to {MAX_KEEP}; it is {text!r}"
        )
    return int(text)


@contextmanager
def kept_before(
    path: Path, before: str, always: bool = False, campaign: tuple[str, str] = ("", "")
) -> Iterator[None]:
    """Keep the database file as it is now (if any) as the newest backup while the body writes
    the next version (``before``, made in ``campaign``, its name and id, if a campaign's
    change). If the body fails, the backup and its index line are taken back (the version is
    still the database: it would only take a slot); once it succeeds, the backups the age rule
    no longer keeps are dropped and older ones compressed. ``always``: keep the backup
    even with backups turned off (a restore always keeps the file it replaces)."""
    keep = keep_count()
    target = real_path(path)
    if (keep == 0 and not always) or not target.exists():
        yield
        return
    where = folder(path)
    name, index_was, backups = _take(path, target, where, before, campaign)
    try:
        yield
    except BaseException:
        _take_back(where, name, index_was)
        raise
    if keep:
        _tidy(backups, keep)


def _take(
    path: Path, target: Path, where: Path, before: str, campaign: tuple[str, str]
) -> tuple[str, bytes | None, list[Backup]]:
    """A hard link (or a synced copy) to the file as it is, and its line in the index, written
    whole and synced with the folder (which makes the link durable too): (its name, the index as
    it was, the backups newest first with it). Lines of backups dropped since are left out, so
    the index does not grow. The folder is listed once (only the lock holder adds or drops
    backups, so the listing holds until the change is saved)."""
    try:
        where.mkdir(exist_ok=True)
        for leftover in where.glob(".*.tmp"):  # a write killed midway
            leftover.unlink(missing_ok=True)
        listed = _drop_stale(_every_backup(path), target)
        index_was = (where / _INDEX).read_bytes() if (where / _INDEX).exists() else None
        name = _link(target, where)
        taken = _taken(name)
        assert taken is not None  # named by _link
        newest = Backup(1, where / name, taken[1], " ".join(before.split()))
        backups = [newest, *(b._replace(number=n) for n, b in enumerate(listed, start=2))]
        present = {backup.name for backup in backups}
    except OSError as error:
        if not where.is_dir():  # the backups' folder cannot be made: its folder is read-only
            where = where.parent
        full = error.errno in (errno.ENOSPC, errno.EDQUOT)
        problem = "the disk is full" if full else (error.strerror or str(error))
        raise StoreError(f"{where} cannot be written ({problem}); nothing was saved") from None
    try:
        lines = [line for line in _read_index(where) if line[0] in present and line[0] != name]
        _write_index(where, [*lines, (name, " ".join(before.split()), *campaign)])
    except StoreError as error:
        (where / name).unlink(missing_ok=True)
        if isinstance(error, AfterWrite):  # the backup may not last: the change is not made
            raise StoreError(f"{where} cannot be synced to disk; nothing was saved") from None
        raise
    return name, index_was, backups


def _link(target: Path, where: Path) -> str:
    """A hard link to ``target`` named by the time now, in UTC (a microsecond later if a backup
    has that name already; only the lock holder adds backups), or a synced copy on a file system
    without hard links."""
    taken = datetime.now(UTC)
    while (where / f"{taken:{_UTC_NAME}}.json").exists() or (
        where / f"{taken:{_UTC_NAME}}.json{_PACKED}"
    ).exists():
        taken += timedelta(microseconds=1)
    name = f"{taken:{_UTC_NAME}}.json"
    try:
        os.link(target, where / name)
    except OSError as error:
        if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS):
            raise
        _copy(target, where / name)
    return name


def _copy(source: Path, copy: Path) -> None:
    shutil.copyfile(source, copy)
    with open(copy, "rb") as file:
        os.fsync(file.fileno())


def _drop_stale(backups: list[Backup], target: Path) -> list[Backup]:
    """A save killed after its backup was taken leaves a backup that is the database itself
    (the same file), described by a change that never happened: drop it. The backups left."""
    newest = backups[:1]
    if newest and newest[0].file.suffix == ".json":
        try:
            if os.path.samefile(newest[0].file, target):
                newest[0].file.unlink()
                return backups[1:]
        except FileNotFoundError:
            return backups[1:]
    return backups


def _take_back(where: Path, name: str, index_was: bytes | None) -> None:
    """Undo ``_take`` after a failed save, as far as the disk allows (a failure here leaves a
    backup of the current file, which is harmless)."""
    try:
        (where / name).unlink(missing_ok=True)
        if index_was is None:
            (where / _INDEX).unlink(missing_ok=True)
        else:
            write_atomically(where / _INDEX, index_was)
    except (OSError, StoreError):
        pass


def list_backups(path: Path) -> list[Backup]:
    """The backups, newest first. A backup dropped by a change saved meanwhile is not listed (or
    is listed and then gone: ``contents`` says so); nor is one a save killed after taking it
    left (the database itself, described by a change never saved: the next save drops it)."""
    backups = _every_backup(path)
    try:
        stale = bool(backups) and os.path.samefile(backups[0].file, real_path(path))
    except OSError:
        stale = False
    return [b._replace(number=b.number - 1) for b in backups[1:]] if stale else backups


def _every_backup(path: Path) -> list[Backup]:
    """The files of the backups folder named as backups, newest first."""
    if path.is_dir():  # as every command says it (``files.read_bytes``)
        raise StoreError(f"{path} is a folder, not a campaign database")
    where = folder(path)
    try:
        names = os.listdir(where)
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as error:
        raise StoreError(f"{where} cannot be read: {error.strerror or error}") from None
    found: dict[str, tuple[tuple[bool, datetime], str]] = {}
    for file_name in names:
        name = file_name.removesuffix(_PACKED)
        taken = _taken(name)
        if taken is None or (name in found and file_name != name):
            continue  # not a backup; or compressed meanwhile: the plain one is still whole
        found[name] = (taken, file_name)
    index = _read_index(where)
    described = {name: text for name, text, *_ in index}
    made_in = {name: campaign for name, _, campaign, _ in index}
    campaigns = {key or campaign for _, _, campaign, key in index} - {""}  # renamed: one
    if len(campaigns) < 2:  # one campaign's changes: it goes without saying
        made_in = {}
    newest_first = sorted(found.items(), key=lambda item: (item[1][0], item[0]), reverse=True)
    return [
        Backup(number, where / file_name, taken, described.get(name, ""), made_in.get(name, ""))
        for number, (name, ((_, taken), file_name)) in enumerate(newest_first, start=1)
    ]


def _taken(name: str) -> tuple[bool, datetime] | None:
    """(named in UTC, when taken in UTC) from a backup's name; None if it is not a backup's."""
    if name.startswith(".") or not name.endswith(".json"):
        return None
    stem = name.removesuffix(".json")
    if _UTC_STEM.fullmatch(stem):
        return True, datetime.fromisoformat(stem)  # the ISO 8601 basic form, with its "Z"
    try:
        return False, datetime.strptime(stem, _LOCAL_NAME).astimezone(UTC)
    except (ValueError, OverflowError, OSError):
        return None


IndexLine = tuple[str, str, str, str]
"""A line of the index: a backup's name, the change that came after it, and the campaign it
was made in, its name and id ("" for a change of the whole file, or a line written by an
earlier version)."""


def _read_index(where: Path) -> list[IndexLine]:
    """The index's lines, oldest first."""
    try:
        lines = (where / _INDEX).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    parts = ([*line.split("\t", 3), "", ""] for line in lines if "\t" in line)
    return [
        (name, _printable(text), _printable(campaign), _printable(key))
        for name, text, campaign, key, *_ in parts
    ]


def _printable(text: str) -> str:
    return text if text.isprintable() else "".join(ch for ch in text if ch.isprintable())


def _write_index(where: Path, lines: list[IndexLine]) -> None:
    """The index written whole to a new file, synced, renamed over the old one (a campaign
    after the change only when there is one, as earlier versions wrote it)."""
    written = ("\t".join(line if line[2] else line[:2]) + "\n" for line in lines)
    write_atomically(where / _INDEX, "".join(written).encode())


def find_backup(path: Path, number: int) -> Backup:
    backups = list_backups(path)
    if not backups:
        if keep_count() == 0:  # a setting that is no number is refused, naming it
            raise StoreError(f"{path} has no backups: they are turned off ({ENV_VAR}=0)")
        raise StoreError(f"{path} has no backups yet: one is kept before every change")
    if not 1 <= number <= len(backups):
        choose = (
            "there is one backup, 1"
            if len(backups) == 1
            else f"choose 1 (newest) to {len(backups)}"
        )
        raise StoreError(f"no backup {number}: {choose} (see `titan-campaign backups`)")
    return backups[number - 1]


def contents(backup: Backup) -> bytes:
    """The database as the backup kept it, compressed or not; ``BackupGone`` if a change saved
    meanwhile dropped it."""
    plain = backup.file.with_name(backup.name)
    raw = read_bytes(plain, "backup")
    if raw is not None:
        return raw
    packed = plain.with_name(plain.name + _PACKED)
    try:
        with gzip.open(packed) as file:
            raw = file.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise BackupGone(
            f"backup {backup.number} ({backup.when}) was dropped meanwhile by a change saved elsewhere"
        ) from None
    except (OSError, EOFError, zlib.error):
        raise StoreError(f"{packed} is damaged: it cannot be uncompressed") from None
    if len(raw) > MAX_BYTES or not raw.strip():
        raise StoreError(f"{packed} is not a campaign database backup")
    return raw


def _tidy(backups: list[Backup], keep: int) -> None:
    """Drop the backups ``_kept`` no longer keeps and compress those past the newest ``LINKED``
    (their lines leave the index at the next backup); ``backups``: as listed when the newest
    was taken, newest first. Never raises: the change is saved by now, and a backup that could
    not be dropped or compressed is only kept a while longer."""
    try:
        kept = _kept(backups, keep, datetime.now(UTC))
        for backup in backups:
            if backup not in kept:  # compressed or not, or both
                backup.file.with_name(backup.name).unlink(missing_ok=True)
                backup.file.with_name(backup.name + _PACKED).unlink(missing_ok=True)
        for position, backup in enumerate(kept[LINKED - 1 :], start=LINKED - 1):
            if not backup.file.name.endswith(_PACKED):
                _compress(backup.file, drop_plain=position >= LINKED)
    except (OSError, StoreError):
        pass


def _kept(backups: list[Backup], keep: int, now: datetime) -> list[Backup]:
    """Every backup taken in the last day, up to ``keep``, then the newest of each day (in
    UTC) for 30 days."""
    daily: set[date] = set()
    recent = 0
    kept: list[Backup] = []
    for backup in backups:
        age = now - backup.taken
        if age < timedelta(days=1):
            if recent < keep:
                recent += 1
                kept.append(backup)
        elif age < timedelta(days=DAYS) and backup.taken.date() not in daily:
            daily.add(backup.taken.date())
            kept.append(backup)
    return kept


def _compress(plain: Path, drop_plain: bool) -> None:
    """Keep a gzip copy of a backup beside it, then (``drop_plain``) remove the original. The copy
    is written whole and synced before it is renamed into place; its name is made durable by the
    next backup's index (which syncs the folder) before that backup's change drops the original,
    or here if the copy is new."""
    packed = plain.with_name(plain.name + _PACKED)
    written = not packed.exists()
    if written:
        fd, temporary = tempfile.mkstemp(prefix=f".{packed.name}.", suffix=".tmp", dir=plain.parent)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(gzip.compress(plain.read_bytes(), LEVEL, mtime=0))
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, packed)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    if drop_plain:
        if written:
            sync_folder(plain.parent)
        plain.unlink()
