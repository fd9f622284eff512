"""A player plans the next game's starting legions (R10): the plan screen sets the whole plan,
putting an extra back to "default" takes its placement away; the command line's ``--legion``
adds to the placements made before. The screen asks the same action whether a plan fits."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.store import Database


@pytest.fixture
def db(tmp_path: Path) -> Database:
    """Thorn has one box of Charisma: one Tower creature joins a legion of his choice."""
    db = Database(tmp_path / "campaigns.json")
    actions.new_campaign(db, "Iron Crown", 200)
    actions.add_titan(db, actions.find_campaign(db, "Iron Crown"), "Thorn", "Ann")
    actions.buy_ability(db, actions.find_titan(db, "Thorn"), "charisma")
    actions.set_plan(db, actions.find_titan(db, "Thorn"), ["Ogre"], placement=[("Ogre", 2)])
    return db


def test_placing_the_ogre_back_to_default_on_the_plan_screen_takes_its_placement_away(
    db: Database,
) -> None:
    shown = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    done = actions.set_plan(
        db, actions.find_titan(db, "Thorn"), ["Ogre"], [], [], shown=shown, whole=True
    )
    assert done.state.plan.placement == ()


def test_a_placement_from_the_command_line_adds_to_those_made_before(db: Database) -> None:
    actions.add_item(db, actions.find_titan(db, "Thorn"), "Cloak of Shadows")
    done = actions.set_plan(
        db, actions.find_titan(db, "Thorn"), placement=[("Cloak of Shadows", 1)]
    )
    assert done.state.plan.placement == (("Ogre", 2), ("Cloak of Shadows", 1))


def test_a_plan_that_changes_nothing_is_refused_saying_so(db: Database) -> None:
    with pytest.raises(actions.RuleError, match="planned so already: nothing to change"):
        actions.set_plan(db, actions.find_titan(db, "Thorn"), placement=[])


def test_a_plan_is_asked_about_with_the_rules_reason_the_save_would_give(db: Database) -> None:
    state = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    assert actions.can_set_plan(state, ["Centaur"], [], [("Centaur", 1)])
    asked = actions.can_set_plan(state, ["Centaur", "Ogre"], [], [])
    assert not asked and asked.reason
    with pytest.raises(actions.RuleError) as refused:
        actions.set_plan(
            db, actions.find_titan(db, "Thorn"), ["Centaur", "Ogre"], [], [], whole=True
        )
    assert str(refused.value) == asked.reason
