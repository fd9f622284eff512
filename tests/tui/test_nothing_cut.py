"""Nothing cut that cannot be reached: an ability's note cut short on its row is read whole on
the line under the boxes when the cursor is on it, at every size from 60x20 up."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widgets import DataTable, Input, Static

from titan_campaign.rules.abilities import ABILITY_INFO
from titan_campaign.rules.spells import SPELLS
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.widgets.box_grid import BoxGrid
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import CAMPAIGN, rendered, screen_text


@pytest.mark.parametrize("size", [(60, 20), (64, 20), (80, 24), (120, 40)])
async def test_every_ability_note_is_read_whole_with_the_cursor_on_it(
    iron_crown: Path, size: tuple[int, int]
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        grid = app.screen.query_one("#abilities", BoxGrid)
        grid.focus()
        for row in range(len(grid.rows)):
            grid.cursor = row
            await pilot.pause()
            shown = " ".join(rendered(grid).split())
            note = ABILITY_INFO[grid.rows[row].key].sheet_text
            assert note in shown, (size, note, shown)


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_the_reference_opens_on_its_spell_list_its_filter_hint_and_each_card_whole(
    iron_crown: Path, size: tuple[int, int]
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=size) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        table = app.screen.query_one("#spell-table", DataTable)
        card = app.screen.query_one("#spell-card", Static)
        hint = str(app.screen.query_one("#spell-filter", Input).placeholder)
        assert hint.startswith("/") and hint in screen_text(app), hint  # whole, not cut
        await pilot.press("down")  # the list has the focus: Down moves to the second spell
        await pilot.pause()
        assert table.has_focus and table.cursor_row == 1
        assert SPELLS[1].name.upper() in rendered(card)
        above_the_keys = Region(0, 0, size[0], app.screen.query_one(KeyBar).region.y)
        for row, spell in enumerate(SPELLS):  # every card, the longest too, without a scroll
            table.move_cursor(row=row)
            await pilot.pause()
            assert above_the_keys.contains_region(card.region), (spell.name, card.region)
            assert spell.text.split()[-1] in rendered(card), spell.name
            cursor = table.region.y + 1 + row - int(table.scroll_y)  # under the header row
            assert table.region.y < cursor < table.region.bottom, spell.name


def test_a_name_in_a_wide_script_is_cut_to_the_columns_it_takes_on_screen() -> None:
    from rich.cells import cell_len

    from titan_campaign.tui.widgets.shorten import shorten

    name = "雷霆之王泰坦阿斯特拉尔"  # 11 letters, 22 cells
    cut = shorten(name, 9)
    assert cell_len(cut) <= 9 and cut.endswith("…") and name.startswith(cut[:-1])
    assert shorten("Thorn", 5) == "Thorn" and shorten("雷霆", 4) == "雷霆"


async def test_the_reason_under_the_boxes_is_read_whole_after_a_purchase(tmp_path: Path) -> None:
    from .conftest import build_db

    db = build_db(tmp_path / "c.json", 200, [("Neo", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Neo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("space", "space")  # 200 XP spent: level 1, its free school level offered
        await pilot.pause()
        await pilot.press("escape")  # chosen later
        await pilot.pause()
        shown = " ".join(screen_text(app).split())  # as painted, not as the grid would draw
    assert "Power: one Power box needs 100 XP, 0 available (R1)" in shown, shown


def test_the_figures_above_the_boxes_take_two_lines_where_one_does_not_fit() -> None:
    from titan_campaign.rules.events import Created
    from titan_campaign.rules.sheet import sheet_view
    from titan_campaign.rules.titan import replay
    from titan_campaign.tui.screens.sheet import summary_line, title_line

    data = sheet_view(replay([Created(name="Mira", player="Bo", base_xp=200)]), "The Iron Crown")
    one = summary_line(data, 76).plain
    assert one == "XP available 200   to next level 200   Mana 0   Gold 0"
    two = summary_line(data, 36).plain  # a 40-column screen
    assert two.splitlines() == ["XP available 200   Mana 0", "to next level 200   Gold 0"]
    rich = replace(data, gold=1250)  # on a phone, "Gold" was left at a line's end, 1250 under it
    assert summary_line(rich, 26).plain.splitlines() == [
        "XP available 200   Mana 0",
        "to next level 200",
        "Gold 1250",
    ]
    assert title_line(data, 116).plain.endswith("The Iron Crown      LEVEL 0")
    assert title_line(data, 40).plain.splitlines() == [  # each part whole on its line
        "MIRA   player Bo",
        "campaign The Iron Crown      LEVEL 0",
    ]
    assert title_line(data, 20).plain.splitlines()[-2:] == ["campaign The Iron Crown", "LEVEL 0"]


@pytest.mark.parametrize("width", [39, 40, 44])
async def test_at_about_40_columns_the_sheet_shows_mana_and_gold(iron_crown: Path, width) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
    assert "Mana 5" in shown and "Gold 40" in shown, shown


@pytest.mark.parametrize("width", [40, 44])
async def test_the_game_forms_headings_stand_over_their_fields_at_about_40_columns(
    iron_crown: Path, width: int
) -> None:
    from titan_campaign.tui.screens.game import TitanRow

    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await pilot.pause()
        painted = screen_text(app).splitlines()  # as painted: a heading too long wraps
        row = app.screen.query(TitanRow).first()
        fields = [field for field in row.query(Input) if field.id != "survivors" and field.display]
        on_first_line = [f for f in fields if f.region.y == fields[0].region.y]
    headings = next(line for line in painted if "Score" in line).split()
    assert len(headings) == len(on_first_line), (headings, len(on_first_line))


async def test_a_long_name_on_the_game_form_leaves_a_gap_before_the_result(
    iron_crown: Path,
) -> None:
    from titan_campaign import actions
    from titan_campaign.store import Database

    db = Database(iron_crown)
    name = "Maximilian Alexander Ferdinand"
    actions.add_titan(db, actions.find_campaign(db, CAMPAIGN), name, "Dee")
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        shown = screen_text(app)
    line = next(line for line in shown.splitlines() if "Maximilian" in line and "w/l?" in line)
    assert "… w/l?" in line, line


async def test_right_and_left_go_between_the_abilities_and_the_schools_on_the_same_row(
    iron_crown: Path,
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "right")
        await pilot.pause()
        schools = app.screen.query_one("#schools", BoxGrid)
        assert app.focused is schools and schools.cursor == 2
        await pilot.press("left")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#abilities", BoxGrid)


@pytest.mark.parametrize("width", [41, 44, 46, 50])
async def test_the_history_wraps_within_the_screen_at_about_44_columns(
    iron_crown: Path, width: int
) -> None:
    """At 41 to 45 columns "what happened" was made 20 wide where 15 to 19 were left: its
    lines ran under the scroll bar ("(30" read "(3")."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(width, 20)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.show_vertical_scrollbar  # more changes than fit: the bar takes its room
        assert table.virtual_size.width <= table.scrollable_content_region.width, width


