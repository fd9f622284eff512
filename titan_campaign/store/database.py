"""The campaign database: one tinydb file, read whole, changed in memory, written once.

``Database(path).writing()`` opens a session under the writers' lock: tinydb works on the file's
tables through ``SessionStorage``, which keeps every write in memory. When the session ends
without an error the previous file is kept as a backup and the new tables are written
atomically, once; a refused action therefore leaves the file byte-for-byte as it was.
Readers take no lock: a file is only ever replaced whole, so they always see one version.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from tinydb import Query, TinyDB
from tinydb.storages import Storage

from ..rules.campaign import Campaign, Change
from ..rules.errors import RuleError
from ..rules.events import Event
from ..rules.facts import ShapeError, parse, to_json
from ..rules.names import (
    as_typed,
    called,
    did_you_mean,
    name_key,
    plural,
    quoted,
    renamed_note,
    same_name,
)
from ..rules.printable import kept_text, shown
from . import backups
from .documents import (
    MERGE_UNDONE,
    NAMING,
    NOT_UNDOABLE,
    SCHEMA_VERSION,
    CampaignDoc,
    all_kept_as_checked,
    campaign_from_docs,
    change_id,
    change_to_doc,
    check_tables,
    deletion_doc,
    events_from_docs,
    has_kinds,
    holds_part,
    merge_note,
    meta_note,
    new_campaign_id,
    noting_not_undoable,
    of_kinds,
)
from .files import (
    LOCK_TIMEOUT,
    AfterWrite,
    Damaged,
    Lines,
    NotJson,
    StoreError,
    check_replaceable,
    encode_lines,
    hold_ctrl_c,
    is_missing,
    is_sealed,
    lines_of,
    parse_json,
    read_bytes,
    write_atomically,
    writers_lock,
)
from .upgrade import NewerSchema, upgrade
from .versions import Changes, changes_since, version_of, with_version


def now_iso() -> str:
    """Now, as the file records a moment: local time with its offset from UTC, to the
    millisecond, so that a merge puts two copies' changes and undos in the order they were
    made even when a player makes several within one second."""
    return datetime.now(UTC).astimezone().isoformat(timespec="milliseconds")


NO_CAMPAIGN = "no campaign yet: create one with `titan-campaign campaign new NAME --base-xp 0`"


class SessionStorage(Storage):
    """tinydb's storage for one session: the tables as read, changed in memory only."""

    def __init__(self, tables: dict[str, Any]) -> None:
        self.tables = tables
        self.changed = False

    def read(self) -> dict[str, Any]:
        return self.tables

    def write(self, data: dict[str, Any]) -> None:
        self.tables = data
        self.changed = True


class Stored(NamedTuple):
    """A campaign as read from the database, with its document number."""

    id: int
    campaign: Campaign
    whole: bool = True
    """False when read for some of its Titans only (``Session.campaign_for``)."""


class TitanHistory(NamedTuple):
    """One Titan as read on its own: its campaign's name, its id, its part of each change in
    effect that touched it, and those events in order."""

    campaign: str
    titan_id: int
    changes: tuple[Change, ...]
    events: tuple[Event, ...]


class Gone(StoreError):
    """A campaign or Titan held by id is no longer in the database (deleted elsewhere, its
    joining undone, or a backup without it restored)."""


