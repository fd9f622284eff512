"""The gold and items screen from 80x24 down to 40 columns (a terminal split in two): an item's
whole description and a ledger line's whole note are read in their rows (wrapped), and the
heading saying what - and del do wraps instead of being cut."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.widgets import DataTable

from titan_campaign import actions
from titan_campaign.rules.events import GoldChanged, ItemAdded, ItemFacts
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp

from .conftest import build_db, rendered, screen_text

CLOAK = (
    "Once per game, the legion wearing it may leave a battle before the first strike, "
    "as if it had fled, without giving the enemy any points for it."
)
LOOT = "Sold the spare Griffon saddle and the dwarven lantern to the Ranger at the river ford"


@pytest.fixture
def cloak_db(tmp_path: Path) -> Path:
    cloak = ItemAdded(item=ItemFacts(name="Cloak of Retreat", description=CLOAK))
    loot = GoldChanged(amount=35, note=LOOT)
    return build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [cloak, loot])])


def row_text(table: DataTable[object]) -> str:
    """The words of the table's first row, whatever cell holds them."""
    cells = [str(getattr(cell, "plain", cell)) for cell in table.get_row_at(0)]
    return " ".join(" ".join(cells).split())


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (50, 24), (40, 24)])
async def test_an_items_description_is_read_whole_within_the_screen(
    cloak_db: Path, size: tuple[int, int]
) -> None:
    app = TitanCampaignApp(cloak_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=size) as pilot:
        await pilot.press("m")
        await pilot.pause()
        for table, said in (("#items", CLOAK), ("#ledger", LOOT)):
            shown = app.screen.query_one(table, DataTable)
            assert said in row_text(shown), size
            assert shown.virtual_size.width <= shown.size.width, size  # nothing off to the right
        heading = app.screen.query_one("#items-heading")
        assert "del: remove it" in " ".join(rendered(heading).split())
        assert heading.region.right <= size[0]


async def test_the_purse_stays_in_view_when_a_long_ledger_scrolls_at_80x24(
    example_db: Path,
) -> None:
    db = Database(example_db)
    thorn = actions.find_titan(db, "Thorn")
    for amount in range(1, 13):
        actions.change_gold(db, thorn, amount, f"loot {amount}")
    for item in ("Helm of Dread", "Lucky Stone", "Cloak of Shadows"):
        actions.add_item(db, thorn, item, description="Glows faintly in the dark.")
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        scroll = app.screen.query_one(VerticalScroll)
        scroll.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert scroll.scroll_y > 0, screen_text(app)  # the ledger is longer than the screen
        assert "THORN: GOLD" in screen_text(app).splitlines()[0]


async def test_removing_a_long_named_item_gives_the_descriptions_their_room_back(
    cloak_db: Path,
) -> None:
    """The item column stayed as wide as a long name removed: the description column shrank
    to its narrowest, and its words broke ("non-magica" / "l")."""
    db = Database(cloak_db)
    thorn = actions.find_titan(db, "Thorn")
    long_name = "Ring of the Seven Rivers"
    actions.add_item(db, thorn, long_name)
    app = TitanCampaignApp(cloak_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        items = app.screen.query_one("#items", DataTable)
        narrow = items.columns["description"].width  # type: ignore[index]
        actions.remove_item(db, thorn, long_name)
        for _ in range(100):  # the live view redraws it (its own watcher, within 2 s)
            await pilot.pause(0.1)
            if items.columns["description"].width > narrow:  # type: ignore[index]
                break
        widths = {str(c.label): c.get_render_width(items) for c in items.columns.values()}
        assert widths["item"] < len(long_name)
        assert items.columns["description"].width > narrow  # type: ignore[index]
