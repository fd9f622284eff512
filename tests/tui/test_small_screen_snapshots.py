"""Three screens that used to hide what the player needs at 80x24, pinned: the character
table's points, the level-up list after a purchase, and an opened pick list on the plan.

Regenerate after an intended change with ``pytest tests/tui --snapshot-update`` and review the
SVG files in ``__snapshots__``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Select, Tabs
from textual.widgets._select import SelectOverlay

from titan_campaign.rules.events import AbilityBought
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.forms import PickModal

from .conftest import Notes, build_db, rendered

SMALL = (80, 24)


@pytest.fixture
def leader_db(tmp_path: Path) -> Path:
    """Osk has a Charisma and a Leadership box; Thorn is one box short of level 1."""
    osk = [AbilityBought(ability="charisma"), AbilityBought(ability="leadership")]
    thorn = [AbilityBought(ability="power")]
    return build_db(tmp_path / "c.json", 200, [("Osk", "Cy", osk), ("Thorn", "Ann", thorn)])


TO_THE_CHARACTERS = ["f1", "tab", "right"]
"""The reference opens on its spell list; Tab reaches its tabs, Right opens the next."""


def test_the_character_table_shows_every_column_at_80x24(leader_db: Path, snap_compare) -> None:
    app = TitanCampaignApp(leader_db, open_campaign="Demo")
    assert snap_compare(app, press=TO_THE_CHARACTERS, terminal_size=SMALL)


async def test_the_points_column_fits_in_80_columns_of_a_tab_reached_by_keys_or_mouse(
    leader_db: Path,
) -> None:
    app = TitanCampaignApp(leader_db, open_campaign="Demo")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press(*TO_THE_CHARACTERS[:2])
        await pilot.pause()
        assert isinstance(app.focused, Tabs)
        await pilot.press(TO_THE_CHARACTERS[2])
        await pilot.pause()
        table = app.screen.query_one("#character-table", DataTable)
        assert table.has_focus  # the tab switched, its list takes the focus: Down moves in it
        labels = [str(column.label) for column in table.columns.values()]
        widths = [column.get_render_width(table) for column in table.columns.values()]
        assert labels.index("Points") < labels.index("Natives")  # beside Power and Skill
        assert sum(widths) <= table.scrollable_content_region.width  # nothing cut off
        assert table.get_row_at(2)[labels.index("Points")] == "90"  # the Archangel
        await pilot.press("down")
        assert table.cursor_row == 1
        await pilot.click("#--content-tab-tab-spells")  # and by mouse
        await pilot.pause()
        assert app.screen.query_one("#spell-table", DataTable).has_focus


def test_a_purchase_that_levels_up_tells_it_on_the_pick_list(leader_db: Path, snap_compare) -> None:
    app = TitanCampaignApp(leader_db, open_campaign="Demo", open_titan="Thorn")
    assert snap_compare(app, press=["down", "space"], terminal_size=SMALL)


async def test_no_notification_covers_the_level_up_list(leader_db: Path) -> None:
    app = TitanCampaignApp(leader_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SMALL) as pilot:
        notes = Notes(app)
        await pilot.press("down", "space")  # 200 XP spent: level 1 (R2)
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        news = rendered(app.screen.query_one("#pick-news"))
        assert news.startswith("Thorn reaches LEVEL 1!   0 XP left.")
        assert "one free spell-school level to choose (R2)" in news
        assert notes.messages == []
        await pilot.press("enter")  # Water level 1: its spell pick comes next, with the news
        await pilot.pause()
        assert "Water level 1 gained" in rendered(app.screen.query_one("#pick-news"))
        assert notes.messages == []


def test_an_opened_leadership_list_on_the_plan_at_80x24(leader_db: Path, snap_compare) -> None:
    app = TitanCampaignApp(leader_db, open_campaign="Demo", open_titan="Osk")
    assert snap_compare(app, press=["t", "tab", "enter"], terminal_size=SMALL)


async def test_an_opened_pick_list_is_framed_apart_from_the_text_behind(leader_db: Path) -> None:
    app = TitanCampaignApp(leader_db, open_campaign="Demo", open_titan="Osk")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("t", "tab", "enter")
        await pilot.pause()
        upgrade = app.screen.query_one("#upgrade-0", Select)
        assert upgrade.expanded
        overlay = upgrade.query_one(SelectOverlay)
        assert overlay.styles.border_top[0] == "round"
        assert overlay.styles.border_left[0] == "round"


async def test_the_notice_of_choices_made_does_not_repeat_its_first_line_as_its_title(
    leader_db: Path,
) -> None:
    """Its title was "Thorn: 0 XP left" over a first line "Thorn: 0 XP left.": said twice."""
    app = TitanCampaignApp(leader_db, open_campaign="Demo", open_titan="Thorn")
    told: list[tuple[str, str]] = []
    async with app.run_test(size=SMALL) as pilot:
        original = app.notify

        def notify(message: str, **kwargs: Any) -> None:
            told.append((str(kwargs.get("title", "")), str(message)))
            original(message, **kwargs)

        app.notify = notify  # type: ignore[method-assign]
        await pilot.press("down", "space")  # level 1: a free school level, then its spell
        await pilot.pause()
        for _ in range(4):
            if not isinstance(app.screen, PickModal):
                break
            await pilot.press("enter")
            await pilot.pause()
    [(title, message)] = [(t, m) for t, m in told if "XP left" in m]
    assert title == "Choices made" and message.startswith("Thorn"), (title, message)
