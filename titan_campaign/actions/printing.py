"""What a printout shows, read from the database: one path for the command line, the app and
a served tab, so each prints the same pages."""

from collections.abc import Sequence
from typing import NamedTuple

from ..printing.kinds import CampaignPrint
from ..rules.events import Event
from ..rules.game_log import game_log, shown_in
from ..rules.progress import progress as progress_rows
from ..rules.sheet import SheetView, sheet_view
from ..rules.titan import TitanState
from ..store import Database
from .common import _readable, _titan_history, read_campaign
from .ids import CampaignRef, TitanRef, find_campaign


def titan_sheet(db: Database, titan: TitanRef) -> SheetView:
    """The Titan's sheet as printed: every figure, and its progress game by game."""
    campaign_name, state, events = _titan_history(db, titan)
    return _printed_sheet(state, campaign_name, events)


def _printed_sheet(state: TitanState, campaign: str, events: Sequence[Event]) -> SheetView:
    return sheet_view(state, campaign, progress_rows(shown_in(events, campaign)))


class PrintData(NamedTuple):
    """What ``printing.render.render`` takes for a printout: its ``data`` and the campaign's
    name (the campaign printout is titled and its file named after it)."""

    data: SheetView | CampaignPrint | None
    campaign: str


def print_data(
    db: Database, what: str, campaign: CampaignRef | None = None, titan: TitanRef | None = None
) -> PrintData:
    """The data of a printout: ``what`` is "sheet", "cards" or "game-card" (of ``titan``;
    cards without one print named spells or all 72), "blank", or "campaign": every active
    Titan's sheet with its progress (the back page), in the order they joined, and the
    campaign's game log (``campaign``, or the only one); a Titan whose events break the
    rules is left out and named."""
    if what == "campaign":
        found = read_campaign(db, campaign or find_campaign(db))
        states, damaged = _readable(found)
        sheets = tuple(
            _printed_sheet(state, found.name, found.histories[titan_id])
            for titan_id, state in states.items()
            if not state.archived
        )
        unreadable = tuple((titan.name, titan.problem) for titan in damaged)
        printed = CampaignPrint(found.name, sheets, tuple(game_log(states)), unreadable)
        return PrintData(printed, found.name)
    if titan and what != "blank":
        return PrintData(titan_sheet(db, titan), "")
    return PrintData(None, "")


def printout_warnings(
    db: Database,
    what: str,
    format: str,
    campaign: CampaignRef | None = None,
    titan: TitanRef | None = None,
) -> list[str]:
    """What a printout cannot show as typed, each a line for the player: a letter no printout
    font has (it prints as a white square), a Titan left out because its events cannot be
    read; as the command line warns."""
    from ..printing.render import printout_warnings as warnings  # fonts load only when printing

    data, _ = print_data(db, what, campaign, titan)
    return warnings(what, data, format)
