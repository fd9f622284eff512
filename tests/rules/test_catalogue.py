"""Worked examples of the catalogue data: spells, abilities, strike chart, items (characters:
test_r12_characters.py)."""

from __future__ import annotations

import pytest

from titan_campaign.rules.abilities import ABILITIES, ABILITY_INFO, find_ability
from titan_campaign.rules.characters import (
    STRIKE_CHART,
    strike_number,
)
from titan_campaign.rules.items import (
    ITEM_TYPES,
    SUGGESTED_ITEMS,
    find_item_type,
    find_suggested_item,
)
from titan_campaign.rules.names import UnknownName, name_key
from titan_campaign.rules.spells import (
    ANY_BATTLE_ROUND,
    AREAS,
    CAST_PHASES,
    ENLISTMENT,
    EXPLOSION,
    MANEUVER,
    MOVEMENT,
    OPPONENT_MOVE,
    SCHOOLS,
    SPELL_PHASE,
    SPELLS,
    STRIKE_PHASE,
    TARGETS,
    WITHIN_RANGE_4,
    find_school,
    find_spell,
    spells_of,
)

# --- name_key -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("Fire Ball", "fire ball"),
        ("  FIRE   ball ", "fire ball"),
        ("fire-ball", "fire ball"),
        ("fire_ball", "fire ball"),
        ("Opponent's Move", "opponents move"),
        ("Opponent\u2019s Move", "opponents move"),
        ("Demon 20-2", "demon 20 2"),
        ("Stra\u00dfe", "strasse"),  # casefold, not lower
        ("Ame\u0301lie", "am\u00e9lie"),  # an accent typed apart, as macOS sends it
        ("\uff34\uff48\uff4f\uff52\uff4e", "thorn"),  # full-width letters
        ("\tRaise/Lower\nWater ", "raise/lower water"),
        ("x\ufe0f", "x"),  # a variation selector shows no letter of its own
        ("x\U000e0041", "x"),  # nor does a tag character
        ("x\u200dy", "xy"),  # nor a joiner
        ("", ""),
    ],
)
def test_name_key_folds_case_spacing_hyphens_and_apostrophes(typed: str, key: str) -> None:
    assert name_key(typed) == key


def test_unknown_name_is_a_value_error() -> None:
    assert issubclass(UnknownName, ValueError)


# --- spells: the 72 of R4/R5 ----------------------------------------------------------------


def test_there_are_72_spells_with_distinct_names() -> None:
    assert len(SPELLS) == 72
    assert len({name_key(spell.name) for spell in SPELLS}) == 72


def test_schools_are_in_sheet_order_r4() -> None:
    assert SCHOOLS == (
        "water",
        "air",
        "earth",
        "fire",
        "summoning",
        "sorcery",
        "nature",
        "divine",
    )


@pytest.mark.parametrize("school", SCHOOLS)
@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_school_has_three_spells_at_each_level(school: str, level: int) -> None:
    assert len(spells_of(school, level)) == 3
    assert all(
        spell.school == school and spell.level == level for spell in spells_of(school, level)
    )


def test_spells_are_ordered_by_school_then_level() -> None:
    order = [(SCHOOLS.index(spell.school), spell.level) for spell in SPELLS]
    assert order == sorted(order)


def test_spells_keep_the_rulebook_order_within_a_level() -> None:
    assert [spell.name for spell in spells_of("water", 1)] == [
        "Water Affinity",
        "Bog Walker",
        "Raise/Lower Water",
    ]
    assert [spell.name for spell in spells_of("Divine", 3)] == [
        "Mass Bless",
        "Mass Protection",
        "Recall",
    ]
    assert len(spells_of("sorcery")) == 9


def test_mana_cost_equals_spell_level_r5() -> None:
    assert all(spell.mana == spell.level for spell in SPELLS)
    assert find_spell("Disintegrate").mana == 3
    assert find_spell("Minor Heal").mana == 1


def test_every_spell_uses_the_fixed_vocabulary() -> None:
    for spell in SPELLS:
        assert spell.school in SCHOOLS, spell.name
        assert spell.level in (1, 2, 3), spell.name
        assert spell.cast in CAST_PHASES, spell.name
        assert spell.area is None or spell.area in AREAS, spell.name
        assert spell.target in TARGETS, spell.name
        assert spell.text.strip() == spell.text and spell.text.endswith("."), spell.name


def test_spells_are_frozen() -> None:
    with pytest.raises(AttributeError):
        find_spell("Bless").level = 3  # type: ignore[misc]