class Session:
    """One read, or read-modify-write, of the database."""

    def __init__(
        self,
        path: Path,
        tables: dict[str, Any],
        upgraded_from: int | None,
        events_checked: bool = False,
    ) -> None:
        self.path = path
        self.upgraded_from = upgraded_from
        self.events_checked = events_checked
        """Every campaign and event in ``tables`` was checked before it was written, and is
        kept as checked (a file whose seal holds): they are read without checking them
        again."""
        self.db = TinyDB(storage=SessionStorage, tables=tables)
        self._campaigns = self.db.table("campaigns", cache_size=0)
        self._changes = self.db.table("changes", cache_size=0)
        self._deleted = self.db.table("deleted", cache_size=0)
        self._read: dict[int, Campaign] = {}
        self.reads_only = False
        """A read that changes nothing (``Database.reading``): a Titan whose stored events
        cannot be read is named unreadable and the rest of its campaign read, where a change
        refuses the campaign whole."""
        self.saved_text = ""  # what the session's last change says (for the backup list)
        self.saved_in = ("", "")  # the campaign (name, id) of the session's last change of one
        self.not_undoable = ""
        """Set when the session's change is one ``undo`` cannot take back (a deleted
        campaign): the file then says so until its next change (see ``not_undoable_note``)."""
        self.merge_undone = ""
        """Set when the session's change undoes a merge: the merge's line, which ``redo``
        then names rather than redoing an older change (see ``merge_undone_note``)."""
        self.merged: dict[str, Any] | None = None
        """Set when the session's change is a merge: its line and the documents as they were
        (see ``merge_note``), so that ``undo`` takes it back whole."""
        self.touched: dict[str, set[int]] = {}
        """What the session changed, for the file's version: campaign id: its Titans' ids."""
        self.replaced_whole = upgraded_from is not None
        """The session changed the file beyond one campaign's log (an upgrade, a merge undone)."""

    @property
    def changed(self) -> bool:
        return self.upgraded_from is not None or self._storage().changed

    def _storage(self) -> SessionStorage:
        storage = self.db.storage
        assert isinstance(storage, SessionStorage)
        return storage

    @property
    def tables(self) -> dict[str, Any]:
        return self._storage().tables

    def _changes_where(self, holds: Callable[[Any], bool]) -> list[tuple[str, Any]]:
        """The change documents that ``holds`` accepts, by number, in the file's order, as
        the session holds them (tinydb's search would copy every document of the file)."""
        return [(key, doc) for key, doc in self.tables.get("changes", {}).items() if holds(doc)]

    # --- campaigns ------------------------------------------------------------------

    def campaigns(self) -> list[Stored]:
        """Every campaign of the file, whole (a change of a campaign that is missing, a hand
        edit, is refused when the file is read: ``check_tables``)."""
        return [self._stored(doc.doc_id, doc) for doc in self._campaigns.all()]

    def not_undoable_note(self) -> str:
        """What the file's latest change was, when ``undo`` cannot take it back (a campaign
        deleted, a backup restored); empty otherwise."""
        return meta_note(self.tables, NOT_UNDOABLE)

    def merge_undone_note(self) -> str:
        """The line of the merge the file's latest change undid; empty otherwise."""
        return meta_note(self.tables, MERGE_UNDONE)

    def campaign_doc_id(self, campaign_id: int) -> str:
        """The campaign's id, the same in every copy of the file."""
        return str(self._campaign_doc(campaign_id).get("id", ""))

    def merge_note(self) -> dict[str, Any] | None:
        """The file's latest change when it is a merge: its line (``text``) and, by table, the
        documents it changed as they were (``before``)."""
        return merge_note(self.tables)

    def put_back(self, before: dict[str, dict[str, Any]]) -> None:
        """Put documents back as they were (a merge undone): each of ``before``'s tables'
        documents as given, or removed where given as None."""
        tables = dict(self.tables)
        for table, docs in before.items():
            kept = dict(tables.get(table, {}))
            for key, doc in docs.items():
                if doc is None:
                    kept.pop(key, None)
                else:
                    kept[key] = doc
            tables[table] = dict(sorted(kept.items(), key=lambda item: int(item[0])))
        self._storage().write(tables)
        self._read.clear()
        self.replaced_whole = True

    def _stored(
        self, doc_id: int, doc: Any, titans: set[int] | None = None, lenient: bool = False
    ) -> Stored:
        if doc_id in self._read:
            return Stored(doc_id, self._read[doc_id])
        ids = None if titans is None else {str(titan_id) for titan_id in titans}
        changes = self._changes_where(
            lambda change: change["campaign"] == doc_id and (ids is None or holds_part(ids, change))
        )
        with kept_text():
            # events checked when they were written are built as they are, not checked again
            read = campaign_from_docs(
                self.path,
                str(doc_id),
                doc,
                changes,
                titans,
                self.events_checked,
                self.reads_only or lenient,
            )
        if titans is not None or (read.unreadable and not self.reads_only):
            return Stored(doc_id, read, whole=False)  # never kept for a read that refuses it
        self._read[doc_id] = read
        return Stored(doc_id, read)

    def _names(self) -> dict[tuple[int, int], str]:
        """Every Titan's latest name by (campaign, Titan), from the creation and rename events
        of the changes in effect, read as stored (so that only the campaign asked for is
        checked and replayed)."""
        return {key: names[-1] for key, names in self._name_histories().items()}

    def _name_histories(self) -> dict[tuple[int, int], list[str]]:
        """Every name each Titan has had, oldest first, by (campaign, Titan), as ``_names``."""
        in_effect = self._changes_where(
            lambda change: not change.get("undone") and has_kinds(change["titans"], NAMING)
        )
        named: dict[tuple[int, int], list[str]] = {}
        for _, change in in_effect:
            for titan_id, events in change["titans"].items():
                for event in of_kinds(events, NAMING):
                    key = (int(change["campaign"]), int(titan_id))
                    named.setdefault(key, []).append(shown(str(event.get("name"))))
        return named

    def _no_campaign(self) -> str:
        return no_campaign(self.path)

    def _not_found(self, titan: str) -> str:
        """Why no campaign has a Titan called ``titan``: the Titan it was the old name of, or
        each campaign's Titans."""
        histories = self._name_histories()
        campaigns = {doc.doc_id: shown(str(doc["name"])) for doc in self._campaigns.all()}
        if not campaigns:
            return f"no Titan named {quoted(as_typed(titan))}: {self._no_campaign()}"
        for (campaign_id, _), names in histories.items():
            renamed = renamed_note(titan, names)
            if renamed is not None:
                return (
                    f"no Titan named {quoted(as_typed(titan))} in any campaign: {renamed}"
                    f' (in "{campaigns.get(campaign_id, "?")}")'
                )
        known = "; ".join(
            f"{name}: "
            + (", ".join(n[-1] for (c, _), n in histories.items() if c == doc_id) or "none yet")
            for doc_id, name in campaigns.items()
        )
        return f"no Titan named {quoted(as_typed(titan))} in any campaign ({known})"

    def _find(
        self, titan: str, campaign: str | None, names: dict[tuple[int, int], str] | None = None
    ) -> tuple[int, int] | None:
        """(campaign, Titan) of the Titan called ``titan``; None if no campaign has one."""
        # a name damaged by a hand edit is found by what it still says too (a half character:
        # said damaged where it is rather than missing)
        found = called(titan, self._names() if names is None else names)
        if campaign is not None:
            chosen = self.campaign_id(campaign)
            found = [key for key in found if key[0] == chosen]
        if len({campaign_id for campaign_id, _ in found}) > 1:
            raise StoreError(
                f'several campaigns have a Titan named "{titan}": choose one with --campaign NAME'
            )
        return found[0] if found else None

    def campaign_with_titan(self, titan: str, campaign: str | None = None) -> Stored:
        """The campaign with a Titan of that name (or the one named); StoreError if none or
        several have one."""
        campaigns = self._campaigns.all()
        if campaign is None and len(campaigns) == 1:  # the only campaign: its rules find the Titan
            return self._stored(campaigns[0].doc_id, campaigns[0])
        found = self._find(titan, campaign)
        if found is not None:
            return self._stored(found[0], self._campaign_doc(found[0]))
        if campaign is not None or len(self._campaigns) == 1:
            return self.campaign(campaign)  # whose error names the Titans it has
        raise StoreError(self._not_found(titan))

    def campaign_for(self, titans: Sequence[str], campaign: str | None = None) -> Stored:
        """The campaign of the named Titans as far as a change to them needs: their own events,
        and of the other Titans only those the campaign's rules read (names, recorded games);
        no other Titan can be replayed from it. As ``campaign_with_titan`` if a name is not
        found."""
        names = self._names()
        found = [self._find(titan, campaign, names) for titan in titans]
        keys = [key for key in found if key is not None]
        if len(keys) < len(titans) or len({campaign_id for campaign_id, _ in keys}) > 1:
            return self.campaign_with_titan(titans[0], campaign)
        campaign_id = keys[0][0]
        ids = {titan_id for _, titan_id in keys}
        return self._stored(campaign_id, self._campaign_doc(campaign_id), ids)

    def find_titan(self, titan: str, campaign: str | None = None) -> tuple[str, int]:
        """(campaign id, Titan id) of the Titan called ``titan``; StoreError or RuleError,
        naming what there is, if none (or several campaigns) has one."""
        found = self._find(titan, campaign)
        if found is None:
            stored = self.campaign_with_titan(titan, campaign)
            return self.campaign_doc_id(stored.id), stored.campaign.titan_id(titan)
        return self.campaign_doc_id(found[0]), found[1]

    def number_of(self, key: str) -> int:
        """The document number of the campaign whose id is ``key``; ``Gone`` if none."""
        found = next((doc.doc_id for doc in self._campaigns.all() if doc.get("id") == key), None)
        if found is None:
            raise Gone(
                "that campaign is no longer in the database (deleted, or a backup without it restored)"
            )
        return found

    def campaign_by_id(self, key: str, lenient: bool = False) -> Stored:
        """The campaign whose id is ``key``, whole; ``lenient``: a Titan whose stored events
        cannot be read is named unreadable, as a read that changes nothing does (a change that
        leaves that Titan's changes as they are may still be saved)."""
        number = self.number_of(key)
        return self._stored(number, self._campaign_doc(number), lenient=lenient)

    def campaign_for_ids(self, key: str, titans: Sequence[int]) -> Stored:
        """As ``campaign_for``, for Titans held by id; ``Gone`` if one is no longer there."""
        number = self.number_of(key)
        stored = self._stored(number, self._campaign_doc(number), set(titans))
        names = stored.campaign.names()
        for titan_id in titans:
            if titan_id not in names:
                raise Gone(titan_gone(stored.campaign.name))
        return stored

    def titan_history_by_id(self, key: str, titan_id: int) -> TitanHistory:
        """One Titan's campaign name and its part of the changes in effect, in order, only its
        own events checked by the rules' models: reading one sheet reads no other Titan."""
        campaign_id = self.number_of(key)
        name = str(titan_id)
        touched = self._changes_where(
            lambda change: (
                name in change["titans"]
                and change["campaign"] == campaign_id
                and not change.get("undone")
            )
        )
        docs = [
            (number, shown(change.get("text", "")), change["titans"][name])
            for number, change in touched
        ]
        campaign_name = shown(str(self._campaign_doc(campaign_id)["name"]))
        if not any(added for *_, added in docs):
            raise Gone(titan_gone(campaign_name))

        def who() -> str:
            return self._names().get((campaign_id, titan_id)) or f"Titan {titan_id}"

        with kept_text():
            events = events_from_docs(self.path, who, docs, self.events_checked)
        changes, place = [], 0
        for (number, change), (_, text, added) in zip(touched, docs, strict=True):
            part = {titan_id: events[place : place + len(added)]}
            changes.append(Change(change.get("at", ""), text, part, 0, int(number)))
            place += len(added)
        return TitanHistory(campaign_name, titan_id, tuple(changes), events)

    def _campaign_doc(self, campaign_id: int) -> Any:
        doc = self._campaigns.get(doc_id=campaign_id)
        if doc is None:
            raise StoreError(
                f"{self.path} is damaged: changes name campaign {campaign_id}, which is missing (left untouched)"
            )
        return doc

    def _named(self, name: str) -> Any:
        """The campaign document called ``name`` (case-insensitive), or None."""
        wanted = name_key(name)
        return next(
            (doc for doc in self._campaigns.all() if name_key(shown(str(doc["name"]))) == wanted),
            None,
        )

    def campaign_id(self, name: str) -> int:
        doc = self._named(name)
        return doc.doc_id if doc is not None else self.campaign(name).id  # raises, naming them

    def campaign(self, name: str | None = None, lenient: bool = False) -> Stored:
        """The named campaign, or the only one when no name is given (``lenient``: as
        ``campaign_by_id``)."""
        doc = self._chosen(name)
        return self._stored(doc.doc_id, doc, lenient=lenient)

    def campaign_key(self, name: str | None = None) -> str:
        """The id of the named campaign, or of the only one, reading none of its changes."""
        return str(self._chosen(name).get("id", ""))

    def _chosen(self, name: str | None) -> Any:
        """The named campaign's document, or the only one's when no name is given."""
        campaigns = self._campaigns.all()
        named = ", ".join(shown(str(c["name"])) for c in campaigns)
        if name is None:
            if len(campaigns) == 1:
                return campaigns[0]
            if not campaigns:
                raise StoreError(self._no_campaign())
            raise StoreError(f"several campaigns ({named}): choose one with --campaign NAME")
        doc = self._named(name)
        if doc is None:
            guess = did_you_mean(name, (shown(str(c["name"])) for c in campaigns))
            raise StoreError(
                f"no campaign named {quoted(as_typed(name))}{guess} (campaigns: {named or 'none yet'})"
            )
        return doc

    def _campaign_doc_of(self, name: str, base_xp: int, created: str) -> CampaignDoc:
        try:
            return parse(CampaignDoc, {"name": name, "base_xp": base_xp, "created": created})
        except ShapeError as error:
            raise RuleError(f"campaign {error}") from None

    def add_campaign(
        self, name: str, base_xp: int, created: str = "", campaign_id: str = ""
    ) -> Stored:
        """A new campaign (``campaign_id``: its id in the copy it comes from, for a merge)."""
        doc = self._campaign_doc_of(name, base_xp, created or now_iso())
        same = self._named(doc.name)
        if same is not None:
            raise RuleError(f"a campaign named {same_name(doc.name, same['name'])} already exists")
        key = campaign_id or new_campaign_id()
        doc_id = self._campaigns.insert({**to_json(doc), "id": key})
        self.touched.setdefault(key, set())
        self._read[doc_id] = Campaign(doc.name, doc.base_xp, doc.created)
        return Stored(doc_id, self._read[doc_id])

    def rename_campaign(self, stored: Stored, name: str, at: str = "") -> Stored:
        """The campaign under a new name, as a change in its log (undo takes it back); its own
        name (spaces folded) is refused."""
        doc = self._campaign_doc_of(name, stored.campaign.base_xp, stored.campaign.created)
        if doc.name == stored.campaign.name:
            raise RuleError(f'the campaign is already called "{doc.name}"')
        outcome = stored.campaign.rename(doc.name, at or now_iso())
        return self.save(stored, outcome.campaign, outcome.change.text)

    def _take_name(self, stored: Stored, name: str, judged: bool = False) -> None:
        """Give the campaign ``name`` in the file, unless another campaign has it (unless
        ``judged`` already)."""
        same = None if judged else self._named(name)
        if same is not None and same.doc_id != stored.id:
            raise RuleError(f"a campaign named {same_name(name, same['name'])} already exists")
        self._campaigns.update({"name": name}, doc_ids=[stored.id])

    def delete_campaign(self, stored: Stored, at: str = "") -> None:
        """Remove a campaign and its change log, and record the delete (``DeletionDoc``, so a
        merge keeps it deleted): not a change ``undo`` can take back (the backup taken before
        it can, with ``restore``), and the file says so."""
        changes = stored.campaign.changes
        last = changes[-1].id if changes else ""
        campaign_id = self.campaign_doc_id(stored.id)
        self.drop_campaign(stored)
        self.keep_deletion(deletion_doc(campaign_id, stored.campaign.name, last, at or now_iso()))
        self.not_undoable = f'campaign "{stored.campaign.name}" deleted'

    def drop_campaign(self, stored: Stored) -> None:
        """Remove a campaign and its change log from the file."""
        self.touched.setdefault(self.campaign_doc_id(stored.id), set())
        self._changes.remove(Query().campaign == stored.id)
        self._campaigns.remove(doc_ids=[stored.id])
        self._read.pop(stored.id, None)

    def deletions(self) -> dict[str, dict[str, Any]]:
        """The campaigns deleted (``DeletionDoc``), by the campaign's id (the latest delete of
        each)."""
        return {str(doc["campaign"]): dict(doc) for doc in self._deleted.all()}

    def keep_deletion(self, deletion: dict[str, Any]) -> None:
        """Record a campaign's delete (in place of any earlier record of it)."""
        self.forget_deletion(str(deletion["campaign"]))
        self._deleted.insert(deletion)

    def forget_deletion(self, campaign_id: str) -> None:
        """The campaign is in the file again: its delete no longer holds."""
        self._deleted.remove(Query().campaign == campaign_id)

    def save(self, stored: Stored, new: Campaign, text: str, names_judged: bool = False) -> Stored:
        """Keep ``new``, a later version of ``stored.campaign`` the rules made: its new changes
        are added, changed ones updated, the ones it no longer has removed. ``names_judged``:
        its name was judged with every campaign's new name (a merge), not against each as it is."""
        if new.name != stored.campaign.name:
            self._take_name(stored, new.name, names_judged)
        old = {change.number: change for change in stored.campaign.changes}
        kept = {change.number for change in new.changes if change.number is not None}
        gone = [number for number in old if number not in kept]
        touched = self.touched.setdefault(self.campaign_doc_id(stored.id), set())
        for number in gone:
            touched.update(old[number].events)
        for change in new.changes:
            if change.number is None or change != old[change.number]:
                touched.update(change.events)
        if gone:
            self._changes.remove(doc_ids=gone)  # type: ignore[arg-type]
        numbered = []
        before = str(self._campaign_doc(stored.id).get("id", ""))
        for change in new.changes:
            if change.number is None:
                if not change.id:
                    change = change._replace(id=change_id(before, change_to_doc(0, change)))
                number = self._changes.insert(change_to_doc(stored.id, change))
                change = change._replace(number=number)
            elif change != old[change.number]:
                self._changes.update(_undo_state(change), doc_ids=[change.number])
            before = change.id
            numbered.append(change)
        saved = new.numbered(tuple(numbered))
        if stored.whole:
            self._read[stored.id] = saved
        self.saved_text, self.saved_in = text, (new.name, self.campaign_doc_id(stored.id))
        return Stored(stored.id, saved, stored.whole)


