"""R3 Abilities: eight abilities, 0-3 boxes each, 100 XP a box, and the figures they derive."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from titan_campaign.rules.abilities import ABILITIES
from titan_campaign.rules.events import AbilityBought


def test_r3_a_new_titan_has_no_ability_box_checked(titan):
    state = titan(base_xp=200).state
    assert dict(state.abilities) == dict.fromkeys(ABILITIES, 0)
    assert (state.titan_power, state.skill_uses, state.rerolls, state.xp_bonus_percent) == (
        6,
        0,
        0,
        0,
    )


@pytest.mark.parametrize("ability", ABILITIES)
def test_r3_each_ability_takes_three_boxes_and_refuses_a_fourth(titan, ability):
    thorn = titan(base_xp=200).earn(200).buy(ability, 3)
    assert thorn.state.abilities[ability] == 3
    assert thorn.state.spent_xp == 300
    message = thorn.refused(AbilityBought(ability=ability))
    assert message == f"{ability.title()} has all three boxes checked (R3)"
    assert thorn.state.available_xp == 100  # the refused box cost nothing


def test_r3_a_full_ability_is_refused_for_the_boxes_not_for_the_xp(titan):
    thorn = titan(base_xp=200).earn(100).buy("luck", 3)
    assert thorn.state.available_xp == 0
    assert "(R3)" in thorn.refused(AbilityBought(ability="luck"))


@pytest.mark.parametrize("boxes", [0, 1, 2, 3])
def test_r3_power_gives_titan_power_6_plus_boxes(titan, boxes):
    thorn = titan(base_xp=200).earn(100).buy("power", boxes)
    assert thorn.state.titan_power == 6 + boxes


@pytest.mark.parametrize("boxes", [0, 1, 2, 3])
def test_r3_skill_gives_one_strike_phase_use_per_box(titan, boxes):
    thorn = titan(base_xp=200).earn(100).buy("skill", boxes)
    assert thorn.state.skill_uses == boxes


@pytest.mark.parametrize("boxes", [0, 1, 2, 3])
def test_r3_luck_gives_one_reroll_per_box(titan, boxes):
    thorn = titan(base_xp=200).earn(100).buy("luck", boxes)
    assert thorn.state.rerolls == boxes


@pytest.mark.parametrize(("boxes", "percent"), [(0, 0), (1, 10), (2, 20), (3, 30)])
def test_r3_wisdom_gives_ten_percent_xp_bonus_per_box(titan, boxes, percent):
    thorn = titan(base_xp=200).earn(100).buy("wisdom", boxes)
    assert thorn.state.xp_bonus_percent == percent


def test_r3_one_ability_does_not_move_the_figures_of_another(titan):
    thorn = titan(base_xp=200).earn(100).buy("charisma", 2).buy("leadership")
    state = thorn.state
    assert (state.titan_power, state.skill_uses, state.rerolls, state.xp_bonus_percent) == (
        6,
        0,
        0,
        0,
    )
    assert state.abilities["charisma"] == 2
    assert state.abilities["leadership"] == 1


def test_r3_intelligence_box_brings_a_bonus_pick(titan):
    thorn = titan(base_xp=100).buy("intelligence")
    assert [choice.kind for choice in thorn.state.pending] == ["bonus"]
    assert "Intelligence: one bonus spell to pick (R6)" in thorn.last_notes


def test_r3_spirit_box_adds_one_mana(titan):
    thorn = titan(base_xp=100)
    before = thorn.state.mana
    thorn.buy("spirit")
    assert thorn.state.mana == before + 1


def test_r3_unknown_ability_is_not_an_event(titan):
    with pytest.raises(ValidationError):
        AbilityBought(ability="stealth")  # type: ignore[arg-type]
