"""Meaning never carried by colour alone: the game form's marks read as text, and its
headings say the figures' names in full when the screen has room for them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.style import Style
from textual.color import Color
from textual.widgets import Checkbox, Input

from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.game import RecordGameScreen

from .conftest import CAMPAIGN, rendered


async def test_a_titan_left_out_of_the_game_reads_differently_from_one_taking_part(
    iron_crown: Path,
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, RecordGameScreen)
        thorn, mira = list(app.screen.query("#takes-part").results(Checkbox))[:2]
        mira.value = False
        await pilot.pause()
        taking_part, left_out = rendered(thorn), rendered(mira)
    assert "✓" in taking_part
    assert "✓" not in left_out


def heading_over(header: Any, field: Any) -> str:
    """The words of the game form's headings that start over ``field``, their lines joined
    ("" where no word starts just there)."""
    column = field.region.x - header.content_region.x
    words = [
        line[column:].split(" ")[0]
        for line in rendered(header).split("\n")
        if column == 0 or line[column - 1 : column] == " "
    ]
    return " ".join(word for word in words if word)


async def test_the_game_form_names_each_figure_in_full_at_120_columns(iron_crown: Path) -> None:
    """Each in full over its field, on two lines (at 120 columns the row keeps the scenario
    award's place and leaves Survivors room)."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        header = app.screen.query_one(".game-header")
        legend = app.screen.query_one("#game-legend")
        row = app.screen.query_one("#titan-1")
        named = {
            "battle_won": "Battles won",
            "battle_lost": "Battles lost",
            "agreement": "Agreements",
            "agreement_eliminated": "Agreements eliminated",
            "scenario_xp": "Scenario XP",
        }
        for field, heading in named.items():
            assert heading_over(header, row.query_one(f"#{field}")) == heading, field
        assert "BW" not in rendered(header).split()
        assert not legend.display or "BW/BL" not in rendered(legend)  # no key to decode


async def test_the_game_form_keeps_short_headings_and_their_legend_at_80_columns(
    iron_crown: Path,
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        header = rendered(app.screen.query_one(".game-header"))
        assert "BW" in header.split()
        assert "BW/BL battles won/lost" in rendered(app.screen.query_one("#game-legend"))
        row = app.screen.query_one("#titan-1")
        assert row.virtual_size.width <= app.screen.size.width  # nothing runs off the right


async def test_the_figure_fields_sit_under_their_headings_at_120_columns(iron_crown: Path) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        header = app.screen.query_one(".game-header")
        row = app.screen.query_one("#titan-1")
        for field, heading in (("battle_lost", "Battles lost"), ("fled", "Fled")):
            assert heading_over(header, row.query_one(f"#{field}")) == heading, field


async def test_the_headings_take_one_line_again_when_the_terminal_narrows(iron_crown: Path) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        header = app.screen.query_one(".game-header")
        assert "BW" in rendered(header).split()
        assert header.region.height == 1
        assert app.screen.query_one("#titan-1").region.y == header.region.bottom + 1


async def test_every_field_of_a_row_can_be_reached_at_60x20(iron_crown: Path) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        row = app.screen.query_one("#titan-1")
        for field in ("fled", "survivors"):
            widget = row.query_one(f"#{field}")
            widget.focus()
            await pilot.pause()
            await pilot.pause()
            assert widget.region.width >= 3, field  # shown, not squeezed away
            assert app.screen.region.contains_region(widget.region), (field, widget.region)


async def test_the_result_field_with_the_focus_is_marked_without_colour(iron_crown: Path) -> None:
    """With NO_COLOR (or 16 colours) the focused result read exactly as the others: only its
    background said where w or l would go."""
    from titan_campaign.tui.widgets.result_pick import ResultPick

    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        first, second = list(app.screen.query(ResultPick))[:2]
        assert app.screen.focused is first
        assert first.rich_style.underline and not second.rich_style.underline


async def test_the_tick_with_the_focus_is_marked_without_colour(iron_crown: Path) -> None:
    """Tab from a row's survivors goes to the next Titan's tick, whose focus only its colour
    showed: in a terminal of few colours the player could not see where the keys went."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        first, second = list(app.screen.query("#takes-part").results(Checkbox))[:2]
        first.focus()
        await pilot.pause()

        def underlined(tick: Checkbox) -> str:
            line = tick.render_line(0)
            return "".join(s.text for s in line if s.style and s.style.underline).strip()

        assert app.screen.focused is first
        assert first.label.plain.strip() in underlined(first)
        assert underlined(second) == ""


async def test_a_pick_list_with_the_focus_is_marked_without_colour(iron_crown: Path) -> None:
    """With NO_COLOR the reference's "any school" with the focus differed from "any level"
    by one grey step of its background: a player tabbing along could not see where they were."""
    from textual.widgets import Select
    from textual.widgets._select import SelectCurrent

    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        school = app.screen.query_one("#spell-school", Select)
        level = app.screen.query_one("#spell-level", Select)
        school.focus()
        await pilot.pause()
        shown = school.query_one(SelectCurrent).rich_style
        assert shown.underline, shown
        assert not level.query_one(SelectCurrent).rich_style.underline


def shown_background(style: Style) -> Color:
    """The colour a cell's background shows (its text colour, if the cell is reversed)."""
    colour = style.color if style.reverse else style.bgcolor
    assert colour is not None, style
    return Color.from_rich_color(colour)


@pytest.mark.parametrize(
    ("titan", "keys", "value"),
    [("Thorn", ["r"], "Thorn"), ("Thorn", ["w"], "Ann"), (None, ["escape", "r"], CAMPAIGN)],
    ids=["rename", "player", "campaign_rename"],
)
async def test_a_name_selected_to_be_replaced_stands_out_from_its_field(
    iron_crown: Path, titan: str | None, keys: list[str], value: str
) -> None:
    """The rename dialog opens with the old name selected, so typing replaces it; but the
    selection differed from the field by one step of its background (colour 24 against 23), and
    "in" typed to make "Thorin" renamed Thorn "in". The selected name is now shown reversed,
    plainly (with NO_COLOR too), and Home, End or Right leaves it unselected to type into."""
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan=titan)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        field = app.screen.focused
        assert isinstance(field, Input) and field.selected_text == field.value, field
        line = field.render_line(0)  # the field's one line of text
        assert value in line.text, line.text
        cells = [(segment.text, segment.style) for segment in line for _ in segment.text]
        start = line.text.index(value)
        selected = [style for text, style in cells[start : start + len(value)]]
        unselected = cells[start + len(value) + 2][1]  # past the cursor, in the field
        assert all(style is not None and style.reverse for style in selected), selected
        assert unselected is not None and not unselected.reverse
        shade = shown_background(unselected).brightness
        assert all(abs(shown_background(s).brightness - shade) > 0.4 for s in selected)
        for key, at in (("home", 0), ("end", len(value)), ("right", len(value))):
            field.select_all()
            await pilot.press(key)
            assert not field.selected_text and field.cursor_position == at, key
        await pilot.press("i")
        assert field.value == f"{value}i"  # typed after the name, which stays
