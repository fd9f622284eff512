"""Build goals (issue 21): among plans of equal XP, the one that buys nothing the target does
not name (R1: every purchase is 100 XP, so equal XP is an equal number of purchases)."""

from __future__ import annotations

from titan_campaign.rules.goals import parse_goal, plan_goal
from titan_campaign.rules.titan import TitanState


def test_water_2_for_a_fresh_titan_buys_water_1_and_2_not_an_intelligence_box() -> None:
    """Base 0: Water 1 (100) and Water 2 (200, level 1: a free school level) is 200 XP; so is
    Intelligence then Water 1 and the free level to Water 2, but that buys a box nobody asked
    for."""
    fresh = TitanState("Thorn", "Ann", 0)
    plan = plan_goal(fresh, parse_goal(schools=["water=2"]))
    assert plan.xp_cost == 200
    assert [step.do for step in plan.steps if step.do.startswith("spend")] == [
        "spend school water",
        "spend school water",
    ]


def test_a_named_intelligence_box_is_still_bought() -> None:
    fresh = TitanState("Thorn", "Ann", 0)
    plan = plan_goal(fresh, parse_goal(["intelligence=1"], ["water=1"]))
    bought = [step.do for step in plan.steps if step.do.startswith("spend")]
    assert sorted(bought) == ["spend ability intelligence", "spend school water"]
