"""The README's tour: a new group levels a Titan from 0 to level 4 through real commands."""

from __future__ import annotations

import json
import shlex
from pathlib import Path


def sheet(cli, titan: str = "Thorn") -> dict:
    return json.loads(cli.ok("sheet", titan, "--format", "json"))


def test_level_0_to_4_with_every_choice_seen_and_resolved(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    assert sheet(cli)["level"] == 0
    assert "needs 100 XP, 0 available (R1)" in cli.refused("spend", "Thorn", "ability", "power")

    out = cli.ok(
        "award",
        "thorn",
        "--result",
        "won",
        "--battle-won",
        "3",
        "--agreement",
        "1",
        "--score",
        "347",
    )
    assert "subtotal: 219" in out and "total: 219 XP" in out

    cli.ok("spend", "THORN", "ability", "Wisdom")
    out = cli.ok("spend", "thorn", "school", "water")
    assert "level 1 reached" in out
    pending = sheet(cli)["pending"]
    assert [(p["kind"], p["school"], p["level"]) for p in pending] == [
        ("spell", "water", 1),
        ("school", None, None),
    ]

    cli.ok("choose", "thorn", "spell", "bog walker")
    cli.ok("choose", "thorn", "school", "water")
    assert {(p["kind"], p["school"], p["level"]) for p in sheet(cli)["pending"]} == {
        ("spell", "water", 2),
        ("spell", "water", 1),
    }
    cli.ok("choose", "thorn", "spell", "Ice Bolt")
    cli.ok("choose", "thorn", "spell", "Water Affinity")
    assert sheet(cli)["pending"] == []

    # Wisdom 1 now adds 10% (R8): 100 + 50 + 10 + 40 = 200, bonus 20.
    out = cli.ok(
        "award",
        "thorn",
        "--result",
        "won",
        "--battle-won",
        "2",
        "--agreement",
        "1",
        "--score",
        "400",
    )
    assert "wisdom bonus (10%): 20" in out and "total: 220 XP" in out
    for _ in range(2):
        cli.ok("award", "thorn", "--result", "won", "--battle-won", "4", "--score", "500")
    data = sheet(cli)
    assert data["xp"]["available"] == 19 + 220 + 2 * 275  # 219 - 200 spent, then the awards

    cli.ok("spend", "thorn", "ability", "power")
    cli.ok("spend", "thorn", "ability", "power")  # 400 spent: level 2
    cli.ok("choose", "thorn", "school", "fire")
    cli.ok("choose", "thorn", "spell", "fire bolt")
    cli.ok("spend", "thorn", "ability", "spirit")
    cli.ok("spend", "thorn", "ability", "luck")  # 600: level 3
    cli.ok("choose", "thorn", "school", "earth")
    cli.ok("choose", "thorn", "spell", "mountain walker")
    cli.ok("spend", "thorn", "ability", "charisma")
    out = cli.ok("spend", "thorn", "ability", "skill")  # 800: level 4
    assert "level 4 reached" in out
    cli.ok("choose", "thorn", "school", "water")
    for spell in ("Ice Storm", "Ice Shield", "Raise/Lower Water"):
        cli.ok("choose", "thorn", "spell", spell)

    data = sheet(cli)
    assert data["level"] == 4 and data["pending"] == []
    assert data["schools"]["water"] == 3 and data["honor_guard_slots"] == [30]
    assert data["mana"] == 4 + 1 and data["titan_power"] == 8 and data["skill_uses"] == 1
    assert len(data["spells"]) == 8


def test_honor_guard_legal_then_illegal_with_a_clear_message(thorn) -> None:
    thorn.ok(
        "award",
        "thorn",
        "--result",
        "won",
        "--scenario-xp",
        "900",
        "--scenario",
        "Quest",
        "--survivors",
        "Titan,Griffon,Cyclops,Lion",
    )
    for ability in ("power", "power", "power", "skill", "skill", "skill", "luck", "luck"):
        thorn.ok("spend", "thorn", "ability", ability)
    assert sheet(thorn)["level"] == 4
    assert "Griffon" in thorn.ok("honor-guard", "thorn", "griffon")
    message = thorn.refused("honor-guard", "thorn", "Griffon", "Lion")
    assert "(R9)" in message and "2 members" in message
    assert "Lord" in thorn.refused("honor-guard", "thorn", "angel")
    assert "did not survive" in thorn.refused("honor-guard", "thorn", "Warbear")
    assert "Griffon" in thorn.ok("honor-guard", "thorn")  # shows it, changes nothing
    assert sheet(thorn)["honor_guard"] == ["Griffon"]
    thorn.ok("honor-guard", "thorn", "--clear")
    assert sheet(thorn)["honor_guard"] == []


def test_undo_a_mistake_and_redo_it(thorn) -> None:
    thorn.ok("spend", "thorn", "ability", "luck")
    before = sheet(thorn)
    thorn.ok("spend", "thorn", "ability", "power")
    assert "undone: Thorn: bought a Power box" in thorn.ok("undo", "thorn")
    assert sheet(thorn) == before
    thorn.ok("redo", "thorn")
    assert sheet(thorn)["abilities"]["power"] == 1
    assert "nothing to redo" in thorn.refused("redo", "thorn")


def test_sheet_text_is_readable_and_fits_80_columns(thorn) -> None:
    thorn.ok("spend", "thorn", "ability", "power")
    text = thorn.ok("sheet", "thorn")
    assert "TITAN CHARACTER SHEET" in text and "[x][ ][ ] POWER" in text and "LEVEL 0" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_sheet_json_has_the_contract_keys(thorn) -> None:
    data = sheet(thorn)
    for key in [
        "name",
        "player",
        "campaign",
        "level",
        "xp",
        "abilities",
        "schools",
        "spells",
        "pending",
        "mana",
        "titan_power",
        "skill_uses",
        "rerolls",
        "xp_bonus_percent",
        "gold",
        "magic_items",
        "honor_guard",
        "honor_guard_slots",
        "starting_legions",
    ]:
        assert key in data, key
    assert set(data["xp"]) >= {"base", "earned", "spent", "available"}
    assert list(data["abilities"]) == [
        "power",
        "skill",
        "intelligence",
        "spirit",
        "charisma",
        "leadership",
        "luck",
        "wisdom",
    ]
    assert list(data["schools"]) == [
        "water",
        "air",
        "earth",
        "fire",
        "summoning",
        "sorcery",
        "nature",
        "divine",
    ]
    assert data["starting_legions"] == [
        ["Titan", "Centaur", "Gargoyle", "Ogre"],
        ["Angel", "Centaur", "Gargoyle", "Ogre"],
    ]


def test_choices_lists_each_pending_choice_with_what_it_may_take(thorn) -> None:
    thorn.ok("spend", "thorn", "ability", "intelligence")
    assert "waits until a school level makes a spell eligible" in thorn.ok("choices", "thorn")
    out = thorn.ok("spend", "thorn", "school", "air")
    assert "pick one spell of Air level 1 (R5)" in out
    listing = thorn.ok("choices", "thorn")
    assert (
        "choose Thorn spell NAME --bonus (Air Affinity, Tundra Walker, Shocking Grasp)" in listing
    )
    assert "choose Thorn school SCHOOL (Water, Air, Earth" in listing
    thorn.ok("choose", "thorn", "spell", "shocking grasp", "--bonus")
    thorn.ok("choose", "thorn", "spell", "tundra walker")
    thorn.ok("choose", "thorn", "school", "air")
    listing = thorn.ok("choices", "thorn")
    assert "OLD: Shocking Grasp; NEW: Haste, Fly, Lightning Bolt" in listing


def test_r6_choices_warns_of_a_bonus_spell_that_would_forfeit_a_school_pick(thorn) -> None:
    """A bonus pick taking the last Water level 1 spell forfeits the Water level 1 pick (R5):
    said only once done; ``choices`` now says it of that spell before."""
    thorn.ok("award", "thorn", "--result", "won", "--score", "3000")
    for _ in range(3):
        thorn.ok("spend", "thorn", "ability", "intelligence")
    thorn.ok("spend", "thorn", "school", "water")
    thorn.ok("choose", "thorn", "spell", "water affinity", "--bonus")
    thorn.ok("choose", "thorn", "spell", "bog walker", "--bonus")
    listing = thorn.ok("choices", "thorn")
    assert (
        "choose Thorn spell NAME --bonus (Raise/Lower Water)\n"
        "      ! picked here, Raise/Lower Water: the pick of a Water level 1 spell is forfeited:"
        " none is left to learn (R5)\n"
    ) in listing
    assert "choose Thorn spell NAME (Raise/Lower Water)\n" in listing  # the school pick: none


def test_r6_choices_warns_of_a_swap_that_would_forfeit_a_school_pick(thorn) -> None:
    """Swapping Bog Walker for Shocking Grasp, the last Air level 1 spell, forfeits the Air
    level 1 pick: ``choices`` marked the pick's line but not the swap's."""
    thorn.ok("spend", "thorn", "ability", "intelligence")
    thorn.ok("spend", "thorn", "school", "water")
    thorn.ok("choose", "thorn", "spell", "bog walker", "--bonus")
    thorn.ok("choose", "thorn", "spell", "water affinity")
    thorn.ok("award", "thorn", "--result", "won", "--score", "1000")
    thorn.ok("spend", "thorn", "ability", "intelligence")
    thorn.ok("spend", "thorn", "ability", "intelligence")
    thorn.ok("choose", "thorn", "school", "air")
    thorn.ok("choose", "thorn", "spell", "air affinity", "--bonus")
    thorn.ok("choose", "thorn", "spell", "tundra walker", "--bonus")
    listing = thorn.ok("choices", "thorn")
    assert (
        "choose Thorn swap OLD NEW (OLD: Bog Walker, Air Affinity, Tundra Walker; NEW: Shocking"
        " Grasp) or decline-swap\n"
        "      ! swapped in, Shocking Grasp: forgetting Bog Walker, the pick of an Air level 1"
        " spell is forfeited: none is left to learn (R5)\n"
    ) in listing


def test_r6_choices_says_a_lower_pick_waits_for_the_bonus_swap(thorn) -> None:
    thorn.ok("spend", "thorn", "ability", "intelligence")
    thorn.ok("spend", "thorn", "ability", "intelligence")
    thorn.ok("choose", "thorn", "school", "water")
    thorn.ok("choose", "thorn", "spell", "water affinity", "--bonus")
    thorn.ok("choose", "thorn", "spell", "bog walker", "--bonus")
    thorn.ok("choose", "thorn", "spell", "raise/lower water")
    thorn.ok("award", "thorn", "--result", "won")
    out = thorn.ok("spend", "thorn", "school", "water")
    assert "forfeited" not in out
    assert (
        "spell pick: Water level 1 (R5): waits for the bonus swap: a bonus Water level 1 spell"
        " swapped away may be picked here (declining the swap forfeits this pick)" in out
    )
    out = thorn.ok("choose", "thorn", "decline-swap")
    assert "the pick of a Water level 1 spell is forfeited: none is left to learn (R5)" in out


def test_r6_declining_a_swap_of_another_school_names_the_offer_there_is(thorn) -> None:
    """Thorn's offer is for Water level 2; ``decline-swap fire`` said Thorn had no offer at all."""
    thorn.ok("spend", "thorn", "ability", "intelligence")
    thorn.ok("spend", "thorn", "ability", "power")
    thorn.ok("choose", "thorn", "school", "water")
    thorn.ok("choose", "thorn", "spell", "water affinity", "--bonus")
    thorn.ok("choose", "thorn", "spell", "bog walker")
    thorn.ok("award", "thorn", "--result", "won")
    thorn.ok("spend", "thorn", "school", "water")
    refusal = thorn.refused("choose", "thorn", "decline-swap", "fire")
    assert refusal == (
        "Thorn has no bonus swap offer for Fire; the offer is for a Water level 2 spell:"
        " name Water to decline that one (R6)"
    )
    assert "declined the bonus swap for Water level 2" in thorn.ok(
        "choose", "thorn", "decline-swap", "water"
    )


def test_bonus_is_refused_where_no_spell_is_picked(thorn) -> None:
    thorn.ok("spend", "thorn", "ability", "intelligence")
    thorn.ok("spend", "thorn", "ability", "power")
    refusal = thorn.refused("choose", "thorn", "school", "air", "--bonus")
    assert refusal == ("--bonus is for a spell pick (choose TITAN spell NAME --bonus), not school")


def test_r6_decline_swap_takes_a_level_for_two_offers_of_one_school(thorn) -> None:
    """Offers for Water levels 2 and 3: ``decline-swap water`` declined level 2 without
    asking, and there was no way to decline level 3's alone."""
    thorn.ok("award", "thorn", "--result", "won", "--score", "3000")
    thorn.ok("spend", "thorn", "ability", "intelligence")
    thorn.ok("spend", "thorn", "school", "water")
    thorn.ok("choose", "thorn", "spell", "water affinity", "--bonus")
    thorn.ok("choose", "thorn", "spell", "bog walker")
    thorn.ok("spend", "thorn", "school", "water")
    thorn.ok("spend", "thorn", "school", "water")
    refusal = thorn.refused("choose", "thorn", "decline-swap", "water")
    assert "name the level of the one to decline too (Water 2 or Water 3) (R6)" in refusal
    done = thorn.ok("choose", "thorn", "decline-swap", "water", "3")
    assert "declined the bonus swap for Water level 3" in done
    assert "may swap a bonus spell for a Water level 2 spell" in thorn.ok("choices", "thorn")
    assert "level is 1, 2 or 3" in thorn.refused("choose", "thorn", "decline-swap", "water", "x")


def test_the_readme_tour_runs_as_written_with_no_rule_broken(cli) -> None:
    """A new player typing the README's tour word for word was told that Mira and Osk played
    their first game with their base XP unspent (R2): the tour never spent it."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    tour = readme.split("## A short tour", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    said = []
    for line in tour.replace("\\\n", " ").splitlines():
        argv = shlex.split(line, comments=True)
        assert argv[0] == "titan-campaign", line
        said.append(cli.ok(*argv[1:]))
    assert len(said) > 20
    assert not [out for out in said if "unspent" in out]
    assert "game 2 recorded for Thorn, Mira and Osk" in "".join(said)
