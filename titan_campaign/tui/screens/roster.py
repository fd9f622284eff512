"""The campaign's Titans: add, open a sheet, archive, the game log, the history."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ... import actions
from ...rules.names import plural
from ...rules.titan import TitanState
from .. import places
from ..refusals import Refusal
from ..upright import held_upright, key_named
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from ..widgets.row_table import RowTable
from ..widgets.shorten import shorten
from .base import database, titan_app
from .forms import AddTitanModal, change_player, rename_titan

COPIES_SECONDS = 1.0
"""How often the roster looks for a sync tool's copy beside the database (as often as the app's
watcher looks at the database itself): a copy arriving changes nothing in the database."""

COLUMNS = ("Titan", "Player", "Level", "XP available", "Mana", "Choices")
WIDE_FIGURES = 2 * 6 + 5 + 12 + 4 + 12 + 2
"""The cells a row of ``COLUMNS`` takes besides the Titan's name and player: each column's
padding, the level, the XP available, the Mana, the choices ("! 12 to make") and the table's
scroll bar."""
WIDE_WIDTH = WIDE_FIGURES + 16 + 8
"""The narrowest screen that shows ``COLUMNS`` whole: a name in 16 cells ("Thorn [archived]"),
a player in 8. A narrower screen (a terminal split in two, a phone) gets ``STACKED_COLUMNS``."""
ARCHIVED = " [archived]"
UNREADABLE = "cannot be read"
STACKED_COLUMNS = ("Titan", "Lv", "XP", "Mana")
"""The roster under ``WIDE_WIDTH`` columns (down to a phone held upright): each Titan's level,
XP available and Mana beside its name, its player (and a choice still to make) under it."""
STACKED_FIGURES = 2 + 4 + 6 + 6 + 2
"""The cells a stacked row takes besides the Titan's name: its padding, the level, the XP, the
Mana (each with its padding) and the table's scroll bar."""


