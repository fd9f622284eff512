"""Worked examples: no write lands where it should not. In a served tab a printout or an
export goes to the player's browser as a download (``App.deliver_binary``) and the tab is
offered no place on the host to write; nothing is written on the host. On the desktop the app
asks before it replaces a file that is already there."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from titan_campaign import actions
from titan_campaign.cli import main
from titan_campaign.tui import places, settings
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.forms import ConfirmModal
from titan_campaign.tui.screens.printing import PrintModal
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.screens.sheet import SheetScreen
from titan_campaign.tui.screens.titan_file import ExportTitanModal
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import PRINTING, SIZE, Notes, rendered


class Deliveries:
    """What the app handed to the browser: (file name, bytes) for each download."""

    def __init__(self, app: TitanCampaignApp) -> None:
        self.files: list[tuple[str, bytes]] = []

        def deliver_binary(file: Any, *, save_filename: str | None = None, **_: Any) -> str:
            self.files.append((save_filename or "", file.read()))
            return "key"

        app.deliver_binary = deliver_binary  # type: ignore[method-assign]
        app.deliver_text = None  # type: ignore[assignment]  # one way out: binary


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder the app was started in (where a printout would go by default)."""
    folder = tmp_path / "here"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def files_in(*folders: Path) -> set[Path]:
    return {path for folder in folders for path in folder.rglob("*")}


async def test_a_served_tab_prints_a_sheet_as_a_download_and_writes_nothing_on_the_host(
    example_db: Path, here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(settings.SERVED_ENV, "1")
    before = files_in(here, example_db.parent)
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        sent = Deliveries(app)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PrintModal)
        assert not app.screen.query("#print-path")  # no place on the host to choose
        await pilot.press("ctrl+s")
        await pilot.pause(PRINTING)
        assert isinstance(app.screen, SheetScreen)
        assert "thorn-sheet.pdf" in notes.text()
    assert [name for name, _ in sent.files] == ["thorn-sheet.pdf"]
    assert sent.files[0][1].startswith(b"%PDF")
    assert files_in(here, example_db.parent) == before


