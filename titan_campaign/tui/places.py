"""Where a screen can send the player: each place names a screen and what it opens on.

A screen never imports another screen: it asks the App to open a place
(``titan_app(screen).open(place)``), and only the App knows which screen shows it. So the
screens stay independent of each other (an import contract checks it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import actions
from ..rules.campaign import Campaign
from ..rules.game_log import GameLogEntry
from ..rules.titan import TitanState

CampaignRef = actions.CampaignRef
TitanRef = actions.TitanRef


@dataclass(frozen=True)
class CampaignList:
    """The list of campaigns."""


@dataclass(frozen=True)
class Backups:
    """The database's backups, to restore one."""


@dataclass(frozen=True)
class Roster:
    campaign: CampaignRef


@dataclass(frozen=True)
class Sheet:
    titan: TitanRef
    state: TitanState | None = None
    campaign_name: str = ""


@dataclass(frozen=True)
class History:
    """A campaign's changes, or one Titan's."""

    campaign: CampaignRef
    titan: TitanRef | None = None


@dataclass(frozen=True)
class Gold:
    titan: TitanRef
    state: TitanState


@dataclass(frozen=True)
class HonorGuard:
    titan: TitanRef
    state: TitanState


@dataclass(frozen=True)
class Plan:
    titan: TitanRef
    state: TitanState


@dataclass(frozen=True)
class Print:
    """The print form, for a campaign or one Titan."""

    campaign: CampaignRef
    titan: TitanRef | None = None


@dataclass(frozen=True)
class Progress:
    """One Titan's progress game by game."""

    titan: TitanRef


@dataclass(frozen=True)
class CampaignProgress:
    campaign: CampaignRef


@dataclass(frozen=True)
class RecordGame:
    campaign: CampaignRef
    found: Campaign


@dataclass(frozen=True)
class GameLog:
    campaign: CampaignRef
    games: tuple[GameLogEntry, ...]


@dataclass(frozen=True)
class ExportTitan:
    titan: TitanRef


@dataclass(frozen=True)
class ImportTitan:
    campaign: CampaignRef


@dataclass(frozen=True)
class MergeCopy:
    """What merging a sync tool's copy would do, to confirm."""

    name: str
    merged: actions.Merged


@dataclass(frozen=True)
class ChooseCopy:
    """Which of several sync tools' copies to merge."""

    copies: tuple[Path, ...]


Place = (
    CampaignList
    | Backups
    | Roster
    | Sheet
    | History
    | Gold
    | HonorGuard
    | Plan
    | Print
    | Progress
    | CampaignProgress
    | RecordGame
    | GameLog
    | ExportTitan
    | ImportTitan
    | MergeCopy
    | ChooseCopy
)
