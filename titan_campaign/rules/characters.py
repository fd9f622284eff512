"""Every character a Campaign Titan legion can hold, and the Extended Strike Chart.

The table is ruling R12 of RULINGS.md, checked against the rulebook's Master Musters, its
Elementals and Demons, Chart 1 (Campaign creature points) and the base-game character table
(``seeds/003``). Names use the corrected spelling; the rulebook's misspellings are aliases.

``rangestrikes`` is None, "yes" or "magic" (the Warlock's rangestrike, which ignores hazards
and characters and may target a Lord; the Ice Witch "can rangestrike like Warlock").
``natives`` are Battleland hazard names (``NATIVE_HAZARDS``). ``muster`` is None for the base
game's characters, "Master Muster: <lands>" for the Master Muster characters, "summoned" for
elementals and Demons. ``points`` is the Campaign point value of Chart 1; the Titan has none.
"""

from __future__ import annotations

from typing import NamedTuple

from .names import NameIndex

LORD = "Lord"
DEMI_LORD = "Demi-Lord"
CREATURE = "Creature"
KINDS: tuple[str, ...] = (LORD, DEMI_LORD, CREATURE)

NATIVE_HAZARDS: tuple[str, ...] = (
    "bramble",
    "drift",
    "volcano",
    "bog",
    "sand",
    "dune",
    "slope",
    "water",
)
"""Hazards a character can be native to ("water" only for the Water Elemental, R12)."""

SUMMONED = "summoned"

TITAN_BASE_POWER = 6
"""The Titan's Power-factor before the Power ability (R3: ``titan_power = 6 + power``)."""

DEMON_POINTS: dict[int, int] = {2: 80, 3: 90, 4: 100}
"""Chart 1: a Demon is worth 80, 90 or 100 points by its Skill-factor."""


class Character(NamedTuple):
    """One kind of character counter: its factors, abilities and Campaign point value."""

    name: str
    kind: str
    power: int | None
    skill: int | None
    flies: bool
    rangestrikes: str | None
    natives: tuple[str, ...]
    points: int | None
    muster: str | None
    notes: str
    aliases: tuple[str, ...] = ()

    @property
    def is_lord(self) -> bool:
        """Titan, Angel, Archangel and Demons are Lords (never Honor Guard, R9)."""
        return self.kind == LORD

    @property
    def range_strength(self) -> int | None:
        """Dice of its rangestrike: Power-factor // 2 (base game); None if it cannot."""
        if self.rangestrikes is None or self.power is None:
            return None
        return self.power // 2


def _c(
    name: str,
    kind: str,
    power: int | None,
    skill: int | None,
    points: int | None,
    *,
    flies: bool = False,
    rangestrikes: str | None = None,
    natives: tuple[str, ...] = (),
    muster: str | None = None,
    notes: str = "",
    aliases: tuple[str, ...] = (),
) -> Character:
    return Character(
        name=name,
        kind=kind,
        power=power,
        skill=skill,
        flies=flies,
        rangestrikes=rangestrikes,
        natives=natives,
        points=points,
        muster=muster,
        notes=notes,
        aliases=aliases,
    )


_YES = "yes"
_MAGIC = "magic"

