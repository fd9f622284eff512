"""The database file's tables (schema 4), and how their documents become the rules' objects.

``campaigns.json`` is a tinydb file of these tables:

- ``meta``: one document, ``{"schema_version": 4}`` (with ``"not_undoable"`` after a change
  that ``undo`` cannot take back, ``"merged"`` after a merge, which ``undo`` takes back);
- ``campaigns``: ``{"name", "base_xp", "created", "id"}``, ``id`` the same in every copy;
- ``changes``: the change log, one document per user action: ``{"campaign": ID, "id": ID,
  "at": TIME, "text": "Thorn: bought a Power box", "titans": {TITAN ID: [EVENT, ...]}}``, plus
  ``"undone": N`` and ``"undone_at": TIME`` while the change is undone (and may be redone),
  ``"redone_at"`` once redone, ``"dropped": [ID, ...]`` naming the undone changes it made no
  longer redoable. A rename of the campaign is a change without events: ``"titans": {},
  "campaign_renamed": [OLD, NEW]``. A change's ``id`` is a hash of its content and of the id
  of the change before it in its campaign's log (``change_id``), so that two copies of one
  history agree on it without talking (schema 4; schema 3 had no ids);
- ``deleted`` (once a campaign is deleted): ``{"id", "campaign": ID, "name", "at": TIME,
  "last_change": ID}``, each campaign deleted (``DeletionDoc``), so that a merge with a copy
  that still has it keeps it deleted.

A document read from the file is checked here, and every event by the rules; a
problem names the table, the document and the field, and the file is left untouched.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, Field, PlainValidator, StringConstraints
from pydantic_core import PydanticCustomError

from ..rules.campaign import Campaign, Change
from ..rules.events import (
    ID_PATTERN,
    MAX_EVENTS,
    TIME_LENGTH,
    AnyEvent,
    BaseXp,
    Event,
    Name,
    Time,
    event_to_json,
    events_as_written,
    events_from_json,
    is_moment,
)
from ..rules.facts import PRINTABLE, Facts, ShapeError, Text, Whole, parse, to_json
from ..rules.names import name_key, quoted
from ..rules.printable import is_unprintable, shown
from .files import Damaged, StoreError

SCHEMA_VERSION = 4
Id = Annotated[
    Text, StringConstraints(max_length=32), PRINTABLE, StringConstraints(pattern=f"^{ID_PATTERN}$")
]
"""A campaign's or change's id: the same in every copy of the file."""
_ID = re.compile(ID_PATTERN)
_NUMBER_KEY = re.compile(r"[1-9][0-9]{0,8}")


_MAX_NUMBER = 10**9  # a change's campaign and undo order
_LINE_LENGTH = 400
Line = Annotated[Text, StringConstraints(max_length=_LINE_LENGTH), PRINTABLE]
"""A change's line, as a player reads it."""
Number = Annotated[Whole, Field(ge=1, le=_MAX_NUMBER)]


class CampaignDoc(Facts):
    name: Name
    base_xp: BaseXp
    created: Time = ""
    id: Id = ""


class DeletionDoc(Facts):
    """A campaign deleted, a recorded fact: when (UTC), the campaign's id and name, and the id
    of its latest change then (none for a campaign without changes). ``restored_at``: when a
    backup brought the campaign back. A merge keeps a deleted campaign deleted unless the
    other copy changed it after the delete (``store.merge``)."""

    id: Id
    campaign: Id
    name: Name
    at: Time
    last_change: Id = ""
    restored_at: Time = ""


def deletion_doc(campaign_id: str, name: str, last_change: str, at: str) -> dict[str, Any]:
    """The record of a campaign deleted now (``at``), with an id that is a hash of the
    campaign's id, its latest change and the time, the same in every copy it reaches."""
    content = json.dumps(["deleted", campaign_id, last_change, at], ensure_ascii=False)
    deletion = {"id": hashlib.sha256(content.encode("utf-8", "surrogatepass")).hexdigest()[:32]}
    deletion.update(campaign=campaign_id, name=name, at=at)
    if last_change:
        deletion["last_change"] = last_change
    return deletion


