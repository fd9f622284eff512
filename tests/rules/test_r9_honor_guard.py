"""R9 Honor Guard: slots by level, no Lords, members fit the slots together, survivors only."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from titan_campaign.rules.characters import find_character
from titan_campaign.rules.events import GameOutcome, HonorGuardSet
from titan_campaign.rules.honor_guard import honor_guard_slots, slot_assignment

LOST = GameOutcome(result="lost")


@pytest.mark.parametrize(
    ("level", "slots"),
    [
        (0, ()),
        (3, ()),
        (4, (30,)),
        (5, (30,)),
        (6, (30,)),
        (7, (50, 50)),
        (8, (50, 50)),
        (9, (50, 50)),
        (10, (75, 50, 50)),
        (11, (75, 50, 50)),
        (20, (75, 50, 50)),
    ],
)
def test_r9_slots_by_level(level, slots):
    assert honor_guard_slots(level) == slots


@pytest.mark.parametrize(
    ("level", "slots"), [(3, ()), (4, (30,)), (7, (50, 50)), (10, (75, 50, 50))]
)
def test_r9_a_titans_slots_follow_its_level(titan, level, slots):
    assert titan(base_xp=0).reach_level(level).state.honor_guard_slots == slots


def test_r9_no_honor_guard_below_level_4(titan):
    thorn = titan(base_xp=0).reach_level(3)
    message = thorn.refused(HonorGuardSet(members=("Centaur",)))
    assert message == "no honor guard below level 4; the Titan is level 3 (R9)"


def test_r9_level_4_takes_one_member_worth_at_most_30(titan):
    thorn = titan(base_xp=0).reach_level(4)
    thorn.do(HonorGuardSet(members=("Griffon",)))  # 30 points
    assert thorn.state.honor_guard == ("Griffon",)
    message = thorn.refused(HonorGuardSet(members=("Gorgon",)))  # 35 points
    assert message == "Gorgon is worth 35 points; the largest slot at level 4 holds 30 (R9)"


def test_r9_level_4_refuses_a_second_member(titan):
    thorn = titan(base_xp=0).reach_level(4)
    message = thorn.refused(HonorGuardSet(members=("Centaur", "Ogre")))
    assert message == "2 members but level 4 has 1 slot (30 points) (R9)"


@pytest.mark.parametrize(
    "lord",
    [
        "Titan",
        "Angel",
        "Archangel",
        "Demon 20-2",
        "Demon 15-3",
        "Demon 12-3 range",
        "Demon 12-3 fly",
        "Demon 12-4",
        "Demon 10-4 fly",
    ],
)
def test_r9_lords_never_join_the_honor_guard(titan, lord):
    thorn = titan(base_xp=0).reach_level(10)
    message = thorn.refused(HonorGuardSet(members=(lord,)))
    assert message == f"{find_character(lord).name} is a Lord and cannot join an honor guard (R9)"


def test_r9_a_demi_lord_may_join(titan):
    thorn = titan(base_xp=0).reach_level(7).do(HonorGuardSet(members=("Warlock", "Guardian")))
    assert thorn.state.honor_guard == ("Warlock", "Guardian")  # 50 and 35 in two 50 slots


def test_r9_members_that_fit_each_slot_alone_but_not_together_are_refused(titan):
    # Level 10: slots 75, 50, 50. Three 60-point members each fit the 75 slot alone,
    # but only one of them can have it.
    thorn = titan(base_xp=0).reach_level(10)
    for name in ("Colossus", "Hydra", "Salamander"):
        assert find_character(name).points == 60
        thorn.do(HonorGuardSet(members=(name,)))
    message = thorn.refused(HonorGuardSet(members=("Colossus", "Hydra", "Salamander")))
    assert message == (
        "Colossus (60), Hydra (60) and Salamander (60) are each worth more than 50 points;"
        " level 10 has 1 slot that holds more (75) (R9)"
    )


def test_r9_a_refused_guard_names_only_the_members_that_do_not_fit(titan):
    """Unicorn (50) fits a 50-point slot; Dragon (55) and Colossus (60) both need the 75 one."""
    thorn = titan(base_xp=0).reach_level(10)
    message = thorn.refused(HonorGuardSet(members=("Dragon", "Unicorn", "Colossus")))
    assert message == (
        "Dragon (55) and Colossus (60) are each worth more than 50 points;"
        " level 10 has 1 slot that holds more (75) (R9)"
    )


def test_r9_members_70_50_50_fit_the_level_10_slots_together(titan):
    thorn = titan(base_xp=0).reach_level(10)
    thorn.do(HonorGuardSet(members=("Venomous Wyrm", "Unicorn", "Ranger")))
    assert [find_character(m).points for m in thorn.state.honor_guard] == [70, 50, 50]


def test_r9_the_assignment_does_not_depend_on_the_order_of_members(titan):
    thorn = titan(base_xp=0).reach_level(10)
    thorn.do(HonorGuardSet(members=("Unicorn", "Ranger", "Venomous Wyrm")))
    assert thorn.state.honor_guard == ("Unicorn", "Ranger", "Venomous Wyrm")
    assert slot_assignment([50, 50, 70], (75, 50, 50)) == (1, 2, 0)


def test_r9_the_sheet_shows_each_member_in_a_slot_that_holds_it(titan):
    """Warlock (50) named before Salamander (60): the sheet puts Salamander in the 75-point
    slot, not the Warlock (it said "slot 2 (up to 50 pts): Salamander")."""
    from titan_campaign.rules.sheet import sheet_view

    thorn = titan(base_xp=0).reach_level(10)
    thorn.do(HonorGuardSet(members=("Warlock", "Salamander")))
    view = sheet_view(thorn.state, "Demo")
    assert list(zip(view.honor_guard_slots, view.honor_guard)) == [
        (75, "Salamander"),
        (50, "Warlock"),
    ]


def test_r9_the_sheet_keeps_the_slots_the_player_chose_when_each_member_fits_its_own(titan):
    """Level 7 (two slots of 50): slot 1 Griffon, slot 2 Gorgon chosen on the honor guard
    form; the sheet, the text and the PDF said slot 1 Gorgon, slot 2 Griffon."""
    from titan_campaign.rules.sheet import sheet_view

    thorn = titan(base_xp=0).reach_level(7)
    thorn.do(HonorGuardSet(members=("Griffon", "Gorgon")))
    view = sheet_view(thorn.state, "Demo")
    assert list(zip(view.honor_guard_slots, view.honor_guard)) == [(50, "Griffon"), (50, "Gorgon")]


def test_r9_a_55_point_member_fits_no_slot_at_level_7(titan):
    thorn = titan(base_xp=0).reach_level(7)
    message = thorn.refused(HonorGuardSet(members=("Dragon",)))
    assert message == "Dragon is worth 55 points; the largest slot at level 7 holds 50 (R9)"


def test_r9_the_same_creature_may_appear_twice(titan):
    thorn = titan(base_xp=0).reach_level(7).do(HonorGuardSet(members=("Unicorn", "Unicorn")))
    assert thorn.state.honor_guard == ("Unicorn", "Unicorn")


def test_r9_an_empty_guard_clears_it(titan):
    thorn = titan(base_xp=0).reach_level(4).do(HonorGuardSet(members=("Lion",)))
    thorn.do(HonorGuardSet(members=()))
    assert thorn.state.honor_guard == ()


def test_r9_members_come_from_the_survivors_of_the_last_game(titan):
    thorn = titan(base_xp=0).reach_level(7)
    thorn.game(LOST, survivors=("Titan", "Unicorn", "Ogre"))
    message = thorn.refused(HonorGuardSet(members=("Unicorn", "Ranger")))
    assert message == "Ranger did not survive the last game; choose from its survivors (R9)"
    thorn.do(HonorGuardSet(members=("Unicorn", "Ogre")))
    assert thorn.state.honor_guard == ("Unicorn", "Ogre")


def test_r9_a_creature_twice_needs_two_survivors_of_that_kind(titan):
    thorn = titan(base_xp=0).reach_level(7)
    thorn.game(LOST, survivors=("Titan", "Unicorn"))
    message = thorn.refused(HonorGuardSet(members=("Unicorn", "Unicorn")))
    assert message == "only 1 Unicorn survived the last game; a survivor joins the guard once (R9)"


def test_r9_without_survivors_listed_any_member_that_fits_may_be_chosen(titan):
    thorn = titan(base_xp=0).reach_level(4).game(LOST)
    thorn.do(HonorGuardSet(members=("Wyvern",)))
    assert thorn.state.honor_guard == ("Wyvern",)


def test_r9_a_guard_member_slain_in_a_game_leaves_the_guard_with_a_note(titan):
    thorn = titan(base_xp=0).reach_level(7).do(HonorGuardSet(members=("Unicorn", "Griffon")))
    thorn.game(LOST, survivors=("Titan", "Griffon", "Centaur"))
    assert thorn.state.honor_guard == ("Griffon",)
    assert "Unicorn was slain and leaves the honor guard (R9)" in thorn.last_notes
    assert "Unicorn was slain and leaves the honor guard (R9)" in thorn.history_notes()


def test_r9_one_of_two_identical_members_slain_leaves_the_other(titan):
    thorn = titan(base_xp=0).reach_level(7).do(HonorGuardSet(members=("Unicorn", "Unicorn")))
    thorn.game(LOST, survivors=("Unicorn",))
    assert thorn.state.honor_guard == ("Unicorn",)
    assert thorn.last_notes.count("Unicorn was slain and leaves the honor guard (R9)") == 1


def test_r9_a_game_without_survivors_listed_keeps_the_guard(titan):
    thorn = titan(base_xp=0).reach_level(4).do(HonorGuardSet(members=("Lion",)))
    thorn.game(LOST)
    assert thorn.state.honor_guard == ("Lion",)


def test_r9_a_surviving_member_may_stay_in_the_guard(titan):
    thorn = titan(base_xp=0).reach_level(7).do(HonorGuardSet(members=("Unicorn",)))
    thorn.game(LOST, survivors=("Titan", "Unicorn", "Troll"))
    thorn.do(HonorGuardSet(members=("Unicorn", "Troll")))
    assert thorn.state.honor_guard == ("Unicorn", "Troll")


def test_r9_an_unknown_creature_is_not_an_event():
    with pytest.raises(ValidationError, match="Griffin"):
        HonorGuardSet(members=("Griffin",))
    with pytest.raises(ValidationError):
        HonorGuardSet(members=("Ogre", "Ogre", "Ogre", "Ogre"))
