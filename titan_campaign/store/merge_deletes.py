"""Campaigns one copy deleted: when each copy last changed one, which of its changes the delete
saw, and the campaign kept whole as refused when it holds changes the delete never saw."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from ..rules.campaign import Campaign
from .documents import change_to_doc
from .merge_order import _moment
from .merge_result import Refused, _whole


def _touched(campaign: Campaign, deletion: Mapping[str, Any] | None) -> datetime:
    """When the campaign was last changed in its copy: a change made, undone or redone, or a
    backup that brought it back after its delete (``deletion``, that copy's record of it)."""
    times = [t for c in campaign.changes for t in (c.at, c.undone_at, c.redone_at) if t]
    if deletion is not None and deletion.get("restored_at"):
        times.append(str(deletion["restored_at"]))
    return max((_moment(t) for t in times), default=datetime.min.replace(tzinfo=UTC))


def _when(deletion: Mapping[str, Any]) -> str:
    return f"on {str(deletion['at'])[:16].replace('T', ' ')}"


def _order(deletion: Mapping[str, Any]) -> tuple[datetime, str]:
    return _moment(str(deletion["at"])), str(deletion["id"])


def _seen(campaign: Campaign, deletion: Mapping[str, Any]) -> list[str]:
    """The ids of the campaign's changes the copy that deleted it had then (up to its latest
    change then); the rest were made after, on the other copy."""
    ids = [change.id for change in campaign.changes]
    last = str(deletion.get("last_change", ""))
    return ids[: ids.index(last) + 1] if last in ids else []


def _unseen(campaign: Campaign, deletion: Mapping[str, Any], why: str) -> list[Refused]:
    """The campaign, kept whole as refused, when it holds changes the copy that deleted it
    never saw (made after its latest change then): nothing typed is lost."""
    seen = set(_seen(campaign, deletion))
    unseen = [change.text for change in campaign.changes if change.id not in seen]
    if not unseen:
        return []
    kept: dict[str, Any] = {"name": campaign.name, "base_xp": campaign.base_xp}
    kept["changes"] = [change_to_doc(0, c) for c in campaign.changes]
    listed = "; ".join(unseen[:3]) + ("; ..." if len(unseen) > 3 else "")
    count = f"{len(unseen)} change{'' if len(unseen) == 1 else 's'}"
    reason = f"{why}; {count} in it that the delete never saw: {listed}"
    return [Refused(campaign.name, _whole(campaign.name), reason, kept)]


def _kept_key(campaign_id: str, campaign: Campaign) -> str:
    """A campaign kept deleted against one copy's version of it: its id and that version's
    latest change (a copy that goes on without the delete keeps that version of it)."""
    last = campaign.changes[-1].id if campaign.changes else ""
    return f"{campaign_id} {last}".strip()
