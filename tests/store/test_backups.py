"""Backups: the file as it was is kept before every change (by age), and any one can be restored
without losing anything, even over a database that cannot be read."""

from __future__ import annotations

import json
import os
import time

from titan_campaign.store.backups import folder, list_backups


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
    assert len(index) == 3  # the backups dropped leave the index too: it does not grow forever


def test_older_backups_keep_one_a_day_for_30_days(crown) -> None:
    crown.ok("gold", "Thorn", "1")
    backups = folder(crown.db)
    day = 24 * 3600
    now = time.time()
    for age_days, name in ((2.1, "a"), (2.2, "b"), (5.0, "c"), (31.0, "d"), (40.0, "e")):
        old = backups / f"old-{name}.json"
        old.write_bytes(crown.db.read_bytes())
        os.utime(old, (now - age_days * day, now - age_days * day))
    crown.ok("gold", "Thorn", "2")
    names = {b.file.name for b in list_backups(crown.db)}
    assert "old-a.json" in names and "old-b.json" not in names  # the newest of its day stays
    assert "old-c.json" in names
    assert not names & {"old-d.json", "old-e.json"}  # older than 30 days


def test_no_new_backups_with_the_setting_at_0_and_the_old_ones_stay(crown, monkeypatch) -> None:
    kept = [b.file.name for b in list_backups(crown.db)]
    assert kept
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "0")
    for amount in (1, 2, 3):
        crown.ok("gold", "Thorn", str(amount))
    assert [b.file.name for b in list_backups(crown.db)] == kept
    assert gold_of(crown, "Thorn") == 6
    crown.ok("restore", "1")
    assert [b.file.name for b in list_backups(crown.db)] == kept  # restoring deletes none either


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


def test_restore_of_a_number_that_is_not_kept_is_refused(crown) -> None:
    count = len(list_backups(crown.db))
    assert f"choose 1 (newest) to {count}" in crown.refused("restore", str(count + 1))
    assert "choose 1" in crown.refused("restore", "0")


def test_a_damaged_backup_is_not_restored(crown) -> None:
    crown.ok("gold", "Thorn", "7")
    oldest = list_backups(crown.db)[-1]
    os.unlink(oldest.file)  # a hard link: replace it, never write through it
    oldest.file.write_text(
        '{"meta": {"1": {"schema_version": 3}}, "campaigns": {"1": {"name": "X", "base_xp": 7}}}'
    )
    number = next(b.number for b in list_backups(crown.db) if b.file == oldest.file)
    assert "base_xp" in crown.refused("restore", str(number))
