"""Merging a copy of the database that went its own way (a sync tool's conflicted copy)."""

import re
from pathlib import Path
from typing import Any

from ..rules.errors import RuleError
from ..store import Database, StoreError, now_iso
from ..store.merge import merge_into
from ..store.merge_copy import read_copy
from ..store.merge_refused import (
    check_refused,
    keep_refused,
    kept_deleted,
    refused_before,
    refused_file,
    refused_ids,
)
from ..store.merge_result import Merged

__all__ = ["MergeChanged", "Merged", "conflicted_copies", "merge_copy", "refused_file"]


class MergeChanged(RuleError):
    """The merge would no longer do what its preview showed (the database changed since):
    nothing was merged. ``merged``: what merging would do now, to be shown instead."""

    def __init__(self, merged: Merged) -> None:
        super().__init__("the database changed since that was shown; nothing was merged")
        self.merged = merged


def merge_copy(
    db: Database, other: Path, dry_run: bool = False, shown: Merged | None = None
) -> Merged:
    """Bring in the other copy's changes (a copy of the database, or an export of it), each
    judged again by the rules, as one change that ``undo`` takes back; the refused ones are
    kept whole beside the database. ``dry_run``: what would come in and what would be
    refused, nothing written. ``shown``: the dry run the player saw; refused
    (``MergeChanged``) if the merge would now do otherwise."""
    if other.is_file() and db.path.is_file() and other.samefile(db.path):
        raise StoreError(f"{other} is this database itself; nothing merged")
    return merge_tables(db, read_copy(other), other.name, dry_run, shown)


def merge_tables(
    db: Database,
    tables: dict[str, Any],
    source: str,
    dry_run: bool = False,
    shown: Merged | None = None,
) -> Merged:
    """Merge a copy's checked tables (``read_copy``), as ``merge_copy`` does."""
    try:
        found = check_refused(db.path) or {}
    except StoreError as error:
        raise StoreError(f"{error}: mend it or move it away; nothing merged") from None
    known, kept, ids = refused_before(found), kept_deleted(found), refused_ids(found)
    if dry_run:
        with db.reading() as session:
            merged = merge_into(session, tables, source, known, kept, ids)
            return merged._replace(unchanged=not session.changed)
    with db.writing() as session:
        merged = merge_into(session, tables, source, known, kept, ids)._replace(
            unchanged=not session.changed
        )
        if shown is not None and merged != shown:  # under the lock: nothing is written
            raise MergeChanged(merged)
    if merged.refused or merged.kept_deleted:  # only once the merge is saved (or saves nothing)
        try:
            keep_refused(db.path, merged, now_iso())
        except StoreError as error:
            if merged.unchanged:
                raise
            db.after_save.append(f"the refused changes could not be kept: {error}")
    return merged


def conflicted_copies(db: Database) -> list[Path]:
    """The copies a sync tool left beside the database, by name: Dropbox's and Nextcloud's
    ``campaigns (... conflicted copy ...).json``, Syncthing's
    ``campaigns.sync-conflict-....json``."""
    stem = re.escape(db.path.stem)
    pattern = re.compile(rf"{stem}( \(.*conflicted copy.*\)|\.sync-conflict-.+)\.json")
    try:
        names = sorted(path for path in db.path.parent.iterdir() if pattern.fullmatch(path.name))
    except OSError:
        return []
    return [path for path in names if path.is_file()]