def _checked(
    path: Path, raw: bytes, database: Path | None = None, sealed: bool = False
) -> tuple[dict[str, Any], int | None, bool]:
    """The file's tables in the current schema, every document checked for shape, the
    schema it was upgraded from (None if current), and whether the tables are the file's
    JSON as it is (nothing given an id, say); StoreError if anything is wrong. The
    database itself when ``sealed`` (its seal holds, see ``files.SEAL``) was checked when it
    was written and is not checked again; a backup or a copy to merge always is (a seal tells
    a file unchanged since the program wrote it, not who wrote it)."""
    with kept_text():
        # sealed: never a key twice, nor a document left unchecked
        parsed = json.loads(raw) if sealed else parse_json(path, raw)
        tables, upgraded_from = upgrade(path, parsed, database)
        checked = tables if sealed else check_tables(path, tables)
        return checked, upgraded_from, tables is parsed


class _Read(NamedTuple):
    """The file as read or written and its tables (checked)."""

    raw: bytes
    tables: dict[str, Any]
    events_checked: bool
    """Its campaigns and events were checked before it was written (its seal holds)."""
    lines_hold: bool
    """Its lines are its documents as ``encode_lines`` writes them, one a line (this program
    wrote it, or its seal holds and its tables are its JSON as it is)."""


