"""A double-click whose first click opens a screen acts on nothing of that screen: the
terminal's presses and releases go through the app as a terminal sends them (a test pilot's
clicks skip the app's own handling of them)."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import DataTable

from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.screens.sheet import SheetScreen
from titan_campaign.tui.widgets.box_grid import BoxGrid

from .conftest import SIZE, build_db, stored


def _press_and_release(app: TitanCampaignApp, x: int, y: int) -> None:
    for kind in (events.MouseDown, events.MouseUp):
        app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))


async def test_a_double_click_on_a_roster_row_opens_the_sheet_and_checks_no_box(
    tmp_path: Path,
) -> None:
    """The first click opened Kel's sheet (her row was highlighted); the second landed on the
    sheet, which had come to lie under the pointer, and bought a Power box with her 100 XP."""
    titans = [(name, "Ann", []) for name in ("Thorn", "Mira", "Osk", "Kel")]
    db = build_db(tmp_path / "campaigns.json", 100, titans)
    app = TitanCampaignApp(db, open_campaign="Demo")
    app.CLICK_CHAIN_TIME_THRESHOLD = 30  # a busy machine's double-click is a double-click too
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, RosterScreen)
        table = app.screen.query_one(DataTable)
        table.move_cursor(row=3)  # Kel's row, highlighted: one click opens her sheet
        await pilot.pause()
        x, y = 4, table.region.y + 1 + 3  # below the headings, the fourth row
        _press_and_release(app, x, y)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        clicked, _ = app.screen.get_widget_at(x, y)  # what the second click lands on
        assert isinstance(clicked, BoxGrid) and clicked.id == "abilities", clicked
        _press_and_release(app, x, y)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
    assert stored(db, "Kel").available_xp == 100