def test_ice_storm_is_an_explosion_rangestrike_in_the_strike_phase() -> None:
    ice_storm = find_spell("Ice Storm")
    assert (ice_storm.school, ice_storm.level) == ("water", 3)
    assert ice_storm.attack == "6d3/3d3"
    assert ice_storm.area == EXPLOSION == "explosion"
    assert ice_storm.cast == STRIKE_PHASE == "Strike Phase"
    assert ice_storm.target == "hex"


def test_earthquake_has_three_rings() -> None:
    earthquake = find_spell("earthquake")
    assert earthquake.attack == "12d2/6d2/3d2"
    assert earthquake.area == "explosion"
    assert (earthquake.school, earthquake.level) == ("earth", 3)


@pytest.mark.parametrize(
    ("name", "attack", "area"),
    [
        ("Ice Bolt", "6d3", None),
        ("Lightning Bolt", "4d4", None),
        ("Fire Bolt", "3d4", None),
        ("Fire Ball", "4d4/2d4", "explosion"),
        ("Ice Shards", "6d3/4d3", "blast"),
        ("Fire Fan", "3d4/2d4", "blast"),
        ("Magic Missile", "2d4", None),
        ("Improved Magic Missile", "3x 1d4", None),
        ("Disintegrate", "6d4", None),
        ("Banish", "6d4", None),
        ("Shocking Grasp", "+2d4", None),
        ("Stone Fist", "+6d2", None),
        ("Bless", None, None),
        ("Bog Lord", None, "legion"),
        ("Mass Haste", None, "range 4"),
        ("Mass Slow", None, "range 4"),
    ],
)
def test_attack_notation_and_area_as_printed(
    name: str, attack: str | None, area: str | None
) -> None:
    spell = find_spell(name)
    assert (spell.attack, spell.area) == (attack, area)


def test_every_attack_notation_appears_in_its_spell_text() -> None:
    for spell in SPELLS:
        if spell.attack is not None:
            for part in spell.attack.replace("3x ", "").lstrip("+").split("/"):
                assert part in spell.text, spell.name


@pytest.mark.parametrize(
    ("name", "cast"),
    [
        ("Teleport Legion", MOVEMENT),
        ("Pathfinder", MOVEMENT),
        ("Recall", MOVEMENT),
        ("Rift", OPPONENT_MOVE),
        ("Shield", STRIKE_PHASE),
        ("Teleport", MANEUVER),
        ("Divine Summoning", ANY_BATTLE_ROUND),
        ("Water Affinity", ENLISTMENT),
        ("Occult Summoning", ENLISTMENT),
        ("Summoning III", ENLISTMENT),
        ("Raise Dead", ENLISTMENT),
        ("Shocking Grasp", SPELL_PHASE),
        ("Minor Heal", SPELL_PHASE),
        ("Banish", STRIKE_PHASE),
    ],
)
def test_when_each_spell_is_cast(name: str, cast: str) -> None:
    assert find_spell(name).cast == cast


def test_phase_constants_read_as_the_rulebook_names_them() -> None:
    assert MOVEMENT == "Movement Phase"
    assert OPPONENT_MOVE == "Opponent's Move Phase"
    assert ANY_BATTLE_ROUND == "Any Battle-Round"


def test_every_rangestrike_or_strike_spell_is_cast_in_the_strike_phase() -> None:
    for spell in SPELLS:
        if spell.text.startswith(("Rangestrike spell.", "Strike spell.")):
            assert spell.cast == STRIKE_PHASE, spell.name
            assert spell.attack is not None, spell.name


def test_mass_spells_reach_characters_within_range_4() -> None:
    mass = [spell for spell in SPELLS if spell.name.startswith("Mass ")]
    assert len(mass) == 9
    assert all(spell.area == WITHIN_RANGE_4 for spell in mass)


def test_regeneration_shows_corrected_spelling_and_accepts_the_typo() -> None:
    assert find_spell("regneration").name == "Regeneration"
    assert find_spell("REGENERATION") is find_spell("Regneration")
    assert find_spell("Regeneration").aliases == ("Regneration",)


def test_rulebook_typos_are_fixed_in_every_text() -> None:
    for spell in SPELLS:
        assert "Rangesrike" not in spell.text, spell.name
        assert "Skill-actor" not in spell.text, spell.name
        assert "Regneration" not in spell.name
    assert find_spell("Lightning Bolt").text.startswith("Rangestrike spell.")
    assert "+1 Skill-factor when defending" in find_spell("Mass Protection").text


def test_spell_lookup_forgives_case_spacing_and_apostrophes() -> None:
    assert find_spell("  mass   BLESS ").name == "Mass Bless"
    assert find_spell("raise/lower-water").name == "Raise/Lower Water"
    assert find_spell("move-through_tree").name == "Move Through Tree"


