"""Where a screen can send the player: each place names a screen and what it opens on.

A screen never imports another screen: it asks the App to open a place
(``titan_app(screen).open(place)``), and only the App knows which screen shows it. So the
screens stay independent of each other (an import contract checks it).

Places are NamedTuples, not frozen dataclasses: making seventeen dataclasses measured about 50M
instructions of the app's start (6% of a one-Label Textual app's whole start). A place is only
handed to the App to open, never compared.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from .. import actions
from ..rules.campaign import Campaign
from ..rules.game_log import GameLogEntry
from ..rules.titan import TitanState

CampaignRef = actions.CampaignRef
TitanRef = actions.TitanRef


class CampaignList(NamedTuple):
    """The list of campaigns."""


class Backups(NamedTuple):
    """The database's backups, to restore one."""


class Roster(NamedTuple):
    campaign: CampaignRef
    titan: TitanRef | None = None
    """The Titan highlighted as it opens (the one whose sheet was left)."""


class Sheet(NamedTuple):
    titan: TitanRef
    state: TitanState | None = None
    campaign_name: str = ""


class History(NamedTuple):
    """A campaign's changes, or one Titan's."""

    campaign: CampaignRef
    titan: TitanRef | None = None


class Gold(NamedTuple):
    titan: TitanRef
    state: TitanState


class HonorGuard(NamedTuple):
    titan: TitanRef
    state: TitanState
    after_game: bool = False
    """Opened by the game just recorded, not by the player."""


class Plan(NamedTuple):
    titan: TitanRef
    state: TitanState


class Print(NamedTuple):
    """The print form, for a campaign or one Titan."""

    campaign: CampaignRef
    titan: TitanRef | None = None


class Progress(NamedTuple):
    """One Titan's progress game by game."""

    titan: TitanRef


class CampaignProgress(NamedTuple):
    campaign: CampaignRef


class RecordGame(NamedTuple):
    campaign: CampaignRef
    found: Campaign


class GameLog(NamedTuple):
    campaign: CampaignRef
    games: tuple[GameLogEntry, ...]


class ExportTitan(NamedTuple):
    titan: TitanRef


class ImportTitan(NamedTuple):
    campaign: CampaignRef


class MergeCopy(NamedTuple):
    """What merging a sync tool's copy would do, to confirm."""

    name: str
    merged: actions.Merged


class ChooseCopy(NamedTuple):
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
