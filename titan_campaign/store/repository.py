"""The campaign repository: campaigns and Titans in one tinydb database file.

Layout (tinydb tables): ``meta`` holds the schema version and a revision counter; ``campaigns``
holds name and base XP; ``titans`` holds each Titan's campaign, its event history and its
redo stack. Everything else (levels, games, gold) is replayed from the events by the rules core.

Every change happens in a ``CampaignStore.writing()`` session: under an exclusive lock, tinydb
works on an in-memory copy and, if the session ends without an error, the whole file is
replaced atomically once. A refused command therefore leaves the file byte-for-byte unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from ..rules.errors import RuleError
from ..rules.events import EVENTS_ADAPTER, Event, GameRecorded, event_to_json
from ..rules.names import name_key
from ..rules.titan import TitanLog
from .files import StoreError, exclusive_lock, read_json, remove_stale_temporaries, write_atomically

SCHEMA_VERSION = 1


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MetaDoc(_Strict):
    schema_version: Annotated[int, Field(ge=1)]
    revision: Annotated[int, Field(ge=0)] = 0


class CampaignDoc(_Strict):
    name: Annotated[str, Field(min_length=1, max_length=60)]
    base_xp: Literal[0, 100, 200]
    created: str = ""


class TitanDoc(_Strict):
    campaign: int
    events: Annotated[list[dict[str, Any]], Field(min_length=1)]
    undone: list[dict[str, Any]] = []


class DatabaseDoc(BaseModel):
    model_config = ConfigDict(extra="allow")  # tinydb's "_default" table may appear

    meta: dict[str, MetaDoc]
    campaigns: dict[str, CampaignDoc] = {}
    titans: dict[str, TitanDoc] = {}


def _empty_database() -> dict[str, Any]:
    return {"meta": {"1": {"schema_version": SCHEMA_VERSION, "revision": 0}}, "campaigns": {}, "titans": {}}


def check_database(path: Path, data: Any) -> dict[str, Any]:
    """The database's tables if they have the right shape and schema; StoreError otherwise."""
    if not isinstance(data, dict) or "meta" not in data:
        raise StoreError(f"{path} is not a titan-campaign database (no schema version); left untouched")
    try:
        doc = DatabaseDoc.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise StoreError(f"{path} has the wrong shape at {where}: {first['msg']}; left untouched") from None
    version = max((meta.schema_version for meta in doc.meta.values()), default=0)
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{path} was written by a newer titan-campaign (schema {version}, this one reads {SCHEMA_VERSION}); "
            "upgrade titan-campaign"
        )
    return data


