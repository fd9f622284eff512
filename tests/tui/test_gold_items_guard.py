"""Worked examples: using a charge of a magic item or removing it on the gold screen is
refused only when that same Titan changed since the screen drew it; the screen then shows the
Titan as it is now, and nothing is saved. A change to another Titan does not matter."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.store import Database
from titan_campaign.tui import app as app_module
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.gold import GoldScreen

from .conftest import SIZE, Notes, change_count, named, screen_text, stored


@pytest.fixture(autouse=True)
def no_live_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    """The live view is slowed down, so that it cannot redraw the screen before the save:
    what these tests look at is the save's own guard."""
    monkeypatch.setattr(app_module, "POLL_SECONDS", 3600.0)


@pytest.mark.parametrize("key", ["minus", "delete"])
async def test_an_item_used_or_removed_is_refused_if_the_titan_changed_since_shown(
    example_db: Path, key: str
) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, GoldScreen)
        actions.change_gold(
            Database(example_db), named(Database(example_db), "Bryn"), 5
        )  # another Titan: no matter
        actions.change_gold(
            Database(example_db), named(Database(example_db), "Thorn"), 7
        )  # the same Titan, elsewhere
        changes = change_count(example_db)
        await pilot.press(key)
        await pilot.pause()
        assert change_count(example_db) == changes  # nothing saved
        assert stored(example_db, "Thorn").items[0].charges == 3
        assert "changed elsewhere" in notes.text()
        assert isinstance(app.screen, GoldScreen) and app.screen.state.gold == 127  # as now
        await pilot.press(key)  # asked again, as shown now: saved
        await pilot.pause()
        assert change_count(example_db) == changes + 1


async def test_a_potion_bought_in_the_app_by_its_name_alone_is_as_the_command_line_buys_it(
    example_db: Path,
) -> None:
    """Typing only "potion" and a price, as ``titan-campaign buy Thorn item potion --price 20``
    would: the item gets the listed type, effect and charge in both shells."""
    from textual.widgets import Input

    from titan_campaign.tui.screens.gold import ItemModal

    other = Database(example_db.parent / "cli.json")
    other.path.write_bytes(example_db.read_bytes())
    cli_item = actions.buy_item(other, named(other, "Thorn"), "potion", 20).state.items[-1]
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "b")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ItemModal)
        form.query_one("#item-name", Input).value = "potion"
        form.query_one("#item-price", Input).value = "20"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GoldScreen)
    assert stored(example_db, "Thorn").items[-1] == cli_item
    assert cli_item.charges == 1 and cli_item.description.startswith("Drunk at the start")


async def test_a_gold_entry_from_the_form_is_refused_if_the_titan_changed_since_shown(
    example_db: Path,
) -> None:
    from textual.widgets import Input

    from titan_campaign.tui.screens.gold import GoldModal

    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, GoldModal)
        actions.change_gold(
            Database(example_db), named(Database(example_db), "Thorn"), 7
        )  # the same Titan, elsewhere
        changes = change_count(example_db)
        form.query_one("#gold-amount", Input).value = "5"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form  # stays open, showing the purse as it is now
        assert change_count(example_db) == changes
        assert "127 gold" in str(form.query_one("#purse").render())
        await pilot.press("ctrl+s")  # asked again, as shown now: saved
        await pilot.pause()
        assert change_count(example_db) == changes + 1
    assert stored(example_db, "Thorn").gold == 132


async def test_an_item_removed_with_delete_says_which_and_how_to_take_it_back(
    example_db: Path,
) -> None:
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("m")
        await pilot.pause()
        app.screen.query_one("#items").focus()
        await pilot.press("delete")
        await pilot.pause()
        assert "Thorn: magic item removed: Ring of Mana" in notes.text()
        assert "ctrl+z undoes it" in notes.text()
        await pilot.press("ctrl+z")
        await pilot.pause()
    assert "Ring of Mana" in [item.name for item in stored(example_db, "Thorn").items]


async def test_the_highlighted_item_stays_highlighted_after_a_change_so_delete_removes_it(
    example_db: Path,
) -> None:
    db = Database(example_db)
    thorn = named(db, "Thorn")
    for item in ("Helm of Dread", "Lucky Stone"):
        actions.add_item(db, thorn, item)
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        items = app.screen.query_one("#items")
        items.focus()
        await pilot.press("down")  # Helm of Dread
        await pilot.press("a", *"12", "ctrl+s")  # 12 gold: the screen is drawn again
        await pilot.pause()
        items.focus()
        await pilot.pause()
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, GoldScreen)
    left = [item.name for item in stored(example_db, "Thorn").items]
    assert left == ["Ring of Mana", "Lucky Stone"]