def _own_copy(tables: dict[str, Any]) -> dict[str, Any]:
    """The tables for one session: its own copy of each document, which the session may
    change in place (tinydb updates documents so); their parts (a change's events) are
    shared, never changed."""
    return {
        name: {key: dict(doc) if type(doc) is dict else doc for key, doc in table.items()}
        for name, table in tables.items()
    }


def titan_gone(campaign: str) -> str:
    return f'that Titan is no longer in "{campaign}" (its joining was undone, or a backup without it restored)'


def _undo_state(change: Change) -> Any:
    """What updates a change's document to its undo state."""

    def update(doc: dict[str, Any]) -> None:
        doc["undone"] = change.undone
        for field, value in (("undone_at", change.undone_at), ("redone_at", change.redone_at)):
            if value:
                doc[field] = value
            else:
                doc.pop(field, None)
        if not change.undone:
            del doc["undone"]

    return update


MEND = ": mend it by hand, or restore a backup (see `titan-campaign backups`)"
"""How a line of the database damaged by a hand edit is mended, said after where it is."""


_OWN_FILES = {
    ".lock.holder": "the lock file of",
    ".lock": "the lock file of",
    ".backups/index.tsv": "the list of backups of",
}
"""A database's own files that are no database, by how their names end."""


def own_file_of(path: Path) -> str | None:
    """What ``path`` is, if it is one of the files the program keeps beside a database (the
    lock, the list of backups) and that database is there: "the lock file of campaigns.json"."""
    whole = Path(os.path.abspath(path)).as_posix()
    for ending, what in _OWN_FILES.items():
        if whole.endswith(ending):
            database = Path(whole.removesuffix(ending))
            if database.name and database.is_file():
                return f"{what} {shown(database.name)}"
    return None


