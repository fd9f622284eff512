"""Files of earlier versions, read as schema 4 (``documents.py``); written on the first change,
when the file as it was is kept as a backup (and schema 2's history folder is left as it is).

- Schema 3: the change log without ids: each campaign and change is given its id.
- Schema 1: one file holding every Titan's events and redo stack.
- Schema 2: an index (``campaigns.json``) naming one history file per Titan in the folder
  ``campaigns.json.titans/``.

Both kept each Titan's history on its own; the change log is rebuilt from the events' times,
each Titan's events kept in order, and the Titans' parts of one game recorded at the same
moment made one change. Redo stacks become undone changes.
"""

from __future__ import annotations

import heapq
import json
import re
from pathlib import Path
from typing import Any

from ..rules.campaign import Change
from ..rules.describe import change_text
from ..rules.events import Event, GameRecorded, events_from_json
from ..rules.facts import ShapeError
from .documents import SCHEMA_VERSION, brought_in_by, change_to_doc, given_ids, stated_versions
from .files import StoreError, parse_json, read_bytes

_NUMBER_KEY = re.compile(r"[1-9][0-9]{0,8}")


class NewerSchema(StoreError):
    """A file of a newer titan-campaign: never read as anything else, never overwritten."""


class NoSchema(StoreError):
    """JSON that states no schema version and is no other file the program writes: not one
    of the program's files at all."""


def schema_version(path: Path, data: Any) -> int:
    """The file's schema version; StoreError if it is not a titan-campaign database at all."""
    numbers = stated_versions(data)
    versions = [v for v in numbers if isinstance(v, int) and not isinstance(v, bool)]
    if not versions:
        other = brought_in_by(path, data)
        if other is not None:
            what, command = other
            raise StoreError(f"{path} is {what}, not a database: {command}; left untouched")
        if numbers:  # a hand edit: "schema_version": "4"
            raise StoreError(
                f"{path} is damaged at meta: schema_version is {json.dumps(numbers[0])}, not a"
                " whole number: mend it by hand, or restore a backup (`titan-campaign backups`);"
                " left untouched"
            )
        if isinstance(data, dict) and isinstance(data.get("changes"), dict):  # a hand edit
            raise StoreError(
                f"{path} has lost its meta document (its schema version), as deleting its line"
                " does: put it back, or restore a backup (`titan-campaign backups`); left"
                " untouched"
            )
        raise NoSchema(
            f"{path} is not a titan-campaign database (no schema version); left untouched"
        )
    version = max(versions)
    if version > SCHEMA_VERSION:
        raise NewerSchema(
            f"{path} was written by a newer titan-campaign (schema {version}; this one reads up to "
            f"{SCHEMA_VERSION}): upgrade titan-campaign (the file is left untouched)"
        )
    return version


def upgrade(
    path: Path, data: Any, database: Path | None = None
) -> tuple[dict[str, Any], int | None]:
    """The file's tables in schema 4, and the version it was upgraded from (None if current).
    ``database``: where the database lives, when ``path`` is a backup of it."""
    version = schema_version(path, data)
    if version == SCHEMA_VERSION:
        return given_ids(data), None
    if version == 3:
        meta = {
            key: {**doc, "schema_version": SCHEMA_VERSION}
            if isinstance(doc, dict) and "schema_version" in doc
            else doc
            for key, doc in data["meta"].items()
        }
        return given_ids({**data, "meta": meta}), version
    titans = data.get("titans")
    campaigns = data.get("campaigns")
    if not isinstance(titans, dict) or not isinstance(campaigns, dict):
        raise StoreError(
            f"{path} is a schema {version} database without its tables; left untouched"
        )
    for key, doc in campaigns.items():
        if not _NUMBER_KEY.fullmatch(key) or not isinstance(doc, dict):
            raise StoreError(f"{path} is damaged at campaigns {key!r} (left untouched)")
    folder = (database or path).with_name((database or path).name + ".titans")
    histories: dict[int, list[tuple[int, list[Any], list[Any]]]] = {}
    for titan_id, entry in titans.items():
        if not isinstance(entry, dict) or not _NUMBER_KEY.fullmatch(titan_id):
            raise StoreError(f"{path} is damaged at titans {titan_id!r} (left untouched)")
        campaign = _campaign_of(path, titan_id, entry, campaigns)
        record = entry if version == 1 else _history_file(path, folder, titan_id, entry)
        events, undone = record.get("events"), record.get("undone", [])
        if not isinstance(events, list) or not isinstance(undone, list) or not events:
            raise StoreError(f"{path}: Titan {titan_id} has no history (left untouched)")
        histories.setdefault(campaign, []).append((int(titan_id), events, undone))
    changes: dict[str, Any] = {}
    for campaign_id in campaigns:
        for doc in change_log(path, int(campaign_id), histories.get(int(campaign_id), [])):
            changes[str(len(changes) + 1)] = doc
    tables = {
        "meta": {"1": {"schema_version": SCHEMA_VERSION}},
        "campaigns": {
            key: {k: v for k, v in doc.items() if k in ("name", "base_xp", "created")}
            for key, doc in campaigns.items()
        },
        "changes": changes,
    }
    return given_ids(tables), version


