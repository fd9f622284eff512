"""`plan --legion` (R10): each placement adds to those made before, and two creatures of one
kind can go to different legions."""

from __future__ import annotations

import json


def test_r10_plan_legion_adds_to_the_earlier_placements_and_splits_a_kind(thorn) -> None:
    thorn.ok("spend", "Thorn", "ability", "charisma")
    thorn.ok("award", "Thorn", "--result", "won", "--scenario-xp", "100", "--scenario", "Quest")
    thorn.ok("spend", "Thorn", "ability", "charisma")
    thorn.ok("plan", "Thorn", "--charisma", "Centaur,Ogre")
    thorn.ok("plan", "Thorn", "--legion", "Ogre=2")
    out = thorn.ok("plan", "Thorn", "--legion", "Centaur=2")
    legions = json.loads(thorn.ok("sheet", "Thorn", "--format", "json"))["starting_legions"]
    assert legions[0] == ["Titan", "Centaur", "Gargoyle", "Ogre"], out
    assert legions[1] == ["Angel", "Centaur", "Gargoyle", "Ogre", "Centaur", "Ogre"]  # both kept
    thorn.ok("plan", "Thorn", "--charisma", "Centaur,Centaur")
    thorn.ok("plan", "Thorn", "--legion", "Centaur=1", "--legion", "Centaur=2")
    legions = json.loads(thorn.ok("sheet", "Thorn", "--format", "json"))["starting_legions"]
    assert legions[0].count("Centaur") == 2 and legions[1].count("Centaur") == 2


def test_charisma_and_upgrade_read_a_creature_name_alike(thorn) -> None:
    """`--upgrade Lion` and `--upgrade Centaur` both mean Centaur to Lion; `--charisma Lion`
    is refused saying where a Lion comes from, and a misspelt name is said by its option."""
    thorn.ok("spend", "Thorn", "ability", "charisma")
    thorn.ok("spend", "Thorn", "ability", "leadership")
    assert thorn.refused("plan", "Thorn", "--charisma", "Lion") == (
        "Charisma adds a Centaur, Gargoyle or Ogre, not a Lion:"
        " a Lion is a Centaur upgraded by Leadership (R3)"
    )
    assert thorn.refused("plan", "Thorn", "--upgrade", "Lions") == (
        '--upgrade: no character named "Lions"; did you mean "Lion"?'
    )
    assert thorn.refused("plan", "Thorn", "--charisma", "Lions") == (
        '--charisma: no character named "Lions"; did you mean "Lion"?'
    )
    thorn.ok("plan", "Thorn", "--upgrade", "Centaur", "--charisma", "Ogre")
    assert "Lion" in thorn.ok("plan", "Thorn")
