"""Export and import of whole campaigns. Imports are untrusted: every Titan is replayed
through the rules core, and any problem refuses the whole file before anything is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..rules.errors import RuleError
from ..rules.events import EVENTS_ADAPTER, Created, event_to_json, explain
from ..rules.names import name_key
from ..rules.titan import TitanLog
from .files import StoreError
from .repository import Session, now_iso

EXPORT_FORMAT = "titan-campaign export"
EXPORT_VERSION = 1  # the export file's own version, independent of the database layout
MAX_IMPORT_BYTES = 20 * 1024 * 1024


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)  # built when a file is imported, not at start-up


class TitanExport(_Strict):
    events: Annotated[list[dict[str, Any]], Field(min_length=1, max_length=100_000)]
    undone: Annotated[list[dict[str, Any]], Field(max_length=100_000)] = []


class CampaignExport(_Strict):
    name: Annotated[str, Field(min_length=1, max_length=60)]
    base_xp: Literal[0, 100, 200]
    created: Annotated[str, Field(max_length=40)] = ""
    titans: Annotated[list[TitanExport], Field(max_length=10_000)] = []


class ExportFile(_Strict):
    format: Literal["titan-campaign export"]
    schema_version: Annotated[int, Field(ge=1)]
    exported: Annotated[str, Field(max_length=40)] = ""
    campaigns: list[CampaignExport]


def export_data(session: Session) -> dict[str, Any]:
    return {
        "format": EXPORT_FORMAT,
        "schema_version": EXPORT_VERSION,
        "exported": now_iso(),
        "campaigns": [
            {
                "name": campaign.name,
                "base_xp": campaign.base_xp,
                "created": campaign.created,
                "titans": [
                    {
                        "events": [event_to_json(e) for e in record.log.events],
                        "undone": [event_to_json(e) for e in record.log.undone],
                    }
                    for record in session.titans(campaign, include_archived=True)
                ],
            }
            for campaign in session.campaigns()
        ],
    }


def _load(path: Path) -> ExportFile:
    try:
        if path.stat().st_size > MAX_IMPORT_BYTES:
            raise StoreError(f"{path} is larger than {MAX_IMPORT_BYTES // 1024 // 1024} MB; not an export file")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise StoreError(f"{path} does not exist") from None
    except IsADirectoryError:
        raise StoreError(f"{path} is a folder, not an export file") from None
    except PermissionError:
        raise StoreError(f"{path} cannot be read: permission denied") from None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise StoreError(f"{path} is not valid JSON; nothing imported") from None
    try:
        exported = ExportFile.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise StoreError(f"{path} is not a titan-campaign export ({where}: {first['msg']}); nothing imported") from None
    if exported.schema_version > EXPORT_VERSION:
        raise StoreError(f"{path} comes from a newer titan-campaign (schema {exported.schema_version}); nothing imported")
    return exported


def _replayed(campaign: CampaignExport, number: int, titan: TitanExport) -> TitanLog:
    where = f'campaign "{campaign.name}", Titan {number}'
    try:
        log = TitanLog(
            tuple(EVENTS_ADAPTER.validate_python(titan.events)),
            tuple(EVENTS_ADAPTER.validate_python(titan.undone)),
        )
        state = log.state
    except ValidationError as error:
        raise StoreError(f"{where}: {explain(error)}; nothing imported") from None
    except RuleError as error:
        raise StoreError(f"{where}: {error}; nothing imported") from None
    created = log.events[0]
    assert isinstance(created, Created)
    if created.base_xp != campaign.base_xp:
        raise StoreError(f"{where} ({state.name}) has {created.base_xp} base XP but the campaign gives {campaign.base_xp}; nothing imported")
    return log


def import_data(session: Session, path: Path) -> list[str]:
    """Add every campaign of the file, or raise StoreError and add nothing."""
    exported = _load(path)
    existing = {name_key(c.name) for c in session.campaigns()}
    seen: set[str] = set()
    checked: list[tuple[CampaignExport, list[TitanLog]]] = []
    for campaign in exported.campaigns:
        key = name_key(campaign.name)
        if key in existing:
            raise StoreError(f'a campaign named "{campaign.name}" already exists; nothing imported')
        if key in seen:
            raise StoreError(f'the file has two campaigns named "{campaign.name}"; nothing imported')
        seen.add(key)
        logs = [_replayed(campaign, n, titan) for n, titan in enumerate(campaign.titans, start=1)]
        names = [name_key(log.state.name) for log in logs]
        duplicates = {n for n in names if names.count(n) > 1}
        if duplicates:
            raise StoreError(f'campaign "{campaign.name}" has two Titans named "{duplicates.pop()}"; nothing imported')
        checked.append((campaign, logs))
    if not checked:
        raise StoreError(f"{path} holds no campaign; nothing imported")
    for campaign, logs in checked:
        added = session.add_campaign(campaign.name, campaign.base_xp)
        for log in logs:
            session.insert_titan(added, log)
    return [campaign.name for campaign, _ in checked]
