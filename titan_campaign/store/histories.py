"""Titan history files: read, checked, replayed by the rules core, and written.

A history file is never changed once written (a change writes a new file under a new name, see
``layout.py``). It is JSON laid out in lines, so that a change can reuse what is already there:

    {"check":CRC32 of everything after this line,
    "titan":ID,"rules":RULES VERSION,"state":STATE,"undone":[EVENT,...],
    "sheet":{"rules":RULES VERSION,"data":SHEET},
    "events":[
    EVENT,
    ...
    EVENT]}

``state`` is the state the events lead to, worked out by the rules core when the file was
written. A program with the same rules (``sheet_cache.rules_fingerprint``) reading a file whose
check matches takes that state as it is and turns the events into objects only when they are
asked for; anything else (other rules, a damaged file, a file of an earlier layout) is checked
and replayed event by event, which also names the first damaged event. A history read or
written by this program is also kept in a small cache keyed by the file's name and identity.
"""

from __future__ import annotations

import json
import os
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..rules.errors import RuleError
from ..rules.events import EVENTS_ADAPTER, Event, event_to_json, explain
from ..rules.names import name_key
from ..rules.sheet import sheet_data
from ..rules.snapshot import state_from_json, state_to_json
from ..rules.titan import StoredEvents, TitanLog
from ..sheet_cache import rules_fingerprint, sheet_entry
from .files import StoreError, encode, parse_json, read_raw, write_new
from .layout import MAX_HISTORY, check_history

CACHE_SIZE = 4096
_CHECK = b'{"check":'
_EVENTS = b'"events":['


@dataclass(frozen=True)
class History:
    """A history as stored: its log, and the stored text of each of its stored events (so that
    saving it again with one more event writes the others as they were, unread)."""

    log: TitanLog
    texts: tuple[bytes, ...]

    def texts_of(self, log: TitanLog) -> list[bytes]:
        """The stored text of each event of ``log``, a later version of this history."""
        stored = self.log.prefix
        if stored is not None and log.prefix is stored:
            return [*self.texts, *map(_text, log.tail)]
        known = stored.events if stored is not None else ()
        return [
            self.texts[at] if at < len(known) and known[at] is event else _text(event)
            for at, event in enumerate(log.events)
        ]


def _text(event: Event) -> bytes:
    return encode(event_to_json(event))


def _events_loader(database: Path, titan_id: int, texts: tuple[bytes, ...]) -> StoredEvents:
    def load() -> tuple[Event, ...]:
        try:
            return tuple(EVENTS_ADAPTER.validate_python(json.loads(b"[" + b",".join(texts) + b"]")))
        except (ValueError, ValidationError) as error:
            message = explain(error) if isinstance(error, ValidationError) else "not valid JSON"
            raise StoreError(f"{database}: Titan record {titan_id} is damaged: {message}") from None

    return StoredEvents(len(texts), load)


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
        events = tuple(EVENTS_ADAPTER.validate_python(raw["events"]))
        undone = tuple(EVENTS_ADAPTER.validate_python(raw.get("undone", [])))
        log = TitanLog.stored(StoredEvents.loaded(events), (), undone, None)
        state = log.state  # replays and checks every event
    except (ValidationError, RuleError) as error:
        message = explain(error) if isinstance(error, ValidationError) else str(error)
        raise StoreError(f"{database}: Titan record {titan_id} is damaged: {message}") from None
    if name_key(state.name) != name_key(name):
        raise StoreError(f"{database}: Titan record {titan_id} is damaged: its history is of {state.name}, not {name}")
    return History(log, tuple(encode(event) for event in raw["events"]))


def _trusted(database: Path, titan_id: int, name: str, raw: bytes) -> History | None:
    """The history without replaying it, if the file is whole and was written by these rules."""
    first, _, body = raw.rstrip(b" ").partition(b"\n")  # a reused file may be padded
    if not first.startswith(_CHECK) or first[len(_CHECK) : -1] != str(zlib.crc32(body)).encode():
        return None
    head, _, rest = body.partition(b"\n")
    _sheet, _, rest = rest.partition(b"\n")
    marker, _, events = rest.partition(b"\n")
    if marker != _EVENTS or not events.endswith(b"]}"):
        return None
    texts = tuple(events[:-2].split(b",\n"))
    try:
        header = json.loads(b"{" + head.rstrip(b",") + b"}")
        if header["rules"] != rules_fingerprint() or header["titan"] != titan_id or not 1 <= len(texts) <= MAX_HISTORY:
            return None
        state = state_from_json(header["state"])
        undone = tuple(EVENTS_ADAPTER.validate_python(header["undone"]))
    except (ValueError, KeyError, TypeError, ValidationError):
        return None
    if name_key(state.name) != name_key(name):
        return None
    return History(TitanLog.stored(_events_loader(database, titan_id, texts), (), undone, state), texts)


def read_history(database: Path, file: Path, titan_id: int, name: str) -> History:
    key = _identity(file)
    with _cache_lock:
        known = _cache.get(key) if key is not None else None
        if known is not None and key is not None:
            _cache.move_to_end(key)
    if known is not None:
        return known
    raw = read_raw(file)
    if raw is None:
        raise StoreError(
            f"{file} is missing: the database {database} is damaged or was changed while being read; "
            "try again, or restore a backup (titan-campaign backups)"
        )
    history = _trusted(database, titan_id, name, raw)
    if history is None:
        data = check_history(file, parse_json(file, raw), titan_id)
        history = replayed(database, titan_id, name, data)
    _remember(key, history)
    return history


def history_bytes(titan_id: int, log: TitanLog, texts: list[bytes]) -> bytes:
    """A history file's contents (see the layout at the top)."""
    rules = rules_fingerprint()
    head = {"titan": titan_id, "rules": rules, "state": state_to_json(log.state), "undone": [event_to_json(e) for e in log.undone]}
    body = b"".join(
        (
            encode(head)[1:-1],
            b',\n"sheet":',
            encode(sheet_entry(sheet_data(log.state, ""))),
            b",\n",
            _EVENTS,
            b"\n",
            b",\n".join(texts),
            b"]}",
        )
    )
    return b"%s%d,\n%s" % (_CHECK, zlib.crc32(body), body)


def write_history(
    database: Path, file: Path, titan_id: int, log: TitanLog, known: History | None, spare: Path | None
) -> None:
    """Write a new history file, reusing ``spare`` if it exists (without syncing the folder:
    the caller does, once)."""
    texts = known.texts_of(log) if known is not None else [_text(event) for event in log.events]
    write_new(file, history_bytes(titan_id, log, texts), spare)
    stored = tuple(texts)
    read = log.prefix is None or "events" in vars(log.prefix)
    prefix = StoredEvents.loaded(log.events) if read else _events_loader(database, titan_id, stored)
    _remember(_identity(file), History(TitanLog.stored(prefix, (), log.undone, log.state), stored))
