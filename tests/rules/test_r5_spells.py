"""R5 Spells learned with school levels: picks per level, forfeits, buying in a mastered school."""

from __future__ import annotations

import re

import pytest

from titan_campaign.rules.errors import RuleError
from titan_campaign.rules.events import (
    GoldChanged,
    SpellBought,
    SpellBoughtWithGold,
    SpellChosen,
    SwapDeclined,
)
from titan_campaign.rules.sheet import sheet_view
from titan_campaign.rules.spells import SPELLS, find_spell, spells_of
from titan_campaign.rules.titan import PendingChoice, check_no_pick_forfeited, spell_pick_for


def picks(state):
    return [(c.school, c.level) for c in state.pending if c.kind == "spell"]


def test_r5_school_level_1_brings_one_level_1_pick(titan):
    thorn = titan(base_xp=100).school("water", 1)
    assert picks(thorn.state) == [("water", 1)]
    assert "Water level 1 gained: pick one spell of Water level 1 (R5)" in thorn.last_notes


def test_r5_school_level_2_brings_a_level_2_and_a_level_1_pick(titan):
    thorn = titan(base_xp=200).school("water", 1).choose("Bog Walker").school("water", 2)
    assert sorted(picks(thorn.state)) == [("water", 1), ("water", 2)]


def test_r5_school_level_3_brings_a_level_3_a_level_2_and_a_level_1_pick(titan):
    thorn = titan(base_xp=200).school("fire", 1).choose("Fire Bolt").school("fire", 2)
    thorn.choose("Fire Fan").choose("Dune Walker").school("fire", 3, free=True)
    assert sorted(picks(thorn.state)) == [("fire", 1), ("fire", 2), ("fire", 3)]


def test_r5_a_full_school_brings_six_of_its_nine_spells(titan):
    thorn = (
        titan(base_xp=200).school("divine", 1).school("divine", 2).school("divine", 3, free=True)
    )
    assert sorted(picks(thorn.state)) == [
        ("divine", 1),
        ("divine", 1),
        ("divine", 1),
        ("divine", 2),
        ("divine", 2),
        ("divine", 3),
    ]
    for spell in ("Bless", "Protection", "Minor Heal", "Banish", "Raise Dead", "Recall"):
        thorn.choose(spell)
    assert picks(thorn.state) == []
    assert len(thorn.state.spells) == 6
    assert {s.name for s in thorn.state.unknown_spells("divine")} == {
        "Major Heal",
        "Mass Bless",
        "Mass Protection",
    }
    assert all(known.source == "school" for known in thorn.state.spells)


def test_r5_a_pick_takes_only_a_spell_of_its_school_and_level(titan):
    thorn = titan(base_xp=100).school("water", 1)
    message = thorn.refused(SpellChosen(spell="Ice Bolt", pick="school"))
    assert message == "no pending pick of a Water level 2 spell for Ice Bolt (R5)"
    message = thorn.refused(SpellChosen(spell="Air Affinity", pick="school"))
    assert re.fullmatch(
        r"no pending pick of an? Air level 1 spell for Air Affinity \(R5\)", message
    )


def test_r5_pick_choices_are_the_unknown_spells_of_that_school_and_level(titan):
    thorn = titan(base_xp=200).school("water", 1).choose("Water Affinity").school("water", 2)
    level_1_pick = PendingChoice("spell", "water", 1)
    assert [s.name for s in thorn.state.spell_choices(level_1_pick)] == [
        "Bog Walker",
        "Raise/Lower Water",
    ]


def test_r5_a_spell_is_never_known_twice_by_a_school_pick(titan):
    thorn = titan(base_xp=200).school("air", 1).choose("Tundra Walker")
    thorn.school("air", 2)
    message = thorn.refused(SpellChosen(spell="Tundra Walker", pick="school"))
    assert message == "Thorn already knows Tundra Walker (R5)"


def test_r5_a_pick_with_no_spell_left_is_forfeited_and_the_history_says_so(titan):
    # Three Intelligence bonus spells take every Water level 1 spell before the school pick.
    thorn = titan(base_xp=200).earn(200).buy("intelligence", 3).school("water", 1)
    assert picks(thorn.state) == [("water", 1)]
    thorn.choose("Water Affinity", "bonus").choose("Bog Walker", "bonus")
    assert picks(thorn.state) == [("water", 1)]
    thorn.choose("Raise/Lower Water", "bonus")
    assert picks(thorn.state) == []
    forfeit = "the pick of a Water level 1 spell is forfeited: none is left to learn (R5)"
    assert forfeit in thorn.last_notes
    assert forfeit in thorn.history_notes()


