"""Worked examples: using a charge of a magic item or removing it on the gold screen is
refused only when that same Titan changed since the screen drew it; the screen then shows the
Titan as it is now, and nothing is saved. A change to another Titan does not matter."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.store import Database
from titan_campaign.tui import app as app_module
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.gold import GoldScreen

from .conftest import SIZE, Notes, change_count, stored


@pytest.fixture(autouse=True)
def no_live_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    """The live view is slowed down, so that it cannot redraw the screen before the save:
    what these tests look at is the save's own guard."""
    monkeypatch.setattr(app_module, "POLL_SECONDS", 3600.0)


@pytest.mark.parametrize("key", ["minus", "delete"])
async def test_an_item_used_or_removed_is_refused_if_the_titan_changed_since_shown(
    example_db: Path, key: str
) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, GoldScreen)
        actions.change_gold(Database(example_db), "Bryn", 5)  # another Titan: no matter
        actions.change_gold(Database(example_db), "Thorn", 7)  # the same Titan, elsewhere
        changes = change_count(example_db)
        await pilot.press(key)
        await pilot.pause()
        assert change_count(example_db) == changes  # nothing saved
        assert stored(example_db, "Thorn").items[0].charges == 3
        assert "changed elsewhere" in notes.text()
        assert isinstance(app.screen, GoldScreen) and app.screen.state.gold == 127  # as now
        await pilot.press(key)  # asked again, as shown now: saved
        await pilot.pause()
        assert change_count(example_db) == changes + 1
