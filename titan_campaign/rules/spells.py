"""The 72 spells of Campaign Titan: eight schools, three levels, three spells a level.

Pure catalogue data from the rulebook's "Complete Spell List by Spell School". Names and texts
use the corrected spelling ("Regeneration", "Rangestrike", "Skill-factor"); the rulebook's
misspellings are kept as aliases so that what a player copies from the seed still finds its
spell. Typographic apostrophes are written as ASCII ones.

Vocabulary of the fields (small and fixed, so screens and printouts can rely on it):

``cast``, when the spell is cast (the rulebook's "The Spell Phase" and "Strike and Rangestrike
Spells"): strike and rangestrike spells and Shield in the Strike Phase; summoning spells in the
Enlistment Phase; Teleport in the Battle's Maneuver Phase; Teleport Legion, Pathfinder and
Recall in the Masterboard Movement Phase of the Game-Turn; Rift on an opponent's Move Phase;
Divine Summoning in any Battle-Round; everything else in the Spell Phase.

``attack``, the rulebook's XdN notation (X = Power-factor, N = Skill-factor), exactly as printed:
"6d3" one attack; "6d3/3d3" an explosion (target hex / adjacent hexes / hexes two away) or a
blast (adjacent target hex / the next hexes in line, e.g. Ice Shards "6d3/4d3"); "3x 1d4" three
separate rangestrikes (Improved Magic Missile); "+2d4" dice added to the target's next strike
(Shocking Grasp, Stone Fist).

``area``: "explosion", "blast", "legion" (all characters in the spellcaster's Legion),
"range 4" (characters within range 4 of the spellcaster: the Mass spells); None for one target.

``target``: "character" (one character within range 4), "hex" (one Battleland hex; for a blast,
an adjacent hex), "character or hex" (Dispel), "legion" (characters of the spellcaster's own
Legion, see ``area``), "enemies" (enemy characters, see ``area``: Mass Slow), "strike" (an
opponent's strike or rangestrike that has just done damage: Shield), "summon" (the spell brings
a character into the Legion), "masterboard legion" (one Legion on the Masterboard),
"masterboard border" (one border of a Land on the Masterboard: Rift).
"""

from __future__ import annotations

from typing import NamedTuple

from .names import NameIndex, UnknownName, name_key

SCHOOLS: tuple[str, ...] = (
    "water",
    "air",
    "earth",
    "fire",
    "summoning",
    "sorcery",
    "nature",
    "divine",
)
"""The eight spell schools in the order of the Titan Character Sheet (R4)."""

SPELL_LEVELS: tuple[int, ...] = (1, 2, 3)

# When a spell is cast.
SPELL_PHASE = "Spell Phase"
STRIKE_PHASE = "Strike Phase"
MANEUVER = "Maneuver Phase"
MOVEMENT = "Movement Phase"
ENLISTMENT = "Enlistment Phase"
OPPONENT_MOVE = "Opponent's Move Phase"
ANY_BATTLE_ROUND = "Any Battle-Round"
CAST_PHASES: tuple[str, ...] = (
    SPELL_PHASE,
    STRIKE_PHASE,
    MANEUVER,
    MOVEMENT,
    ENLISTMENT,
    OPPONENT_MOVE,
    ANY_BATTLE_ROUND,
)

# Area of effect (None: a single target).
EXPLOSION = "explosion"
BLAST = "blast"
WHOLE_LEGION = "legion"
WITHIN_RANGE_4 = "range 4"
AREAS: tuple[str, ...] = (EXPLOSION, BLAST, WHOLE_LEGION, WITHIN_RANGE_4)

# What the spell is aimed at.
CHARACTER = "character"
HEX = "hex"
CHARACTER_OR_HEX = "character or hex"
LEGION = "legion"
ENEMIES = "enemies"
STRIKE = "strike"
SUMMON = "summon"
MASTERBOARD_LEGION = "masterboard legion"
MASTERBOARD_BORDER = "masterboard border"
TARGETS: tuple[str, ...] = (
    CHARACTER,
    HEX,
    CHARACTER_OR_HEX,
    LEGION,
    ENEMIES,
    STRIKE,
    SUMMON,
    MASTERBOARD_LEGION,
    MASTERBOARD_BORDER,
)


