"""Worked example: the game form is filled in with the mouse as well as with the keys. A click
on a result says won (a second click: lost); a click on a field, a Titan's score or the
scenario award that naming a scenario adds, puts the typing there; a click on a Titan's tick
takes it out of the game."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.widgets.result_pick import ResultPick

from .conftest import SIZE, build_db, stored
from .test_game_flows import award


async def test_a_game_recorded_by_clicks_and_typing_saves_what_the_previews_said(
    tmp_path: Path,
) -> None:
    titans = [("Thorn", "Ann", []), ("Bryn", "Bob", []), ("Mira", "Cy", [])]
    db = build_db(tmp_path / "c.json", 200, titans)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await pilot.click("#titan-1 #result")
        await pilot.click("#titan-2 #result")
        await pilot.click("#titan-2 #result")  # a second click: lost
        await pilot.click("#titan-2 #score")
        await pilot.press(*"120")
        await pilot.click("#scenario")
        await pilot.press(*"Tower siege")
        await pilot.pause()
        await pilot.click("#titan-1 #scenario_award")
        await pilot.press(*"150")
        await pilot.click("#titan-3 #takes-part")
        await pilot.pause()
        assert app.screen.query_one("#titan-1 #scenario_award", Input).value == "150"
        assert "scenario award, replacing the standard one: 150 = 150" in award(pilot, 1)
        assert "game lost: 50 + score 120 / 10: 12 = 62" in award(pilot, 2)
        assert "Mira: not taking part" in award(pilot, 3)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
    assert stored(db, "Thorn").earned_xp == 150 and stored(db, "Bryn").earned_xp == 62
    assert stored(db, "Mira").games == ()


async def test_scenario_xp_without_a_scenario_is_said_in_its_row_not_previewed(
    tmp_path: Path,
) -> None:
    """Scenario XP typed with no scenario named was previewed as earned ("won → 447 XP"),
    then refused on ctrl+s."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await pilot.click("#titan-1 #scenario_xp")
        await pilot.press(*"347")
        await pilot.pause()
        assert "! Thorn: scenario XP comes with the scenario named (R8)" in award(pilot, 1)
        await pilot.click("#scenario")
        await pilot.press(*"Tower siege")
        await pilot.pause()
        assert "won → 447 XP" in award(pilot, 1)  # R8: won 100 + scenario XP 347


async def test_a_click_on_a_result_already_picked_goes_there_and_a_second_one_flips_it(
    tmp_path: Path,
) -> None:
    """A click meant only to move to Thorn's result flipped it from won to lost, shown only
    in the preview under the row."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        thorn = app.screen.query_one("#titan-1 #result", ResultPick)
        await pilot.click("#titan-1 #result")  # nothing picked: won
        assert thorn.value == "won"
        await pilot.click("#titan-2 #score")
        await pilot.click("#titan-1 #result")  # back to Thorn's result: it stays won
        await pilot.pause()
        assert (thorn.value, app.focused) == ("won", thorn)
        await pilot.click("#titan-1 #result")  # on it: a click flips it
        assert thorn.value == "lost"
