"""R1 Experience points: available = base + earned - spent, never negative; every purchase 100 XP."""

from __future__ import annotations

import pytest

from titan_campaign.rules.events import (
    AbilityBought,
    GoldChanged,
    SchoolGained,
    SpellBought,
    SpellBoughtWithGold,
)


@pytest.mark.parametrize("base_xp", [0, 100, 200])
def test_r1_new_titan_has_the_campaign_base_xp_available(titan, base_xp):
    state = titan(base_xp=base_xp).state
    assert (state.base_xp, state.earned_xp, state.spent_xp) == (base_xp, 0, 0)
    assert state.available_xp == base_xp


def test_r1_available_is_base_plus_earned_minus_spent(titan):
    thorn = titan(base_xp=100).earn(160).buy("power")
    state = thorn.state
    assert (state.base_xp, state.earned_xp, state.spent_xp) == (100, 160, 100)
    assert state.available_xp == 100 + 160 - 100


def test_r1_purchase_with_60_available_is_refused_and_says_why(titan):
    thorn = titan(base_xp=0).earn(160).buy("power")
    assert thorn.state.available_xp == 60
    message = thorn.refused(AbilityBought(ability="skill"))
    assert "needs 100 XP, 60 available (R1)" in message
    assert "Skill" in message


def test_r1_available_never_goes_negative_with_nothing_to_spend(titan):
    thorn = titan(base_xp=0)
    assert "needs 100 XP, 0 available (R1)" in thorn.refused(SchoolGained(school="water", level=1))
    assert thorn.state.available_xp == 0
    assert thorn.state.spent_xp == 0


@pytest.mark.parametrize(
    "purchase",
    [
        AbilityBought(ability="luck"),
        SchoolGained(school="fire", level=1),
    ],
    ids=["ability box", "school level"],
)
def test_r1_every_purchase_costs_exactly_100(titan, purchase):
    thorn = titan(base_xp=200)
    thorn.do(purchase)
    assert thorn.state.spent_xp == 100
    assert thorn.state.available_xp == 100


def test_r1_a_spell_from_a_mastered_school_costs_exactly_100(titan):
    thorn = titan(base_xp=200).earn(200)
    thorn.school("water", 1).school("water", 2).school("water", 3, free=True)
    assert (thorn.state.spent_xp, thorn.state.available_xp) == (200, 200)
    thorn.do(SpellBought(spell="Ice Storm"))
    assert (thorn.state.spent_xp, thorn.state.available_xp) == (300, 100)


def test_r1_spending_the_last_100_leaves_zero_and_the_next_purchase_is_refused(titan):
    thorn = titan(base_xp=200).buy("power", 2)
    assert thorn.state.available_xp == 0
    assert "needs 100 XP, 0 available (R1)" in thorn.refused(AbilityBought(ability="power"))


def test_r1_a_free_school_level_costs_nothing(titan):
    thorn = titan(base_xp=200).buy("power", 2)  # level 1: one free school level (R2)
    assert thorn.state.spent_xp == 200
    thorn.school("earth", 1, free=True)
    assert thorn.state.schools["earth"] == 1
    assert thorn.state.spent_xp == 200
    assert thorn.state.available_xp == 0


def test_r1_spells_picked_for_a_school_level_cost_nothing(titan):
    thorn = titan(base_xp=100).school("air", 1)
    assert thorn.state.spent_xp == 100
    thorn.choose("Air Affinity", "school")
    assert thorn.state.spent_xp == 100
    assert thorn.state.knows("Air Affinity")


def test_r1_spells_of_a_free_school_level_cost_nothing(titan):
    thorn = titan(base_xp=200).buy("skill", 2).school("divine", 1, free=True)
    thorn.choose("Bless")
    assert thorn.state.spent_xp == 200
    assert thorn.state.available_xp == 0


def test_r1_a_spell_bought_with_gold_does_not_count_as_spent(titan):
    thorn = titan(base_xp=100).do(GoldChanged(amount=50, note="loot"))
    thorn.do(SpellBoughtWithGold(spell="Fire Ball", price=40))
    state = thorn.state
    assert state.knows("Fire Ball")
    assert (state.spent_xp, state.available_xp, state.level) == (0, 100, 0)
    assert state.gold == 10


def test_r1_earned_xp_comes_from_recorded_games(titan):
    thorn = titan(base_xp=0).earn(75).earn(120)
    assert thorn.state.earned_xp == 195
    assert thorn.state.available_xp == 195
