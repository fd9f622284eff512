"""R6 Intelligence: bonus picks, the school-level condition, and the optional bonus swap."""

from __future__ import annotations

import re

import pytest

from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.events import (
    BonusSwapped,
    GoldChanged,
    SpellBoughtWithGold,
    SpellChosen,
    SwapDeclined,
)
from titan_campaign.rules.sheet import sheet_view
from titan_campaign.rules.titan import PendingChoice, spell_pick_forfeits, swap_offer

BONUS = PendingChoice("bonus")


def kinds(state):
    return [choice.kind for choice in state.pending]


def test_r6_each_intelligence_box_gives_one_bonus_pick(titan):
    thorn = titan(base_xp=200).earn(100)
    for boxes in (1, 2, 3):
        thorn.buy("intelligence")
        assert thorn.state.pending.count(BONUS) == boxes


def test_r6_bonus_pick_with_no_school_yet_waits(titan):
    thorn = titan(base_xp=100).buy("intelligence")
    assert thorn.state.spell_choices(BONUS) == []
    message = thorn.refused(SpellChosen(spell="Water Affinity", pick="bonus"))
    assert message == "bonus spell Water Affinity needs Water at level 1, it is at 0 (R6)"
    thorn.earn(100).buy("power")  # other events come and go; the pick stays
    assert thorn.state.pending.count(BONUS) == 1
    assert not any("forfeited" in note for note in thorn.history_notes())


def test_r6_a_waiting_bonus_pick_opens_once_a_school_level_is_gained(titan):
    thorn = titan(base_xp=200).buy("intelligence").school("nature", 1)
    assert [s.name for s in thorn.state.spell_choices(BONUS)] == [
        "Brush Native",
        "Barkskin",
        "Wild Growth",
    ]
    thorn.choose("Barkskin", "bonus")
    assert BONUS not in thorn.state.pending
    assert thorn.state.knows("Barkskin")


def test_r6_a_bonus_pick_needs_the_school_at_the_spell_level(titan):
    thorn = titan(base_xp=200).buy("intelligence").school("water", 1)
    message = thorn.refused(SpellChosen(spell="Ice Bolt", pick="bonus"))
    assert message == "bonus spell Ice Bolt needs Water at level 2, it is at 1 (R6)"
    message = thorn.refused(SpellChosen(spell="Haste", pick="bonus"))
    assert message == "bonus spell Haste needs Air at level 2, it is at 0 (R6)"


def test_r6_a_bonus_pick_may_take_any_school_at_or_below_its_level(titan):
    thorn = titan(base_xp=200).earn(200).buy("intelligence").school("fire", 1).school("fire", 2)
    thorn.school("air", 1, free=True)
    choices = {(s.school, s.level) for s in thorn.state.spell_choices(BONUS)}
    assert choices == {("fire", 1), ("fire", 2), ("air", 1)}
    thorn.choose("Bloodlust", "bonus")
    assert thorn.state.knows("Bloodlust")


def test_r6_a_bonus_pick_without_a_pending_bonus_is_refused(titan):
    thorn = titan(base_xp=100).school("water", 1)
    assert (
        thorn.refused(SpellChosen(spell="Bog Walker", pick="bonus"))
        == "no pending bonus spell pick (R6)"
    )


def test_r6_bonus_spells_are_marked_on_the_sheet(titan):
    thorn = titan(base_xp=200).buy("intelligence").school("water", 1)
    thorn.choose("Bog Walker", "bonus").choose("Water Affinity", "school")
    known = {k.name: k.bonus for k in thorn.state.spells}
    assert known == {"Bog Walker": True, "Water Affinity": False}
    rows = {row.name: (row.bonus, row.bought) for row in sheet_view(thorn.state, "Demo").spells}
    assert rows == {"Bog Walker": (True, False), "Water Affinity": (False, False)}


def test_r6_no_swap_is_offered_when_no_bonus_spell_is_known(titan):
    thorn = titan(base_xp=200).buy("intelligence").school("water", 1)  # bonus pick still open
    assert "swap" not in kinds(thorn.state)


