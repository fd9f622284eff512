"""Every open screen follows what another shell, another app or another served tab does to
the file, within 2 seconds: a rename and its undo show in the sheet's header, and the sheet's
keys go on working on the same Titan; a Titan archived elsewhere, or a campaign deleted
elsewhere, closes its screens with a note saying why. The app learns of each change from the
store (``actions.changes_since``), not from the file's backups."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

from textual.widgets import Checkbox, DataTable, Input

from titan_campaign import actions
from titan_campaign.rules.events import GoldChanged, SchoolGained
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.campaigns import CampaignsScreen
from titan_campaign.tui.screens.forms import PickModal
from titan_campaign.tui.screens.game import RecordGameScreen
from titan_campaign.tui.screens.problem import ProblemScreen
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.screens.sheet import SheetScreen

from .conftest import SIZE, Notes, build_db, rendered, screen_text, stored
from .test_game_flows import results

WITHIN = 2.0  # seconds: what the issue promises a player


def two_titans(tmp_path: Path) -> Path:
    return build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Osk", "Bo", [])])


def second_shell(db: Path) -> Database:
    return Database(db)


async def game_form(pilot: Any) -> RecordGameScreen:
    """The game form, opened from the roster with g."""
    await pilot.press("g")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, RecordGameScreen)
    return form


async def test_thorns_open_sheet_follows_a_rename_from_a_second_shell_and_keys_still_work(
    tmp_path: Path,
) -> None:
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        assert "THORN" in rendered(app.screen.query_one("#sheet-title"))
        other = second_shell(db)
        actions.rename_titan(other, actions.find_titan(other, "Thorn"), "Thorin")
        await pilot.pause(WITHIN)
        sheet = app.screen
        assert isinstance(sheet, SheetScreen)
        assert "THORIN" in rendered(sheet.query_one("#sheet-title"))
        assert "Thorn: renamed Thorin" in notes.text()  # said as made elsewhere
        await pilot.press("space")  # check the highlighted box: Power
        await pilot.pause()
        assert "no Titan named" not in notes.text()
        assert stored(db, "Thorin").abilities["power"] == 1
        actions.undo(other, actions.find_titan(other, "Thorin"))  # the power box
        actions.undo(other, actions.find_titan(other, "Thorin"))  # the rename
        await pilot.pause(WITHIN)
        assert "THORN " in rendered(sheet.query_one("#sheet-title")) + " "
        assert "THORIN" not in rendered(sheet.query_one("#sheet-title"))
        await pilot.press("h")  # the history of the same Titan, under its name now
        await pilot.pause()
        assert "Thorn: history" in rendered(app.screen.query_one("#history-title"))


async def test_an_open_roster_follows_a_campaign_renamed_elsewhere(tmp_path: Path) -> None:
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        other = second_shell(db)
        actions.rename_campaign(other, actions.find_campaign(other, "Demo"), "Second Age")
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, RosterScreen)
        assert "SECOND AGE" in rendered(app.screen.query_one("#roster-title"))
        await pilot.press("enter")  # the roster's keys still act on the same campaign
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "campaign Second Age" in rendered(app.screen.query_one("#sheet-title"))
        assert "no campaign named" not in notes.text()


async def test_a_titan_archived_elsewhere_closes_its_open_sheet_saying_why(
    tmp_path: Path,
) -> None:
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await pilot.press("enter")  # Thorn's sheet, over the roster
        await pilot.pause()
        await pilot.press("m")  # and his gold and items over it
        await pilot.pause()
        other = second_shell(db)
        actions.archive_titan(other, actions.find_titan(other, "Thorn"))
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, RosterScreen)
        assert "Thorn was archived elsewhere, so its screen is closed" in notes.text()
        table = app.screen.query_one("#roster", DataTable)
        titans = [str(table.get_row_at(row)[0]) for row in range(table.row_count)]
        assert titans == ["Osk"]  # the roster shows the archive made elsewhere


async def test_a_form_typed_for_a_titan_archived_elsewhere_is_said_and_kept_as_it_closes(
    tmp_path: Path, own_unsaved: Path
) -> None:
    """Thorn's gold form held 30 and a note when another shell archived Thorn: the form went
    with his sheet, and what was typed with it, unsaid and unkept."""
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await pilot.press("m", "a", *"30", "tab", *"dragon hoard [b]share")
        await pilot.pause()
        other = second_shell(db)
        actions.archive_titan(other, actions.find_titan(other, "Thorn"))
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, RosterScreen)
        said = notes.text()
        assert "Thorn was archived elsewhere, so its screen is closed" in said
        assert "Typed in its form and not saved: Amount: 30; Note: dragon hoard [b]share" in said
    assert not list(own_unsaved.glob("*.txt"))  # the player was told: not told again at start
    (kept,) = own_unsaved.glob("told/*.txt")
    assert f"(kept in {kept})" in said
    text = kept.read_text()
    assert "NOT saved: its Titan or campaign was archived or taken away elsewhere" in text
    assert "Amount: 30" in text and "dragon hoard [b]share" in text
    assert "Not saved" not in said  # the closed sheet is not redrawn, refused, first


async def test_a_titan_whose_joining_was_undone_elsewhere_closes_a_directly_opened_sheet(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Osk", "Bo", [])])
    other = second_shell(db)
    actions.add_titan(other, actions.find_campaign(other), "Thorn", "Ann")
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await pilot.press("w", *"Cy")  # who plays Thorn: typed, not saved
        await pilot.pause()
        actions.undo(other, actions.find_campaign(other))  # the campaign's latest: Thorn joining
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, RosterScreen)  # its campaign, since nothing was under it
        assert "Thorn is no longer there" in notes.text()
        assert notes.text().count("that Titan is no longer in") == 1  # not again, refused, as
        # the form and sheet closing were redrawn


async def test_a_campaign_deleted_elsewhere_closes_its_roster_saying_why(tmp_path: Path) -> None:
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        other = second_shell(db)
        actions.delete_campaign(other, actions.find_campaign(other, "Demo"))
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, CampaignsScreen)
        assert 'The campaign "Demo" is no longer there' in notes.text()


async def test_a_campaign_deleted_elsewhere_under_an_open_sheet_says_why_and_nothing_else(
    tmp_path: Path,
) -> None:
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        other = second_shell(db)
        actions.delete_campaign(other, actions.find_campaign(other, "Demo"))
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, CampaignsScreen)
        closed = (
            "Thorn is no longer there, so its screen is closed: that campaign is no longer in"
            " the database (deleted, or a backup without it restored)"
        )
        assert [said for said in notes.messages if "no longer" in said] == [closed]


async def test_a_campaign_deleted_under_a_sheet_opened_from_its_roster_says_nothing_else(
    tmp_path: Path,
) -> None:
    """The roster under the sheet, uncovered as the sheet closed, read its campaign again and
    said "Not saved: that campaign is no longer in the database"."""
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        other = second_shell(db)
        actions.delete_campaign(other, actions.find_campaign(other, "Demo"))
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, CampaignsScreen)
        told = [said for said in notes.messages if "no longer" in said]
        assert len(told) == 1 and told[0].startswith('The campaign "Demo" is no longer there'), told


async def test_the_apps_own_change_is_not_announced_as_made_elsewhere(tmp_path: Path) -> None:
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause(WITHIN)
        assert "Changed elsewhere" not in notes.text()
        assert not any("bought" in said and "elsewhere" in said for said in notes.messages)


async def test_a_rename_by_the_command_line_in_another_process_shows_on_the_open_sheet(
    tmp_path: Path,
) -> None:
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        command = [sys.executable, "-m", "titan_campaign", "--db", str(db)]
        renamed = await asyncio.to_thread(
            subprocess.run,
            [*command, "titan", "rename", "Thorn", "Thorin"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert renamed.returncode == 0, renamed.stderr
        assert renamed.stdout == "Thorn is now called Thorin\n"
        await pilot.pause(WITHIN)
        assert "THORIN" in rendered(app.screen.query_one("#sheet-title"))
        await pilot.press("space")
        await pilot.pause()
        assert stored(db, "Thorin").abilities["power"] == 1


async def test_the_roster_keeps_its_highlight_on_the_same_titan_when_one_above_is_archived(
    tmp_path: Path,
) -> None:
    """Mira is highlighted; another shell archives Thorn, above her: the highlight stays on
    Mira (held by id, not by its row), so the next key acts on the Titan the player chose."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", []), ("Mira", "Bo", [])])
    actions.add_titan(Database(db), actions.find_campaign(Database(db)), "Osk", "Cy")
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down")
        await pilot.pause()
        roster = app.screen
        assert isinstance(roster, RosterScreen)
        assert roster.highlighted_titan()[1].name == "Mira"  # type: ignore[index]
        other = second_shell(db)
        actions.archive_titan(other, actions.find_titan(other, "Thorn"))
        await pilot.pause(WITHIN)
        assert roster.highlighted_titan()[1].name == "Mira"  # type: ignore[index]


