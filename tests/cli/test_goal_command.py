"""`titan-campaign goal`: the plan printed and as JSON, counted by hand."""

from __future__ import annotations

import json
import re
import shlex


def test_goal_fire_3_and_spirit_3_matches_a_hand_count(thorn) -> None:
    """200 base XP + 130 earned (won 100, score 300 // 10 = 30) = 330 available. Spirit 3 is
    three boxes (300 XP); the level-ups at 200 and 400 XP spent bring two free school levels
    (R2), so Fire 3 needs one bought level: four purchases, 400 XP, 70 XP more than she has."""
    thorn.ok("award", "Thorn", "--result", "won", "--score", "300")
    plan = json.loads(
        thorn.ok("goal", "Thorn", "--school", "fire=3", "--ability", "spirit=3", "--format", "json")
    )
    assert plan["xp_needed"] == 70
    assert sum(step["do"].startswith("spend ") for step in plan["steps"]) == 4
    assert sorted(step["do"] for step in plan["steps"]).count("choose school fire") == 2
    assert plan["steps"][-1]["xp_spent_after"] == 400 and plan["steps"][-1]["level_after"] == 2
    assert "needs 70 XP more" in thorn.ok(
        "goal", "Thorn", "--school", "fire=3", "--ability", "spirit=3"
    )


def test_a_goal_the_rules_cannot_reach_is_refused_in_one_line(thorn) -> None:
    assert "(R3)" in thorn.refused("goal", "Thorn", "--ability", "power=4")
    assert "NAME=N" in thorn.refused("goal", "Thorn", "--school", "fire")


def test_a_target_named_twice_or_a_goal_already_met_is_refused(thorn) -> None:
    refusal = thorn.refused("goal", "Thorn", "--ability", "luck=3", "--ability", "Luck=2")
    assert refusal == '--ability names Luck twice ("luck=3" and "Luck=2"): give it once'
    assert thorn.refused("goal", "Thorn", "--ability", "power=²").startswith(
        "--ability takes NAME=N"
    )
    thorn.ok("spend", "Thorn", "ability", "luck")
    refusal = thorn.refused("goal", "Thorn", "--ability", "luck=1", "--keep")
    assert refusal == "Thorn already has Luck 1: nothing to keep as a goal"


def test_a_goal_met_with_more_says_what_the_titan_has(thorn) -> None:
    """Thorn with Power 2 asked for Power 1 was told "Thorn already has Power 1"."""
    thorn.ok("spend", "Thorn", "ability", "power")
    thorn.ok("spend", "Thorn", "ability", "power")
    out = thorn.ok("goal", "Thorn", "--ability", "power=1", "--school", "fire=1")
    assert out.startswith("Thorn to Power 1, Fire 1: 1 step")
    assert thorn.ok("goal", "Thorn", "--ability", "power=2") == "Thorn already has Power 2\n"
    refusal = thorn.refused("goal", "Thorn", "--ability", "power=1", "--keep")
    assert refusal == "Thorn already has Power 2 (the goal: Power 1): nothing to keep as a goal"


def test_a_target_of_0_is_refused_as_asking_for_nothing(thorn) -> None:
    """``--spell "Bog Walker" --school water=0`` was headed "Thorn to Water 0, Bog Walker" and
    bought Water 1 for the spell."""
    refusal = thorn.refused("goal", "Thorn", "--spell", "Bog Walker", "--school", "water=0")
    assert refusal == "water=0 asks for nothing: give 1 to 3, or leave water out"
    assert thorn.refused("goal", "Thorn", "--ability", "Power=0").startswith("Power=0 asks")


def test_each_step_of_a_goal_typed_as_it_is_printed_reaches_the_goal(thorn) -> None:
    """A plan's steps are printed as they are typed after titan-campaign: typed in turn they
    reach the goal (a bonus pick read "choose bonus spell Raise/Lower Water", and every step
    lacked the Titan's name; typed so, the command line refused them)."""
    thorn.ok("titan", "rename", "Thorn", "Thorn Oak")  # a name typed in quotes
    target = ("--school", "water=1", "--ability", "intelligence=1")
    spells = ("--spell", "Bog Walker", "--spell", "Raise/Lower Water")
    printed = thorn.ok("goal", "Thorn Oak", *target, *spells).splitlines()[1:]
    steps = [re.match(r" +\d+\. (.+?) +spent ", line)[1] for line in printed]
    assert steps[0] == "spend 'Thorn Oak' ability intelligence"
    assert steps[-1] == "choose 'Thorn Oak' spell \"Raise/Lower Water\" --bonus"
    for step in steps:
        thorn.ok(*shlex.split(step))
    assert thorn.ok("goal", "Thorn Oak", *target, *spells) == (
        "Thorn Oak already has Intelligence 1, Water 1, Bog Walker, Raise/Lower Water\n"
    )
