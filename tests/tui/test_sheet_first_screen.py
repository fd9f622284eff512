"""The first screen of a sheet at 80x24 holds what a purchase needs: the XP a player spends
from sits above the boxes, so checking a box shows the XP drop without scrolling."""

from __future__ import annotations

from pathlib import Path

from titan_campaign.rules.events import SchoolGained, SpellChosen
from titan_campaign.rules.spells import find_spell
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.sheet import SheetScreen

from .conftest import CAMPAIGN, build_db, rendered


def sheet_of(app: TitanCampaignApp) -> SheetScreen:
    return next(screen for screen in app.screen_stack if isinstance(screen, SheetScreen))


def on_screen(app: TitanCampaignApp, selector: str) -> bool:
    """Whether the widget is drawn whole inside the sheet's visible part (no scrolling)."""
    widget = sheet_of(app).query_one(selector)
    visible = sheet_of(app).query_one("#sheet").region
    return widget.display and visible.contains_region(widget.region)


async def test_buying_a_box_at_80x24_shows_the_xp_drop_without_scrolling(
    iron_crown: Path,
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for part in ("#sheet-title", "#sheet-summary", "#abilities", "#schools"):
            assert on_screen(app, part), part
        before = rendered(app.screen.query_one("#sheet-summary"))
        assert "XP available 250" in before
        assert "Mana" in before
        await pilot.press("space")  # Power's next box
        await pilot.pause()
        # level 5 reached: the free school level's pick list opens below the summary line
        after = rendered(sheet_of(app).query_one("#sheet-summary"))
        assert "XP available 150" in after
        assert on_screen(app, "#sheet-summary")
        assert sheet_of(app).query_one("#sheet").scroll_y == 0


async def test_the_parts_below_the_boxes_are_one_key_away(example_db: Path) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key, part in (("1", "#sheet-spells"), ("2", "#sheet-items"), ("4", "#sheet-legions")):
            assert not on_screen(app, part), part
            await pilot.press(key)
            await pilot.pause()
            assert on_screen(app, part), part
            await pilot.press("0")
            await pilot.pause()
        assert app.screen.query_one("#sheet").scroll_y == 0


async def test_the_highlighted_spells_whole_text_is_read_in_place_at_80x24(
    iron_crown: Path,
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "down", "down")  # Thorn's third spell: Stone Fist
        await pilot.pause()
        shown = rendered(sheet_of(app).query_one("#spell-text"))
        assert shown.startswith("Stone Fist")
        assert find_spell("Stone Fist").text in shown  # the whole rule text, not a cut
        assert on_screen(app, "#spell-text")
        assert on_screen(app, "#spell-list")


def test_the_spell_list_and_its_text_at_80x24(iron_crown: Path, snap_compare) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    assert snap_compare(app, press=["1", "down"], terminal_size=(80, 24))


def test_the_spell_list_and_its_text_at_120x40(iron_crown: Path, snap_compare) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    assert snap_compare(app, press=["1", "down"], terminal_size=(120, 40))


async def test_a_sheet_opens_at_its_top_at_60x20_the_titans_name_and_xp_in_view(
    iron_crown: Path,
) -> None:
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert sheet_of(app).query_one("#sheet").scroll_y == 0
        for part in ("#sheet-title", "#sheet-summary"):
            assert on_screen(app, part), part
        assert "THORN" in rendered(sheet_of(app).query_one("#sheet-title"))
        assert app.focused is sheet_of(app).query_one("#abilities")  # the boxes take the keys


async def test_r7_a_spell_costing_more_mana_than_the_titan_has_says_so_in_its_text(
    tmp_path: Path,
) -> None:
    """Cole, level 1 with 1 Mana a turn, knows Fire Fan (2 Mana): its text read in place
    said nothing of it, and the player learnt at the table it could not be cast."""
    events = [
        SchoolGained(school="fire", level=1),
        SpellChosen(spell="Fire Bolt", pick="school"),
        SchoolGained(school="fire", level=2),
        SpellChosen(spell="Fire Fan", pick="school"),
    ]
    db = build_db(tmp_path / "c.json", 200, [("Cole", "Ann", events)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Cole")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")  # the spells: Fire Bolt first
        await pilot.pause()
        assert "short" not in rendered(sheet_of(app).query_one("#spell-text"))
        await pilot.press("down")  # Fire Fan
        await pilot.pause()
        shown = " ".join(rendered(sheet_of(app).query_one("#spell-text")).split())
        assert shown.startswith("Fire Fan")
        assert "Your 1 Mana a turn is short of the 2 it costs" in shown
