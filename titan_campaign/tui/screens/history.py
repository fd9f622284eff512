"""A Titan's history, newest first, with undo and redo."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...rules.describe import describe
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import OneTitan


class HistoryScreen(OneTitan, Screen[None]):
    CSS_PATH = "pages.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="history.back")
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="history-title", classes="page-title")
        table: DataTable[str] = DataTable(id="history", cursor_type="row", zebra_stripes=True)
        table.add_columns("#", "when", "what happened")
        yield table
        yield Static("ctrl+z undoes the newest line, ctrl+y redoes it", classes="hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one(DataTable).focus()

    def refresh_view(self) -> None:
        log = self.keeper.titan(self.campaign_id, self.titan_id).log
        redo = f"   {len(log.undone)} undone change(s) can be redone (ctrl+y)" if log.undone else ""
        self.query_one("#history-title", Static).update(
            plain(f"{log.state.name}: history, newest first{redo}")
        )
        table = self.query_one(DataTable)
        table.clear()
        rows = list(enumerate(log.history(), start=1))
        for number, (event, notes) in reversed(rows):
            text = describe(event) + "".join(f"\n    {note}" for note in notes)
            table.add_row(
                str(number), event.at[:16].replace("T", " "), Text(text), height=1 + len(notes)
            )
