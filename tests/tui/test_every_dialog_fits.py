"""Every dialog at 80x24 and 60x20: its title, its fields and its buttons (one to save, one to
back out) in view without scrolling, every line of its words within its box, and its keys shown
at the bottom of the screen (the keys of the screen behind give way to them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.forms import FormBox, MessageModal
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import CAMPAIGN, screen_text
from .test_every_screen_snapshots import DIALOGS, campaign, made, opened  # noqa: F401 (fixtures)

pytestmark = pytest.mark.slow

BACK_OUT = ("Cancel", "Keep it", "Keep typing", "Not now")


@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=["80x24", "60x20"])
@pytest.mark.parametrize(("name", "titan", "keys"), DIALOGS, ids=[d[0] for d in DIALOGS])
async def test_the_dialog_fits(campaign: Path, name: str, titan, keys, size) -> None:  # noqa: F811
    async with opened(campaign, titan, keys, size) as (app, _pilot):
        dialog = app.screen
        assert isinstance(dialog, ModalScreen), dialog
        screen = dialog.region
        box = list(dialog.query(FormBox))[-1]
        assert screen.contains_region(box.region)
        if not isinstance(dialog, MessageModal):  # a long message scrolls inside its box
            assert box.max_scroll_y == 0, (name, box.virtual_size, box.size)
        title = box.query_one(".form-title")
        assert screen.contains_region(title.region) and title.region.height
        for words in box.query(Label):  # wrapped, never cut at the box's edge (when shown)
            assert not words.display or box.region.contains_region(words.region), (
                name,
                str(words.render()),
            )
        keys_shown = dialog.query_one(KeyBar)  # one key bar, the dialog's, on the last line
        assert keys_shown.region.bottom == screen.bottom, (name, keys_shown.region)
        lines = screen_text(app).splitlines()
        assert [n for n, line in enumerate(lines) if "^p Palette" in line] == [size[1] - 1], lines
        buttons = list(dialog.query(Button))
        if isinstance(dialog, MessageModal) or "pick" in box.classes:
            return  # a list to pick from or a message: Enter picks, Escape backs out (shown)
        for button in buttons:
            assert screen.contains_region(button.region), (name, str(button.label))
        labels = [str(button.label) for button in buttons]
        assert any(label in BACK_OUT for label in labels), (name, labels)


async def test_the_merge_preview_is_as_tall_as_what_it_says(campaign: Path) -> None:  # noqa: F811
    app = TitanCampaignApp(campaign, open_campaign=CAMPAIGN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("M")
        await pilot.pause()
        preview = app.screen.query_one("#merge-preview")
        assert preview.parent is not None
        assert preview.parent.region.height == preview.region.height  # no empty lines below


async def test_the_goal_dialog_fits_60x20_title_fields_and_buttons(campaign: Path) -> None:  # noqa: F811
    app = TitanCampaignApp(campaign, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        box = app.screen.query_one(FormBox)
        assert box.max_scroll_y == 0, (box.virtual_size, box.size)
        for part in (box.query_one(".form-title"), *box.query(Input), *box.query(Button)):
            assert app.screen.region.contains_region(part.region), part


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (120, 40)])
@pytest.mark.parametrize("keys", [["m", "b"], ["m", "i"]], ids=["buy_item", "add_item"])
async def test_the_item_dialog_fits_without_scrolling_every_field_and_key_in_view(
    campaign: Path,  # noqa: F811
    keys: list[str],
    size: tuple[int, int],
) -> None:
    app = TitanCampaignApp(campaign, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        box = app.screen.query_one(FormBox)
        assert box.max_scroll_y == 0, (box.virtual_size, box.size)
        parts = (
            box.query_one(".form-title"),
            box.query_one("#purse"),
            *box.query("Label"),
            *box.query("Input, Select"),
            *box.query(Button),
            app.screen.query_one("KeyBar"),
        )
        for part in parts:
            assert app.screen.region.contains_region(part.region), part


async def test_on_a_phone_held_upright_the_item_dialogs_labels_stand_above_their_fields(
    campaign: Path,  # noqa: F811
) -> None:
    app = TitanCampaignApp(campaign, open_campaign=CAMPAIGN, open_titan="Thorn")
    async with app.run_test(size=(36, 40)) as pilot:
        await pilot.pause()
        await pilot.press("m", "b")
        await pilot.pause()
        box = app.screen.query_one(FormBox)
        for row in box.query(".field-row"):  # charges and price share a row: each pair
            for label, field in zip(row.children[::2], row.children[1::2], strict=True):
                assert label.region.bottom <= field.region.y, (label, field)
                assert field.region.width == row.region.width, field  # the whole width


@pytest.mark.parametrize(
    ("titan", "keys"),
    [("Thorn", ["m", "a"]), ("Thorn", ["m", "b"]), ("Thorn", ["m", "s"]), (None, ["a"])],
    ids=["gold", "item", "spell", "add_titan"],
)
async def test_a_refusal_shown_in_a_dialog_at_60x20_keeps_its_buttons_and_keys_in_view(
    campaign: Path,  # noqa: F811
    titan: str | None,
    keys: list[str],
) -> None:
    app = TitanCampaignApp(campaign, open_campaign=CAMPAIGN, open_titan=titan)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        await pilot.press("ctrl+s")  # nothing typed: refused, the reason under its field
        await pilot.pause()
        dialog = app.screen
        assert [error for error in dialog.query(".field-error") if error.display]
        box = dialog.query_one(FormBox)
        assert box.max_scroll_y == 0, (box.virtual_size, box.size)
        for part in (*dialog.query(Button), dialog.query_one(KeyBar)):
            assert dialog.region.contains_region(part.region), part
