"""Campaigns and Titans held by id: a name typed by a player is resolved once (``find_titan``,
``find_campaign``), and from then on the screens and commands hold the id, so a rename, an
undone rename or an archive made elsewhere never loses the Titan (its name is read by id)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..rules.campaign import Campaign
from ..rules.errors import RuleError
from ..rules.events import GameOutcome
from ..store import Announced, Changes, Damaged, Database, Gone, Stored, StoreError
from ..store.outputs import MissingFolder, is_stream

__all__ = [  # and, for ``titan_campaign.actions``, what every shell needs of the layers below
    "Announced",
    "CampaignRef",
    "CampaignView",
    "Changes",
    "Damaged",
    "Database",
    "GameOutcome",
    "Gone",
    "MissingFolder",
    "RuleError",
    "StoreError",
    "TitanRef",
    "campaign_views",
    "find_campaign",
    "find_titan",
    "find_titans",
    "is_stream",
]


@dataclass(frozen=True)
class CampaignRef:
    """A campaign, by its id in the file (the same in every copy of the file)."""

    id: str


@dataclass(frozen=True)
class TitanRef:
    """A Titan, by its campaign's id and its own id in that campaign."""

    campaign: CampaignRef
    titan: int


class CampaignView(NamedTuple):
    """A campaign as read, with its id."""

    ref: CampaignRef
    campaign: Campaign

    @property
    def name(self) -> str:
        return self.campaign.name


def find_campaign(db: Database, campaign: str | None = None) -> CampaignRef:
    """The campaign named ``campaign`` (case-insensitive), or the only one when no name is
    given; StoreError naming the campaigns there are if none matches."""
    with db.reading() as session:
        return CampaignRef(session.campaign_key(campaign))


def find_titan(db: Database, titan: str, campaign: str | CampaignRef | None = None) -> TitanRef:
    """The Titan called ``titan`` (case-insensitive), in ``campaign`` (named, or held by id)
    or in whichever has one; StoreError or RuleError, naming what there is, if none does."""
    with db.reading() as session:
        if isinstance(campaign, CampaignRef):
            found = session.campaign_for_ids(campaign.id, [])
            return TitanRef(campaign, found.campaign.titan_id(titan))
        key, titan_id = session.find_titan(titan, campaign)
    return TitanRef(CampaignRef(key), titan_id)


def find_titans(db: Database, titans: Sequence[str], campaign: str | None = None) -> list[TitanRef]:
    """The Titans called ``titans``, all of one campaign (as a game's players are)."""
    with db.reading() as session:
        stored = session.campaign_for(titans, campaign)
        key = CampaignRef(session.campaign_doc_id(stored.id))
    return [TitanRef(key, stored.campaign.titan_id(name)) for name in titans]


def campaign_views(db: Database) -> list[CampaignView]:
    """Every campaign of the file, with its id, in the order they were created."""
    with db.reading() as session:
        return [_view(session.campaign_doc_id(s.id), s) for s in session.campaigns()]


def _view(key: str, stored: Stored) -> CampaignView:
    return CampaignView(CampaignRef(key), stored.campaign)
