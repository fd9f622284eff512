"""Worked examples: undo and redo act on what the screen shows. On a Titan's sheet ctrl+z
takes back that Titan's latest change (another player's newer change in another tab stays);
on the roster it takes back the campaign's latest change, whoever it touched."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from titan_campaign import actions
from titan_campaign.rules.events import AbilityBought, GameOutcome
from titan_campaign.store import Database
from titan_campaign.tui import app as app_module
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.campaigns import CampaignsScreen

from .conftest import SIZE, Notes, build_db, named, stored


@pytest.fixture(autouse=True)
def no_live_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "POLL_SECONDS", 3600.0)


@pytest.fixture
def osk_bought_last(tmp_path: Path) -> Path:
    """Thorn bought a Power box, then Osk (in another tab) bought a Luck box."""
    return build_db(
        tmp_path / "c.json",
        200,
        [("Thorn", "Ann", [AbilityBought(ability="power")]), ("Osk", "Cy", [])],
    )


async def test_ctrl_z_on_thorns_sheet_undoes_thorns_change_not_osks_newer_one(
    osk_bought_last: Path,
) -> None:
    actions.buy_ability(Database(osk_bought_last), named(Database(osk_bought_last), "Osk"), "luck")
    app = TitanCampaignApp(osk_bought_last, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Undone (Thorn's latest change): Thorn: bought a Power box (100 XP)" in notes.text()
        assert stored(osk_bought_last, "Thorn").abilities["power"] == 0
        assert stored(osk_bought_last, "Osk").abilities["luck"] == 1  # Osk's box stays
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert (
            "Redone (Thorn's latest undone change): Thorn: bought a Power box (100 XP)"
            in notes.text()
        )
    assert stored(osk_bought_last, "Thorn").abilities["power"] == 1
    assert stored(osk_bought_last, "Osk").abilities["luck"] == 1


async def test_ctrl_z_on_thorns_sheet_never_undoes_a_game_the_other_players_played(
    osk_bought_last: Path,
) -> None:
    """A phone on Thorn's sheet pressed ctrl+z after a game for Thorn and Osk: the whole game
    was undone, and Osk lost its XP in another player's tab. From one Titan's screen a change
    of other Titans too is refused, saying where the campaign's undo is."""
    db = Database(osk_bought_last)
    crown = actions.find_campaign(db)
    thorn, osk = named(db, "Thorn"), named(db, "Osk")
    actions.record_game(
        db,
        crown,
        [
            actions.Participant(thorn, GameOutcome(result="won", score=100)),
            actions.Participant(osk, GameOutcome(result="lost")),
        ],
    )
    app = TitanCampaignApp(osk_bought_last, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert (
            '"game 1 recorded for Thorn and Osk" also changed Osk: it is not undone from'
            " Thorn's screen; the campaign's own (ctrl+z or ctrl+y on the roster) takes it whole"
        ) in notes.text()
        assert stored(osk_bought_last, "Osk").earned_xp == 50
        await pilot.press("escape")  # the roster
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Undone (the campaign's latest change): game 1 recorded for Thorn and Osk" in (
            notes.text()
        )
    assert stored(osk_bought_last, "Osk").earned_xp == 0


async def test_ctrl_z_on_the_roster_undoes_the_campaigns_latest_change_and_says_so(
    osk_bought_last: Path,
) -> None:
    actions.buy_ability(Database(osk_bought_last), named(Database(osk_bought_last), "Osk"), "luck")
    app = TitanCampaignApp(osk_bought_last, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert (
            "Undone (the campaign's latest change): Osk: bought a Luck box (100 XP)" in notes.text()
        )
    assert stored(osk_bought_last, "Osk").abilities["luck"] == 0
    assert stored(osk_bought_last, "Thorn").abilities["power"] == 1


async def test_ctrl_z_of_a_campaign_rename_on_the_roster_goes_on_under_the_old_name(
    osk_bought_last: Path,
) -> None:
    db = Database(osk_bought_last)
    actions.rename_campaign(db, actions.find_campaign(db, "Demo"), "Second Age")
    app = TitanCampaignApp(osk_bought_last, open_campaign="Second Age")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert 'Undone (the campaign\'s latest change): campaign "Demo" renamed "Second Age"' in (
            notes.text()
        )
        assert "no campaign named" not in notes.text()
        assert [c.name for c in actions.read_campaigns(Database(osk_bought_last))] == ["Demo"]
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert "no campaign named" not in notes.text()
        await pilot.press("ctrl+z")  # the roster follows the name each time
        await pilot.pause()
        assert "no campaign named" not in notes.text()
    assert [c.name for c in actions.read_campaigns(Database(osk_bought_last))] == ["Demo"]


async def to_campaign_list(app: TitanCampaignApp, pilot: Pilot[None]) -> None:
    """From the screen the app opened on (the last campaign's roster) to the campaign list."""
    await pilot.pause()
    if not isinstance(app.screen, CampaignsScreen):
        await pilot.press("escape")
        await pilot.pause()
    assert isinstance(app.screen, CampaignsScreen)


async def test_ctrl_z_on_the_campaign_list_undoes_the_highlighted_campaigns_latest_change(
    osk_bought_last: Path,
) -> None:
    app = TitanCampaignApp(osk_bought_last)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await to_campaign_list(app, pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Undone (the campaign's latest change): Osk created for Cy" in notes.text()
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert "Redone (the campaign's latest undone change): Osk created for Cy" in notes.text()
    assert stored(osk_bought_last, "Osk").name == "Osk"


async def test_a_titans_history_says_ctrl_z_undoes_that_titans_latest_change(
    osk_bought_last: Path,
) -> None:
    app = TitanCampaignApp(osk_bought_last, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        hints = [str(hint.render()) for hint in app.screen.query(".hint")]
        assert "ctrl+z undoes this Titan's latest change, ctrl+y redoes it" in hints


async def test_ctrl_z_on_the_campaign_list_right_after_a_delete_says_so_and_undoes_nothing(
    osk_bought_last: Path,
) -> None:
    db = Database(osk_bought_last)
    doomed = actions.new_campaign(db, "Side Quest", 0).ref
    actions.delete_campaign(db, doomed)
    before = osk_bought_last.read_bytes()
    app = TitanCampaignApp(osk_bought_last)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await to_campaign_list(app, pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert 'The latest change (campaign "Side Quest" deleted) cannot be undone' in notes.text()
    assert osk_bought_last.read_bytes() == before  # Osk's creation, the latest of Demo, stays
