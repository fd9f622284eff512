"""A player types one Titan's entry of a game (the game form's row, or ``titan-campaign
award``): the actions read the figures, say every problem at once by field, and preview the
award the recording will give (R8), the same for every shell."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.rules.facts import ShapeError
from titan_campaign.rules.wording import field_problems
from titan_campaign.store import Database


@pytest.fixture
def db(tmp_path: Path) -> Database:
    db = Database(tmp_path / "campaigns.json")
    actions.new_campaign(db, "Iron Crown", 200)
    actions.add_titan(db, actions.find_campaign(db, "Iron Crown"), "Thorn", "Ann")
    actions.buy_ability(db, actions.find_titan(db, "Thorn"), "wisdom")  # +10% of the award (R8)
    return db


def test_the_award_previewed_is_the_award_recorded(db: Database) -> None:
    state = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    outcome = actions.game_outcome("won", {"score": 120, "battle_won": 2})
    previewed = actions.award_for(state, outcome)
    thorn = actions.find_titan(db, "Thorn")
    done = actions.record_game(
        db, thorn.campaign, [actions.Participant(thorn, outcome, None, state)]
    )
    assert done.state.games[-1].award == previewed
    assert previewed.wisdom_bonus > 0


def test_a_result_not_said_yet_is_read_as_won(db: Database) -> None:
    assert actions.game_outcome(None, {"score": 10}) == actions.game_outcome("won", {"score": 10})


def test_a_scenario_award_replaces_the_standard_award(db: Database) -> None:
    state = actions.read_titan(db, actions.find_titan(db, "Thorn")).state
    outcome = actions.game_outcome("lost", {"score": 300}, scenario_award=150)
    assert outcome.scenario_replaces and outcome.scenario_xp == 150
    award = actions.award_for(state, outcome)
    assert award.subtotal == 150 and award.total == 150 + award.wisdom_bonus


def test_scenario_xp_and_a_scenario_award_together_are_refused_beside_the_award() -> None:
    with pytest.raises(ShapeError) as refused:
        actions.game_outcome("won", {"scenario_xp": 20}, scenario_award=150)
    said = field_problems(refused.value, {"scenario_award": "Scenario award"})
    assert list(said) == ["scenario_award"]
    assert "Scenario XP adds to the standard award" in said["scenario_award"]


def test_a_scenario_award_out_of_range_is_named_as_the_award() -> None:
    with pytest.raises(ShapeError) as refused:
        actions.game_outcome("won", {}, scenario_award=-5)
    assert [problem.loc for problem in refused.value.problems] == [("scenario_award",)]


def test_every_problem_of_an_entry_is_found_at_once() -> None:
    with pytest.raises(ShapeError) as refused:
        actions.check_game_entry(
            1, "2026-02-30", "won", {"score": -1, "fled": "x"}, None, ["x" * 61]
        )
    fields = set(field_problems(refused.value, {}))
    assert fields == {"date", "score", "fled", "survivors"}


def test_an_entry_that_can_be_saved_has_no_problem() -> None:
    actions.check_game_entry(1, "2026-10-01", "lost", {"score": 40}, None, ["Ogre"])
