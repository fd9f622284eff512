"""A double-click does one thing: one whose first click opens a screen acts on nothing of that
screen (the terminal's presses and releases go through the app as a terminal sends them: a
test pilot's clicks skip the app's own handling of them), and one on a key or a pick runs it
once."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import DataTable, OptionList

from titan_campaign.rules.events import AbilityBought
from titan_campaign.rules.spells import SCHOOLS
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.choices import TitanPickModal
from titan_campaign.tui.screens.forms import Choice, PickModal
from titan_campaign.tui.screens.game import RecordGameScreen
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.screens.sheet import SheetScreen
from titan_campaign.tui.widgets.box_grid import BoxGrid
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import SIZE, build_db, stored


def _press_and_release(app: TitanCampaignApp, x: int, y: int) -> None:
    for kind in (events.MouseDown, events.MouseUp):
        app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))


async def test_a_double_click_on_a_roster_row_opens_the_sheet_and_checks_no_box(
    tmp_path: Path,
) -> None:
    """The first click opened Kel's sheet (her row was highlighted); the second landed on the
    sheet, which had come to lie under the pointer, and bought a Power box with her 100 XP."""
    titans = [(name, "Ann", []) for name in ("Thorn", "Mira", "Osk", "Kel")]
    db = build_db(tmp_path / "campaigns.json", 100, titans)
    app = TitanCampaignApp(db, open_campaign="Demo")
    app.CLICK_CHAIN_TIME_THRESHOLD = 30  # a busy machine's double-click is a double-click too
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, RosterScreen)
        table = app.screen.query_one(DataTable)
        table.move_cursor(row=3)  # Kel's row, highlighted: one click opens her sheet
        await pilot.pause()
        x, y = 4, table.region.y + 1 + 3  # below the headings, the fourth row
        _press_and_release(app, x, y)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        clicked, _ = app.screen.get_widget_at(x, y)  # what the second click lands on
        assert isinstance(clicked, BoxGrid) and clicked.id == "abilities", clicked
        _press_and_release(app, x, y)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
    assert stored(db, "Kel").available_xp == 100


async def test_a_double_click_on_a_key_bar_entry_runs_its_key_once(tmp_path: Path) -> None:
    """A double-click on "g Record game" opened the game form twice, one under the other: the
    first Escape left an empty form of the same game."""
    db = build_db(tmp_path / "campaigns.json", 100, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        bar = app.screen.query_one(KeyBar)
        entry = str(bar.render()).index("g Record game")
        await pilot.click(bar, offset=(entry + 2, 0), times=2)
        await pilot.pause()
        assert isinstance(app.screen, RecordGameScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen), app.screen_stack


async def test_a_double_click_on_the_highlighted_school_takes_it_once_and_keeps_the_sheet(
    tmp_path: Path,
) -> None:
    """The first click took Earth, the second reached the closing list and took it again: the
    sheet under it was closed too, and saving the spell then ended the app with a traceback."""
    db = build_db(
        tmp_path / "campaigns.json", 200, [("Max", "Ann", [AbilityBought(ability="skill")])]
    )
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Max")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")  # the Power box: level 1, a free school level to choose
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        picks = app.screen.query_one("#picks", OptionList)
        assert picks.highlighted is not None
        x, y = picks.region.x + 2, picks.region.y + 1 + picks.highlighted
        for _ in range(2):  # both clicks reach the app before it has done anything
            _press_and_release(app, x, y)
        await pilot.pause()
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack[-2:]] == [SheetScreen, TitanPickModal]
    assert stored(db, "Max").schools == {**dict.fromkeys(SCHOOLS, 0), "water": 1}


async def test_a_pick_list_stays_under_the_pointer_whichever_entrys_rules_text_shows(
    tmp_path: Path,
) -> None:
    """The dialog is centred: an entry whose rules text was a line longer than the first's
    made it taller, moving the list up a row under the pointer, and the second click on Mass
    Strength highlighted Mass Invisibility instead of picking it."""
    db = build_db(tmp_path / "campaigns.json", 100, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    choices = [
        Choice("short", "Short", "One line of rules."),
        Choice("long", "Long", "Many lines of rules. " * 25),
        Choice("mid", "Mid", "A few lines of rules. " * 8),
    ]
    picked: list[str | None] = []
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PickModal("Pick one", choices), picked.append)
        await pilot.pause()
        await pilot.pause()
        picks = app.screen.query_one("#picks", OptionList)
        top = picks.region.y
        for index in (1, 2, 0):
            x, y = picks.region.x + 2, picks.region.y + 1 + index
            _press_and_release(app, x, y)  # a first click: its rules text shows
            await pilot.pause()
            await pilot.pause()
            assert picks.highlighted == index and picks.region.y == top
        _press_and_release(app, x, y)  # the second click on it picks it
        await pilot.pause()
        await pilot.pause()
    assert picked == ["short"]