def with_a_bonus_spell(titan):
    """Intelligence 1, Water 1; Bog Walker is the bonus spell, Water Affinity the school pick."""
    thorn = titan(base_xp=200).earn(200).buy("intelligence").school("water", 1)
    return thorn.choose("Bog Walker", "bonus").choose("Water Affinity", "school")


def test_r6_a_school_level_gain_offers_the_swap_once_a_bonus_spell_is_known(titan):
    thorn = with_a_bonus_spell(titan).school("air", 1)
    assert PendingChoice("swap", "air", 1) in thorn.state.pending
    assert [s.name for s in thorn.state.spell_choices(PendingChoice("swap", "air", 1))] == [
        "Air Affinity",
        "Tundra Walker",
        "Shocking Grasp",
    ]


def test_r6_a_free_school_level_also_offers_the_swap(titan):
    thorn = with_a_bonus_spell(titan).school("water", 2, free=True)  # 200 spent: level 1
    assert PendingChoice("swap", "water", 2) in thorn.state.pending


def test_r6_the_swap_replaces_the_old_bonus_spell_which_is_forgotten(titan):
    thorn = with_a_bonus_spell(titan).school("air", 1)
    thorn.do(BonusSwapped(old="Bog Walker", new="Shocking Grasp"))
    state = thorn.state
    assert not state.knows("Bog Walker")
    assert state.knows("Shocking Grasp")
    assert {k.name: k.bonus for k in state.spells}["Shocking Grasp"] is True
    assert "swap" not in kinds(state)
    assert "Bog Walker is forgotten (R6)" in thorn.last_notes
    assert PendingChoice("spell", "air", 1) in state.pending  # the school pick is separate


def test_r6_the_swap_is_offered_only_once(titan):
    thorn = with_a_bonus_spell(titan).school("air", 1)
    thorn.do(BonusSwapped(old="Bog Walker", new="Shocking Grasp"))
    message = thorn.refused(BonusSwapped(old="Shocking Grasp", new="Air Affinity"))
    assert re.fullmatch(
        r"no bonus swap offered for an? Air level 1 spell: gaining Air level 1 offers one, to trade a bonus spell for \(R6\)",
        message,
    )


def test_r6_the_swap_takes_only_a_spell_of_the_gained_school_and_level(titan):
    thorn = with_a_bonus_spell(titan).school("air", 1)
    message = thorn.refused(BonusSwapped(old="Bog Walker", new="Haste"))
    assert re.fullmatch(
        r"no bonus swap offered for an? Air level 2 spell: gaining Air level 2 offers one, to trade a bonus spell for \(R6\)",
        message,
    )


def test_r6_the_swap_gives_up_only_a_bonus_spell(titan):
    thorn = with_a_bonus_spell(titan).school("air", 1)
    message = thorn.refused(BonusSwapped(old="Water Affinity", new="Air Affinity"))
    assert (
        message
        == "Water Affinity is not one of Thorn's bonus spells (bonus spells: Bog Walker) (R6)"
    )


def test_r6_the_swap_may_be_declined(titan):
    thorn = with_a_bonus_spell(titan).school("air", 1)
    thorn.do(SwapDeclined(school="air", level=1))
    assert "swap" not in kinds(thorn.state)
    assert thorn.state.knows("Bog Walker")
    assert (
        thorn.refused(SwapDeclined(school="air", level=1))
        == "no bonus swap offered for Air level 1: gaining that level offers one, to trade a bonus spell for (R6)"
    )
    message = thorn.refused(BonusSwapped(old="Bog Walker", new="Air Affinity"))
    assert re.fullmatch(
        r"no bonus swap offered for an? Air level 1 spell: gaining Air level 1 offers one, to trade a bonus spell for \(R6\)",
        message,
    )


def test_r6_declining_the_swap_of_a_school_with_no_offer_names_the_offers_there_are(titan):
    thorn = with_a_bonus_spell(titan).school("air", 1).earn(100).school("earth", 1)
    with pytest.raises(RuleError) as refused:
        swap_offer(thorn.state, "fire")
    assert str(refused.value) == (
        "Thorn has no bonus swap offer for Fire; the offers are for an Air level 1 spell and an"
        " Earth level 1 spell: name the school of the one to decline (Air, Earth) (R6)"
    )
    assert swap_offer(thorn.state, "earth") == PendingChoice("swap", "earth", 1)


