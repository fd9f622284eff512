"""Worked example (R8: "XP are awarded according to the rules of the scenario"): the game form
takes a scenario's own award, which replaces the standard one as `award --scenario-award` does;
the Wisdom bonus is still added. Its field shows once a scenario is named, in a place kept
for it. Scenario XP (added to the standard award) and a scenario award
(replacing it) cannot both be given, in the same words as the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from titan_campaign.rules.awards import game_award
from titan_campaign.rules.events import AbilityBought, GameOutcome
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.game import TitanRow
from titan_campaign.tui.screens.roster import RosterScreen

from .conftest import CAMPAIGN, SIZE, build_db, change_count, rendered, stored
from .test_game_flows import award, results, type_into

WISE = [AbilityBought(ability="wisdom"), AbilityBought(ability="wisdom")]


async def test_a_scenario_award_replaces_the_standard_award_and_keeps_the_wisdom_bonus(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", WISE), ("Bryn", "Bob", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await type_into(pilot, app.screen.query_one("#scenario", Input), "Tower siege")
        thorn = app.screen.query_one("#titan-1")
        await results(pilot, "w", "l")
        await type_into(pilot, thorn.query_one("#score", Input), "347")  # counts 0
        await type_into(pilot, thorn.query_one("#scenario_award", Input), "150")
        await pilot.pause()
        # 150, the scenario's own award; wisdom 2 adds 20%: 30
        shown = award(pilot, 1)
        assert "scenario award, replacing the standard one: 150 = 150" in shown
        assert "wisdom +30  →  180 XP" in shown
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
    played = stored(db, "Thorn").games[0]
    assert played.outcome.scenario_replaces and played.outcome.scenario_xp == 150
    expected = GameOutcome(result="won", score=347, scenario_xp=150, scenario_replaces=True)
    assert stored(db, "Thorn").earned_xp == game_award(expected, 2).total == 180
    assert not stored(db, "Bryn").games[0].outcome.scenario_replaces


async def test_scenario_xp_and_a_scenario_award_together_are_refused_in_the_cli_words(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    before = change_count(db)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await type_into(pilot, app.screen.query_one("#scenario", Input), "Tower siege")
        thorn = app.screen.query_one("#titan-1")
        await results(pilot, "w")
        await type_into(pilot, thorn.query_one("#scenario_xp", Input), "20")
        await type_into(pilot, thorn.query_one("#scenario_award", Input), "150")
        await pilot.pause()
        words = "Scenario XP adds to the standard award, Scenario award replaces it: give one"
        assert words in award(pilot, 1)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, RosterScreen)  # the form stays, every figure kept
        assert words in award(pilot, 1)
        assert thorn.query_one("#scenario_award", Input).has_class("-invalid")
        assert "Not saved: see Thorn" in rendered(app.screen.query_one("#error-form"))
    assert change_count(db) == before


async def test_a_scenario_award_that_is_not_a_number_names_its_field(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await type_into(pilot, app.screen.query_one("#scenario", Input), "Tower siege")
        await results(pilot, "w")
        field = app.screen.query_one("#titan-1 #scenario_award", Input)
        field.value = "-5"
        await pilot.pause()
        assert "Scenario award" in award(pilot, 1) and "Scenario XP" not in award(pilot, 1)


async def test_the_scenario_award_field_shows_once_a_scenario_is_named(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        header = app.screen.query_one(".game-header")
        shown = [field for field in app.screen.query("#titan-1 #scenario_award") if field.display]
        assert not shown and "award" not in rendered(header).lower()
        await type_into(pilot, app.screen.query_one("#scenario", Input), "Tower siege")
        await pilot.pause()
        field = app.screen.query_one("#titan-1 #scenario_award", Input)
        words = rendered(header).split()  # full names on two lines, or short ones
        assert field.display and ("award" in words or "ScAw" in words)
        field.value = "150"
        await pilot.pause()
        assert "won → 150 XP, lost → 150 XP" in award(pilot, 1)  # the result counts 0


async def test_a_scenario_named_then_cleared_leaves_the_form_as_it_opened(tmp_path: Path) -> None:
    """The scenario award's field goes with the scenario, and nothing counts as typed: escape
    closes the form without asking."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        form = app.screen
        scenario = form.query_one("#scenario", Input)
        await type_into(pilot, scenario, "Tower siege")
        await pilot.pause()
        field = form.query_one("#titan-1 #scenario_award", Input)
        field.value = "150"
        await pilot.pause()
        assert "Thorn scenario_award: 150" in form.typed()
        field.value = ""
        await type_into(pilot, scenario, "")
        await pilot.pause()
        assert not field.display and form.typed() == []
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)


async def test_a_blank_scenario_award_does_not_look_like_a_typed_0(tmp_path: Path) -> None:
    """R8: a scenario award of 0 is an award (the scenario gives nothing, replacing the
    standard award), so with scenario XP it is refused; a blank one is no award at all. The
    blank field showed "0" too, so two rows that looked alike were judged apart."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await type_into(pilot, app.screen.query_one("#scenario", Input), "Tower siege")
        await results(pilot, "w", "l")
        for number, typed in ((1, "0"), (2, "")):
            row = app.screen.query_one(f"#titan-{number}")
            await type_into(pilot, row.query_one("#scenario_xp", Input), "20")
            await type_into(pilot, row.query_one("#scenario_award", Input), typed)
        await pilot.pause()
        drawn = [
            app.screen.query_one(f"#titan-{number} #scenario_award").render_line(0).text.strip()
            for number in (1, 2)
        ]
        typed_0, blank = drawn
        assert typed_0 == "0" and blank not in ("", "0")
        assert "give one" in award(pilot, 1)  # an award of 0 and scenario XP: one is meant
        assert "scenario: 20" in award(pilot, 2)  # no award: the scenario XP is added


async def test_a_scenario_award_of_0_replaces_the_standard_award(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await type_into(pilot, app.screen.query_one("#scenario", Input), "Tower siege")
        await results(pilot, "w")
        thorn = app.screen.query_one("#titan-1")
        await type_into(pilot, thorn.query_one("#scenario_xp", Input), "0")  # adds nothing
        await type_into(pilot, thorn.query_one("#scenario_award", Input), "0")
        await pilot.pause()
        assert "scenario award, replacing the standard one: 0 = 0" in award(pilot, 1)
        assert "→  0 XP" in award(pilot, 1)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_naming_a_scenario_leaves_every_field_where_it_was(
    iron_crown: Path, size: tuple[int, int]
) -> None:
    """The columns are laid out by the terminal's width alone: naming a scenario fills the
    scenario award's place, kept for it, and moves no field a player may be about to click
    (at 120 columns Survivors moved from column 109 to 65; at 80 every row took two lines)."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=size) as pilot:
        await pilot.press("g")
        await pilot.pause()
        rows = list(app.screen.query(TitanRow))

        def places() -> list[tuple[int, int, int]]:
            return [
                (row.query_one(f"#{field}").region.x, row.region.height, row.region.y)
                for row in rows
                for field in ("score", "survivors")
            ]

        before = places()
        await type_into(pilot, app.screen.query_one("#scenario", Input), "Siege")
        await pilot.pause()
        await pilot.pause()
        assert rows[0].query_one("#scenario_award").display
        assert places() == before
        assert not rows[0].has_class("-stacked")  # one line each, the award's field in it
