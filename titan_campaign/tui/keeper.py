"""The application's view of the database: what was last read, and every write through the store.

Every change is one ``CampaignStore.writing(expect_revision=...)`` session. If the file was
changed meanwhile (say by the command line), the store refuses, nothing is overwritten, and
``Stale`` tells the screens to reload and say so. Nothing unsaved is ever kept here: the cache
only holds what is on disk.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from ..rules.titan import Step, TitanLog
from ..store import CampaignStore, Session, StoreError
from ..store.repository import Campaign, TitanRecord

T = TypeVar("T")


class Stale(Exception):
    """The database changed on disk since it was read; it has been reloaded."""


class Keeper:
    """Reads once, caches what it read, and writes through the store."""

    def __init__(self, path: Path) -> None:
        self.store = CampaignStore(path)
        self.revision = 0
        self._campaigns: list[Campaign] = []
        self._records: dict[int, dict[int, TitanRecord]] = {}  # campaign id -> titan id -> record
        self._singles: dict[int, TitanRecord] = {}  # Titans read one by one before their campaign
        self.reload()

    @property
    def path(self) -> Path:
        return self.store.path

    def reload(self) -> None:
        with self.store.reading() as session:
            self.revision = session.revision
            self._campaigns = session.campaigns()
        self._records = {}
        self._singles = {}

    # --- reading -------------------------------------------------------------------

    def campaigns(self) -> list[Campaign]:
        return list(self._campaigns)

    def campaign(self, campaign_id: int) -> Campaign:
        return next(c for c in self._campaigns if c.id == campaign_id)

    def _campaign_records(self, campaign_id: int) -> dict[int, TitanRecord]:
        if campaign_id not in self._records:
            with self.store.reading() as session:
                if session.revision != self.revision:
                    self.revision = session.revision
                    self._campaigns = session.campaigns()
                    self._records = {}
                    self._singles = {}
                campaign = self.campaign(campaign_id)
                self._records[campaign_id] = {
                    r.id: r for r in session.titans(campaign, include_archived=True)
                }
        return self._records[campaign_id]

    def titans(self, campaign_id: int, include_archived: bool = False) -> list[TitanRecord]:
        records = self._campaign_records(campaign_id).values()
        return [r for r in records if include_archived or not r.log.state.archived]

    def titan(self, campaign_id: int, titan_id: int) -> TitanRecord:
        if campaign_id not in self._records and titan_id in self._singles:
            return self._singles[titan_id]
        return self._campaign_records(campaign_id)[titan_id]

    def find_titan(self, campaign_id: int, name: str) -> TitanRecord:
        """One Titan by name, replaying only its own history (a sheet opened directly)."""
        with self.store.reading() as session:
            if session.revision == self.revision:
                record = session.titan(name, self.campaign(campaign_id).name)
                self._singles[record.id] = record
                return record
        self.reload()
        return self.find_titan(campaign_id, name)

    def games(self, campaign_id: int) -> list[dict[str, Any]]:
        with self.store.reading() as session:
            return session.games(self.campaign(campaign_id))

    # --- writing -------------------------------------------------------------------

    def write(self, change: Callable[[Session], T]) -> T:
        """Run ``change`` in one writing session; afterwards the cache is read again lazily."""
        result = self._guarded(change)
        self._records = {}
        self._singles = {}
        return result

    def _guarded(self, change: Callable[[Session], T]) -> T:
        try:
            with self.store.writing(expect_revision=self.revision) as session:
                result = change(session)
            self.revision = session.revision
            self._campaigns = session.campaigns()
            return result
        except StoreError:
            if self._is_stale():
                self.reload()
                raise Stale(
                    f"{self.path.name} was changed elsewhere (the command line?) since it was shown; "
                    "it has been reloaded and nothing was overwritten. Check and try again."
                ) from None
            raise

    def _is_stale(self) -> bool:
        try:
            with self.store.reading() as session:
                return session.revision != self.revision
        except StoreError:
            return False

    def change_titans(
        self, record_changes: Sequence[tuple[TitanRecord, Callable[[TitanLog], TitanLog]]]
    ) -> dict[int, TitanRecord]:
        """Several Titans' new histories, judged by the rules core, saved in ONE write."""
        new_logs = [(record, change(record.log)) for record, change in record_changes]

        def save(session: Session) -> dict[int, TitanRecord]:
            return {record.id: session.save(record, log) for record, log in new_logs}

        saved = self._guarded(save)
        for record in saved.values():
            if record.campaign_id in self._records:
                self._records[record.campaign_id][record.id] = record
            else:
                self._singles[record.id] = record
        return saved

    def change_titan(
        self, record: TitanRecord, change: Callable[[TitanLog], TitanLog]
    ) -> TitanRecord:
        return self.change_titans([(record, change)])[record.id]

    def do(self, record: TitanRecord, event: object) -> tuple[TitanRecord, Step]:
        """Judge one event (RuleError if refused) and save it."""
        log, step = record.log.do(event)  # type: ignore[arg-type]
        return self.change_titan(record, lambda _: log), step

    def undo(self, record: TitanRecord) -> tuple[TitanRecord, object]:
        log, event = record.log.undo()
        return self.change_titan(record, lambda _: log), event

    def redo(self, record: TitanRecord) -> tuple[TitanRecord, Step]:
        log, step = record.log.redo()
        return self.change_titan(record, lambda _: log), step


__all__ = ["Keeper", "Stale", "StoreError"]