class Spell(NamedTuple):
    """One spell card: its school and level, when it is cast, what it attacks and its text."""

    name: str
    school: str
    level: int
    cast: str
    attack: str | None
    area: str | None
    target: str
    text: str
    aliases: tuple[str, ...] = ()

    @property
    def mana(self) -> int:
        """Mana to cast it: the spell's level (R5)."""
        return self.level


def _spell(
    school: str,
    level: int,
    name: str,
    cast: str,
    target: str,
    *,
    text: str,
    attack: str | None = None,
    area: str | None = None,
    aliases: tuple[str, ...] = (),
) -> Spell:
    return Spell(
        name=name,
        school=school,
        level=level,
        cast=cast,
        attack=attack,
        area=area,
        target=target,
        text=text,
        aliases=aliases,
    )


# fmt: off
SPELLS: tuple[Spell, ...] = (
    # Water, level 1
    _spell(
        "water", 1, "Water Affinity", ENLISTMENT, SUMMON,
        text=(
            "The caster may attempt to summon a Water Elemental during the Enlistment Phase. "
            "For each Water School level gained beyond the first, +1 is added to the dice roll."
        ),
    ),
    _spell(
        "water", 1, "Bog Walker", SPELL_PHASE, CHARACTER,
        text="Target character is native to bog for the duration of the Battle.",
    ),
    _spell(
        "water", 1, "Raise/Lower Water", SPELL_PHASE, HEX,
        text=(
            "Target bog hex becomes a clear hex for the duration of the Battle, or target clear "
            "hex becomes a bog hex for the duration of the Battle."
        ),
    ),
    # Water, level 2
    _spell(
        "water", 2, "Ice Bolt", STRIKE_PHASE, CHARACTER,
        attack="6d3",
        text="Rangestrike spell. Make a 6d3 rangestrike.",
    ),
    _spell(
        "water", 2, "Ice Wall", SPELL_PHASE, HEX,
        text=(
            "Three hex sides of target hex become wall hazards for the duration of the Battle, "
            "or until destroyed. They are destroyed if either the hex or a character in the hex "
            "is the target of a spell from the Fire School."
        ),
    ),
    _spell(
        "water", 2, "Ice Shield", SPELL_PHASE, CHARACTER,
        text=(
            "Target character gains 2 shield tokens if their Power-factor is less than 7; "
            "otherwise they gain 3 shield tokens. Each time the character would take a hit of "
            "damage, remove a shield token instead, until all shield tokens are removed."
        ),
    ),
    # Water, level 3
    _spell(
        "water", 3, "Bog Lord", SPELL_PHASE, LEGION,
        area=WHOLE_LEGION,
        text=(
            "All characters in the spellcaster's Legion are native to bog for the duration of "
            "the Battle."
        ),
    ),
    _spell(
        "water", 3, "Ice Storm", STRIKE_PHASE, HEX,
        attack="6d3/3d3", area=EXPLOSION,
        text=(
            "Rangestrike spell. Target hex is hit with an explosion area of effect which makes "
            "6d3/3d3 rangestrikes."
        ),
    ),
    _spell(
        "water", 3, "Ice Shards", STRIKE_PHASE, HEX,
        attack="6d3/4d3", area=BLAST,
        text=(
            "Strike spell. Blast area of effect. Adjacent target hex is hit with a 6d3 strike, "
            "and the next two hexes in a straight line from the caster's hex through the target "
            "hex are hit with 4d3 strikes."
        ),
    ),
    # Air, level 1
    _spell(
        "air", 1, "Air Affinity", ENLISTMENT, SUMMON,
        text=(
            "The caster may attempt to summon an Air Elemental during the Enlistment Phase. For "
            "each Air School level gained beyond the first, +1 is added to the dice roll."
        ),
    ),
    _spell(
        "air", 1, "Tundra Walker", SPELL_PHASE, CHARACTER,
        text="Target character is native to drift for the duration of the Battle.",
    ),
    _spell(
        "air", 1, "Shocking Grasp", SPELL_PHASE, CHARACTER,
        attack="+2d4",
        text=(
            "When target character next strikes, add 2d4 to the attack. These dice are in "
            "addition to the target character's normal strike and are at Skill-factor 4 "
            "regardless of the target character's Skill-factor. They are part of the same "
            "strike and should be rolled first; their damage may not be carried over to a "
            "different enemy."
        ),
    ),
    # Air, level 2
    _spell(
        "air", 2, "Haste", SPELL_PHASE, CHARACTER,
        text=(
            "Target character has +1 to maximum movement for the duration of the Battle. This "
            "does not affect their Skill-factor during the Strike Phase."
        ),
    ),
    _spell(
        "air", 2, "Fly", SPELL_PHASE, CHARACTER,
        text="Target character has flying for the duration of the Battle.",
    ),
    _spell(
        "air", 2, "Lightning Bolt", STRIKE_PHASE, CHARACTER,
        attack="4d4",
        text=(
            "Rangestrike spell. Make a 4d4 rangestrike, ignoring hazards and intervening "
            "characters."
        ),
    ),
    # Air, level 3
    _spell(
        "air", 3, "Tundra Lord", SPELL_PHASE, LEGION,
        area=WHOLE_LEGION,
        text=(
            "All characters in the spellcaster's Legion are native to drift for the duration of "
            "the Battle."
        ),
    ),
    _spell(
        "air", 3, "Mass Haste", SPELL_PHASE, LEGION,
        area=WITHIN_RANGE_4,
        text=(
            "All characters in the spellcaster's Legion within a range of 4 of the spellcaster "
            "have +1 to maximum movement for the duration of the Battle. This does not affect "
            "their Skill-factors during the Strike Phase."
        ),
    ),
    _spell(
        "air", 3, "Mass Fly", SPELL_PHASE, LEGION,
        area=WITHIN_RANGE_4,
        text=(
            "All characters in the spellcaster's Legion within a range of 4 of the spellcaster "
            "have flying for the duration of the Battle."
        ),
    ),
    # Earth, level 1
    _spell(
        "earth", 1, "Earth Affinity", ENLISTMENT, SUMMON,
        text=(
            "The caster may attempt to summon an Earth Elemental during the Enlistment Phase. "
            "For each Earth School level gained beyond the first, +1 is added to the dice roll."
        ),
    ),
    _spell(
        "earth", 1, "Move Through Earth", SPELL_PHASE, CHARACTER,
        text=(
            "Target character ignores the move effects of slope, sand and wall hazards for the "
            "duration of the Battle."
        ),
    ),
    _spell(
        "earth", 1, "Mountain Walker", SPELL_PHASE, CHARACTER,
        text="Target character is native to slopes for the duration of the Battle.",
    ),
    # Earth, level 2
    _spell(
        "earth", 2, "Slow", SPELL_PHASE, CHARACTER,
        text=(
            "Target enemy character has -1 to maximum movement for the duration of the Battle. "
            "This does not affect their Skill-factor during the Strike Phase."
        ),
    ),
    _spell(
        "earth", 2, "Earth Wall", SPELL_PHASE, HEX,
        text="Three hex sides of target hex become wall hazards for the duration of the Battle.",
    ),
    _spell(
        "earth", 2, "Stone Fist", SPELL_PHASE, CHARACTER,
        attack="+6d2",
        text=(
            "When target character next strikes, add 6d2 to their attack. These dice are in "
            "addition to the character's normal strike and are at Skill-factor 2 regardless of "
            "the target character's Skill-factor. Any damage done by these extra dice may be "
            "carried over to another enemy."
        ),
    ),
    # Earth, level 3
    _spell(
        "earth", 3, "Mountain Lord", SPELL_PHASE, LEGION,
        area=WHOLE_LEGION,
        text=(
            "All characters in the spellcaster's Legion are native to slope for the duration of "
            "the Battle."
        ),
    ),
    _spell(
        "earth", 3, "Mass Slow", SPELL_PHASE, ENEMIES,
        area=WITHIN_RANGE_4,
        text=(
            "All enemy characters within a range of 4 of the spellcaster have -1 to maximum "
            "movement for the duration of the Battle. This does not affect their Skill-factors "
            "during the Strike Phase."
        ),
    ),
    _spell(
        "earth", 3, "Earthquake", STRIKE_PHASE, HEX,
        attack="12d2/6d2/3d2", area=EXPLOSION,
        text=(
            "Rangestrike spell. Target hex is hit with an explosion area of effect which makes "
            "12d2/6d2/3d2 rangestrikes."
        ),
    ),
    # Fire, level 1
    _spell(
        "fire", 1, "Fire Affinity", ENLISTMENT, SUMMON,
        text=(
            "The caster may attempt to summon a Fire Elemental during the Enlistment Phase. For "
            "each Fire School level gained beyond the first, +1 is added to the dice roll."
        ),
    ),
    _spell(
        "fire", 1, "Dune Walker", SPELL_PHASE, CHARACTER,
        text="Target character is native to sand and dune for the duration of the Battle.",
    ),
    _spell(
        "fire", 1, "Fire Bolt", STRIKE_PHASE, CHARACTER,
        attack="3d4",
        text="Rangestrike spell. Make a 3d4 rangestrike.",
    ),
    # Fire, level 2
    _spell(
        "fire", 2, "Volcano Native", SPELL_PHASE, CHARACTER,
        text=(
            "Target character can enter a volcano hazard and gains all the benefits that "
            "Dragons get from volcano hazards for the duration of the Battle."
        ),
    ),
    _spell(
        "fire", 2, "Fire Fan", STRIKE_PHASE, HEX,
        attack="3d4/2d4", area=BLAST,
        text=(
            "Strike spell. Blast area of effect. Adjacent target hex is hit with a 3d4 strike, "
            "and the next two hexes in a straight line from the caster's hex through the target "
            "hex are hit with 2d4 strikes."
        ),
    ),
    _spell(
        "fire", 2, "Bloodlust", SPELL_PHASE, CHARACTER,
        text=(
            "Target character makes two strikes in a row on their next Strike Phase. This does "
            "not apply to rangestrikes."
        ),
    ),
    # Fire, level 3
    _spell(
        "fire", 3, "Dune Lord", SPELL_PHASE, LEGION,
        area=WHOLE_LEGION,
        text=(
            "All characters in the spellcaster's Legion are native to sand and dune for the "
            "duration of the Battle."
        ),
    ),
    _spell(
        "fire", 3, "Fire Ball", STRIKE_PHASE, HEX,
        attack="4d4/2d4", area=EXPLOSION,
        text=(
            "Rangestrike spell. Target hex is hit with an explosion area of effect which makes "
            "4d4/2d4 rangestrikes."
        ),
    ),
    _spell(
        "fire", 3, "Mass Bloodlust", SPELL_PHASE, LEGION,
        area=WITHIN_RANGE_4,
        text=(
            "All characters in the spellcaster's Legion within a range of 4 of the spellcaster "
            "make two strikes in a row on their next Strike Phase. This does not apply to "
            "rangestrikes."
        ),
    ),
    # Summoning, level 1
    _spell(
        "summoning", 1, "Summoning I", ENLISTMENT, SUMMON,
        text=(
            "The caster may attempt to summon a Creature worth 10-20 points that is still "
            "available in the muster pile during the Enlistment Phase."
        ),
    ),
    _spell(
        "summoning", 1, "Occult Summoning", ENLISTMENT, SUMMON,
        text="The caster may attempt to summon a Demon during the Enlistment Phase.",
    ),
    _spell(
        "summoning", 1, "Phase Movement", SPELL_PHASE, CHARACTER,
        text=(
            "Target character ignores the effects on movement of all hazards, and can move even "
            "if locked in contact, for the duration of the Battle."
        ),
    ),
    # Summoning, level 2
    _spell(
        "summoning", 2, "Summoning II", ENLISTMENT, SUMMON,
        text=(
            "The caster may attempt to summon a Creature worth 25-35 points that is still "
            "available in the muster pile during the Enlistment Phase."
        ),
    ),
    _spell(
        "summoning", 2, "Divine Summoning", ANY_BATTLE_ROUND, SUMMON,
        text=(
            "Summon an Angel from another friendly Legion somewhere on the Masterboard that is "
            "not involved in an unresolved Engagement. This can be done during any "
            "Battle-Round, whether the player is the attacker or the defender."
        ),
    ),
    _spell(
        "summoning", 2, "Teleport", MANEUVER, CHARACTER,
        text=(
            "Cast during the Maneuver Phase. Target character moves to any unoccupied hex on "
            "the Battleland as its move. This can be done even if the character is locked in "
            "contact."
        ),
    ),
    # Summoning, level 3
    _spell(
        "summoning", 3, "Summoning III", ENLISTMENT, SUMMON,
        text=(
            "The caster may attempt to summon a Creature worth 40-50 points that is still "
            "available in the muster pile during the Enlistment Phase."
        ),
    ),
    _spell(
        "summoning", 3, "Mass Phase Movement", SPELL_PHASE, LEGION,
        area=WITHIN_RANGE_4,
        text=(
            "All characters in the spellcaster's Legion within a range of 4 of the spellcaster "
            "ignore the effects on movement of all hazards, and can move even if locked in "
            "contact, for the duration of the Battle."
        ),
    ),
    _spell(
        "summoning", 3, "Teleport Legion", MOVEMENT, MASTERBOARD_LEGION,
        text=(
            "Cast during the Movement Phase of the Game-Turn. One Legion ignores the move die, "
            "instead moving to any space on the Masterboard that is up to 6 spaces away from "
            "its current location."
        ),
    ),
    # Sorcery, level 1
    _spell(
        "sorcery", 1, "Magic Missile", STRIKE_PHASE, CHARACTER,
        attack="2d4",
        text=(
            "Rangestrike spell. Make a 2d4 rangestrike, ignoring hazards and intervening "
            "characters. This rangestrike may target a Lord."
        ),
    ),
    _spell(
        "sorcery", 1, "Shield", STRIKE_PHASE, STRIKE,
        text=(
            "Cast on the Strike Phase just after the opponent makes a strike or rangestrike "
            "that does at least one hit of damage. One hit of damage from the strike is "
            "cancelled."
        ),
    ),
    _spell(
        "sorcery", 1, "Strength", SPELL_PHASE, CHARACTER,
        text=(
            "Target creature has +3/+2/+1 Power-factor (for Skill-factor 2/3/4) for the "
            "duration of the Battle."
        ),
    ),
    # Sorcery, level 2
    _spell(
        "sorcery", 2, "Improved Magic Missile", STRIKE_PHASE, CHARACTER,
        attack="3x 1d4",
        text=(
            "Rangestrike spell. Make 3 separate 1d4 rangestrikes, ignoring hazards and "
            "intervening characters. These may target multiple characters, or the same "
            "character, in any combination, and each rangestrike is resolved before choosing "
            "the target of the next one. Any of these rangestrikes may target a Lord."
        ),
    ),
    _spell(
        "sorcery", 2, "Invisibility", SPELL_PHASE, CHARACTER,
        text=(
            "Target character ignores the locked in contact rules, and may not be targeted by "
            "enemy attacks except for area of effect attacks, for up to two Battle-Rounds. This "
            "effect is cancelled if the character makes a strike or rangestrike."
        ),
    ),
    _spell(
        "sorcery", 2, "Dispel", SPELL_PHASE, CHARACTER_OR_HEX,
        text="Cancel all effects from spells which are affecting target character or target hex.",
    ),
    # Sorcery, level 3
    _spell(
        "sorcery", 3, "Disintegrate", STRIKE_PHASE, CHARACTER,
        attack="6d4",
        text=(
            "Rangestrike spell. Make a 6d4 rangestrike, ignoring hazards and intervening "
            "characters."
        ),
    ),
    _spell(
        "sorcery", 3, "Mass Strength", SPELL_PHASE, LEGION,
        area=WITHIN_RANGE_4,
        text=(
            "All characters in the spellcaster's Legion within a range of 4 of the spellcaster "
            "have +3/+2/+1 Power-factor (for Skill-factor 2/3/4) for the duration of the "
            "Battle."
        ),
    ),
    _spell(
        "sorcery", 3, "Mass Invisibility", SPELL_PHASE, LEGION,
        area=WITHIN_RANGE_4,
        text=(
            "All characters in the spellcaster's Legion within a range of 4 of the spellcaster "
            "ignore the locked in contact rules, and may not be targeted by enemy attacks "
            "except for area of effect attacks, for up to two Battle-Rounds. This effect is "
            "cancelled for an individual character as soon as it makes a strike or rangestrike."
        ),
    ),
    # Nature, level 1
    _spell(
        "nature", 1, "Brush Native", SPELL_PHASE, CHARACTER,
        text="Target character is native to bramble for the duration of the Battle.",
    ),
    _spell(
        "nature", 1, "Barkskin", SPELL_PHASE, CHARACTER,
        text=(
            "For the duration of the Battle, strikes and rangestrikes made against target "
            "character are at -1 Skill-factor. The minimum Skill-factor possible is 1."
        ),
    ),
    _spell(
        "nature", 1, "Wild Growth", SPELL_PHASE, HEX,
        text="Target clear or bog hex becomes a bramble hex for the duration of the Battle.",
    ),
    # Nature, level 2
    _spell(
        "nature", 2, "Entangle", SPELL_PHASE, HEX,
        text=(
            "All enemy characters adjacent to or in target bramble hex or tree hex are unable "
            "to move for the duration of the Battle."
        ),
    ),
    _spell(
        "nature", 2, "Move Through Tree", SPELL_PHASE, CHARACTER,
        text=(
            "Target character can move through and end their move on a tree hex for the "
            "duration of the Battle."
        ),
    ),
    _spell(
        "nature", 2, "Regeneration", SPELL_PHASE, CHARACTER,
        aliases=("Regneration",),
        text="Target character gains the Regenerates ability for the duration of the Battle.",
    ),
    # Nature, level 3
    _spell(
        "nature", 3, "Jungle Lord", SPELL_PHASE, LEGION,
        area=WHOLE_LEGION,
        text=(
            "All characters in the spellcaster's Legion are native to bramble for the duration "
            "of the Battle."
        ),
    ),
    _spell(
        "nature", 3, "Rift", OPPONENT_MOVE, MASTERBOARD_BORDER,
        text=(
            "Cast on an opponent's Move Phase of the Game-Turn, after they roll the die but "
            "before they move any Legions. One target border of one Land containing a Legion "
            "belonging to the spellcaster may not be crossed by any of that opponent's Legions "
            "during the current Move Phase."
        ),
    ),
    _spell(
        "nature", 3, "Pathfinder", MOVEMENT, MASTERBOARD_LEGION,
        text=(
            "Cast on the player's Move Phase, after rolling the die. One Legion owned by the "
            "player ignores the die roll, and instead can choose the value of the move die for "
            "its move."
        ),
    ),
    # Divine, level 1
    _spell(
        "divine", 1, "Bless", SPELL_PHASE, CHARACTER,
        text=(
            "Target character has +1 Skill-factor when attacking for the duration of the "
            "Battle. The maximum Skill-factor possible is 5."
        ),
    ),
    _spell(
        "divine", 1, "Protection", SPELL_PHASE, CHARACTER,
        text=(
            "Target character has +1 Skill-factor when defending for the duration of the "
            "Battle. The maximum Skill-factor possible is 5."
        ),
    ),
    _spell(
        "divine", 1, "Minor Heal", SPELL_PHASE, CHARACTER,
        text="Remove up to 2 hits from target character.",
    ),
    # Divine, level 2
    _spell(
        "divine", 2, "Banish", STRIKE_PHASE, CHARACTER,
        attack="6d4",
        text=(
            "Rangestrike spell. Make a 6d4 rangestrike against target elemental or Demon, "
            "ignoring hazards and intervening characters."
        ),
    ),
    _spell(
        "divine", 2, "Raise Dead", ENLISTMENT, SUMMON,
        text=(
            "The caster may attempt to summon a Creature from the dead pile during the "
            "Enlistment Phase. It must be a Creature that could be mustered in the same Land."
        ),
    ),
    _spell(
        "divine", 2, "Major Heal", SPELL_PHASE, CHARACTER,
        text="Remove up to 4 hits from target character.",
    ),
    # Divine, level 3
    _spell(
        "divine", 3, "Mass Bless", SPELL_PHASE, LEGION,
        area=WITHIN_RANGE_4,
        text=(
            "All characters in the spellcaster's Legion within a range of 4 of the spellcaster "
            "have +1 Skill-factor when attacking for the duration of the Battle. The maximum "
            "Skill-factor possible is 5."
        ),
    ),
    _spell(
        "divine", 3, "Mass Protection", SPELL_PHASE, LEGION,
        area=WITHIN_RANGE_4,
        text=(
            "All characters in the spellcaster's Legion within a range of 4 of the spellcaster "
            "have +1 Skill-factor when defending for the duration of the Battle. The maximum "
            "Skill-factor possible is 5."
        ),
    ),
    _spell(
        "divine", 3, "Recall", MOVEMENT, MASTERBOARD_LEGION,
        text=(
            "Cast during the Move Phase. One Legion ignores the move die roll, and instead can "
            "move to any empty Tower Land."
        ),
    ),
)
# fmt: on
"""All 72 spells, by school (SCHOOLS order), then level, then the rulebook's order."""

