"""The app notices a copy a sync tool left beside the database, says so on the roster, shows
what merging it would bring in and refuse, and merges it through the same action."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import time_machine
from textual.widgets import DataTable, OptionList, Static

from titan_campaign import actions
from titan_campaign.store import Database
from titan_campaign.store.merge_result import Merged, Refused
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.merge import ChooseCopyModal, ConfirmMergeModal, merge_preview
from titan_campaign.tui.screens.roster import RosterScreen
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import SIZE, Notes, build_db, named, rendered, stored

START = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
COPY = "campaigns (Bo's conflicted copy).json"


def copy_giving_gold(tmp_path: Path, amount: int) -> tuple[Path, Path]:
    """Thorn's database and Bo's copy beside it, in which Thorn was given ``amount`` gold."""
    db = build_db(tmp_path / "campaigns.json", 0, [("Thorn", "Ann", [])])
    copy = tmp_path / COPY
    shutil.copyfile(db, copy)
    actions.change_gold(Database(copy), named(Database(copy), "Thorn"), amount)
    return db, copy


def copy_spending_gold_spent_here(tmp_path: Path, refused: int) -> tuple[Path, Path]:
    """Thorn's database and Bo's copy, which spent ``refused`` times the gold this database
    spent first: each of its changes refused by a merge."""
    db = build_db(tmp_path / "campaigns.json", 0, [("Thorn", "Ann", [])])
    copy = tmp_path / COPY
    purse = sum(range(1, refused + 1))
    with time_machine.travel(START, tick=False) as clock:
        actions.change_gold(Database(db), named(Database(db), "Thorn"), purse)
        shutil.copyfile(db, copy)
        clock.shift(timedelta(minutes=1))
        actions.change_gold(Database(db), named(Database(db), "Thorn"), -purse)
        for amount in range(1, refused + 1):
            clock.shift(timedelta(minutes=1))
            actions.change_gold(Database(copy), named(Database(copy), "Thorn"), -amount)
    return db, copy


async def test_a_conflicted_copy_is_offered_shown_first_then_merged(tmp_path: Path) -> None:
    db = build_db(tmp_path / "campaigns.json", 100, [("Thorn", "Ann", [])])
    copy = tmp_path / "campaigns (Bo's [b]conflicted copy 2026-12-01).json"
    shutil.copyfile(db, copy)
    with time_machine.travel(START, tick=False) as clock:
        actions.buy_ability(Database(db), named(Database(db), "Thorn"), "power")
        clock.shift(timedelta(minutes=1))
        actions.buy_ability(
            Database(copy), named(Database(copy), "Thorn"), "skill"
        )  # the same 100 XP: refused
        actions.change_gold(Database(copy), named(Database(copy), "Thorn"), 4)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        assert isinstance(app.screen, RosterScreen)
        hint = rendered(app.screen.query_one("#roster-hint", Static))
        assert f"lies beside the database: {copy.name}" in hint
        await pilot.press("M")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmMergeModal)
        preview = rendered(app.screen.query_one("#merge-preview", Static))
        assert "+ Thorn: gold +4" in preview
        assert "refused: Thorn: bought a Skill box (100 XP)" in preview
        assert stored(db, "Thorn").gold == 0  # nothing merged yet
        await pilot.click("#merge")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        assert f"merged 1 change from {copy.name}; 1 refused" in notes.text()
        assert (
            "You may delete the copy: its changes are in the database, the refused ones"
            in notes.text()
        )
        await pilot.press("M")  # the copy is still there: merging it again brings nothing
        await pilot.pause()
        assert isinstance(app.screen, ConfirmMergeModal)
        preview = rendered(app.screen.query_one("#merge-preview", Static))
        assert f"Nothing to merge: the database has every change in {copy.name}" in preview
        assert not app.screen.query("#merge")  # no button that would do nothing
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
    assert stored(db, "Thorn").gold == 4


async def test_ctrl_z_after_a_merge_takes_it_back_whole(tmp_path: Path) -> None:
    db = build_db(tmp_path / "campaigns.json", 100, [("Thorn", "Ann", [])])
    copy = tmp_path / "campaigns.sync-conflict-20261201-190500-ABCDEFG.json"
    shutil.copyfile(db, copy)
    actions.change_gold(Database(copy), named(Database(copy), "Thorn"), 4)
    actions.change_gold(Database(copy), named(Database(copy), "Thorn"), 1)
    actions.merge_copy(Database(db), copy)
    assert stored(db, "Thorn").gold == 5
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert f"merged 2 changes from {copy.name}" in notes.text()
    assert stored(db, "Thorn").gold == 0


async def test_a_merge_the_database_changed_under_since_its_preview_is_shown_again_not_made(
    tmp_path: Path,
) -> None:
    """The preview said the copy's Luck box comes in, nothing refused; Thorn spent his XP from
    a shell meanwhile. Merge took back that change, said only as "1 refused"."""
    db = build_db(tmp_path / "campaigns.json", 100, [("Thorn", "Ann", [])])
    copy = tmp_path / "campaigns (Bo's conflicted copy).json"
    shutil.copyfile(db, copy)
    with time_machine.travel(START, tick=False) as clock:
        actions.buy_ability(Database(copy), named(Database(copy), "Thorn"), "luck")
        app = TitanCampaignApp(db, open_campaign="Demo")
        async with app.run_test(size=SIZE) as pilot:
            notes = Notes(app)
            await pilot.press("M")
            await pilot.pause()
            preview = rendered(app.screen.query_one("#merge-preview", Static))
            assert "+ Thorn: bought a Luck box" in preview and "refused" not in preview
            clock.shift(timedelta(minutes=1))  # a second shell, before the player clicks
            actions.buy_ability(Database(db), named(Database(db), "Thorn"), "power")
            await pilot.click("#merge")
            await pilot.pause()
            assert "The database changed since that was shown" in notes.text()
            assert isinstance(app.screen, ConfirmMergeModal)  # shown again, as it is now
            preview = rendered(app.screen.query_one("#merge-preview", Static))
            taken_back = (
                "refused: Thorn: bought a Power box (100 XP) (made on this copy: taken back)"
            )
            assert taken_back in preview  # the copy's Luck box was bought first: it stands
            assert stored(db, "Thorn").abilities["power"] == 1  # nothing merged yet
            await pilot.click("#merge")
            await pilot.pause()
            assert isinstance(app.screen, RosterScreen)
            # (the Power box may be announced as made elsewhere after it: the watcher's)
            said = next(note for note in notes.messages if note.startswith("merged"))
            assert said.startswith(f"merged 1 change from {copy.name}; 1 refused")
            assert taken_back in said
        assert stored(db, "Thorn").abilities["luck"] == 1


async def test_a_merge_that_deletes_the_open_campaign_closes_its_roster_and_ctrl_z_brings_it_back(
    tmp_path: Path,
) -> None:
    """The copy deleted "Side"; merged from Side's roster, the roster stayed open, said "Not
    saved: that campaign is no longer in the database" twice, and ctrl+z there said it again."""
    db = build_db(tmp_path / "campaigns.json", 100, [("Thorn", "Ann", [])])
    side = actions.new_campaign(Database(db), "Side", 0).ref
    actions.add_titan(Database(db), side, "Zed", "Bo")
    copy = tmp_path / "campaigns (Bo's conflicted copy).json"
    shutil.copyfile(db, copy)
    actions.delete_campaign(Database(copy), actions.find_campaign(Database(copy), "Side"))
    app = TitanCampaignApp(db, open_campaign="Side")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("M")
        await pilot.pause()
        await pilot.click("#merge")
        await pilot.pause()
        assert not isinstance(app.screen, RosterScreen)
        assert 'The campaign "Side" is no longer there, so its screen is closed' in notes.text()
        assert "Not saved" not in notes.titles
        await pilot.press("ctrl+z")  # on the campaign list: the file's latest change, the merge
        await pilot.pause()
        assert notes.messages[-1] == f"Undone: merged 1 change from {copy.name}"
        assert "Not saved" not in notes.titles
    assert [c.name for c in actions.campaign_views(Database(db))] == ["Demo", "Side"]


