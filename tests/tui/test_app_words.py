"""Messages in the app's own words: its keys and screens, plurals and articles right."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from titan_campaign import actions
from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.game_log import read_correction
from titan_campaign.rules.sheet import goal_view
from titan_campaign.rules.state import PendingChoice
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.choices import swap_target
from titan_campaign.tui.screens.game_log import CORRECTION_HELP
from titan_campaign.tui.screens.goal import _pairs
from titan_campaign.tui.screens.progress import ProgressScreen
from titan_campaign.tui.screens.sheet import goal_panel

from .conftest import CAMPAIGN, PRINTING, Notes, rendered, screen_text


def test_a_bonus_swap_for_an_air_spell_reads_an_air_level_1() -> None:
    assert swap_target(PendingChoice("swap", "air", 1)) == "an Air level 1"
    assert swap_target(PendingChoice("swap", "fire", 2)) == "a Fire level 2"


def test_the_goal_form_names_every_mistake_of_a_field_at_once_without_command_line_flags() -> None:
    said = actions.goal_mistakes(_pairs("powr=2 luck"), [], [])["abilities"]
    assert len(said) == 2
    assert said[0].startswith('no ability named "powr"; did you mean "power"?')
    assert said[1] == 'write each as name=number, such as power=2, not "luck"'
    assert not any("--" in line for line in said)


async def test_buying_a_spell_with_no_school_at_level_3_points_to_gold(example_db: Path) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Bryn")
    notes = Notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        await pilot.pause()
    assert "Any spell can be bought with gold: m (Gold & items), then s (R11)" in notes.text()


async def test_using_a_charge_tells_the_charges_left(example_db: Path) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    titles: list[str] = []
    original = app.notify

    def notify(message: str, **kwargs: Any) -> None:
        titles.append(kwargs.get("title", ""))
        original(message, **kwargs)

    app.notify = notify  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        app.screen.query_one("#items").focus()
        await pilot.press("minus")  # the Ring of Mana: 3 charges
        await pilot.pause()
    assert "Thorn: 2 charges left on Ring of Mana" in titles


async def test_the_progress_of_a_titan_with_one_game_says_1_game(example_db: Path) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("P")  # Thorn has played game 1 only
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
        title = rendered(app.screen.query_one("#progress-title"))
    assert "PROGRESS   1 game   level 2" in title


async def test_escape_in_the_reference_filter_clears_it_before_leaving(example_db: Path) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        reference = app.screen
        await pilot.press("slash", *"bolt")
        await pilot.pause()
        field = reference.query_one("#spell-filter", Input)
        assert field.value == "bolt"
        await pilot.press("escape")  # first: the filter is cleared
        await pilot.pause()
        assert app.screen is reference
        assert field.value == ""
        await pilot.press("escape")  # then: leave the empty filter for the list
        await pilot.pause()
        assert app.screen is reference
        assert not field.has_focus
        await pilot.press("escape")  # and only then: back
        await pilot.pause()
        assert app.screen is not reference


async def test_printing_to_an_empty_path_asks_for_a_file_name(example_db: Path) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    notes = Notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        app.screen.query_one("#print-path", Input).value = "  "
        await pilot.press("ctrl+s")
        await pilot.pause(PRINTING)
    said = notes.text()
    assert "Is a directory" not in said
    assert "Type the file to save the printout in" in said


def test_a_goal_one_purchase_away_says_1_step(iron_crown: Path) -> None:
    done, _ = actions.keep_goal(
        Database(iron_crown),
        actions.find_titan(Database(iron_crown), "Thorn"),
        abilities=["power=3"],
    )
    shown = goal_panel(goal_view(done.state)).plain
    assert "100 XP in 1 step" in shown
    assert "1 steps" not in shown


def test_a_correction_takes_a_titan_out_of_a_game_in_the_apps_words() -> None:
    assert read_correction("3 Mira:remove").removed == "Mira"
    assert read_correction("3 date=2026-11-28").date == "2026-11-28"
    assert read_correction("3 Scenario= Siege ").scenario == "Siege"
    assert "--" not in CORRECTION_HELP
    assert "3 Mira:remove" in CORRECTION_HELP
    with pytest.raises(RuleError) as refused:
        read_correction("Mira")
    assert "--" not in str(refused.value)


async def test_correcting_a_game_that_is_not_there_points_to_the_game_log(iron_crown: Path) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "c")
        await pilot.pause()
        app.screen.query_one("#text-value", Input).value = "9 Thorn:won"
        await pilot.press("enter")
        await pilot.pause()
        said = rendered(app.screen.query_one("#error-correction"))
    assert said.startswith("no game 9 in this campaign")
    assert "the game log (l on the roster) lists them" in said


async def test_correcting_a_titan_into_a_game_it_did_not_play_names_no_flag(
    iron_crown: Path,
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "c")
        await pilot.pause()
        app.screen.query_one("#text-value", Input).value = "1 Osk:lost"
        await pilot.press("enter")
        await pilot.pause()
        said = rendered(app.screen.query_one("#error-correction"))
    assert "Osk did not play game 1" in said
    assert "--" not in said


async def test_a_message_shown_when_a_dialog_opens_is_put_away_not_shown_twice(
    iron_crown: Path,
) -> None:
    """Seen through the dialog's backdrop a note showed twice; it concerns the screen left,
    so the dialog opens without it (f2 lists it) and the roster does not show it again."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("Zed joins with 200 XP to spend.")
        await pilot.pause()
        assert screen_text(app).count("Zed joins") == 1
        await pilot.press("a")  # the new Titan dialog, over the roster
        await pilot.pause()
        await pilot.pause()
        assert screen_text(app).count("Zed joins") == 0
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert screen_text(app).count("Zed joins") == 0
        assert "Zed joins with 200 XP to spend." in app.notes