_SPELL_INDEX: NameIndex[Spell] = NameIndex.build(
    "spell", ((spell.name, spell.aliases, spell) for spell in SPELLS)
)
_SCHOOL_INDEX: NameIndex[str] = NameIndex.build(
    "spell school",
    ((school, (), school) for school in SCHOOLS),
    listing=f"The schools are {', '.join(SCHOOLS[:-1])} and {SCHOOLS[-1]}.",
)
_BY_SCHOOL_LEVEL: dict[tuple[str, int], tuple[Spell, ...]] = {
    (school, level): tuple(s for s in SPELLS if s.school == school and s.level == level)
    for school in SCHOOLS
    for level in SPELL_LEVELS
}
_BY_NAME: dict[str, Spell] = {spell.name: spell for spell in SPELLS}
"""Each spell by its catalogue name, as events and the spell book hold it."""


def find_spell(name: str) -> Spell:
    """The spell a player named, in any case or spacing, or by a rulebook misspelling.

    Raises UnknownName with the nearest names: ``no spell named "Fireball"; did you mean
    "Fire Ball"?``
    """
    spell = _BY_NAME.get(name)  # the catalogue's own name needs no folding
    return spell if spell is not None else _SPELL_INDEX.find(name)


def find_school(name: str) -> str:
    """The SCHOOLS key of a spell school a player named ("Water", " SORCERY "); else UnknownName."""
    return _SCHOOL_INDEX.find(name)


