"""Each form has a Cancel button beside its Save: it backs out and saves nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button

from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.forms import FormModal

from .conftest import CAMPAIGN, change_count


@pytest.mark.parametrize("keys", [["m", "a"], ["m", "b"], ["m", "s"], ["m", "i"], ["p"]])
async def test_cancel_closes_the_form_and_saves_nothing(iron_crown: Path, keys) -> None:
    before = change_count(iron_crown)
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*keys)
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormModal)
        form.query_one("#cancel", Button).press()
        await pilot.pause()
        assert not isinstance(app.screen, FormModal)
    assert change_count(iron_crown) == before
