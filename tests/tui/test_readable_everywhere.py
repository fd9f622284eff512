"""Readable at 80x24: history lines wrap instead of running off the screen, and toasts rise
above the key bar instead of covering it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable
from textual.widgets._toast import Toast, ToastRack

from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import CAMPAIGN


async def test_history_wraps_a_long_change_within_80_columns(iron_crown: Path) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        cells = [str(getattr(table.get_row_at(i)[2], "plain", "")) for i in range(table.row_count)]
        assert any("\n" in cell for cell in cells)  # some change is long enough to wrap
        assert table.virtual_size.width <= table.size.width  # nothing runs off to the right
        words = " ".join(" ".join(cell.split()) for cell in cells)
        assert "level 4 reached: one free spell-school level to choose (R2)" in words


async def test_a_toast_never_covers_the_key_bar(iron_crown: Path) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("Thorn: 150 XP left\nsecond line\nthird line")
        await pilot.pause()
        await pilot.pause()
        bar = app.screen.query_one(KeyBar).region
        rack = app.screen.get_child_by_type(ToastRack)
        toasts = list(rack.query(Toast))
        assert toasts
        for toast in toasts:
            assert not toast.region.overlaps(bar), (toast.region, bar)
