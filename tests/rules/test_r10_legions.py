"""R10 Starting legions: base, Charisma extras, Leadership upgrades, honor guard, placement."""

from __future__ import annotations

from collections import Counter

import pytest

from titan_campaign.rules.events import HonorGuardSet, ItemAdded, ItemFacts, PlanSet

BASE_1 = ("Titan", "Centaur", "Gargoyle", "Ogre")
BASE_2 = ("Angel", "Centaur", "Gargoyle", "Ogre")


def legions(thorn):
    return thorn.state.starting_legions.legions


def flags(thorn):
    return [note for note in thorn.state.starting_legions.notes if "(R10)" in note]


def test_r10_base_legions_without_charisma_leadership_or_guard(titan):
    assert legions(titan(base_xp=0)) == (BASE_1, BASE_2)
    assert flags(titan(base_xp=0)) == []


def test_r10_one_tower_creature_per_charisma_box_balanced_by_default(titan):
    thorn = titan(base_xp=200).earn(100).buy("charisma", 3)
    first, second = legions(thorn)
    assert first == BASE_1 + ("Centaur", "Ogre")
    assert second == BASE_2 + ("Gargoyle",)
    assert abs(len(first) - len(second)) <= 1


def test_r10_charisma_picks_are_the_players_and_remembered(titan):
    thorn = titan(base_xp=200).buy("charisma", 2).do(PlanSet(charisma=("Ogre", "Ogre")))
    first, second = legions(thorn)
    assert Counter(first + second)["Ogre"] == 4
    thorn.earn(50)  # a game later, the plan still holds
    assert Counter(sum(legions(thorn), ()))["Ogre"] == 4
    assert thorn.state.plan.charisma == ("Ogre", "Ogre")


def test_r10_charisma_picks_only_tower_creatures(titan):
    thorn = titan(base_xp=100).buy("charisma")
    message = thorn.refused(PlanSet(charisma=("Lion",)))
    assert message == (
        "Charisma adds a Centaur, Gargoyle or Ogre, not a Lion:"
        " a Lion is a Centaur upgraded by Leadership (R3)"
    )


def test_r10_a_plan_with_more_charisma_picks_than_boxes_is_refused(titan):
    thorn = titan(base_xp=100).buy("charisma")
    message = thorn.refused(PlanSet(charisma=("Ogre", "Centaur")))
    assert message.startswith("2 Charisma creatures picked but 1 Charisma box")
    assert message.endswith("(R10)")


def test_r10_a_plan_with_more_upgrades_than_leadership_boxes_is_refused(titan):
    thorn = titan(base_xp=100).buy("leadership")
    message = thorn.refused(PlanSet(upgrades=("Lion", "Troll")))
    assert message.startswith("2 upgrades picked but 1 Leadership box")
    assert message.endswith("(R10)")


def test_r10_leadership_upgrade_replaces_a_matching_tower_creature(titan):
    thorn = titan(base_xp=100).buy("leadership").do(PlanSet(upgrades=("Troll",)))
    first, second = legions(thorn)
    assert first == ("Titan", "Centaur", "Gargoyle", "Troll")
    assert second == BASE_2
    assert len(first) == 4  # replaced, not added


def test_r10_an_upgrade_may_be_named_by_the_creature_it_replaces(titan):
    thorn = titan(base_xp=100).buy("leadership").do(PlanSet(upgrades=("Gargoyle",)))
    assert thorn.state.plan.upgrades == ("Cyclops",)
    assert legions(thorn)[0] == ("Titan", "Centaur", "Cyclops", "Ogre")


def test_r10_three_default_upgrades_turn_each_tower_creature_once(titan):
    thorn = titan(base_xp=200).earn(100).buy("leadership", 3)
    first, second = legions(thorn)
    assert first == ("Titan", "Lion", "Cyclops", "Troll")
    assert second == BASE_2


def test_r10_upgrades_go_to_the_legion_the_plan_names(titan):
    thorn = titan(base_xp=200).buy("leadership", 2)
    thorn.do(PlanSet(upgrades=("Lion", "Lion"), placement=(("Lion", 2),)))
    first, second = legions(thorn)
    assert Counter(first + second)["Lion"] == 2
    assert Counter(first + second)["Centaur"] == 0
    assert "Lion" in second


