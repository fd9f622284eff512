"""A Titan is found by the name a player types once; from then on a shell holds its id, so a
rename, an undone rename or an archive made elsewhere never loses it, and a Titan or campaign
that is gone says so in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.rules.errors import RuleError
from titan_campaign.store import Database


@pytest.fixture
def db(tmp_path: Path) -> Database:
    db = Database(tmp_path / "campaigns.json")
    made = actions.new_campaign(db, "Iron Crown", 200).ref
    actions.add_titan(db, made, "Thorn", "Ann")
    return db


def test_a_titan_renamed_from_another_shell_is_still_the_one_held(db: Database) -> None:
    thorn = actions.find_titan(db, "thorn")  # typed as the player types it
    other_shell = Database(db.path)
    actions.rename_titan(other_shell, actions.find_titan(other_shell, "Thorn"), "Thorin")
    done = actions.buy_ability(db, thorn, "power")
    assert done.state.name == "Thorin" and done.state.abilities["power"] == 1
    assert list(done.steps) == [thorn]
    actions.undo(other_shell, actions.find_titan(other_shell, "Thorin"))  # the power box
    actions.undo(other_shell, actions.find_titan(other_shell, "Thorin"))  # the rename
    assert actions.read_titan(db, thorn).state.name == "Thorn"


def test_an_archived_titan_is_still_held_and_reads_as_archived(db: Database) -> None:
    thorn = actions.find_titan(db, "Thorn")
    actions.archive_titan(Database(db.path), thorn)
    assert actions.read_titan(db, thorn).state.archived


def test_a_titan_whose_joining_was_undone_is_gone_in_one_line(db: Database) -> None:
    thorn = actions.find_titan(db, "Thorn")
    actions.undo(Database(db.path), thorn.campaign)  # the campaign's latest: Thorn joining
    before = db.path.read_bytes()
    with pytest.raises(actions.Gone) as gone:
        actions.change_gold(db, thorn, 5)
    assert str(gone.value) == (
        'that Titan is no longer in "Iron Crown" (its joining was undone, or a backup without it restored)'
    )
    assert db.path.read_bytes() == before


def test_a_deleted_campaign_is_gone_in_one_line(db: Database) -> None:
    campaign = actions.find_campaign(db, "iron crown")
    thorn = actions.find_titan(db, "Thorn")
    actions.delete_campaign(Database(db.path), campaign)
    with pytest.raises(actions.Gone, match="that campaign is no longer in the database"):
        actions.read_titan(db, thorn)
    with pytest.raises(actions.Gone):
        actions.read_campaign(db, campaign)


def test_a_name_nobody_has_is_refused_naming_the_titans_there_are(db: Database) -> None:
    with pytest.raises(
        RuleError,
        match=r'no Titan named "Thron" in "Iron Crown"; did you mean "Thorn"\? \(Titans: Thorn\)',
    ):
        actions.find_titan(db, "Thron")
