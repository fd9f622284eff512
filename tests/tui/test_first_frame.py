"""A sheet opened at start is first drawn from the figures kept beside the Titan's history, so
its first frame needs neither pydantic nor a replay; the database is read right after."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from titan_campaign import sheet_cache
from titan_campaign.rules.events import AbilityBought
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.sheet import READING, SheetScreen

from .conftest import SIZE, build_db, rendered, stored


@pytest.fixture
def thorn_db(tmp_path: Path) -> Path:
    """Thorn has one POWER box and 100 XP to spend."""
    return build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [AbilityBought(ability="power")])])


async def test_the_first_frame_shows_the_kept_sheet_and_the_boxes_follow(
    thorn_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, str] = {}
    read = TitanCampaignApp.read_database

    def read_database(app: TitanCampaignApp) -> None:
        screen = app.screen
        if isinstance(screen, SheetScreen) and "xp" not in seen:
            assert screen.kept is not None and app.keeper is None
            seen["xp"] = rendered(screen.query_one("#sheet-xp"))
            seen["abilities"] = rendered(screen.query_one("#abilities"))
        read(app)

    monkeypatch.setattr(TitanCampaignApp, "read_database", read_database)
    app = TitanCampaignApp(thorn_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and app.screen.kept is None
        abilities = rendered(app.screen.query_one("#abilities"))
    assert re.search(r"Available:\s+100\n", seen["xp"])
    # drawn before the rules could say which box may be checked: none is offered yet
    assert "[X][·][·] POWER" in seen["abilities"] and "[ ]" not in seen["abilities"]
    assert READING in seen["abilities"]
    assert "[X][ ][·] POWER" in abilities  # the database read: the next box may be checked


async def test_without_kept_figures_the_sheet_opens_the_ordinary_way(
    thorn_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sheet_cache, "_fingerprint", "other rules")  # the kept sheets are void
    app = TitanCampaignApp(thorn_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, SheetScreen)
        assert app.keeper is not None and app.screen.kept is None
        await pilot.press("space")  # POWER's second box
        await pilot.pause()
    assert stored(thorn_db, "Thorn").abilities["power"] == 2


async def test_a_campaign_named_in_other_letters_opens_the_same_sheet(example_db: Path) -> None:
    app = TitanCampaignApp(example_db, open_campaign="demo", open_titan="thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and app.screen.kept is None
        assert "THORN" in rendered(app.screen.query_one("#sheet-title"))


async def test_a_titan_named_without_its_campaign_opens_its_sheet(tmp_path) -> None:
    from titan_campaign.cli import main
    from titan_campaign.tui.app import TitanCampaignApp
    from titan_campaign.tui.screens.sheet import SheetScreen

    db = tmp_path / "db.json"
    assert main(["--db", str(db), "campaign", "new", "Iron Crown", "--base-xp", "200"]) == 0
    assert main(["--db", str(db), "titan", "add", "Thorn", "--player", "Ann"]) == 0
    app = TitanCampaignApp(db, open_titan="thorn")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "THORN" in rendered(app.screen.query_one("#sheet-title"))
