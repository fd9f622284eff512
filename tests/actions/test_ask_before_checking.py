"""A player looks at the sheet before checking a box, picking a spell or taking the goal's next
step: the actions answer "may I?" with the rule's reason, from plain values (the Titan as
shown, a row's name), by the same rules that then judge the purchase."""

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


def test_a_power_box_may_be_checked_with_100_xp_to_spend(db: Database) -> None:
    state = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    assert actions.can_buy_ability(state, "power")
    assert actions.can_buy_school_level(state, "fire")


def test_with_no_xp_left_the_box_says_why_not_and_the_purchase_says_the_same(
    db: Database,
) -> None:
    actions.buy_ability(db, actions.find_titan(db, "Thorn"), "power")
    actions.buy_ability(db, actions.find_titan(db, "Thorn"), "skill")
    state = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    asked = actions.can_buy_ability(state, "luck")
    assert not asked and "needs 100 XP, 0 available (R1)" in asked.reason
    with pytest.raises(actions.RuleError) as refused:
        actions.buy_ability(db, actions.find_titan(db, "Thorn"), "luck")
    assert str(refused.value) == asked.reason
    school = actions.can_buy_school_level(state, "fire")
    assert not school and school.reason == "Fire level 1 needs 100 XP, 0 available (R1)"


def test_a_spell_of_a_school_not_mastered_may_not_be_bought(db: Database) -> None:
    state = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    asked = actions.can_buy_spell(state, "shocking grasp")
    assert not asked and asked.reason
    with pytest.raises(actions.RuleError) as refused:
        actions.buy_spell(db, actions.find_titan(db, "Thorn"), "shocking grasp")
    assert str(refused.value) == asked.reason


def test_an_honor_guard_is_asked_about_before_it_is_set(db: Database) -> None:
    state = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    asked = actions.can_set_honor_guard(state, ["ranger"])
    assert not asked and asked.reason
    with pytest.raises(actions.RuleError) as refused:
        actions.set_honor_guard(db, actions.find_titan(db, "Thorn"), ["Ranger"])
    assert str(refused.value) == asked.reason


def test_the_goals_next_step_is_taken_as_the_plan_says(db: Database) -> None:
    actions.keep_goal(db, actions.find_titan(db, "Thorn"), ["power=1"])
    shown = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    step, reason = actions.next_goal_step(shown)
    assert step is not None and reason == ""
    assert step.do == "spend ability power"
    done = actions.take_goal_step(db, actions.find_titan(db, "Thorn"), shown=shown)
    assert done.state.abilities["power"] == shown.abilities["power"] + 1
    assert actions.next_goal_step(done.state)[0] is None  # reached


def test_the_goals_next_step_after_a_change_elsewhere_saves_nothing(db: Database) -> None:
    actions.keep_goal(db, actions.find_titan(db, "Thorn"), ["power=1"])
    shown = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    actions.change_gold(Database(db.path), actions.find_titan(Database(db.path), "Thorn"), 5)
    before = db.path.read_bytes()
    with pytest.raises(actions.TitanChanged):
        actions.take_goal_step(db, actions.find_titan(db, "Thorn"), shown=shown)
    assert db.path.read_bytes() == before


def test_without_a_goal_there_is_no_next_step_and_it_says_how_to_set_one(db: Database) -> None:
    state = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    step, reason = actions.next_goal_step(state)
    assert step is None and "keeps no build goal" in reason
    with pytest.raises(actions.RuleError, match="keeps no build goal"):
        actions.take_goal_step(db, actions.find_titan(db, "Thorn"))


def test_a_spell_a_pending_pick_takes_free_is_not_offered_for_xp(db: Database) -> None:
    """The last Water level 2 spell the pending Water level 2 pick may take: the app's list of
    spells to buy left it in, and buying it forfeited the pick."""
    from titan_campaign.rules.events import GameOutcome, GameRecorded, SchoolGained, SpellChosen

    thorn = actions.find_titan(db, "Thorn")
    events = [
        GameRecorded(
            game=1,
            date="2026-11-29",
            scenario="Siege",
            outcome=GameOutcome(result="lost", scenario_xp=550),
        ),
        SchoolGained(school="water", level=1),
        SpellChosen(spell="Bog Walker", pick="school"),
        SchoolGained(school="water", level=2),
        SpellChosen(spell="Ice Bolt", pick="school"),
        SpellChosen(spell="Water Affinity", pick="school"),
        SchoolGained(school="water", level=3, free=True),
        SpellChosen(spell="Bog Lord", pick="school"),
        SpellChosen(spell="Raise/Lower Water", pick="school"),
    ]
    for event in events:
        actions.change_titans(db, thorn.campaign, {thorn.titan: lambda _, e=event: [e]})
    state = actions.read_titan(db, thorn).state
    assert actions.can_buy_spell(state, "Ice Wall")  # Ice Shield is left for the pick
    actions.buy_spell(db, thorn, "Ice Wall")
    state = actions.read_titan(db, thorn).state
    asked = actions.can_buy_spell(state, "Ice Shield")
    assert not asked and "choose it with a pick instead, free" in asked.reason
    with pytest.raises(actions.RuleError) as refused:
        actions.buy_spell(db, thorn, "Ice Shield")
    assert str(refused.value) == asked.reason
    assert actions.can_buy_spell(state, "Ice Storm")  # a level 3 spell: no pick waits for it