# fmt: off
CHARACTERS: tuple[Character, ...] = (
    # Lords and Demi-Lords of the base game.
    _c(
        "Titan", LORD, TITAN_BASE_POWER, 4, None,
        notes="Power-factor 6 + Power ability (R3); +1 per 100 points of score in the base game.",
    ),
    _c(
        "Angel", LORD, 6, 4, 60, flies=True,
        notes="Acquired for each 100 points of score; can be summoned to a Legion in Battle.",
    ),
    _c(
        "Archangel", LORD, 9, 4, 90, flies=True,
        notes="Acquired for each 500 points of score; summoned like an Angel.",
    ),
    _c(
        "Guardian", DEMI_LORD, 12, 2, 35, flies=True,
        notes="Mustered in the Tower by three identical characters (or a Guardian).",
    ),
    _c(
        "Warlock", DEMI_LORD, 5, 4, 50, rangestrikes=_MAGIC,
        notes=(
            "Rangestrikes ignoring hazards and characters, and may target a Lord. Mustered in "
            "the Tower by the Titan (or a Warlock). Can summon elementals and Demons."
        ),
    ),
    # Creatures of the base game.
    _c("Behemoth", CREATURE, 8, 3, 25, natives=("bramble",)),
    _c("Centaur", CREATURE, 3, 4, 10),
    _c("Colossus", CREATURE, 10, 4, 60, natives=("drift", "slope")),
    _c("Cyclops", CREATURE, 9, 2, 20, natives=("bramble",)),
    _c(
        "Dragon", CREATURE, 9, 3, 55, flies=True, rangestrikes=_YES,
        natives=("volcano", "slope"),
        notes="The only base-game character that can enter a volcano; +2 dice striking from one.",
    ),
    _c("Gargoyle", CREATURE, 4, 3, 15, flies=True, natives=("bramble",)),
    _c("Giant", CREATURE, 7, 4, 40, rangestrikes=_YES, natives=("drift",)),
    _c("Gorgon", CREATURE, 6, 3, 35, flies=True, rangestrikes=_YES, natives=("bramble",)),
    _c("Griffon", CREATURE, 5, 4, 30, flies=True, natives=("sand", "dune")),
    _c("Hydra", CREATURE, 10, 3, 60, rangestrikes=_YES, natives=("bog", "sand", "dune")),
    _c("Lion", CREATURE, 5, 3, 15, natives=("sand", "dune", "slope")),
    _c("Minotaur", CREATURE, 4, 4, 25, rangestrikes=_YES, natives=("slope",)),
    _c("Ogre", CREATURE, 6, 2, 10, natives=("bog", "slope")),
    _c("Ranger", CREATURE, 4, 4, 50, flies=True, rangestrikes=_YES, natives=("bog",)),
    _c("Serpent", CREATURE, 18, 2, 35, natives=("bramble",)),
    _c("Troll", CREATURE, 8, 2, 15, natives=("drift", "bog")),
    _c("Unicorn", CREATURE, 6, 4, 50, natives=("slope",)),
    _c("Warbear", CREATURE, 6, 3, 20, natives=("drift",)),
    _c("Wyvern", CREATURE, 7, 3, 30, flies=True, natives=("bog",)),
    # Master Musters (two counters each; Ranger Captain four).
    _c(
        "Ranger Captain", CREATURE, 6, 4, 75, flies=True, rangestrikes=_YES, natives=("bog",),
        muster="Master Muster: plains, marsh",
        notes="Four counters, as it is mustered in both Plains and Marsh.",
    ),
    _c(
        "Druid", DEMI_LORD, 5, 4, 50, muster="Master Muster: woods",
        notes="Casts Minor Heal. Moves through and in trees as if they were clear.",
    ),
    _c(
        "Healer", DEMI_LORD, 5, 4, 50, natives=("slope",), muster="Master Muster: hills",
        notes="Casts Major Heal.",
    ),
    _c(
        "Ice Witch", DEMI_LORD, 6, 4, 50, rangestrikes=_MAGIC, natives=("drift",),
        muster="Master Muster: tundra",
        notes=(
            "Gains 1 die when striking or rangestriking and in a drift hex; can rangestrike "
            "like a Warlock."
        ),
    ),
    _c(
        "Salamander", DEMI_LORD, 10, 3, 60, rangestrikes=_YES, natives=("volcano",),
        muster="Master Muster: mountains",
        notes=(
            "At the beginning of any Strike Phase, any enemy character in contact with "
            "Salamander that cannot enter a Volcano hex takes 1 damage. If in Volcano, gains "
            "2 dice when striking or one die when rangestriking. Regenerates in Volcano."
        ),
    ),
    _c(
        "Venomous Wyrm", CREATURE, 9, 3, 70, rangestrikes=_YES, natives=("bog",),
        muster="Master Muster: swamp",
        notes=(
            "Regenerates. Any character damaged by Venomous Wyrm takes an additional 2 points "
            "of damage at the beginning of the next Strike Phase."
        ),
        aliases=("Venemous Wyrm",),
    ),
    _c(
        "Bronze Wyrm", CREATURE, 10, 3, 75, flies=True, rangestrikes=_YES,
        natives=("dune", "sand"), muster="Master Muster: desert", notes="Regenerates.",
    ),
    _c(
        "Manticore", CREATURE, 7, 4, 55, flies=True, rangestrikes=_YES, natives=("bramble",),
        muster="Master Muster: brush",
    ),
    _c("Allosaurus", CREATURE, 16, 3, 50, natives=("bramble",), muster="Master Muster: jungle"),
    _c(
        "Cleric", DEMI_LORD, 6, 4, 60, muster="Master Muster: tower",
        notes="Casts Minor Heal and Raise Dead. Mustered in the Tower by a Titan with score 200+.",
    ),
    # Elementals (two of each), summoned.
    _c(
        "Earth Elemental", DEMI_LORD, 15, 2, 30, natives=("slope",), muster=SUMMONED,
        notes="Summoned in Plains or Hills.",
    ),
    _c(
        "Water Elemental", DEMI_LORD, 10, 3, 40, rangestrikes=_YES, natives=("bog", "water"),
        muster=SUMMONED,
        notes="The rulebook names no land to summon it in.",
    ),
    _c(
        "Air Elemental", DEMI_LORD, 8, 4, 50, flies=True, muster=SUMMONED,
        notes="Summoned in Tower or Tundra.",
    ),
    _c(
        "Fire Elemental", DEMI_LORD, 8, 4, 50, rangestrikes=_YES, natives=("volcano",),
        muster=SUMMONED,
        notes=(
            "Summoned in Desert or Mountain. Can enter Volcano. Gains a die when striking or "
            "rangestriking in Volcano. Regenerates in Volcano."
        ),
    ),
    # Demons (one of each), summoned in the Tower; the roll of one die picks which.
    _c(
        "Demon 20-2", LORD, 20, 2, DEMON_POINTS[2], muster=SUMMONED,
        notes="Summoned in Tower; Demon roll 1.", aliases=("Demon 1",),
    ),
    _c(
        "Demon 15-3", LORD, 15, 3, DEMON_POINTS[3], muster=SUMMONED,
        notes="Summoned in Tower; Demon roll 2.", aliases=("Demon 2",),
    ),
    _c(
        "Demon 12-3 range", LORD, 12, 3, DEMON_POINTS[3], rangestrikes=_YES, muster=SUMMONED,
        notes="Summoned in Tower; Demon roll 3.", aliases=("Demon 3",),
    ),
    _c(
        "Demon 12-3 fly", LORD, 12, 3, DEMON_POINTS[3], flies=True, muster=SUMMONED,
        notes="Summoned in Tower; Demon roll 4.", aliases=("Demon 4",),
    ),
    _c(
        "Demon 12-4", LORD, 12, 4, DEMON_POINTS[4], muster=SUMMONED,
        notes="Summoned in Tower; Demon roll 5.", aliases=("Demon 5",),
    ),
    _c(
        "Demon 10-4 fly", LORD, 10, 4, DEMON_POINTS[4], flies=True, muster=SUMMONED,
        notes="Summoned in Tower; Demon roll 6.", aliases=("Demon 6",),
    ),
    # Listed in Chart 1 only.
    _c(
        "Kraken", CREATURE, None, None, 55,
        notes="Listed in Chart 1 at 55 points; the seeds give no factors or abilities for it.",
    ),
)
# fmt: on
"""Every character of ruling R12, in its order."""

