"""R2 Level: level = spent // 200; each level-up brings one free spell-school level."""

from __future__ import annotations

import pytest

from titan_campaign.rules.abilities import ABILITIES
from titan_campaign.rules.events import GoldChanged, SchoolGained, SpellBoughtWithGold, SpellChosen
from titan_campaign.rules.sheet import sheet_view
from titan_campaign.rules.spells import SCHOOLS, SPELLS
from titan_campaign.rules.titan import PendingChoice

FREE_SCHOOL = PendingChoice("school")
FREE_SPELL = PendingChoice("spell")  # any school, any level


@pytest.mark.parametrize(
    ("purchases", "spent", "level"),
    [(0, 0, 0), (1, 100, 0), (2, 200, 1), (3, 300, 1), (4, 400, 2), (5, 500, 2), (6, 600, 3)],
)
def test_r2_level_is_spent_xp_floor_divided_by_200(titan, purchases, spent, level):
    thorn = titan(base_xp=0).earn(600)
    abilities = ["power", "skill", "luck", "power", "skill", "luck"][:purchases]
    for ability in abilities:
        thorn.buy(ability)
    assert thorn.state.spent_xp == spent
    assert thorn.state.level == level


def test_r2_earned_xp_alone_does_not_raise_the_level(titan):
    thorn = titan(base_xp=200).earn(500)
    assert thorn.state.available_xp == 700
    assert thorn.state.level == 0
    assert FREE_SCHOOL not in thorn.state.pending


def test_r2_each_level_up_adds_one_free_school_level(titan):
    thorn = titan(base_xp=0).earn(400)
    thorn.buy("power")
    assert thorn.state.pending.count(FREE_SCHOOL) == 0
    thorn.buy("power")
    assert thorn.state.pending.count(FREE_SCHOOL) == 1
    assert "level 1 reached: one free spell-school level to choose (R2)" in thorn.last_notes
    thorn.buy("skill").buy("skill")
    assert thorn.state.level == 2
    assert thorn.state.pending.count(FREE_SCHOOL) == 2
    assert "level 2 reached: one free spell-school level to choose (R2)" in thorn.last_notes


def test_r2_a_200_base_xp_titan_spends_it_and_reaches_level_1_with_a_free_school_level(titan):
    thorn = titan(base_xp=200)
    assert thorn.state.level == 0
    thorn.buy("spirit").school("fire", 1)
    state = thorn.state
    assert (state.spent_xp, state.available_xp, state.level) == (200, 0, 1)
    assert FREE_SCHOOL in state.pending
    thorn.school("fire", 2, free=True)
    assert thorn.state.schools["fire"] == 2
    assert FREE_SCHOOL not in thorn.state.pending


def test_r2_a_school_level_bought_can_itself_be_the_level_up(titan):
    thorn = titan(base_xp=200).school("water", 1).school("water", 2)
    assert thorn.state.level == 1
    assert FREE_SCHOOL in thorn.state.pending


def test_r2_free_school_level_is_resolved_by_a_free_school_gain_not_by_xp(titan):
    thorn = titan(base_xp=200).earn(50).buy("power", 2)
    thorn.school("nature", 1, free=True)
    assert (thorn.state.spent_xp, thorn.state.available_xp) == (200, 50)


def test_r2_free_school_level_waits_while_purchases_go_on(titan):
    thorn = titan(base_xp=200).earn(100).buy("power", 2)
    assert thorn.state.pending.count(FREE_SCHOOL) == 1
    thorn.school("air", 1)  # a purchase while the free level waits
    assert thorn.state.pending.count(FREE_SCHOOL) == 1
    thorn.school("air", 2, free=True)
    assert FREE_SCHOOL not in thorn.state.pending
    assert (thorn.state.spent_xp, thorn.state.schools["air"]) == (300, 2)


def test_r2_free_school_level_when_every_school_is_full_becomes_one_free_spell_pick(titan):
    thorn = titan(base_xp=0).fill_every_school()
    assert thorn.state.level == 8
    assert FREE_SCHOOL not in thorn.state.pending
    thorn.earn(200).buy("power").buy("power")  # 1800 spent: level 9
    assert thorn.state.level == 9
    assert FREE_SCHOOL not in thorn.state.pending
    assert thorn.state.pending.count(FREE_SPELL) == 1
    assert (
        "every school is at level 3: the free school level becomes a free spell pick (R2)"
        in thorn.last_notes
    )


def test_r2_free_spell_pick_takes_any_unknown_spell_of_any_school_and_level(titan):
    thorn = titan(base_xp=0).fill_every_school().earn(200).buy("power", 2)
    choices = thorn.state.spell_choices(FREE_SPELL)
    assert len(choices) == 72  # nothing picked yet
    thorn.do(SpellChosen(spell="Teleport Legion", pick="free"))
    assert thorn.state.knows("Teleport Legion")
    assert FREE_SPELL not in thorn.state.pending
    assert thorn.state.spent_xp == 1800