def name_and_player_widths(
    listed: list[TitanState | actions.Unreadable], room: int
) -> tuple[int, int]:
    """The cells of ``room`` the names and the players get: each as long as its longest when
    both fit, else the names two thirds, or what the longest player leaves them if more (a
    player was cut with cells to spare beside short names)."""
    names, players = [0], [0]
    for titan in listed:
        if isinstance(titan, TitanState):
            names.append(cell_len(titan.name) + (len(ARCHIVED) if titan.archived else 0))
            players.append(cell_len(titan.player))
        else:
            names.append(cell_len(titan.name))
            players.append(len(UNREADABLE))
    if max(names) + max(players) <= room:
        return max(names), room - max(names)
    name_width = min(max(names), max(room * 2 // 3, room - max(players)))
    return name_width, room - name_width


def wide_row(
    state: TitanState | actions.Unreadable, name_width: int, player_width: int
) -> tuple[Text | str, ...]:
    """A Titan's row in ``COLUMNS``."""
    if isinstance(state, actions.Unreadable):
        return (Text(shorten(state.name, name_width)), UNREADABLE, "", "", "", "")
    marker = f"! {len(state.pending)} to make" if state.pending else "-"
    archived = ARCHIVED if state.archived else ""
    name = Text(shorten(state.name, name_width - len(archived)))
    name.append(archived, style="italic")  # not a name's own "[archived]"
    cells = (
        name,
        Text(shorten(state.player, player_width)),
        Text(str(state.level)),
        Text(str(state.available_xp)),
        Text(str(state.mana)),
        Text(marker),
    )
    if state.archived:  # the whole row dimmed
        for cell in cells:
            cell.stylize("dim")
    return cells


def stacked_row(
    state: TitanState | actions.Unreadable, name_width: int, console: Console
) -> tuple[Text | str, ...]:
    """A Titan's row in ``STACKED_COLUMNS``: its name, and under it its player, then a choice
    still to make."""
    if isinstance(state, actions.Unreadable):
        return (Text(f"{shorten(state.name, name_width)}\ncannot be read"), "", "", "")
    archived = " [archived]" if state.archived else ""
    # whole, in lines (``console`` measures its letters: a Chinese letter takes two cells)
    cell = Text("\n").join(Text(state.name).wrap(console, name_width))
    player = Text(state.player, style="dim")
    player.append(archived, style="dim italic")  # not a name's own "[archived]"
    cell.append("\n")
    cell.append_text(Text("\n").join(player.wrap(console, name_width)))
    if state.pending:
        cell.append(f"\n! {len(state.pending)} to make", style="dim")
    figures = (Text(str(state.level)), Text(str(state.available_xp)), Text(str(state.mana)))
    if state.archived:  # the whole row dimmed
        for part in (cell, *figures):
            part.stylize("dim")
    return (cell, *figures)


class RosterScreen(Screen[None]):
    CSS_PATH = "pages.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Campaigns", id="roster.back"),
        Binding("a", "add_titan", "Add Titan", id="roster.add"),
        Binding("enter,o", "open_sheet", "Open sheet", id="roster.open"),
        Binding("x", "archive", "Archive / bring back", id="roster.archive"),
        Binding("r", "rename", "Rename", id="roster.rename"),
        Binding("w", "change_player", "Player", id="roster.player"),
        Binding("v", "toggle_archived", "Show archived", id="roster.show_archived"),
        Binding("g", "record_game", "Record game", id="roster.record_game"),
        Binding("l", "game_log", "Game log", id="roster.game_log"),
        Binding("h", "history", "History", id="roster.history"),
        Binding("p", "print", "Print", id="roster.print"),
        Binding("e", "export_titan", "Export", id="roster.export"),
        Binding("i", "import_titan", "Import", id="roster.import"),
        Binding("P", "progress", "Progress", id="roster.progress"),
        Binding("M", "merge_copy", "Merge copy", id="roster.merge"),
    ]

    SHORT_KEYS = ("open_sheet", "record_game")
    """First in the key bar of a phone held upright (``KeyBar``)."""

    def __init__(
        self, campaign: actions.CampaignRef, titan: actions.TitanRef | None = None
    ) -> None:
        super().__init__()
        self.campaign = campaign
        self._opened_on = titan  # highlighted as it opens (a sheet opened directly, left)
        self.campaign_name = ""  # as last read
        self.base_xp = 0
        self.show_archived = False
        self._row_titans: list[TitanState | actions.Unreadable] = []
        self._copies: list[Path] = []
        self._row_ids: list[actions.TitanRef] = []
        self._laid_out_at = 0  # the width the rows were last laid out at

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.campaign

    def compose(self) -> ComposeResult:
        yield Static(id="roster-title", classes="page-title")
        yield RowTable(id="roster", zebra_stripes=True)
        yield Static(id="roster-hint", classes="hint")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_view()
        self.set_interval(COPIES_SECONDS, self._look_for_copies)
        self.query_one(DataTable).focus()
        titan_app(self).remember_campaign(self.campaign if self.campaign_name else None)

    def on_screen_resume(self) -> None:
        if self not in titan_app(self).closing:  # uncovered while it closes: nothing to read
            self.refresh_view()

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._laid_out_at:
            self.refresh_view()  # the columns fitted to the new width (or stacked, if narrow)

    def _look_for_copies(self) -> None:
        """Show a sync tool's copy as it arrives or goes (the database unchanged)."""
        copies = actions.conflicted_copies(database(self))
        if copies != self._copies:
            self._copies = copies  # once per change, even if the roster cannot be read now
            self.refresh_bindings()
            self.refresh_view()

    def refresh_view(self) -> None:
        db = database(self)
        found = titan_app(self).attempt(lambda: actions.read_campaign(db, self.campaign))
        if found is None:
            return
        self.base_xp = found.base_xp
        self.campaign_name = found.name
        rows = titan_app(self).attempt(
            lambda: actions.roster_by_id(db, self.campaign, archived=self.show_archived)
        )
        tables = self.query(DataTable)
        if rows is None or not tables:  # (not composed yet: a change seen as it opened)
            return
        table = tables.first()
        was = (
            self._row_ids[table.cursor_row]
            if table.cursor_row < len(self._row_ids)
            else self._opened_on
        )
        self._row_ids = [ref for ref, _ in rows]
        self._row_titans = listed = [titan for _, titan in rows]
        # on a phone the key bar's Show archived is under More
        show = ": More, then Show archived" if held_upright(self) else ", v shows them"
        shown = "archived shown" if self.show_archived else f"archived hidden{show}"
        name = found.name.upper()
        figures = f"base XP {found.base_xp}   {plural(len(listed), 'Titan')}   ({shown})"
        # the figures under a long name rather than broken at its end ("... SEA   6" / "Titans")
        apart = "   " if Text(f"{name}   {figures}").cell_len <= self.size.width - 2 else "\n"
        self.query_one("#roster-title", Static).update(plain(f"{name}{apart}{figures}"))
        row = table.cursor_row
        if was in self._row_ids:  # the same Titan stays highlighted, wherever its row is now
            row = self._row_ids.index(was)
        width = self.size.width
        stacked = width < WIDE_WIDTH
        # the columns fitted anew to what is shown (a new width, archived Titans shown or hidden)
        table.clear(columns=True)
        table.add_columns(*(STACKED_COLUMNS if stacked else COLUMNS))
        self._laid_out_at = width
        if stacked:
            name_width = max(8, width - STACKED_FIGURES)
            for state in listed:
                table.add_row(*stacked_row(state, name_width, self.app.console), height=None)
        else:
            name_width, player_width = name_and_player_widths(listed, width - WIDE_FIGURES)
            for state in listed:
                table.add_row(*wide_row(state, name_width, player_width))
        if listed:
            table.move_cursor(row=min(row, len(listed) - 1))
        opening = (  # on a phone a tap highlights a Titan, a second tap opens it
            "a second tap: open the sheet"
            if held_upright(self)
            else "enter: open the sheet   g: record a game"
        )
        add, merge = key_named(self, "a", "Add Titan"), key_named(self, "M", "Merge copy")
        hint = f"{add}: add the first Titan" if not listed else opening
        copies = actions.conflicted_copies(db)
        if copies != self._copies:
            self._copies = copies
            self.refresh_bindings()  # M shows only while there is a copy to merge
        if len(copies) == 1:
            hint += (
                f"\nA copy left by a sync tool lies beside the database: {copies[0].name}"
                f"   {merge}: see what merging it brings in"
            )
        elif copies:
            hint += (
                f"\n{len(copies)} copies left by sync tools lie beside the database: "
                f"{', '.join(copy.name for copy in copies)}   {merge}: choose one to merge"
            )
        damaged = [state for state in listed if isinstance(state, actions.Unreadable)]
        for titan in damaged:
            hint += f"\n{titan.name} cannot be read: {titan.problem}"
        self.query_one("#roster-hint", Static).update(plain(hint))

    def highlighted_titan(self) -> tuple[actions.TitanRef, TitanState] | None:
        """The highlighted Titan's id and state; None if there is none (with no Titan yet,
        the player is told how to add one) or if it cannot be read (the player is told why)."""
        table = self.query_one(DataTable)
        if not self._row_titans:
            self.notify("No Titan yet: press a to add one.")
            return None
        if table.cursor_row >= len(self._row_titans):
            return None
        state = self._row_titans[table.cursor_row]
        if isinstance(state, actions.Unreadable):
            self.notify(f"{state.name} cannot be read: {state.problem}", severity="error")
            return None
        return self._row_ids[table.cursor_row], state

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open_sheet()

    def action_back(self) -> None:
        titan_app(self).go_back(places.CampaignList())

    def action_open_sheet(self) -> None:
        found = self.highlighted_titan()
        if found is None:
            return
        titan_app(self).open(places.Sheet(found[0], found[1], self.campaign_name))

    def action_add_titan(self) -> None:
        self.app.push_screen(AddTitanModal(self.campaign, self.base_xp), self._add)

    def _add(self, done: object) -> None:
        if not isinstance(done, actions.Done):
            return
        state = done.state
        self.notify(f"{state.name} ({state.player}) joins with {state.available_xp} XP to spend.")
        self.refresh_view()
        if done.titan in self._row_ids:
            self.query_one(DataTable).move_cursor(row=self._row_ids.index(done.titan))

    def action_archive(self) -> None:
        """Archive the highlighted Titan, or bring an archived one back."""
        found = self.highlighted_titan()
        if found is None:
            return
        titan, state = found
        db = database(self)
        if state.archived:
            back = titan_app(self).attempt(
                lambda: actions.restore_titan(db, titan, state),
                lambda _: self.refresh_view(),
            )
            if back is not None:
                self.notify(f"{state.name} is back on the roster.")
                self.refresh_view()
            return
        done = titan_app(self).attempt(
            lambda: actions.archive_titan(db, titan, state),
            lambda _: self.refresh_view(),
        )  # only if the Titan is still as the roster shows it
        if done is not None:
            self.notify(
                f"{state.name} archived: hidden, never deleted (v shows archived Titans, "
                "x on one brings it back)."
            )
            self.refresh_view()

    def action_rename(self) -> None:
        found = self.highlighted_titan()
        if found is not None:
            rename_titan(self, *found, self._renamed)

    def action_change_player(self) -> None:
        found = self.highlighted_titan()
        if found is not None:
            change_player(self, *found, self._renamed)

    def _renamed(self, done: object) -> None:
        if isinstance(done, actions.Done):
            self.notify(done.text)
            self.refresh_view()

    @property
    def key_descriptions(self) -> dict[str, str]:
        """The key bar's names for what a key does now: v hides the archived once shown."""
        return {"toggle_archived": "Hide archived"} if self.show_archived else {}

    def action_toggle_archived(self) -> None:
        self.show_archived = not self.show_archived
        self.refresh_view()
        self.refresh_bindings()  # the key bar's "Show archived" says "Hide archived", and back

    def action_record_game(self) -> None:
        db = database(self)
        found = titan_app(self).attempt(lambda: actions.read_campaign(db, self.campaign))
        if found is None:
            return
        listed = titan_app(self).attempt(lambda: actions.titans(db, self.campaign))
        if listed is None:
            return
        if not listed:
            self.notify("Add Titans before recording a game.")
            return
        titan_app(self).open(places.RecordGame(self.campaign, found))

    def action_game_log(self) -> None:
        db = database(self)
        games = titan_app(self).attempt(lambda: actions.games(db, self.campaign))
        if games is None:
            return
        titan_app(self).open(places.GameLog(self.campaign, tuple(games)))

    def action_history(self) -> None:
        titan_app(self).open(places.History(self.campaign))

    def action_print(self) -> None:
        titan_app(self).open(places.Print(self.campaign))

    def action_export_titan(self) -> None:
        found = self.highlighted_titan()
        if found is not None:
            titan_app(self).open(places.ExportTitan(found[0]))

    def action_import_titan(self) -> None:
        titan_app(self).open(places.ImportTitan(self.campaign))

    def action_progress(self) -> None:
        titan_app(self).open(places.CampaignProgress(self.campaign))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "merge_copy":  # shown only while a sync tool's copy lies there
            return bool(self._copies)
        if action == "import_titan":  # a served tab reads no file on the host
            return not titan_app(self).served
        return True

    def action_merge_copy(self) -> None:
        """Show what merging the sync tool's copy would do (a dry run), then merge it; with
        several copies, the player first chooses which."""
        db = database(self)
        copies = actions.conflicted_copies(db)
        if not copies:
            self.notify("No copy left by a sync tool lies beside the database.")
            self.refresh_view()
            return
        if len(copies) == 1:
            self._merge(copies[0])
            return

        def chosen(copy: object) -> None:
            if isinstance(copy, Path):
                self._merge(copy)

        titan_app(self).open(places.ChooseCopy(tuple(copies)), chosen)

    def _merge(self, copy: Path, told: actions.Merged | None = None) -> None:
        """Show what merging ``copy`` would do (``told``, or a dry run now); merge it if the
        player says so and it would still do just that (the database changed meanwhile: what
        it would do now is shown instead, to be looked at)."""
        app = titan_app(self)
        db = database(self)
        if told is None:
            found = app.try_action(lambda: actions.merge_copy(db, copy, dry_run=True))
            if isinstance(found, Refusal):  # a copy that cannot be read: nothing to save
                self.notify(found.message, title="Not merged", severity="error", markup=False)
                return
            told = found
        shown = told

        def merge() -> actions.Merged | actions.MergeChanged:
            try:
                return actions.merge_copy(db, copy, shown=shown)
            except actions.MergeChanged as changed:
                return changed

        def confirmed(merge_it: object) -> None:
            if merge_it is not True:
                return
            merged = app.attempt(merge)
            if isinstance(merged, actions.MergeChanged):
                self.notify(
                    "The database changed since that was shown: here is what merging brings now.",
                    title="Not merged yet",
                    severity="warning",
                )
                self._merge(copy, merged.merged)
                return
            if merged is not None:
                kept = ", the refused ones kept beside it" if merged.refusals else ""
                undo = "the database is unchanged" if merged.unchanged else "undo takes it back"
                # every refusal: a note too long for the screen is read whole with f2
                refused = [each.line for each in merged.refusals]
                said = [f"{merged.text}; {undo}.", *refused]
                said.append(f"You may delete the copy: its changes are in the database{kept}.")
                self.notify("\n".join(said), title="Merged", markup=False)
                app.close_gone()  # a campaign the copy deleted, open here, is gone
                app.refresh_view()

        app.open(places.MergeCopy(copy.name, told), confirmed)