CHARACTER_INFO: dict[str, Character] = {character.name: character for character in CHARACTERS}
"""Characters by their (corrected) name."""

_CHARACTER_INDEX: NameIndex[Character] = NameIndex.build(
    "character", ((c.name, c.aliases, c) for c in CHARACTERS)
)

TOWER_CREATURES: tuple[str, ...] = ("Centaur", "Gargoyle", "Ogre")
"""The Creatures the Charisma ability adds, one per box (R3, R10)."""

LEADERSHIP_UPGRADES: dict[str, str] = {"Centaur": "Lion", "Gargoyle": "Cyclops", "Ogre": "Troll"}
"""What the Leadership ability turns a starting tower Creature into (R3, R10)."""


def find_character(name: str) -> Character:
    """The character a player named, in any case or spacing or by a rulebook misspelling.

    Raises UnknownName with the nearest names: ``no character named "Griffin"; did you mean
    "Griffon"?``
    """
    return _CHARACTER_INDEX.find(name)


_STRIKE_ROWS: dict[int, tuple[int, int, int, int, int]] = {
    # defender Skill-factor: numbers needed for attacker Skill-factor 1, 2, 3, 4, 5
    2: (5, 4, 3, 2, 1),
    3: (6, 5, 4, 3, 2),
    4: (6, 6, 5, 4, 3),
    5: (6, 6, 6, 5, 4),
}

STRIKE_CHART: dict[tuple[int, int], int] = {
    (attacker, defender): needed
    for defender, row in _STRIKE_ROWS.items()
    for attacker, needed in enumerate(row, start=1)
}
"""The Extended Strike Chart: (attacker Skill-factor 1-5, defender Skill-factor 2-5) to the
number needed on each die for a hit."""


def strike_number(attacker: int, defender: int) -> int:
    """The number each die must roll to hit, from the Extended Strike Chart.

    The attacker's Skill-factor may be 1 to 5 (Barkskin lowers it to at least 1; Bless raises it
    to at most 5), the defender's 2 to 5 (Protection raises it to at most 5).
    """
    needed = STRIKE_CHART.get((attacker, defender))
    if needed is None:
        raise ValueError(
            f"the Strike Chart covers attacker Skill-factor 1-5 and defender Skill-factor 2-5, "
            f"not {attacker} against {defender}"
        )
    return needed


__all__ = [
    "CHARACTERS",
    "CHARACTER_INFO",
    "CREATURE",
    "DEMI_LORD",
    "DEMON_POINTS",
    "KINDS",
    "LEADERSHIP_UPGRADES",
    "LORD",
    "NATIVE_HAZARDS",
    "STRIKE_CHART",
    "SUMMONED",
    "TITAN_BASE_POWER",
    "TOWER_CREATURES",
    "Character",
    "find_character",
    "strike_number",
]
