"""The campaign store: tinydb on a file written atomically, behind a small repository."""

from .repository import CampaignStore, Session, StoreError

__all__ = ["CampaignStore", "Session", "StoreError"]
