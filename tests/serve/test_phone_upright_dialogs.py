"""A served tab on a phone held upright (390x844 CSS px at the tab's 20 px text: a 32x32
terminal): every dialog's buttons, fields and words fit across the screen, none cut at its
right edge (the dialog scrolls down for the rest): the buttons stand one above the other."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from tests.tui.conftest import CAMPAIGN, PHONE_UPRIGHT
from tests.tui.test_every_screen_snapshots import DIALOGS, campaign, made, opened  # noqa: F401 (fixtures)
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.forms import FormBox

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(("name", "titan", "keys"), DIALOGS, ids=[d[0] for d in DIALOGS])
async def test_every_button_of_the_dialog_fits_across_a_phone_held_upright(
    campaign: Path,  # noqa: F811
    name: str,
    titan: str | None,
    keys: list[str],
) -> None:
    async with opened(campaign, titan, keys, PHONE_UPRIGHT) as (app, _pilot):
        every_part_fits(name, app.screen)


async def test_the_goal_dialogs_three_buttons_fit_on_a_terminal_split_in_two(
    campaign: Path,  # noqa: F811
) -> None:
    """At 50 columns, too narrow for its three buttons side by side: one above the other."""
    async with opened(campaign, "Thorn", ["o"], (50, 24)) as (app, _pilot):
        every_part_fits("goal", app.screen)


def every_part_fits(name: str, dialog: object) -> None:
    assert isinstance(dialog, ModalScreen), dialog
    box = list(dialog.query(FormBox))[-1]
    assert box.max_scroll_x == 0, (name, box.virtual_size, box.size)
    inside = box.content_region
    for part in box.query("*"):  # every button, field and line of words
        if not part.display or not part.region.width:
            continue
        across = (part.region.x, part.region.right)
        assert inside.x <= across[0] and across[1] <= inside.right, (
            name,
            str(part.render()) if isinstance(part, Label) else str(part.label),
            across,
            (inside.x, inside.right),
        )


@pytest.mark.parametrize("size", [PHONE_UPRIGHT, (50, 24)], ids=["upright", "50x24"])
async def test_the_campaign_list_buttons_fit_across_a_phone_held_upright(
    campaign: Path,  # noqa: F811
    size: tuple[int, int],
) -> None:
    """Held upright, or on a terminal split in two (too narrow for both side by side)."""
    app = TitanCampaignApp(campaign, open_campaign=CAMPAIGN)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # from the roster to the campaign list
        await pilot.pause()
        buttons = list(app.screen.query(Button))
        assert [button.id for button in buttons] == ["new-campaign", "load-example"]
        for button in buttons:
            assert app.screen.region.contains_region(button.region), (
                str(button.label),
                button.region,
            )
