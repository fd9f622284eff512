"""The printed-sheet figures kept beside each Titan history, so `sheet --format json` starts fast.

A history file never changes once written (see store/layout.py), so the sheet its events lead to
never changes either, as long as the rules do not. Each history file therefore carries the
sheet worked out when it was written, stamped with a fingerprint of the rules code. Reading it
needs only the standard library: no pydantic models are built and no event is replayed. When
anything is off (an older file, other rules, a name that needs the full lookup to explain), the
caller takes the ordinary path, which checks and replays everything.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

from .locations import history_path

_RULES = Path(__file__).parent / "rules"
_fingerprint: str | None = None


def rules_fingerprint() -> str:
    """Changes whenever a file of the rules core changes (its name, size or modification time)."""
    global _fingerprint
    if _fingerprint is None:
        stamp = "|".join(
            f"{file.name}:{status.st_size}:{status.st_mtime_ns}"
            for file in sorted(_RULES.glob("*.py"))
            for status in (file.stat(),)
        )
        _fingerprint = f"{zlib.crc32(stamp.encode()):08x}-{len(stamp)}"
    return _fingerprint


def sheet_entry(sheet: dict[str, Any]) -> dict[str, Any]:
    """What a history file keeps: the sheet without its campaign name, and the fingerprint."""
    return {"rules": rules_fingerprint(), "data": {**sheet, "campaign": ""}}


def _sheet_entry(raw: bytes) -> Any:
    """The kept sheet of a history file: only its own line is parsed when the file is laid out
    in lines (see store/histories.py), else the whole file."""
    lines = raw.split(b"\n", 3)
    if len(lines) == 4 and lines[2].startswith(b'"sheet":') and lines[2].endswith(b","):
        return json.loads(lines[2][len(b'"sheet":') : -1])
    return json.loads(raw).get("sheet")


def cached_sheet(database: Path, titan: str, campaign: str | None) -> dict[str, Any] | None:
    """The Titan's sheet as `sheet_data` gives it, from its current history file; None when the
    ordinary path must answer (it also explains every error)."""
    from .rules.names import name_key

    try:
        index = json.loads(database.read_bytes())
        if max(doc["schema_version"] for doc in index["meta"].values()) != 2:
            return None
        campaigns = index.get("campaigns", {})
        scope = set(campaigns)  # a name unique across campaigns needs no --campaign
        if campaign is not None:
            scope = {key for key, doc in campaigns.items() if name_key(doc["name"]) == name_key(campaign)}
        wanted = name_key(titan)
        found = [
            (key, doc)
            for key, doc in index.get("titans", {}).items()
            if str(doc["campaign"]) in scope and doc["key"] == wanted
        ]
        if len(found) != 1 or not found[0][1]["file"]:
            return None
        key, doc = found[0]
        entry = _sheet_entry(history_path(database, key, doc["file"]).read_bytes())
        if not isinstance(entry, dict) or entry.get("rules") != rules_fingerprint():
            return None
        data: dict[str, Any] = entry["data"]
        data["campaign"] = campaigns[str(doc["campaign"])]["name"]
        return data
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