async def test_an_item_just_added_is_highlighted_so_minus_uses_its_charge(example_db: Path) -> None:
    """A Healing Draught of 2 charges added, - said "Ring of Mana lasts: it has no charges to
    use": the highlight had stayed on the first item."""
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        app.screen.query_one("#item-name").value = "Healing Draught"
        app.screen.query_one("#item-charges").value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GoldScreen)
        app.screen.query_one("#items").focus()
        await pilot.press("minus")
        await pilot.pause()
    draught = [item for item in stored(example_db, "Thorn").items if item.name == "Healing Draught"]
    assert [item.charges for item in draught] == [1]


async def test_at_80x24_the_newest_gold_line_and_the_highlighted_item_are_scrolled_into_view(
    example_db: Path,
) -> None:
    """With a long ledger and many items the page did not follow the highlight: an item
    acted on by - or Delete could be off the screen, and a line just added was not shown."""
    db = Database(example_db)
    osk = named(db, "Bryn")
    for number in range(1, 20):
        actions.change_gold(db, osk, number, f"entry {number}")
    names = [f"Trinket {letter}" for letter in "ABCDEF"]
    for name in names:
        actions.add_item(db, osk, name)
    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Bryn")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, GoldScreen)
        await pilot.press("a", *"-7", "tab", *"ale for the table", "ctrl+s")
        await pilot.pause(0.3)
        assert "ale for the table" in screen_text(app)  # the line just added
        app.screen.query_one("#items").focus()
        for _ in names:
            await pilot.press("down")
        await pilot.pause(0.3)
        assert "Trinket F" in screen_text(app)  # the item - or Delete would act on
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.press("up", "down")
        await pilot.pause(0.3)
        assert "Trinket F" in screen_text(app)


async def test_a_refused_item_puts_the_cursor_in_the_field_that_is_wrong(
    example_db: Path,
) -> None:
    """A suggested item saved with no price: "Price in gold: a whole number" was said, but the
    cursor stayed on the list, and the price then typed went nowhere."""
    from textual.widgets import Input

    from titan_campaign.tui.screens.gold import ItemModal

    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "b")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ItemModal)
        form.query_one("#item-name", Input).value = "potion"
        await pilot.press("ctrl+s")
        await pilot.pause()
        price = form.query_one("#item-price", Input)
        assert app.focused is price
        await pilot.press(*"20", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GoldScreen)
    assert stored(example_db, "Thorn").items[-1].name == "Potion"


async def test_every_reason_a_character_is_not_offered_for_the_guard_can_be_read_by_keys(
    iron_crown: Path,
) -> None:
    """The "Not offered" list of Thorn's 42 characters was cut at 10 lines, and Down moved
    the dialog, not the list: a dozen reasons could not be reached."""
    from textual.containers import VerticalScroll

    from titan_campaign.tui.screens.honor_guard import HonorGuardModal

    app = TitanCampaignApp(iron_crown, open_campaign="The Iron Crown", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, HonorGuardModal)
        app.screen.query_one("#not-offered-block CollapsibleTitle").focus()
        await pilot.press("enter", "tab")  # open it, then into the list
        await pilot.pause()
        listed = app.screen.query_one("#not-offered-list", VerticalScroll)
        assert app.focused is listed and listed.max_scroll_y > 0
        await pilot.press(*["down"] * 60)
        await pilot.pause()
        assert listed.scroll_y == listed.max_scroll_y  # the last reason in sight


async def test_letters_typed_as_an_amount_of_gold_are_shown_and_said_to_be_no_number(
    example_db: Path,
) -> None:
    """The Amount field dropped letters without showing them; ctrl+s then said "a whole
    number" under what looked like an empty field."""
    from textual.widgets import Input

    from titan_campaign.tui.screens.gold import GoldModal

    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, GoldModal)
        amount = form.query_one("#gold-amount", Input)
        amount.focus()
        await pilot.press(*"abc", "ctrl+s")
        await pilot.pause()
        assert amount.value == "abc" and app.focused is amount
        assert "a whole number" in screen_text(app)


async def test_an_item_name_typed_as_the_form_opens_lands_in_its_field(example_db: Path) -> None:
    """The item form opened on its list of suggestions: a name typed at once was dropped,
    and ctrl+s said "Name: required"."""
    from titan_campaign.tui.screens.gold import ItemModal

    app = TitanCampaignApp(example_db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "i")
        await pilot.pause()
        assert isinstance(app.screen, ItemModal)
        await pilot.press(*"Ring", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GoldScreen)
    assert stored(example_db, "Thorn").items[-1].name == "Ring"