def _campaign_of(
    path: Path, titan_id: str, entry: dict[str, Any], campaigns: dict[str, Any]
) -> int:
    """The campaign a Titan of an earlier file plays in; StoreError unless it is one there is."""
    campaign: Any = entry.get("campaign")
    number = type(campaign) is int or (type(campaign) is str and _NUMBER_KEY.fullmatch(campaign))
    if number and str(campaign) in campaigns:
        return int(campaign)
    raise StoreError(
        f"{path} is damaged at titans {titan_id!r}: its campaign {campaign!r} is not one of "
        "the file's campaigns (left untouched)"
    )


def _history_file(path: Path, folder: Path, titan_id: str, entry: dict[str, Any]) -> dict[str, Any]:
    file = folder / f"titan-{titan_id}-r{entry.get('file')}.json"
    raw = read_bytes(file, "Titan history")
    if raw is None:
        raise StoreError(f"{path} names {file}, which is missing (left untouched)")
    record = parse_json(file, raw, "Titan history")
    if not isinstance(record, dict):
        raise StoreError(f"{file} is not a Titan history (left untouched)")
    return record


def _events(path: Path, titan_id: int, raw: list[Any]) -> list[Event]:
    try:
        return list(events_from_json(raw))
    except ShapeError as error:
        raise StoreError(f"{path}: Titan {titan_id} is damaged: {error} (left untouched)") from None


def change_log(
    path: Path, campaign_id: int, histories: list[tuple[int, list[Any], list[Any]]]
) -> list[dict[str, Any]]:
    """The change documents for Titans kept each on their own: one change per event, in the
    order of their times (each Titan's own order kept), the Titans' parts of one game recorded
    at the same moment made one change; a redo stack becomes undone changes."""
    named: list[tuple[int, str, list[Event], list[Event]]] = []
    for titan_id, events, undone in histories:
        done = _events(path, titan_id, events)
        name = getattr(done[0], "name", f"Titan {titan_id}")
        named.append((titan_id, name, done, _events(path, titan_id, undone)))
    streams = [[(e.at, titan_id, name, e) for e in done] for titan_id, name, done, _ in named]
    parts: list[tuple[str, dict[int, tuple[Event, ...]], list[str]]] = []  # at, events, names
    for at, titan_id, name, event in heapq.merge(*streams, key=lambda item: item[0]):
        if parts and isinstance(event, GameRecorded) and _same_game(parts[-1], at, event):
            parts[-1][1][titan_id] = (event,)
            parts[-1][2].append(name)
        else:
            parts.append((at, {titan_id: (event,)}, [name]))
    changes = [Change(at, _text(events, names), events) for at, events, names in parts]
    undone_order = 0
    for titan_id, name, _, undone in named:
        for event in undone:
            undone_order += 1
            changes.append(
                Change(event.at, change_text(name, [event]), {titan_id: (event,)}, undone_order)
            )
    return [change_to_doc(campaign_id, change) for change in changes]


def _same_game(
    part: tuple[str, dict[int, tuple[Event, ...]], list[str]], at: str, event: GameRecorded
) -> bool:
    earlier = next(iter(part[1].values()))[0]
    return part[0] == at and isinstance(earlier, GameRecorded) and earlier.game == event.game


def _text(events: dict[int, tuple[Event, ...]], names: list[str]) -> str:
    first = next(iter(events.values()))[0]
    if isinstance(first, GameRecorded) and len(names) > 1:
        return f"game {first.game} recorded for {' and '.join(names)}"
    return change_text(names[0], [first])