@pytest.mark.parametrize("way", ["action", "palette"])
async def test_a_screenshot_without_a_downloads_folder_is_saved_where_the_app_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, way: str
) -> None:
    """A new machine may have no ~/Downloads: the palette's Screenshot failed there with
    'Failed to save screenshot' and no reason; it is saved where the app was started."""
    from titan_campaign.tui import app as app_module

    monkeypatch.setattr(app_module, "user_downloads_path", lambda: tmp_path / "Downloads")
    started = tmp_path / "here"
    started.mkdir()
    monkeypatch.chdir(started)
    app = TitanCampaignApp(tmp_path / "campaigns.json")
    notes = Notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        if way == "action":
            app.action_screenshot()
        else:  # the palette's own entry calls Textual's delivery, not the action
            [command] = [c for c in app.get_system_commands(app.screen) if c.title == "Screenshot"]
            command.callback()
        for _ in range(50):
            await pilot.pause(0.05)
            if list(started.glob("*.svg")) and notes.messages:
                break
    assert [path.suffix for path in started.iterdir()] == [".svg"]
    assert not (tmp_path / "Downloads").exists()
    assert notes.messages[-1] == f"Saved screenshot to {next(started.iterdir())}"  # no markup


async def test_ctrl_c_says_how_to_quit_in_plain_words(tmp_path: Path) -> None:
    app = TitanCampaignApp(tmp_path / "campaigns.json")
    notes = Notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert notes.messages == ["Press ctrl+q to quit the app"]


async def test_a_notice_on_a_phone_held_upright_takes_the_screens_width(tmp_path: Path) -> None:
    """A long notice on a phone held upright is as wide as the screen allows, so it is read
    whole above the key bar (at half the screen, Textual's own, it ran under it)."""
    from textual.widgets._toast import Toast

    from .conftest import PHONE_UPRIGHT

    app = TitanCampaignApp(tmp_path / "campaigns.json")
    async with app.run_test(size=PHONE_UPRIGHT, notifications=True) as pilot:
        await pilot.pause()
        app.notify("Game recorded: game 5 for Thorn, Mira and Osk. Mira: 50 XP earned (R8).")
        await pilot.pause()
        [toast] = app.screen.query(Toast)
        assert toast.region.width >= PHONE_UPRIGHT[0] - 4, toast.region


async def test_a_spell_bought_with_xp_that_reaches_a_level_opens_its_choices_and_one_that_does_not_says_so(
    iron_crown: Path,
) -> None:
    from titan_campaign.tui.screens.choices import TitanPickModal

    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    notes = Notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, TitanPickModal)
        await pilot.press("enter")  # 100 XP: level 5, whose free school level is offered at once
        await pilot.pause()
        assert isinstance(app.screen, TitanPickModal)
        assert "free" in screen_text(app).lower() and "LEVEL 5" in screen_text(app)
        await pilot.press("escape")  # chosen later
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("enter")  # 100 XP more: no level reached
        await pilot.pause()
        assert not isinstance(app.screen, TitanPickModal)
    assert "Thorn: bought the spell" in notes.text()


async def test_slash_from_another_tab_of_the_reference_types_into_the_spell_filter(
    example_db: Path,
) -> None:
    from textual.widgets import DataTable, TabbedContent

    app = TitanCampaignApp(example_db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        reference = app.screen
        reference.query_one("#reference-tabs", TabbedContent).active = "tab-characters"
        await pilot.pause()
        await pilot.press("slash")
        await pilot.pause()
        await pilot.press(*"ice")
        await pilot.pause()
        assert reference.query_one("#spell-filter", Input).value == "ice"
        await pilot.press("down")  # from the filter into the list it leaves
        await pilot.pause()
        assert app.focused is reference.query_one("#spell-table", DataTable)
