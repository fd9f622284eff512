"""Backups: the file as it was is kept before every change (by age), and any one can be restored
without losing anything, even over a database that cannot be read."""

from __future__ import annotations

import itertools
import json
import os
import signal
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import time_machine

from titan_campaign import actions
from titan_campaign.rules.campaign import Change
from titan_campaign.rules.describe import change_text
from titan_campaign.rules.events import GoldChanged
from titan_campaign.store import Database, database
from titan_campaign.store import backups as backup_files
from titan_campaign.store.backups import LINKED, BackupGone, contents, folder, list_backups
from titan_campaign.store.documents import change_to_doc
from titan_campaign.store.files import StoreError, encode

DAY = 24 * 3600
NEW_YORK = ZoneInfo("America/New_York")


def at(when: datetime) -> time_machine.travel:
    """The clock stopped at ``when`` (and the local time zone set to its zone)."""
    return time_machine.travel(when, tick=False)


def forty_days_untouched(*files: Path) -> None:
    """As `touch -d "40 days ago"` leaves them: only the files' times change."""
    old = datetime.now(UTC).timestamp() - 40 * DAY
    for file in files:
        os.utime(file, (old, old))


def gold_of(cli, titan: str) -> int:
    return json.loads(cli.ok("sheet", titan, "--format", "json"))["gold"]


def test_every_change_keeps_the_previous_file_and_a_refusal_keeps_nothing(crown) -> None:
    before = len(list_backups(crown.db))
    previous = crown.db.read_bytes()
    crown.ok("gold", "Thorn", "30")
    backups = list_backups(crown.db)
    assert len(backups) == before + 1
    assert backups[0].file.read_bytes() == previous
    assert backups[0].before == "Thorn: gold +30"  # the change that came after it
    crown.refused("gold", "Thorn", "-500")  # more than she has
    assert len(list_backups(crown.db)) == before + 1


def test_a_deleted_database_whose_backups_are_kept_says_how_to_bring_it_back(crown) -> None:
    """It said "no campaign yet: create one with ... campaign new", though ``restore 1``
    brought the file back."""
    crown.db.unlink()
    kept = len(list_backups(crown.db))
    said = (
        f"{crown.db} is not there, but {kept} backups of it are kept: list them with"
        " `titan-campaign backups`, bring one back with `titan-campaign restore N`"
    )
    assert crown.refused("titan", "list") == said
    assert crown.refused("gold", "Thorn", "5") == f'no Titan named "Thorn": {said}'
    assert crown.ok("campaign", "list") == said + "\n"  # it said "no campaigns yet"
    assert crown.refused("export", "-o", str(crown.db.with_name("x.json"))) == (
        f"nothing to export: {said}"  # it wrote an export of no campaign
    )
    crown.ok("restore", "1")
    assert "Thorn (Ann)" in crown.ok("titan", "list")


def test_a_backup_costs_a_hard_link_not_a_copy(crown) -> None:
    old = os.stat(crown.db)
    crown.ok("gold", "Thorn", "30")
    kept = os.stat(list_backups(crown.db)[0].file)
    assert (kept.st_ino, kept.st_dev) == (old.st_ino, old.st_dev)


def test_the_last_day_keeps_every_backup_up_to_the_setting(crown, monkeypatch) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "3")
    for amount in range(1, 6):
        crown.ok("gold", "Thorn", str(amount))
    assert [b.before for b in list_backups(crown.db)] == [
        "Thorn: gold +5",
        "Thorn: gold +4",
        "Thorn: gold +3",
    ]
    index = (folder(crown.db) / "index.tsv").read_text(encoding="utf-8").splitlines()
    assert len(index) <= 3 + 1  # dropped backups leave it at the next change: it does not grow


