"""The campaign database: one tinydb file of plain JSON (``documents.py``), written atomically
under a lock (``files.py``, ``database.py``), with backups by age (``backups.py``), upgrades of
earlier files (``upgrade.py``) and export/import (``exchange.py``)."""

from .database import Database, Session, Stored, now_iso
from .files import StoreError

__all__ = ["Database", "Session", "StoreError", "Stored", "now_iso"]
