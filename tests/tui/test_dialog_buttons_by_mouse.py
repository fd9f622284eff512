"""Every dialog at 60x20 and 80x24 by mouse: each of its buttons is what a click at it lands
on (nothing covers it), and a click on the button that backs out closes the dialog."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import ModalScreen
from textual.widgets import Button

from .test_every_dialog_fits import BACK_OUT
from .test_every_screen_snapshots import DIALOGS, campaign, made, opened  # noqa: F401 (fixtures)

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("size", [(60, 20), (80, 24)], ids=["60x20", "80x24"])
@pytest.mark.parametrize(("name", "titan", "keys"), DIALOGS, ids=[d[0] for d in DIALOGS])
async def test_a_click_on_a_dialogs_button_reaches_it_and_back_out_closes_it(
    campaign: Path,  # noqa: F811
    name: str,
    titan: str | None,
    keys: list[str],
    size: tuple[int, int],
) -> None:
    async with opened(campaign, titan, keys, size) as (app, pilot):
        dialog = app.screen
        assert isinstance(dialog, ModalScreen), dialog
        buttons = list(dialog.query(Button))
        for button in buttons:
            at, _ = dialog.get_widget_at(*button.region.center)
            assert at is button, (name, str(button.label), at)
        back_out = [b for b in buttons if str(b.label) in BACK_OUT]
        if not back_out:
            return  # a list to pick from or a message: Escape backs out
        await pilot.click(back_out[0])
        await pilot.pause()
        assert app.screen is not dialog, (name, app.screen)