def test_older_backups_keep_one_a_day_for_30_days(cli) -> None:
    now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    with at(now - timedelta(days=41)):
        cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
        cli.ok("titan", "add", "Thorn", "--player", "Ann")
    for age_days, amount in ((40.0, 1), (31.0, 2), (5.0, 3), (2.2, 4), (2.1, 5)):
        with at(now - timedelta(days=age_days)):
            cli.ok("gold", "Thorn", str(amount))
    with at(now):
        cli.ok("gold", "Thorn", "6")
        kept = [b.before for b in list_backups(cli.db)]
    # taken now; 2.1 days ago (the newest of its day: 2.2 days ago goes); 5 days ago. The ones
    # taken 31, 40 and 41 days ago are gone.
    assert kept == ["Thorn: gold +6", "Thorn: gold +5", "Thorn: gold +3"]


def test_no_new_backups_with_the_setting_at_0_and_the_old_ones_stay(crown, monkeypatch) -> None:
    kept = [b.file.name for b in list_backups(crown.db)]
    assert kept
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "0")
    for amount in (1, 2, 3):
        crown.ok("gold", "Thorn", str(amount))
    assert [b.file.name for b in list_backups(crown.db)] == kept
    assert gold_of(crown, "Thorn") == 6
    assert "new backups are turned off (TITAN_CAMPAIGN_BACKUPS=0)" in crown.ok("backups")
    for backup in kept:
        (folder(crown.db) / backup).unlink()
    listed = crown.ok("backups")
    assert "turned off (TITAN_CAMPAIGN_BACKUPS=0)" in listed and "one is kept" not in listed


def test_a_restore_keeps_the_file_it_replaces_even_with_backups_turned_off(
    crown, monkeypatch
) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "0")
    crown.ok("gold", "Thorn", "6")
    taken = [b.taken for b in list_backups(crown.db)]
    current = crown.db.read_bytes()
    assert "is now backup 1" in crown.ok("restore", "1")
    assert gold_of(crown, "Thorn") == 0
    after = list_backups(crown.db)
    assert contents(after[0]) == current and after[0].before.startswith("restore of backup 1")
    assert [b.taken for b in after[1:]] == taken  # and it deletes none
    crown.ok("restore", "1")  # so the restore can itself be taken back
    assert gold_of(crown, "Thorn") == 6


def test_a_nonsense_backup_setting_is_refused_before_anything_is_written(
    crown, monkeypatch
) -> None:
    for value in ("lots", "²", "-1", "1e3"):
        monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", value)
        assert "TITAN_CAMPAIGN_BACKUPS must be a whole number" in crown.refused(
            "gold", "Thorn", "5"
        )


def test_backups_lists_each_with_the_change_it_came_before(crown) -> None:
    crown.ok("gold", "Thorn", "30")
    lines = crown.ok("backups").splitlines()
    assert lines[1].split()[0] == "1" and lines[1].endswith("before: Thorn: gold +30")
    assert "restore" in lines[-1]


def test_restore_brings_back_a_backup_and_keeps_the_current_file_first(crown) -> None:
    crown.ok("gold", "Thorn", "30")
    crown.ok("gold", "Thorn", "12")
    assert gold_of(crown, "Thorn") == 42
    current = crown.db.read_bytes()
    assert "restored backup 2" in crown.ok("restore", "2")
    assert gold_of(crown, "Thorn") == 0
    assert list_backups(crown.db)[0].file.read_bytes() == current
    crown.ok("restore", "1")  # and back again
    assert gold_of(crown, "Thorn") == 42


def test_restore_over_an_unreadable_file_keeps_it_byte_for_byte(crown) -> None:
    crown.ok("gold", "Thorn", "30")
    damaged = crown.db.read_bytes()[:-40] + b"\x00garbled"
    crown.db.write_bytes(damaged)
    assert "not valid JSON" in crown.refused("sheet", "Thorn")
    count = len(list_backups(crown.db))
    crown.ok("restore", "1")
    assert gold_of(crown, "Thorn") == 0
    kept = list_backups(crown.db)
    assert kept[0].file.read_bytes() == damaged and len(kept) == count + 1
    for backup in kept[1:]:  # every earlier backup is still there, and restorable
        assert backup.file.exists()