def _key_bar(app: TitanCampaignApp) -> str:
    return rendered(app.screen.query_one(KeyBar))


async def test_m_is_offered_only_while_a_conflicted_copy_lies_beside_the_database(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "campaigns.json", 100, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        assert "Merge copy" not in _key_bar(app)
        await pilot.press("M")  # nothing to merge: no dialog opens
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        shutil.copyfile(db, tmp_path / "campaigns.sync-conflict-20261201-190500-ABCDEFG.json")
        app.screen.refresh_view()
        await pilot.pause()
        assert "M Merge copy" in _key_bar(app)


async def test_a_damaged_conflicted_copy_is_said_not_merged(tmp_path: Path) -> None:
    """Its refusal was titled "Not saved", of a merge that saves nothing."""
    db = build_db(tmp_path / "campaigns.json", 100, [("Thorn", "Ann", [])])
    copy = tmp_path / "campaigns (conflicted copy).json"
    copy.write_text(db.read_text()[:-40])  # cut short by the sync tool
    before = db.read_bytes()
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        await pilot.press("M")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        said = list(zip(notes.titles, notes.messages, strict=True))
        assert any(title == "Not merged" and "nothing merged" in text for title, text in said), said
    assert db.read_bytes() == before


WITHIN = 2.0  # seconds: the watcher's promise to a player


async def test_the_roster_notices_a_conflicted_copy_as_it_arrives_and_as_it_goes_without_a_key(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "campaigns.json", 100, [("Thorn", "Ann", [])])
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        assert "Merge copy" not in _key_bar(app)
        copy = tmp_path / "campaigns (Bo's conflicted copy 2026-12-01).json"
        shutil.copyfile(db, copy)  # the sync tool leaves it; the database itself is unchanged
        await pilot.pause(WITHIN)
        hint = rendered(app.screen.query_one("#roster-hint", Static))
        assert f"lies beside the database: {copy.name}" in hint
        assert "M Merge copy" in _key_bar(app)
        copy.unlink()  # merged from another shell, or cleared by the sync tool
        await pilot.pause(WITHIN)
        assert "lies beside the database" not in rendered(
            app.screen.query_one("#roster-hint", Static)
        )
        assert "Merge copy" not in _key_bar(app)


COPIES = (
    "campaigns (Bo's conflicted copy 2026-12-01).json",  # Dropbox
    "campaigns (conflicted copy 2026-12-01 190500).json",  # Nextcloud
    "campaigns.sync-conflict-20261201-190500-ABCDEFG.json",  # Syncthing
)


async def test_several_conflicted_copies_are_all_listed_and_the_player_chooses_one(
    tmp_path: Path,
) -> None:
    db = build_db(tmp_path / "campaigns.json", 100, [("Thorn", "Ann", [])])
    for gold, name in enumerate(COPIES, start=1):
        shutil.copyfile(db, tmp_path / name)
        actions.change_gold(
            Database(tmp_path / name), named(Database(tmp_path / name), "Thorn"), gold
        )
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.pause()
        hint = rendered(app.screen.query_one("#roster-hint", Static))
        for name in COPIES:
            assert name in hint
        await pilot.press("M")
        await pilot.pause()
        assert isinstance(app.screen, ChooseCopyModal)
        listing = app.screen.query_one(OptionList)
        shown = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert sorted(shown) == sorted(COPIES)
        listing.highlighted = shown.index(COPIES[2])
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmMergeModal)
        assert "+ Thorn: gold +3" in rendered(app.screen.query_one("#merge-preview", Static))
        await pilot.click("#merge")
        await pilot.pause()
        assert f"merged 1 change from {COPIES[2]}" in notes.text()
    assert stored(db, "Thorn").gold == 3


