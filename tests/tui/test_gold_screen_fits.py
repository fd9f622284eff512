"""The gold and items screen at 80x24 and 60x20: an item's whole description is read in its
row (wrapped), and the heading saying what - and del do wraps instead of being cut."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from titan_campaign.rules.events import ItemAdded, ItemFacts
from titan_campaign.tui.app import TitanCampaignApp

from .conftest import build_db, rendered

CLOAK = (
    "Once per game, the legion wearing it may leave a battle before the first strike, "
    "as if it had fled, without giving the enemy any points for it."
)


@pytest.fixture
def cloak_db(tmp_path: Path) -> Path:
    cloak = ItemAdded(item=ItemFacts(name="Cloak of Retreat", description=CLOAK))
    return build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [cloak])])


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_an_items_description_is_read_whole_within_the_screen(
    cloak_db: Path, size: tuple[int, int]
) -> None:
    app = TitanCampaignApp(cloak_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=size) as pilot:
        await pilot.press("m")
        await pilot.pause()
        table = app.screen.query_one("#items", DataTable)
        cell = table.get_row_at(0)[4]
        assert " ".join(str(getattr(cell, "plain", cell)).split()) == CLOAK
        assert table.virtual_size.width <= table.size.width  # nothing off to the right
        heading = app.screen.query_one("#items-heading")
        assert "del: remove it" in " ".join(rendered(heading).split())
        assert heading.region.right <= size[0]
