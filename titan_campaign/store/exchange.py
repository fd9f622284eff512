"""Export and import of whole campaigns. An import is untrusted: every event is checked by the
rules and every Titan replayed through the rules before anything is added, and any
problem refuses the whole file, naming it.

Export files (``"format": "titan-campaign export"``): version 3 keeps each campaign's id and
the campaigns' delete records (``deleted``, as in the database), so an export brought into a
copy of the same database is merged as a copy is (``export_tables``): a campaign deleted in it
is deleted there, unless changed there after the delete. Version 2 kept each campaign's change
log (``changes``, as in the database) without ids; version 1 each Titan's events and redo
stack (``titans``). Both are still read, as campaigns new to the database they come into.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, ClassVar, NamedTuple, TypeVar

from pydantic import Field, PlainValidator, StringConstraints
from pydantic_core import PydanticCustomError

from ..rules.campaign import Campaign
from ..rules.errors import RuleError
from ..rules.events import (
    MAX_EVENTS,
    AnyEvent,
    BaseXp,
    Created,
    Event,
    Time,
    events_from_json,
)
from ..rules.facts import PRINTABLE, Facts, OneOf, ShapeError, Text, Whole, parse, to_json
from ..rules.names import name_key, same_name
from ..rules.titan import TitanState
from .documents import (
    EXPORT_FORMAT,
    SCHEMA_VERSION,
    TITAN_FORMAT,
    ChangeInFile,
    DeletionDoc,
    Id,
    brought_in_by,
    campaign_from_docs,
    change_to_doc,
    check_tables,
    event_doc,
    new_campaign_id,
)
from .files import StoreError, parse_json, read_bytes
from .upgrade import change_log

EXPORT_VERSION = 3
RULES_VERSION = "Campaign Titan rules, rulings R1-R12"


def _object(value: Any) -> Any:
    if not isinstance(value, dict):
        raise PydanticCustomError("dict_type", "Input should be a valid dictionary")
    return value


StoredEvent = Annotated[dict[str, Any], PlainValidator(_object, json_schema_input_type=AnyEvent)]
"""An event in a file to import, checked by the rules where it is read (the schema names it)."""
StoredChange = Annotated[
    dict[str, Any], PlainValidator(_object, json_schema_input_type=ChangeInFile)
]
"""A change in an export file, checked as the database's are where it is read."""


class TitanExport(Facts):
    events: Annotated[tuple[StoredEvent, ...], Field(min_length=1, max_length=MAX_EVENTS)]
    undone: Annotated[tuple[StoredEvent, ...], Field(max_length=MAX_EVENTS)] = ()


class CampaignExport(Facts):
    id: Id = ""
    """Version 3: the campaign's id, the same in every copy of the database."""
    name: Annotated[Text, StringConstraints(min_length=1, max_length=60), PRINTABLE]
    base_xp: BaseXp
    created: Time = ""
    titans: Annotated[tuple[TitanExport, ...], Field(max_length=10_000)] = ()
    """Version 1: each Titan's events and redo stack."""
    changes: Annotated[tuple[StoredChange, ...], Field(max_length=1_000_000)] = ()
    """Version 2: the change log, as in the database."""


SchemaVersion = Annotated[Whole, Field(ge=1, le=10**9)]


class ExportFile(Facts):
    NEWEST: ClassVar[int] = EXPORT_VERSION
    format: Annotated[str, OneOf((EXPORT_FORMAT,))]
    schema_version: SchemaVersion
    exported: Time = ""
    campaigns: Annotated[tuple[CampaignExport, ...], Field(max_length=10_000)]
    deleted: Annotated[tuple[DeletionDoc, ...], Field(max_length=10_000)] = ()
    """Version 3: the campaigns deleted, as the database records them."""


