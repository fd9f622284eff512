"""Print dialog: what, format, paper and where; the printing package does the drawing.

On the desktop the printout is written where the player says (asking before a file already
there is replaced). In a served tab it goes to the player's browser as a download: the tab is
offered no place on the host, and nothing is written there."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button, Input, Label, Select

from ... import actions
from ...printing.figures import printout_name
from ...printing.kinds import KINDS
from .. import settings
from ..refusals import Refusal
from ..widgets.key_bar import KeyBar
from ..widgets.plain import plain
from .base import database, titan_app
from .forms import BACK, FormBox, FormModal, ask_to_replace, save_file, save_or_cancel

PAPERS = ("a4", "letter")
UNPAGED = ("text", "json")
SUFFIXES = {"text": "txt", "json": "json", "html": "html", "pdf": "pdf", "svg": "svg"}


def formats_for(what: str) -> tuple[str, ...]:
    """The formats the printing package offers for a printout (pdf first)."""
    offered = KINDS[what]
    return tuple(sorted(offered, key=lambda f: (f != "pdf", offered.index(f))))


PAINTED = 0.1
"""Seconds given to the "Printing…" note to be drawn before the printout holds the app."""


class PrintModal(FormModal):
    BINDINGS: ClassVar[list[BindingType]] = [
        BACK,
        Binding("ctrl+s", "print_now", "Print", id="print.go"),
    ]

    def __init__(self, campaign: actions.CampaignRef, titan: actions.TitanRef | None) -> None:
        """Printouts of ``campaign``, or of one of its Titans."""
        super().__init__()
        self.campaign = campaign
        self.titan = titan
        self.campaign_name = ""  # the names as read when the form opens (files are named so)
        self.titan_name = ""
        self.knows_spells = False  # the Titan's spell cards are offered only then
        self._offered = ""  # the place to save to as last offered (not typed by the player)
        self.busy = False  # a printout is being made

    def campaign_in_view(self) -> actions.CampaignRef | None:
        return self.campaign

    def titan_in_view(self) -> actions.TitanRef | None:
        return self.titan

    def _read_names(self) -> None:
        db, titan = database(self), self.titan
        if titan is not None:
            view = titan_app(self).attempt(lambda: actions.read_titan(db, titan))
            if view is not None:
                self.campaign_name, self.titan_name = view.campaign, view.state.name
                self.knows_spells = bool(view.state.spells)
            return
        found = titan_app(self).attempt(lambda: actions.read_campaign(db, self.campaign))
        if found is not None:
            self.campaign_name = found.name

    def _what_choices(self) -> list[tuple[str, str]]:
        if self.titan is None:
            return [
                ("every active Titan's sheet", "campaign"),
                ("all 72 spell cards", "cards"),
                ("blank sheet", "blank"),
            ]
        name = self.titan_name
        cards = [(f"{name}'s spell cards", "cards")] if self.knows_spells else []
        return [
            (f"{name}'s sheet", "sheet"),
            *cards,  # none to print of a Titan who knows no spells yet
            (f"{name}'s game-night card", "game-card"),
            ("blank sheet", "blank"),
        ]

    def compose(self) -> ComposeResult:
        self._read_names()
        choices = self._what_choices()
        with FormBox(classes="form"):
            yield Label("Print", classes="form-title")
            yield Label("What")
            yield Select(
                [(plain(label), value) for label, value in choices],
                value=choices[0][1],
                allow_blank=False,
                id="print-what",
                compact=True,
            )
            yield Label("Format")
            formats = formats_for(choices[0][1])
            yield Select(
                [(f, f) for f in formats],
                value=formats[0],
                allow_blank=False,
                id="print-format",
                compact=True,
            )
            yield Label("Paper", id="paper-label")
            yield Select(
                [(p, p) for p in PAPERS],
                value="a4",
                allow_blank=False,
                id="print-paper",
                compact=True,
            )
            if titan_app(self).served:
                yield Label("The printout downloads in your browser.", classes="hint")
                yield save_or_cancel("Download", "print-go")
            else:
                self._offered = self._default_path(choices[0][1], formats[0])
                with Horizontal(classes="field-row framed"):
                    yield Label("Save to")
                    yield Input(self._offered, id="print-path")
                yield save_or_cancel("Print", "print-go")
        yield KeyBar()

    def _file_name(self, what: str, fmt: str) -> str:
        titan = self.titan_name if self.titan is not None else ""
        return printout_name(what, SUFFIXES.get(fmt, fmt), titan, self.campaign_name)

    def _default_path(self, what: str, fmt: str) -> str:
        """The printout's name in the folder printed to last (if it is still there), else in
        the one the app was started in."""
        folder = settings.load_settings(titan_app(self).settings_path).print_folder
        if folder is None or not Path(folder).is_dir():
            folder = os.getcwd()
        return str(Path(folder) / self._file_name(what, fmt))

    def on_select_changed(self, event: Select.Changed) -> None:
        what = str(self.query_one("#print-what", Select).value)
        format_select = self.query_one("#print-format", Select)
        if event.select.id == "print-what":  # the format chosen stays, where it is offered
            chosen, formats = format_select.value, formats_for(what)
            format_select.set_options([(f, f) for f in formats])
            format_select.value = chosen if chosen in formats else formats[0]
        fmt = str(format_select.value)
        on_paper = fmt not in UNPAGED  # a text or JSON file has no paper size
        self.query_one("#print-paper").display = on_paper
        self.query_one("#paper-label").display = on_paper
        for path in self.query("#print-path").results(Input):
            path.value = self._path_for(path.value, what, fmt)
            self._offered = self._default_path(what, fmt)

    def _path_for(self, typed: str, what: str, fmt: str) -> str:
        """The place to save to once the printout or its format changes: the new default
        while the one offered is untouched; else what the player typed, kept, with its
        printout suffix (if it has one) made the new format's."""
        if typed == self._offered:
            return self._default_path(what, fmt)
        file = Path(typed)
        if file.suffix[1:] in SUFFIXES.values() and file.stem:
            return str(file.with_suffix(f".{SUFFIXES.get(fmt, fmt)}"))
        return typed

    @on(Input.Submitted)
    @on(Button.Pressed, "#print-go")
    def action_print_now(self) -> None:
        what = str(self.query_one("#print-what", Select).value)
        fmt = str(self.query_one("#print-format", Select).value)
        paper = str(self.query_one("#print-paper", Select).value)
        titan = self.titan if what != "blank" else None
        db = database(self)
        app = titan_app(self)

        def warn() -> None:  # as the command line warns: what the printout cannot show
            for warning in (
                app.attempt(lambda: actions.printout_warnings(db, what, fmt, self.campaign, titan))
                or ()
            ):
                app.notify(warning, title="Printed, but", severity="warning", markup=False)

        if app.served:

            def download() -> None:
                made = app.attempt(
                    lambda: actions.printout(db, what, fmt, paper, self.campaign, titan)
                )
                if made is not None:
                    name = self._file_name(what, fmt)
                    app.download(name, made)
                    warn()
                    self.dismiss(name)

            self._printing(download)
            return
        typed = self.query_one("#print-path", Input).value.strip()
        if not typed:
            self.notify(
                f"Type the file to save the printout in, e.g. {self._default_path(what, fmt)}",
                title="Not printed",
                severity="warning",
                markup=False,
            )
            return
        path = Path(typed).expanduser()

        def written(file: Path) -> None:
            self.notify(f"Written to {os.path.abspath(file)}", title="Printed", markup=False)
            folder = os.path.dirname(os.path.abspath(file))
            settings.remembered(app.settings_path, print_folder=folder)
            warn()
            self.dismiss(str(file))

        def refused(refusal: Refusal) -> None:
            self.notify(refusal.message, title=refusal.title, severity="warning", markup=False)

        def write() -> None:
            save_file(
                self,
                lambda make_folder: actions.print_to_file(
                    db, what, fmt, paper, path, self.campaign, titan, make_folder=make_folder
                ),
                written,
                refused,
            )

        ask_to_replace(self, path, lambda: self._printing(write))

    def _printing(self, work: Callable[[], None]) -> None:
        """``work`` once a note says the printout is being made (a campaign's PDF takes some
        seconds, the first on a computer more: the form stood still, saying nothing)."""
        if self.busy:
            return  # pressed again while it prints: one printout
        self.busy = True
        self.notify("Printing…", timeout=2)

        def done() -> None:
            try:
                work()
            finally:
                self.busy = False

        self.set_timer(PAINTED, done)  # the note drawn first: the work holds the screen still
