"""``titan-campaign --titan NAME`` opens straight on the Titan's sheet: the sheet is the first
screen shown (no campaign list or roster drawn before it), with the boxes the rules allow."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.screen import Screen

from titan_campaign import actions
from titan_campaign.cli import main
from titan_campaign.rules.events import AbilityBought
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.campaigns import CampaignsScreen
from titan_campaign.tui.screens.problem import ProblemScreen
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.screens.sheet import SheetScreen

from .conftest import SIZE, Notes, build_db, rendered, stored


@pytest.fixture
def thorn_db(tmp_path: Path) -> Path:
    """Thorn has one POWER box and 100 XP to spend."""
    return build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [AbilityBought(ability="power")])])


async def test_the_sheet_is_the_first_screen_and_its_first_frame_shows_the_titan(
    thorn_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pushed: list[Screen[object]] = []
    push = TitanCampaignApp.push_screen

    def push_screen(app: TitanCampaignApp, screen: Screen[object], *args: object) -> object:
        pushed.append(screen)
        return push(app, screen, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(TitanCampaignApp, "push_screen", push_screen)
    app = TitanCampaignApp(thorn_db, open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [type(screen) for screen in pushed] == [SheetScreen]
        abilities = rendered(app.screen.query_one("#abilities"))
        xp = rendered(app.screen.query_one("#sheet-xp"))
    assert re.search(r"Available:\s+100\n", xp)
    assert "[X][ ][·] POWER" in abilities  # the next box may be checked at once


async def test_the_sheet_opened_at_start_buys_a_box_at_once(thorn_db: Path) -> None:
    app = TitanCampaignApp(thorn_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")  # POWER's second box
        await pilot.pause()
    assert stored(thorn_db, "Thorn").abilities["power"] == 2


async def test_a_campaign_named_in_other_letters_opens_the_same_sheet(example_db: Path) -> None:
    app = TitanCampaignApp(example_db, open_campaign="demo", open_titan="thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "THORN" in rendered(app.screen.query_one("#sheet-title"))


async def test_a_titan_named_without_its_campaign_opens_its_sheet(tmp_path: Path) -> None:
    db = tmp_path / "db.json"
    assert main(["--db", str(db), "campaign", "new", "Iron Crown", "--base-xp", "200"]) == 0
    assert main(["--db", str(db), "titan", "add", "Thorn", "--player", "Ann"]) == 0
    app = TitanCampaignApp(db, open_titan="thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "THORN" in rendered(app.screen.query_one("#sheet-title"))


async def test_an_unknown_titan_is_said_and_its_campaign_opens_instead(thorn_db: Path) -> None:
    app = TitanCampaignApp(thorn_db, open_campaign="Demo", open_titan="Mira")
    notes = Notes(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
    assert 'no Titan named "Mira"' in notes.text()


async def test_an_unknown_titan_without_a_campaign_opens_the_campaign_list(
    thorn_db: Path,
) -> None:
    actions.new_campaign(Database(thorn_db), "Other", 0)
    app = TitanCampaignApp(thorn_db, open_titan="Mira")
    notes = Notes(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
    assert 'no Titan named "Mira"' in notes.text()


async def test_a_damaged_database_is_said_once_and_left_untouched(tmp_path: Path) -> None:
    damaged = tmp_path / "c.json"
    damaged.write_text("not json")
    app = TitanCampaignApp(damaged, open_titan="Thorn")
    notes = Notes(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen)
        assert "is not a campaign database: it is not JSON" in rendered(
            app.screen.query_one("#problem")
        )
    assert notes.messages == []  # said on the screen, not again in a notification
    assert damaged.read_text() == "not json"
