"""Merging a copy of the database that went its own way (a sync tool's conflicted copy)."""

from pathlib import Path

from ..store import Database, StoreError, now_iso
from ..store.merge import (
    Merged,
    keep_refused,
    merge_into,
    read_copy,
    refused_before,
    refused_file,
)

__all__ = ["Merged", "merge_copy", "refused_file"]


def merge_copy(db: Database, other: Path, dry_run: bool = False) -> Merged:
    """Bring in the other copy's changes, each judged again by the rules, as one change that
    ``undo`` takes back; the refused ones are kept whole beside the database. ``dry_run``:
    what would come in and what would be refused, nothing written."""
    if other.is_file() and db.path.is_file() and other.samefile(db.path):
        raise StoreError(f"{other} is this database itself; nothing merged")
    tables = read_copy(other)
    if dry_run:
        with db.reading() as session:
            return merge_into(session, tables, other.name, refused_before(db.path))
    with db.writing() as session:
        merged = merge_into(session, tables, other.name, refused_before(db.path))
        if merged.refused:
            keep_refused(db.path, merged, now_iso())
    return merged
