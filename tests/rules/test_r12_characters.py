"""R12: the characters of Chart 1 and the seeds, worked examples of their facts: Campaign
points, Power- and Skill-factors, flight, rangestrikes, natives, Master Musters and elementals."""

from __future__ import annotations

import pytest

from titan_campaign.rules.characters import (
    CHARACTER_INFO,
    CHARACTERS,
    KINDS,
    LEADERSHIP_UPGRADES,
    NATIVE_HAZARDS,
    TOWER_CREATURES,
    find_character,
)
from titan_campaign.rules.names import UnknownName

# --- characters (R12, Chart 1) --------------------------------------------------------------

CHART_1 = {
    "Centaur": 10,
    "Ogre": 10,
    "Gargoyle": 15,
    "Lion": 15,
    "Troll": 15,
    "Cyclops": 20,
    "Warbear": 20,
    "Minotaur": 25,
    "Behemoth": 25,
    "Griffon": 30,
    "Wyvern": 30,
    "Earth Elemental": 30,
    "Gorgon": 35,
    "Serpent": 35,
    "Guardian": 35,
    "Giant": 40,
    "Water Elemental": 40,
    "Ranger": 50,
    "Unicorn": 50,
    "Warlock": 50,
    "Air Elemental": 50,
    "Fire Elemental": 50,
    "Druid": 50,
    "Healer": 50,
    "Ice Witch": 50,
    "Allosaurus": 50,
    "Dragon": 55,
    "Kraken": 55,
    "Manticore": 55,
    "Colossus": 60,
    "Hydra": 60,
    "Angel": 60,
    "Salamander": 60,
    "Cleric": 60,
    "Venomous Wyrm": 70,
    "Ranger Captain": 75,
    "Bronze Wyrm": 75,
    "Archangel": 90,
}


@pytest.mark.parametrize(("name", "points"), sorted(CHART_1.items()))
def test_campaign_points_match_chart_1(name: str, points: int) -> None:
    assert find_character(name).points == points


def test_demon_points_follow_their_skill_factor() -> None:
    demons = [c for c in CHARACTERS if c.name.startswith("Demon")]
    assert [c.name for c in demons] == [
        "Demon 20-2",
        "Demon 15-3",
        "Demon 12-3 range",
        "Demon 12-3 fly",
        "Demon 12-4",
        "Demon 10-4 fly",
    ]
    assert all(c.is_lord for c in demons)
    assert [(c.power, c.skill, c.points) for c in demons] == [
        (20, 2, 80),
        (15, 3, 90),
        (12, 3, 90),
        (12, 3, 90),
        (12, 4, 100),
        (10, 4, 100),
    ]
    assert find_character("Demon 12-3 range").rangestrikes == "yes"
    assert find_character("demon 12-3 fly").flies
    assert find_character("Demon 10-4 fly").flies


def test_every_character_is_listed_once_and_every_chart_1_name_is_present() -> None:
    assert len(CHARACTERS) == len(CHARACTER_INFO) == 45
    assert set(CHART_1) <= set(CHARACTER_INFO)


def test_every_non_lord_has_campaign_points() -> None:
    for character in CHARACTERS:
        if not character.is_lord:
            assert character.points is not None, character.name


def test_only_the_titan_has_no_points() -> None:
    assert [c.name for c in CHARACTERS if c.points is None] == ["Titan"]


def test_characters_use_the_fixed_vocabulary() -> None:
    for character in CHARACTERS:
        assert character.kind in KINDS, character.name
        assert character.rangestrikes in (None, "yes", "magic"), character.name
        assert set(character.natives) <= set(NATIVE_HAZARDS), character.name


def test_titan_starts_at_power_6_and_has_no_points() -> None:
    titan = find_character("titan")
    assert (titan.kind, titan.power, titan.skill, titan.points) == ("Lord", 6, 4, None)
    assert "6 + Power" in titan.notes


def test_kraken_has_points_but_no_factors() -> None:
    kraken = find_character("Kraken")
    assert (kraken.power, kraken.skill, kraken.points) == (None, None, 55)
    assert kraken.range_strength is None


def test_venomous_wyrm_accepts_the_rulebook_spelling() -> None:
    wyrm = find_character("VENEMOUS wyrm")
    assert wyrm.name == "Venomous Wyrm"
    assert (wyrm.power, wyrm.skill, wyrm.rangestrikes, wyrm.natives) == (9, 3, "yes", ("bog",))
    assert wyrm.muster == "Master Muster: swamp"
    assert "Regenerates" in wyrm.notes


def test_warlock_and_ice_witch_rangestrike_by_magic() -> None:
    assert find_character("Warlock").rangestrikes == "magic"
    assert find_character("Ice Witch").rangestrikes == "magic"
    assert find_character("Giant").rangestrikes == "yes"
    assert find_character("Giant").range_strength == 3
    assert find_character("Centaur").rangestrikes is None


@pytest.mark.parametrize(
    ("name", "power", "skill", "flies", "natives"),
    [
        ("Gargoyle", 4, 3, True, ("bramble",)),
        ("Ranger Captain", 6, 4, True, ("bog",)),
        ("Bronze Wyrm", 10, 3, True, ("dune", "sand")),
        ("Allosaurus", 16, 3, False, ("bramble",)),
        ("Serpent", 18, 2, False, ("bramble",)),
        ("Hydra", 10, 3, False, ("bog", "sand", "dune")),
        ("Water Elemental", 10, 3, False, ("bog", "water")),
        ("Air Elemental", 8, 4, True, ()),
    ],
)
def test_factors_flight_and_natives(
    name: str, power: int, skill: int, flies: bool, natives: tuple[str, ...]
) -> None:
    character = find_character(name)
    assert (character.power, character.skill, character.flies, character.natives) == (
        power,
        skill,
        flies,
        natives,
    )


def test_kinds_of_master_musters_and_elementals() -> None:
    assert find_character("Cleric").kind == "Demi-Lord"
    assert find_character("Manticore").kind == "Creature"
    assert find_character("Fire Elemental").kind == "Demi-Lord"
    assert find_character("Fire Elemental").muster == "summoned"
    assert find_character("Ranger Captain").muster == "Master Muster: plains, marsh"
    assert find_character("Angel").is_lord
    assert not find_character("Guardian").is_lord


def test_tower_creatures_and_leadership_upgrades_r3_r10() -> None:
    assert TOWER_CREATURES == ("Centaur", "Gargoyle", "Ogre")
    assert LEADERSHIP_UPGRADES == {"Centaur": "Lion", "Gargoyle": "Cyclops", "Ogre": "Troll"}
    for name in (*TOWER_CREATURES, *LEADERSHIP_UPGRADES.values()):
        assert find_character(name).kind == "Creature"


def test_unknown_character_suggests_the_nearest_name() -> None:
    with pytest.raises(UnknownName) as caught:
        find_character("Griffin")
    assert str(caught.value) == 'no character named "Griffin"; did you mean "Griffon"?'
