"""Pilot-driven worked examples: first run, campaigns, roster, the sheet's boxes, level-up."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Input, Label, OptionList

from titan_campaign import actions
from titan_campaign.rules.events import (
    AbilityBought,
    Archived,
    Created,
    Event,
    SchoolGained,
    SpellChosen,
)
from titan_campaign.rules.titan import archived_refusal, check, replay
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens import campaigns
from titan_campaign.tui.screens.campaigns import CampaignsScreen
from titan_campaign.tui.screens.choices import spell_choices, swap_choices
from titan_campaign.tui.screens.forms import FormBox, PickModal
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.screens.sheet import SheetScreen
from titan_campaign.tui.widgets.box_grid import BOX_WIDTH, BOX_X, BoxGrid

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


async def test_first_run_welcomes_and_creates_a_campaign_with_its_base_xp(tmp_path: Path) -> None:
    db = tmp_path / "new.json"
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, CampaignsScreen)
        assert "Welcome to Campaign Titan" in rendered(app.screen.query_one("#welcome"))
        await pilot.press("n", *"Autumn League", "tab", "enter", "down", "enter")  # base XP: 100
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        assert "AUTUMN LEAGUE" in rendered(app.screen.query_one("#roster-title"))
    [campaign] = actions.read_campaigns(Database(db))
    assert (campaign.name, campaign.base_xp) == ("Autumn League", 100)


async def test_loading_the_example_again_after_deleting_it_says_it_stays_deleted(
    tmp_path: Path, monkeypatch
) -> None:
    """Example loaded, deleted, then e: "The example campaign is here already" over an
    empty campaign list."""
    source = build_db(tmp_path / "source.json", 100, [("Thorn", "Ann", [])], campaign="Example")
    actions.export_campaigns(Database(source), tmp_path / "example-campaign.json")
    monkeypatch.setattr(
        campaigns, "example_campaign_file", lambda: tmp_path / "example-campaign.json"
    )
    db = tmp_path / "empty.json"
    actions.import_campaigns(Database(db), tmp_path / "example-campaign.json")
    actions.delete_campaign(Database(db), actions.find_campaign(Database(db)))
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("e")  # again: the merge tells a campaign kept deleted only once
        await pilot.pause()
    said = notes.messages
    assert len(said) == 2 and said[0] == said[1], said
    assert "here already" not in said[0]
    assert "Nothing loaded: the example campaign was deleted here" in said[0], said
    assert "A backup from before the delete brings it back (k: backups)." in said[0]


async def test_loading_the_example_campaign_imports_its_titans(tmp_path: Path, monkeypatch) -> None:
    source = build_db(
        tmp_path / "source.json",
        100,
        [("Thorn", "Ann", [AbilityBought(ability="luck")])],
        campaign="Example",
    )
    actions.export_campaigns(Database(source), tmp_path / "example-campaign.json")
    monkeypatch.setattr(
        campaigns, "example_campaign_file", lambda: tmp_path / "example-campaign.json"
    )
    db = tmp_path / "empty.json"
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        listing = app.screen.query_one("#campaign-list")
        assert "Example" in str(listing.get_option_at_index(0).prompt)
        notes = Notes(app)
        await pilot.press("e")  # loaded again: it is here already
        await pilot.pause()
        assert "The example campaign is here already (changes since kept): nothing loaded." in (
            notes.text()
        )
        await pilot.press("ctrl+z")  # not a change inside the example: it says so
        await pilot.pause()
        said = " ".join(notes.text().split())
        assert "The latest change (import of Example) cannot be undone" in said
        # it began the file: no backup holds it as it was before (k showed none)
        assert "no backup holds the file as it was before it" in said
        assert "d deletes a campaign it brought in" in said and "k (Backups)" not in said
    assert stored(db, "Thorn").abilities["luck"] == 1


async def test_the_campaign_list_says_how_to_open_a_campaign(tmp_path: Path) -> None:
    from titan_campaign.tui.widgets.key_bar import KeyBar

    db = build_db(tmp_path / "c.json", 100, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        assert "o Open" in rendered(app.screen.query_one(KeyBar))
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        await pilot.press("escape", "enter")  # the list's own Enter opens it too
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)


async def test_a_click_highlights_a_campaign_and_a_click_on_the_highlighted_one_opens_it(
    tmp_path: Path,
) -> None:
    """As on the roster: with the mouse alone, a player could not choose the campaign that
    Rename and Delete act on (the first click opened it)."""
    db = build_db(tmp_path / "c.json", 0, [])
    actions.new_campaign(Database(db), "Second Age", 100)
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#campaign-list")
        assert listing.highlighted == 0
        await pilot.click(listing, offset=(4, 2))  # Second Age (under the border and Demo)
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        assert listing.highlighted == 1
        await pilot.click(listing, offset=(4, 2))
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        assert "SECOND AGE" in rendered(app.screen.query_one(".page-title"))


async def test_adding_a_titan_gives_it_the_campaign_base_xp(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", *"Thorn", "enter", *"Ann", "enter")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1
        assert [str(cell) for cell in table.get_row_at(0)][:4] == ["Thorn", "Ann", "0", "200"]
    state = stored(db, "Thorn")
    assert (state.player, state.available_xp) == ("Ann", 200)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=str)
async def test_the_add_titan_dialogs_fields_are_framed_and_a_click_on_player_types_there(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The new-Titan dialog's fields had no frame and showed the focus by one shade of their
    background, and a click on the label "Player" did nothing: "Ann" typed then went into the
    name ("ThornAnn"). Its fields are framed as the new campaign's Name is, the focused one's
    frame lit, and a click on a label gives its field the focus."""
    db = build_db(tmp_path / "c.json", 200, [])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=size) as pilot:
        await pilot.press("escape", "n")
        await pilot.pause()
        campaign_name = app.screen.query_one("#campaign-name", Input)
        framed = (campaign_name.styles.border_top, campaign_name.styles.border_bottom)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter", "a", *"Thorn")
        await pilot.pause()
        name = app.screen.query_one("#titan-name", Input)
        player = app.screen.query_one("#titan-player", Input)
        assert name.has_focus
        assert (name.styles.border_top, name.styles.border_bottom) == framed
        assert player.styles.border_top[0] == framed[0][0] != ""  # framed, not lit
        assert player.styles.border_top[1] != framed[0][1]
        [label] = [label for label in app.screen.query(Label) if rendered(label) == "Player"]
        await pilot.click(label)
        await pilot.press(*"Ann", "enter")
        await pilot.pause()
    state = stored(db, "Thorn")
    assert (state.name, state.player) == ("Thorn", "Ann")


