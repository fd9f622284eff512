"""The store counts the file's versions and tells what changed since one: every version
written (a change, an undo, a restore, an import, a merge) is one more, and says which
campaigns and Titans it touched, or that the whole file was replaced."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.store import Database

EXAMPLE = Path(__file__).parents[2] / "sheets" / "example-campaign.json"


@pytest.fixture
def crown(tmp_path: Path) -> Database:
    db = Database(tmp_path / "campaigns.json")
    made = actions.new_campaign(db, "Iron Crown", 200).ref
    actions.add_titan(db, made, "Thorn", "Ann")
    actions.add_titan(db, made, "Mira", "Bo")
    return db


def test_a_new_file_is_at_version_0_and_each_save_is_one_more(tmp_path: Path) -> None:
    db = Database(tmp_path / "campaigns.json")
    assert db.version() == 0
    made = actions.new_campaign(db, "Iron Crown", 200).ref
    assert db.version() == 1
    thorn = actions.add_titan(db, made, "Thorn", "Ann").titan
    actions.change_gold(db, thorn, 5)
    actions.undo(db, thorn)
    actions.redo(db, thorn)
    assert db.version() == 5
    assert db.versions == [1, 2, 3, 4, 5]  # the versions this program wrote


def test_a_rename_elsewhere_is_told_with_its_campaign_and_titan(crown: Database) -> None:
    thorn = actions.find_titan(crown, "Thorn")
    seen = crown.version()
    other_shell = Database(crown.path)
    actions.rename_titan(other_shell, actions.find_titan(other_shell, "Thorn"), "Thorin")
    changes = actions.changes_since(crown, seen)
    assert changes.version == seen + 1 and not changes.whole
    assert changes.titans == {(thorn.campaign.id, thorn.titan)}
    assert [told.text for told in changes.announced] == ["Thorn: renamed Thorin"]
    assert actions.changes_since(crown, changes.version).announced == ()


def test_a_game_tells_every_titan_that_played_and_no_other(crown: Database) -> None:
    thorn, mira = (actions.find_titan(crown, name) for name in ("Thorn", "Mira"))
    seen = crown.version()
    actions.change_gold(crown, mira, 3)
    assert actions.changes_since(crown, seen).titans == {(mira.campaign.id, mira.titan)}
    assert (thorn.campaign.id, thorn.titan) not in actions.changes_since(crown, seen).titans


def test_a_campaign_renamed_or_deleted_is_told_as_that_campaign(crown: Database) -> None:
    campaign = actions.find_campaign(crown)
    seen = crown.version()
    actions.rename_campaign(crown, campaign, "Second Age")
    assert actions.changes_since(crown, seen).campaigns == {campaign.id}
    seen += 1
    actions.delete_campaign(crown, campaign)
    assert actions.changes_since(crown, seen).campaigns == {campaign.id}


def test_a_restore_replaces_the_whole_file_and_still_counts_up(crown: Database) -> None:
    actions.change_gold(crown, actions.find_titan(crown, "Thorn"), 5)
    seen = crown.version()
    actions.restore_backup(crown, 1)  # the file as it was before the gold: an older version
    changes = actions.changes_since(crown, seen)
    assert changes.version == seen + 1  # never back to a number already told
    assert changes.whole


def test_an_import_and_a_merge_are_versions_too(crown: Database, tmp_path: Path) -> None:
    seen = crown.version()
    actions.import_campaigns(crown, EXAMPLE)
    imported = actions.changes_since(crown, seen)
    assert imported.version == seen + 1 and len(imported.campaigns) == 1
    copy = tmp_path / "campaigns (Bo's conflicted copy).json"
    shutil.copyfile(crown.path, copy)
    theirs = Database(copy)
    actions.change_gold(theirs, actions.find_titan(theirs, "Thorn", "Iron Crown"), 4)
    seen = crown.version()
    actions.merge_copy(crown, copy)
    merged = actions.changes_since(crown, seen)
    thorn = actions.find_titan(crown, "Thorn", "Iron Crown")
    assert merged.version == seen + 1 and (thorn.campaign.id, thorn.titan) in merged.titans


def test_versions_no_longer_told_are_said_to_change_anything(crown: Database) -> None:
    thorn = actions.find_titan(crown, "Thorn")
    for _ in range(60):  # more than the file keeps told
        actions.change_gold(crown, thorn, 1)
    assert actions.changes_since(crown, 0).whole
    assert not actions.changes_since(crown, crown.version() - 3).whole
