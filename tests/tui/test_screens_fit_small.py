"""Every screen at 60x20 and 80x24: nothing runs off its right edge, so nothing is cut that a
player has to scroll sideways to read (a table's far columns scroll sideways on purpose, their
first columns staying in view). The game form stacks a Titan's row where it does not fit."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widget import Widget
from textual.widgets import DataTable

from titan_campaign.tui.app import TitanCampaignApp

from .conftest import CAMPAIGN
from .test_every_screen_snapshots import SCREENS, campaign, made, opened  # noqa: F401 (fixtures)

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("size", [(60, 20), (80, 24)], ids=["60x20", "80x24"])
@pytest.mark.parametrize(("name", "titan", "keys"), SCREENS, ids=[s[0] for s in SCREENS])
async def test_nothing_on_the_screen_runs_off_its_right_edge(
    campaign: Path,  # noqa: F811
    name: str,
    titan: str | None,
    keys: list[str],
    size: tuple[int, int],
) -> None:
    async with opened(campaign, titan, keys, size) as (app, _pilot):
        assert app.screen.max_scroll_y == 0, name  # what scrolls does so inside the screen
        for widget in app.screen.query("*"):
            held = [widget, *widget.ancestors]
            if any(isinstance(w, DataTable) for w in held):
                continue
            box = widget.parent
            if widget.display and widget.region.width and isinstance(box, Widget):
                inside = box.scrollable_content_region.right
                assert widget.region.right <= inside, (name, widget, widget.region, inside)


@pytest.mark.parametrize("size", [(60, 20), (80, 24)], ids=["60x20", "80x24"])
@pytest.mark.parametrize("titan", [None, "Thorn"], ids=["campaign", "titan"])
async def test_the_history_keeps_its_title_and_hint_in_view_and_wraps_what_happened(
    campaign: Path,  # noqa: F811
    titan: str | None,
    size: tuple[int, int],
) -> None:
    app = TitanCampaignApp(campaign, open_campaign=CAMPAIGN, open_titan=titan)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        screen = app.screen
        for part in (screen.query_one("#history-title"), screen.query_one(".hint")):
            assert screen.region.contains_region(part.region), part
        table = screen.query_one("#history", DataTable)
        assert table.max_scroll_y > 0  # the example campaign's history is longer than a screen
        assert table.max_scroll_x == 0, (table.virtual_size, table.size)


@pytest.mark.parametrize("size", [(32, 32), (60, 20), (80, 24), (120, 40)])
async def test_the_game_form_with_a_scenario_keeps_every_field_in_view(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """A scenario named shows the scenario award's field in every row, in the place kept for
    it: at 80 and 120 columns the row stays on one line; narrower, each Titan's figures go
    under its name (at 32 columns, in two lines), every field whole and in view, none
    scrolled sideways."""
    keys = ["g", "shift+tab", "shift+tab", *"Siege"]
    async with opened(campaign, None, keys, size) as (app, _pilot):
        form = app.screen.query_one("#game-form")
        assert form.max_scroll_x == 0, (form.virtual_size, form.size)
        for field in app.screen.query("#game-form Input"):
            if field.display:
                assert form.content_region.contains_region(field.region), (field, field.region)
        thorn = app.screen.query_one("#titan-1")
        assert thorn.has_class("-stacked") == (size[0] < 80), size
        assert thorn.query_one("#scenario_award").display