def export_data(
    campaigns: Sequence[tuple[str, Campaign]],
    exported: str,
    deleted: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    """An export of ``campaigns`` (each with its id) and of the delete records ``deleted``."""
    return {
        "format": EXPORT_FORMAT,
        "schema_version": EXPORT_VERSION,
        "exported": exported,
        "campaigns": [
            {
                "id": key,
                "name": campaign.name,
                "base_xp": campaign.base_xp,
                "created": campaign.created,
                "changes": [
                    _without_campaign(change_to_doc(0, change)) for change in campaign.changes
                ],
            }
            for key, campaign in campaigns
        ],
        "deleted": [dict(deletion) for deletion in deleted],
    }


def _without_campaign(doc: dict[str, Any]) -> dict[str, Any]:
    del doc["campaign"]
    return doc


F = TypeVar("F", "ExportFile", "TitanFile")


def _read(path: Path, kind: type[F], what: str) -> F:
    """A file to import, checked for shape; StoreError saying nothing was imported."""
    data: Any = None
    try:
        raw = read_bytes(path, what)
        if raw is None:
            raise StoreError(f"{path} does not exist")
        data = parse_json(path, raw, what)
        facts = parse(kind, data)
    except StoreError as error:
        raise StoreError(
            f"{str(error).removesuffix(' (left untouched)')}; nothing imported"
        ) from None
    except ShapeError as error:
        mistaken = _other_kind(path, data, kind)
        written = EXPORT_FORMAT if kind is ExportFile else TITAN_FORMAT
        if not mistaken and (not isinstance(data, dict) or data.get("format") != written):
            mistaken = f'{path} is not a {what}: such a file starts "format": "{written}"; nothing imported'
        raise StoreError(
            mistaken or f"{path} is not a {what} ({error}); nothing imported"
        ) from None
    if facts.schema_version > kind.NEWEST:
        raise StoreError(
            f"{path} comes from a newer titan-campaign ({what} version {facts.schema_version}); nothing imported"
        )
    return facts


def _other_kind(path: Path, data: Any, kind: type[F]) -> str:
    """What a file given to the wrong import is, and the command that takes it ("" if it is
    none of the program's files)."""
    if not isinstance(data, dict):
        return ""
    titan_import = kind is TitanFile
    wanted = "a Titan file" if titan_import else "a campaigns export"
    other = brought_in_by(path, data)
    if other is not None and other[0] != wanted:
        what, command = other
        return f"{path} is {what}, not {wanted}: {command}; nothing imported"
    if {"campaigns", "meta"} <= data.keys() or {"campaigns", "changes"} <= data.keys():
        command = "titan export NAME -o FILE" if titan_import else "export -o FILE"
        return (
            f"{path} is a campaign database, not {wanted}: write one from it with"
            f" `titan-campaign --db {path} {command}`, or merge it if it is a copy of this one;"
            " nothing imported"
        )
    return ""


def read_export(path: Path) -> ExportFile:
    return _read(path, ExportFile, "titan-campaign export")


def checked_campaigns(path: Path, exported: ExportFile, existing: list[str]) -> list[Campaign]:
    """The file's campaigns, each Titan replayed through the rules; StoreError if anything fails."""
    there = {name_key(name): name for name in existing}
    seen: set[str] = set()
    campaigns = []
    for number, entry in enumerate(exported.campaigns, start=1):
        key = name_key(entry.name)
        if key in there:
            known = same_name(entry.name, there[key])
            raise StoreError(f"a campaign named {known} already exists; nothing imported")
        if key in seen:
            raise StoreError(f'the file has two campaigns named "{entry.name}"; nothing imported')
        seen.add(key)
        campaigns.append(_campaign(path, number, entry))
    if not campaigns:
        raise StoreError(f"{path} holds no campaign; nothing imported")
    return campaigns


def _change_docs(path: Path, entry: CampaignExport) -> list[Any]:
    """The campaign's change log as documents: as exported, or built from each Titan's own
    history (an export before the change log)."""
    if not entry.titans:
        return list(entry.changes)
    histories = [
        (n, list(titan.events), list(titan.undone)) for n, titan in enumerate(entry.titans, start=1)
    ]
    return change_log(path, 0, histories)


def _campaign(path: Path, number: int, entry: CampaignExport) -> Campaign:
    where = f'campaign "{entry.name}"'
    try:
        docs = _change_docs(path, entry)
        facts = {"name": entry.name, "base_xp": entry.base_xp, "created": entry.created}
        numbered = {str(n): {**doc, "campaign": 1} for n, doc in enumerate(docs, start=1)}
        check_tables(path, {"campaigns": {"1": facts}, "changes": numbered})
        campaign = campaign_from_docs(path, str(number), facts, list(numbered.items()))
    except StoreError as error:
        raise StoreError(
            f"{where}: {str(error).removesuffix(' (left untouched)')}; nothing imported"
        ) from None
    # saved as new changes of this file, each keeping its id (an export before ids has none:
    # the file gives it one), so the file merges back with the one the export came from
    campaign = campaign.with_changes(tuple(c._replace(number=None) for c in campaign.changes))
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
    try:
        campaign.check_games()
    except RuleError as error:
        raise StoreError(f"{where}: {error}; nothing imported") from None
    return campaign


def check_export(path: Path, exported: ExportFile) -> None:
    """Every campaign of the file checked as an import checks it (every text and event, each
    Titan replayed through the rules); StoreError naming the first problem."""
    for number, entry in enumerate(exported.campaigns, start=1):
        _campaign(path, number, entry)


def export_ids(exported: ExportFile) -> set[str]:
    """The ids of the campaigns an export holds or records as deleted (none before version 3)."""
    held = {entry.id for entry in exported.campaigns if entry.id}
    return held | {deletion.campaign for deletion in exported.deleted}


def export_tables(path: Path, exported: ExportFile) -> dict[str, Any]:
    """The export as the tables of a database file (its campaigns with their ids and change
    logs, its delete records), for a merge to judge as a copy of the database; a campaign
    without an id (an export before version 3) gets a new one."""
    campaigns: dict[str, Any] = {}
    changes: dict[str, Any] = {}
    for number, entry in enumerate(exported.campaigns, start=1):
        docs = _change_docs(path, entry)
        facts = {"name": entry.name, "base_xp": entry.base_xp, "created": entry.created}
        campaigns[str(number)] = {**facts, "id": entry.id or new_campaign_id()}
        for doc in docs:
            changes[str(len(changes) + 1)] = {**doc, "campaign": number}
    deleted = {str(n): to_json(deletion) for n, deletion in enumerate(exported.deleted, start=1)}
    return {
        "meta": {"1": {"schema_version": SCHEMA_VERSION}},
        "campaigns": campaigns,
        "changes": changes,
        "deleted": deleted,
    }


def export_text(data: dict[str, Any]) -> str:
    """An export file as a player reads it: JSON with each change on one line, as the database
    keeps them (Python writes a whole file indented about five times slower), letters of any
    script as typed."""
    line = json.JSONEncoder(ensure_ascii=False).encode
    campaigns = []
    for campaign in data["campaigns"]:
        facts = [f"      {line(k)}: {line(v)}" for k, v in campaign.items() if k != "changes"]
        changes = [f"        {line(change)}" for change in campaign["changes"]]
        facts.append(_listed('      "changes": ', changes, "      "))
        campaigns.append("    {\n" + ",\n".join(facts) + "\n    }")
    head = [
        f"  {line(key)}: {line(value)}"
        for key, value in data.items()
        if key not in ("campaigns", "deleted")
    ]
    parts = [*head, _listed('  "campaigns": ', campaigns, "  ")]
    if "deleted" in data:
        deleted = [f"    {line(deletion)}" for deletion in data["deleted"]]
        parts.append(_listed('  "deleted": ', deleted, "  "))
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _listed(start: str, items: list[str], indent: str) -> str:
    return f"{start}[\n" + ",\n".join(items) + f"\n{indent}]" if items else f"{start}[]"


# --- one Titan ---------------------------------------------------------------------------------


class TitanFile(Facts):
    NEWEST: ClassVar[int] = 1
    format: Annotated[str, OneOf((TITAN_FORMAT,))]
    schema_version: SchemaVersion
    exported: Time = ""
    rules: Annotated[Text, StringConstraints(max_length=40), PRINTABLE] = ""
    titan: Annotated[Text, StringConstraints(max_length=10_000), PRINTABLE] = ""
    """The Titan's name, for a reader of the file (the events name it)."""
    campaign: Annotated[Text, StringConstraints(max_length=60), PRINTABLE] = ""
    """The campaign the Titan was exported from: where its games were played."""
    campaign_id: Id = ""
    """That campaign's id (the same in every copy of the database; not in older files)."""
    joined: Id = ""
    """The id of the change in which the Titan first joined a campaign (that one, or one she
    was exported from before): which Titan she is, in every campaign and copy of the database
    (not in older files)."""
    events: Annotated[tuple[StoredEvent, ...], Field(min_length=1, max_length=MAX_EVENTS)]


def titan_export_text(
    state: TitanState,
    events: Sequence[Event],
    exported: str,
    campaign: str = "",
    campaign_id: str = "",
    joined: str = "",
) -> str:
    """One Titan with its whole history (``rules``: the rules version that judged it), the
    campaign it was played in (its name and id) and the change she first joined a campaign in
    (which Titan she is)."""
    data = {
        "format": TITAN_FORMAT,
        "schema_version": TitanFile.NEWEST,
        "exported": exported,
        "rules": RULES_VERSION,
        "titan": state.name,
        "campaign": campaign,
        **({"campaign_id": campaign_id} if campaign_id else {}),
        **({"joined": joined} if joined else {}),
        "events": [event_doc(event) for event in events],
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


class TitanFileRead(NamedTuple):
    """A Titan export file as read: the campaign it names (maybe ""), that campaign's id and
    the change the Titan first joined a campaign in (maybe "": an older file), and its events,
    checked by the rules (not yet replayed). ``own_id``: the file's own id, made from when it
    was written and all it holds, which tells the Titan of an older file apart ("" if it does
    not say when it was written)."""

    campaign: str
    campaign_id: str
    joined: str
    events: list[Event]
    own_id: str = ""


def _own_id(exported: TitanFile) -> str:
    """A Titan file's own id, the same each time the file is read: a hash of when it was
    written, the campaign and Titan it names and its events ("" if it does not say when)."""
    if not exported.exported:
        return ""
    named = [exported.exported, exported.campaign, exported.campaign_id, exported.titan]
    content = [*named, list(exported.events)]
    encoded = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(encoded.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def read_titan_export(path: Path) -> TitanFileRead:
    exported = _read(path, TitanFile, "titan-campaign Titan file")
    try:
        events = list(events_from_json(exported.events))
        return TitanFileRead(
            exported.campaign, exported.campaign_id, exported.joined, events, _own_id(exported)
        )
    except ShapeError as error:
        raise StoreError(
            f"{path} is not a titan-campaign Titan file ({error}); nothing imported"
        ) from None
