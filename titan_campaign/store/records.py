"""What a session hands out: campaigns and Titan records; and tinydb's in-memory storage."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tinydb.storages import Storage

from ..rules.titan import TitanLog


class MemoryStorage(Storage):
    """tinydb works on this in-memory copy of the index; the session writes it to disk once."""

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
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")
