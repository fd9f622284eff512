"""The campaign repository: campaigns and Titans behind a small tinydb index (see ``layout.py``).

Every change happens in a ``CampaignStore.writing()`` session: under an exclusive lock, tinydb
works on an in-memory copy of the index and Titan histories are read only when asked for. If the
session ends without an error, the touched Titans' new history files are written under new
names, the previous index is kept as a backup, and the index is replaced atomically, once. A
refused command therefore leaves every file byte-for-byte unchanged, and a crash at any moment
leaves the database as it was before the change or after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

from pydantic import ValidationError
from tinydb import TinyDB

from ..rules.names import name_key
from ..rules.titan import TitanLog
from . import backups
from .files import (
    LOCK_TIMEOUT,
    StoreError,
    WriterLock,
    encode,
    exclusive_lock,
    fsync_folder,
    parse_json,
    read_json,
    read_raw,
    remove_stale_temporaries,
    write_atomically,
    write_new,
)
from .histories import History, forget_all, read_history, replayed, write_history
from .layout import (
    SCHEMA_VERSION,
    SPARES,
    CampaignDoc,
    NewerSchema,
    empty_index,
    encode_index,
    forget_encoded,
    history_path,
    referenced_histories,
    remember_texts,
    revision_of,
    spare_history,
    spare_index,
    titans_folder,
)
from .migrations import Loaded, upgrade
from .records import Campaign, MemoryStorage, TitanRecord, now_iso

__all__ = ["SCHEMA_VERSION", "Campaign", "CampaignStore", "Session", "StoreError", "TitanRecord", "now_iso"]

FULL_SWEEP_EVERY = 256  # revisions between full sweeps of unneeded files (backups.py, files.py)

# The last index read from each database, with its exact bytes: reading the same bytes again
# (an app checking whether anything changed, or changing it again) skips parsing and checking.
_last_read: dict[Path, tuple[bytes, dict[str, Any]]] = {}


# Titan record ids by stored name key, for the few Titan tables in use (kept with the table,
# so that an id is never taken for another table's). A map is never changed: a new Titan drops
# its table's map (made again when next needed); a table copied by a session shares its map.
_by_key: dict[int, tuple[dict[str, Any], dict[str, tuple[str, ...]]]] = {}


def _keep_key_map(entries: dict[str, Any], mapping: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    if len(_by_key) >= 8:
        del _by_key[next(iter(_by_key))]
    _by_key[id(entries)] = (entries, mapping)
    return mapping


def _key_map(entries: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    known = _by_key.get(id(entries))
    if known is not None and known[0] is entries:
        return known[1]
    mapping: dict[str, tuple[str, ...]] = {}
    for key, entry in entries.items():
        mapping[entry["key"]] = (*mapping.get(entry["key"], ()), key)
    return _keep_key_map(entries, mapping)


def forget_everything() -> None:
    """Empty every cache of this program, as if it had just started (for the benchmark)."""
    forget_all()
    _last_read.clear()
    _by_key.clear()
    forget_encoded()


def _copy_index(index: dict[str, Any]) -> dict[str, Any]:
    """A copy a session may change: each table copied, its records shared until one is changed
    (``Session._own_record``), so a change to one Titan copies one record, not a thousand."""
    return {name: dict(table) if isinstance(table, dict) else table for name, table in index.items()}


class Session:
    """One read or read-modify-write of the database."""

    def __init__(self, path: Path, loaded: Loaded) -> None:
        self.path = path
        self._open(loaded)

    def _open(self, loaded: Loaded) -> None:
        self._db = TinyDB(storage=MemoryStorage, data=loaded.index)
        self._storage = cast(MemoryStorage, self._db.storage)
        self._campaigns = self._db.table("campaigns", cache_size=0)
        self._next_titan: int | None = None
        self._inline = loaded.inline  # histories a migration carried, not yet in their own files
        self._histories: dict[int, History] = {}  # as read
        self._logs: dict[int, TitanLog] = {}  # as read or changed in this session
        self._touched: set[int] = set(loaded.inline)  # Titans whose history file must be written
        self._shared = loaded.shared  # the index is also the cache's: copy before changing it
        self._owned: set[str] = set()  # Titan records this session has its own copy of
        self.sweep_all = False
        self.migrated_from = loaded.migrated_from
        self.changed = False

    def _changing(self) -> None:
        """Called before any change to the index: the session gets its own copy."""
        if self._shared:
            entries = self._entries()
            known = _by_key.get(id(entries))
            self._storage.data = _copy_index(self.data)
            if known is not None and known[0] is entries:  # the copy has the same names: same map
                _keep_key_map(self._entries(), known[1])
            self._owned = set()
            self._shared = False

    def _own_record(self, titan_id: int) -> dict[str, Any]:
        """A Titan's index record, copied first if it may still be shared."""
        self._changing()
        key, entries = str(titan_id), self._entries()
        if key not in self._owned:
            entries[key] = dict(entries[key])
            self._owned.add(key)
        return entries[key]

    @property
    def data(self) -> dict[str, Any]:
        """The index (campaigns, Titans' names and history files, schema version, revision).
        Read only: it may be shared with the next session (change it through the methods)."""
        return self._storage.data

    @property
    def revision(self) -> int:
        return revision_of(self.data)

    def _entries(self) -> dict[str, dict[str, Any]]:
        return self.data["titans"]  # type: ignore[no-any-return]

    # --- campaigns ---------------------------------------------------------------

    def campaigns(self) -> list[Campaign]:
        return [Campaign(int(key), doc["name"], doc["base_xp"], doc.get("created", "")) for key, doc in self.data["campaigns"].items()]

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
        self._changing()
        doc_id = self._campaigns.insert(doc.model_dump())
        self.changed = True
        return Campaign(doc_id, doc.name, doc.base_xp, doc.created)

    # --- titans ------------------------------------------------------------------

    def _log(self, titan_id: int, entry: dict[str, Any]) -> TitanLog:
        if titan_id not in self._logs:
            if titan_id in self._inline:
                history = replayed(self.path, titan_id, entry["name"], self._inline[titan_id])
            else:
                file = history_path(self.path, titan_id, entry["file"])
                history = read_history(self.path, file, titan_id, entry["name"])
            self._histories[titan_id] = history
            self._logs[titan_id] = history.log
        return self._logs[titan_id]

    def _record(self, key: str, entry: dict[str, Any]) -> TitanRecord:
        return TitanRecord(int(key), entry["campaign"], self._log(int(key), entry))

    def titans(self, campaign: Campaign, include_archived: bool = False) -> list[TitanRecord]:
        records = [self._record(key, entry) for key, entry in self._entries().items() if entry["campaign"] == campaign.id]
        return [r for r in records if include_archived or not r.log.state.archived]

    def _scope(self, campaign: str | None) -> set[int]:
        campaigns = self.campaigns()
        scope = [self.campaign(campaign)] if campaign is not None or len(campaigns) <= 1 else campaigns
        return {c.id for c in scope}

    def titan(self, name: str, campaign: str | None = None) -> TitanRecord:
        """A Titan by name (case-insensitive), archived ones included."""
        ids, wanted = self._scope(campaign), name_key(name)
        entries = self._entries()
        found = [key for key in _key_map(entries).get(wanted, ()) if entries[key]["campaign"] in ids]
        found = [key for key in found if name_key(entries[key]["name"]) == wanted]  # a key from an older spelling rule
        if not found:
            found = [key for key, e in entries.items() if e["campaign"] in ids and name_key(e["name"]) == wanted]
        if not found:
            known = ", ".join(e["name"] for e in entries.values() if e["campaign"] in ids) or "none yet"
            raise StoreError(f'no Titan named "{name}" (Titans: {known})')
        if len(found) > 1:
            raise StoreError(f'several campaigns have a Titan named "{name}": choose one with --campaign NAME')
        return self._record(found[0], entries[found[0]])

    def add_titan(self, campaign: Campaign, name: str, player: str) -> TitanRecord:
        name, player = " ".join(name.split()), " ".join(player.split())
        if any(e["campaign"] == campaign.id and name_key(e["name"]) == name_key(name) for e in self._entries().values()):
            raise StoreError(f'campaign "{campaign.name}" already has a Titan named "{name}"')
        try:
            log = TitanLog.create(name, player, campaign.base_xp, at=now_iso())
        except ValidationError as error:
            first = error.errors()[0]
            raise StoreError(f"{first['loc'][-1]}: {first['msg']}") from None
        return self.insert_titan(campaign, log)

    def insert_titan(self, campaign: Campaign, log: TitanLog) -> TitanRecord:
        """Store a Titan whose whole history the rules core has already replayed."""
        name = log.state.name
        entry = {"campaign": campaign.id, "name": name, "key": name_key(name), "events": log.count, "file": 0}
        self._changing()
        entries = self._entries()
        if self._next_titan is None:
            self._next_titan = max((int(key) for key in entries), default=0) + 1
        doc_id, self._next_titan = self._next_titan, self._next_titan + 1
        entries[str(doc_id)] = entry  # (not tinydb's insert: that copies the whole table each time)
        _by_key.pop(id(entries), None)  # its map is made again when next needed
        self._owned.add(str(doc_id))
        self._logs[doc_id] = log
        self._touched.add(doc_id)
        self.changed = True
        return TitanRecord(doc_id, campaign.id, log)

    def save(self, record: TitanRecord, log: TitanLog) -> TitanRecord:
        """Store a Titan's new history (the rules core has already judged it)."""
        self._own_record(record.id)["events"] = log.count
        self._logs[record.id] = log
        self._touched.add(record.id)
        self.changed = True
        return TitanRecord(record.id, record.campaign_id, log)

    def restore(self, backup: Path) -> None:
        """Make a kept backup the database's contents (its history files are all kept)."""
        raw = read_json(backup)
        if raw is None:
            raise StoreError(f"{backup} was removed meanwhile; nothing restored")
        loaded = upgrade(backup, raw)
        for key, entry in loaded.index["titans"].items():
            if int(key) not in loaded.inline and not history_path(self.path, key, entry["file"]).exists():
                raise StoreError(f"{backup} names a Titan history file that is missing; nothing restored")
        # The files the current index names and the restored one does not are retired now;
        # the ones the restored index names are needed again.
        current, wanted = referenced_histories(self.data), referenced_histories(loaded.index)
        retired = {name: at for name, at in self._meta().get("retired", {}).items() if name not in wanted}
        retired.update({name: self.revision + 1 for name in current - wanted})
        loaded.index["meta"] = {"1": {"schema_version": SCHEMA_VERSION, "revision": self.revision, "retired": retired}}
        self._open(loaded)
        self.sweep_all = True
        self.changed = True

    def _meta(self) -> dict[str, Any]:
        meta: dict[str, dict[str, Any]] = self.data["meta"]
        return max(meta.values(), key=lambda doc: int(doc.get("revision", 0)))

    def commit(self) -> None:
        """Write the touched Titans' histories under new names, keep the old index as a backup,
        then replace the index atomically: the one moment the change becomes real. History
        files no kept index needs any more are removed last."""
        self._changing()
        revision = self.revision + 1
        keep = backups.keep_count()
        retired = dict(self._meta().get("retired", {}))
        if self._touched:
            titans_folder(self.path).mkdir(parents=True, exist_ok=True)
            for number, titan_id in enumerate(sorted(self._touched)):
                file = history_path(self.path, titan_id, revision)
                spare = spare_history(self.path, number) if number < SPARES else None
                if titan_id in self._logs:
                    write_history(self.path, file, titan_id, self._logs[titan_id], self._histories.get(titan_id), spare)
                else:  # a migrated Titan nobody touched: carried over as it was
                    write_new(file, encode(self._inline[titan_id]), spare)
                entry = self._own_record(titan_id)
                if entry["file"] and titan_id not in self._inline:
                    retired[history_path(self.path, titan_id, entry["file"]).name] = revision
                entry["file"] = revision
            fsync_folder(titans_folder(self.path))
        doomed, going = backups.plan_rotation(self.path, keep, revision - 1, retired)
        for name in doomed:
            del retired[name]
        index = self.data
        index["meta"] = {"1": {"schema_version": SCHEMA_VERSION, "revision": revision, "retired": retired}}
        payload = encode_index(index, self.path)
        backups.keep_previous(self.path, revision - 1, keep)
        _last_read[self.path] = (write_atomically(self.path, payload, spare_index(self.path)), index)
        self._shared = True  # from now on the cache's: a later change here copies it first
        try:  # housekeeping: the change is saved whatever happens here; a later sweep retries
            backups.remove_backups(self.path, going)
            backups.remove_histories(self.path, doomed)
            if self.migrated_from is not None or self.sweep_all or revision % FULL_SWEEP_EVERY == 0:
                backups.collect_garbage(self.path, index)
                remove_stale_temporaries(self.path)
        except OSError:
            pass

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