def test_r6_declining_with_offers_of_two_schools_waiting_asks_which(titan):
    """``decline-swap`` with no school declined the first of two offers without a word."""
    thorn = with_a_bonus_spell(titan).school("air", 1).earn(100).school("earth", 1)
    with pytest.raises(RuleError) as refused:
        swap_offer(thorn.state)
    assert str(refused.value) == (
        "Thorn has bonus swap offers for 2 schools; the offers are for an Air level 1 spell and"
        " an Earth level 1 spell: name the school of the one to decline (Air, Earth) (R6)"
    )
    one_offer = with_a_bonus_spell(titan).school("air", 1)
    assert swap_offer(one_offer.state) == PendingChoice("swap", "air", 1)


def test_r6_an_open_swap_does_not_block_purchases_or_other_picks(titan):
    thorn = with_a_bonus_spell(titan).school("air", 1)
    thorn.choose("Air Affinity").buy("power")
    assert PendingChoice("swap", "air", 1) in thorn.state.pending
    thorn.do(BonusSwapped(old="Bog Walker", new="Tundra Walker"))
    assert thorn.state.knows("Tundra Walker")


def test_r6_the_swap_lapses_when_no_spell_of_that_school_level_is_left(titan):
    thorn = with_a_bonus_spell(titan).school("air", 1)
    thorn.choose("Air Affinity")
    thorn.do(GoldChanged(amount=20))
    thorn.do(SpellBoughtWithGold(spell="Tundra Walker", price=10))
    thorn.do(SpellBoughtWithGold(spell="Shocking Grasp", price=10))
    assert "swap" not in kinds(thorn.state)
    lapsed = r"the bonus swap for an? Air level 1 spell lapses: none is left to learn \(R6\)"
    assert any(re.fullmatch(lapsed, note) for note in thorn.last_notes)


def with_level_1_water_all_known(titan):
    """Thorn knows all three Water level 1 spells, two of them as bonus spells."""
    thorn = titan(base_xp=200).buy("intelligence").buy("intelligence").school("water", 1, free=True)
    thorn.choose("Water Affinity", "bonus").choose("Bog Walker", "bonus")
    return thorn.choose("Raise/Lower Water").earn(100)


def test_r6_a_lower_pick_waits_for_the_swap_that_could_free_a_spell_for_it(titan):
    thorn = with_level_1_water_all_known(titan).school("water", 2)
    assert PendingChoice("spell", "water", 1) in thorn.state.pending
    assert not any("forfeited" in note for note in thorn.last_notes)
    thorn.do(BonusSwapped(old="Bog Walker", new="Ice Bolt"))
    assert thorn.last_notes == ("Bog Walker is forgotten (R6)",)
    thorn.choose("Bog Walker").choose("Ice Wall")
    assert thorn.state.pending == ()
    sources = {known.name: known.source for known in thorn.state.spells}
    assert (sources["Bog Walker"], sources["Ice Bolt"]) == ("school", "bonus")


def test_r6_a_lower_pick_waiting_for_the_swap_is_forfeited_when_the_swap_is_declined(titan):
    thorn = with_level_1_water_all_known(titan).school("water", 2)
    thorn.do(SwapDeclined(school="water", level=2))
    assert PendingChoice("spell", "water", 1) not in thorn.state.pending
    assert "the pick of a Water level 1 spell is forfeited: none is left to learn (R5)" in (
        thorn.last_notes
    )


def test_r6_a_lower_pick_is_forfeited_at_once_when_no_bonus_spell_of_its_level_could_be_swapped(
    titan,
):
    thorn = titan(base_xp=200).buy("intelligence").buy("power").school("water", 1, free=True)
    thorn.choose("Water Affinity", "bonus").choose("Bog Walker")
    thorn.do(GoldChanged(amount=10), SpellBoughtWithGold(spell="Raise/Lower Water", price=10))
    thorn.earn(100).school("water", 2)
    assert PendingChoice("spell", "water", 1) in thorn.state.pending  # Water Affinity may go
    thorn.do(BonusSwapped(old="Water Affinity", new="Ice Bolt"))
    thorn.choose("Water Affinity")
    assert thorn.state.knows("Water Affinity") and thorn.state.knows("Ice Bolt")


