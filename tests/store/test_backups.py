"""Backups: the previous database is kept before every change, and any kept one can be restored."""

from __future__ import annotations

import json
import os

from titan_campaign.store.backups import backups_folder, list_backups, restore_backup
from titan_campaign.store.layout import referenced_histories, titans_folder


def gold_of(cli, titan: str) -> int:
    return json.loads(cli.ok("sheet", titan, "--format", "json"))["gold"]


def test_every_change_keeps_the_previous_database_and_a_refusal_keeps_nothing(crown) -> None:
    before = len(list_backups(crown.db))
    previous = crown.db.read_bytes()
    crown.ok("gold", "Thorn", "30")
    backups = list_backups(crown.db)
    assert len(backups) == before + 1
    assert backups[0].path.read_bytes() == previous
    crown.refused("gold", "Thorn", "-500")  # more than she has
    assert len(list_backups(crown.db)) == before + 1


def test_a_backup_costs_a_hard_link_not_a_copy(crown) -> None:
    old_index = os.stat(crown.db)
    crown.ok("gold", "Thorn", "30")
    kept = os.stat(list_backups(crown.db)[0].path)
    assert (kept.st_ino, kept.st_dev) == (old_index.st_ino, old_index.st_dev)


def test_the_last_ten_are_kept_by_default(crown) -> None:
    for amount in range(1, 16):
        crown.ok("gold", "Thorn", str(amount))
    assert len(list_backups(crown.db)) == 10


def test_the_number_kept_is_set_with_an_environment_variable(crown, monkeypatch) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "3")
    for amount in range(1, 6):
        crown.ok("gold", "Thorn", str(amount))
    assert [b.number for b in list_backups(crown.db)] == [1, 2, 3]


def test_with_no_backups_kept_old_history_files_go_at_once(crown, monkeypatch) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "0")
    for amount in (1, 2, 3):
        crown.ok("gold", "Thorn", str(amount))
        assert list_backups(crown.db) == []
        assert len(list(titans_folder(crown.db).glob("titan-*.json"))) == 2  # just the current Thorn and Bex
    assert gold_of(crown, "Thorn") == 6


def test_a_nonsense_backup_setting_is_refused_before_anything_is_written(crown, monkeypatch) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "lots")
    assert "TITAN_CAMPAIGN_BACKUPS must be a whole number" in crown.refused("gold", "Thorn", "5")


def test_backups_lists_time_and_what_each_holds(crown) -> None:
    crown.ok("gold", "Thorn", "30")
    lines = crown.ok("backups").splitlines()
    assert "the last 10 are kept" in lines[0] and "TITAN_CAMPAIGN_BACKUPS" in lines[0]
    # Before the gold: 1 campaign, Thorn (created, game 1) and Bex (created, game 1).
    assert lines[1].split()[0] == "1" and lines[1].endswith("1 campaign(s), 2 Titan(s), 4 event(s)")
    assert lines[-2].split()[0] == str(len(list_backups(crown.db)))
    assert lines[-2].endswith("revision 1: 1 campaign(s), 0 Titan(s), 0 event(s)")  # just after the campaign was created
    assert "restore" in lines[-1]


def test_restore_brings_back_a_backup_and_keeps_the_current_database_first(crown) -> None:
    crown.ok("gold", "Thorn", "30")
    crown.ok("gold", "Thorn", "12")
    assert gold_of(crown, "Thorn") == 42
    current = crown.db.read_bytes()
    out = crown.ok("restore", "2")
    assert "restored backup 2" in out
    assert gold_of(crown, "Thorn") == 0
    assert list_backups(crown.db)[0].path.read_bytes() == current
    crown.ok("restore", "1")  # and back again
    assert gold_of(crown, "Thorn") == 42


def test_every_backup_stays_restorable_while_old_history_files_are_swept(crown, monkeypatch) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "4")
    gold_at: dict[int, tuple[int, int]] = {}  # revision -> (Thorn's gold, Bex's gold)
    for amount in range(1, 30):
        crown.ok("gold", "Bex" if amount % 3 else "Thorn", str(amount))
        gold_at[json.loads(crown.db.read_text())["meta"]["1"]["revision"]] = (gold_of(crown, "Thorn"), gold_of(crown, "Bex"))
    files = {f.name for f in titans_folder(crown.db).glob("titan-*.json")}
    backups = list_backups(crown.db)
    needed = referenced_histories(json.loads(crown.db.read_text()))
    for backup in backups:
        needed |= referenced_histories(json.loads(backup.path.read_text()))
    assert files == needed  # every file a kept index needs, and no other
    oldest = backups[-1]
    restore_backup(crown.db, oldest.number)
    assert (gold_of(crown, "Thorn"), gold_of(crown, "Bex")) == gold_at[oldest.revision]


def test_restore_of_a_number_that_is_not_kept_is_refused(crown) -> None:
    count = len(list_backups(crown.db))
    assert f"choose 1 (most recent) to {count}" in crown.refused("restore", str(count + 1))
    assert "choose 1" in crown.refused("restore", "0")


def test_a_backup_with_missing_history_files_is_not_restored(crown) -> None:
    crown.ok("gold", "Thorn", "7")
    oldest = list_backups(crown.db)[-2]  # one Titan, Thorn, just created
    needed = json.loads(oldest.path.read_text())["titans"]["1"]["file"]
    (titans_folder(crown.db) / f"titan-1-r{needed}.json").unlink()
    number = oldest.number
    assert "missing; nothing restored" in crown.refused("restore", str(number))
    assert backups_folder(crown.db).is_dir()