def spells_of(school: str, level: int | None = None) -> tuple[Spell, ...]:
    """The spells of one school, all of them or those of one level, in catalogue order."""
    key = school if school in SCHOOLS else find_school(school)  # the rules pass the key itself
    if level is None:
        return tuple(spell for spell in SPELLS if spell.school == key)
    if level not in SPELL_LEVELS:
        raise ValueError(f"spell levels are 1, 2 and 3, not {level}")
    return _BY_SCHOOL_LEVEL[(key, level)]


def is_spell_name(name: str) -> bool:
    """Whether ``name`` (any spelling ``find_spell`` accepts) names a spell."""
    return name_key(name) in _SPELL_INDEX.entries


__all__ = [
    "ANY_BATTLE_ROUND",
    "AREAS",
    "BLAST",
    "CAST_PHASES",
    "CHARACTER",
    "CHARACTER_OR_HEX",
    "ENEMIES",
    "ENLISTMENT",
    "EXPLOSION",
    "HEX",
    "LEGION",
    "MANEUVER",
    "MASTERBOARD_BORDER",
    "MASTERBOARD_LEGION",
    "MOVEMENT",
    "OPPONENT_MOVE",
    "SCHOOLS",
    "SPELLS",
    "SPELL_LEVELS",
    "SPELL_PHASE",
    "STRIKE",
    "STRIKE_PHASE",
    "SUMMON",
    "TARGETS",
    "WHOLE_LEGION",
    "WITHIN_RANGE_4",
    "Spell",
    "UnknownName",
    "find_school",
    "find_spell",
    "is_spell_name",
    "spells_of",
]