async def test_a_printout_says_it_is_being_made_and_two_presses_make_one(
    example_db: Path, here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A campaign's PDF takes some seconds: the form stood still, saying nothing (the note
    came with the printout, in the same frame), and a second ctrl+s meanwhile asked for a
    second printout."""
    from textual.widgets._toast import Toast

    monkeypatch.setenv(settings.SERVED_ENV, "1")
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    shown_then: list[list[str]] = []
    making = actions.printout

    def printout(*args: Any, **kwargs: Any) -> bytes:
        shown_then.append([str(toast.render()) for toast in app.screen.query(Toast)])
        return making(*args, **kwargs)

    monkeypatch.setattr(actions, "printout", printout)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        sent = Deliveries(app)
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("ctrl+s", "ctrl+s")
        await pilot.pause(PRINTING)
    assert len(shown_then) == 1 and "Printing…" in "".join(shown_then[0])  # on screen first
    assert [name for name, _ in sent.files] == ["thorn-sheet.pdf"]


async def test_a_served_tab_exports_a_titan_as_a_download_and_writes_nothing_on_the_host(
    example_db: Path, here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(settings.SERVED_ENV, "1")
    before = files_in(here, example_db.parent)
    app = TitanCampaignApp(example_db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        sent = Deliveries(app)
        await pilot.press("e")  # Thorn is highlighted
        await pilot.pause()
        assert isinstance(app.screen, ExportTitanModal)
        assert not app.screen.query(Input)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
    assert [name for name, _ in sent.files] == ["thorn-titan.json"]
    assert "Thorn" in json.dumps(json.loads(sent.files[0][1]))
    assert files_in(here, example_db.parent) == before


async def test_on_the_desktop_printing_over_an_existing_file_asks_first(
    example_db: Path, here: Path
) -> None:
    target = here / "thorn.pdf"
    target.write_bytes(b"the printout of last week")
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        app.screen.query_one("#print-path", Input).value = str(target)
        await pilot.press("ctrl+s")
        await pilot.pause(PRINTING)
        assert isinstance(app.screen, ConfirmModal)  # replace thorn.pdf?
        await pilot.press("escape")  # no
        await pilot.pause()
        assert isinstance(app.screen, PrintModal)  # the form stays, as typed
        assert target.read_bytes() == b"the printout of last week"
        await pilot.press("ctrl+s")
        await pilot.pause(PRINTING)
        await pilot.press("y")  # yes, replace it
        await pilot.pause(PRINTING)
        assert isinstance(app.screen, SheetScreen)
    assert target.read_bytes().startswith(b"%PDF")


async def test_on_the_desktop_exporting_over_an_existing_file_asks_first(
    example_db: Path, here: Path
) -> None:
    target = here / "thorn-titan.json"
    target.write_text("an older Thorn")
    app = TitanCampaignApp(example_db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        app.screen.query_one("#titan-file", Input).value = str(target)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ExportTitanModal)
        assert target.read_text() == "an older Thorn"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
    assert json.loads(target.read_text())


def kept_file(db: Path, here: Path, kind: str) -> Path:
    """A file which no printout replaces: the database itself, or one the program wrote as
    data: a campaigns export, a Titan file or a compressed copy of the database."""
    if kind == "database":
        return db
    if kind == "backup":
        target = here / "old.json.gz"
        target.write_bytes(gzip.compress(db.read_bytes()))
        return target
    target = here / f"{kind}.json"
    command = ["export"] if kind == "export" else ["titan", "export", "Thorn"]
    assert main(["--db", str(db), *command, "-o", str(target)]) == 0
    return target


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("database", "is the campaign database"),
        ("export", "is a campaigns export"),
        ("titan", "is a Titan file"),
        ("backup", "is a campaign database"),
    ],
)
async def test_on_the_desktop_a_printout_over_a_file_it_never_replaces_is_refused_unasked(
    example_db: Path, here: Path, kind: str, said: str
) -> None:
    """The app asked "Replace the file?" and, told yes, refused: "Not saved: ... is a
    campaigns export". It refuses at once, as the command line does."""
    target = kept_file(example_db, here, kind)
    before = target.read_bytes()
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("p")
        await pilot.pause()
        app.screen.query_one("#print-path", Input).value = str(target)
        await pilot.press("ctrl+s")
        await pilot.pause(PRINTING)
        assert not isinstance(app.screen, ConfirmModal)  # never asked whether to replace it
        assert isinstance(app.screen, PrintModal)
        assert said in notes.text()
    assert target.read_bytes() == before


@pytest.mark.parametrize(("kind", "asked"), [("export", False), ("titan", True)])
async def test_on_the_desktop_a_titan_file_replaces_only_a_titan_file_and_asks_only_then(
    example_db: Path, here: Path, kind: str, asked: bool
) -> None:
    target = kept_file(example_db, here, kind)
    app = TitanCampaignApp(example_db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("e")
        await pilot.pause()
        app.screen.query_one("#titan-file", Input).value = str(target)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal) is asked
        if not asked:
            assert isinstance(app.screen, ExportTitanModal)
            assert "is a campaigns export" in notes.text()


@pytest.mark.parametrize("yes", [False, True])
async def test_on_the_desktop_printing_into_a_missing_folder_asks_to_make_it(
    example_db: Path, here: Path, yes: bool
) -> None:
    target = here / "printouts" / "thorn.pdf"
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("p")
        await pilot.pause()
        app.screen.query_one("#print-path", Input).value = str(target)
        await pilot.press("ctrl+s")
        await pilot.pause(PRINTING)
        assert isinstance(app.screen, ConfirmModal)  # make the folder printouts?
        assert "printouts" in rendered(app.screen.query_one("#question"))
        await pilot.press("y" if yes else "enter")  # Enter: the answer focused, No
        await pilot.pause(PRINTING)
        assert isinstance(app.screen, SheetScreen if yes else PrintModal)
        if not yes:  # said: the dialog closing alone looked as if it had been printed
            assert "Nothing was written: the folder was not made." in notes.text()
    assert target.parent.exists() is yes
    assert target.exists() is yes