async def test_the_campaign_list_keeps_its_highlight_on_the_same_campaign_when_one_goes(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    for name in ("Side Quest", "Third Age"):
        actions.new_campaign(Database(db), name, 0)
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, CampaignsScreen)
        await pilot.press("down")
        await pilot.pause()
        assert listing.highlighted().name == "Side Quest"  # type: ignore[union-attr]
        other = second_shell(db)
        actions.delete_campaign(other, actions.find_campaign(other, "Demo"))
        await pilot.pause(WITHIN)
        assert listing.highlighted().name == "Side Quest"  # type: ignore[union-attr]


async def test_an_open_game_form_gets_a_row_for_a_titan_added_elsewhere(tmp_path: Path) -> None:
    """Zed added from a second shell while the game form is open gets his row, not ticked,
    and the game can be saved with him (he had no row, and nothing said so)."""
    from textual.widgets import Checkbox

    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        form = await game_form(pilot)
        other = second_shell(db)
        actions.add_titan(other, actions.find_campaign(other, "Demo"), "Zed", "Di")
        await pilot.pause(WITHIN)
        assert "Zed joined the campaign: tick Zed if Zed took part." in notes.text()
        tick = form.query_one("#titan-3 #takes-part", Checkbox)
        assert not tick.value and "not taking part" in rendered(form.query_one("#award-3"))
        assert not form.unsaved()  # his blank row is nothing the player typed
        tick.value = True
        await results(pilot, "l", "l", "w")
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert stored(db, "Zed").earned_xp == 100


