"""A player keeps the gold ledger and magic items (R11): the app's forms and the command line
call the same actions with what was typed, and an item named from the Mytho Titan list gets
its type, effect and charges the same way from either."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.rules.facts import ShapeError
from titan_campaign.store import Database


@pytest.fixture
def db(tmp_path: Path) -> Database:
    db = Database(tmp_path / "campaigns.json")
    actions.new_campaign(db, "Iron Crown", 200)
    actions.add_titan(db, actions.find_campaign(db, "Iron Crown"), "Thorn", "Ann")
    actions.add_titan(db, actions.find_campaign(db, "Iron Crown"), "Bryn", "Bob")
    actions.change_gold(db, actions.find_titan(db, "Thorn"), 60, "loot")
    return db


def test_adding_loot_to_the_purse_as_the_form_showed_it(db: Database) -> None:
    shown = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    done = actions.change_gold(db, actions.find_titan(db, "Thorn"), 15, "ransom", shown=shown)
    assert done.state.gold == 75
    assert done.state.gold_ledger[-1].note == "ransom"


def test_a_gold_entry_after_a_change_from_another_shell_saves_nothing(db: Database) -> None:
    shown = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    actions.change_gold(Database(db.path), actions.find_titan(Database(db.path), "Thorn"), 5)
    before = db.path.read_bytes()
    with pytest.raises(actions.TitanChanged) as refused:
        actions.change_gold(db, actions.find_titan(db, "Thorn"), 15, shown=shown)
    assert db.path.read_bytes() == before
    assert refused.value.state.gold == 65  # the Titan as it is now, to show


def test_a_gold_entry_while_another_titan_changed_is_saved(db: Database) -> None:
    shown = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    actions.change_gold(Database(db.path), actions.find_titan(Database(db.path), "Bryn"), 5)
    assert (
        actions.change_gold(db, actions.find_titan(db, "Thorn"), -10, shown=shown).state.gold == 50
    )


def test_an_entry_of_no_gold_is_refused_by_the_rules(db: Database) -> None:
    with pytest.raises(actions.RuleError, match="amount other than 0"):
        actions.change_gold(db, actions.find_titan(db, "Thorn"), 0)


def test_a_form_left_blank_is_refused_naming_each_field(db: Database) -> None:
    before = db.path.read_bytes()
    with pytest.raises(ShapeError) as refused:
        actions.buy_item(db, actions.find_titan(db, "Thorn"), "", None)
    assert {problem.loc[-1] for problem in refused.value.problems} == {"name", "price"}
    assert db.path.read_bytes() == before


def test_a_potion_bought_by_its_name_alone_gets_its_type_effect_and_charge(
    db: Database,
) -> None:
    """Only the name typed, as in ``titan-campaign buy Thorn item potion --price 20``."""
    done = actions.buy_item(db, actions.find_titan(db, "Thorn"), "potion", 20)
    potion = done.state.items[0]
    listed = actions.item_facts("Potion")
    assert (potion.name, potion.type, potion.description, potion.charges) == (
        listed.name,
        listed.type,
        listed.description,
        listed.charges,
    )
    assert potion.charges == 1 and potion.description  # the list's, not left empty
    assert done.state.gold == 40


def test_what_the_player_typed_beats_the_list(db: Database) -> None:
    done = actions.add_item(
        db, actions.find_titan(db, "Thorn"), "Potion", charges=3, description="a big one"
    )
    potion = done.state.items[0]
    assert (potion.charges, potion.description) == (3, "a big one")


def test_a_lucky_pebble_not_on_the_list_is_an_other_item_that_lasts(db: Database) -> None:
    pebble = actions.add_item(db, actions.find_titan(db, "Thorn"), "Lucky Pebble").state.items[0]
    assert (pebble.type, pebble.description, pebble.charges) == ("other", "", None)


def test_an_item_bought_after_a_change_elsewhere_saves_nothing(db: Database) -> None:
    shown = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    actions.buy_ability(Database(db.path), actions.find_titan(Database(db.path), "Thorn"), "power")
    before = db.path.read_bytes()
    with pytest.raises(actions.TitanChanged):
        actions.buy_item(db, actions.find_titan(db, "Thorn"), "Potion", 20, shown=shown)
    with pytest.raises(actions.TitanChanged):
        actions.add_item(db, actions.find_titan(db, "Thorn"), "Potion", shown=shown)
    assert db.path.read_bytes() == before


def test_a_spell_bought_with_gold_as_shown(db: Database) -> None:
    shown = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    done = actions.buy_spell_with_gold(
        db, actions.find_titan(db, "Thorn"), "shocking grasp", 50, shown=shown
    )
    assert [spell.name for spell in done.state.spells] == ["Shocking Grasp"]
    assert done.state.gold == 10


def test_a_spell_too_dear_for_the_purse_is_refused(db: Database) -> None:
    with pytest.raises(actions.RuleError, match="60 in the purse"):
        actions.buy_spell_with_gold(db, actions.find_titan(db, "Thorn"), "shocking grasp", 100)


def test_a_spell_bought_with_gold_after_a_change_elsewhere_saves_nothing(db: Database) -> None:
    shown = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    actions.change_gold(Database(db.path), actions.find_titan(Database(db.path), "Thorn"), 1)
    with pytest.raises(actions.TitanChanged):
        actions.buy_spell_with_gold(
            db, actions.find_titan(db, "Thorn"), "shocking grasp", 50, shown=shown
        )
