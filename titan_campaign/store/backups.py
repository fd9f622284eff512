"""Rotating backups beside the database, and removal of history files nothing needs any more.

Before every saved change the previous index is kept in ``campaigns.json.backups/`` under its
revision number. Keeping it costs one hard link (the index is then replaced by a new file, so
the link keeps the old one intact). History files are never changed once written, so an index
kept as a backup stays complete as long as the files it names are kept: a history file replaced
at revision R is listed in the index as *retired at R* and removed only once no kept backup is
older than R (``plan_rotation``); the first few removed, and the backup rotated out, are kept as
spares for the next change to overwrite (``layout.spare_history``, ``layout.spare_index``).
``collect_garbage``, run now and then and after a writer was cut short, sweeps anything else. The last 10 are kept; set ``TITAN_CAMPAIGN_BACKUPS`` to keep
another number (0 keeps none). A v1 database's backup is a whole self-contained file.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from .files import StoreError, read_json
from .layout import (
    HISTORY_NAME,
    SPARES,
    referenced_histories,
    schema_version,
    spare_history,
    spare_index,
    titans_folder,
)

ENV_VAR = "TITAN_CAMPAIGN_BACKUPS"
DEFAULT_KEEP = 10
MAX_KEEP = 1000
BACKUP_NAME = re.compile(r"^r(\d+)\.json$")


@dataclass(frozen=True)
class Backup:
    number: int  # 1 is the most recent
    revision: int
    path: Path
    saved: datetime  # when this version of the database was written
    summary: str

    def line(self) -> str:
        return f"{self.number:>3}  {self.saved:%Y-%m-%d %H:%M:%S}  revision {self.revision}: {self.summary}"


def backups_folder(path: Path) -> Path:
    return path.with_name(path.name + ".backups")


def keep_count() -> int:
    text = os.environ.get(ENV_VAR, "").strip()
    if not text:
        return DEFAULT_KEEP
    if not text.isdigit() or int(text) > MAX_KEEP:
        raise StoreError(f"{ENV_VAR} must be a whole number of backups to keep, 0 to {MAX_KEEP}; it is {text!r}")
    return int(text)


def _kept(path: Path) -> list[tuple[int, Path]]:
    """(revision, file) of every backup, newest first."""
    try:
        entries = list(os.scandir(backups_folder(path)))
    except FileNotFoundError:
        return []
    found = [(int(m.group(1)), Path(e.path)) for e in entries if (m := BACKUP_NAME.match(e.name))]
    return sorted(found, reverse=True)


def keep_previous(path: Path, revision: int, keep: int) -> None:
    """Keep the database file as it is now (about to be replaced) as backup ``revision``."""
    if keep == 0 or not path.exists():
        return
    folder = backups_folder(path)
    folder.mkdir(exist_ok=True)
    target = folder / f"r{revision:06d}.json"
    if target.exists():  # a writer crashed after keeping it: the database has not changed since
        return
    try:
        os.link(path, target)
    except OSError:  # a file system without hard links
        import shutil

        shutil.copy2(path, target)


def plan_rotation(path: Path, keep: int, new_backup: int, retired: dict[str, int]) -> tuple[list[str], list[Path]]:
    """Before a change is written: which retired history files no index will need once backup
    ``new_backup`` is kept and the backups rotated (a file retired at revision R is named only by
    indexes older than R), and which backups the rotation removes."""
    backups = dict(_kept(path))
    if keep > 0:
        backups.setdefault(new_backup, backups_folder(path) / f"r{new_backup:06d}.json")
    newest_first = sorted(backups, reverse=True)
    staying, going = newest_first[:keep], newest_first[keep:]
    oldest = min(staying, default=None)
    doomed = [name for name, retired_at in retired.items() if oldest is None or oldest >= retired_at]
    return doomed, [backups[revision] for revision in going]


def remove_backups(path: Path, going: list[Path]) -> None:
    """Remove rotated-out backups; the first is kept as the spare the next index is written into."""
    for number, backup in enumerate(going):
        try:
            if number == 0 and backup.stat().st_nlink == 1:  # (never a file still linked elsewhere)
                os.replace(backup, spare_index(path))
            else:
                backup.unlink()
        except FileNotFoundError:
            pass


def remove_histories(path: Path, names: list[str]) -> None:
    """Remove history files nothing needs any more; the first few become spares (spare_history)."""
    folder = titans_folder(path)
    names = [name for name in names if HISTORY_NAME.match(name)]  # never anything else, whatever a damaged index says
    for number, name in enumerate(names):
        try:
            if number < SPARES:
                os.replace(folder / name, spare_history(path, number))
            else:
                (folder / name).unlink()
        except FileNotFoundError:
            pass


def collect_garbage(path: Path, index: dict[str, Any]) -> int:
    """Remove every history file that neither the database nor any kept backup names (under the
    lock). The retired list in the index does this cheaply after each change; this full sweep,
    run now and then, also catches files a crashed writer left."""
    folder = titans_folder(path)
    needed = referenced_histories(index)
    for _, backup in _kept(path):
        needed |= _needed_by(backup)
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return 0
    for entry in entries:
        if HISTORY_NAME.match(entry.name) and entry.name not in needed:
            os.unlink(entry.path)
            removed += 1
    return removed


_needs: dict[tuple[Path, int, int], frozenset[str]] = {}  # backups never change: read each once


def _needed_by(backup: Path) -> frozenset[str]:
    try:
        status = backup.stat()
    except OSError:
        return frozenset()
    key = (backup, status.st_ino, status.st_size)
    if key not in _needs:
        try:
            _needs[key] = frozenset(referenced_histories(read_json(backup)))
        except StoreError:
            _needs[key] = frozenset()  # a damaged backup cannot be restored anyway
    return _needs[key]


def _summary(path: Path, data: Any) -> str:
    try:
        version = schema_version(path, data)
    except StoreError as error:
        return f"unusable: {error}"
    titans = data.get("titans") or {}
    campaigns = data.get("campaigns") or {}
    if version == 1:
        events = sum(len(t.get("events", [])) for t in titans.values() if isinstance(t, dict))
    else:
        events = sum(int(t.get("events", 0)) for t in titans.values() if isinstance(t, dict))
    old = f" (schema {version}, upgraded when restored)" if version < 2 else ""
    return f"{len(campaigns)} campaign(s), {len(titans)} Titan(s), {events} event(s){old}"


def list_backups(path: Path) -> list[Backup]:
    """The kept backups of the database at ``path``, most recent first (number 1)."""
    rows: list[Backup] = []
    for number, (revision, backup) in enumerate(_kept(path), start=1):
        try:
            saved = datetime.fromtimestamp(backup.stat().st_mtime)
            summary = _summary(backup, read_json(backup))
        except (OSError, StoreError) as error:
            saved, summary = datetime.fromtimestamp(0), f"unusable: {error}"
        rows.append(Backup(number, revision, backup, saved, summary))
    return rows


def find_backup(path: Path, number: int) -> Backup:
    backups = list_backups(path)
    if not backups:
        if keep_count() == 0:
            raise StoreError(f"{path} has no backups: they are turned off ({ENV_VAR}=0)")
        raise StoreError(f"{path} has no backups yet (one is kept before every change)")
    if not 1 <= number <= len(backups):
        raise StoreError(f"no backup {number}: choose 1 (most recent) to {len(backups)}; see `titan-campaign backups`")
    return backups[number - 1]


def restore_backup(path: Path, number: int) -> Backup:
    """Make backup ``number`` the current database; the current one is kept as a backup first."""
    from .repository import CampaignStore  # the store imports this module

    backup = find_backup(path, number)
    CampaignStore(path).restore(backup.path)
    return backup


def latest_revision(path: Path) -> int:
    kept = _kept(path)
    return kept[0][0] if kept else 0
