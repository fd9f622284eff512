"""The campaign database: one tinydb file of plain JSON (``documents.py``), written atomically
under a lock (``files.py``, ``database.py``), with backups by age (``backups.py``), upgrades of
earlier files (``upgrade.py``) and export/import (``exchange.py``)."""

from .database import Database, Gone, Session, Stored, now_iso
from .files import Damaged, StoreError
from .versions import Announced, Changes

__all__ = [
    "Announced",
    "Changes",
    "Damaged",
    "Database",
    "Gone",
    "Session",
    "StoreError",
    "Stored",
    "now_iso",
]
