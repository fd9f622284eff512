"""Titan history files: read, checked, replayed by the rules core, and written.

A history file is never changed once written (a change writes a new file under a new name,
see ``layout.py``), so a history already replayed in this process is kept in a small cache keyed
by the file's name and identity: a long-running program (the app) that changes the same Titans
again does not replay their whole history each time. The cache is an optimisation only; every
history is replayed in full the first time it is read.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..rules.errors import RuleError
from ..rules.events import EVENTS_ADAPTER, Event, event_to_json, explain
from ..rules.names import name_key
from ..rules.sheet import sheet_data
from ..rules.titan import TitanLog
from ..sheet_cache import sheet_entry
from .files import StoreError, encode, read_json, write_atomically
from .layout import check_history

CACHE_SIZE = 4096


@dataclass(frozen=True)
class History:
    """A replayed history and the stored form of each of its events (so that saving it again
    does not re-encode the events it already had)."""

    log: TitanLog
    stored: dict[int, tuple[Event, dict[str, Any]]]  # id(event) -> (event, stored form)

    def stored_form(self, titan_id: int, log: TitanLog) -> dict[str, Any]:
        def form(event: Event) -> dict[str, Any]:
            known = self.stored.get(id(event))
            return known[1] if known is not None and known[0] is event else event_to_json(event)

        return {"titan": titan_id, "events": [form(e) for e in log.events], "undone": [form(e) for e in log.undone]}


_cache: OrderedDict[tuple[str, int, int, int], History] = OrderedDict()
_cache_lock = threading.Lock()  # the app may read from worker threads


def _identity(file: Path) -> tuple[str, int, int, int] | None:
    try:
        status = os.stat(file)
    except OSError:
        return None
    return (str(file), status.st_ino, status.st_mtime_ns, status.st_size)


def _remember(key: tuple[str, int, int, int] | None, history: History) -> None:
    if key is None:
        return
    with _cache_lock:
        _cache[key] = history
        _cache.move_to_end(key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def forget_all() -> None:
    """Empty the cache (the benchmark uses this to time a first read)."""
    with _cache_lock:
        _cache.clear()


def replayed(database: Path, titan_id: int, name: str, raw: dict[str, Any]) -> History:
    """Check and replay a history; StoreError naming the database if it is damaged."""
    try:
        events = EVENTS_ADAPTER.validate_python(raw["events"])
        undone = EVENTS_ADAPTER.validate_python(raw.get("undone", []))
        log = TitanLog(tuple(events), tuple(undone))
        state = log.state  # replays and checks every event
    except (ValidationError, RuleError) as error:
        message = explain(error) if isinstance(error, ValidationError) else str(error)
        raise StoreError(f"{database}: Titan record {titan_id} is damaged: {message}") from None
    if name_key(state.name) != name_key(name):
        raise StoreError(f"{database}: Titan record {titan_id} is damaged: its history is of {state.name}, not {name}")
    pairs = zip(events + undone, raw["events"] + raw.get("undone", []))
    return History(log, {id(event): (event, stored) for event, stored in pairs})


def read_history(database: Path, file: Path, titan_id: int, name: str) -> History:
    key = _identity(file)
    with _cache_lock:
        known = _cache.get(key) if key is not None else None
        if known is not None and key is not None:
            _cache.move_to_end(key)
    if known is not None:
        return known
    raw = read_json(file)
    if raw is None:
        raise StoreError(
            f"{file} is missing: the database {database} is damaged or was changed while being read; "
            "try again, or restore a backup (titan-campaign backups)"
        )
    check_history(file, raw, titan_id)
    history = replayed(database, titan_id, name, raw)
    _remember(key, history)
    return history


def write_history(database: Path, file: Path, titan_id: int, log: TitanLog, known: History | None) -> None:
    """Write a new history file (without syncing its folder: the caller does, once)."""
    stored = known.stored_form(titan_id, log) if known is not None else History(log, {}).stored_form(titan_id, log)
    write_atomically(file, encode({**stored, "sheet": sheet_entry(sheet_data(log.state, ""))}), sync_folder=False, scratch=database)
    pairs = zip(log.events + log.undone, stored["events"] + stored["undone"])
    _remember(_identity(file), History(log, {id(event): (event, form) for event, form in pairs}))