async def test_an_open_rename_form_takes_in_gold_given_elsewhere_but_not_a_new_name(
    tmp_path: Path,
) -> None:
    """Gold given to Thorn from a second shell has nothing to do with his name: the rename
    is saved (it was refused as "changed elsewhere", as the game form never was). A new name
    given elsewhere is: that save is refused, showing it."""
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        form = app.screen
        other = second_shell(db)
        actions.change_gold(other, actions.find_titan(other, "Thorn"), 7)
        await pilot.pause(WITHIN)
        form.query_one("#text-value", Input).value = "Thorn the Bold"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert stored(db, "Thorn the Bold").gold == 7
        await pilot.press("r")
        await pilot.pause()
        form = app.screen
        actions.rename_titan(other, actions.find_titan(other, "Thorn the Bold"), "Thorgrim")
        await pilot.pause(WITHIN)
        form.query_one("#text-value", Input).value = "Thorn the Brave"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "changed elsewhere" in rendered(form.query_one("#error-name"))
    assert stored(db, "Thorgrim").name == "Thorgrim"


async def test_a_rename_form_nobody_typed_in_follows_a_rename_made_elsewhere(
    tmp_path: Path,
) -> None:
    """The form kept "Rename Osk" and the name Osk in its field after Osk was renamed Oskar
    in another shell: its first Enter was refused, rightly, and its second renamed Oskar back
    to Osk, undoing the other player's rename. The player form the same."""
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        form = app.screen
        field = form.query_one("#text-value", Input)
        assert field.value == "Thorn"
        other = second_shell(db)
        actions.rename_titan(other, actions.find_titan(other, "Thorn"), "Thorgrim")
        await pilot.pause(WITHIN)
        assert "Rename Thorgrim" in rendered(form.query_one(".form-title"))
        assert field.value == "Thorgrim" and not form.unsaved()
        for _ in range(2):
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        form = app.screen
        field = form.query_one("#text-value", Input)
        actions.change_player(other, actions.find_titan(other, "Thorgrim"), "Cyril")
        await pilot.pause(WITHIN)
        assert field.value == "Cyril" and "Thorgrim" in rendered(form.query_one(".form-title"))
    thorgrim = stored(db, "Thorgrim")
    assert (thorgrim.name, thorgrim.player) == ("Thorgrim", "Cyril")