def test_r5_the_level_1_pick_of_level_2_is_forfeited_when_level_1_is_exhausted(titan):
    thorn = titan(base_xp=200).earn(300).buy("intelligence", 2).school("water", 1)
    thorn.choose("Water Affinity", "bonus").choose("Bog Walker", "bonus").choose(
        "Raise/Lower Water"
    )
    thorn.school("water", 2)  # R6: the pick waits while the swap could free a level 1 spell
    assert picks(thorn.state) == [("water", 2), ("water", 1)]
    thorn.do(SwapDeclined(school="water", level=2))
    assert picks(thorn.state) == [("water", 2)]
    assert (
        "the pick of a Water level 1 spell is forfeited: none is left to learn (R5)"
        in thorn.last_notes
    )


def test_r5_a_pick_is_forfeited_when_gold_bought_spells_took_the_rest(titan):
    thorn = titan(base_xp=100).school("earth", 1).do(GoldChanged(amount=30))
    thorn.do(SpellBoughtWithGold(spell="Earth Affinity", price=10))
    thorn.do(SpellBoughtWithGold(spell="Move Through Earth", price=10))
    assert picks(thorn.state) == [("earth", 1)]
    thorn.do(SpellBoughtWithGold(spell="Mountain Walker", price=10))
    assert picks(thorn.state) == []
    assert any("forfeited" in note and "Earth level 1" in note for note in thorn.history_notes())


def test_r5_buying_the_last_spell_a_pending_pick_takes_is_refused_before_it_is_made(titan):
    """Bought with XP or gold, the last spell a pending pick may take forfeits the pick that
    gives it free: asked before a purchase, it is refused; one that leaves the pick a spell
    is not (the pick then takes another, two spells in all)."""
    thorn = titan(base_xp=200).earn(600).school("water", 1).choose("Bog Walker")
    thorn.school("water", 2).choose("Ice Bolt").choose("Water Affinity")
    thorn.school("water", 3, free=True).choose("Bog Lord").choose("Raise/Lower Water")
    assert picks(thorn.state) == [("water", 2)]
    check_no_pick_forfeited(thorn.state, SpellBought(spell="Ice Wall"))  # Ice Shield is left
    thorn.do(SpellBought(spell="Ice Wall"))
    check_no_pick_forfeited(thorn.state, SpellBought(spell="Water Affinity"))  # known: its own
    with pytest.raises(RuleError) as refused:
        check_no_pick_forfeited(thorn.state, SpellBought(spell="Ice Shield"))
    assert str(refused.value).startswith(
        "Ice Shield is a spell the pending picks need: bought, a pick would be left"
    )
    thorn.do(GoldChanged(amount=10))
    with pytest.raises(RuleError, match="forfeited; choose it with a pick instead, free"):
        check_no_pick_forfeited(thorn.state, SpellBoughtWithGold(spell="Ice Shield", price=5))
    thorn.do(SpellBought(spell="Ice Shield"))  # a history that did so still replays
    assert picks(thorn.state) == []


def test_r5_a_spell_bought_that_leaves_more_picks_than_spells_is_refused(titan):
    """Three Water level 1 picks wait for the three Water level 1 spells: buying one left a
    pick short (forfeited when the others were made), with no word before."""
    mira = titan(base_xp=0).earn(2000).school("water", 1).school("water", 2).school("water", 3)
    assert picks(mira.state).count(("water", 1)) == 3
    with pytest.raises(RuleError, match="a spell the pending picks need"):
        check_no_pick_forfeited(mira.state, SpellBought(spell="Bog Walker"))
    mira.do(GoldChanged(amount=5))
    with pytest.raises(RuleError, match="a spell the pending picks need"):
        check_no_pick_forfeited(mira.state, SpellBoughtWithGold(spell="Bog Walker", price=1))
    check_no_pick_forfeited(mira.state, SpellBought(spell="Ice Shards"))  # a level 3 to spare


