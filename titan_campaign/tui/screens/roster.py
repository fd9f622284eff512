"""The campaign's Titans: add, open a sheet, archive, the game log."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...rules.events import Archived
from ...rules.titan import check
from ...store.repository import TitanRecord, now_iso
from ..keeper import Keeper
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import keeper, titan_app
from .forms import AddTitanModal, MessageModal, NewTitan
from .navigation import go_back

COLUMNS = ("Titan", "Player", "Level", "XP available", "Mana", "Choices")


class RosterScreen(Screen[None]):
    CSS_PATH = "pages.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Campaigns", id="roster.back"),
        Binding("a", "add_titan", "Add Titan", id="roster.add"),
        Binding("enter,o", "open_sheet", "Open sheet", id="roster.open"),
        Binding("x", "archive", "Archive", id="roster.archive"),
        Binding("v", "toggle_archived", "Show archived", id="roster.show_archived"),
        Binding("g", "record_game", "Record game", id="roster.record_game"),
        Binding("l", "game_log", "Game log", id="roster.game_log"),
        Binding("p", "print", "Print", id="roster.print"),
    ]

    def __init__(self, campaign_id: int) -> None:
        super().__init__()
        self.campaign_id = campaign_id
        self.show_archived = False
        self._row_titans: list[TitanRecord] = []

    @property
    def keeper(self) -> Keeper:
        return keeper(self)

    def compose(self) -> ComposeResult:
        yield Static(id="roster-title", classes="page-title")
        table: DataTable[str] = DataTable(id="roster", cursor_type="row", zebra_stripes=True)
        table.add_columns(*COLUMNS)
        yield table
        yield Static(id="roster-hint", classes="hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one(DataTable).focus()

    def on_screen_resume(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        campaign = self.keeper.campaign(self.campaign_id)
        records = self.keeper.titans(self.campaign_id, include_archived=self.show_archived)
        self._row_titans = records
        shown = "archived shown" if self.show_archived else "archived hidden, v shows them"
        self.query_one("#roster-title", Static).update(
            plain(
                f"{campaign.name.upper()}   base XP {campaign.base_xp}   {len(records)} Titans   ({shown})"
            )
        )
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for record in records:
            state = record.log.state
            marker = f"! {len(state.pending)} to make" if state.pending else "-"
            name = state.name + (" [archived]" if state.archived else "")
            table.add_row(
                Text(name),
                Text(state.player),
                str(state.level),
                str(state.available_xp),
                str(state.mana),
                marker,
                key=str(record.id),
            )
        if records:
            table.move_cursor(row=min(row, len(records) - 1))
        hint = (
            "a: add the first Titan" if not records else "enter: open the sheet   g: record a game"
        )
        self.query_one("#roster-hint", Static).update(plain(hint))

    def titan_in_view(self) -> TitanRecord | None:
        table = self.query_one(DataTable)
        if not self._row_titans or table.cursor_row >= len(self._row_titans):
            return None
        return self._row_titans[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open_sheet()

    def action_back(self) -> None:
        from .campaigns import CampaignsScreen

        go_back(self, CampaignsScreen)

    def action_open_sheet(self) -> None:
        record = self.titan_in_view()
        if record is None:
            self.notify("No Titan yet: press a to add one.")
            return
        from .sheet import SheetScreen

        self.app.push_screen(SheetScreen(self.campaign_id, record.id))

    def action_add_titan(self) -> None:
        self.app.push_screen(
            AddTitanModal(self.keeper.campaign(self.campaign_id).base_xp), self._add
        )

    def _add(self, form: object) -> None:
        if not isinstance(form, NewTitan):
            return
        campaign = self.keeper.campaign(self.campaign_id)
        record = titan_app(self).attempt(
            lambda: self.keeper.write(lambda s: s.add_titan(campaign, form.name, form.player))
        )
        if record is None:
            return
        state = record.log.state
        self.notify(f"{state.name} ({state.player}) joins with {state.available_xp} XP to spend.")
        self.refresh_view()
        ids = [r.id for r in self._row_titans]
        if record.id in ids:
            self.query_one(DataTable).move_cursor(row=ids.index(record.id))

    def action_archive(self) -> None:
        record = self.titan_in_view()
        if record is None:
            return
        event = Archived(at=now_iso())
        decision = check(record.log.state, event)
        if not decision:
            self.notify(decision.reason, title="Refused", severity="warning")
            return
        if titan_app(self).attempt(lambda: self.keeper.do(record, event)) is not None:
            self.notify(
                f"{record.name} archived: hidden, never deleted (ctrl+z brings the Titan back)."
            )
            self.refresh_view()

    def action_toggle_archived(self) -> None:
        self.show_archived = not self.show_archived
        self.refresh_view()

    def action_record_game(self) -> None:
        if not self.keeper.titans(self.campaign_id):
            self.notify("Add Titans before recording a game.")
            return
        from .game import RecordGameScreen

        self.app.push_screen(RecordGameScreen(self.campaign_id))

    def action_game_log(self) -> None:
        games = self.keeper.games(self.campaign_id)
        table = Table(box=None, show_edge=False)
        for column in ("game", "date", "scenario", "Titan", "result", "XP"):
            table.add_column(column)
        for game in games:
            for number, part in enumerate(game["participants"]):
                first = number == 0
                table.add_row(
                    str(game["game"]) if first else "",
                    str(game["date"]) if first else "",
                    Text(str(game["scenario"])) if first else "",
                    Text(part["titan"]),
                    part["result"],
                    str(part["award"]),
                )
        body: object = table if games else "No games recorded yet (g records one)."
        self.app.push_screen(MessageModal("Game log", body))

    def action_print(self) -> None:
        from .printing import PrintModal

        self.app.push_screen(PrintModal(self.campaign_id, None))
