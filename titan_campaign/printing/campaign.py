"""The campaign printout: every active Titan's whole sheet, then the campaign's game log.

Each Titan's pages are exactly those of its sheet printed alone (``sheet_layout.sheet_pages``,
back pages included). A Titan whose sheet takes an odd number of pages is followed by a blank
page, so every Titan starts on an odd page: printed double-sided, no sheet of paper carries two
Titans. The game log starts on an odd page too.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.game_log import GameLogEntry, entry_text
from .canvas import MIN_SIZE, Page, fit_size, fit_text, paper_size, wrap_text
from .figures import named
from .flow import MARGIN, Flow
from .kinds import CampaignPrint
from .sheet_layout import sheet_pages

LOG_SIZE = 8.5  # points: an entry of the game log
LOG_STEP = 4.2  # mm between its lines


def campaign_pages(printout: CampaignPrint, paper: str = "a4") -> list[Page]:
    """Every sheet whole, each from an odd page, then the game log (see the module's text)."""
    width, height = paper_size(paper)
    pages: list[Page] = []
    for sheet in printout.sheets:
        pages += sheet_pages(sheet, paper)
        if len(pages) % 2:
            pages.append(Page(width, height, f"{sheet.name} - Titan Character Sheet"))
    return pages + game_log_pages(printout.name, printout.games, paper, printout.unreadable)


Line = tuple[str, bool, bool]
"""A line of the game log: its text, and whether it is set bold or italic."""


def _entries(game: GameLogEntry, width: float) -> list[list[Line]]:
    """Each Titan's entry of one game as its lines (wrapped to ``width`` mm): its result,
    then how its award adds up."""
    entries = []
    for participant in game.participants:
        said = entry_text(participant.outcome, participant.survivors)
        text = f"{named(participant.titan)}: {participant.award} XP: {said}"
        lines = [(line, True, False) for line in wrap_text(text, width, LOG_SIZE, bold=True)]
        summary = participant.breakdown.summary()
        lines += [
            (line, False, True)
            for line in wrap_text(summary, width - 4, LOG_SIZE - 0.5, italic=True)
        ]
        entries.append(lines)
    return entries


def game_log_pages(
    campaign: str,
    games: Sequence[GameLogEntry],
    paper: str = "a4",
    unreadable: Sequence[tuple[str, str]] = (),
) -> list[Page]:
    """The campaign's game log: every game by number, each Titan's entry and its award (R8).
    A Titan left out as ``unreadable`` (name, problem) is named at its top: the paper says a
    Titan is missing from the printout and from the games it played."""
    width, height = paper_size(paper)
    title = f"{campaign} - game log"
    flow = Flow(width, height, title, f"{campaign} - game log (continued)")
    page = flow.page
    page.text(flow.x, MARGIN + 5, "GAME LOG", 15, bold=True)
    room = flow.content - 40  # beside the title; a name too long for it is shortened with "…"
    size = fit_size(campaign, room, 10, MIN_SIZE, bold=True)
    named = fit_text(campaign, room, size, bold=True)
    page.text(flow.x + flow.content, MARGIN + 5, named, size, bold=True, align="right")
    flow.y = MARGIN + 10
    for name, problem in unreadable:
        said = f"{name} cannot be read: {problem}; their sheet and games are left out"
        for line in wrap_text(said, flow.content, LOG_SIZE, italic=True):
            flow.need(LOG_STEP, "GAME LOG")
            flow.page.text(flow.x, flow.y + 3, line, LOG_SIZE, italic=True)
            flow.y += LOG_STEP
        flow.y += 2
    if not games:
        page.text(flow.x, flow.y + 4, "(no games recorded yet)", LOG_SIZE, italic=True)
        return flow.pages
    for game in games:
        heading = f"GAME {game.game}   {game.date}" + (
            f"   {game.scenario}" if game.scenario else ""
        )
        first, *more = wrap_text(heading, flow.content, 9.5, bold=True)
        blocks = [[(line, True, False) for line in more], *_entries(game, flow.content - 2)]
        flow.section(first, LOG_STEP * 2)
        for block in blocks:  # a Titan's entry is never cut from how its award adds up
            flow.need(LOG_STEP * len(block), f"GAME {game.game}")
            for text, bold, italic in block:
                indent = 5.0 if italic else 1.0
                size = LOG_SIZE - 0.5 if italic else LOG_SIZE
                flow.page.text(flow.x + indent, flow.y + 3, text, size, bold=bold, italic=italic)
                flow.y += LOG_STEP
        flow.y += 2
    return flow.pages