def test_r10_a_third_upgrade_of_one_kind_needs_a_third_creature_of_that_kind(titan):
    # Two Centaurs in the base legions: a third Lion has nothing to replace.
    thorn = titan(base_xp=200).earn(100).buy("leadership", 3)
    message = thorn.refused(PlanSet(upgrades=("Lion", "Lion", "Lion")))
    assert message == (
        "3 Lion upgrades picked but only 2 Centaurs among the starting creatures to upgrade"
        " (the honor guard's join after the upgrades) (R10)"
    )
    thorn.earn(100).buy("charisma").do(
        PlanSet(charisma=("Centaur",), upgrades=("Lion", "Lion", "Lion"))
    )
    everyone = Counter(sum(legions(thorn), ()))
    assert (everyone["Lion"], everyone["Centaur"]) == (3, 0)


def test_r10_every_leadership_box_upgrades_even_when_the_picks_used_one_kind_up(titan):
    thorn = titan(base_xp=200).earn(100).buy("leadership", 2).do(PlanSet(upgrades=("Lion", "Lion")))
    thorn.buy("leadership")  # a third box after the plan: its default is not a third Lion
    everyone = Counter(sum(legions(thorn), ()))
    assert everyone["Lion"] + everyone["Cyclops"] + everyone["Troll"] == 3
    assert everyone["Lion"] == 2


def at_level_10_with_charisma_3(titan):
    thorn = titan(base_xp=0).reach_level(10)  # power, skill, luck, spirit, charisma, leadership 3
    assert thorn.state.abilities["charisma"] == 3
    return thorn


def test_r10_honor_guard_members_join_the_starting_legions(titan):
    thorn = titan(base_xp=0).reach_level(4).do(HonorGuardSet(members=("Griffon",)))
    first, second = legions(thorn)
    assert "Griffon" in first + second
    assert len(first) + len(second) == 9


def test_r10_fourteen_characters_fit_and_a_legion_of_7_is_flagged(titan):
    thorn = at_level_10_with_charisma_3(titan)
    thorn.do(HonorGuardSet(members=("Venomous Wyrm", "Unicorn", "Ranger")))
    first, second = legions(thorn)
    assert (len(first), len(second)) == (7, 7)
    assert flags(thorn) == [
        "legion 1 has 7 characters: split it in the first Commencement Phase (R10)",
        "legion 2 has 7 characters: split it in the first Commencement Phase (R10)",
    ]


def test_r10_a_legion_of_6_is_not_flagged(titan):
    thorn = titan(base_xp=200).earn(100).buy("charisma", 3)
    assert max(len(legion) for legion in legions(thorn)) == 6
    assert flags(thorn) == []


def test_r10_extras_go_where_the_plan_places_them(titan):
    thorn = titan(base_xp=200).buy("charisma", 2)
    thorn.do(PlanSet(charisma=("Gargoyle", "Gargoyle"), placement=(("Gargoyle", 2),)))
    first, second = legions(thorn)
    assert first == BASE_1
    assert second == BASE_2 + ("Gargoyle", "Gargoyle")


def test_r10_placing_more_than_7_in_one_legion_is_refused(titan):
    thorn = at_level_10_with_charisma_3(titan)
    thorn.do(HonorGuardSet(members=("Venomous Wyrm", "Unicorn", "Ranger")))
    plan = PlanSet(
        charisma=("Ogre", "Ogre", "Ogre"),
        placement=(("Ogre", 1), ("Unicorn", 1), ("Ranger", 1), ("Venomous Wyrm", 1)),
    )
    assert thorn.refused(plan) == "legion 1 would have 10 characters; at most 7 (R10)"


@pytest.mark.parametrize("wanted", [1, 2])
def test_r10_no_legion_exceeds_7_whatever_the_placement(titan, wanted):
    thorn = at_level_10_with_charisma_3(titan)
    thorn.do(HonorGuardSet(members=("Venomous Wyrm", "Unicorn", "Ranger")))
    thorn.do(PlanSet(charisma=("Ogre", "Ogre", "Ogre"), placement=(("Ogre", wanted),)))
    first, second = legions(thorn)
    assert max(len(first), len(second)) <= 7
    assert len(first) + len(second) == 14


def test_r10_placing_something_the_titan_does_not_have_is_refused(titan):
    thorn = titan(base_xp=100).buy("charisma")
    message = thorn.refused(PlanSet(placement=(("Hydra", 2),)))
    assert message.startswith("nothing called Hydra to place")
    assert message.endswith("(R10)")


