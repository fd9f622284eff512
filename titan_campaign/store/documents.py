"""The database file's tables (schema 3), and how their documents become the rules' objects.

``campaigns.json`` is a tinydb file of three tables:

- ``meta``: one document, ``{"schema_version": 3}``;
- ``campaigns``: ``{"name", "base_xp", "created"}``;
- ``changes``: the change log, one document per user action: ``{"campaign": ID, "at": TIME,
  "text": "Thorn: bought a Power box", "titans": {TITAN ID: [EVENT, ...]}}``, plus
  ``"undone": N`` while the change is undone (and may be redone).

A document read from the file is checked here, and every event by the rules' own models; a
problem names the table, the document and the field, and the file is left untouched.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..rules.campaign import Campaign, Change
from ..rules.events import EVENTS_ADAPTER, Event, Name, event_to_json, explain
from .files import StoreError

SCHEMA_VERSION = 3
MAX_EVENTS = 100_000


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class CampaignDoc(_Doc):
    name: Name
    base_xp: Literal[0, 100, 200]
    created: Annotated[str, Field(max_length=40)] = ""


class ChangeDoc(_Doc):
    campaign: Annotated[int, Field(ge=1)]
    at: Annotated[str, Field(max_length=40)] = ""
    text: Annotated[str, Field(max_length=400)] = ""
    titans: dict[
        Annotated[str, Field(pattern=r"^[1-9][0-9]{0,8}$")],
        Annotated[list[Any], Field(max_length=MAX_EVENTS)],  # each event: checked when read
    ]
    undone: Annotated[int, Field(ge=0)] = 0


def _wrong(path: Path, where: str, error: ValidationError) -> StoreError:
    return StoreError(f"{path} is damaged at {where}: {explain(error)} (left untouched)")


_TABLES = TypeAdapter(dict[str, dict[str, Any]])
_NUMBER = Annotated[str, Field(pattern=r"^[1-9][0-9]{0,8}$")]
_CAMPAIGNS = TypeAdapter(dict[_NUMBER, CampaignDoc])
_CHANGES = TypeAdapter(dict[_NUMBER, ChangeDoc])


def check_tables(path: Path, data: Any) -> dict[str, dict[str, Any]]:
    """The file's tables, every document checked for shape (events are checked when their
    campaign is read); StoreError naming the table, document and field."""
    try:
        _TABLES.validate_python(data)
    except ValidationError:
        raise StoreError(f"{path} is not a titan-campaign database (left untouched)") from None
    for table, adapter in (("campaigns", _CAMPAIGNS), ("changes", _CHANGES)):
        try:
            adapter.validate_python(data.get(table, {}))
        except ValidationError as error:
            loc = error.errors()[0]["loc"]
            where = f"{table} {loc[0]}" if loc else table
            detail = explain(error).removeprefix(f"{loc[0]}.") if loc else explain(error)
            raise StoreError(f"{path} is damaged at {where}: {detail} (left untouched)") from None
    return data  # type: ignore[no-any-return]


def campaign_from_docs(
    path: Path, doc_id: str, doc: Any, changes: list[tuple[str, Any]]
) -> Campaign:
    """A campaign with its change log from documents ``check_tables`` passed, every event
    checked by the rules' models (all of the campaign's events in one go)."""
    facts = CampaignDoc.model_validate(doc)
    docs = [(number, raw.get("titans", {})) for number, raw in changes]
    flat = [event for _, titans in docs for events in titans.values() for event in events]
    try:
        validated: list[Event] = EVENTS_ADAPTER.validate_python(flat)
    except ValidationError as error:
        raise _wrong(path, _event_place(docs, error), error) from None
    log = []
    at = 0
    for number, raw in changes:
        events: dict[int, tuple[Event, ...]] = {}
        for tid, added in raw["titans"].items():
            events[int(tid)] = tuple(validated[at : at + len(added)])
            at += len(added)
        log.append(
            Change(
                raw.get("at", ""), raw.get("text", ""), events, raw.get("undone", 0), int(number)
            )
        )
    return Campaign(facts.name, facts.base_xp, facts.created, tuple(log))


def events_from_docs(
    path: Path, titan_id: int, docs: list[tuple[str, list[Any]]]
) -> tuple[Event, ...]:
    """One Titan's events from the changes that hold them, checked by the rules' models."""
    flat = [event for _, events in docs for event in events]
    try:
        return tuple(EVENTS_ADAPTER.validate_python(flat))
    except ValidationError as error:
        at = error.errors()[0]["loc"][0]
        for number, events in docs:
            if not isinstance(at, int) or at < len(events):
                raise _wrong(path, f"changes {number}, Titan {titan_id}", error) from None
            at -= len(events)
        raise _wrong(path, "changes", error) from None


def _event_place(docs: list[tuple[str, dict[str, Any]]], error: ValidationError) -> str:
    """The change and Titan of the first event that failed, counted in the campaign's events."""
    at = error.errors()[0]["loc"][0]
    for number, titans in docs:
        for tid, events in titans.items():
            if not isinstance(at, int) or at < len(events):
                return f"changes {number}, Titan {tid}"
            at -= len(events)
    return "changes"


def change_to_doc(campaign_id: int, change: Change) -> dict[str, Any]:
    doc: dict[str, Any] = {"campaign": campaign_id, "at": change.at, "text": change.text}
    doc["titans"] = {
        str(tid): [event_doc(e) for e in events] for tid, events in change.events.items()
    }
    if change.undone:
        doc["undone"] = change.undone
    return doc


def event_doc(event: Event) -> dict[str, object]:
    """An event as kept in a change: its kind first; its time is the change's."""
    data = event_to_json(event)
    data.pop("at", None)
    return {"kind": data.pop("kind"), **data}
