"""Worked example: the game form's title names the number the game will be saved under,
asked of the same rule the recording uses (an undone game's number is free again only for a
game of the Titans whose change dropped it), and follows the Titans ticked as taking part."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox

from titan_campaign import actions
from titan_campaign.rules.events import GameOutcome
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.game import RecordGameScreen

from .conftest import SIZE, build_db, rendered, stored
from .test_game_flows import results


def _title(app: TitanCampaignApp) -> str:
    return rendered(app.screen.query_one("#game-title"))


async def test_the_game_form_names_the_number_the_game_is_saved_under(tmp_path: Path) -> None:
    path = build_db(tmp_path / "c.json", 0, [("Ann", "Ann", []), ("Bea", "Bo", [])])
    db = Database(path)
    ann = actions.find_titan(db, "Ann")
    actions.record_game(db, ann.campaign, [actions.Participant(ann, GameOutcome(result="won"))])
    actions.undo(db, ann)  # Ann's game 1 may be redone: it holds number 1...
    app = TitanCampaignApp(path, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, RecordGameScreen)
        assert _title(app).startswith("GAME 1:")  # ...unless Ann plays: her change drops it
        app.screen.query_one("#titan-1 #takes-part", Checkbox).value = False
        await pilot.pause()
        assert _title(app).startswith("GAME 2:")  # Bea alone: Ann's game 1 keeps its number
        app.screen.query_one("#titan-1 #takes-part", Checkbox).value = True
        await pilot.pause()
        await results(pilot, "w", "l")
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert [game.game for game in stored(path, "Ann").games] == [1]
    assert [game.game for game in stored(path, "Bea").games] == [1]


async def test_a_figure_left_empty_and_passed_over_is_no_mistake(iron_crown: Path) -> None:
    from textual.widgets import Input

    from .conftest import CAMPAIGN

    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        score = app.screen.query_one("#titan-1 #score", Input)
        score.focus()
        await pilot.press("tab", "tab")  # past the score and the scenario XP, both empty
        await pilot.pause()
        passed = [
            app.screen.query_one(f"#titan-1 #{name}", Input) for name in ("score", "scenario_xp")
        ]
    assert not any(field.has_class("-invalid") for field in passed)
