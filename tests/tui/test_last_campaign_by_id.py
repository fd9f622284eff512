"""The app reopens the campaign opened last, held by its id: a campaign renamed elsewhere
meanwhile is still reopened, and another campaign that took its former name is not. An older
settings file that holds the campaign's name is honoured once, then rewritten by id."""

from __future__ import annotations

import json
from pathlib import Path

from titan_campaign import actions
from titan_campaign.store import Database
from titan_campaign.tui import settings
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.campaigns import CampaignsScreen
from titan_campaign.tui.screens.roster import RosterScreen

from .conftest import SIZE, build_db


async def reopened(db: Path) -> actions.CampaignRef | None:
    """The campaign whose roster the app opens on by itself (None: the campaign list)."""
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        return screen.campaign if isinstance(screen, RosterScreen) else None


async def test_a_campaign_renamed_elsewhere_is_reopened_and_not_one_that_took_its_name(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    demo = actions.find_campaign(Database(db), "Demo")
    other = actions.new_campaign(Database(db), "Side Quest", 0).ref
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
    shell = Database(db)  # another shell, while the app is closed
    actions.rename_campaign(shell, demo, "Second Age")
    actions.rename_campaign(shell, other, "Demo")  # another campaign takes the former name
    assert await reopened(db) == demo
    assert actions.read_campaign(Database(db), demo).name == "Second Age"


async def test_an_older_settings_file_naming_the_campaign_is_honoured_once_then_kept_by_id(
    tmp_path: Path, own_settings: Path
) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    demo = actions.find_campaign(Database(db), "Demo")
    own_settings.parent.mkdir(parents=True, exist_ok=True)
    own_settings.write_text(json.dumps({"theme": "nord", "last_campaign": "Demo"}))
    assert await reopened(db) == demo  # the name honoured
    kept = json.loads(own_settings.read_text())
    assert kept == {"theme": "nord", "last_campaign_id": demo.id}  # rewritten by id
    actions.rename_campaign(Database(db), demo, "Second Age")
    assert await reopened(db) == demo


async def test_a_deleted_campaign_is_not_reopened(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    demo = actions.find_campaign(Database(db), "Demo")
    settings.remembered(last_campaign_id=demo.id)
    actions.new_campaign(Database(db), "Side Quest", 0)
    actions.delete_campaign(Database(db), demo)
    assert await reopened(db) is None


async def test_back_from_a_campaign_just_made_the_list_highlights_it(tmp_path: Path) -> None:
    """The list kept the highlight where it was before ``n`` (Enter opened another campaign)."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    actions.new_campaign(Database(db), "Side Quest", 0)
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        await pilot.press("down", "n", *"Third")  # Side Quest highlighted, then n
        await pilot.press("tab", "0", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        made = app.screen.campaign
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        assert app.screen.highlighted_campaign() == made
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen) and app.screen.campaign == made


async def test_a_mistyped_titan_at_start_opens_the_campaign_kept_and_keeps_it(
    tmp_path: Path,
) -> None:
    """``titan-campaign --titan Thron`` fell back to the campaign list, which forgot the
    campaign to reopen: the next start opened on the list too."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    demo = actions.find_campaign(Database(db), "Demo")
    actions.new_campaign(Database(db), "Side Quest", 0)
    settings.remembered(last_campaign_id=demo.id)
    app = TitanCampaignApp(db, open_titan="Thron")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen) and app.screen.campaign == demo
    assert await reopened(db) == demo
