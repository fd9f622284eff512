"""The database's kept backups, newest first: restore one (what ``titan-campaign backups`` and
``titan-campaign restore N`` do). The current version is kept as a backup first, when there is
a file to keep.

Each backup is the database as it was before a change: restoring it takes back that change
and every one after it."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, DataTable, Label, Static

from ... import actions
from .. import places
from ..upright import key_named, when_turned
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from ..widgets.row_table import RowTable
from .base import database, titan_app
from .forms import BACK, FormBox, FormModal


class ConfirmRestoreModal(FormModal):
    """Restore this backup? Returns True to restore; Escape or Cancel: nothing happens."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("y", "restore_it", "Restore", id="restore.yes"),  # y answers yes, as elsewhere
    ]

    def __init__(self, backup: actions.Backup, keeps: bool = True) -> None:
        super().__init__()
        self.backup = backup
        self.keeps = keeps  # the database file is there, to be kept as a backup

    def compose(self) -> ComposeResult:
        with FormBox(classes="form"):
            yield Label("Restore a backup", classes="form-title")
            yield Static(plain(self._question()), id="restore-question")
            with Horizontal(classes="buttons"):
                yield Button("Restore", variant="primary", id="restore")
                yield Button("Cancel", id="cancel")
        yield KeyBar()

    def _question(self) -> str:
        return (
            f"Restore backup {self.backup.number} from {self.backup.when}?\n"
            f"It takes back {actions.undoes(self.backup)}.\n\n"
            + (
                "The current version is kept as a backup."
                if self.keeps
                else "There is no database file now: nothing to keep."
            )
        )

    def refresh_view(self) -> None:
        """A change saved elsewhere takes a backup, numbered 1: the backup asked about is
        found again by its file, its number as it is now; gone (no longer kept), the
        question closes saying so."""
        app = titan_app(self)
        backups = app.attempt(lambda: actions.list_backups(app.db))
        if backups is None:
            return
        now = next((backup for backup in backups if backup.name == self.backup.name), None)
        if now is None:
            self.notify(
                f"The backup from {self.backup.when} is no longer kept; nothing restored.",
                title="Not restored",
                severity="warning",
            )
            self.dismiss(False)
            return
        self.backup = now
        self.query_one("#restore-question", Static).update(plain(self._question()))

    def on_mount(self) -> None:
        self.query_one("#restore", Button).focus()

    @on(Button.Pressed, "#restore")
    def action_restore_it(self) -> None:
        self.dismiss(True)


class BackupsScreen(Screen[None]):
    CSS_PATH = "pages.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="backups.back"),
        Binding("r", "restore", "Restore", id="backups.restore"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[actions.Backup] = []

    def compose(self) -> ComposeResult:
        yield Static(id="backups-title", classes="page-title")
        yield RowTable(id="backups", zebra_stripes=True)
        yield Static(id="backups-hint", classes="hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one(DataTable).focus()
        when_turned(self, self._show_hint)

    def _show_hint(self) -> None:
        self.query_one("#backups-hint", Static).update(plain(self._hint()))

    def refresh_view(self) -> None:
        db = database(self)
        path = db.path
        table = self.query_one(DataTable)
        rows = self._rows
        chosen = rows[table.cursor_row].name if table.cursor_row < len(rows) else None
        self._rows = titan_app(self).attempt(lambda: actions.list_backups(db)) or []
        self.query_one("#backups-title", Static).update(
            plain(f"Backups of {path.name}, newest first")
        )
        self._fill()
        # the highlight stays on the backup chosen, not on its row: a change made elsewhere
        # takes a backup, numbered 1, and the one chosen moves down
        names = [backup.name for backup in self._rows]
        if chosen in names:
            table.move_cursor(row=names.index(chosen))
        self._show_hint()

    def _fill(self) -> None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        number = max((len(str(backup.number)) for backup in self._rows), default=1)
        when = max((len(backup.when) for backup in self._rows), default=5)
        table.add_column("#", width=number)
        # the line a backup was taken before wraps within the screen, never cut off; with no
        # room for it beside the time (a phone held upright), it goes under the time
        before = self.size.width - number - when - 9
        if before < 20:
            table.add_column("saved, as it was before", width=max(when, before + when + 3))
        else:
            table.add_column("saved", width=when)
            table.add_column("as it was before", width=before)
        for backup in self._rows:
            said = Text(backup.said or "-")
            cells = (
                [Text(f"{backup.when}\n").append_text(said)] if before < 20 else [backup.when, said]
            )
            table.add_row(str(backup.number), *cells, height=None)
        table.move_cursor(row=row)
        table.display = bool(self._rows)

    def _hint(self) -> str:
        try:
            keep = actions.backups_kept()
        except actions.StoreError as error:
            return str(error)
        if self._rows:
            kept = actions.restore_keeps(database(self))
            return (
                f"{key_named(self, 'enter or r', 'a second tap or Restore')}: restore the"
                f" highlighted backup ({kept})   kept: every backup of"
                f" the last 24 hours, up to {keep} (set {actions.BACKUPS_ENV} to change), and the"
                " newest of each day for 30 days"
            )
        if keep == 0:
            return f"There are no backups: they are turned off ({actions.BACKUPS_ENV}=0)."
        return "There are no backups yet: one is kept before every change."

    def on_resize(self) -> None:
        self._fill()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_restore()

    def action_back(self) -> None:
        titan_app(self).go_back(places.CampaignList())

    def action_restore(self) -> None:
        table = self.query_one(DataTable)
        if not self._rows or table.cursor_row >= len(self._rows):
            self.notify("There is no backup to restore yet.")
            return
        chosen = self._rows[table.cursor_row]

        def confirmed(restore: object) -> None:
            if restore is True:
                self._restore(chosen)

        keeps = actions.has_database_file(database(self))
        self.app.push_screen(ConfirmRestoreModal(chosen, keeps), confirmed)

    def _restore(self, chosen: actions.Backup) -> None:
        db = database(self)
        restored = titan_app(self).attempt(lambda: actions.restore_shown_backup(db, chosen))
        if restored is None:
            self.refresh_view()
            return
        said = (
            f"Restored backup {restored.backup.number} (saved {restored.backup.when}): took back "
            f"{actions.undoes(restored.backup)}; {restored.kept_text}."
        )
        self.notify(
            "\n".join((said, *restored.damaged)),  # a line restored as it was is named
            title="Restored",
            severity="warning" if restored.damaged else "information",
        )
        titan_app(self).restored()
