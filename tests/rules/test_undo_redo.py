"""Undo removes the latest event and restores the previous state exactly; redo puts it back."""

from __future__ import annotations

import pytest

from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.events import (
    AbilityBought,
    Archived,
    GameOutcome,
    GoldChanged,
    HonorGuardSet,
    SchoolGained,
)
from titan_campaign.rules.titan import PendingChoice, TitanLog, replay


def test_undo_on_a_fresh_titan_has_nothing_to_undo():
    log = TitanLog.create("Thorn", "Ann", 200)
    with pytest.raises(RuleError, match="nothing to undo for Thorn"):
        log.undo()


def test_redo_with_nothing_undone_has_nothing_to_redo():
    log = TitanLog.create("Thorn", "Ann", 200)
    with pytest.raises(RuleError, match="nothing to redo for Thorn"):
        log.redo()


def test_undo_removes_the_latest_event_and_restores_the_previous_state(titan):
    thorn = titan(base_xp=200).buy("power")
    before = thorn.state
    thorn.do(AbilityBought(ability="skill"))
    undone_log, event = thorn.log.undo()
    assert event == AbilityBought(ability="skill")
    assert undone_log.events == thorn.log.events[:-1]
    assert undone_log.state == before
    assert undone_log.undone == (event,)


def test_undo_of_a_level_up_takes_back_the_free_school_level(titan):
    thorn = titan(base_xp=200).buy("power")
    before = thorn.state
    thorn.buy("power")
    assert PendingChoice("school") in thorn.state.pending
    log, _ = thorn.log.undo()
    assert log.state == before
    assert log.state.level == 0
    assert PendingChoice("school") not in log.state.pending


def test_undo_of_a_game_takes_back_its_xp_and_restores_slain_guard_members(titan):
    thorn = titan(base_xp=0).reach_level(4).do(HonorGuardSet(members=("Lion",)))
    before = thorn.state
    thorn.game(GameOutcome(result="won"), survivors=("Titan",))
    assert thorn.state.honor_guard == ()
    log, _ = thorn.log.undo()
    assert log.state == before
    assert log.state.honor_guard == ("Lion",)


def test_redo_puts_the_undone_event_back(titan):
    thorn = titan(base_xp=200).buy("luck").school("water", 1)
    after = thorn.state
    log, event = thorn.log.undo()
    log, step = log.redo()
    assert log.events[-1] == event == SchoolGained(school="water", level=1)
    assert log.state == after
    assert log.undone == ()
    assert step.state == after


def test_undo_twice_then_redo_twice_returns_to_the_same_state(titan):
    thorn = titan(base_xp=200).earn(100).buy("intelligence").school("air", 1).choose("Air Affinity")
    after = thorn.state
    log, first = thorn.log.undo()
    log, second = log.undo()
    assert log.undone == (first, second)
    log, _ = log.redo()
    assert log.events[-1] == second
    log, _ = log.redo()
    assert log.events[-1] == first
    assert log.state == after


def test_a_new_event_clears_the_redo_stack(titan):
    thorn = titan(base_xp=200).buy("power")
    log, _ = thorn.log.undo()
    assert log.undone
    log, _ = log.do(GoldChanged(amount=5))
    assert log.undone == ()
    with pytest.raises(RuleError, match="nothing to redo"):
        log.redo()


def test_after_undo_a_different_purchase_leaves_nothing_to_redo(titan):
    # Undo a purchase and spend the XP elsewhere: the new event clears the redo stack.
    thorn = titan(base_xp=100).buy("power")
    log, _ = thorn.log.undo()
    log, _ = log.do(AbilityBought(ability="skill"))
    with pytest.raises(RuleError):
        log.redo()
    assert log.state.abilities["skill"] == 1
    assert log.state.abilities["power"] == 0


def test_undo_down_to_creation_and_the_replayed_state_matches_each_step(titan):
    thorn = titan(base_xp=200).earn(300).buy("power").school("fire", 1).choose("Fire Bolt")
    thorn.buy("intelligence").choose("Dune Walker", "bonus").school("fire", 2)
    states = [replay(thorn.log.events[:n]) for n in range(1, len(thorn.log.events) + 1)]
    log = thorn.log
    for expected in reversed(states[:-1]):
        log, _ = log.undo()
        assert log.state == expected
    with pytest.raises(RuleError, match="nothing to undo"):
        log.undo()
    assert log.state == TitanLog.create("Thorn", "Ann", 200).state


def test_an_archived_titan_refuses_changes_until_the_archive_is_undone(titan):
    thorn = titan(base_xp=200).buy("power")
    before = thorn.state
    thorn.do(Archived())
    assert thorn.state.archived
    message = thorn.refused(AbilityBought(ability="skill"))
    assert message == "Thorn is archived; bring the Titan back first (titan restore)"
    log, _ = thorn.log.undo()
    assert log.state == before
    log, _ = log.do(AbilityBought(ability="skill"))
    assert log.state.abilities["skill"] == 1
