"""The campaign store: a small tinydb index plus one history file per Titan, written atomically
(``layout.py``), with a cross-process lock, rotating backups (``backups.py``: ``list_backups``,
``restore_backup``) and schema migrations (``migrations.py``)."""

from .repository import CampaignStore, Session, StoreError

__all__ = ["CampaignStore", "Session", "StoreError"]