def test_r2_free_spell_pick_refuses_a_known_spell(titan):
    thorn = titan(base_xp=0).fill_every_school().earn(200).buy("power", 2)
    thorn.choose("Bog Lord", "school")
    assert "already knows Bog Lord (R5)" in thorn.refused(
        SpellChosen(spell="Bog Lord", pick="free")
    )


def test_r2_pending_free_school_level_becomes_a_free_pick_once_the_last_school_fills(titan):
    thorn = titan(base_xp=0).earn(1700)
    levels = [(school, level) for school in SCHOOLS for level in (1, 2, 3)]
    for school, level in levels[:-1]:
        thorn.school(school, level, free=FREE_SCHOOL in thorn.state.pending)
    assert thorn.state.pending.count(FREE_SCHOOL) == 1  # level 8's free level, not used yet
    assert thorn.state.schools["divine"] == 2
    thorn.school("divine", 3)  # bought with XP: every school is now full
    assert FREE_SCHOOL not in thorn.state.pending
    assert thorn.state.pending.count(FREE_SPELL) == 1
    assert (
        "every school is at level 3: the free school level becomes a free spell pick (R2)"
        in thorn.last_notes
    )


def test_r2_free_school_level_is_forfeited_when_all_72_spells_are_known(titan):
    thorn = titan(base_xp=0).fill_every_school().earn(200)
    thorn.do(GoldChanged(amount=100, note="treasury"))
    for spell in SPELLS:
        thorn.do(SpellBoughtWithGold(spell=spell.name, price=0))
    assert len(thorn.state.spells) == 72
    assert not [choice for choice in thorn.state.pending if choice.kind == "spell"]
    thorn.buy("power", 2)  # level 9
    assert thorn.state.level == 9
    assert not [choice for choice in thorn.state.pending if choice.kind in ("school", "spell")]
    forfeit = "the pick of any spell is forfeited: none is left to learn (R2)"
    assert forfeit in thorn.last_notes
    assert forfeit in thorn.history_notes()


def test_r2_free_school_gain_without_a_pending_free_level_is_refused(titan):
    thorn = titan(base_xp=100)
    message = thorn.refused(SchoolGained(school="water", level=1, free=True))
    assert (
        message
        == "Thorn has no free school level to choose: one comes with each level reached (R2)"
    )


def test_r2_free_school_levels_accumulate_until_chosen(titan):
    thorn = titan(base_xp=200).earn(400).buy("power", 3)
    assert thorn.state.level == 1
    thorn.buy("skill")
    assert thorn.state.level == 2
    assert thorn.state.pending.count(FREE_SCHOOL) == 2
    thorn.school("sorcery", 1, free=True).school("sorcery", 2, free=True)
    assert thorn.state.schools["sorcery"] == 2
    assert FREE_SCHOOL not in thorn.state.pending
    assert thorn.state.spent_xp == 400


def test_r2_a_titan_with_nothing_left_to_buy_has_no_next_level(titan):
    thorn = titan(base_xp=0).fill_every_school().earn(2400)
    thorn.do(GoldChanged(amount=100, note="treasury"))
    for spell in SPELLS:
        thorn.do(SpellBoughtWithGold(spell=spell.name, price=0))
    for ability in ABILITIES:
        thorn.buy(ability, 3 - thorn.state.abilities[ability] - (ability == "wisdom"))
    assert thorn.state.xp_to_next_level == 200 - thorn.state.spent_xp % 200  # Wisdom's last box
    thorn.buy("wisdom")
    assert thorn.state.xp_to_next_level is None
    sheet = sheet_view(thorn.state, "Iron Crown")
    assert (sheet.xp.to_next_level, sheet.xp.next_level_text) == (None, "max")


UNSPENT = (
    "played its first game with {} base XP unspent: the rules say to spend base XP before the"
    " first game (R2); it is still there to spend"
)


@pytest.mark.parametrize(
    ("base", "bought", "unspent"),
    [(0, 0, 0), (100, 0, 100), (200, 0, 200), (200, 1, 100), (200, 2, 0)],
)
def test_r2_base_xp_is_spent_before_the_first_game(titan, base, bought, unspent):
    """The rulebook: Titans "immediately spend those points". Until the first game, the base
    XP not yet spent is shown on the sheet and the game card, and the first game says so."""
    thorn = titan(base_xp=base)
    for ability in ["power", "skill"][:bought]:
        thorn.buy(ability)
    assert thorn.state.unspent_base_xp == unspent
    assert sheet_view(thorn.state, "Iron Crown").base_unspent == unspent
    thorn.earn(100)
    said = UNSPENT.format(unspent)
    assert (said in thorn.last_notes) is bool(unspent)
    assert thorn.state.unspent_base_xp == 0  # after the first game, XP is the Titan's to keep
    thorn.earn(100)
    assert not any("unspent" in note for note in thorn.last_notes)
