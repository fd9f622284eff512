"""The changes of a campaign, or of one Titan, newest first; ctrl+z and ctrl+y undo and redo
the campaign's latest change as a whole, or on a Titan's history that Titan's."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ... import actions
from ...rules.names import plural
from ..upright import key_named
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from ..widgets.row_table import RowTable
from .base import UPRIGHT_WIDTH, database, titan_app

COLUMNS = ("#", "when", "what happened")
UPRIGHT_COLUMNS = ("#", "what happened")
"""The history under ``UPRIGHT_WIDTH`` columns (a phone held upright): when a change was made
stands above what it did."""
WHAT = 24
"""The narrowest "what happened" shown beside the time (at 44 columns it was 18 wide, widened
to 20 and cut at the screen's edge); narrower, the time goes above it, as on a phone."""


class HistoryScreen(Screen[None]):
    CSS_PATH = "pages.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="history.back")
    ]

    def __init__(
        self, campaign: actions.CampaignRef, titan: actions.TitanRef | None = None
    ) -> None:
        """The history of ``campaign``, or only the changes that touched ``titan``."""
        super().__init__()
        self.campaign = campaign
        self.titan = titan
        self.titan_name: str | None = None  # as last read
        self._upright: bool | None = None  # the columns shown: a phone held upright's or not

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.campaign

    def titan_in_view(self) -> actions.TitanRef | None:
        return self.titan

    def compose(self) -> ComposeResult:
        yield Static(id="history-title", classes="page-title")
        yield RowTable(id="history", zebra_stripes=True)
        yield Static(self._undoing(), classes="hint")
        yield KeyBar()

    def _undoing(self) -> str:
        whose = "this Titan's latest change" if self.titan else "the campaign's latest change"
        undo, redo = key_named(self, "ctrl+z", "Undo"), key_named(self, "ctrl+y", "Redo")
        return f"{undo} undoes {whose}, {redo} redoes it"

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one(DataTable).focus()

    def refresh_view(self) -> None:
        db = database(self)
        campaign = titan_app(self).attempt(lambda: actions.read_campaign(db, self.campaign))
        of = self.titan or self.campaign
        found = titan_app(self).attempt(lambda: actions.history_of(db, of))
        if campaign is None or found is None:
            return
        rows = found.rows
        self.titan_name = campaign.names().get(self.titan.titan) if self.titan else None
        undone = [  # what ctrl+y here can redo: a Titan's own undone changes
            change
            for change in campaign.changes
            if change.undone and (self.titan is None or change.touches(self.titan.titan))
        ]
        key = key_named(self, "ctrl+y", "Redo")
        redo = f"   {plural(len(undone), 'undone change')} to redo ({key})" if undone else ""
        whose = self.titan_name or f"Campaign {campaign.name}"
        damaged = [
            f"\n{titan.name} cannot be read: {titan.problem} (its events are shown without the rules' notes)"
            for titan in found.unreadable
        ]
        none = "" if rows else "\nNo changes yet."
        self.query_one(".hint", Static).update(self._undoing())  # a phone turned: as now held
        self.query_one("#history-title", Static).update(
            plain(f"{whose}: history, newest first{redo}{''.join(damaged)}{none}")
        )
        table = self.query_one(DataTable)
        table.display = bool(rows)  # no headings over nothing
        number_width = max((len(str(row.change)) for row in rows), default=1)
        # the time above what happened where beside it would leave that too narrow to read
        upright = self.app.size.width < UPRIGHT_WIDTH or self.what_width(number_width) < WHAT
        table.clear(columns=upright != self._upright)
        if not table.columns:
            table.add_columns(*(UPRIGHT_COLUMNS if upright else COLUMNS))
        self._upright = upright
        width = self.what_width(number_width, upright)
        for row in reversed(rows):
            what = Text("\n").join(
                part for line in self.lines(row) for part in self.wrapped(line, width)
            )
            when = row.at[:16].replace("T", " ")
            if upright:
                what = Text(when, style="dim") + "\n" + what
            cells = (str(row.change), what) if upright else (str(row.change), when, what)
            table.add_row(*cells, height=len(what.plain.splitlines()) or 1)

    def what_width(self, number_width: int, upright: bool = False) -> int:
        """The width "what happened" may take, so that its lines wrap instead of running off
        the screen: the screen less the number, the time (16, or above it: ``upright``), the
        cells' padding and a scroll bar."""
        if upright:
            return max(self.app.size.width - max(number_width, 1) - 2 * 2 - 2, 16)
        return self.app.size.width - max(number_width, 1) - 16 - 3 * 2 - 2

    def wrapped(self, line: str, width: int) -> list[Text]:
        """One line of a change wrapped to ``width``, its indent kept on every part."""
        body = line.lstrip(" ")
        indent = " " * (len(line) - len(body))
        parts = Text(body).wrap(self.app.console, max(width - len(indent), 10))
        return [Text(indent) + part for part in parts]

    def on_resize(self) -> None:
        self.refresh_view()

    def lines(self, row: actions.HistoryRow) -> list[str]:
        """A change's line; below it, as the command line's ``history`` shows them, each
        event its line does not say (a game's figures) and the rules' notes."""
        return [row.line, *(f"  {line}" for line in row.below)]
