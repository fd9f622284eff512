"""Undo removes the latest event and restores the previous state exactly; redo puts it back."""

from __future__ import annotations

import pytest

from titan_campaign.rules.campaign import Campaign, Change, replay_changes
from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.events import (
    AbilityBought,
    Archived,
    Created,
    GameCorrected,
    GameOutcome,
    GameRecorded,
    GoldChanged,
    HonorGuardSet,
    Renamed,
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
    assert (
        message
        == "Thorn is archived; bring the Titan back first (x on the roster, or titan restore on the command line)"
    )
    log, _ = thorn.log.undo()
    assert log.state == before
    log, _ = log.do(AbilityBought(ability="skill"))
    assert log.state.abilities["skill"] == 1


# --- a campaign's undo and redo are judged by the campaign's rules ------------------------------


def _campaign(*changes: Change) -> Campaign:
    return Campaign(
        "Iron Crown", 0, "", tuple(c._replace(number=n) for n, c in enumerate(changes, 1))
    )


def _game(number: int, day: str, scenario: str = "", result: str = "won") -> GameRecorded:
    return GameRecorded(
        game=number, date=day, scenario=scenario, outcome=GameOutcome(result=result)
    )


def test_an_undo_that_would_give_two_titans_one_name_is_refused() -> None:
    crown = _campaign(
        Change("", "Bob created", {1: (Created(name="Bob", player="Ann", base_xp=0),)}),
        Change("", "Bob: renamed Zed", {1: (Renamed(name="Zed"),)}),
        Change("", "Bob created", {2: (Created(name="Bob", player="Bo", base_xp=0),)}),
    )
    with pytest.raises(RuleError, match='"Bob: renamed Zed" cannot be undone now: .*named "Bob"'):
        crown.undo(1)


def test_an_undone_game_keeps_its_number_so_a_new_game_takes_the_next() -> None:
    crown = _campaign(
        Change("", "Ann created", {1: (Created(name="Ann", player="Ann", base_xp=0),)}),
        Change("", "Bea created", {2: (Created(name="Bea", player="Bo", base_xp=0),)}),
        Change("", "game 1 recorded for Ann", {1: (_game(1, "2026-01-05"),)}),
    )
    undone, _ = crown.undo()
    assert undone.next_game() == 2  # Ann's game 1 may be redone
    assert undone.next_game([1]) == 1  # a change to Ann drops it: its number is free


def test_a_redo_into_a_number_another_game_has_is_refused_never_merged() -> None:
    crown = _campaign(
        Change("", "Ann created", {1: (Created(name="Ann", player="Ann", base_xp=0),)}),
        Change("", "Bea created", {2: (Created(name="Bea", player="Bo", base_xp=0),)}),
        Change("", "game 1 recorded for Ann", {1: (_game(1, "2026-01-05", "Ann night"),)}, 1),
        Change("", "game 1 recorded for Bea", {2: (_game(1, "2026-02-09", "Bea night"),)}),
    )
    with pytest.raises(RuleError, match="cannot be redone now: game 1 is another game now"):
        crown.redo()


def test_a_join_made_before_its_game_was_corrected_is_refused_so_the_game_keeps_one_date() -> None:
    fixed = GameCorrected(game=1, date="2026-01-06", outcome=GameOutcome(result="won"))
    crown = _campaign(
        Change("", "Ann created", {1: (Created(name="Ann", player="Ann", base_xp=0),)}),
        Change("", "Bea created", {2: (Created(name="Bea", player="Bo", base_xp=0),)}),
        Change("", "game 1 recorded for Ann", {1: (_game(1, "2026-01-05"),)}),
        Change("", "Bea joins game 1", {2: (_game(1, "2026-01-05", result="lost"),)}, 1),
        Change("", "game 1 corrected: date", {1: (fixed,)}),
    )
    with pytest.raises(
        RuleError,
        match=r"cannot be redone now: game 1 was corrected since \(played 2026-01-06 now\):"
        " add Bea to it again",
    ):
        crown.redo()


def test_a_broken_history_names_its_change_and_titan() -> None:
    changes = [
        Change("", "Thorn created", {1: (Created(name="Thorn", player="Ann", base_xp=0),)}, 0, 1),
        Change("", "Thorn: bought a Power box", {1: (AbilityBought(ability="power"),)}, 0, 4),
    ]
    with pytest.raises(
        RuleError,
        match=r'^Thorn: change 4 "Thorn: bought a Power box" breaks the rules at its event 1 \(ability_bought\)',
    ):
        replay_changes(1, changes)