@contextmanager
def _mending_told() -> Iterator[None]:
    """A damaged line found while reading a campaign or a Titan is said with how to mend it,
    as a damaged file is."""
    try:
        yield
    except Damaged as error:
        if str(error).endswith(MEND):  # said in a read inside this one
            raise
        raise Damaged(f"{error}{MEND}") from None


class Database:
    """Sessions on one database file."""

    def __init__(self, path: Path, lock_timeout: float = LOCK_TIMEOUT) -> None:
        self.path = path
        self.lock_timeout = lock_timeout
        self.saved: list[str] = []
        """What each version this object wrote says, oldest first: those changes are saved."""
        self.after_save: list[str] = []
        """What failed after a change was saved (syncing the folder, unlocking), to be told."""
        self.versions: list[int] = []
        """The file's versions this object wrote, oldest first."""
        self.replaced: list[int] = []
        """Those of ``versions`` that replaced the file whole (a restore, a merge undone, an
        upgrade), oldest first: whatever the file said before them is gone."""
        self._seen: tuple[tuple[int, int, int], dict[str, Any], int] | None = None
        self._last: _Read | None = None
        """The file as last read or written here: read again byte for byte the same, it is
        neither parsed nor checked again."""
        self._lines: Lines = {}
        """Each document's line as last written here: an unchanged one is written again as
        it was, not encoded again."""
        self.hold_interrupts = False
        """A command's (one change, then it ends): ctrl+c is held from the moment it starts
        writing its change, so that the change is either not saved or saved and said to be,
        never saved and said to be interrupted (``hold_ctrl_c``)."""

    def _open(self) -> Session:
        """A session on the file as it is now; a damaged file is refused saying how to mend it,
        a file that is no database (one of a database's own, a script) saying what it is."""
        try:
            return self._read()
        except Damaged as error:
            own = own_file_of(self.path)
            if own is not None:
                raise StoreError(
                    f"{self.path} is {own}, not a campaign database: give the database itself"
                ) from None
            if isinstance(error, NotJson):
                raise StoreError(
                    f"{error} (left untouched): give the database itself, or restore a backup if"
                    " it was one (see `titan-campaign backups`)"
                ) from None
            raise StoreError(f"{error}{MEND}") from None

    def _read(self) -> Session:
        raw = read_bytes(self.path)
        if raw is None:
            tables: dict[str, Any] = {
                "meta": {"1": {"schema_version": SCHEMA_VERSION}},
                "campaigns": {},
                "changes": {},
            }
            return Session(self.path, tables, None, events_checked=True)
        last = self._last
        if last is not None and last.raw == raw:
            return Session(self.path, _own_copy(last.tables), None, last.events_checked)
        sealed = is_sealed(raw)
        tables, upgraded_from, as_parsed = _checked(self.path, raw, sealed=sealed)
        if upgraded_from is not None:
            return Session(self.path, tables, upgraded_from)
        self._last = _Read(raw, tables, sealed, sealed and as_parsed)
        return Session(self.path, _own_copy(tables), None, sealed)

    def checked_tables(
        self, database: Path | None = None, raw: bytes | None = None
    ) -> dict[str, Any]:
        """The file's tables in the current schema, every campaign replayed through the rules;
        StoreError if anything is wrong. ``database``: the database this file is a backup of;
        ``raw``: the file's contents, already read (a compressed backup's, say)."""
        tables, campaigns = self._read_whole(database, raw, reads_only=False)
        for found in campaigns:
            for titan_id in found.titan_ids:
                try:
                    found.state(titan_id)
                except RuleError as error:
                    raise StoreError(f"{self.path}: {found.name}: {error}") from None
        return tables

    def restorable_tables(
        self, database: Path, raw: bytes | None = None
    ) -> tuple[dict[str, Any], list[Campaign]]:
        """A backup of ``database``'s tables and its campaigns, read as the database itself is
        read: a Titan whose line the rules cannot read is named unreadable in its campaign, and
        one whose line they refuse is found so when it is replayed (a hand edit), rather than
        refusing the file; StoreError if it is not a database, not JSON, or fails the
        documents' shapes."""
        return self._read_whole(database, raw, reads_only=True)

    def _read_whole(
        self, database: Path | None, raw: bytes | None, reads_only: bool
    ) -> tuple[dict[str, Any], list[Campaign]]:
        if raw is None:
            raw = read_bytes(self.path)
        if raw is None:
            raise StoreError(f"{self.path} was removed meanwhile; nothing restored")
        session = Session(self.path, _checked(self.path, raw, database)[0], None)
        session.reads_only = reads_only
        return session.tables, [stored.campaign for stored in session.campaigns()]

    @contextmanager
    def reading(self) -> Iterator[Session]:
        session = self._open()
        session.reads_only = True
        with _mending_told():
            yield session

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """Read-modify-write under the lock, written once and atomically if the body succeeds.
        With no file yet, the lock is taken only to write the first one: a change refused
        then leaves no file behind (no lock file, no folder); a file another program made
        meanwhile is not replaced. A file that is no database (a folder, a stranger's file) is
        refused before the lock is taken, so no lock file is left beside it; read again under
        the lock, the same bytes are not parsed again (``_last``). A backup is refused
        (``not_a_backup``)."""
        self.not_a_backup()
        if is_missing(self.path):
            session = self._open()
            yield session
            if session.changed:
                with writers_lock(self.path, self.lock_timeout, self.after_save):
                    if not is_missing(self.path):
                        raise StoreError(
                            f"{self.path} was made by another program meanwhile; nothing was saved: try again"
                        )
                    self._commit(session)
            return
        if os.path.exists(self.path):  # one that cannot be looked at: its lock says why
            self._open()
        with writers_lock(self.path, self.lock_timeout, self.after_save):
            session = self._open()
            with _mending_told():
                yield session
            if session.changed:
                self._commit(session)

    def not_a_backup(self) -> None:
        """StoreError if this file is a backup of a database: it is restored, never changed
        where it is kept."""
        original = backups.backed_up(self.path)
        if original is not None:
            raise StoreError(
                f"{self.path} is a backup of {original}, never changed: restore it"
                f" (titan-campaign --db {original} restore N), or copy it elsewhere and change"
                " the copy"
            )

    def _commit(self, session: Session) -> None:
        text = session.saved_text
        if session.upgraded_from is not None:
            text = f"upgrade from schema {session.upgraded_from}; then {text or 'nothing'}"
        tables = noting_not_undoable(
            session.tables, session.not_undoable, session.merged, session.merge_undone
        )
        version = version_of(tables) + 1
        tables = with_version(tables, version, text, session.touched, session.replaced_whole)
        # the backup list names the campaign of a change of one (a merge may change several)
        campaign = session.saved_in if len(session.touched) == 1 else ("", "")
        self.write_version(tables, text, events_checked=session.events_checked, campaign=campaign)
        self.versions.append(version)
        if session.replaced_whole:
            self.replaced.append(version)

    def write_version(
        self,
        tables: dict[str, Any],
        text: str,
        restoring: bool = False,
        events_checked: bool = True,
        campaign: tuple[str, str] = ("", ""),
    ) -> None:
        """Keep the file as it is as a backup (before ``text``, the change), then write
        ``tables`` atomically: the one place a new version is written, always under the
        writers' lock. ``restoring``: the file is kept even with backups turned off.
        ``events_checked``: every event in ``tables`` was checked; if not, they and the
        campaigns are checked now, and the file is sealed only if all are kept as checked (a
        hand-made mistake in a campaign nobody read stays one that every read checks for).
        ``campaign``: the campaign (name, id) the change was made in, for the backup list."""
        sealed = events_checked or all_kept_as_checked(tables)
        known = self._lines
        if not known and self._last is not None and self._last.lines_hold:
            known = lines_of(self._last.raw, self._last.tables)  # the file as read
        # a text that cannot be written is refused before any backup
        payload, lines = encode_lines(tables, known, seal=sealed)
        check_replaceable(self.path)
        self._last, self._lines = None, {}
        with backups.kept_before(self.path, text, always=restoring, campaign=campaign):
            if self.hold_interrupts:  # from here the change is saved: a ctrl+c cannot hide it
                hold_ctrl_c()
            try:
                write_atomically(self.path, payload)
            except AfterWrite as error:  # the file holds the change: it is saved, and so its backup
                self.after_save.append(str(error))
        self._last, self._lines = _Read(payload, tables, sealed, True), lines
        self.saved.append(text)

    def replace_with(self, tables: dict[str, Any], text: str, events_checked: bool = True) -> bool:
        """Make ``tables`` (a checked backup) the database, keeping the current file as a
        backup: True if there was one to keep (False: no file, as when it was deleted by hand).
        ``events_checked``: False if a line in it cannot be read (it is then not sealed)."""
        with writers_lock(self.path, self.lock_timeout, self.after_save):
            kept = not is_missing(self.path)
            now = 0
            try:
                current = self._open()
                now = version_of(current.tables)
            except NewerSchema:
                raise
            except StoreError:
                pass  # a damaged file is kept as a backup and replaced
            else:
                tables = _restored_after_deletes(current.tables, tables, now_iso())
            version = max(now, version_of(tables)) + 1
            replaced = with_version(noting_not_undoable(tables, text), version, text, {}, True)
            self.write_version(replaced, text, restoring=True, events_checked=events_checked)
            self.versions.append(version)
            self.replaced.append(version)
        return kept

    def version(self) -> int:
        """The file's version now (0 for no file, or one from before versions were counted)."""
        return self.changes_since(0).version

    def changes_since(self, version: int) -> Changes:
        """What the versions of the file after ``version`` changed (``Changes.whole``: the
        file was replaced whole, or the versions in between are no longer told). Reads the
        file again only when it was replaced since it was last read here."""
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            return changes_since({}, version)
        except OSError as error:
            raise StoreError(f"{self.path} cannot be read: {error.strerror or error}") from None
        stamp = (found.st_ino, found.st_size, found.st_mtime_ns)
        if self._seen is None or self._seen[0] != stamp:
            raw = read_bytes(self.path)
            if raw is None:
                tables: Any = {}
            elif self._last is not None and self._last.raw == raw:
                tables = self._last.tables
            else:
                tables = json.loads(raw) if is_sealed(raw) else parse_json(self.path, raw)
            meta = tables.get("meta", {}) if isinstance(tables, dict) else {}
            before, self._seen = (
                self._seen,
                (
                    stamp,
                    {"meta": meta if isinstance(meta, dict) else {}},
                    zlib.crc32(raw or b""),
                ),
            )
            if (
                before is not None
                and before[2] != self._seen[2]
                and version_of(before[1]) == version_of(self._seen[1])
            ):  # changed with no version told: edited by hand (or put back by a sync tool)
                return Changes(version_of(self._seen[1]), (), True)
        return changes_since(self._seen[1], version)


