"""R7 Mana: mana = level + spirit counters per Game-Turn."""

from __future__ import annotations

import pytest


def test_r7_a_new_titan_has_no_mana(titan):
    assert titan(base_xp=200).state.mana == 0


@pytest.mark.parametrize(
    ("spirit", "level", "mana"),
    [(0, 0, 0), (1, 0, 1), (2, 1, 3), (3, 1, 4)],
)
def test_r7_spirit_boxes_add_mana_and_their_cost_adds_levels(titan, spirit, level, mana):
    thorn = titan(base_xp=200).earn(100).buy("spirit", spirit)
    assert (thorn.state.level, thorn.state.mana) == (level, mana)


def test_r7_mana_is_level_plus_spirit_worked_example(titan):
    # Level 2 (400 spent) with 1 Spirit box: 2 + 1 = 3 mana.
    thorn = titan(base_xp=200).earn(200).buy("spirit").buy("power", 2).school("water", 1)
    state = thorn.state
    assert (state.level, state.abilities["spirit"]) == (2, 1)
    assert state.mana == 3


@pytest.mark.parametrize("level", [1, 2, 3])
def test_r7_each_level_adds_one_mana_without_spirit(titan, level):
    thorn = titan(base_xp=0).reach_level(level)
    assert thorn.state.abilities["spirit"] == 0
    assert thorn.state.mana == level


def test_r7_earned_but_unspent_xp_adds_no_mana(titan):
    thorn = titan(base_xp=200).earn(1000)
    assert thorn.state.mana == 0
