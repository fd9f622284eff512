"""Nothing cut that cannot be reached: an ability's note cut short on its row is read whole on
the line under the boxes when the cursor is on it, at every size from 60x20 up."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign.rules.abilities import ABILITY_INFO
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.widgets.box_grid import BoxGrid

from .conftest import CAMPAIGN, rendered


@pytest.mark.parametrize("size", [(60, 20), (64, 20), (80, 24), (120, 40)])
async def test_every_ability_note_is_read_whole_with_the_cursor_on_it(
    iron_crown: Path, size: tuple[int, int]
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        grid = app.screen.query_one("#abilities", BoxGrid)
        grid.focus()
        for row in range(len(grid.rows)):
            grid.cursor = row
            await pilot.pause()
            shown = " ".join(rendered(grid).split())
            note = ABILITY_INFO[grid.rows[row].key].sheet_text
            assert note in shown, (size, note, shown)