async def test_on_the_desktop_exporting_into_a_missing_folder_asks_to_make_it(
    example_db: Path, here: Path
) -> None:
    target = here / "exports" / "thorn-titan.json"
    app = TitanCampaignApp(example_db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        app.screen.query_one("#titan-file", Input).value = str(target)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
    assert json.loads(target.read_text())


async def test_a_served_tab_offers_no_import_of_a_file_on_the_host(
    example_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game night tab cannot read files on the serving computer: the roster offers no
    Import (neither its key bar nor i), and no Titan file is read by its path there."""
    monkeypatch.setenv(settings.SERVED_ENV, "1")
    before = example_db.read_bytes()
    app = TitanCampaignApp(example_db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        assert "Import" not in rendered(app.screen.query_one(KeyBar))
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        app.open(places.ImportTitan(app.screen.campaign))  # the palette or any other way in
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        assert "reads no file on the serving computer" in notes.text()
    assert example_db.read_bytes() == before


@pytest.mark.parametrize(
    ("what", "name"),
    [
        ("game-card", "thorn-game-card.pdf"),
        ("blank", "blank-sheet.pdf"),
        ("cards", "thorn-cards.pdf"),
    ],
)
async def test_a_printout_downloaded_from_a_tab_is_named_as_the_command_line_names_it(
    example_db: Path, here: Path, monkeypatch: pytest.MonkeyPatch, what: str, name: str
) -> None:
    from textual.widgets import Select

    monkeypatch.setenv(settings.SERVED_ENV, "1")
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        sent = Deliveries(app)
        await pilot.press("p")
        await pilot.pause()
        app.screen.query_one("#print-what", Select).value = what
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause(PRINTING)
    assert [file for file, _ in sent.files] == [name]


@pytest.mark.parametrize("served", [True, False], ids=["served tab", "desktop"])
async def test_a_printout_from_the_app_says_what_prints_as_a_white_square(
    tmp_path: Path, here: Path, monkeypatch: pytest.MonkeyPatch, served: bool
) -> None:
    """The command line warned of a letter no printout font has; the app's print said only
    "Downloading" (or "Written to"), and the PDF showed a white square."""
    from .conftest import build_db

    if served:
        monkeypatch.setenv(settings.SERVED_ENV, "1")
    db = build_db(tmp_path / "c.json", 200, [("Drake 🐉", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Drake 🐉")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        Deliveries(app)
        await pilot.press("p")
        await pilot.pause()
        if not served:
            app.screen.query_one("#print-path", Input).value = str(here / "drake.pdf")
        await pilot.press("ctrl+s")
        await pilot.pause(PRINTING)
        assert isinstance(app.screen, SheetScreen)
        assert 'no letter for "🐉" (U+1F409): it prints as a white square' in notes.text()


async def test_a_file_name_too_long_for_the_system_is_refused_in_the_form_not_a_traceback(
    example_db: Path, here: Path
) -> None:
    """A name of 250 letters ended the app with a traceback (the check whether a file was
    there to replace raised); the roster's export the same."""
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        notes = Notes(app)
        await pilot.press("p")
        await pilot.pause()
        app.screen.query_one("#print-path", Input).value = str(here / ("x" * 300 + ".pdf"))
        await pilot.press("ctrl+s")
        await pilot.pause(PRINTING)
        assert isinstance(app.screen, PrintModal)  # the form stays, as typed
        assert "File name too long" in notes.text() + rendered(app.screen)
    assert app.return_code in (None, 0)


async def test_the_print_form_offers_spell_cards_only_of_a_titan_who_knows_spells(
    example_db: Path, here: Path
) -> None:
    """Bryn knows no spells: the form offered "Bryn's spell cards", and choosing it gave
    "Refused: Bryn knows no spells yet". Thorn's are offered."""
    from textual.widgets import Select

    for name, offered in (("Bryn", False), ("Thorn", True)):
        app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan=name)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("p")
            await pilot.pause()
            assert isinstance(app.screen, PrintModal)
            what = app.screen.query_one("#print-what", Select)
            choices = {str(value): str(label) for label, value in what._options}
            assert ("cards" in choices) is offered, (name, choices)
            assert f"{name}'s sheet" in choices.values()
