"""Schema migrations: every database file carries its schema version, and older files are
upgraded step by step when they are read. The upgraded form is written on the first change,
and the pre-migration file is kept as a backup (``backups.py``), so nothing is lost."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..rules.names import name_key
from .files import StoreError
from .layout import SCHEMA_VERSION, check_index, schema_version


@dataclass
class Loaded:
    """An index in the current schema, with the Titan histories a migration carried inline
    (by Titan id): the session writes those as history files on its first save."""

    index: dict[str, Any]
    inline: dict[int, dict[str, Any]] = field(default_factory=dict)
    migrated_from: int | None = None
    shared: bool = False  # the index is shared with a cache: copy it before changing it


def _v1_to_v2(path: Path, loaded: Loaded) -> Loaded:
    """Version 1 kept every Titan's history inside the one file; version 2 gives each Titan
    its own history file and keeps a small index (``layout.py``)."""
    from .schema_v1 import V1Database  # only when an old file is read

    try:
        old = V1Database.model_validate(loaded.index)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise StoreError(f"{path} has the wrong shape at {where}: {first['msg']}; left untouched") from None
    revision = max((meta.revision for meta in old.meta.values()), default=0)
    titans: dict[str, Any] = {}
    inline: dict[int, dict[str, Any]] = {}
    for titan_id, titan in old.titans.items():
        name = titan.events[0].get("name")
        if not isinstance(name, str) or not name:
            raise StoreError(f"{path}: Titan record {titan_id} has no name; left untouched")
        titans[titan_id] = {"campaign": titan.campaign, "name": name, "key": name_key(name), "events": len(titan.events), "file": 0}
        inline[int(titan_id)] = {"titan": int(titan_id), "events": titan.events, "undone": titan.undone}
    index = {
        "meta": {"1": {"schema_version": 2, "revision": revision}},
        "campaigns": {key: doc.model_dump() for key, doc in old.campaigns.items()},
        "titans": titans,
    }
    return Loaded(index, inline)


# From schema N to N + 1.
MIGRATIONS: dict[int, Callable[[Path, Loaded], Loaded]] = {1: _v1_to_v2}


def upgrade(path: Path, data: Any) -> Loaded:
    """The file's contents in the current schema; StoreError for a file this version cannot read."""
    version = schema_version(path, data)
    loaded = Loaded(data)
    start = version
    while version < SCHEMA_VERSION:
        loaded = MIGRATIONS[version](path, loaded)
        version += 1
    loaded.index = check_index(path, loaded.index)
    loaded.migrated_from = start if start < SCHEMA_VERSION else None
    return loaded