def test_a_merge_whose_every_change_is_refused_says_the_database_stays_as_it_is() -> None:
    wisdom = Refused("Iron Crown", "Thorn: bought a Wisdom box (100 XP)", "0 available (R1)", {})
    preview = merge_preview(Merged("copy.json", (), (wisdom,), (), unchanged=True))
    assert "refused: Thorn: bought a Wisdom box (100 XP): 0 available (R1)" in preview
    assert "the database stays as it is (no merge to undo)" in preview
    assert "undo takes the merge back" not in preview


async def test_the_merged_note_names_every_refused_change(tmp_path: Path) -> None:
    """The note of a merge refusing five changes named three and "... and 2 more refused",
    though f2, where a note too long for the screen is read whole, showed the same three."""
    db, copy = copy_spending_gold_spent_here(tmp_path, 5)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("M")
        await pilot.pause()
        await pilot.click("#merge")
        await pilot.pause()
        said = next(note for note in notes.messages if note.startswith("merged"))
        assert said.startswith(f"merged 0 changes from {copy.name}; 5 refused"), said
        for amount in range(1, 6):
            assert f"refused: Thorn: gold -{amount}" in said, said
        assert "more refused" not in said


async def test_a_long_preview_says_more_follows_and_down_reads_it_to_the_end(
    tmp_path: Path,
) -> None:
    """At 80x24 the preview of a merge refusing many changes ended mid-line, nothing said more
    followed, and Down did nothing (only the mouse wheel scrolled): Merge could be pressed
    without seeing what was refused."""
    db, _copy = copy_spending_gold_spent_here(tmp_path, 9)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("M")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmMergeModal)
        body = app.screen.query_one(".preview-body")
        more = app.screen.query_one("#merge-more", Static)
        assert body.max_scroll_y > 0
        assert "more below" in rendered(more)
        assert app.focused is not None and app.focused.id == "merge"
        await pilot.press("down")
        await pilot.pause()
        assert body.scroll_y == 1
        await pilot.press("pagedown", "pagedown", "pagedown")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        assert "more below" not in rendered(more) and "Up" in rendered(more)
        await pilot.press("up")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y - 1
        assert app.focused is not None and app.focused.id == "merge"  # enter still merges


