"""R4 Spell schools: eight schools, 0-3 each; level L needs L - 1; free levels follow the same rule."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from titan_campaign.rules.events import SchoolGained
from titan_campaign.rules.spells import SCHOOLS


def test_r4_eight_schools_in_sheet_order_all_at_zero(titan):
    state = titan(base_xp=0).state
    assert tuple(state.schools) == (
        "water",
        "air",
        "earth",
        "fire",
        "summoning",
        "sorcery",
        "nature",
        "divine",
    )
    assert set(state.schools.values()) == {0}


@pytest.mark.parametrize("school", SCHOOLS)
def test_r4_level_1_of_any_school_may_always_be_gained(titan, school):
    thorn = titan(base_xp=100).school(school, 1)
    assert thorn.state.schools[school] == 1
    assert thorn.state.spent_xp == 100


def test_r4_level_1_of_a_second_school_needs_nothing_from_the_first(titan):
    thorn = titan(base_xp=200).school("water", 1).school("divine", 1)
    assert thorn.state.schools["water"] == 1
    assert thorn.state.schools["divine"] == 1


def test_r4_level_3_without_level_2_is_refused(titan):
    thorn = titan(base_xp=200).school("water", 1)
    message = thorn.refused(SchoolGained(school="water", level=3))
    assert message == "Water level 3 needs Water level 2 first (R4)"


def test_r4_level_2_of_an_untouched_school_is_refused(titan):
    message = titan(base_xp=200).refused(SchoolGained(school="fire", level=2))
    assert message == "Fire level 2 needs Fire level 1 first (R4)"


def test_r4_the_same_level_twice_is_refused(titan):
    thorn = titan(base_xp=200).school("air", 1)
    assert thorn.refused(SchoolGained(school="air", level=1)) == "Air level 1 is already known (R4)"


def test_r4_a_school_stops_at_level_3(titan):
    thorn = titan(base_xp=200).earn(100).school("earth", 1).school("earth", 2)
    thorn.school("earth", 3, free=True)
    assert thorn.state.schools["earth"] == 3
    assert (
        thorn.refused(SchoolGained(school="earth", level=3)) == "Earth is already at level 3 (R4)"
    )
    assert thorn.state.available_xp == 100
    assert "earth" not in thorn.state.school_choices()


def test_r4_levels_in_order_reach_3_for_300_xp(titan):
    thorn = titan(base_xp=200).earn(100)
    for level in (1, 2, 3):
        thorn.school("sorcery", level)
    assert thorn.state.schools["sorcery"] == 3
    assert thorn.state.spent_xp == 300


def test_r4_a_free_level_follows_the_same_order_rule(titan):
    thorn = titan(base_xp=200).buy("power", 2)  # one free school level (R2)
    message = thorn.refused(SchoolGained(school="nature", level=2, free=True))
    assert message == "Nature level 2 needs Nature level 1 first (R4)"
    thorn.school("nature", 1, free=True)
    assert thorn.state.schools["nature"] == 1


def test_r4_a_free_level_without_a_pending_free_level_is_refused(titan):
    thorn = titan(base_xp=200).school("summoning", 1)
    message = thorn.refused(SchoolGained(school="summoning", level=2, free=True))
    assert (
        message
        == "Thorn has no free school level to choose: one comes with each level reached (R2)"
    )
    assert thorn.state.schools["summoning"] == 1


def test_r4_a_free_level_of_a_full_school_without_a_pending_free_level_names_the_free_level(
    titan,
):
    """The free level missing is said first: "Fire is already at level 3" sent the player to
    look for a school that is not full, which no free level could have taken either."""
    thorn = titan(base_xp=200).earn(100).school("fire", 1).school("fire", 2).school("fire", 3)
    while any(choice.kind == "school" for choice in thorn.state.pending):
        thorn.school("water", thorn.state.schools["water"] + 1, free=True)
    message = thorn.refused(SchoolGained(school="fire", level=3, free=True))
    assert (
        message
        == "Thorn has no free school level to choose: one comes with each level reached (R2)"
    )


def test_r4_school_choices_list_schools_not_yet_full(titan):
    thorn = titan(base_xp=200).school("divine", 1).school("divine", 2)
    thorn.school("divine", 3, free=True)
    assert thorn.state.school_choices() == [s for s in SCHOOLS if s != "divine"]


def test_r4_a_school_level_out_of_range_is_not_an_event():
    for level in (0, 4):
        with pytest.raises(ValidationError):
            SchoolGained(school="water", level=level)
