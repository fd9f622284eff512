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


@dataclass(frozen=True)
class CampaignList:
    """The list of campaigns."""


@dataclass(frozen=True)
class Backups:
    """The database's backups, to restore one."""


@dataclass(frozen=True)
class Roster:
    campaign: str


@dataclass(frozen=True)
class Sheet:
    campaign: str
    titan: str
    state: TitanState | None = None


@dataclass(frozen=True)
class History:
    """A campaign's changes, or one Titan's."""

    campaign: str
    titan: str | None = None


@dataclass(frozen=True)
class Gold:
    campaign: str
    state: TitanState


@dataclass(frozen=True)
class HonorGuard:
    campaign: str
    state: TitanState


@dataclass(frozen=True)
class Plan:
    campaign: str
    state: TitanState


@dataclass(frozen=True)
class Print:
    """The print form, for a campaign or one Titan."""

    campaign: str
    titan: str | None = None


@dataclass(frozen=True)
class Progress:
    """One Titan's progress game by game."""

    campaign: str
    titan: str


@dataclass(frozen=True)
class CampaignProgress:
    campaign: str


@dataclass(frozen=True)
class RecordGame:
    campaign: Campaign


@dataclass(frozen=True)
class GameLog:
    campaign: str
    games: tuple[GameLogEntry, ...]


@dataclass(frozen=True)
class ExportTitan:
    campaign: str
    titan: str


@dataclass(frozen=True)
class ImportTitan:
    campaign: str


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