def test_restore_over_a_database_deleted_by_hand_says_there_was_nothing_to_keep(crown) -> None:
    crown.ok("gold", "Thorn", "30")
    count = len(list_backups(crown.db))
    crown.db.unlink()
    said = crown.ok("restore", "1")
    assert "restored backup 1" in said and "there was no database file to keep" in said
    assert "now backup 1" not in said  # no backup was kept: there was nothing to keep
    assert gold_of(crown, "Thorn") == 0
    assert len(list_backups(crown.db)) == count
    restored = actions.restore_backup(Database(crown.db), 1)  # over a file that is there
    assert restored.kept and "the database as it was is now backup 1" in restored.kept_text


def test_restore_of_a_number_that_is_not_kept_is_refused(crown) -> None:
    count = len(list_backups(crown.db))
    assert f"choose 1 (newest) to {count}" in crown.refused("restore", str(count + 1))
    assert "choose 1" in crown.refused("restore", "0")


def test_restore_with_one_backup_kept_says_there_is_one(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    assert len(list_backups(cli.db)) == 1
    assert cli.refused("restore", "5") == (
        "no backup 5: there is one backup, 1 (see `titan-campaign backups`)"
    )


def test_a_damaged_backup_is_not_restored(crown) -> None:
    crown.ok("gold", "Thorn", "7")
    oldest = list_backups(crown.db)[-1]
    os.unlink(oldest.file)  # never write through a hard link
    oldest.file.with_name(oldest.name).write_text(
        '{"meta": {"1": {"schema_version": 3}}, "campaigns": {"1": {"name": "X", "base_xp": 7}}}'
    )
    number = next(b.number for b in list_backups(crown.db) if b.name == oldest.name)
    assert "base_xp" in crown.refused("restore", str(number))


# --- age is when a backup was taken, in UTC, never a file's time --------------------------------


def test_a_month_without_changes_keeps_every_backup_at_the_next_change(crown) -> None:
    count = len(list_backups(crown.db))
    forty_days_untouched(crown.db, *folder(crown.db).glob("*.json"))
    crown.ok("campaign", "new", "Spare", "--base-xp", "0")
    assert "`titan-campaign backups` has the file as it was" in crown.ok(
        "campaign", "delete", "Spare", "--yes"
    )
    listed = crown.ok("backups")
    assert "no backups yet" not in listed
    kept = list_backups(crown.db)
    assert len(kept) == count + 2 and kept[0].before == 'campaign "Spare" deleted'


def test_a_restore_after_a_month_without_changes_keeps_every_backup(crown) -> None:
    count = len(list_backups(crown.db))
    forty_days_untouched(crown.db, *folder(crown.db).glob("*.json"))
    current = crown.db.read_bytes()
    crown.ok("restore", "2")
    kept = list_backups(crown.db)
    assert len(kept) == count + 1 and contents(kept[0]) == current


def test_the_upgrade_of_a_file_untouched_for_months_keeps_the_old_file(cli, v1_database) -> None:
    cli.db = v1_database
    original = v1_database.read_bytes()
    forty_days_untouched(v1_database)
    cli.ok("redo", "Thorn")  # the first change upgrades the file
    kept = list_backups(v1_database)
    assert len(kept) == 1 and contents(kept[0]) == original
    assert kept[0].before.startswith("upgrade from schema 1")


def test_newest_first_survives_the_clocks_falling_back(cli) -> None:
    """New York, 1 November 2026: 01:30 EDT, then the clocks go back and 01:10 EST comes after."""
    fall_back = datetime(2026, 11, 1, 6, 0, tzinfo=UTC)  # 02:00 EDT is 01:00 EST
    with at((fall_back - timedelta(minutes=40)).astimezone(NEW_YORK)):
        cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
        cli.ok("titan", "add", "Thorn", "--player", "Ann")
    for minutes, amount in ((-30, 1), (10, 2), (20, 3)):  # 01:30 EDT, 01:10 EST, 01:20 EST
        with at((fall_back + timedelta(minutes=minutes)).astimezone(NEW_YORK)):
            cli.ok("gold", "Thorn", str(amount))
    with at((fall_back + timedelta(minutes=30)).astimezone(NEW_YORK)):
        assert [b.before for b in list_backups(cli.db)] == [
            "Thorn: gold +3",
            "Thorn: gold +2",
            "Thorn: gold +1",
            "Thorn created for Ann with 0 base XP",
        ]
        cli.ok("restore", "1")  # takes back the last change only
    assert gold_of(cli, "Thorn") == 3


def test_newest_first_survives_a_move_to_another_time_zone(cli) -> None:
    tokyo = datetime(2026, 11, 10, 9, 0, tzinfo=ZoneInfo("Asia/Tokyo"))  # 00:00 UTC
    with at(tokyo):
        cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
        cli.ok("titan", "add", "Thorn", "--player", "Ann")
        cli.ok("gold", "Thorn", "1")
    an_hour_later_in_los_angeles = (tokyo + timedelta(hours=1)).astimezone(
        ZoneInfo("America/Los_Angeles")
    )  # 17:00 the day before, by the clock on the wall
    with at(an_hour_later_in_los_angeles):
        cli.ok("gold", "Thorn", "2")
        assert [b.before for b in list_backups(cli.db)][:2] == ["Thorn: gold +2", "Thorn: gold +1"]
        lines = cli.ok("backups").splitlines()
    assert "2026-11-09 17:00:00" in lines[1]  # shown in the local time of the day


def test_backups_named_in_local_time_by_earlier_versions_are_read_and_kept_by_their_age(
    crown,
) -> None:
    """Earlier versions named a backup by the local time it was taken, without its zone: read
    as local time, and older than every backup named in UTC."""
    where = folder(crown.db)
    for file in where.iterdir():
        file.unlink()
    versions = {  # taken 01:30 EDT, just before the clocks fell back, and two earlier
        "20261101-013000-000000.json": "Thorn: gold +1",
        "20261031-120000-000000.json": "Thorn: gold +2",
        "20260901-120000-000000.json": "Thorn: gold +3",  # over 30 days before: dropped
    }
    for name in versions:
        (where / name).write_bytes(crown.db.read_bytes())
    (where / "index.tsv").write_text(
        "".join(f"{name}\t{text}\n" for name, text in reversed(versions.items()))
    )
    after_the_fall_back = datetime(2026, 11, 1, 6, 10, tzinfo=UTC).astimezone(NEW_YORK)
    with at(after_the_fall_back):  # 01:10 EST, by the clock 20 minutes before the last backup
        listed = [b.before for b in list_backups(crown.db)]
        assert listed == ["Thorn: gold +1", "Thorn: gold +2", "Thorn: gold +3"]
        crown.ok("gold", "Thorn", "4")
        assert [b.before for b in list_backups(crown.db)] == [
            "Thorn: gold +4",
            "Thorn: gold +1",
            "Thorn: gold +2",
        ]
        crown.ok("restore", "1")
    assert gold_of(crown, "Thorn") == 0


# --- backups are written safely and kept small ------------------------------------------------


def test_the_index_is_replaced_whole_never_rewritten_in_place(crown, monkeypatch) -> None:
    index = folder(crown.db) / "index.tsv"
    inode = index.stat().st_ino
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.path.basename(os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    crown.ok("gold", "Thorn", "30")
    campaign_id = json.loads(crown.db.read_text())["campaigns"]["1"]["id"]
    assert index.stat().st_ino != inode  # a new file renamed over the old one
    assert index.read_text(encoding="utf-8").endswith(
        "\tThorn: gold +30\tIron Crown\t" + campaign_id + "\n"
    )
    new_index = next(n for n, name in enumerate(synced) if name.startswith(".index.tsv."))
    database_written = next(n for n, name in enumerate(synced) if name.startswith(".campaigns."))
    # the index, then the folder (the new backup's link and the index's name), before the
    # database is replaced
    assert "campaigns.json.backups" in synced[new_index:database_written]
    assert not list(folder(crown.db).glob(".*.tmp"))


def test_a_save_that_fails_on_a_full_disk_leaves_no_backup_taking_a_slot(
    crown, monkeypatch
) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", str(len(list_backups(crown.db))))  # all slots full

    def full_disk(path: Path, payload: bytes) -> None:
        raise StoreError(f"the disk holding {path} is full; nothing was saved")

    monkeypatch.setattr(database, "write_atomically", full_disk)
    assert "is full" in crown.refused("gold", "Thorn", "5")  # every file as it was, backups too


def test_a_backup_left_by_a_killed_save_is_replaced_by_the_next_one(crown) -> None:
    count = len(list_backups(crown.db))
    where = folder(crown.db)
    stale = where / f"{datetime.now(UTC):%Y%m%dT%H%M%S.%fZ}.json"  # kept before a save died
    os.link(crown.db, stale)
    index = where / "index.tsv"
    index.write_text(index.read_text() + f"{stale.name}\tThorn: gold +99\n")
    # until then it is not listed: it is the database itself, before a change never saved
    assert len(list_backups(crown.db)) == count and "gold +99" not in crown.ok("backups")
    crown.ok("gold", "Thorn", "5")
    kept = list_backups(crown.db)
    assert len(kept) == count + 1 and kept[0].before == "Thorn: gold +5"
    assert "gold +99" not in index.read_text()


def test_older_backups_are_kept_compressed_and_still_listed_and_restored(crown) -> None:
    for amount in range(1, 8):
        crown.ok("gold", "Thorn", str(amount))
    kept = list_backups(crown.db)
    assert [b.file.suffix for b in kept[:LINKED]] == [".json"] * LINKED  # the newest: hard links
    assert {b.file.suffix for b in kept[LINKED:]} == {".gz"}
    assert [b.before for b in kept[:7]] == [f"Thorn: gold +{n}" for n in range(7, 0, -1)]
    assert len(crown.ok("backups").splitlines()) == len(kept) + 2
    crown.ok("restore", "7")  # the file as it was before gold +1
    assert gold_of(crown, "Thorn") == 0
    crown.ok("restore", "1")  # back to before the restore: all seven changes
    assert gold_of(crown, "Thorn") == 28


def test_a_backup_compressed_or_dropped_after_it_was_listed_is_read_or_skipped(
    crown, monkeypatch
) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "3")
    crown.ok("gold", "Thorn", "1")
    listed = list_backups(crown.db)
    kept = [contents(backup) for backup in listed]
    crown.ok("gold", "Thorn", "2")  # another program: compresses backup 2, drops backup 3
    assert not listed[1].file.exists() and contents(listed[1]) == kept[1]
    with pytest.raises(BackupGone):
        contents(listed[2])
    real_find = backup_files.find_backup
    shown = iter([listed[2]])  # what `restore 3` found just before the change dropped it

    def find_backup(path: Path, number: int) -> backup_files.Backup:
        return next(shown, None) or real_find(path, number)

    monkeypatch.setattr(backup_files, "find_backup", find_backup)
    now_third = json.loads(contents(list_backups(crown.db)[2]))
    crown.ok("restore", "3")  # looked up again: the third newest now
    restored = json.loads(crown.db.read_bytes())
    assert [restored[t] for t in ("campaigns", "changes")] == [
        now_third[t] for t in ("campaigns", "changes")
    ]


@pytest.mark.slow
def test_listing_and_restoring_while_another_program_prunes_never_fails(
    crown, monkeypatch, report
) -> None:
    """A writer saves change after change, each dropping and compressing backups (3 kept), while
    this program lists the backups, reads each one and restores: a backup listed and then gone
    is skipped, never an error."""
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "3")
    for amount in (1, 2, 3):  # every backup kept has Bex, whichever one is restored
        crown.ok("gold", "Thorn", str(amount))
    pid = os.fork()
    if pid == 0:  # the writer, until stopped
        try:
            bex = actions.find_titan(Database(crown.db), "Bex")  # found once, then held by id
            for number in itertools.count():
                actions.change_gold(Database(crown.db, lock_timeout=30.0), bex, 1, str(number))
        except BaseException as error:  # noqa: BLE001 - reported to the test
            crown.db.with_name("writer-error").write_text(f"{type(error).__name__}: {error}")
        finally:
            os._exit(1)
    errors: list[str] = []
    reads = skipped = restores = 0
    for round_ in range(100):
        try:
            for backup in list_backups(crown.db):
                try:
                    contents(backup)
                    reads += 1
                except BackupGone:
                    skipped += 1
            if round_ % 5 == 4:
                actions.restore_backup(Database(crown.db, lock_timeout=30.0), 3)
                restores += 1
        except Exception as error:  # noqa: BLE001 - every failure is counted
            errors.append(f"{type(error).__name__}: {error}")
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    writer_error = crown.db.with_name("writer-error")
    assert not writer_error.exists(), writer_error.read_text()
    assert not errors, errors[:5]
    saved = gold_of(crown, "Bex")  # the writer's changes since the last restore
    report.append(
        f"backups under a pruning writer: {reads} read, {skipped} skipped as dropped meanwhile, "
        f"{restores} restores, 0 errors (Bex's gold at the end: {saved})"
    )