async def test_space_checks_the_next_ability_box_for_100_xp(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 100, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "space")  # the SKILL row
        await pilot.pause()
        grid = app.screen.query_one("#abilities", BoxGrid)
        assert "[X][·][·] SKILL" in rendered(grid)
        assert re.search(r"Available:\s+0\n", rendered(app.screen.query_one("#sheet-xp")))
    state = stored(db, "Thorn")
    assert (state.abilities["skill"], state.spent_xp, state.available_xp) == (1, 100, 0)


async def test_r2_the_sheet_says_the_base_xp_to_spend_until_it_is_spent_or_a_game_played(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Osk", "Bo", [won_game(1)])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        line = app.screen.query_one("#sheet-pending")
        assert line.display
        assert rendered(line).strip() == "! 200 base XP to spend before the first game (R2)"
        await pilot.press("c")  # said "No choices to make."
        await pilot.pause()
        assert "Waiting: 200 base XP to spend before the first game (R2)" in notes.text()
        await pilot.press("space")  # a Power box: 100 left
        await pilot.pause()
        assert rendered(line).strip() == "! 100 base XP to spend before the first game (R2)"
        await pilot.press("down", "space")  # a Skill box: level 1, a free school level waits
        await pilot.pause()
        await pilot.press("escape")  # the school pick, left for later
        await pilot.pause()
        assert "base XP" not in rendered(line)
        assert stored(db, "Thorn").spent_xp == 200
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Osk")
    async with app.run_test(size=SIZE):
        assert not app.screen.query_one("#sheet-pending").display  # it has played: its XP


async def test_the_sheets_hints_do_by_a_click_what_their_keys_do(tmp_path: Path) -> None:
    """ "below: 1 spells ... 5 goal", the choices banner and the goal line look clickable and
    did nothing when clicked. 5 (or its click) on a Titan without a goal now says so."""
    bought = [AbilityBought(ability="power"), AbilityBought(ability="skill")]  # level 1
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", bought), ("Osk", "Bo", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Osk")
    async with app.run_test(size=(80, 24)) as pilot:
        notes = Notes(app)
        hint = app.screen.query_one("#sheet-sections")
        at = rendered(hint).index("5 goal")
        await pilot.click(hint, offset=(at + 2, 0))
        await pilot.pause()
        assert "No build goal yet: o sets one." in notes.text()
        page = app.screen.query_one("#sheet", VerticalScroll)
        assert page.scroll_y == 0
        at = rendered(hint).index("4 legions")
        await pilot.click(hint, offset=(at + 2, 0))
        await pilot.pause()
        assert page.scroll_y > 0  # the legions at the top, as 4 brings them
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if not isinstance(app.screen, SheetScreen):  # the level-up pick offered at once
            await pilot.press("escape")
            await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, SheetScreen)
        await pilot.click("#sheet-pending", offset=(4, 0))
        await pilot.pause()
        assert app.screen is not sheet  # the choices, as c opens them