async def test_the_sheets_level_is_never_painted_apart_from_its_number(iron_crown: Path) -> None:
    """At 60 columns the title was measured without its own padding: "LEVEL" ended the line
    and its number began the next."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        for width in range(50, 81):
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            painted = screen_text(app)
            assert re.search(r"LEVEL \d+", painted) and not re.search(r"LEVEL\s*\n", painted), (
                width,
                painted,
            )


async def test_resized_back_the_sheet_shows_its_title_again(iron_crown: Path) -> None:
    """The cursor on Water at 80x24, the terminal narrowed to 60x20 (the schools under the
    abilities, scrolled to) and widened back: the sheet stayed scrolled, its title and the
    figures off the screen, until a key was pressed."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right")  # the schools, beside the abilities: Water
        await pilot.pause()
        assert "THORN" in screen_text(app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("down", "up")  # the page follows the cursor to Water, below
        await pilot.pause()
        assert "THORN" not in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        painted = screen_text(app)
        assert "THORN" in painted and "WATER" in painted, painted


async def test_a_player_is_read_whole_on_the_roster_when_the_names_leave_room(
    tmp_path: Path,
) -> None:
    """At 80 columns "Zoë O'Brien [b]" read "Zoë O'Brie…" beside names of 11 letters, the
    row using 57 of the 80 columns."""
    from .conftest import build_db

    db = build_db(
        tmp_path / "c.json", 200, [("Þórr Ærling", "Zoë O'Brien [b]", []), ("Mira", "Bo", [])]
    )
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
    assert "Zoë O'Brien [b]" in shown and "…" not in shown, shown


async def test_the_natives_column_takes_the_room_a_wide_screen_has(iron_crown: Path) -> None:
    """At 120 columns the Characters tab wrapped "drift, slope" under Colossus with some 45
    columns empty beside it."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        app.screen.query_one("#reference-tabs").active = "tab-characters"  # type: ignore[attr-defined]
        await pilot.pause()
        shown = screen_text(app)
        assert re.search(r"Colossus .* drift, slope", shown), shown
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        table = app.screen.query_one("#character-table", DataTable)
        assert table.ordered_columns[-1].width == 11  # every column whole at 80
