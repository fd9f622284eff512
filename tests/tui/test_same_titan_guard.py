"""Worked examples: every form about a Titan (a pick list, the honor guard picker, the plan,
the game form, a new name or player, the goal, the next step, a spell bought with XP) is
refused only when that same Titan changed since it was drawn; it then stays open, shows the
Titan as it is now with what was typed or picked, and asks again. A change to another Titan
does not matter."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, OptionList, Select

from titan_campaign import actions
from titan_campaign.rules.events import AbilityBought, GoldChanged
from titan_campaign.store import Database
from titan_campaign.tui import app as app_module
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.choices import TitanPickModal
from titan_campaign.tui.screens.forms import Choice
from titan_campaign.tui.screens.game import RecordGameScreen
from titan_campaign.tui.screens.honor_guard import HonorGuardModal
from titan_campaign.tui.screens.plan import PlanScreen
from titan_campaign.tui.screens.sheet import SheetScreen

from .conftest import (
    SIZE,
    Notes,
    build_db,
    change_count,
    named,
    rendered,
    screen_text,
    stored,
    won_game,
)
from .test_sheet_flows import mastered_fire


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
    actions.add_titan(db, actions.find_campaign(db, "Demo"), "Bryn", "Bob")
    actions.buy_ability(
        db, named(db, "Thorn"), "skill"
    )  # level 1: a free school level to choose (R2)
    shown = stored(path, "Thorn")
    actions.change_gold(db, named(db, "Bryn"), 5)  # another Titan: no matter
    actions.choose_school(db, named(db, "Thorn"), "fire", shown=shown)
    assert stored(path, "Thorn").schools["fire"] == 1
    shown = stored(path, "Thorn")
    actions.change_gold(db, named(db, "Thorn"), 5)  # the same Titan, elsewhere
    with pytest.raises(actions.TitanChanged) as refused:
        actions.choose_spell(db, named(db, "Thorn"), "Fire Bolt", shown=shown)
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
        actions.change_gold(db, named(db, "Bryn"), 5)  # another Titan: no matter
        actions.choose_school(db, named(db, "Thorn"), "fire")  # the same pick, in another tab
        changes = change_count(level_one_db)
        notes = Notes(app)
        await pilot.press("enter")  # Water
        await pilot.pause()
        # refused; as Thorn is now, the free level is taken (Fire): its spell pick is waiting,
        # said, and not opened under the player's keys (a second Enter meant for Water picked
        # the Fire spell highlighted in it, never seen)
        assert isinstance(app.screen, SheetScreen)
        assert (
            "Thorn changed elsewhere: that choice is no longer waiting. 1 choice still to make:"
            " c shows them." in notes.text()
        )
        assert "Choices deferred" not in notes.text()
        await pilot.press("enter")
        await pilot.pause()
        assert stored(level_one_db, "Thorn").spells == ()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitanPickModal)
        assert "Fire Bolt" in [choice.value for choice in app.screen.choices]
    assert change_count(level_one_db) == changes
    assert stored(level_one_db, "Thorn").schools["water"] == 0


async def test_an_open_level_up_pick_follows_a_change_made_elsewhere_without_a_key(
    level_one_db: Path,
) -> None:
    """The box bought undone from another shell: the pick list still said "reaches LEVEL 1",
    and Enter then said "Nothing to pick now", Escape "Choices deferred"."""
    db = Database(level_one_db)
    app = TitanCampaignApp(level_one_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "space")  # level 1: the free school level is offered
        await pilot.pause()
        assert isinstance(app.screen, TitanPickModal)
        notes = Notes(app)
        actions.undo(db, named(db, "Thorn"))  # the box, undone in another shell
        app.check_database()  # as the app's watcher does within 2 s
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "Thorn changed elsewhere: that choice is no longer waiting." in notes.text()
        assert "still to make" not in notes.text() and "Choices deferred" not in notes.text()
        assert app.screen.state is not None and app.screen.state.level == 0


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
        actions.change_gold(db, named(db, "Thorn"), 30)  # Thorn changed elsewhere: gold, not spells
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
        actions.change_gold(db, named(db, "Bryn"), 5)  # another Titan: no matter
        actions.change_gold(db, named(db, "Thorn"), 7)  # the same Titan, elsewhere
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
        actions.change_gold(Database(guard_db), named(Database(guard_db), "Bryn"), 5)
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
        osk = named(Database(path), "Osk")
        actions.change_titans(
            Database(path), osk.campaign, {osk.titan: lambda _: [GoldChanged(amount=9)]}
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


# --- every form: the game, a name, a player, the goal, the next step, a spell bought ----------


@pytest.fixture
def two_db(tmp_path: Path) -> Path:
    return build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])


async def test_the_game_form_is_refused_when_a_titan_bought_wisdom_meanwhile_then_saves_as_shown(
    two_db: Path,
) -> None:
    """The preview said 100 XP; Thorn then bought Wisdom in another tab (+10%): the game is
    not saved with an award the player never saw. The row shows Thorn as he is now."""
    app = TitanCampaignApp(two_db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RecordGameScreen)
        form.query_one("#titan-2 #takes-part", Checkbox).value = False
        form.query_one("#titan-1 #result").focus()
        await pilot.press("w")
        form.query_one("#titan-1 #score", Input).focus()
        await pilot.press(*"9")  # 9 points: under the 10 that bring 1 XP
        await pilot.pause()
        assert "→  100 XP" in rendered(form.query_one("#award-1"))
        actions.buy_ability(
            Database(two_db), named(Database(two_db), "Thorn"), "wisdom"
        )  # another tab
        changes = change_count(two_db)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form  # refused: still open, every figure kept
        assert "Thorn was changed elsewhere" in rendered(form.query_one("#error-form"))
        assert form.query_one("#titan-1 #score", Input).value == "9"
        assert "→  110 XP" in rendered(form.query_one("#award-1"))  # as Thorn is now
        assert change_count(two_db) == changes
        assert stored(two_db, "Thorn").earned_xp == 0
        await pilot.press("ctrl+s")  # asked again, with the award now shown
        await pilot.pause()
        assert app.screen is not form
    assert stored(two_db, "Thorn").earned_xp == 110


async def test_the_game_form_saves_when_only_a_titan_outside_the_game_changed(
    two_db: Path,
) -> None:
    app = TitanCampaignApp(two_db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        form = app.screen
        form.query_one("#titan-2 #takes-part", Checkbox).value = False
        form.query_one("#titan-1 #result").focus()
        await pilot.press("l")
        actions.change_gold(
            Database(two_db), named(Database(two_db), "Bryn"), 5
        )  # not in this game
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not form
    assert len(stored(two_db, "Thorn").games) == 1


@pytest.mark.parametrize(
    ("key", "field", "typed"), [("r", "name", "Thorn the Bold"), ("w", "player", "Cy")]
)
async def test_a_new_name_or_player_is_refused_when_that_titan_changed_meanwhile(
    two_db: Path, key: str, field: str, typed: str
) -> None:
    app = TitanCampaignApp(two_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await pilot.pause()
        form = app.screen
        form.query_one("#text-value", Input).value = typed
        actions.change_gold(
            Database(two_db), named(Database(two_db), "Bryn"), 5
        )  # another Titan: no matter...
        actions.change_gold(
            Database(two_db), named(Database(two_db), "Thorn"), 7
        )  # ...but Thorn changed elsewhere
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "Thorn was changed elsewhere" in rendered(form.query_one(f"#error-{field}"))
        assert form.query_one("#text-value", Input).value == typed
        assert (stored(two_db, "Thorn").name, stored(two_db, "Thorn").player) == ("Thorn", "Ann")
        await pilot.press("ctrl+s")  # asked again: saved
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
    now = actions.read_titan(
        Database(two_db), named(Database(two_db), typed if field == "name" else "Thorn")
    ).state
    assert (now.name if field == "name" else now.player) == typed and now.gold == 7


async def test_a_rename_refused_for_a_rename_elsewhere_is_titled_with_the_name_now(
    two_db: Path,
) -> None:
    """Refused ("Thorn (now Zed) was changed elsewhere ... It is shown as it is now"), the
    form still said "Rename Thorn", and ctrl+s again renamed Zed unawares."""
    app = TitanCampaignApp(two_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        form = app.screen
        assert "Rename Thorn" in rendered(form.query_one(".form-title"))
        form.query_one("#text-value", Input).value = "Bob"
        actions.rename_titan(Database(two_db), named(Database(two_db), "Thorn"), "Zed")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "Rename Zed" in rendered(form.query_one(".form-title"))


async def test_the_goal_form_is_refused_when_its_titan_changed_meanwhile(two_db: Path) -> None:
    app = TitanCampaignApp(two_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        form.query_one("#goal-abilities", Input).value = "power=2"
        actions.change_gold(Database(two_db), named(Database(two_db), "Thorn"), 7)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "Thorn was changed elsewhere" in rendered(form.query_one("#goal-problem"))
        assert stored(two_db, "Thorn").goal is None
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
    assert stored(two_db, "Thorn").goal is not None


async def test_the_next_step_is_refused_when_its_titan_changed_since_it_was_offered(
    two_db: Path,
) -> None:
    db = Database(two_db)
    actions.keep_goal(db, named(db, "Thorn"), ["power=1"])
    app = TitanCampaignApp(two_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("s")  # the next step: a Power box for 100 XP
        await pilot.pause()
        actions.buy_ability(db, named(db, "Thorn"), "luck")  # Thorn spent XP in another tab
        await pilot.press("y")
        await pilot.pause()
        assert "Thorn was changed elsewhere" in notes.text()
    assert stored(two_db, "Thorn").abilities["power"] == 0


async def test_a_spell_bought_with_xp_is_refused_when_its_titan_changed_meanwhile(
    tmp_path: Path,
) -> None:
    path = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", mastered_fire())])
    app = TitanCampaignApp(path, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        await pilot.pause()
        picks = app.screen
        assert isinstance(picks, TitanPickModal)
        actions.change_gold(Database(path), named(Database(path), "Thorn"), 7)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is picks and picks.shown.gold == 7
        assert "Thorn was changed elsewhere" in rendered(picks.query_one("#error-form"))
        assert stored(path, "Thorn").spent_xp == 300
        await pilot.press("enter")  # asked again: bought, reaching level 2
        await pilot.pause()
        assert app.screen is not picks  # level 2's free school level is offered at once
        assert isinstance(app.screen, TitanPickModal) and "LEVEL 2" in screen_text(app)
    assert stored(path, "Thorn").spent_xp == 400


async def test_the_game_form_tells_a_renamed_titan_from_one_that_took_its_former_name(
    two_db: Path,
) -> None:
    """While the game form is open, Thorn is renamed Thorne in another tab, then Bryn takes
    the name Thorn. Bryn's game is refused as Bryn's (held by id, not by the name Thorn): the
    form names him by the name it showed and the one he has now, every row shows its Titan as
    it is now (no two rows share a name), and asked again the game is saved for Bryn."""
    app = TitanCampaignApp(two_db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RecordGameScreen)
        form.query_one("#titan-1 #takes-part", Checkbox).value = False
        form.query_one("#titan-2 #result").focus()
        await pilot.press("w")
        await pilot.pause()
        other = Database(two_db)
        thorn, bryn = named(other, "Thorn"), named(other, "Bryn")
        actions.rename_titan(other, thorn, "Thorne")  # another tab
        actions.rename_titan(other, bryn, "Thorn")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form  # refused: Bryn changed since the form showed him
        assert "Bryn (now Thorn) was changed elsewhere" in rendered(form.query_one("#error-form"))
        assert (form.row(1).titan, form.row(1).state.name) == (thorn, "Thorne")
        assert (form.row(2).titan, form.row(2).state.name) == (bryn, "Thorn")
        assert "Thorne" in rendered(form.query_one("#titan-1 #takes-part"))
        assert "Thorn" in rendered(form.query_one("#titan-2 #takes-part"))
        assert "Thorn:" in rendered(form.query_one("#award-2"))
        await pilot.press("ctrl+s")  # asked again: saved, for the Titan the form showed
        await pilot.pause()
        assert app.screen is not form
    assert len(stored(two_db, "Thorn").games) == 1  # Bryn, now called Thorn
    assert stored(two_db, "Thorne").games == ()


async def test_a_pick_whose_highlighted_entry_a_change_elsewhere_took_asks_to_look_first(
    level_one_db: Path,
) -> None:
    """The list drawn anew moved the highlight to another entry: one Enter meant for the
    entry that had gone picked one never looked at."""
    offered = ["Fire Bolt", "Shield", "Ice Bolt"]
    saved: list[str] = []

    def choices_for(_state: object) -> list[Choice]:
        return [Choice(name, name, f"{name}: its rules") for name in offered]

    def save(_shown: object, value: str) -> None:
        saved.append(value)

    app = TitanCampaignApp(level_one_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        thorn = stored(level_one_db, "Thorn")
        titan = named(Database(level_one_db), "Thorn")
        modal = TitanPickModal(titan, thorn, lambda _: "Pick", choices_for, save)
        app.push_screen(modal)
        await pilot.pause()
        await pilot.press("down")  # Shield
        offered.remove("Shield")  # learned in another tab
        modal.titan_changed(thorn)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert saved == [] and app.screen is modal
        assert "look at the list again" in rendered(modal.query_one("#error-form"))
        now = modal.choices[modal.query_one("#picks", OptionList).highlighted or 0].value
        await pilot.press("enter")  # looked: the entry highlighted now is picked
        await pilot.pause()
    assert saved == [now]


async def test_an_entry_the_player_moves_to_after_a_change_elsewhere_is_picked_at_once(
    level_one_db: Path,
) -> None:
    """The look-again refusal refused Dune Walker, moved to on purpose after the highlighted
    Fire Bolt was learned in another tab."""
    offered = ["Fire Bolt", "Shield", "Ice Bolt"]
    saved: list[str] = []

    def choices_for(_state: object) -> list[Choice]:
        return [Choice(name, name, f"{name}: its rules") for name in offered]

    app = TitanCampaignApp(level_one_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        thorn = stored(level_one_db, "Thorn")
        titan = named(Database(level_one_db), "Thorn")
        modal = TitanPickModal(
            titan, thorn, lambda _: "Pick", choices_for, lambda _, value: saved.append(value)
        )
        app.push_screen(modal)
        await pilot.pause()
        offered.remove("Fire Bolt")  # highlighted, learned in another tab
        modal.titan_changed(thorn)
        await pilot.pause()
        await pilot.press("down")  # to Ice Bolt, looked at
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    assert saved == ["Ice Bolt"]