def test_r5_r6_the_last_spells_a_bonus_and_a_free_pick_need_are_not_sold(titan):
    """Every school full and all but two spells known, a bonus pick and a free pick wait:
    buying one of the two left a pick without a spell (the bonus pick forfeited, said after)."""
    thorn = titan(base_xp=200).earn(30000)
    for school in ("water", "air", "earth", "fire", "summoning", "sorcery", "nature", "divine"):
        for level in (1, 2, 3):
            thorn.school(school, level)
            while picks := [c for c in thorn.state.pending if c.kind == "spell"]:
                pick = "school" if picks[0].school else "free"
                thorn.choose(thorn.state.spell_choices(picks[0])[0].name, pick)
    assert thorn.state.pending == ()
    left = [spell.name for spell in thorn.state.unknown_spells()]
    thorn.do(GoldChanged(amount=len(left)))
    for name in left[:-2]:
        thorn.do(SpellBoughtWithGold(spell=name, price=1))
    thorn.buy("intelligence", 1)  # a bonus pick
    for ability in ("power", "skill"):  # to the next level: its free level is a free pick
        if not any(choice.kind == "spell" for choice in thorn.state.pending):
            thorn.buy(ability, 1)
    kinds = sorted(choice.kind for choice in thorn.state.pending)
    assert kinds == ["bonus", "spell"] and len(thorn.state.unknown_spells()) == 2, kinds
    for name in left[-2:]:
        with pytest.raises(RuleError, match="a spell the pending picks need"):
            check_no_pick_forfeited(thorn.state, SpellBought(spell=name))


def test_r5_a_known_spell_bought_with_xp_is_said_to_be_known_before_the_xp_is_counted(titan):
    thorn = titan(base_xp=200).school("water", 1).school("water", 2)
    thorn.school("water", 3, free=True).choose("Bog Lord")
    assert thorn.state.available_xp == 0
    assert thorn.refused(SpellBought(spell="Bog Lord")) == "Thorn already knows Bog Lord (R5)"


def test_r5_buying_a_spell_with_xp_needs_the_school_at_level_3(titan):
    thorn = titan(base_xp=200).earn(200).school("water", 1).school("water", 2)
    message = thorn.refused(SpellBought(spell="Ice Storm"))
    assert message == "100 XP buys a spell only from a school at level 3; Water is at 2 (R5)"
    message = thorn.refused(SpellBought(spell="Haste"))
    assert message == "100 XP buys a spell only from a school at level 3; Air is at 0 (R5)"


def test_r5_a_mastered_school_sells_any_unknown_spell_of_it_for_100(titan):
    thorn = titan(base_xp=200).earn(200).school("water", 1).school("water", 2)
    thorn.school("water", 3, free=True)
    thorn.do(SpellBought(spell="Bog Walker"))  # level 1, while the picks are still pending
    known = {k.name: k.source for k in thorn.state.spells}
    assert known == {"Bog Walker": "xp"}
    assert thorn.state.spent_xp == 300
    assert ("water", 1) in picks(thorn.state)  # the picks still have spells left


def test_r5_buying_a_known_spell_is_refused(titan):
    thorn = titan(base_xp=200).earn(200).school("water", 1).school("water", 2)
    thorn.school("water", 3, free=True).choose("Ice Shards")
    assert thorn.refused(SpellBought(spell="Ice Shards")) == "Thorn already knows Ice Shards (R5)"
    assert (thorn.state.spent_xp, thorn.state.available_xp) == (200, 200)


def test_r5_buying_a_spell_of_another_school_is_refused_even_with_one_school_mastered(titan):
    thorn = titan(base_xp=200).earn(200).school("water", 1).school("water", 2)
    thorn.school("water", 3, free=True)
    assert "level 3; Nature is at 0 (R5)" in thorn.refused(SpellBought(spell="Rift"))


@pytest.mark.parametrize("spell", SPELLS, ids=lambda s: s.name)
def test_r5_mana_cost_is_the_spell_level(spell):
    assert spell.mana == spell.level


def test_r5_mana_cost_on_the_sheet_is_the_spell_level(titan):
    thorn = (
        titan(base_xp=200).school("air", 1).school("air", 2).choose("Fly").choose("Air Affinity")
    )
    rows = {row.name: row.mana for row in sheet_view(thorn.state, "Demo").spells}
    assert rows == {"Air Affinity": 1, "Fly": 2}


def test_r5_each_school_has_three_spells_at_each_level():
    for school in ("water", "air", "earth", "fire", "summoning", "sorcery", "nature", "divine"):
        for level in (1, 2, 3):
            assert len(spells_of(school, level)) == 3


def test_r5_spell_pick_for_prefers_the_school_pick(titan):
    thorn = titan(base_xp=200).earn(100).buy("intelligence").school("water", 1)
    assert spell_pick_for(thorn.state, "Bog Walker") == "school"
    assert spell_pick_for(thorn.state, "Bog Walker", bonus=True) == "bonus"
    assert find_spell("bog walker").name == "Bog Walker"