class _MemoryStorage(Storage):
    """tinydb works on this in-memory copy; the session writes it to disk once."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def read(self) -> dict[str, Any]:
        return self.data

    def write(self, data: dict[str, Any]) -> None:
        self.data = data

    def close(self) -> None:
        pass


@dataclass(frozen=True)
class Campaign:
    id: int
    name: str
    base_xp: int
    created: str = ""


@dataclass(frozen=True)
class TitanRecord:
    id: int
    campaign_id: int
    log: TitanLog

    @property
    def name(self) -> str:
        return self.log.state.name


def now_iso() -> str:
    return datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")


class Session:
    """One read or read-modify-write of the database."""

    def __init__(self, path: Path, data: dict[str, Any]) -> None:
        self.path = path
        self._db = TinyDB(storage=_MemoryStorage, data=data)  # type: ignore[arg-type]
        self._campaigns = self._db.table("campaigns", cache_size=0)
        self._titans = self._db.table("titans", cache_size=0)
        self._logs: dict[int, TitanLog] = {}
        self.changed = False

    @property
    def data(self) -> dict[str, Any]:
        return self._db.storage.read()  # type: ignore[no-any-return]

    @property
    def revision(self) -> int:
        meta = self.data["meta"]
        return max(int(doc.get("revision", 0)) for doc in meta.values())

    # --- campaigns ---------------------------------------------------------------

    def campaigns(self) -> list[Campaign]:
        return [self._campaign(doc) for doc in self._campaigns.all()]

    @staticmethod
    def _campaign(doc: Document) -> Campaign:
        return Campaign(doc.doc_id, doc["name"], doc["base_xp"], doc.get("created", ""))

    def campaign(self, name: str | None = None) -> Campaign:
        """The named campaign, or the only one when no name is given."""
        campaigns = self.campaigns()
        if name is None:
            if len(campaigns) == 1:
                return campaigns[0]
            if not campaigns:
                raise StoreError("no campaign yet: create one with `titan-campaign campaign new NAME --base-xp 0`")
            names = ", ".join(c.name for c in campaigns)
            raise StoreError(f"several campaigns ({names}): choose one with --campaign NAME")
        for campaign in campaigns:
            if name_key(campaign.name) == name_key(name):
                return campaign
        names = ", ".join(c.name for c in campaigns) or "none yet"
        raise StoreError(f'no campaign named "{name}" (campaigns: {names})')

    def add_campaign(self, name: str, base_xp: int) -> Campaign:
        name = " ".join(name.split())
        if any(name_key(c.name) == name_key(name) for c in self.campaigns()):
            raise StoreError(f'a campaign named "{name}" already exists')
        try:
            doc = CampaignDoc(name=name, base_xp=base_xp, created=now_iso())  # type: ignore[arg-type]
        except ValidationError as error:
            raise StoreError(f"campaign: {error.errors()[0]['msg']}") from None
        doc_id = self._campaigns.insert(doc.model_dump())
        self.changed = True
        return Campaign(doc_id, doc.name, doc.base_xp, doc.created)

    # --- titans ------------------------------------------------------------------

    def _log(self, doc: Document) -> TitanLog:
        if doc.doc_id not in self._logs:
            try:
                log = TitanLog(
                    tuple(EVENTS_ADAPTER.validate_python(doc["events"])),
                    tuple(EVENTS_ADAPTER.validate_python(doc.get("undone", []))),
                )
                log.state  # replays and checks every event
            except (ValidationError, RuleError) as error:
                message = error.errors()[0]["msg"] if isinstance(error, ValidationError) else str(error)
                raise StoreError(f"{self.path}: Titan record {doc.doc_id} is damaged: {message}") from None
            self._logs[doc.doc_id] = log
        return self._logs[doc.doc_id]

    def titans(self, campaign: Campaign, include_archived: bool = False) -> list[TitanRecord]:
        records = [
            TitanRecord(doc.doc_id, campaign.id, self._log(doc))
            for doc in self._titans.all()
            if doc["campaign"] == campaign.id
        ]
        return [r for r in records if include_archived or not r.log.state.archived]

    @staticmethod
    def _titan_name(doc: Document) -> str:
        return str(doc["events"][0].get("name", ""))

    def titan(self, name: str, campaign: str | None = None) -> TitanRecord:
        """A Titan by name (case-insensitive), archived ones included."""
        scope = [self.campaign(campaign)] if campaign is not None or len(self.campaigns()) <= 1 else self.campaigns()
        ids = {c.id for c in scope}
        found = [
            doc
            for doc in self._titans.all()
            if doc["campaign"] in ids and name_key(self._titan_name(doc)) == name_key(name)
        ]
        if not found:
            known = ", ".join(self._titan_name(d) for d in self._titans.all() if d["campaign"] in ids) or "none yet"
            raise StoreError(f'no Titan named "{name}" (Titans: {known})')
        if len(found) > 1:
            raise StoreError(f'several campaigns have a Titan named "{name}": choose one with --campaign NAME')
        return TitanRecord(found[0].doc_id, found[0]["campaign"], self._log(found[0]))

    def add_titan(self, campaign: Campaign, name: str, player: str) -> TitanRecord:
        name, player = " ".join(name.split()), " ".join(player.split())
        if any(name_key(self._titan_name(d)) == name_key(name) for d in self._titans.all() if d["campaign"] == campaign.id):
            raise StoreError(f'campaign "{campaign.name}" already has a Titan named "{name}"')
        try:
            log = TitanLog.create(name, player, campaign.base_xp, at=now_iso())
        except ValidationError as error:
            first = error.errors()[0]
            raise StoreError(f"{first['loc'][-1]}: {first['msg']}") from None
        return self.insert_titan(campaign, log)

    def insert_titan(self, campaign: Campaign, log: TitanLog) -> TitanRecord:
        """Store a Titan whose whole history the rules core has already replayed."""
        doc_id = self._titans.insert(
            {
                "campaign": campaign.id,
                "events": [event_to_json(e) for e in log.events],
                "undone": [event_to_json(e) for e in log.undone],
            }
        )
        self._logs[doc_id] = log
        self.changed = True
        return TitanRecord(doc_id, campaign.id, log)

    def save(self, record: TitanRecord, log: TitanLog) -> TitanRecord:
        """Store a Titan's new history (the rules core has already judged it)."""
        self._titans.update(
            {"events": [event_to_json(e) for e in log.events], "undone": [event_to_json(e) for e in log.undone]},
            doc_ids=[record.id],
        )
        self._logs[record.id] = log
        self.changed = True
        return TitanRecord(record.id, record.campaign_id, log)

    # --- games -------------------------------------------------------------------

    def games(self, campaign: Campaign) -> list[dict[str, Any]]:
        """The campaign's game log, gathered from its Titans' histories, oldest first."""
        games: dict[int, dict[str, Any]] = {}
        for record in self.titans(campaign, include_archived=True):
            for played in record.log.state.games:
                game = games.setdefault(
                    played.game,
                    {"game": played.game, "date": played.date, "scenario": played.scenario, "participants": []},
                )
                game["participants"].append(
                    {
                        "titan": record.name,
                        **played.outcome.model_dump(),
                        "award": played.award.total,
                        "survivors": list(played.survivors) if played.survivors is not None else None,
                    }
                )
        return [games[number] for number in sorted(games)]

    def next_game_id(self, campaign: Campaign) -> int:
        return max((game["game"] for game in self.games(campaign)), default=0) + 1


class CampaignStore:
    """Opens sessions on one database file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _read(self) -> dict[str, Any]:
        data = read_json(self.path)
        return _empty_database() if data is None else check_database(self.path, data)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        yield Session(self.path, self._read())

    @contextmanager
    def writing(self, expect_revision: int | None = None) -> Iterator[Session]:
        """Read-modify-write under the lock; written once, atomically, if the body succeeds.

        ``expect_revision``: refuse if someone else changed the file since it was read.
        """
        if self.path.is_dir():
            raise StoreError(f"{self.path} is a folder, not a campaign database")
        with exclusive_lock(self.path):
            remove_stale_temporaries(self.path)
            session = Session(self.path, self._read())
            if expect_revision is not None and session.revision != expect_revision:
                raise StoreError(f"{self.path} was changed by someone else since it was loaded; reload and try again")
            yield session
            if session.changed:
                data = session.data
                meta = next(iter(data["meta"].values()))
                meta["revision"] = session.revision + 1
                write_atomically(self.path, data)
