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
    actions.add_titan(db, actions.find_campaign(db, "Iron Crown"), "Thorn", "Ann")
    return db


def test_checking_a_power_box_as_shown_spends_100_xp(db: Database) -> None:
    thorn = actions.find_titan(db, "Thorn")
    shown = actions.read_titan(db, thorn).state
    done = actions.buy_ability(db, thorn, "power", shown)
    assert done.state.available_xp == shown.available_xp - 100
    assert done.state.abilities["power"] == shown.abilities["power"] + 1


def test_checking_a_box_after_a_change_from_another_shell_saves_nothing(db: Database) -> None:
    thorn = actions.find_titan(db, "Thorn")
    shown = actions.read_titan(db, thorn).state
    other_shell = Database(db.path)
    actions.buy_ability(other_shell, actions.find_titan(other_shell, "Thorn"), "skill")
    before = db.path.read_bytes()
    with pytest.raises(actions.TitanChanged) as refused:
        actions.buy_school_level(db, thorn, "fire", shown)
    assert db.path.read_bytes() == before
    assert refused.value.state.abilities["skill"] == shown.abilities["skill"] + 1


def test_unchecking_the_power_box_just_bought_gives_the_100_xp_back(db: Database) -> None:
    before = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    shown = actions.buy_ability(db, actions.find_titan(db, "Thorn"), "power").state
    undone = actions.uncheck_box(
        db, actions.find_titan(db, "Thorn"), "power", shown.abilities["power"], shown=shown
    )
    assert undone.campaign.state(undone.campaign.titan_id("Thorn")) == before


def test_a_box_bought_before_another_purchase_cannot_be_unchecked(db: Database) -> None:
    actions.buy_ability(db, actions.find_titan(db, "Thorn"), "power")
    shown = actions.buy_school_level(db, actions.find_titan(db, "Thorn"), "fire").state
    saved = db.path.read_bytes()
    with pytest.raises(actions.RuleError, match="Only the latest purchase can be unchecked"):
        actions.uncheck_box(
            db, actions.find_titan(db, "Thorn"), "power", shown.abilities["power"], shown=shown
        )
    with pytest.raises(actions.RuleError, match="Only the latest purchase can be unchecked"):
        actions.uncheck_box(
            db, actions.find_titan(db, "Thorn"), "fire", 0, shown=shown
        )  # not the last checked box
    assert db.path.read_bytes() == saved
    assert actions.uncheck_box(
        db, actions.find_titan(db, "Thorn"), "fire", 1, shown=shown
    ).change.text


def test_unchecking_after_a_change_from_another_shell_saves_nothing(db: Database) -> None:
    shown = actions.buy_ability(db, actions.find_titan(db, "Thorn"), "power").state
    actions.change_gold(Database(db.path), actions.find_titan(Database(db.path), "Thorn"), 5)
    saved = db.path.read_bytes()
    with pytest.raises(actions.TitanChanged):
        actions.uncheck_box(
            db, actions.find_titan(db, "Thorn"), "power", shown.abilities["power"], shown=shown
        )
    assert db.path.read_bytes() == saved


def test_a_box_of_a_free_school_level_says_ctrl_z_takes_it_back(db: Database) -> None:
    """Water 1 and 2 bought (level 1: a free school level), the free level taken in Water: its
    box, the latest change, was refused as not "the latest purchase"."""
    thorn = actions.find_titan(db, "Thorn")
    actions.buy_school_level(db, thorn, "water")
    actions.buy_school_level(db, thorn, "water")
    shown = actions.choose_school(db, thorn, "water").state
    assert shown.schools["water"] == 3
    saved = db.path.read_bytes()
    with pytest.raises(actions.RuleError, match="That box is a free school level, not a purchase"):
        actions.uncheck_box(db, thorn, "water", 3, shown=shown)
    assert db.path.read_bytes() == saved