def no_campaign(path: Path) -> str:
    """Why the database at ``path`` has no campaign: none made yet, or the file gone while
    backups of it are kept (a restore brings it back)."""
    if path.exists() or not (kept := backups.list_backups(path)):
        return NO_CAMPAIGN
    return (
        f"{shown(str(path))} is not there, but {plural(len(kept), 'backup')} of it"
        f" {'is' if len(kept) == 1 else 'are'} kept: list them with `titan-campaign backups`,"
        " bring one back with `titan-campaign restore N`"
    )


def _restored_after_deletes(
    current: dict[str, Any], restored: dict[str, Any], at: str
) -> dict[str, Any]:
    """A backup's tables about to replace the file: the file's deletes are kept, and those of
    campaigns the backup brings back marked as restored ``at`` (so that a merge with a copy
    holding the delete keeps the campaign)."""
    back = {str(doc.get("id")) for doc in restored.get("campaigns", {}).values()}
    deletions = {str(d["id"]): d for d in restored.get("deleted", {}).values()}
    for deletion in current.get("deleted", {}).values():
        if deletion["campaign"] not in back:
            deletions.setdefault(str(deletion["id"]), deletion)
        else:
            deletions[str(deletion["id"])] = {"restored_at": at, **deletion}
    if not deletions:
        return restored
    numbered = {str(number): doc for number, doc in enumerate(deletions.values(), start=1)}
    return {**restored, "deleted": numbered}