def grown(tables: dict[str, Any], titans: int, changes: int) -> None:
    """``changes`` more changes as a group makes them over months: each a Titan's gold line
    (most of a long campaign's changes), with its own time, amount and note."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for _ in range(changes):
        number = len(tables["changes"]) + 1
        titan = 1 + number % titans
        event = GoldChanged(amount=1 + number * 7 % 60, note=f"loot from game {number // titans}")
        at_time = (start + timedelta(seconds=number * 1733)).isoformat(timespec="seconds")
        text = change_text(f"Titan {titan}", [event])
        tables["changes"][str(number)] = change_to_doc(1, Change(at_time, text, {titan: (event,)}))


@pytest.mark.slow
def test_100_backups_of_a_1_mib_database_take_under_10_times_its_size(tmp_path, report) -> None:
    db = tmp_path / "campaigns.json"
    actions.new_campaign(Database(db), "Iron Crown", 200)
    for titan in range(1, 61):
        actions.add_titan(
            Database(db), actions.find_campaign(Database(db)), f"Titan {titan}", "Player"
        )
    tables = json.loads(db.read_text())
    while len(encode(tables)) < 2**20:
        grown(tables, 60, 500)
    db.write_bytes(encode(tables))
    store = Database(db)  # one program saving them: each version encodes only its new line
    for _ in range(100):  # a change a version, as a group makes them
        grown(tables, 60, 1)
        store.write_version(tables, "a change")
    kept = list_backups(db)
    sizes = {os.stat(backup.file).st_ino: os.stat(backup.file).st_size for backup in kept}
    total = sum(sizes.values())
    size = len(db.read_bytes())
    assert len(kept) == 100 and len(sizes) == 100  # each its own version
    assert total < 10 * size
    assert contents(kept[-1]).startswith(b"{")
    report.append(
        f"backups: 100 of a {size / 2**20:.2f} MiB database take {total / 2**20:.1f} MiB "
        f"({total / size:.1f}x; the newest {LINKED} as hard links, the rest gzip)"
    )


def test_a_backups_folder_that_cannot_be_made_names_the_folder_that_is_read_only(
    crown: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a read-only folder without backups yet, the player was told the backups' folder
    (which does not exist) cannot be written, not the folder they can fix."""
    for backup in folder(crown.db).iterdir():
        backup.unlink()
    folder(crown.db).rmdir()
    made = Path.mkdir

    def mkdir(self: Path, *args: Any, **kwargs: Any) -> None:
        if self == folder(crown.db):
            raise PermissionError(13, "Permission denied", str(self))
        made(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", mkdir)
    message = crown.refused("gold", "Thorn", "5")
    assert message == f"{crown.db.parent} cannot be written (Permission denied); nothing was saved"


def test_a_backup_given_as_the_database_is_read_but_never_changed(crown) -> None:
    """`--db campaigns.json.backups/NAME.json gold Thorn 1` changed the backup: a later restore
    of it brought back a change made after it was taken, and the backups folder got a backups
    folder and a lock of its own."""
    crown.ok("gold", "Thorn", "30")
    backup = list_backups(crown.db)[0].file
    kept = backup.read_bytes()
    at_backup = type(crown)(backup, crown.capsys)
    assert "Thorn" in at_backup.ok("titan", "list")  # looking at one is harmless
    said = at_backup.refused("gold", "Thorn", "1")
    assert said.startswith(f"{backup} is a backup of {crown.db}, never changed: restore it")
    assert at_backup.refused("restore", "1") == said  # it said it had no backups yet
    assert backup.read_bytes() == kept
    assert sorted(
        path.name for path in backup.parent.iterdir() if path.name.startswith(backup.name)
    ) == [backup.name]
    assert not [path for path in backup.parent.iterdir() if path.is_dir()]


def test_in_a_file_of_several_campaigns_each_backup_names_the_campaign(tmp_path: Path) -> None:
    """Two campaigns' "before: Rho created for ..." read alike: only the player told them
    apart, and with three campaigns the right backup was guesswork."""
    db = Database(tmp_path / "c.json")
    first = actions.new_campaign(db, "Red Keep", 0).ref
    actions.add_titan(db, first, "Rho", "Ann")
    second = actions.new_campaign(db, "Blue Keep", 0).ref
    actions.add_titan(db, second, "Rho", "Ann")
    befores = [backup.said for backup in actions.list_backups(db)]
    assert befores[:3] == [
        'Rho created for Ann with 0 base XP (in "Blue Keep")',
        'campaign "Blue Keep" created',
        # taken while the file held one campaign: it was not named, and read as Blue Keep's
        'Rho created for Ann with 0 base XP (in "Red Keep")',
    ], befores


def test_a_merge_that_changed_two_campaigns_names_neither_in_the_backup_list(
    tmp_path: Path,
) -> None:
    """A merge bringing changes to two campaigns was listed "(in "Blue Keep")", the last one
    it saved, though most of its changes were Red Keep's."""
    db = Database(tmp_path / "c.json")
    red = actions.new_campaign(db, "Red Keep", 0).ref
    rho = actions.add_titan(db, red, "Rho", "Ann").titan
    blue = actions.new_campaign(db, "Blue Keep", 0).ref
    mu = actions.add_titan(db, blue, "Mu", "Bo").titan
    copy = Database(tmp_path / "copy.json")
    copy.path.write_bytes(db.path.read_bytes())
    actions.change_gold(copy, rho, 3, "loot")
    actions.change_gold(copy, mu, 2, "loot")
    actions.merge_copy(db, copy.path)
    [merge] = [b for b in actions.list_backups(db) if b.before.startswith("merged")]
    assert merge.said == "merged 2 changes from copy.json", merge.said
    # a change of one campaign is still named
    assert actions.list_backups(db)[1].said == 'Mu created for Bo with 0 base XP (in "Blue Keep")'


def test_a_file_of_one_campaign_lists_its_backups_without_naming_it(tmp_path: Path) -> None:
    db = Database(tmp_path / "c.json")
    first = actions.new_campaign(db, "Red Keep", 0).ref
    actions.add_titan(db, first, "Rho", "Ann")
    actions.add_titan(db, first, "Mu", "Bo")
    actions.rename_campaign(db, first, "Black Keep")  # still one campaign
    befores = [backup.said for backup in actions.list_backups(db)]
    assert befores == [
        'campaign "Red Keep" renamed "Black Keep"',
        "Mu created for Bo with 0 base XP",
        "Rho created for Ann with 0 base XP",
    ], befores
