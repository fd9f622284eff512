"""The eight Titan abilities, 0-3 boxes each at 100 XP a box (R1, R3).

``sheet_text`` is the short line printed on the Titan Character Sheet at the end of the
rulebook; ``effect`` is the rulebook's full paragraph (typographic quotes and dashes as ASCII).
The one line changed: the rulebook's sheet prints SKILL as "1 roll at Skill-factor 5/turn",
which its own rule contradicts (Skill-factor 5 for one Strike Phase per Battle, as R3 reads
it); printed beside the sheet's "Skill-5 per Battle" figure it told a player two things, so
the sheet says what the rule says.
"""

from __future__ import annotations

from typing import NamedTuple

from .names import NameIndex

ABILITIES: tuple[str, ...] = (
    "power",
    "skill",
    "intelligence",
    "spirit",
    "charisma",
    "leadership",
    "luck",
    "wisdom",
)
"""The eight abilities in the order of the Titan Character Sheet (R3)."""

MAX_BOXES = 3
"""Check boxes per ability on the sheet."""


class Ability(NamedTuple):
    """One ability row of the Titan Character Sheet and the rule behind it."""

    key: str
    title: str
    sheet_text: str
    effect: str


ABILITY_INFO: dict[str, Ability] = {
    ability.key: ability
    for ability in (
        Ability(
            key="power",
            title="POWER",
            sheet_text="+1 Power-factor",
            effect="For every box checked, the Titan starts each game with +1 Power-factor.",
        ),
        Ability(
            key="skill",
            title="SKILL",
            sheet_text="Skill-factor 5 once a Battle",
            effect=(
                "For every box checked, the Titan has Skill-factor 5 for one Strike Phase per "
                "Battle. This can be a Strike Phase on the Titan's turn, or on an opponent's turn. "
                "The ability is declared whenever appropriate in the Strike Phase, including just "
                "before an opponent rolls an attack against the Titan."
            ),
        ),
        Ability(
            key="intelligence",
            title="INTELLIGENCE",
            sheet_text="+1 spell known",
            effect=(
                "For every box checked, the Titan learns an additional spell of a school and "
                "level already known (see gaining additional spells below)."
            ),
        ),
        Ability(
            key="spirit",
            title="SPIRIT",
            sheet_text="+1 Mana",
            effect="For every box checked, the Titan has +1 Mana/turn.",
        ),
        Ability(
            key="charisma",
            title="CHARISMA",
            sheet_text="+1 start unit",
            effect=(
                "For every box checked, the Titan starts the game with an extra tower Creature - "
                "Gargoyle, Ogre or Centaur. These can be placed in either of the Titan's starting "
                "Legions."
            ),
        ),
        Ability(
            key="leadership",
            title="LEADERSHIP",
            sheet_text="one start unit upgraded",
            effect=(
                "For every box checked, one of the Titan's starting tower Creatures is upgraded "
                "- to a Cyclops, Troll or Lion, replacing a matching tower Creature. These "
                "replacements can be in either of the Titan's starting Legions."
            ),
        ),
        Ability(
            key="luck",
            title="LUCK",
            sheet_text="re-roll 1 die/turn",
            effect=(
                "For every box checked, the Titan can re-roll one die/turn. This includes the "
                "move die, dice rolled for summoning, and dice rolled in combat. If more than one "
                "box is checked, the same die can be re-rolled more than once."
            ),
        ),
        Ability(
            key="wisdom",
            title="WISDOM",
            sheet_text="+10% experience",
            effect=(
                "For every box checked, the Titan gets +10% of all experience awarded at end of "
                "game as additional experience."
            ),
        ),
    )
}
"""Each ability's sheet line and rule, by key, in ABILITIES order."""

_ABILITY_INDEX: NameIndex[str] = NameIndex.build(
    "ability",
    ((key, (), key) for key in ABILITIES),
    listing=f"The abilities are {', '.join(ABILITIES[:-1])} and {ABILITIES[-1]}.",
)


def find_ability(name: str) -> str:
    """The ABILITIES key of an ability a player named ("Power", " LUCK "); else UnknownName."""
    return _ABILITY_INDEX.find(name)


__all__ = ["ABILITIES", "ABILITY_INFO", "MAX_BOXES", "Ability", "find_ability"]
