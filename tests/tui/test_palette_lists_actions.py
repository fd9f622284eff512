"""The command palette lists every action of the screen in view and of the app, by name, and
none of a list's cursor keys."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandPalette

from titan_campaign.tui.app import TitanCampaignApp

from .conftest import CAMPAIGN

NAVIGATION = ("Cursor up", "Cursor down", "Page up", "Page down", "Top", "Bottom", "Up", "Down")


async def palette_entries(app: TitanCampaignApp, pilot: object) -> list[str]:
    await pilot.press("ctrl+p")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.pause(0.3)  # type: ignore[attr-defined]
    palette = app.screen
    assert isinstance(palette, CommandPalette)
    options = palette.query_one("CommandList")
    return [str(option.prompt).split("\n")[0] for option in options._options]  # type: ignore[attr-defined]


async def test_the_roster_palette_names_the_screens_and_the_apps_actions(iron_crown: Path) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        entries = await palette_entries(app, pilot)
    for action in ("Record game", "Add Titan", "Game log", "Undo", "Redo", "Reference", "Quit"):
        assert any(entry.startswith(action) for entry in entries), (action, entries)
    assert not [entry for entry in entries if entry in NAVIGATION]


async def test_the_sheet_palette_has_no_cursor_keys_of_the_box_grid(iron_crown: Path) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        entries = await palette_entries(app, pilot)
    assert any(entry.startswith("Undo") for entry in entries)
    assert not [entry for entry in entries if entry in NAVIGATION]
    assert len(entries) == len(set(entries))  # each action once


async def test_a_forms_palette_offers_quit_and_the_notes(iron_crown: Path) -> None:
    """In the game form, a search for "quit" in the palette found nothing, though the README
    lists the palette's Quit beside q and ctrl+q."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        entries = await palette_entries(app, pilot)
    assert any(entry.startswith("Quit") for entry in entries), entries
    assert any(entry.startswith("Notes") for entry in entries), entries