def test_r10_magic_items_go_to_legion_1_unless_placed(titan):
    thorn = titan(base_xp=0)
    thorn.do(ItemAdded(item=ItemFacts(name="Cloak of Shadows", type="cloak")))
    thorn.do(ItemAdded(item=ItemFacts(name="Crown of Command", type="crown")))
    assert thorn.state.starting_legions.items == (("Cloak of Shadows", "Crown of Command"), ())
    thorn.do(PlanSet(placement=(("crown of command", 2),)))
    assert thorn.state.starting_legions.items == (("Cloak of Shadows",), ("Crown of Command",))
    assert thorn.state.plan.placement == (("Crown of Command", 2),)


def test_r10_only_the_legion_of_7_is_flagged(titan):
    thorn = at_level_10_with_charisma_3(titan)
    thorn.do(HonorGuardSet(members=("Unicorn", "Ranger")))
    first, second = legions(thorn)
    assert (len(first), len(second)) == (7, 6)
    assert flags(thorn) == [
        "legion 1 has 7 characters: split it in the first Commencement Phase (R10)"
    ]


def test_r10_an_honor_guard_member_goes_where_the_plan_places_it(titan):
    thorn = titan(base_xp=0).reach_level(4).do(HonorGuardSet(members=("Griffon",)))
    thorn.do(PlanSet(charisma=thorn.state.plan.charisma, placement=(("Griffon", 2),)))
    first, second = legions(thorn)
    assert "Griffon" in second
    assert "Griffon" not in first


def test_r10_two_creatures_of_one_kind_can_be_split_between_the_legions(titan):
    """Two Charisma Centaurs: the first placement takes the first, the second the second."""
    thorn = titan(base_xp=200).buy("charisma", 2)
    thorn.do(PlanSet(charisma=("Centaur", "Centaur"), placement=(("Centaur", 1), ("Centaur", 2))))
    first, second = legions(thorn)
    assert first == BASE_1 + ("Centaur",)
    assert second == BASE_2 + ("Centaur",)


def test_r10_more_placements_of_a_kind_than_creatures_of_it_are_refused(titan):
    thorn = titan(base_xp=100).buy("charisma")
    plan = PlanSet(charisma=("Centaur",), placement=(("Centaur", 1), ("Centaur", 2)))
    assert thorn.refused(plan) == "2 placements of Centaur but 1 Centaur to place (R10)"


def test_r10_charisma_refuses_an_angel_with_its_article(titan):
    thorn = titan(base_xp=100).buy("charisma")
    message = thorn.refused(PlanSet(charisma=("Angel",)))
    assert message == "Charisma adds a Centaur, Gargoyle or Ogre, not an Angel (R3)"


def test_r10_extras_the_plan_places_go_first_so_none_placed_by_default_takes_their_room(titan):
    """Three Charisma creatures and a Griffon of the guard, the Ogres and the Griffon placed in
    legion 1: the unplaced Centaur used to fill legion 1 first, and the Griffon was put in
    legion 2 without a word."""
    thorn = titan(base_xp=200).earn(200).buy("charisma", 3).reach_level(4)
    thorn.do(HonorGuardSet(members=("Griffon",)))
    thorn.do(PlanSet(charisma=("Centaur", "Ogre", "Ogre"), placement=(("Ogre", 1), ("Griffon", 1))))
    assert legions(thorn) == (BASE_1 + ("Ogre", "Ogre", "Griffon"), BASE_2 + ("Centaur",))
    assert thorn.state.starting_legions.guard == (1, 0)


def test_r10_the_honor_guard_joins_after_the_upgrades_and_is_never_upgraded(titan):
    """R10's order: upgrades, then the honor guard. Two Trolls placed in legion 1 with the
    guard's Ogre: the second upgrade used to turn the guard's Ogre into a Troll."""
    thorn = titan(base_xp=200).buy("leadership", 2).reach_level(4)
    thorn.do(HonorGuardSet(members=("Ogre",)))
    thorn.do(PlanSet(upgrades=("Troll", "Troll"), placement=(("Troll", 1), ("Ogre", 1))))
    first, second = legions(thorn)
    assert first == ("Titan", "Centaur", "Gargoyle", "Troll", "Troll", "Ogre")
    assert second == ("Angel", "Centaur", "Gargoyle")  # its Ogre upgraded, the Troll moved
    assert thorn.state.starting_legions.guard == (1, 0)  # the last of legion 1
