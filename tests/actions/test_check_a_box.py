"""A player checks the next box of a row on the sheet: the app calls the same purchase action
as `titan-campaign spend`, with the Titan as the sheet showed it."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.store import Database


@pytest.fixture
def db(tmp_path: Path) -> Database:
    db = Database(tmp_path / "campaigns.json")
    actions.new_campaign(db, "Iron Crown", 200)
    actions.add_titan(db, "Iron Crown", "Thorn", "Ann")
    return db


def test_checking_a_power_box_as_shown_spends_100_xp(db: Database) -> None:
    shown = actions.read_titan(db, "Thorn").state
    done = actions.buy_ability(db, "Thorn", "power", None, shown)
    assert done.state.available_xp == shown.available_xp - 100
    assert done.state.abilities["power"] == shown.abilities["power"] + 1


def test_checking_a_box_after_a_change_from_another_shell_saves_nothing(db: Database) -> None:
    shown = actions.read_titan(db, "Thorn").state
    other_shell = Database(db.path)
    actions.buy_ability(other_shell, "Thorn", "skill")
    before = db.path.read_bytes()
    with pytest.raises(actions.TitanChanged) as refused:
        actions.buy_school_level(db, "Thorn", "fire", None, shown)
    assert db.path.read_bytes() == before
    assert refused.value.state.abilities["skill"] == shown.abilities["skill"] + 1