class CampaignStore:
    """Opens sessions on one database (the index file the user names, plus its folders)."""

    def __init__(self, path: Path, lock_timeout: float = LOCK_TIMEOUT) -> None:
        self.path = path
        self.lock_timeout = lock_timeout

    def _read(self) -> Loaded:
        raw = read_raw(self.path)
        if raw is None:
            return Loaded(empty_index())
        known = _last_read.get(self.path)
        if known is not None and known[0] == raw:  # the very bytes already checked: skip parsing them again
            return Loaded(known[1], shared=True)
        loaded = upgrade(self.path, parse_json(self.path, raw))
        if loaded.migrated_from is None:
            _last_read[self.path] = (raw, loaded.index)
            remember_texts(self.path, raw, loaded.index)
            loaded.shared = True
        return loaded

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
        with exclusive_lock(self.path, self.lock_timeout) as lock:
            session = Session(self.path, self._read())
            if expect_revision is not None and session.revision != expect_revision:
                raise StoreError(f"{self.path} was changed by someone else since it was loaded; reload and try again")
            yield session
            if session.changed:
                self._commit(session, lock)

    def restore(self, backup: Path) -> None:
        """Make a kept backup the database. This also recovers a damaged database: the damaged
        file is itself kept as a backup (never a newer schema's file: that is refused)."""
        if self.path.is_dir():
            raise StoreError(f"{self.path} is a folder, not a campaign database")
        with exclusive_lock(self.path, self.lock_timeout) as lock:
            try:
                loaded = self._read()
            except NewerSchema:
                raise
            except StoreError:
                loaded = Loaded(empty_index(backups.latest_revision(self.path) + 1))
            session = Session(self.path, loaded)
            session.restore(backup)
            self._commit(session, lock)

    def _commit(self, session: Session, lock: WriterLock) -> None:
        """Commit, marked in the lock file while it runs. After a writer was cut short, the next
        one also removes its temporary files and sweeps the history files nothing names."""
        session.sweep_all |= lock.interrupted
        lock.writing()
        session.commit()
        lock.written()