async def test_a_game_row_redrawn_for_a_change_elsewhere_is_asked_again_before_saving(
    tmp_path: Path,
) -> None:
    """Osk's Wisdom box bought in another tab while the form is open: his row previews the
    award as it is now, and the first ctrl+s says so instead of saving (it saved at once,
    the change seen only in a passing notice)."""
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        form = await game_form(pilot)
        await results(pilot, "w", "l")
        other = second_shell(db)
        actions.buy_ability(other, actions.find_titan(other, "Osk"), "wisdom")
        await pilot.pause(WITHIN)
        assert "wisdom" in rendered(form.query_one("#award-2")).lower()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "Not saved: Osk changed elsewhere since shown" in notes.text()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not form
    assert stored(db, "Osk").earned_xp == 55  # 50, and 10% for the Wisdom box (R8)


def zed_joined_elsewhere(tmp_path: Path) -> tuple[Path, Database]:
    """Thorn and Osk, and Zed added from a second shell (returned, to undo and redo him)."""
    db = two_titans(tmp_path)
    other = second_shell(db)
    actions.add_titan(other, actions.find_campaign(other), "Zed", "Cy")
    return db, other


async def test_a_titan_whose_joining_is_undone_while_the_game_form_is_open_is_left_out(
    tmp_path: Path,
) -> None:
    """Zed's joining undone elsewhere while the game form showed his row: his row stayed, and
    ctrl+s was refused with "that Titan is no longer in ..." naming no row."""
    db, other = zed_joined_elsewhere(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        form = await game_form(pilot)
        await results(pilot, "w", "l", "l")
        actions.undo(other, actions.find_campaign(other))  # Zed's joining
        await pilot.pause(WITHIN)
        assert "Zed is no longer in the campaign" in notes.text()
        assert not form.row(3).takes_part and form.row(3).disabled
        assert "(gone)" in rendered(form.query_one("#titan-3 #takes-part"))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not form
    assert [len(stored(db, name).games) for name in ("Thorn", "Osk")] == [1, 1]


async def test_a_titan_whose_joining_is_redone_while_the_game_form_is_open_can_play_again(
    tmp_path: Path,
) -> None:
    """Zed's joining undone, then redone elsewhere: his row stayed "(gone)", its tick dead,
    and Escape asked to throw away what was typed though nothing was."""
    db, other = zed_joined_elsewhere(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        form = await game_form(pilot)
        actions.undo(other, actions.find_campaign(other))  # Zed's joining
        await pilot.pause(WITHIN)
        assert form.row(3).disabled and not form.unsaved()
        actions.redo(other, actions.find_campaign(other))
        await pilot.pause(WITHIN)
        assert "Zed is back in the campaign: tick Zed if Zed took part." in notes.text()
        assert not form.row(3).disabled
        assert "(gone)" not in rendered(form.query_one("#titan-3 #takes-part"))
        form.row(3).query_one("#takes-part", Checkbox).value = True
        await pilot.pause()
        assert "Zed takes part: yes" in form.typed()
        await results(pilot, "w", "l", "l")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not form, notes.text()
    assert [len(stored(db, name).games) for name in ("Thorn", "Osk", "Zed")] == [1, 1, 1]


async def test_a_hand_edit_made_with_an_editor_shows_on_the_open_sheet(tmp_path: Path) -> None:
    """An editor's change holds no version for the store to tell: the sheet kept its old
    gold until the app saved a change of its own. A hand edit that damages the file is said
    once, not only when the next change is refused."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [GoldChanged(amount=5)])])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        assert "Gold 5" in rendered(app.screen.query_one("#sheet-summary"))
        text = db.read_text()
        assert text.count('"amount": 5') == 1
        db.write_text(text.replace('"amount": 5', '"amount": 9'))  # as an editor saves it
        await pilot.pause(WITHIN)
        assert "Gold 9" in rendered(app.screen.query_one("#sheet-summary"))
        assert "The database changed." in notes.text()
        db.write_text(text[:-40])  # cut short
        await pilot.pause(WITHIN)
        assert notes.text().count("not valid JSON") == 1
        await pilot.pause(WITHIN)
        assert notes.text().count("not valid JSON") == 1  # said once


def test_a_damaged_file_read_by_a_screen_is_said_unreadable_not_unsaved() -> None:
    """A hand edit that broke an event was told as "Not saved" while the player saved nothing."""
    from titan_campaign.tui.refusals import refusal_of

    said = refusal_of(actions.Damaged("c.json is damaged at change 2 (left untouched)"))
    assert (said.title, said.severity) == ("Cannot read the database", "error")
    assert refusal_of(actions.StoreError("c.json is locked")).title == "Not saved"


async def test_the_game_form_says_a_titan_archived_elsewhere_at_the_first_save(
    tmp_path: Path,
) -> None:
    """The first ctrl+s said only "Thorn changed elsewhere since shown", with his row as
    before; the second, that he was archived."""
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("g")
        await pilot.pause()
        await results(pilot, "w", "l")
        other = second_shell(db)
        actions.archive_titan(other, actions.find_titan(other, "Thorn"))
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, RecordGameScreen)
        row = rendered(app.screen.query_one("#award-1"))
        assert "Thorn: archived since the form opened: untick, or bring" in row
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RecordGameScreen)
        assert "Not saved: Thorn: archived since the form opened" in notes.text()
    assert stored(db, "Osk").games == ()  # nothing saved for anyone


async def test_an_open_spell_pick_follows_a_rename_made_elsewhere(tmp_path: Path) -> None:
    """Thorn's spell pick stayed titled "Thorn: spell pick: ..." under a header saying THORIN
    until a spell was picked."""
    events = [SchoolGained(school="water", level=1)]
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", events)])
    app = TitanCampaignApp(db, open_campaign="Demo", open_titan="Thorn")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, PickModal)
        title = app.screen.query_one(".form-title")
        assert rendered(title).startswith("Thorn: spell pick: Water level 1")
        other = second_shell(db)
        actions.rename_titan(other, actions.find_titan(other, "Thorn"), "Thorin")
        await pilot.pause(WITHIN)
        assert app.screen.query_one(".form-title") is title
        assert rendered(title).startswith("Thorin: spell pick: Water level 1")


async def test_an_open_delete_question_follows_a_campaign_renamed_elsewhere(
    tmp_path: Path,
) -> None:
    """The question kept the old name ("Delete "Demo"...?") after a rename in a second shell,
    while every other screen showed the new one."""
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "d")  # the campaign list, then delete
        await pilot.pause()
        question = app.screen.query_one("#question")
        assert 'Delete "Demo"' in rendered(question)
        other = second_shell(db)
        actions.rename_campaign(other, actions.find_campaign(other, "Demo"), "Second Age")
        await pilot.pause(WITHIN)
        assert 'Delete "Second Age" and every Titan in it?' in rendered(question)
        await pilot.press("y")
        await pilot.pause()
        assert actions.campaign_views(Database(db)) == []


async def test_an_open_delete_question_closes_when_its_campaign_is_deleted_elsewhere(
    tmp_path: Path,
) -> None:
    db = two_titans(tmp_path)
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("escape", "d")
        await pilot.pause()
        other = second_shell(db)
        actions.delete_campaign(other, actions.find_campaign(other, "Demo"))
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, CampaignsScreen)
        assert 'The campaign "Demo" is no longer there' in notes.text()


def thorn_with_backups(tmp_path: Path) -> Path:
    """Thorn buys Power, then Wisdom, the Wisdom box undone and redone: the file's newest
    entries say so, and a backup is kept before each change."""
    db = build_db(tmp_path / "c.json", 200, [("Thorn", "Ann", [])])
    shell = second_shell(db)
    actions.buy_ability(shell, actions.find_titan(shell, "Thorn"), "power")
    actions.buy_ability(shell, actions.find_titan(shell, "Thorn"), "wisdom")
    actions.undo(shell, actions.find_titan(shell, "Thorn"))
    actions.redo(shell, actions.find_titan(shell, "Thorn"))
    return db


async def restore_the_second_backup(pilot: Any) -> None:
    """k, the second backup, Enter, y: as a player restores one."""
    await pilot.press("k")
    await pilot.pause()
    await pilot.press("down", "enter")
    await pilot.pause()
    await pilot.press("y")
    await pilot.pause(WITHIN)


async def test_a_backup_restored_in_the_app_opened_on_a_damaged_file_is_not_said_changed_elsewhere(
    tmp_path: Path,
) -> None:
    """The restored file's newest entries (undo, redo: Wisdom box) were said as changed
    elsewhere, where nothing was changed but by the app's own restore."""
    db = thorn_with_backups(tmp_path)
    db.write_bytes(db.read_bytes()[:200])  # damaged
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await restore_the_second_backup(pilot)
        assert isinstance(app.screen, CampaignsScreen)
        assert "Restored backup 2" in notes.text()
        assert "Changed elsewhere" not in notes.titles, notes.text()


async def test_a_backup_restored_in_the_app_after_the_file_was_damaged_is_not_said_changed(
    tmp_path: Path,
) -> None:
    """Open on a whole file, damaged by hand meanwhile, restored from the app: the restored
    version's number is lower than the one the app had read, and was said as a hand edit."""
    db = thorn_with_backups(tmp_path)
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        db.write_bytes(db.read_bytes()[:200])  # damaged by hand
        await pilot.pause(WITHIN)
        assert "Cannot read the database" in notes.titles
        await restore_the_second_backup(pilot)
        assert "Restored backup 2" in notes.text()
        assert "Changed elsewhere" not in notes.titles, notes.text()


async def test_a_backup_restored_in_the_app_is_not_said_changed_elsewhere(tmp_path: Path) -> None:
    db = thorn_with_backups(tmp_path)
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await restore_the_second_backup(pilot)
        assert "Restored backup 2" in notes.text()
        assert "Changed elsewhere" not in notes.titles, notes.text()


async def test_a_backup_restored_elsewhere_is_said_as_the_restore_not_the_restored_past(
    tmp_path: Path,
) -> None:
    """The app open on a damaged file; another shell restores a backup: the note says the
    restore, not the restored file's newest entries as if they had just been made."""
    db = thorn_with_backups(tmp_path)
    db.write_bytes(db.read_bytes()[:200])  # damaged
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        actions.restore_backup(second_shell(db), 2)
        await pilot.pause(WITHIN)
        said = notes.messages[notes.titles.index("Changed elsewhere")]
        assert said.startswith("restore of backup 2"), said
        assert "redo" not in said and "undo" not in said


def damaged(db: Path) -> None:
    """The file cut short by hand (``head -c 5000 c.json > t && mv t c.json``)."""
    cut = db.with_suffix(".cut")
    cut.write_bytes(db.read_bytes()[:200])
    cut.replace(db)


async def test_a_file_damaged_under_the_open_roster_shows_that_it_cannot_be_opened(
    tmp_path: Path,
) -> None:
    """Damaged from a shell while the roster was open: Escape then showed the Welcome page
    of an empty database and "Not saved"; it shows what a fresh start shows, with k."""
    db = thorn_with_backups(tmp_path)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        damaged(db)
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, ProblemScreen)
        assert "The campaign database cannot be opened" in screen_text(app)
        assert "k Backups" in screen_text(app)
        assert "Not saved" not in notes.titles
        await restore_the_second_backup(pilot)
        assert "Restored backup 2" in notes.text()
        assert isinstance(app.screen, RosterScreen)  # the file opens again: back where it was


async def test_the_campaign_list_of_a_damaged_file_is_never_the_welcome_page(
    tmp_path: Path,
) -> None:
    """The campaign list redrawn (Escape back to it) before the app had looked at the file
    again: the Welcome page, as if the database were empty, and "Not saved"."""
    db = thorn_with_backups(tmp_path)
    app = TitanCampaignApp(db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        campaigns = app.screen
        assert isinstance(campaigns, CampaignsScreen)
        damaged(db)
        campaigns.refresh_view()  # as when Escape comes back to it
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen)
        assert "Welcome" not in screen_text(app)
        assert "Not saved" not in notes.titles


async def test_a_damaged_file_mended_elsewhere_opens_again_in_the_app(tmp_path: Path) -> None:
    db = thorn_with_backups(tmp_path)
    whole = db.read_bytes()
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        damaged(db)
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, ProblemScreen)
        db.write_bytes(whole)  # mended by hand
        await pilot.pause(WITHIN)
        assert isinstance(app.screen, RosterScreen)
        assert "Thorn" in screen_text(app)
