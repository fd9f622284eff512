"""Export and import of whole campaigns. An import is untrusted: every event is checked by the
rules' models and every Titan replayed through the rules before anything is added, and any
problem refuses the whole file, naming it.

Export files (``"format": "titan-campaign export"``): version 2 keeps each campaign's change
log (``changes``, as in the database); version 1 kept each Titan's events and redo stack
(``titans``), and is still read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..rules.campaign import Campaign
from ..rules.errors import RuleError
from ..rules.events import EVENTS_ADAPTER, Created, Event, explain
from ..rules.names import name_key
from ..rules.titan import TitanState
from .documents import campaign_from_docs, change_to_doc, check_tables, event_doc
from .files import StoreError, parse_json, read_bytes
from .upgrade import change_log

EXPORT_FORMAT = "titan-campaign export"
EXPORT_VERSION = 2
RULES_VERSION = "Campaign Titan rules, rulings R1-R12"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


class TitanExport(_Strict):
    events: Annotated[list[dict[str, Any]], Field(min_length=1, max_length=100_000)]
    undone: Annotated[list[dict[str, Any]], Field(max_length=100_000)] = []


class CampaignExport(_Strict):
    name: Annotated[str, Field(min_length=1, max_length=60)]
    base_xp: Literal[0, 100, 200]
    created: Annotated[str, Field(max_length=40)] = ""
    titans: Annotated[list[TitanExport], Field(max_length=10_000)] = []  # version 1
    changes: Annotated[list[dict[str, Any]], Field(max_length=1_000_000)] = []  # version 2


class ExportFile(_Strict):
    format: Literal["titan-campaign export"]
    schema_version: Annotated[int, Field(ge=1)]
    exported: Annotated[str, Field(max_length=40)] = ""
    campaigns: list[CampaignExport]


def export_data(campaigns: list[Campaign], exported: str) -> dict[str, Any]:
    return {
        "format": EXPORT_FORMAT,
        "schema_version": EXPORT_VERSION,
        "exported": exported,
        "campaigns": [
            {
                "name": campaign.name,
                "base_xp": campaign.base_xp,
                "created": campaign.created,
                "changes": [
                    _without_campaign(change_to_doc(0, change)) for change in campaign.changes
                ],
            }
            for campaign in campaigns
        ],
    }


def _without_campaign(doc: dict[str, Any]) -> dict[str, Any]:
    del doc["campaign"]
    return doc


def read_export(path: Path) -> ExportFile:
    try:
        raw = read_bytes(path, "titan-campaign export")
        if raw is None:
            raise StoreError(f"{path} does not exist")
        data = parse_json(path, raw)
    except StoreError as error:
        raise StoreError(
            f"{str(error).removesuffix(' (left untouched)')}; nothing imported"
        ) from None
    try:
        exported = ExportFile.model_validate(data)
    except ValidationError as error:
        raise StoreError(
            f"{path} is not a titan-campaign export ({explain(error)}); nothing imported"
        ) from None
    if exported.schema_version > EXPORT_VERSION:
        raise StoreError(
            f"{path} comes from a newer titan-campaign (export version {exported.schema_version}); nothing imported"
        )
    return exported


def checked_campaigns(path: Path, exported: ExportFile, existing: list[str]) -> list[Campaign]:
    """The file's campaigns, each Titan replayed through the rules; StoreError if anything fails."""
    there = {name_key(name) for name in existing}
    seen: set[str] = set()
    campaigns = []
    for number, entry in enumerate(exported.campaigns, start=1):
        key = name_key(entry.name)
        if key in there:
            raise StoreError(f'a campaign named "{entry.name}" already exists; nothing imported')
        if key in seen:
            raise StoreError(f'the file has two campaigns named "{entry.name}"; nothing imported')
        seen.add(key)
        campaigns.append(_campaign(path, number, entry))
    if not campaigns:
        raise StoreError(f"{path} holds no campaign; nothing imported")
    return campaigns


def _campaign(path: Path, number: int, entry: CampaignExport) -> Campaign:
    where = f'campaign "{entry.name}"'
    try:
        docs = entry.changes
        if entry.titans:
            histories = [
                (n, titan.events, titan.undone) for n, titan in enumerate(entry.titans, start=1)
            ]
            docs = change_log(path, 0, histories)
        facts = {"name": entry.name, "base_xp": entry.base_xp, "created": entry.created}
        numbered = {str(n): {**doc, "campaign": 1} for n, doc in enumerate(docs, start=1)}
        check_tables(path, {"campaigns": {"1": facts}, "changes": numbered})
        campaign = campaign_from_docs(path, str(number), facts, list(numbered.items()))
    except StoreError as error:
        raise StoreError(
            f"{where}: {str(error).removesuffix(' (left untouched)')}; nothing imported"
        ) from None
    campaign = campaign.with_changes(tuple(_unnumbered(c) for c in campaign.changes))
    names: dict[str, int] = {}
    for titan_id in campaign.titan_ids:
        try:
            state = campaign.state(titan_id)
        except RuleError as error:
            raise StoreError(f"{where}, Titan {titan_id}: {error}; nothing imported") from None
        created = campaign.histories[titan_id][0]
        assert isinstance(created, Created)
        if created.base_xp != campaign.base_xp:
            raise StoreError(
                f"{where}: {state.name} has {created.base_xp} base XP but the campaign gives {campaign.base_xp}; nothing imported"
            )
        if name_key(state.name) in names:
            raise StoreError(f'{where} has two Titans named "{state.name}"; nothing imported')
        names[name_key(state.name)] = titan_id
    return campaign


def _unnumbered(change: Any) -> Any:
    return type(change)(change.at, change.text, change.events, change.undone, None)


def export_text(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# --- one Titan ---------------------------------------------------------------------------------

TITAN_FORMAT = "titan-campaign titan"


class TitanFile(_Strict):
    format: Literal["titan-campaign titan"]
    schema_version: Annotated[int, Field(ge=1)]
    exported: Annotated[str, Field(max_length=40)] = ""
    rules: Annotated[str, Field(max_length=40)] = ""
    events: Annotated[list[dict[str, Any]], Field(min_length=1, max_length=100_000)]


def titan_export_text(state: TitanState, events: Sequence[Event], exported: str) -> str:
    """One Titan with its whole history (``rules``: the rules version that judged it)."""
    data = {
        "format": TITAN_FORMAT,
        "schema_version": 1,
        "exported": exported,
        "rules": RULES_VERSION,
        "titan": state.name,
        "events": [event_doc(event) for event in events],
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def read_titan_export(path: Path) -> list[Event]:
    """The events of a Titan export file, checked by the rules' models (not yet replayed)."""
    try:
        raw = read_bytes(path, "titan-campaign Titan file")
        if raw is None:
            raise StoreError(f"{path} does not exist")
        data = parse_json(path, raw)
        if isinstance(data, dict):
            data.pop("titan", None)
        exported = TitanFile.model_validate(data)
        if exported.schema_version > 1:
            raise StoreError(f"{path} comes from a newer titan-campaign")
        return list(EVENTS_ADAPTER.validate_python(exported.events))
    except ValidationError as error:
        raise StoreError(
            f"{path} is not a titan-campaign Titan file ({explain(error)}); nothing imported"
        ) from None
    except StoreError as error:
        raise StoreError(
            f"{str(error).removesuffix(' (left untouched)')}; nothing imported"
        ) from None