async def test_a_short_preview_says_nothing_of_more(tmp_path: Path) -> None:
    db, _copy = copy_giving_gold(tmp_path, 4)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("M")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmMergeModal)
        assert not app.screen.query_one("#merge-more", Static).display


async def test_the_history_after_a_merge_says_what_a_titan_was_called_by_then(
    tmp_path: Path,
) -> None:
    """Bo renamed Osk "Oskar" while Ann archived Osk: the history said "Osk: archived (dead or
    retired) (to Oskar by then)"."""
    db = build_db(tmp_path / "campaigns.json", 0, [("Thorn", "Ann", []), ("Osk", "Cy", [])])
    copy = tmp_path / "campaigns (Bo's conflicted copy).json"
    shutil.copyfile(db, copy)
    with time_machine.travel(START, tick=False) as clock:
        actions.rename_titan(Database(copy), named(Database(copy), "Osk"), "Oskar")
        clock.shift(timedelta(minutes=1))
        actions.archive_titan(Database(db), named(Database(db), "Osk"))
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("M")
        await pilot.pause()
        await pilot.click("#merge")
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        listed = [str(table.get_row_at(i)[2]) for i in range(table.row_count)]
        assert "Osk: archived (dead or retired) (called Oskar by then)" in listed, listed


async def test_redo_right_after_undoing_a_merge_says_m_merges_the_copy_again(
    tmp_path: Path,
) -> None:
    """ctrl+y said "`titan-campaign merge FILE` brings its changes in again": in the app the
    way is M on the roster."""
    db, _copy = copy_giving_gold(tmp_path, 3)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("M")
        await pilot.pause()
        await pilot.click("#merge")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.press("ctrl+y")
        await pilot.pause()
        said = notes.messages[-1]
        assert "a merge is not redone; M on the roster merges the copy again" in said, said
        assert "titan-campaign merge" not in said
    assert stored(db, "Thorn").gold == 0


async def test_the_merged_note_goes_as_soon_as_the_apps_other_notes_and_f2_keeps_it(
    tmp_path: Path,
) -> None:
    """The "Merged" note stayed 15 seconds, covering the roster, and the EXPERIENCE panel of
    the sheet opened next; the app's other notes go after Textual's 5 seconds."""
    db, _copy = copy_giving_gold(tmp_path, 3)
    app = TitanCampaignApp(db, open_campaign="Demo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("M")
        await pilot.pause()
        await pilot.click("#merge")
        await pilot.pause()
        [merged] = [note for note in app._notifications if note.title == "Merged"]
        assert merged.timeout == app.NOTIFICATION_TIMEOUT
        assert any(note.startswith("Merged: merged 1 change") for note in app.notes)