def test_r6_a_bonus_pick_is_forfeited_once_every_spell_is_known(titan):
    """A spell is forgotten only in a swap for an unknown one: with all 72 known, a bonus pick
    could never be made, so it goes, as a spell pick with none left does (R2, R5)."""
    from titan_campaign.rules.spells import SPELLS

    thorn = titan(base_xp=200).buy("intelligence")
    thorn.do(GoldChanged(amount=len(SPELLS)))
    for spell in SPELLS:
        assert BONUS in thorn.state.pending
        thorn.do(SpellBoughtWithGold(spell=spell.name, price=1))
    assert BONUS not in thorn.state.pending
    assert thorn.last_notes == ("the bonus pick is forfeited: every spell is known (R6)",)
    thorn.buy("intelligence")  # a box bought then gives a pick that is forfeited at once
    assert BONUS not in thorn.state.pending


def test_r6_a_bonus_pick_that_takes_the_last_spell_a_school_pick_needs_is_told_before(titan):
    """Three bonus picks on Fire level 1 took its three spells, and the Fire level 1 pick
    was forfeited, said only once done (R5 allows it; the player is told before now)."""
    thorn = titan(base_xp=0).earn(500)
    for _ in range(3):
        thorn.buy("intelligence")
    thorn.school("fire", 1)
    thorn.choose("Fire Affinity", "bonus").choose("Dune Walker", "bonus")
    state = thorn.state
    assert spell_pick_forfeits(state, "Fire Bolt", bonus=True) == (
        "the pick of a Fire level 1 spell is forfeited: none is left to learn (R5)",
    )
    assert spell_pick_forfeits(state, "Fire Bolt") == ()  # as the Fire level 1 pick itself
    thorn.choose("Fire Bolt", "bonus")
    assert thorn.last_notes == spell_pick_forfeits(state, "Fire Bolt", bonus=True)


def test_r6_a_bonus_pick_that_leaves_fewer_spells_than_school_picks_is_told_before(titan):
    """Two Fire level 1 picks wait (Fire gained twice) and two of its spells are left: a bonus
    pick of either left one spell for two picks, said only when the last was picked."""
    jo = titan(base_xp=200).earn(400)
    jo.buy("intelligence").buy("intelligence")
    jo.school("fire", 1).school("fire", 2)
    jo.choose("Fire Bolt", "bonus")
    state = jo.state
    assert spell_pick_forfeits(state, "Dune Walker", bonus=True) == (
        "2 Fire level 1 picks wait for 1 spell left: 1 pick will be forfeited (R5)",
    )
    assert spell_pick_forfeits(state, "Fire Fan", bonus=True) == ()  # a level 2 spell: no loss


def test_r6_declining_with_offers_of_two_levels_of_one_school_asks_which_level(titan):
    """Offers for Fire levels 1 and 2 waiting: ``decline-swap fire`` declined level 1 without
    asking, and level 2's could not be declined alone."""
    thorn = with_a_bonus_spell(titan).school("fire", 1).earn(100).school("fire", 2)
    assert [c for c in thorn.state.pending if c.kind == "swap"] == [
        PendingChoice("swap", "fire", 1),
        PendingChoice("swap", "fire", 2),
    ]
    with pytest.raises(RuleError) as refused:
        swap_offer(thorn.state, "fire")
    assert str(refused.value) == (
        "Thorn has bonus swap offers for a Fire level 1 spell and a Fire level 2 spell: name the"
        " level of the one to decline too (Fire 1 or Fire 2) (R6)"
    )
    assert swap_offer(thorn.state, "fire", 2) == PendingChoice("swap", "fire", 2)
    with pytest.raises(RuleError, match="no bonus swap offer for Fire level 3"):
        swap_offer(thorn.state, "fire", 3)
