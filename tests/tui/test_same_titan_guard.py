"""Worked examples: a pick list, the honor guard picker and the plan are refused only when
that same Titan changed since they were drawn; they then stay open, show the Titan as it is
now with what was picked, and ask again. A change to another Titan does not matter."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from titan_campaign import actions
from titan_campaign.rules.events import AbilityBought, GoldChanged
from titan_campaign.store import Database
from titan_campaign.tui import app as app_module
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.choices import TitanPickModal
from titan_campaign.tui.screens.honor_guard import HonorGuardModal
from titan_campaign.tui.screens.plan import PlanScreen
from titan_campaign.tui.screens.sheet import SheetScreen

from .conftest import SIZE, build_db, change_count, rendered, stored, won_game


@pytest.fixture(autouse=True)
def no_live_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    """The live view is slowed down, so that on a busy machine it cannot redraw a form before
    its save: what these tests look at is the save's own guard."""
    monkeypatch.setattr(app_module, "POLL_SECONDS", 3600.0)


GUARD_BOXES = ["power", "skill", "spirit", "luck", "wisdom", "power", "skill", "spirit"]


def test_an_action_judged_as_shown_is_refused_only_for_a_change_to_that_titan(
    tmp_path: Path,
) -> None:
    path = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [AbilityBought(ability="power")])])
    db = Database(path)
    actions.add_titan(db, "Demo", "Bryn", "Bob")
    actions.buy_ability(db, "Thorn", "skill")  # level 1: a free school level to choose (R2)
    shown = stored(path, "Thorn")
    actions.change_gold(db, "Bryn", 5)  # another Titan: no matter
    actions.choose_school(db, "Thorn", "fire", shown=shown)
    assert stored(path, "Thorn").schools["fire"] == 1
    shown = stored(path, "Thorn")
    actions.change_gold(db, "Thorn", 5)  # the same Titan, elsewhere
    with pytest.raises(actions.TitanChanged) as refused:
        actions.choose_spell(db, "Thorn", "Fire Bolt", shown=shown)
    assert refused.value.state.gold == 5  # the Titan as it is now, to show
    assert stored(path, "Thorn").spells == ()


@pytest.fixture
def level_one_db(tmp_path: Path) -> Path:
    """Thorn is one box short of level 1; Bryn is another Titan of the campaign."""
    thorn = [AbilityBought(ability="power")]
    return build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", thorn), ("Bryn", "Bob", [])])


async def test_a_level_up_pick_is_refused_when_another_tab_made_it_meanwhile(
    level_one_db: Path,
) -> None:
    db = Database(level_one_db)
    app = TitanCampaignApp(level_one_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "space")  # level 1: the free school level is offered
        await pilot.pause()
        picks = app.screen
        assert isinstance(picks, TitanPickModal) and picks.choices[0].value == "water"
        actions.change_gold(db, "Bryn", 5)  # another Titan: no matter
        actions.choose_school(db, "Thorn", "fire")  # the same pick, in another tab
        changes = change_count(level_one_db)
        await pilot.press("enter")  # Water
        await pilot.pause()
        assert app.screen is picks  # refused: still open
        assert "Thorn was changed elsewhere" in rendered(picks.query_one("#error-form"))
        assert picks.choices == []  # as Thorn is now: the free level is taken
        assert "Nothing to pick now" in rendered(picks.query_one("#pick-detail"))
    assert change_count(level_one_db) == changes
    assert stored(level_one_db, "Thorn").schools["water"] == 0


async def test_a_spell_pick_refused_for_a_change_meanwhile_is_made_when_asked_again(
    level_one_db: Path,
) -> None:
    db = Database(level_one_db)
    app = TitanCampaignApp(level_one_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "space", "enter")  # level 1, then Water level 1
        await pilot.pause()
        picks = app.screen
        assert isinstance(picks, TitanPickModal)
        offered = [choice.value for choice in picks.choices]
        actions.change_gold(db, "Thorn", 30)  # Thorn changed elsewhere: gold, not spells
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is picks and picks.shown.gold == 30  # shown as it is now
        assert [choice.value for choice in picks.choices] == offered
        await pilot.press("enter")  # asked again: saved
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
    assert [known.name for known in stored(level_one_db, "Thorn").spells] == [offered[0]]


@pytest.fixture
def guard_db(tmp_path: Path) -> Path:
    """Thorn is level 4: one honor guard slot of 30 points (R9)."""
    events = [won_game(1, scenario_xp=1000), *(AbilityBought(ability=a) for a in GUARD_BOXES)]  # type: ignore[arg-type]
    return build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", events), ("Bryn", "Bob", [])])


async def test_the_honor_guard_picker_keeps_its_pick_when_its_titan_changed(
    guard_db: Path,
) -> None:
    db = Database(guard_db)
    app = TitanCampaignApp(guard_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, HonorGuardModal)
        picker.query_one("#slot-1", Select).value = "Gargoyle"
        actions.change_gold(db, "Bryn", 5)  # another Titan: no matter
        actions.change_gold(db, "Thorn", 7)  # the same Titan, elsewhere
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is picker and picker.state.gold == 7  # as it is now
        assert "Thorn was changed elsewhere" in rendered(picker.query_one("#error-form"))
        assert picker.query_one("#slot-1", Select).value == "Gargoyle"  # the pick kept
        assert stored(guard_db, "Thorn").honor_guard == ()
        await pilot.press("ctrl+s")  # asked again: saved
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
    assert stored(guard_db, "Thorn").honor_guard == ("Gargoyle",)


async def test_the_honor_guard_picker_saves_when_only_another_titan_changed(
    guard_db: Path,
) -> None:
    app = TitanCampaignApp(guard_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        await pilot.pause()
        app.screen.query_one("#slot-1", Select).value = "Ogre"
        actions.change_gold(Database(guard_db), "Bryn", 5)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
    assert stored(guard_db, "Thorn").honor_guard == ("Ogre",)


async def test_the_plan_keeps_its_picks_when_its_titan_changed_meanwhile(tmp_path: Path) -> None:
    osk = [AbilityBought(ability="charisma"), AbilityBought(ability="leadership")]
    path = build_db(tmp_path / "c.json", 200, [("Osk", "Cy", osk), ("Bryn", "Bob", [])])
    app = TitanCampaignApp(path, open_campaign="Demo", open_titan="Osk")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        plan = app.screen
        assert isinstance(plan, PlanScreen)
        plan.query_one("#upgrade-0", Select).value = "Troll"
        actions.change_titans(
            Database(path), "Demo", {"Osk": lambda _: [GoldChanged(amount=9)]}
        )  # Osk changed in another tab
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is plan and plan.state.gold == 9
        assert "Osk was changed elsewhere" in rendered(plan.query_one("#plan-problem"))
        assert plan.query_one("#upgrade-0", Select).value == "Troll"  # the pick kept
        assert stored(path, "Osk").plan.upgrades == ()
        await pilot.press("ctrl+s")  # asked again: saved
        await pilot.pause()
        assert not plan.query_one("#plan-problem").display
    assert stored(path, "Osk").plan.upgrades == ("Troll",)
