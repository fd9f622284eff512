"""A portable Titan in the app: export one Titan with its whole history to a file, or import
a Titan file into this campaign (``actions.export_titan`` / ``actions.import_titan``).

A refusal shows in the form, which stays open with everything typed; nothing closes on error.
On the desktop an export asks before it replaces a file already there; in a served tab it goes
to the player's browser as a download and nothing is written on the host.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button, Input, Label, Static

from ... import actions
from ...printing.figures import file_stem
from ...rules.facts import ShapeError
from ...rules.titan import TitanState
from ..refusals import REFUSED, refusal_of
from ..upright import KeyButton
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import OneTitan, database, titan_app
from .forms import BACK, FormBox, FormModal, ask_to_replace, save_file


def default_titan_file(titan: str) -> Path:
    """``<name>-titan.json`` in the current folder, named as printouts are (``thorn-...``)."""
    return Path.cwd() / f"{file_stem(titan)}-titan.json"


def refusal(error: Exception) -> str:
    """What the player reads when the file cannot be written or read (a refused event says
    which event and field, in a player's words)."""
    if isinstance(error, ValidationError):
        error = ShapeError.of(error)
    if isinstance(error, ShapeError):
        return str(error)
    return refusal_of(error).message


class _FileModal(FormModal):
    """A form with a problem line under its fields (hidden while there is none)."""

    def show_problem(self, problem: str) -> None:
        shown = self.query_one("#file-problem", Static)
        shown.update(plain(problem))
        shown.display = True

    def on_mount(self) -> None:
        self.query_one("#file-problem", Static).display = False
        for field in self.query(Input).results(Input):
            field.focus()
            break


class ExportTitanModal(OneTitan, _FileModal):
    """Write the Titan and its whole history to a file another campaign can import."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "export", "Export", id="titan_export.go"),
    ]

    def compose(self) -> ComposeResult:
        state = self.read_state()
        self.titan_name = state.name if state is not None else ""
        with FormBox(classes="form"):
            yield Label(plain(f"Export {self.titan_name} to a file"), classes="form-title")
            if titan_app(self).served:
                yield Label("The file downloads in your browser.", classes="hint")
            else:
                yield Label("Save to")
                yield Input(str(default_titan_file(self.titan_name)), id="titan-file")
            yield Static("", id="file-problem", classes="field-error")
            with Horizontal(classes="buttons"):
                yield KeyButton("Export", "ctrl+s", "primary", id="export")
                yield Button("Cancel", id="cancel")
        yield KeyBar()

    @on(Input.Submitted)
    @on(Button.Pressed, "#export")
    def action_export(self) -> None:
        if titan_app(self).served:
            self._download()
            return
        typed = self.query_one("#titan-file", Input).value.strip()
        if not typed:
            self.show_problem("Say where to save the file.")
            return
        path = Path(typed).expanduser()
        ask_to_replace(self, path, lambda: self._write(path), titan_file=True)

    def _write(self, path: Path) -> None:
        def written(state: TitanState) -> None:
            self.notify(
                f"{state.name} and the whole history written to {path}; import it into another "
                "campaign with i on its roster.",
                title="Exported",
                markup=False,
            )
            self.dismiss(str(path))

        save_file(
            self,
            lambda make_folder: actions.export_titan(
                self.db, self.titan, path, make_folder=make_folder
            ),
            written,
            lambda refused: self.show_problem(refused.message),
        )

    def _download(self) -> None:
        try:
            state, content = actions.titan_export(self.db, self.titan)
        except REFUSED as error:
            self.show_problem(refusal(error))
            return
        name = default_titan_file(state.name).name
        titan_app(self).download(name, content)
        self.dismiss(name)


class ImportTitanModal(_FileModal):
    """Bring an exported Titan into this campaign, every event judged again by the rules."""

    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "import_titan", "Import", id="titan_import.go"),
    ]

    def __init__(self, campaign: actions.CampaignRef) -> None:
        super().__init__()
        self.campaign = campaign

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.campaign

    def compose(self) -> ComposeResult:
        db = database(self)
        found = titan_app(self).attempt(lambda: actions.read_campaign(db, self.campaign))
        named = found.name if found is not None else ""
        with FormBox(classes="form"):
            yield Label(plain(f"Import a Titan into {named}"), classes="form-title")
            yield Label("Titan file")
            yield Input(placeholder="e.g. thorn-titan.json", id="titan-file")
            yield Label("New name (leave empty to keep the Titan's name)")
            yield Input(placeholder="optional", id="titan-new-name")
            yield Static("", id="file-problem", classes="field-error")
            with Horizontal(classes="buttons"):
                yield KeyButton("Import", "ctrl+s", "primary", id="import")
                yield Button("Cancel", id="cancel")
        yield KeyBar()

    @on(Input.Submitted, "#titan-file")
    def next_field(self) -> None:
        self.query_one("#titan-new-name", Input).focus()

    @on(Input.Submitted, "#titan-new-name")
    @on(Button.Pressed, "#import")
    def action_import_titan(self) -> None:
        typed = self.query_one("#titan-file", Input).value.strip()
        if not typed:
            self.show_problem("Name the Titan file to import.")
            return
        name = self.query_one("#titan-new-name", Input).value.strip() or None
        try:
            done = actions.import_titan(
                database(self), Path(typed).expanduser(), self.campaign, name
            )
        except REFUSED as error:
            self.show_problem(refusal(error))
            return
        archived = done.state.archived
        hidden = f"\n{done.state.name} is archived: v shows archived Titans, x brings one back."
        self.notify(done.text + (hidden if archived else ""), title="Imported")
        self.dismiss(done.state.name)
