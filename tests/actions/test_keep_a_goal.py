"""A player types a build goal (the goal form, or ``titan-campaign goal``): every mistake is
found at once, by field, in the rules' words, before anything is kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.store import Database


def test_each_field_of_a_goal_says_every_mistake_in_it() -> None:
    found = actions.goal_mistakes(["power=x", "lux=2", "spirit=3"], ["fire=3"], ["Fire Storm"])
    assert found["abilities"][0] == 'write each as name=number, such as power=2, not "power=x"'
    assert "lux" in found["abilities"][1] and len(found["abilities"]) == 2
    assert found["schools"] == []
    assert found["spells"] == ['no spell named "Fire Storm"; did you mean "Ice Storm"?']


def test_a_goal_typed_right_has_no_mistake() -> None:
    found = actions.goal_mistakes(["power=2"], ["fire=3"], ["Fire Ball"])
    assert found == {"abilities": [], "schools": [], "spells": []}


def test_clearing_a_goal_when_none_is_kept_is_refused_and_saves_nothing(tmp_path: Path) -> None:
    db = Database(tmp_path / "campaigns.json")
    actions.new_campaign(db, "Iron Crown", 200)
    thorn = actions.add_titan(db, actions.find_campaign(db, "Iron Crown"), "Thorn", "Ann").titan
    before = db.path.read_bytes()
    with pytest.raises(actions.RuleError, match="Thorn keeps no goal: there is nothing to clear"):
        actions.keep_goal(db, thorn)
    assert db.path.read_bytes() == before
    actions.keep_goal(db, thorn, abilities=["power=1"])
    cleared, _ = actions.keep_goal(db, thorn)
    assert cleared.state.goal is None