def test_unknown_spell_suggests_the_nearest_name() -> None:
    with pytest.raises(UnknownName) as caught:
        find_spell("Fireball")
    assert str(caught.value) == 'no spell named "Fireball"; did you mean "Fire Ball"?'


def test_unknown_spell_suggests_the_corrected_name_for_a_near_typo() -> None:
    with pytest.raises(UnknownName, match='did you mean "Regeneration"'):
        find_spell("Regneratoin")


def test_unknown_spell_with_nothing_near_says_so_on_one_line() -> None:
    with pytest.raises(UnknownName) as caught:
        find_spell("xyzzy\nplugh")
    assert str(caught.value) == 'no spell named "xyzzy plugh"'


def test_find_school_is_case_insensitive_and_lists_schools_on_a_miss() -> None:
    assert find_school(" Sorcery ") == "sorcery"
    with pytest.raises(UnknownName) as caught:
        find_school("Fyre")
    message = str(caught.value)
    assert 'did you mean "fire"?' in message
    assert all(school in message for school in SCHOOLS)


def test_spells_of_rejects_an_unknown_school_or_level() -> None:
    with pytest.raises(UnknownName):
        spells_of("necromancy")
    with pytest.raises(ValueError, match="spell levels"):
        spells_of("water", 4)


# --- abilities (R3) -------------------------------------------------------------------------


def test_eight_abilities_in_sheet_order_with_their_sheet_lines() -> None:
    assert ABILITIES == (
        "power",
        "skill",
        "intelligence",
        "spirit",
        "charisma",
        "leadership",
        "luck",
        "wisdom",
    )
    assert list(ABILITY_INFO) == list(ABILITIES)
    assert ABILITY_INFO["power"].sheet_text == "+1 Power-factor"
    assert ABILITY_INFO["skill"].sheet_text == "Skill-factor 5 once a Battle"  # R3, not "/turn"
    assert ABILITY_INFO["leadership"].sheet_text == "one start unit upgraded"
    assert ABILITY_INFO["wisdom"].sheet_text == "+10% experience"
    assert ABILITY_INFO["luck"].title == "LUCK"
    assert "one Strike Phase per Battle" in ABILITY_INFO["skill"].effect
    assert all(info.key == key for key, info in ABILITY_INFO.items())


def test_find_ability() -> None:
    assert find_ability("  WISDOM") == "wisdom"
    with pytest.raises(UnknownName, match='did you mean "charisma"'):
        find_ability("charsima")


# --- Extended Strike Chart ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("defender", "row"),
    [
        (2, (5, 4, 3, 2, 1)),
        (3, (6, 5, 4, 3, 2)),
        (4, (6, 6, 5, 4, 3)),
        (5, (6, 6, 6, 5, 4)),
    ],
)
def test_extended_strike_chart_rows(defender: int, row: tuple[int, ...]) -> None:
    assert tuple(strike_number(attacker, defender) for attacker in range(1, 6)) == row


def test_strike_chart_examples() -> None:
    assert len(STRIKE_CHART) == 20
    assert strike_number(4, 4) == 4  # equal Skill-factors hit on a 4
    assert strike_number(3, 2) == 3
    assert strike_number(5, 5) == 4  # Bless against Protection
    assert strike_number(1, 5) == 6  # Barkskin's minimum against a blessed defender


def test_strike_chart_is_four_plus_defender_minus_attacker_capped_at_6() -> None:
    for (attacker, defender), needed in STRIKE_CHART.items():
        assert needed == min(6, 4 + defender - attacker)


def test_strike_number_outside_the_chart_is_refused() -> None:
    with pytest.raises(ValueError, match="Strike Chart"):
        strike_number(6, 3)
    with pytest.raises(ValueError, match="Strike Chart"):
        strike_number(3, 1)


# --- magic items (R11) ----------------------------------------------------------------------


def test_item_types_r11() -> None:
    assert ITEM_TYPES == ("cloak", "talisman", "crown", "staff", "other")
    assert find_item_type(" Crown ") == "crown"
    with pytest.raises(UnknownName, match="The item types are"):
        find_item_type("ring")


def test_suggested_items_come_from_mytho_titan() -> None:
    names = {item.name for item in SUGGESTED_ITEMS}
    assert {"Golden Fleece", "Cornucopia", "Winged Sandals", "Helmet of Invisibility"} <= names
    assert len(names) == len(SUGGESTED_ITEMS)
    for item in SUGGESTED_ITEMS:
        assert item.type in ITEM_TYPES, item.name
        assert item.description.endswith("."), item.name
    assert find_suggested_item("helmet of invisibility").type == "crown"
    assert find_suggested_item("Potion").charges == 1
