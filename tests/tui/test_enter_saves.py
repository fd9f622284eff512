"""Enter in a form's last text field saves the form, as ctrl+s does, in every form with text
fields: the buy-item, buy-spell-with-gold and print dialogs as in the gold entry."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList

from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.forms import FormModal

from .conftest import CAMPAIGN, PRINTING, stored


async def test_enter_in_the_price_buys_the_item(iron_crown: Path) -> None:
    gold = stored(iron_crown, "Thorn").gold
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("m", "b")
        await pilot.pause()
        app.screen.query_one("#item-name", Input).value = "Shield"
        app.screen.query_one("#item-price", Input).focus()
        await pilot.press("1", "0", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, FormModal)
    thorn = stored(iron_crown, "Thorn")
    assert "Shield" in [item.name for item in thorn.items]
    assert thorn.gold == gold - 10


async def test_enter_in_the_price_buys_the_highlighted_spell_with_gold(iron_crown: Path) -> None:
    gold = stored(iron_crown, "Thorn").gold
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("m", "s")
        await pilot.pause()
        spells = app.screen.query_one("#gold-spell", OptionList)
        spells.highlighted = 0
        spell = str(spells.get_option_at_index(0).id)
        app.screen.query_one("#spell-price", Input).focus()
        await pilot.press("1", "0", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, FormModal)
    thorn = stored(iron_crown, "Thorn")
    assert thorn.knows(spell)
    assert thorn.gold == gold - 10


async def test_enter_in_the_file_name_prints(iron_crown: Path, tmp_path: Path) -> None:
    target = tmp_path / "thorn.pdf"
    app = TitanCampaignApp(iron_crown, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("p")
        await pilot.pause()
        field = app.screen.query_one("#print-path", Input)
        field.value = str(target)
        field.focus()
        await pilot.press("enter")
        await pilot.pause(PRINTING)
        assert not isinstance(app.screen, FormModal)
    assert target.read_bytes().startswith(b"%PDF")
