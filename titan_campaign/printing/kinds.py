"""What can be printed, in which formats, what each printout is called, and what a campaign
printout holds (no PDF library needed to ask)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # the command line reads KINDS at start-up: no sheet module for that
    from ..rules.game_log import GameLogEntry
    from ..rules.sheet import SheetView

KINDS: dict[str, tuple[str, ...]] = {
    "sheet": ("text", "json", "html", "pdf", "svg"),
    "blank": ("html", "pdf", "svg"),
    "cards": ("html", "pdf"),
    "game-card": ("text", "html", "pdf"),
    "campaign": ("html", "pdf"),
}
"""What can be printed, and in which formats."""

TITLES = {
    "sheet": "a Titan Character Sheet",
    "blank": "a blank sheet",
    "cards": "a set of spell cards",
    "game-card": "a game-night card",
    "campaign": "a campaign printout",
}


class CampaignPrint(NamedTuple):
    """What a campaign printout shows: the campaign's name, its active Titans' sheets (each
    ``sheet_view`` with its ``progress``) in the order they joined, and its game log."""

    name: str
    sheets: tuple[SheetView, ...]
    games: tuple[GameLogEntry, ...] = ()
    unreadable: tuple[tuple[str, str], ...] = ()
    """The Titans left out because their events break the rules: (name, where they do)."""