@pytest.mark.parametrize("size", [(80, 24), (30, 28)], ids=["80x24", "phone-360px"])
async def test_a_click_anywhere_on_the_choices_banner_opens_the_choices(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The orange "! 1 choice to make" banner looks like a button: a tap on its bar or beside
    its words (a phone of 360 px, a finger) did nothing, only its letters opened the choices."""
    bought = [AbilityBought(ability="power"), AbilityBought(ability="skill")]  # level 1
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", bought)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if not isinstance(app.screen, SheetScreen):  # the level-up pick offered at once
            await pilot.press("escape")
            await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, SheetScreen)
        banner = sheet.query_one("#sheet-pending")
        last = banner.size.height - 1
        stack = len(app.screen_stack)
        # its bar, the room after its last words, its words
        for where in [(0, 0), (banner.size.width - 1, last), (4, 0)]:
            await pilot.click(banner, offset=where)
            await pilot.pause()
            assert app.screen is not sheet, where  # the choices, as c opens them
            assert len(app.screen_stack) == stack + 1, where  # once
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is sheet


async def test_a_click_beside_the_goal_lines_words_offers_the_next_step(tmp_path: Path) -> None:
    """The goal's line, clickable as s, did nothing when clicked beside its words."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    thorn = actions.find_titan(Database(db), "Thorn", "Demo")
    actions.keep_goal(Database(db), thorn, abilities=["power=1"])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sheet = app.screen
        line = sheet.query_one("#sheet-goal-line")
        await pilot.click(line, offset=(line.size.width - 1, 0))
        await pilot.pause()
        assert app.screen is not sheet  # the next step, as s offers it


async def test_up_on_the_top_row_keeps_the_cursor_on_the_boxes(tmp_path: Path) -> None:
    """Up from POWER stays on the boxes: space then still checks one (the page itself took the
    cursor, and space did nothing). Up from the top of the schools, under the abilities at
    this size, goes to the abilities' last row."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        abilities = app.screen.query_one("#abilities", BoxGrid)
        await pilot.press("up", "up", "space")
        await pilot.pause()
        assert app.focused is abilities
        await pilot.press("right")
        await pilot.press("up")
        assert app.focused is abilities and abilities.cursor == len(abilities.rows) - 1
    assert stored(db, "Thorn").abilities["power"] == 1


async def test_tab_stops_only_where_keys_do_something_on_the_sheet_and_the_game_form(
    tmp_path: Path,
) -> None:
    """The page itself was a Tab stop with nothing drawn focused: space did nothing there, and
    on the game form a scenario typed there went nowhere."""
    from textual.containers import VerticalScroll

    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert not any(isinstance(w, VerticalScroll) for w in app.screen.focus_chain)
        await pilot.press("escape", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert not any(isinstance(w, VerticalScroll) for w in app.screen.focus_chain)


async def test_up_from_the_first_spell_goes_back_to_the_boxes(example_db: Path) -> None:
    """Down from the last school row goes into the spells; Up from their first row did
    nothing, and only Tab or 0 went back."""
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        schools = app.screen.query_one("#schools", BoxGrid)
        schools.focus()
        schools.cursor = len(schools.rows) - 1
        await pilot.press("down")
        spells = app.screen.query_one("#spell-list", DataTable)
        assert app.focused is spells and spells.cursor_row == 0
        await pilot.press("up")
        assert app.focused is schools and schools.cursor == len(schools.rows) - 1


async def test_a_tall_level_up_pick_opens_on_its_title_at_80x24(tmp_path: Path) -> None:
    """A long name's news made the pick taller than the screen: it opened scrolled past its
    title ("Choose a free spell-school level")."""

    name = "Zedekiah the Very Long Named Warlord of Titans"
    water = [SchoolGained(school="water", level=1), SpellChosen(spell="Bog Walker", pick="school")]
    db = build_db(tmp_path / "c.json", 200, [(name, "Ann", water)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan=name)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "space")  # Water level 2: level 1, a free school level
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        box = app.screen.query_one(FormBox)
        assert box.max_scroll_y > 0 and box.scroll_y == 0


async def test_the_page_follows_the_cursor_down_the_boxes_on_a_short_screen(
    tmp_path: Path,
) -> None:
    """At 60x20 a banner of choices filled the screen: seven Downs put the cursor on Wisdom,
    out of sight, and space would have checked a box the player never saw."""
    events: list[Event] = [
        won_game(1, scenario_xp=2000),
        *(AbilityBought(ability="intelligence") for _ in range(2)),
        *(SchoolGained(school=school, level=1) for school in ("water", "air", "earth")),
    ]
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", events)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        grid = app.screen.query_one("#abilities", BoxGrid)
        page = grid.parent
        while not isinstance(page, VerticalScroll):
            page = page.parent
        for _ in range(7):
            await pilot.press("down")
        await pilot.pause()
        assert grid.current is not None and grid.current.key == "wisdom"
        row = grid.content_region.y + 1 + grid.cursor  # under the grid's heading
        assert page.content_region.y <= row < page.content_region.bottom
        assert "Wisdom:" in rendered(grid).splitlines()[-1]  # its hint, at the grid's foot
        assert row + 1 < page.content_region.bottom


async def test_on_a_phone_the_sheet_opens_at_its_top_with_the_titans_name(
    tmp_path: Path,
) -> None:
    """The page followed the cursor as the sheet was drawn: it opened scrolled past the name
    (the page is to follow the keys only)."""
    from .conftest import PHONE_UPRIGHT

    name = "Bartholomew Ironhand the Unyielding"
    events: list[Event] = [won_game(1, scenario_xp=500), SchoolGained(school="water", level=1)]
    db = build_db(tmp_path / "c.json", 200, [(name, "Annabelle Fitzgerald", events)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan=name)
    async with app.run_test(size=PHONE_UPRIGHT) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#sheet", VerticalScroll).scroll_y == 0


async def test_down_on_the_last_school_stays_when_no_spell_follows(tmp_path: Path) -> None:
    """With no spell known, Down on Divine went round to Wisdom, seventeen rows up."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(60, 20)) as pilot:
        schools = app.screen.query_one("#schools", BoxGrid)
        schools.focus_row(7)
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        assert app.focused is schools and schools.cursor == 7


async def test_a_pick_list_on_a_short_screen_keeps_its_highlight_in_sight(
    tmp_path: Path,
) -> None:
    """At 32x16 (a phone with its keyboard open) the news filled the dialog: Down moved the
    highlight below the dialog's edge, and Enter picked a spell the player never saw."""
    events: list[Event] = [won_game(1, scenario_xp=500), SchoolGained(school="water", level=1)]
    name = "Zedekiah the Long Named"
    db = build_db(tmp_path / "c.json", 200, [(name, "Ann", events)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan=name)
    async with app.run_test(size=(32, 16)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        box, picks = app.screen.query_one(FormBox), app.screen.query_one("#picks")
        await pilot.press("down", "down")
        await pilot.pause()
        assert picks.highlighted == 2
        visible = box.content_region
        assert visible.y <= picks.region.y and picks.region.bottom <= visible.bottom


def thorn_with_spells_to_pick(tmp_path: Path) -> tuple[Path, TitanCampaignApp]:
    """Thorn with Water level 1 and its spell pick to make, his sheet open."""
    events: list[Event] = [won_game(1, scenario_xp=500), SchoolGained(school="water", level=1)]
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", events)])
    return db, TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")


async def test_a_click_on_a_pick_shows_its_rules_text_and_a_second_click_picks_it(
    tmp_path: Path,
) -> None:
    """One click on a spell in the list learned it: a player using the mouse never saw the
    rules text shown below for the highlighted entry before choosing."""
    db, app = thorn_with_spells_to_pick(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        picks = app.screen.query_one("#picks", OptionList)
        second = picks.get_option_at_index(1)
        await pilot.click(picks, offset=(2, 2))  # below its border, the second entry
        await pilot.pause()
        assert isinstance(app.screen, PickModal) and picks.highlighted == 1
        detail = rendered(app.screen.query_one("#pick-detail"))
        assert detail == app.screen.choices[1].detail
        assert stored(db, "Thorn").spells == ()  # nothing picked yet
        await pilot.click(picks, offset=(2, 2))  # below its border, the second entry
        await pilot.pause()
        assert not isinstance(app.screen, PickModal) or app.screen.query_one("#picks") is not picks
    assert [spell.name for spell in stored(db, "Thorn").spells] == [str(second.id)]


async def test_one_click_on_the_entry_highlighted_as_the_list_opens_picks_nothing(
    tmp_path: Path,
) -> None:
    """The list opens with its first entry highlighted: one click on it learned that spell,
    though a click on any other entry only showed its rules text. Two clicks pick it."""
    db, app = thorn_with_spells_to_pick(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        picks = app.screen.query_one("#picks", OptionList)
        assert picks.highlighted == 0
        first = picks.get_option_at_index(0)
        await pilot.click(picks, offset=(2, 1))  # below its border, the first entry
        await pilot.pause()
        assert isinstance(app.screen, PickModal) and picks.highlighted == 0
        assert stored(db, "Thorn").spells == ()
        await pilot.click(picks, offset=(2, 1))
        await pilot.pause()
    assert [spell.name for spell in stored(db, "Thorn").spells] == [str(first.id)]


async def test_enter_on_a_sheet_buys_nothing_only_space_checks_a_box(tmp_path: Path) -> None:
    """Enter, Enter on the roster opened Osk's sheet and bought his Power box: the second
    Enter, meant for a list or typed once too often, checked the box under the cursor."""
    db = build_db(tmp_path / "c.json", 200, [("Osk", "Cy", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert stored(db, "Osk").spent_xp == 0
        await pilot.press("space")
        await pilot.pause()
    assert stored(db, "Osk").abilities["power"] == 1


async def test_clicking_a_box_checks_it(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        luck_row = 1 + 6  # heading line, then POWER .. LUCK
        await pilot.click("#abilities", offset=(BOX_X + 1, luck_row))
        notes = Notes(app)
        await pilot.click(
            "#schools", offset=(BOX_X + BOX_WIDTH + 1, 1 + 3)
        )  # FIRE level 2 while at 0
        await pilot.pause()
        assert "[X][ ][·] LUCK" in rendered(app.screen.query_one("#abilities", BoxGrid))
        assert "The next FIRE box is box 1" in notes.text()
    state = stored(db, "Thorn")
    assert state.abilities["luck"] == 1
    assert state.schools["fire"] == 0  # level 2 before level 1: nothing saved


async def test_a_box_that_cannot_be_checked_says_why_and_saves_nothing(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    before = db.read_bytes()
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        grid = app.screen.query_one("#abilities", BoxGrid)
        assert "[·][·][·] POWER" in rendered(grid)  # disabled look, readable without colour
        await pilot.press("space")
        await pilot.pause()
        reason = check(stored(db, "Thorn"), AbilityBought(ability="power")).reason
        assert "100 XP" in reason and "(R1)" in reason
        assert reason in notes.text()
        assert reason in rendered(grid)  # the cursor row's hint line
    assert db.read_bytes() == before


async def test_unchecking_the_latest_purchase_is_undo_and_older_ones_are_refused(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [AbilityBought(ability="power")])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("down", "space", "escape")  # buy SKILL (level 1; its choice deferred)
        await pilot.press("up", "backspace")  # try to uncheck POWER, bought before
        await pilot.pause()
        assert "Only the latest purchase can be unchecked" in notes.text()
        state = stored(db, "Thorn")
        assert (state.abilities["power"], state.abilities["skill"]) == (1, 1)
        await pilot.click("#abilities", offset=(BOX_X + 1, 2))  # SKILL's checked box
        await pilot.pause()
    state = stored(db, "Thorn")
    assert (state.abilities["power"], state.abilities["skill"], state.available_xp) == (1, 0, 100)


async def test_level_up_offers_the_free_school_then_its_spell_pick(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [AbilityBought(ability="power")])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("down", "space")  # 200 spent: level 1 (R2)
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        assert "Thorn reaches LEVEL 1!" in rendered(app.screen.query_one("#pick-news"))
        assert "reaches LEVEL" not in notes.text()  # said on the list, not over it
        assert [c.value for c in app.screen.choices] == list(stored(db, "Thorn").school_choices())
        await pilot.press("down", "enter")  # AIR level 1
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        offered = [c.value for c in app.screen.choices]
        assert offered == [s.name for s in stored(db, "Thorn").unknown_spells("air", 1)]
        assert "Mana 1" in app.screen.choices[0].label
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert not app.screen.query_one("#sheet-pending").display
    state = stored(db, "Thorn")
    assert state.schools["air"] == 1 and state.spent_xp == 200  # the free level cost nothing
    assert [known.name for known in state.spells] == [offered[0]]
    assert state.pending == ()


async def test_free_school_levels_waiting_are_not_named_by_the_level_reached_last(
    tmp_path: Path,
) -> None:
    """Level 2's free school level deferred, then level 3 reached: both picks were titled
    "LEVEL 3"; the news names the level reached, the title how many wait."""
    boxes = [AbilityBought(ability=a) for a in ("power", "power", "skill", "skill")]
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [won_game(1, 500), *boxes])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        assert app.screen.heading == "Choose a free spell-school level, 1 of 2 waiting (R2)"
        await pilot.press("enter")  # Water level 1, then its spell pick
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        assert app.screen.heading == "Choose a free spell-school level (R2)"


async def test_deferred_choices_stay_on_the_sheet_and_the_roster(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [AbilityBought(ability="power")])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "space")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "free spell-school level (R2)" in rendered(app.screen.query_one("#sheet-pending"))
        await pilot.press("escape")
        await pilot.pause()
        row = [str(cell) for cell in app.screen.query_one(DataTable).get_row_at(0)]
        assert row[5] == "! 1 to make"
        await pilot.press("enter", "c")  # back to the sheet, resume the choices
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
    assert len(stored(db, "Thorn").pending) == 1


async def test_the_history_of_a_campaign_with_no_change_yet_says_so(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 100, [])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert "No changes yet." in rendered(app.screen.query_one("#history-title"))


async def test_a_titans_history_counts_only_the_undone_changes_its_ctrl_y_can_redo(
    tmp_path: Path,
) -> None:
    db = build_db(
        tmp_path / "c.json",
        100,
        [("Thorn", "Ann", [AbilityBought(ability="luck")]), ("Osk", "Bo", [])],
    )
    osk = named(Database(db), "Osk")
    actions.undo(Database(db), actions.find_titan(Database(db), "Thorn"))
    actions.add_titan(Database(db), osk.campaign, "Vex", "Cy")
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Osk")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert "to redo" not in rendered(app.screen.query_one("#history-title"))
        await pilot.press("escape", "escape", "home", "enter", "h")  # Thorn's
        await pilot.pause()
        assert "1 undone change to redo (ctrl+y)" in rendered(
            app.screen.query_one("#history-title")
        )


async def test_ctrl_z_undoes_and_ctrl_y_redoes_the_latest_change(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 100, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("space")
        await pilot.pause()
        assert stored(db, "Thorn").abilities["power"] == 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Undone (Thorn's latest change): Thorn: bought a Power box (100 XP)" in notes.text()
        assert stored(db, "Thorn").abilities["power"] == 0
        assert "[ ][·][·] POWER" in rendered(app.screen.query_one("#abilities"))
        await pilot.press("h")
        await pilot.pause()
        assert "1 undone change to redo (ctrl+y)" in rendered(
            app.screen.query_one("#history-title")
        )
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert (
            "Redone (Thorn's latest undone change): Thorn: bought a Power box (100 XP)"
            in notes.text()
        )
        table = app.screen.query_one(DataTable)
        newest = [str(cell) for cell in table.get_row_at(0)]
        assert "bought a Power box" in newest[2] and table.row_count == 2
        assert "redone" not in rendered(app.screen.query_one("#history-title"))
    assert stored(db, "Thorn").abilities["power"] == 1


async def test_a_change_made_elsewhere_is_reloaded_never_overwritten(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        actions.buy_ability(
            Database(db), named(Database(db), "Thorn"), "luck"
        )  # the command line, meanwhile
        await pilot.press("space")
        await pilot.pause()
        assert "changed elsewhere" in notes.text()
        assert stored(db, "Thorn").abilities["power"] == 0
        assert "[X][ ][·] LUCK" in rendered(app.screen.query_one("#abilities"))
        await pilot.press("space")  # now on the reloaded sheet
        await pilot.pause()
    state = stored(db, "Thorn")
    assert (state.abilities["luck"], state.abilities["power"]) == (1, 1)


async def test_archived_titans_are_hidden_until_shown(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", []), ("Bryn", "Bob", [])])
    before = change_count(db)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert [str(table.get_row_at(0)[0])] == ["Bryn"] and table.row_count == 1
        await pilot.press("v")
        await pilot.pause()
        assert table.row_count == 2
        assert any("[archived]" in str(table.get_row_at(n)[0]) for n in range(2))
    assert stored(db, "Thorn").archived
    assert change_count(db) == before + 1


async def test_the_titan_column_narrows_again_when_archived_titans_are_hidden_again(
    tmp_path: Path,
) -> None:
    """v, v: the Titan column kept the width of "Osk [archived]" until the roster was reopened."""
    db = build_db(tmp_path / "c.json", 0, [("Mira", "Ann", []), ("Osk", "Dee", [Archived()])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen.query_one(DataTable)

        def titan_column() -> int:
            return table.ordered_columns[0].get_render_width(table)

        hidden = titan_column()
        await pilot.press("v")
        await pilot.pause()
        assert titan_column() > hidden  # room for "Osk [archived]"
        await pilot.press("v")
        await pilot.pause()
        assert table.row_count == 1
        assert titan_column() == hidden


async def test_buy_spell_on_an_archived_titans_sheet_says_it_is_archived(tmp_path: Path) -> None:
    """b said "no school has a level yet", when the reason is that the Titan is archived."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [Archived()])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("b")
        await pilot.pause()
        assert notes.messages == [archived_refusal("Thorn")]
        assert "Thorn is archived; bring the Titan back first" in notes.messages[0]
        assert isinstance(app.screen, SheetScreen)


async def test_the_sheet_scrolls_at_80x24_to_every_section(example_db: Path) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = app.screen.query_one("#sheet")
        assert app.screen.has_class("-narrow")
        assert sheet.max_scroll_y > 0
        sheet.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        guard = app.screen.query_one("#sheet-guard")
        assert guard.region.bottom <= 24 and guard.region.right <= 80


async def test_a_new_school_level_offers_the_bonus_swap_which_replaces_the_bonus_spell(
    tmp_path: Path,
) -> None:
    events = [
        SchoolGained(school="water", level=1),
        SpellChosen(spell="Bog Walker", pick="school"),
        AbilityBought(ability="intelligence"),  # 200 spent: level 1, and a bonus pick (R6)
        SpellChosen(spell="Water Affinity", pick="bonus"),
    ]
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", events)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", "enter")  # the free school level: Water level 2
        await pilot.pause()
        assert "Water level 2" in app.screen.heading
        water_2 = app.screen.choices[0].value
        await pilot.press("enter")
        await pilot.pause()
        assert [c.value for c in app.screen.choices] == [
            "Raise/Lower Water"
        ]  # the only Water 1 spell left
        await pilot.press("enter")
        await pilot.pause()
        assert "swap a bonus spell" in app.screen.heading
        assert app.screen.choices[0].label.startswith("Keep my bonus spells")
        swapped_in = app.screen.choices[1].value
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
    state = stored(db, "Thorn")
    assert state.pending == ()
    assert not state.knows("Water Affinity")  # forgotten (R6)
    assert {(k.name, k.source) for k in state.spells} == {
        ("Bog Walker", "school"),
        ("Raise/Lower Water", "school"),
        (water_2, "school"),
        (swapped_in, "bonus"),
    }


async def test_the_level_up_list_opens_readable_above_the_note_of_the_purchase_before(
    tmp_path: Path,
) -> None:
    """A new Titan at 80x24: Intelligence checked, then Air level 1: the note of the
    Intelligence box stayed on top of the free school list and hid "Mira reaches LEVEL 1"."""
    db = build_db(tmp_path / "c.json", 200, [("Mira", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Mira")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("down", "down", "space")  # Intelligence
        await pilot.pause()
        assert "bought an Intelligence box" in screen_text(app)
        await pilot.press("right", "up", "space")  # Air level 1
        await pilot.pause(0.2)
        assert isinstance(app.screen, PickModal)
        shown = screen_text(app)
        assert "Mira reaches LEVEL 1!" in shown and "bought an Intelligence box" not in shown
        assert "bought Air level 1" in shown


async def test_a_deferred_swap_made_later_leaves_no_note_saying_it_waits(tmp_path: Path) -> None:
    """Escape on the swap offer said "Choices deferred"; c and the swap made: that note
    stayed beside "Choices made", no longer true."""
    events = [
        SchoolGained(school="water", level=1),
        SpellChosen(spell="Bog Walker", pick="school"),
        AbilityBought(ability="intelligence"),
        SpellChosen(spell="Water Affinity", pick="bonus"),
    ]
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", events)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("c", "enter", "enter", "enter")  # Water level 2 and its spell
        await pilot.pause()
        assert "swap a bonus spell" in app.screen.heading
        await pilot.press("escape")
        await pilot.pause()
        assert "Choices deferred" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert "swap a bonus spell" in app.screen.heading
        await pilot.press("down", "enter")
        await pilot.pause(0.2)
        assert isinstance(app.screen, SheetScreen)
        shown = screen_text(app)
        assert "Choices made" in shown and "Choices deferred" not in shown, shown


async def test_a_lower_pick_waiting_for_the_swap_is_offered_once_the_swap_frees_a_spell(
    tmp_path: Path,
) -> None:
    events = [
        SchoolGained(school="water", level=1),
        SpellChosen(spell="Raise/Lower Water", pick="school"),
        AbilityBought(ability="intelligence"),
        AbilityBought(ability="intelligence"),  # 300 spent: level 1, two bonus picks (R6)
        SpellChosen(spell="Water Affinity", pick="bonus"),
        SpellChosen(spell="Bog Walker", pick="bonus"),
    ]
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [won_game(1), *events])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", "enter")  # the free school level: Water level 2
        await pilot.pause()
        await pilot.press("enter")  # its Water level 2 pick; no Water level 1 spell is left
        await pilot.pause()
        assert "swap a bonus spell" in app.screen.heading
        await pilot.press("down", "enter")  # swap in a Water level 2 spell...
        await pilot.pause()
        assert [c.value for c in app.screen.choices] == ["Water Affinity", "Bog Walker"]
        await pilot.press("down", "enter")  # ...for Bog Walker
        await pilot.pause()
        assert [c.value for c in app.screen.choices] == ["Bog Walker"]  # the Water level 1 pick
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
    state = stored(db, "Thorn")
    assert state.pending == ()
    assert {k.name: k.source for k in state.spells}["Bog Walker"] == "school"


async def test_the_pick_a_choice_just_brought_is_offered_next_with_the_news_of_it(
    tmp_path: Path,
) -> None:
    events = [
        won_game(1, scenario_xp=200),
        SchoolGained(school="earth", level=1),
        SpellChosen(spell="Earth Affinity", pick="school"),
        SchoolGained(school="earth", level=2),  # 200 spent: level 1; its two picks wait
    ]
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", events)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert "free spell-school level" in app.screen.heading
        await pilot.press("enter")  # Water level 1
        await pilot.pause()
        assert "Water level 1" in app.screen.heading  # not the older Earth picks first
        assert "Thorn: free school level: Water level 1" in app.screen.news


def mastered_fire() -> list[Event]:
    """Fire at level 3 with its six picks made (R5), XP to spare."""
    events: list[Event] = [won_game(1, scenario_xp=500)]
    for level, picks in (
        (1, ["Fire Bolt"]),
        (2, ["Fire Fan", "Dune Walker"]),
        (3, ["Fire Ball", "Volcano Native", "Fire Affinity"]),
    ):
        events.append(SchoolGained(school="fire", level=level))
        events += [SpellChosen(spell=name, pick="school") for name in picks]
    return events


async def test_a_mastered_school_sells_its_other_spells_for_100_xp(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", mastered_fire()), ("Bryn", "Bob", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        offered = [c.value for c in app.screen.choices]
        assert offered == [
            s.name for s in stored(db, "Thorn").unknown_spells("fire")
        ]  # 3 Fire spells left
        await pilot.press("enter")
        await pilot.pause()
    state = stored(db, "Thorn")
    assert state.knows(offered[0]) and state.spent_xp == 400


async def test_buying_a_spell_with_xp_before_mastering_a_school_says_why(tmp_path: Path) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        said = notes.text()  # the rule, naming no spell or school the player did not ask about
        assert said.startswith(
            "100 XP buys a spell only from a school at level 3 (R5); no school has a level yet."
        ), said
        assert "with gold" in said and "Water" not in said


async def test_buying_a_spell_of_a_mastered_school_without_the_xp_says_the_xp(
    tmp_path: Path,
) -> None:
    """Water at 3 with spells left to buy and no XP: b said "100 XP buys a spell only from a
    school at level 3 (R5); Water at 3 is the highest"."""
    water = [SchoolGained(school="water", level=level) for level in (1, 2, 3)]
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [won_game(1), *water])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("b")
        await pilot.pause()
        assert notes.text().startswith("a spell costs 100 XP, 0 available (R1). Any spell"), (
            notes.text()
        )


async def test_ctrl_z_in_the_roster_undoes_the_campaigns_latest_change_whoever_it_touched(
    tmp_path: Path,
) -> None:
    db = build_db(
        tmp_path / "c.json",
        200,
        [("Thorn", "Ann", []), ("Bryn", "Bob", [AbilityBought(ability="luck")])],
    )
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("ctrl+z")  # Thorn is highlighted; Bryn's purchase is the latest change
        await pilot.pause()
        assert (
            "Undone (the campaign's latest change): Bryn: bought a Luck box (100 XP)"
            in notes.text()
        )
        assert [str(c) for c in app.screen.query_one(DataTable).get_row_at(1)][3] == "200"
    assert stored(db, "Bryn").abilities["luck"] == 0


def test_the_bonus_pick_list_marks_a_spell_that_would_forfeit_a_school_pick() -> None:
    """Picked as a bonus spell, the last Fire level 1 spell forfeits the Fire level 1 pick
    (R5): the list says so on its line and in its rules text, before it is picked."""
    events: list[Event] = [
        Created(name="Thorn", player="Ann", base_xp=0),
        won_game(1, scenario_xp=500),
        *(AbilityBought(ability="intelligence") for _ in range(3)),
        SchoolGained(school="fire", level=1),
        SpellChosen(spell="Fire Affinity", pick="bonus"),
        SpellChosen(spell="Dune Walker", pick="bonus"),
    ]
    state = replay(events)
    [bonus] = [choice for choice in state.pending if choice.kind == "bonus"]
    [listed] = spell_choices(bonus)(state)
    assert listed.value == "Fire Bolt" and listed.label.endswith("  !")
    assert listed.detail.startswith(
        "! Picked here: the pick of a Fire level 1 spell is forfeited: none is left to learn (R5)"
    )
    [school_pick] = [choice for choice in state.pending if choice.kind == "spell"]
    assert "!" not in spell_choices(school_pick)(state)[0].label


def test_the_swap_list_marks_a_spell_that_would_forfeit_a_school_pick() -> None:
    """R6: swapped in for Bog Walker, Shocking Grasp (the last Air level 1 spell) forfeits the
    Air level 1 pick; forgetting an Air level 1 bonus spell instead leaves the pick that one.
    The list said nothing; it marks the line and says why in the rules text."""
    events: list[Event] = [
        Created(name="Thorn", player="Ann", base_xp=200),
        AbilityBought(ability="intelligence"),
        SchoolGained(school="water", level=1),
        SpellChosen(spell="Bog Walker", pick="bonus"),
        SpellChosen(spell="Water Affinity", pick="school"),
        won_game(1, scenario_xp=500),
        AbilityBought(ability="intelligence"),
        AbilityBought(ability="intelligence"),
        SchoolGained(school="air", level=1, free=True),
        SpellChosen(spell="Air Affinity", pick="bonus"),
        SpellChosen(spell="Tundra Walker", pick="bonus"),
    ]
    state = replay(events)
    [swap] = [choice for choice in state.pending if choice.kind == "swap"]
    [_, listed] = swap_choices(swap)(state)
    assert listed.value == "Shocking Grasp" and "  !" in listed.label
    assert listed.detail.startswith(
        "! Swapped in: forgetting Bog Walker, the pick of an Air level 1 spell is forfeited:"
        " none is left to learn (R5)"
    )


async def test_the_pick_an_intelligence_box_brings_is_offered_first_as_its_note_says(
    tmp_path: Path,
) -> None:
    """With a Water level 1 pick waiting, an Intelligence box bought said "one bonus spell to
    pick" above the Water level 1 list: the pick it brought came last."""
    events = [
        won_game(1, scenario_xp=500),
        SchoolGained(school="water", level=1),
        AbilityBought(ability="power"),  # level 1: a free school level waits too
    ]
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", events)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "space")  # Intelligence
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        assert "one bonus spell to pick" in app.screen.news
        assert "bonus spell" in app.screen.heading


def test_an_archived_titans_row_is_dimmed_whole_on_a_phone_too() -> None:
    """Held upright, the level, XP and Mana of an archived row were as bright as the others'."""
    from rich.console import Console

    from titan_campaign.rules.titan import replay
    from titan_campaign.tui.screens.roster import stacked_row, wide_row

    archived = replay([Created(name="Ghost", player="Eve", base_xp=0)]).evolve(archived=True)
    for cells in (stacked_row(archived, 16, Console()), wide_row(archived, 20, 10)):
        for cell in cells:
            assert isinstance(cell, Text) and "dim" in str(cell.get_style_at_offset(Console(), 0))


async def test_back_from_a_sheet_opened_directly_highlights_its_titan_on_the_roster(
    tmp_path: Path,
) -> None:
    """`titan-campaign --titan Zed` (or a served tab's link to Zed), then Escape: the roster
    highlighted its first Titan, and its keys (x archives at once) acted on Thorn."""
    titans = [(name, "Ann", []) for name in ("Thorn", "Mira", "Zed")]
    db = build_db(tmp_path / "c.json", 200, titans)
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Zed")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        found = app.screen.highlighted_titan()
        assert found is not None and found[1].name == "Zed"


@pytest.mark.parametrize("away", ["3", "4", "pagedown"])
async def test_space_on_a_box_scrolled_out_of_sight_shows_it_buys_nothing_and_says_so(
    tmp_path: Path, away: str
) -> None:
    """The sheet scrolled to its honor guard (3) or legions, the boxes out of sight: space
    once bought a Power box that nothing on the screen showed, then only scrolled back,
    saying nothing. It still buys nothing, brings the boxes back and says so."""
    db = build_db(tmp_path / "c.json", 200, [("Osk", "Bo", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Osk")
    async with app.run_test(size=(80, 24)) as pilot:
        notes = Notes(app)
        await pilot.press(away)
        await pilot.pause()
        grid = app.screen.query_one("#abilities", BoxGrid)
        assert grid.has_focus and grid.region.bottom <= 0  # scrolled away, still focused
        await pilot.press("space")
        await pilot.pause()
        assert stored(db, "Osk").spent_xp == 0
        assert 0 <= grid.region.y + 1 + grid.cursor < 24  # its row brought back into view
        assert notes.messages[-1:] == [
            "Nothing bought: the boxes were out of sight; here they are."
        ]
        await pilot.press("space")
        await pilot.pause()
    assert stored(db, "Osk").abilities["power"] == 1


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (60, 20)], ids=str)
async def test_home_and_end_on_the_sheet_go_to_the_first_and_last_box(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """End scrolled the sheet to its legions, the cursor left on Power out of sight, and the
    next space only scrolled back. End now goes to the last box (Divine), Home to the first
    (Power), each in view, as Home and End go to the first and last Titan on the roster."""
    db = build_db(tmp_path / "c.json", 200, [("Osk", "Bo", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Osk")
    async with app.run_test(size=size) as pilot:
        await pilot.press("end")
        await pilot.pause()
        schools = app.screen.query_one("#schools", BoxGrid)
        assert schools.has_focus and schools.current is not None
        assert schools.current.key == "divine"
        page = app.screen.query_one("#sheet", VerticalScroll).content_region
        assert page.y <= schools.region.y + 1 + schools.cursor < page.bottom
        await pilot.press("space")  # the first Divine box, seen
        await pilot.pause()
        assert stored(db, "Osk").schools["divine"] == 1
        await pilot.press("escape")  # its spell picked later
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("4", "home")  # from the legions, back to the top
        await pilot.pause()
        abilities = app.screen.query_one("#abilities", BoxGrid)
        assert abilities.has_focus and abilities.cursor == 0
        assert page.y <= abilities.region.y + 1 < page.bottom
        assert app.screen.query_one("#sheet-title").region.y == page.y  # the sheet's top


async def test_a_long_campaign_names_roster_title_keeps_its_figures_whole(tmp_path: Path) -> None:
    """At 80x24 the title of a campaign of 59 letters ended "... BEYOND SEA   base XP 200   6",
    "Titans" on the next line: the figures now go under the name, whole."""
    name = "Seven Shattered Kingdoms of the Wyrmwood Marches Beyond Sea"
    db = build_db(tmp_path / "c.json", 200, [(n, "P", []) for n in "ABCDEF"], campaign=name)
    app = TitanCampaignApp(db, open_campaign=name)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = rendered(app.screen.query_one("#roster-title")).splitlines()
    assert title == [name.upper(), "base XP 200   6 Titans   (archived hidden, v shows them)"]


def three_full_schools() -> list[Event]:
    """Water, earth and fire each at level 3, every pick taken: 18 spells known (R5)."""
    from titan_campaign.rules.spells import spells_of

    events: list[Event] = [won_game(1, scenario_xp=900)]
    for school in ("water", "earth", "fire"):
        for level in (1, 2, 3):
            events.append(SchoolGained(school=school, level=level))
            for pick in range(1, level + 1):  # R5: (S, L), and below it (S, 1), (S, 2)
                spell = spells_of(school, pick)[level - pick]
                events.append(SpellChosen(spell=spell.name, pick="school"))
    return events


async def test_a_long_spell_list_scrolls_with_the_sheet_not_inside_it(tmp_path: Path) -> None:
    """At 120x40 a list of 18 spells showed 11 and scrolled inside the sheet, so the mouse
    wheel and the keys over it scrolled the list, not the page: it takes its full height."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", three_full_schools())])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        spells = app.screen.query_one("#spell-list", DataTable)
        sheet = app.screen.query_one("#sheet", VerticalScroll)
        assert spells.row_count == 18
        assert spells.size.height == 19 and spells.max_scroll_y == 0  # every row, no inner scroll
        assert sheet.scroll_y == 0
        # the mouse wheel over the list scrolls the sheet
        spells.post_message(events.MouseScrollDown(spells, 5, 1, 0, 1, 0, False, False, False))
        await pilot.pause()
        assert sheet.scroll_y > 0


async def test_moving_down_a_long_spell_list_scrolls_the_sheet_to_the_spell(
    tmp_path: Path,
) -> None:
    """With every spell in the page, Down to a spell below the screen's edge scrolls the
    sheet to it, and its card below comes into view with it when both fit."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", three_full_schools())])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        schools = app.screen.query_one("#schools", BoxGrid)
        schools.focus()
        schools.cursor = len(schools.rows) - 1
        await pilot.press("down")  # from the last school into the spells
        await pilot.pause()
        spells = app.screen.query_one("#spell-list", DataTable)
        sheet = app.screen.query_one("#sheet", VerticalScroll)
        text = app.screen.query_one("#spell-text")
        assert app.focused is spells and spells.max_scroll_y == 0
        for row in range(1, 18):
            await pilot.press("down")
            await pilot.pause()
            assert spells.cursor_row == row
            y = spells.region.y + 1 + row  # below the header
            assert sheet.region.y <= y < sheet.region.bottom, row
        assert sheet.region.contains_region(text.region), sheet.region.height  # its card too
        for row in range(16, -1, -1):
            await pilot.press("up")
            await pilot.pause()
            y = spells.region.y + 1 + row
            assert sheet.region.y <= y < sheet.region.bottom, row


async def test_an_intelligence_box_bought_before_any_school_level_is_told_as_bought(
    tmp_path: Path,
) -> None:
    """Its bonus pick waits for a school level (R6), so no pick list opens: the purchase's note
    was titled "Choices made", when nothing had been chosen."""
    db = build_db(tmp_path / "c.json", 200, [("Mira", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Mira")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("down", "down", "space")  # Intelligence
        await pilot.pause()
        assert not isinstance(app.screen, PickModal)
        [(title, message)] = zip(notes.titles, notes.messages, strict=True)
        assert message.startswith("Mira: bought an Intelligence box")
        assert title == "Bought"
