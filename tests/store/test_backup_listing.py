"""Worked example: a saved change lists the backups folder once (to take its backup and to
prune), not once for each step, so a folder of many backups costs a change little."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.store import Database, backups


def test_a_saved_change_lists_the_backups_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = Database(tmp_path / "campaigns.json")
    actions.new_campaign(db, "Iron Crown", 0)
    thorn = actions.add_titan(db, actions.find_campaign(db, "Iron Crown"), "Thorn", "Ann").titan
    for amount in range(1, 6):
        actions.change_gold(db, thorn, amount)  # a few backups to list
    listing = backups._every_backup  # the folder's listing
    calls: list[Path] = []

    def counted(path: Path) -> list[backups.Backup]:
        calls.append(path)
        return listing(path)

    monkeypatch.setattr(backups, "_every_backup", counted)
    actions.change_gold(db, actions.find_titan(db, "Thorn"), 9)
    assert len(calls) == 1
    monkeypatch.undo()
    assert len(backups.list_backups(db.path)) == 7  # one more backup, none lost
