"""Game night in the browser: a printout or an export made in a tab arrives in that player's
browser as a download, and nothing is written on the host (not in the folder serve runs in,
not in its ~/Downloads, not beside the database); only the program's own cache of fonts
may fill."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .conftest import STEP_SECONDS, GameNight, Tab, start_game_night

pytestmark = pytest.mark.slow

OpenTab = Callable[[str], Tab]


def program_cache(folder: Path) -> Path:
    """The program's own cache folder in the home beside ``folder`` (see the fixture): cut
    fonts and their facts, which a printout may fill; never a printout or a player's file."""
    return folder.parent / "home" / ".cache" / "titan-campaign"


def host_files(*folders: Path) -> dict[Path, bytes]:
    cache = program_cache(folders[0])
    return {
        path: path.read_bytes()
        for folder in folders
        for path in folder.rglob("*")
        if path.is_file() and not path.is_relative_to(cache)
    }


def only_fonts_in(cache: Path, printout: bytes) -> None:
    """What a printout left in the program's cache folder is fonts: facts (JSON) and cut
    fonts (TrueType), none of them the printout."""
    for path in cache.rglob("*"):
        if path.is_file():
            assert path.parent.name in {"font-facts", "font-subsets"}, path
            content = path.read_bytes()
            assert content != printout and not content.startswith(b"%PDF"), path


@pytest.fixture
def night_in_a_folder(
    campaign_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[GameNight, Path]]:
    """serve started in a folder of its own, where a printout would land by default, with a
    home folder of its own (where ~/Downloads is), both beside the database."""
    folder = tmp_path / "where-serve-runs"
    folder.mkdir()
    monkeypatch.chdir(folder)
    home = tmp_path / "home"
    (home / "Downloads").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DOWNLOAD_DIR"):
        monkeypatch.delenv(variable, raising=False)
    night = start_game_night(campaign_db)
    try:
        yield night, folder
    finally:
        if night.process.poll() is None:
            night.process.kill()
            night.process.wait(timeout=STEP_SECONDS)


def test_a_sheet_printed_in_a_tab_arrives_as_a_download_and_nothing_lands_on_the_host(
    night_in_a_folder: tuple[GameNight, Path],
    open_tab: OpenTab,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    night, folder = night_in_a_folder
    thorn = open_tab(night.url + "?titan=Thorn")
    thorn.wait_for(r"THORN\s+player Ann", "Thorn's sheet")
    before = host_files(folder, night.db.parent)

    thorn.page.locator(".xterm-helper-textarea").focus()  # keys go to the terminal
    thorn.page.keyboard.press("p")
    thorn.wait_for(r"downloads in your browser", "the print form of a tab")
    assert "Save to" not in thorn.text
    with thorn.page.expect_download(timeout=STEP_SECONDS * 1000) as arriving:
        thorn.click_text(r"Download \(ctrl\+s\)")
    download = arriving.value
    assert download.suggested_filename == "thorn-sheet.pdf"
    received = tmp_path_factory.mktemp("phone") / download.suggested_filename
    download.save_as(received)
    assert received.read_bytes().startswith(b"%PDF")

    thorn.wait_for(r"THORN\s+player Ann", "back on the sheet")
    assert host_files(folder, night.db.parent) == before
    only_fonts_in(program_cache(folder), received.read_bytes())


def test_a_titan_exported_in_a_tab_arrives_as_a_download(
    night_in_a_folder: tuple[GameNight, Path],
    open_tab: OpenTab,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    night, folder = night_in_a_folder
    roster = open_tab(night.url + "?campaign=Iron%20Crown")
    roster.wait_for(r"Thorn\s+Ann")
    before = host_files(folder, night.db.parent)

    roster.page.locator(".xterm-helper-textarea").focus()
    roster.page.keyboard.press("e")
    roster.wait_for(r"downloads in your browser", "the export form of a tab")
    with roster.page.expect_download(timeout=STEP_SECONDS * 1000) as arriving:
        roster.click_text(r"Export \(ctrl\+s\)")
    download = arriving.value
    assert download.suggested_filename == "thorn-titan.json"
    received = tmp_path_factory.mktemp("phone") / download.suggested_filename
    download.save_as(received)
    assert '"titan": "Thorn"' in received.read_text()
    assert host_files(folder, night.db.parent) == before


def test_a_screenshot_taken_from_the_palette_in_a_tab_arrives_as_a_download(
    night_in_a_folder: tuple[GameNight, Path],
    open_tab: OpenTab,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    night, folder = night_in_a_folder
    thorn = open_tab(night.url + "?titan=Thorn")
    thorn.wait_for(r"THORN\s+player Ann", "Thorn's sheet")
    before = host_files(folder, night.db.parent)

    thorn.page.locator(".xterm-helper-textarea").focus()
    thorn.page.keyboard.press("Control+p")
    thorn.page.keyboard.type("Screensh")
    thorn.wait_for(r"Save an SVG", "the palette's Screenshot")
    with thorn.page.expect_download(timeout=STEP_SECONDS * 1000) as arriving:
        thorn.page.keyboard.press("Enter")
    download = arriving.value
    assert download.suggested_filename.endswith(".svg")
    thorn.wait_for(re.escape(f"{download.suggested_filename} is sent to"), "the note saying so")
    received = tmp_path_factory.mktemp("phone") / download.suggested_filename
    download.save_as(received)
    assert "<svg" in received.read_text()
    # no other browser tab shows the picture (a phone's pop-up blocker stopped that one)
    assert not [page for page in thorn.page.context.pages if "/download/" in page.url]
    assert host_files(folder, night.db.parent) == before