def _titan_number(tid: str) -> str:
    if not _NUMBER_KEY.fullmatch(tid):
        raise ValueError(f"{tid} is not a Titan number")
    return tid


def _event_list(events: Any) -> Any:
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        raise PydanticCustomError("list_type", "Input should be a valid list")
    return events


TitanNumber = Annotated[str, AfterValidator(_titan_number)]
StoredEvents = Annotated[
    list[Any], PlainValidator(_event_list, json_schema_input_type=list[AnyEvent])
]
"""A Titan's events in a change, each checked when its Titan is read (the schema names them)."""


class ChangeInFile(Facts):
    """A change as an export file keeps it: the campaign is the one it is in."""

    at: Time = ""
    text: Line = ""
    titans: Annotated[
        dict[TitanNumber, StoredEvents],
        Field(json_schema_extra={"propertyNames": {"pattern": f"^{_NUMBER_KEY.pattern}$"}}),
    ]
    undone: Annotated[Whole, Field(ge=0, le=_MAX_NUMBER)] = 0
    campaign_renamed: Annotated[tuple[Name, ...], Field(min_length=2, max_length=2)] | None = None
    id: Id = ""
    undone_at: Time = ""
    redone_at: Time = ""
    dropped: Annotated[tuple[Id, ...], Field(max_length=_MAX_NUMBER)] = ()


class ChangeDoc(ChangeInFile):
    """A change in the database: ``campaign`` is the number of its campaign's document."""

    campaign: Number


_RARE = {"campaign_renamed", "undone_at", "redone_at", "dropped"}  # checked in full
_CHANGE_FIELDS = frozenset(ChangeDoc.model_fields) - _RARE


EXPORT_FORMAT = "titan-campaign export"
"""The ``format`` of a campaigns export file (``titan-campaign export``)."""
TITAN_FORMAT = "titan-campaign titan"
"""The ``format`` of one Titan's file (``titan-campaign titan export``)."""


REFUSED_FORMAT = "titan-campaign refused changes"
"""The ``format`` of the file where a merge keeps the changes it refused (``merge_refused.py``)."""


def stated_versions(data: Any) -> list[Any]:
    """The schema versions the ``meta`` documents of a file's JSON state (as written, a whole
    number or not): a campaign database states one; any other file, none."""
    meta = data.get("meta") if isinstance(data, dict) else None
    docs = meta.values() if isinstance(meta, dict) else []
    return [d["schema_version"] for d in docs if isinstance(d, dict) and "schema_version" in d]


def brought_in_by(path: Path, data: Any) -> tuple[str, str] | None:
    """What a file the program wrote that is no database is, by its ``format`` ("a Titan
    file"), and the command that brings it in; None for any other file."""
    found = data.get("format") if isinstance(data, dict) else None
    if found == EXPORT_FORMAT:
        return "a campaigns export", f"`titan-campaign import {path}` brings its campaigns in"
    if found == TITAN_FORMAT:
        return "a Titan file", f"`titan-campaign titan import {path}` brings the Titan in"
    if found == REFUSED_FORMAT:
        return (
            "the changes a merge refused",
            "it is kept for reading (each change with the rule's reason); no command brings it in",
        )
    return None


