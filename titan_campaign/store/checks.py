"""Shape checks for the database's own files: the index and the Titan history files.

Written by hand rather than as pydantic models: they run on every read (a thousand Titans'
records in well under a millisecond) and cost nothing when the command line starts. The events
inside a history are checked by the rules core's own models when they are replayed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .files import StoreError

MAX_HISTORY = 100_000  # events in one Titan's history
HISTORY_PATTERN = r"^titan-(\d+)-r(\d+)\.json$"
HISTORY_NAME = re.compile(HISTORY_PATTERN)
_TABLES = {"meta", "campaigns", "titans", "_default"}  # "_default": tinydb's own, if ever opened
_META = {"schema_version", "revision", "retired"}
_CAMPAIGN = {"name", "base_xp", "created"}
_TITAN = {"campaign", "name", "key", "events", "file"}


class _Wrong(Exception):
    def __init__(self, where: str, what: str) -> None:
        self.where, self.what = where, what


def _number(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Wrong(where, "should be a whole number")
    if value < low or (high is not None and value > high):
        raise _Wrong(where, f"should be from {low} to {high}" if high is not None else f"should be {low} or more")
    return value


def _text(value: Any, where: str, low: int, high: int) -> str:
    if not isinstance(value, str):
        raise _Wrong(where, "should be text")
    if not low <= len(value) <= high:
        raise _Wrong(where, f"should have {low} to {high} characters")
    return value


def _record(value: Any, where: str, allowed: set[str], required: set[str]) -> dict[str, Any]:
    if isinstance(value, dict) and required <= value.keys() <= allowed:
        return value
    if not isinstance(value, dict):
        raise _Wrong(where, "should be an object")
    for key in value:
        if key not in allowed:
            raise _Wrong(f"{where}.{key}", "is not expected here")
    for key in sorted(required - value.keys()):
        raise _Wrong(f"{where}.{key}", "is missing")
    return value


def _table(data: dict[str, Any], name: str) -> dict[str, Any]:
    table = data.setdefault(name, {})
    if not isinstance(table, dict):
        raise _Wrong(name, "should be an object")
    for key in table:
        if not key.isdigit():
            raise _Wrong(f"{name}.{key}", "is not a record number")
    return table


def _check_index(data: Any) -> None:
    _record(data, "(top)", _TABLES, {"meta"})
    meta = data["meta"]
    if not isinstance(meta, dict) or not meta:
        raise _Wrong("meta", "should be an object with the schema version")
    for key, doc in meta.items():
        _record(doc, f"meta.{key}", _META, {"schema_version", "revision"})
        _number(doc["schema_version"], f"meta.{key}.schema_version", 1)
        _number(doc["revision"], f"meta.{key}.revision", 0)
        retired = doc.get("retired", {})
        if not isinstance(retired, dict):
            raise _Wrong(f"meta.{key}.retired", "should be an object")
        for name, revision in retired.items():
            if not HISTORY_NAME.match(name):
                raise _Wrong(f"meta.{key}.retired.{name}", "is not a history file name")
            _number(revision, f"meta.{key}.retired.{name}", 1)
    campaigns = _table(data, "campaigns")
    for key, doc in campaigns.items():
        where = f"campaigns.{key}"
        _record(doc, where, _CAMPAIGN, {"name", "base_xp"})
        _text(doc["name"], f"{where}.name", 1, 60)
        if doc["base_xp"] not in (0, 100, 200) or isinstance(doc["base_xp"], bool):
            raise _Wrong(f"{where}.base_xp", "should be 0, 100 or 200")
        _text(doc.get("created", ""), f"{where}.created", 0, 40)
    for key, doc in _table(data, "titans").items():
        try:  # places named relative to the record, so a thousand good records format nothing
            _record(doc, "", _TITAN, _TITAN)
            if str(_number(doc["campaign"], ".campaign", 1)) not in campaigns:
                raise _Wrong(".campaign", f"names campaign {doc['campaign']}, which does not exist")
            _text(doc["name"], ".name", 1, 60)
            _text(doc["key"], ".key", 0, 60)
            _number(doc["events"], ".events", 1, MAX_HISTORY)
            _number(doc["file"], ".file", 0)
        except _Wrong as wrong:
            raise _Wrong(f"titans.{key}{wrong.where}", wrong.what) from None


def check_index(path: Path, data: Any) -> dict[str, Any]:
    """A current-schema index with the right shape; StoreError naming the file and the place."""
    try:
        _check_index(data)
    except _Wrong as wrong:
        raise StoreError(f"{path} has the wrong shape at {wrong.where}: {wrong.what}; left untouched") from None
    return data  # type: ignore[no-any-return]


def check_history(path: Path, data: Any, titan_id: int) -> dict[str, Any]:
    """A history file's outer shape (its events are checked when the rules core replays them)."""
    try:
        _record(data, "(top)", {"check", "titan", "rules", "state", "undone", "sheet", "events"}, {"titan", "events"})
        if _number(data["titan"], "titan", 1) != titan_id:
            raise StoreError(f"{path} holds Titan {data['titan']}, not Titan {titan_id}; the database is damaged")
        for name in ("events", "undone"):
            events = data.get(name, [])
            if not isinstance(events, list) or not all(isinstance(event, dict) for event in events):
                raise _Wrong(name, "should be a list of events")
            if len(events) > MAX_HISTORY or (name == "events" and not events):
                raise _Wrong(name, f"should hold 1 to {MAX_HISTORY} events")
    except _Wrong as wrong:
        raise StoreError(f"{path} has the wrong shape at {wrong.where}: {wrong.what}; the database is damaged") from None
    return data  # type: ignore[no-any-return]
