"""Pilot-driven worked examples of the backups screen: what ``titan-campaign backups`` and
``titan-campaign restore N`` do, from the campaign list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from titan_campaign import actions
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.backups import BackupsScreen, ConfirmRestoreModal
from titan_campaign.tui.screens.campaigns import CampaignsScreen
from titan_campaign.tui.widgets.key_bar import KeyBar

from .conftest import SIZE, Notes, build_db, named, rendered, screen_text, stored


@pytest.fixture(autouse=True)
def default_backups(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TITAN_CAMPAIGN_BACKUPS", raising=False)


def abilities(path: Path) -> dict[str, int]:
    return {name: rank for name, rank in stored(path, "Thorn").abilities.items() if rank}


@pytest.fixture
def changed_db(tmp_path: Path) -> Path:
    """Thorn joins with 200 XP, then buys Power, then Wisdom: a backup is kept before each."""
    path = build_db(tmp_path / "campaign.json", 200, [("Thorn", "Ann", [])])
    actions.buy_ability(Database(path), named(Database(path), "Thorn"), "power")
    actions.buy_ability(Database(path), named(Database(path), "Thorn"), "wisdom")
    return path


async def test_restoring_the_oldest_backup_brings_back_thorn_before_he_spent_xp(
    changed_db: Path,
) -> None:
    assert abilities(changed_db) == {"power": 1, "wisdom": 1}
    app = TitanCampaignApp(changed_db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, BackupsScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 3
        numbers = [str(table.get_row_at(row)[0]) for row in range(table.row_count)]
        assert numbers == ["1", "2", "3"]  # newest first
        # each backup is the database as it was before a change
        assert "bought a Wisdom box" in str(table.get_row_at(0)[2])
        assert "bought a Power box" in str(table.get_row_at(1)[2])
        assert "Thorn created" in str(table.get_row_at(2)[2])

        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmRestoreModal)
        question = rendered(app.screen.query_one("#restore-question", Static))
        assert "Restore backup 2 from" in question
        assert "takes back Thorn: bought a Power box (100 XP) (and every later" in question
        assert "The current version is kept as a backup." in question
        assert "y Restore" in rendered(app.screen.query_one(KeyBar))
        await pilot.press("y")  # y answers yes, as in every question
        await pilot.pause()

        assert isinstance(app.screen, CampaignsScreen)
        assert "Restored backup 2" in notes.text()
        assert "the database as it was is now backup 1" in notes.text()
    assert abilities(changed_db) == {}  # Thorn is back as he joined, all 200 XP unspent
    assert stored(changed_db, "Thorn").available_xp == 200


async def test_the_version_replaced_by_a_restore_is_kept_as_backup_1(changed_db: Path) -> None:
    app = TitanCampaignApp(changed_db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("k", "down", "r")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 4
        assert "restore of backup 2" in str(table.get_row_at(0)[2])  # the version it replaced
        await pilot.press("enter", "enter")  # restore that one: Power and Wisdom are back
        await pilot.pause()
    assert abilities(changed_db) == {"power": 1, "wisdom": 1}


async def test_a_restore_over_a_database_deleted_by_hand_says_it_kept_nothing(
    changed_db: Path,
) -> None:
    app = TitanCampaignApp(changed_db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        changed_db.unlink()
        await pilot.press("k")
        await pilot.pause()
        hint = rendered(app.screen.query_one("#backups-hint", Static))
        assert "no database file now: nothing to keep" in hint and "kept as a" not in hint
        await pilot.press("r")
        await pilot.pause()
        question = rendered(app.screen.query_one("#restore-question", Static))
        assert "There is no database file now: nothing to keep." in question
        assert "is kept as a backup" not in question
        await pilot.press("enter")
        await pilot.pause()
        assert "Restored backup 1" in notes.text()
        assert "there was no database file to keep" in notes.text()
        assert "now backup 1" not in notes.text()
    assert abilities(changed_db) == {"power": 1}


async def test_cancel_and_escape_restore_nothing_and_back_out(changed_db: Path) -> None:
    before = changed_db.read_bytes()
    app = TitanCampaignApp(changed_db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("k", "r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmRestoreModal)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, BackupsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
    assert changed_db.read_bytes() == before
    assert abilities(changed_db) == {"power": 1, "wisdom": 1}


async def test_a_backup_removed_meanwhile_is_a_refusal_not_a_traceback(changed_db: Path) -> None:
    app = TitanCampaignApp(changed_db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("k", "r")
        await pilot.pause()
        for kept in (changed_db.parent / "campaign.json.backups").iterdir():
            kept.unlink()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BackupsScreen)
        assert "no longer kept; nothing restored" in notes.text()
    assert abilities(changed_db) == {"power": 1, "wisdom": 1}


async def test_a_new_database_says_it_has_no_backups_yet(tmp_path: Path) -> None:
    path = build_db(tmp_path / "campaign.json", 0, [])  # its first write: nothing before it
    app = TitanCampaignApp(path)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("k")
        await pilot.pause()
        assert "no backups yet" in rendered(app.screen.query_one("#backups-hint", Static))
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, BackupsScreen)
        assert "no backup to restore" in notes.text()


async def test_many_backups_scroll_in_their_table_under_the_title_and_over_the_hint(
    tmp_path: Path,
) -> None:
    """Thirty changes, thirty backups: at 80x24 the list scrolls inside its table, and the
    screen's title and the hint saying how to restore stay in view (the whole screen
    scrolled, the title off the top and the hint off the bottom)."""
    db = build_db(tmp_path / "c.json", 0, [("Thorn", "Ann", [])])
    for _ in range(30):
        actions.change_gold(Database(db), named(Database(db), "Thorn"), 1)
    app = TitanCampaignApp(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("k")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BackupsScreen)
        for part in ("#backups-title", "#backups-hint"):
            shown = screen.query_one(part, Static)
            assert screen.region.contains_region(shown.region), (part, shown.region)
        table = screen.query_one("#backups", DataTable)
        assert table.row_count >= 30 and table.max_scroll_y > 0


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_long_line_of_a_backup_wraps_within_the_screen_instead_of_being_cut_off(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    path = build_db(tmp_path / "campaign.json", 200, [("Thorn", "Ann", [])])
    note = "bought at the market on game night, with the gold of the dragon hoard of Mount Ash"
    actions.change_gold(Database(path), named(Database(path), "Thorn"), 5, note)
    actions.change_gold(Database(path), named(Database(path), "Thorn"), 7, note)
    app = TitanCampaignApp(path)
    async with app.run_test(size=size) as pilot:
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, BackupsScreen)
        shown = " ".join(screen_text(app).split())  # the line as read across its wrapped rows
        assert f"Thorn: gold +7 ({note})" in shown
        assert f"Thorn: gold +5 ({note})" in shown
        await pilot.resize_terminal(size[0] + 30, size[1])  # wrapped anew for the new width
        await pilot.pause()
        assert f"Thorn: gold +7 ({note})" in " ".join(screen_text(app).split())


async def test_on_a_phone_held_upright_each_backup_says_what_it_came_before(
    changed_db: Path,
) -> None:
    """At 32 columns only the number and the time showed: what each backup was taken before
    sat off the right edge, cut to "undo: Thor" once scrolled to."""
    app = TitanCampaignApp(changed_db)
    async with app.run_test(size=(32, 32)) as pilot:
        await pilot.press("k")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert len(table.columns) == 2
        newest = str(table.get_row_at(0)[1])
        assert newest.endswith("\nThorn: bought a Wisdom box (100 XP)"), newest
        assert table.virtual_size.width <= table.scrollable_content_region.width


async def test_the_backups_hint_says_which_backups_are_kept(changed_db: Path) -> None:
    """It said "the last 100 are kept": a backup older than a day is kept only as the newest
    of its day."""
    app = TitanCampaignApp(changed_db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("k")
        await pilot.pause()
        hint = " ".join(rendered(app.screen.query_one("#backups-hint")).split())
        assert "kept: every backup of the last 24 hours, up to 100" in hint
        assert "and the newest of each day for 30 days" in hint


async def test_the_backup_highlighted_stays_highlighted_when_a_change_elsewhere_takes_one(
    changed_db: Path,
) -> None:
    """Another shell's gold took backup 1: every backup moved down a row, the highlight stayed
    on the row, and r offered to restore the backup after the one chosen."""
    app = TitanCampaignApp(changed_db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("k")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        await pilot.press("down")  # backup 2: before the Power box
        assert "bought a Power box" in str(table.get_row_at(table.cursor_row)[2])
        other = Database(changed_db)
        actions.change_gold(other, named(other, "Thorn"), 5)
        app.check_database()  # as the app's watcher does within 2 s
        await pilot.pause()
        assert table.row_count == 4
        assert "bought a Power box" in str(table.get_row_at(table.cursor_row)[2])
        await pilot.press("r")
        await pilot.pause()
        question = rendered(app.screen.query_one("#restore-question", Static))
        assert "Restore backup 3 from" in question and "Power box" in question
        notes = Notes(app)
        actions.change_gold(other, named(other, "Thorn"), 1)  # while the question is open
        await pilot.press("y")
        await pilot.pause()
        assert "Restored backup 4 " in notes.text()  # its number when restored (it said 3)
    assert abilities(changed_db) == {}


async def test_the_restore_question_follows_its_backup_when_a_change_elsewhere_renumbers_it(
    changed_db: Path,
) -> None:
    """The question said "Restore backup 2" after a change in another shell had made it 3."""
    app = TitanCampaignApp(changed_db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("k", "down", "r")  # backup 2: before the Power box
        await pilot.pause()
        question = app.screen.query_one("#restore-question", Static)
        assert "Restore backup 2 from" in rendered(question)
        other = Database(changed_db)
        actions.change_gold(other, named(other, "Thorn"), 5)
        app.check_database()  # as the app's watcher does within 2 s
        await pilot.pause()
        assert "Restore backup 3 from" in rendered(question)
        assert "Power box" in rendered(question)


async def test_the_restore_question_closes_saying_so_when_its_backup_is_gone(
    changed_db: Path,
) -> None:
    app = TitanCampaignApp(changed_db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("k", "down", "r")
        await pilot.pause()
        for kept in (changed_db.parent / "campaign.json.backups").iterdir():
            kept.unlink()
        other = Database(changed_db)
        actions.change_gold(other, named(other, "Thorn"), 5)
        app.check_database()
        await pilot.pause()
        assert isinstance(app.screen, BackupsScreen)
        assert "is no longer kept" in notes.text()


async def test_a_backup_with_a_line_the_rules_refuse_is_restored_and_the_note_names_it(
    changed_db: Path,
) -> None:
    """Every backup taken after a hand edit that broke Thorn's line was refused, though the
    database itself reads past it: a deleted campaign could not be brought back."""
    data = json.loads(changed_db.read_text())
    wisdom = str(len(data["changes"]))  # a Luck box edited in: no XP is left to pay for it
    data["changes"][wisdom]["titans"]["1"].append({"kind": "ability_bought", "ability": "luck"})
    changed_db.write_text(json.dumps(data))
    db = Database(changed_db)
    side = actions.new_campaign(db, "Side Quest", 0).ref
    actions.delete_campaign(db, side)
    app = TitanCampaignApp(changed_db)
    async with app.run_test(size=SIZE) as pilot:
        notes = Notes(app)
        await pilot.press("k", "enter")  # backup 1: the file before the delete
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert "Restored backup 1" in notes.text()
        assert f'Thorn (in "Demo") cannot be read: change {wisdom} ' in notes.text()
        assert "mend it by hand" in notes.text()
    assert [c.name for c in actions.campaign_list(db)] == ["Demo", "Side Quest"]