def change_id(before: str, doc: dict[str, Any]) -> str:
    """A change's stable id: a hash of its campaign's id or the change before it (``before``),
    its time, line, events and rename; the same in every copy of the file."""
    content = [before, doc.get("at", ""), doc.get("text", ""), doc["titans"]]
    content.append(doc.get("campaign_renamed"))
    encoded = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(encoded.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def new_campaign_id() -> str:
    """A new campaign's id (kept in its document, so every copy of the file shares it)."""
    return uuid.uuid4().hex


def given_ids(tables: dict[str, Any]) -> dict[str, Any]:
    """The tables with an id for every campaign and change that has none (a file of schema 3,
    or a change added by hand): a campaign's from its facts, a change's from its content and
    the change before it in its campaign's log, so every copy upgraded alone agrees."""
    campaigns = tables.get("campaigns", {}) if isinstance(tables, dict) else None
    changes = tables.get("changes", {}) if isinstance(tables, dict) else None
    if type(campaigns) is not dict or type(changes) is not dict:
        return tables  # check_tables names what is wrong
    if all(type(d) is not dict or d.get("id") for t in (campaigns, changes) for d in t.values()):
        return tables
    last: dict[Any, str] = {}
    given_campaigns = {}
    for key, doc in campaigns.items():
        if type(doc) is dict and not doc.get("id"):
            facts = [doc.get("name"), doc.get("base_xp"), doc.get("created"), key]
            encoded = json.dumps(facts, ensure_ascii=False).encode("utf-8", "surrogatepass")
            doc = {**doc, "id": hashlib.sha256(encoded).hexdigest()[:32]}
        given_campaigns[key] = doc
        if type(doc) is dict and _NUMBER_KEY.fullmatch(key):
            last[int(key)] = str(doc.get("id"))
    given_changes = {}
    for key, doc in changes.items():
        if type(doc) is dict and type(doc.get("titans")) is dict:
            campaign = doc.get("campaign")
            if not doc.get("id"):
                doc = {**doc, "id": change_id(last.get(campaign, ""), doc)}
            last[campaign] = str(doc["id"])
        given_changes[key] = doc
    return {**tables, "campaigns": given_campaigns, "changes": given_changes}


def _usual(doc: Any) -> bool:
    """A change document of the usual shape, told fast (a file holds one per user action);
    any other is checked by ``ChangeDoc``, which accepts the same and says what is wrong."""
    if type(doc) is not dict or not doc.keys() <= _CHANGE_FIELDS:
        return False
    campaign, undone = doc.get("campaign"), doc.get("undone", 0)
    at, text, titans = doc.get("at", ""), doc.get("text", ""), doc.get("titans")
    if type(campaign) is not int or type(undone) is not int or type(titans) is not dict:
        return False
    if not _ID.fullmatch(str(doc.get("id", "0" * 32))):
        return False
    if (
        type(at) is not str
        or type(text) is not str
        or len(at) > TIME_LENGTH
        or (at and not is_moment(at))
        or len(text) > _LINE_LENGTH
        or is_unprintable(text)
    ):
        return False
    for tid, events in titans.items():
        if type(events) is not list or len(events) > MAX_EVENTS or not _NUMBER_KEY.fullmatch(tid):
            return False
    return 1 <= campaign <= _MAX_NUMBER and 0 <= undone <= _MAX_NUMBER


def _wrong(path: Path, where: str, error: ShapeError) -> StoreError:
    return Damaged(f"{path} is damaged at {where}: {error} (left untouched)")


TABLES = ("meta", "campaigns", "changes", "deleted")
"""The tables of the database file (``docs/schema/database.schema.json``)."""


def check_tables(path: Path, data: Any) -> dict[str, dict[str, Any]]:
    """The file's tables, every document checked for shape (events are checked when their
    campaign is read), every change of a campaign the file holds; StoreError naming the
    table, document and field."""
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise StoreError(f"{path} is not a titan-campaign database (left untouched)")
    unknown = [name for name in data if name not in TABLES and (name != "_default" or data[name])]
    if unknown:
        raise Damaged(
            f"{path} is damaged: it holds a table {quoted(unknown[0])}, which this program does"
            f" not know (its tables are {', '.join(TABLES)}) (left untouched)"
        )
    tables = (("campaigns", CampaignDoc), ("changes", ChangeDoc), ("deleted", DeletionDoc))
    for table, kind in tables:
        for number, doc in data.get(table, {}).items():
            if kind is ChangeDoc and _NUMBER_KEY.fullmatch(number) and _usual(doc):
                continue
            if not (isinstance(number, str) and _NUMBER_KEY.fullmatch(number)):
                raise Damaged(
                    f"{path} is damaged at {table}: {number} is not a document number (left untouched)"
                )
            try:
                parse(kind, doc)
            except ShapeError as error:
                raise _wrong(path, f"{table} {number}", error) from None
    campaigns = data.get("campaigns", {})
    ids: dict[str, str] = {}
    for number, change in data.get("changes", {}).items():
        if str(change["campaign"]) not in campaigns:
            raise Damaged(
                f"{path} is damaged: changes {number} names campaign {change['campaign']}, which is missing (left untouched)"
            )
        if change.get("id") in ids:  # one change pasted twice: its events would count twice
            raise Damaged(
                f"{path} is damaged: changes {ids[change['id']]} and {number} are one change"
                " (the same id: a line given twice?); remove one (left untouched)"
            )
        if change.get("id"):
            ids[change["id"]] = number
    _check_names(path, data)
    # each table in the order of its documents' numbers, whatever order an editor or a tool
    # (jq -S: 1, 10, 100, 11...) left them in: a campaign's changes are replayed so
    return {
        name: dict(sorted(table.items(), key=lambda item: int(item[0])))
        if name in ("campaigns", "changes", "deleted")
        else table
        for name, table in data.items()
        if name in TABLES  # not tinydb's own "_default", never used
    }


def _check_names(path: Path, data: dict[str, Any]) -> None:
    """Damaged if two Titans of a campaign end up with one name (a hand edit), naming the
    change that gave the second one its name: every command would take the first for both."""
    named: dict[tuple[int, int], tuple[str, str, str]] = {}  # Titan: name, change, its text
    for number, change in data.get("changes", {}).items():
        if change.get("undone"):
            continue
        for tid, events in change["titans"].items():
            for event in of_kinds(events, NAMING):
                if type(event.get("name")) is str:
                    key = (int(change["campaign"]), int(tid))
                    named[key] = (shown(event["name"]), number, shown(change.get("text", "")))
    first: dict[tuple[int, str], tuple[int, str]] = {}
    for (campaign, tid), (name, _, _) in sorted(named.items(), key=lambda kv: int(kv[1][1])):
        other = first.setdefault((campaign, name_key(name)), (tid, name))
        if other[0] != tid:
            _, number, text = named[campaign, tid]
            campaign_name = shown(str(data["campaigns"][str(campaign)].get("name", "")))
            raise Damaged(
                f"{path} is damaged at changes {number} {quoted(text)}: a second Titan named"
                f" {quoted(name)} ({quoted(campaign_name)} has {other[1]} (Titan {other[0]}));"
                " one of them needs another name (left untouched)"
            )


MERGED = "merged"
"""A key of the ``meta`` document after a merge: its line and, for each table, the documents
it changed as they were before (null for one it added), so that ``undo`` takes it back whole;
gone after the next change."""

NOT_UNDOABLE = "not_undoable"
"""A key of the ``meta`` document: the text of the file's latest change when it is one that
``undo`` cannot take back (a campaign deleted, a backup restored, campaigns imported); gone
after the next change."""


MERGE_UNDONE = "merge_undone"
"""A key of the ``meta`` document: the line of the merge the file's latest change undid,
which ``redo`` does not bring back; gone after the next change."""


def meta_note(tables: dict[str, Any], key: str) -> str:
    """The ``meta`` note ``key`` (``NOT_UNDOABLE`` or ``MERGE_UNDONE``); empty if none."""
    meta = tables.get("meta", {})
    notes = (doc[key] for doc in meta.values() if type(doc) is dict and key in doc)
    return str(next(notes, ""))


def merge_note(tables: dict[str, Any]) -> dict[str, Any] | None:
    """The file's latest change when it is a merge: its line and the documents as they were."""
    for doc in tables.get("meta", {}).values():
        if type(doc) is dict and type(doc.get(MERGED)) is dict:
            return dict(doc[MERGED])
    return None


def noting_not_undoable(
    tables: dict[str, Any],
    note: str,
    merged: dict[str, Any] | None = None,
    merge_undone: str = "",
) -> dict[str, Any]:
    """The tables with ``note`` as the file's not-undoable change (none if empty), ``merged``
    as its merge that undo takes back (none if None) and ``merge_undone`` as the merge its
    latest change undid (none if empty)."""
    notes = {NOT_UNDOABLE: note, MERGED: merged, MERGE_UNDONE: merge_undone}
    meta = {
        key: {field: value for field, value in doc.items() if field not in notes}
        if type(doc) is dict
        else doc
        for key, doc in tables.get("meta", {}).items()
    }
    if meta:
        first = next(iter(meta))
        meta[first] = {**meta[first], **{key: value for key, value in notes.items() if value}}
    return {**tables, "meta": meta}


NAMING = ("created", "renamed")
CAMPAIGN_WIDE = (*NAMING, "game_recorded", "game_corrected", "game_removed")
"""The events the campaign's own rules read from every Titan: names, and games as recorded
and corrected (a game's date and who played it)."""


def of_kinds(events: list[Any], kinds: tuple[str, ...]) -> list[Any]:
    """The stored events of these kinds, read as stored (each is checked where it is used)."""
    return [event for event in events if type(event) is dict and event.get("kind") in kinds]


def has_kinds(by_titan: dict[str, list[Any]], kinds: tuple[str, ...]) -> bool:
    """Whether a change holds events of these kinds."""
    for events in by_titan.values():
        for event in events:
            if type(event) is dict and event.get("kind") in kinds:
                return True
    return False


def campaign_from_docs(
    path: Path,
    doc_id: str,
    doc: Any,
    changes: list[tuple[str, Any]],
    titans: Collection[int] | None = None,
    checked: bool = False,
    lenient: bool = False,
) -> Campaign:
    """A campaign with its change log from documents ``check_tables`` passed, its facts and
    every event checked (unless they were when they were written: ``checked``). With
    ``titans``, only those Titans' events are read in full; of the others only the
    campaign-wide ones (enough to judge a change to ``titans``), and only the changes holding
    any of these. A Titan's events that their checks refuse (a hand edit) refuse the whole
    campaign, or with ``lenient`` (a read that changes nothing) are left out and the Titan
    named unreadable, with the change where they are."""
    facts = CampaignDoc.model_construct(**doc) if checked else parse(CampaignDoc, doc)
    log = []
    unreadable: dict[int, str] = {}
    unreadable_names: dict[int, str] = {}
    for number, raw in changes:
        by_titan = raw["titans"]
        if titans is not None:
            by_titan = {
                tid: kept for tid, added in by_titan.items() if (kept := _part(titans, tid, added))
            }
            if not by_titan and not raw.get("campaign_renamed"):
                continue
        text = shown(raw.get("text", ""))
        events = {}
        for tid, added in by_titan.items():
            try:
                events[int(tid)] = _events(added, checked)
            except ShapeError as error:
                if not lenient:
                    who = _stored_name(changes, tid)
                    raise _wrong(path, f"change {number} {quoted(text)} ({who})", error) from None
                problem = f"change {number} {quoted(text)} is damaged: {error}"
                unreadable.setdefault(int(tid), problem)
                if name := _last_name(changes, tid):  # else its last name that reads
                    unreadable_names[int(tid)] = name
                events[int(tid)] = ()  # the change still touches the Titan
        renamed = raw.get("campaign_renamed")
        log.append(
            Change(
                raw.get("at", ""),
                text,
                events,
                raw.get("undone", 0),
                int(number),
                (shown(str(renamed[0])), shown(str(renamed[1]))) if renamed else None,
                raw.get("id", ""),
                raw.get("undone_at", ""),
                raw.get("redone_at", ""),
                tuple(raw.get("dropped", ())),
            )
        )
    read = tuple(log)
    return Campaign(facts.name, facts.base_xp, facts.created, read, unreadable, unreadable_names)


def _stored_name(changes: list[tuple[str, Any]], tid: str) -> str:
    """The latest name Titan ``tid`` was given in ``changes``, read as stored ("Titan 3" if
    none can be read, or the name is empty), to name the Titan whose events a hand edit broke."""
    return _last_name(changes, tid) or f"Titan {tid}"


def _last_name(changes: list[tuple[str, Any]], tid: str) -> str:
    """The latest name Titan ``tid`` was given in ``changes``, as stored (its damage shown as
    visible escapes); "" if none can be read."""
    names = [
        str(event["name"])
        for _, change in changes
        if not change.get("undone")
        for event in of_kinds(change["titans"].get(tid, []), NAMING)
        if type(event.get("name")) is str
    ]
    return shown(names[-1]) if names else ""


def _part(titans: Collection[int], tid: str, events: list[Any]) -> list[Any]:
    """The events of a Titan read for a change to ``titans``: all of them if it is one of them,
    else only the campaign-wide ones."""
    return events if int(tid) in titans else of_kinds(events, CAMPAIGN_WIDE)


def holds_part(titan_ids: set[str], change: dict[str, Any]) -> bool:
    """Whether a change is read for a campaign read for these Titans (see ``_part``): a
    rename of the campaign is too (the next change drops it if it was undone)."""
    by_titan = change["titans"]
    return (
        not titan_ids.isdisjoint(by_titan)
        or has_kinds(by_titan, CAMPAIGN_WIDE)
        or bool(change.get("campaign_renamed"))
    )


def events_from_docs(
    path: Path,
    who: Callable[[], str],
    docs: list[tuple[str, str, list[Any]]],
    checked: bool = False,
) -> tuple[Event, ...]:
    """One Titan's events from the changes that hold them (number, line, events), checked by
    the rules unless they were when they were written (``checked``); ``who`` names the Titan
    where they are refused."""
    found: list[Event] = []
    for number, text, events in docs:
        try:
            found += _events(events, checked)
        except ShapeError as error:
            raise _wrong(path, f"change {number} {quoted(text)} ({who()})", error) from None
    return tuple(found)


def _events(data: list[Any], checked: bool = False) -> tuple[Event, ...]:
    """Stored events, built as written if they were checked then (``checked``), else checked
    now (ShapeError)."""
    return events_as_written(data) if checked else events_from_json(data)


def all_kept_as_checked(tables: dict[str, Any]) -> bool:
    """Whether every campaign and every event of every change in the tables passes its
    check and is kept as its check keeps it (a name's spaces folded, a spell's spelling
    corrected, no field given its default), so that one built as written is the one checked."""
    try:
        for doc in tables.get("campaigns", {}).values():
            if to_json(parse(CampaignDoc, doc)) != doc:
                return False
        for change in tables.get("changes", {}).values():
            for events in change["titans"].values():
                if [event_doc(event) for event in events_from_json(events)] != events:
                    return False
    except ShapeError:
        return False
    return True


def change_to_doc(campaign_id: int, change: Change) -> dict[str, Any]:
    doc: dict[str, Any] = {"campaign": campaign_id, "at": change.at, "text": change.text}
    doc["titans"] = {
        str(tid): [event_doc(e) for e in events] for tid, events in change.events.items()
    }
    if change.undone:
        doc["undone"] = change.undone
    if change.campaign_renamed:
        doc["campaign_renamed"] = list(change.campaign_renamed)
    if change.id:
        doc["id"] = change.id
    for field, value in (("undone_at", change.undone_at), ("redone_at", change.redone_at)):
        if value:
            doc[field] = value
    if change.dropped:
        doc["dropped"] = list(change.dropped)
    return doc


def event_doc(event: Event) -> dict[str, object]:
    """An event as kept in a change: its kind first; its time is the change's."""
    data = event_to_json(event)
    data.pop("at", None)
    return {"kind": data.pop("kind"), **data}
