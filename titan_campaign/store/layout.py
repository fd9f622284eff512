"""How a campaign database is laid out on disk (schema version 2), and how its files are checked.

``campaigns.json`` (the path the user names) is a small tinydb file, the *index*:

- ``meta``: schema version, a revision counter raised by one on every saved change, and the
  retired history files waiting to be removed (``backups.py``);
- ``campaigns``: name, base XP, creation time;
- ``titans``: each Titan's campaign, name (and its ``name_key``, to find it without working out
  every key), number of events, and ``file``: the revision at which its history file was written.

Each Titan's history (its events and redo stack) lives in its own file,
``campaigns.json.titans/titan-<id>-r<file>.json``. History files are never changed once written: a
change writes the touched Titans' new history files under new names, then replaces the index
atomically, so a change touching several Titans (a recorded game) is all or nothing, and a
change costs nearly the same whatever the size of the campaign (only the small index grows with
it). Files no kept index names are removed later, or kept as spares to be overwritten by a later
change (see ``backups.py``). Backups live in ``campaigns.json.backups/``, the writers' lock in
``campaigns.json.lock``.
"""

from __future__ import annotations

import json
from itertools import compress
from operator import is_not
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..locations import history_path, titans_folder
from .checks import HISTORY_NAME, MAX_HISTORY, check_history, check_index
from .files import StoreError

__all__ = [
    "HISTORY_NAME",
    "MAX_HISTORY",
    "SCHEMA_VERSION",
    "check_history",
    "check_index",
    "history_path",
    "titans_folder",
]

SCHEMA_VERSION = 2
SPARES = 8  # history files kept for reuse (see spare_history)


def spare_history(path: Path, number: int) -> Path:
    """A retired history file kept to be renamed and overwritten by the next change, which is
    cheaper than removing it and making a new one (``files.write_new``). Nothing reads it."""
    return titans_folder(path) / f".spare-{number}.json"


def spare_index(path: Path) -> Path:
    """A backup rotated out, kept to be overwritten as the next index (``files.write_atomically``)."""
    return path.with_name(f".{path.name}.spare")


class CampaignDoc(BaseModel):
    """A new campaign's record, checked before it is added (built on first use, not at start-up)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: Annotated[str, Field(min_length=1, max_length=60)]
    base_xp: Literal[0, 100, 200]
    created: Annotated[str, Field(max_length=40)] = ""


class NewerSchema(StoreError):
    """The file was written by a newer titan-campaign: never read as anything else, never overwritten."""


def empty_index(revision: int = 0) -> dict[str, Any]:
    return {"meta": {"1": {"schema_version": SCHEMA_VERSION, "revision": revision}}, "campaigns": {}, "titans": {}}


def schema_version(path: Path, data: Any) -> int:
    """The file's schema version; StoreError if it is not a titan-campaign database at all."""
    meta = data.get("meta") if isinstance(data, dict) else None
    versions = [doc.get("schema_version") for doc in meta.values() if isinstance(doc, dict)] if isinstance(meta, dict) else []
    numbers = [v for v in versions if isinstance(v, int) and not isinstance(v, bool)]
    if not numbers:
        raise StoreError(f"{path} is not a titan-campaign database (no schema version); left untouched")
    version = max(numbers)
    if version > SCHEMA_VERSION:
        raise NewerSchema(
            f"{path} was written by a newer titan-campaign (schema {version}, this one reads up to "
            f"{SCHEMA_VERSION}); upgrade titan-campaign (the file is left untouched)"
        )
    return version


# Per database: the Titan records last written or read, in order, with their texts
# ('"key":JSON', one line each in the file). A record is never changed once written: a session
# changes its own copy (``Session._own_record``), so the same object means the same text.
_last_titans: dict[Path | None, tuple[list[str], list[dict[str, Any]], list[str]]] = {}
_TITANS = b'"titans":{\n'


def forget_encoded() -> None:
    _last_titans.clear()


def _compact(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _encode_titans(table: dict[str, Any], database: Path | None) -> str:
    keys, records = list(table), list(table.values())
    last_keys, last_records, last_texts = _last_titans.get(database, ([], [], []))
    if keys[: len(last_keys)] != last_keys:  # a restored database
        last_keys, last_records, last_texts = [], [], []
    texts = last_texts[:]
    for at in compress(range(len(last_records)), map(is_not, records, last_records)):  # loops in C
        texts[at] = f"{_compact(keys[at])}:{_compact(records[at])}"
    texts += [f"{_compact(key)}:{_compact(record)}" for key, record in zip(keys[len(texts) :], records[len(texts) :])]
    _last_titans[database] = (keys, records, texts)
    return ",\n".join(texts)


def encode_index(index: dict[str, Any], database: Path | None = None) -> bytes:
    """The index as JSON: compact, with the Titan records last, one per line. Only the records
    that are new objects since ``database`` was last read or written are encoded (a change
    copies one or two); the others are written as they were."""
    parts = [f"{_compact(name)}:{_compact(table)}" for name, table in index.items() if name != "titans"]
    titans = _encode_titans(index.get("titans", {}), database)
    return f"{{{','.join(parts)},\"titans\":{{\n{titans}\n}}}}".encode()


def remember_texts(database: Path, raw: bytes, index: dict[str, Any]) -> None:
    """Take the text of each Titan record from the index file as read, if it was laid out by
    ``encode_index``, so that the next write encodes only what it changes. A line is taken as a
    record's text only if every line starts with its record's key (the file parsed as JSON, so
    then each line is exactly one record)."""
    table = index.get("titans")
    at = raw.rfind(_TITANS)
    body = raw[at + len(_TITANS) :].rstrip(b" ")
    if not isinstance(table, dict) or at < 0 or not body.endswith(b"\n}}"):
        return
    lines = body[:-3].decode().split(",\n") if len(body) > 3 else []
    keys = list(table)
    if len(lines) == len(keys) and all(line.startswith(f'"{key}":') for key, line in zip(keys, lines)):  # keys: digits
        _last_titans[database] = (keys, list(table.values()), lines)


def revision_of(index: dict[str, Any]) -> int:
    return max(int(doc.get("revision", 0)) for doc in index["meta"].values())




def referenced_histories(index: Any) -> set[str]:
    """The history file names an index (of any schema) needs."""
    titans = index.get("titans") if isinstance(index, dict) else None
    try:
        if not isinstance(titans, dict) or schema_version(Path("."), index) < 2:
            return set()
    except StoreError:
        return set()
    return {
        f"titan-{titan_id}-r{entry['file']}.json"
        for titan_id, entry in titans.items()
        if isinstance(entry, dict) and isinstance(entry.get("file"), int)
    }
