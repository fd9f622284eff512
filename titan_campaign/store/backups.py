"""Backups, kept by age: before every change the database file as it was goes into the folder
``campaigns.json.backups/`` (a hard link: the old file is never written again, so this costs
nothing), with a line in ``index.tsv`` saying which change came after it.

Kept: every backup of the last day (at most ``TITAN_CAMPAIGN_BACKUPS``, 100 unless set), and the
newest of each day for 30 days. ``TITAN_CAMPAIGN_BACKUPS=0`` stops new backups; it never removes
old ones. Restoring writes a backup's contents as a new version (the current file is backed up
first, even one that cannot be read), so a restore never loses anything either.
"""

from __future__ import annotations

import os
import re
import shutil
from datetime import datetime, timedelta
from pathlib import Path
from typing import NamedTuple

from .files import StoreError, real_path

ENV_VAR = "TITAN_CAMPAIGN_BACKUPS"
DEFAULT_KEEP = 100
MAX_KEEP = 10_000
DAYS = 30
_INDEX = "index.tsv"


class Backup(NamedTuple):
    number: int  # 1 is the newest
    file: Path
    saved: datetime  # when this version of the database was written
    before: str  # the change that came after it

    def line(self) -> str:
        before = f"  before: {self.before}" if self.before else ""
        return f"{self.number:>4}  {self.saved:%Y-%m-%d %H:%M:%S}{before}"


def folder(path: Path) -> Path:
    target = real_path(path)
    return target.with_name(target.name + ".backups")


def keep_count() -> int:
    text = os.environ.get(ENV_VAR, "").strip()
    if not text:
        return DEFAULT_KEEP
    if not re.fullmatch(r"[0-9]{1,6}", text) or int(text) > MAX_KEEP:
        raise StoreError(
            f"{ENV_VAR} must be a whole number of backups to keep, 0 to {MAX_KEEP}; it is {text!r}"
        )
    return int(text)


def keep_current(path: Path, before: str) -> None:
    """Keep the database file as it is now (if any) as the newest backup, then drop backups the
    age rule no longer keeps."""
    keep = keep_count()
    target = real_path(path)
    if keep == 0 or not target.exists():
        return
    where = folder(path)
    where.mkdir(exist_ok=True)
    name = f"{datetime.now():%Y%m%d-%H%M%S-%f}.json"
    try:
        os.link(target, where / name)
    except OSError:  # a file system without hard links
        shutil.copy2(target, where / name)
    with open(where / _INDEX, "a", encoding="utf-8") as index:
        index.write(f"{name}\t{' '.join(before.split())}\n")
    _prune(path, keep)


def list_backups(path: Path) -> list[Backup]:
    """The backups, newest first."""
    where = folder(path)
    if not where.is_dir():
        return []
    before = _descriptions(where)
    files = sorted((f for f in where.glob("*.json") if f.is_file()), key=_taken, reverse=True)
    return [
        Backup(
            number, file, datetime.fromtimestamp(file.stat().st_mtime), before.get(file.name, "")
        )
        for number, file in enumerate(files, start=1)
    ]


def _taken(file: Path) -> tuple[float, str]:
    """When a backup was taken: from its name (``keep_current``), else when it was written."""
    try:
        return datetime.strptime(file.stem, "%Y%m%d-%H%M%S-%f").timestamp(), file.name
    except ValueError:
        return file.stat().st_mtime, file.name


def _descriptions(where: Path) -> dict[str, str]:
    try:
        lines = (where / _INDEX).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return {}
    pairs = (line.split("\t", 1) for line in lines if "\t" in line)
    return {name: "".join(ch for ch in text if ch.isprintable()) for name, text in pairs}


def find_backup(path: Path, number: int) -> Backup:
    backups = list_backups(path)
    if not backups:
        raise StoreError(f"{path} has no backups yet: one is kept before every change")
    if not 1 <= number <= len(backups):
        raise StoreError(
            f"no backup {number}: choose 1 (newest) to {len(backups)} (see `titan-campaign backups`)"
        )
    return backups[number - 1]


def _prune(path: Path, keep: int) -> None:
    """Every backup of the last day up to ``keep``, then the newest of each day for 30 days."""
    now = datetime.now()
    daily: set[str] = set()
    recent = 0
    kept: list[Backup] = []
    backups = list_backups(path)
    for backup in backups:
        age = now - backup.saved
        if age < timedelta(days=1) and recent < keep:
            recent += 1
            kept.append(backup)
            continue
        day = f"{backup.saved:%Y-%m-%d}"
        if age < timedelta(days=DAYS) and day not in daily and age >= timedelta(days=1):
            daily.add(day)
            kept.append(backup)
            continue
        backup.file.unlink(missing_ok=True)
    if len(kept) < len(backups):  # the index names only the backups kept
        lines = "".join(f"{b.file.name}\t{b.before}\n" for b in reversed(kept) if b.before)
        (folder(path) / _INDEX).write_text(lines, encoding="utf-8")
