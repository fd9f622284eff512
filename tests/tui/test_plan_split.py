"""Worked example (R10), as `plan --legion Centaur=1 --legion Centaur=2` does: Thorn's two
Charisma boxes bring two Centaurs, and the plan screen sends one to each legion."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Select

from titan_campaign import actions
from titan_campaign.rules.events import AbilityBought
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.plan import PlanScreen

from .conftest import SIZE, build_db, named, rendered, stored

TWO_CHARISMA = [AbilityBought(ability="charisma"), AbilityBought(ability="charisma")]


async def _opened_plan(pilot: Pilot[int]) -> PlanScreen:
    """The plan screen, opened from the sheet with t."""
    await pilot.press("t")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, PlanScreen)
    return screen


async def _pick_charisma(pilot: Pilot[int], screen: PlanScreen, *creatures: str) -> None:
    for number, creature in enumerate(creatures):
        screen.query_one(f"#charisma-{number}", Select).value = creature
    await pilot.pause()


def _placement(screen: PlanScreen, name: str) -> Select[str]:
    number = next(key for key, placed in screen.placed_names().items() if placed == name)
    return screen.query_one(f"#{number}", Select)


async def test_two_creatures_of_one_kind_are_split_between_the_legions(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", TWO_CHARISMA)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _opened_plan(pilot)
        await _pick_charisma(pilot, screen, "Centaur", "Centaur")
        centaurs = _placement(screen, "Centaur")
        offered = [label for label, _ in screen.offered(centaurs.id or "")]
        assert "1 in legion 1, 1 in legion 2" in offered
        assert "both in legion 1" in offered and "both in legion 2" in offered
        centaurs.value = "1:2"
        await pilot.pause()
        preview = rendered(screen.query_one("#plan-preview"))
        assert "Legion 1 (5): Titan, Centaur, Gargoyle, Ogre, Centaur" in preview
        assert "Legion 2 (5): Angel, Centaur, Gargoyle, Ogre, Centaur" in preview
        await pilot.press("ctrl+s")
        await pilot.pause()
    plan = stored(db, "Thorn").plan
    assert plan.placement == (("Centaur", 1), ("Centaur", 2))  # as --legion Centaur=1 Centaur=2


async def test_a_split_saved_from_the_command_line_shows_as_a_split(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", TWO_CHARISMA)])
    thorn = named(Database(db), "Thorn", "Demo")  # as the command line finds him
    actions.set_plan(Database(db), thorn, ["Ogre", "Ogre"], None, [("Ogre", 2), ("Ogre", 1)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _opened_plan(pilot)
        assert _placement(screen, "Ogre").value == "1:2"
        assert screen.plan().placement == (("Ogre", 1), ("Ogre", 2))


async def test_escape_from_a_plan_with_picks_not_saved_asks_first(tmp_path: Path) -> None:
    from titan_campaign.tui.screens.forms import ConfirmModal
    from titan_campaign.tui.screens.sheet import SheetScreen

    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", TWO_CHARISMA)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("escape")  # nothing picked: straight back
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("t")
        await pilot.pause()
        plan = app.screen
        plan.query_one("#charisma-0", Select).value = "Ogre"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("escape")  # keep it
        await pilot.pause()
        assert app.screen is plan and plan.query_one("#charisma-0", Select).value == "Ogre"
        await pilot.press("ctrl+s", "escape")  # saved: nothing to throw away
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
    assert stored(db, "Thorn").plan.charisma == ("Ogre",)


async def test_escape_from_a_plan_whose_saved_picks_no_longer_all_apply_does_not_ask(
    tmp_path: Path,
) -> None:
    """A plan saved with an item that has left the Titan since: nothing was picked here,
    so Escape goes back at once (it asked to throw away picks never made)."""
    from titan_campaign.tui.screens.sheet import SheetScreen

    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", TWO_CHARISMA)])
    thorn = named(Database(db), "Thorn", "Demo")
    actions.add_item(Database(db), thorn, "Lucky Stone")
    actions.set_plan(Database(db), thorn, ["Ogre"], None, [("Lucky Stone", 2), ("Ogre", 1)])
    actions.remove_item(Database(db), thorn, "Lucky Stone")
    assert ("Lucky Stone", 2) in stored(db, "Thorn").plan.placement
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)


async def test_the_plan_offers_to_place_only_the_extras_its_picks_bring(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", TWO_CHARISMA)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _opened_plan(pilot)

        def shown() -> list[str]:
            return [
                name
                for number, name in screen.placed_names().items()
                if screen.query_one(f"#{number}").parent.display
            ]

        assert shown() == ["Centaur", "Gargoyle"]  # two Charisma boxes' default creatures
        await _pick_charisma(pilot, screen, "Ogre", "Ogre")
        assert shown() == ["Ogre"]  # no Lion, Cyclops or Troll: no Leadership box


async def test_undo_and_redo_on_the_plan_screen_redraw_the_plan_as_it_now_stands(
    tmp_path: Path,
) -> None:
    """ctrl+z there left the plan undone on the screen; ctrl+s then said the Titan "was
    changed elsewhere" and threw the picks away."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", TWO_CHARISMA)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _opened_plan(pilot)
        await _pick_charisma(pilot, screen, "Ogre", "Ogre")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert stored(db, "Thorn").plan.charisma == ("Ogre", "Ogre")
        await pilot.press("ctrl+z")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlanScreen) and stored(db, "Thorn").plan.charisma == ()
        assert screen.plan().charisma != ("Ogre", "Ogre")  # drawn as it now stands
        await pilot.press("ctrl+y")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlanScreen) and screen.plan().charisma == ("Ogre", "Ogre")
        assert not screen.unsaved()
        preview = rendered(screen.query_one("#plan-preview"))
        assert preview.count("Ogre") == 4, preview  # two of the base legions, two of Charisma
        await pilot.press("ctrl+s")  # nothing to save: no "changed elsewhere"
        await pilot.pause()
        assert "changed elsewhere" not in rendered(screen.query_one("#plan-problem"))
