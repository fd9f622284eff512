"""Magic item types (R11) and a catalogue of suggested items.

Campaign Titan names no magic items. The suggestions below are the items that can be worn or
carried in Mytho Titan (``seeds/001``), summarised and given the closest of the four R11 types,
else "other". Their numbers come from Mytho Titan's counters where the text gives them; a
campaign is free to change them, and free-form items are always allowed (R11).
"""

from __future__ import annotations

import difflib
from typing import NamedTuple

from .names import NameIndex

ITEM_TYPES: tuple[str, ...] = ("cloak", "talisman", "crown", "staff", "other")
"""The four magic-item types of R11, and "other" for the rest. A character uses at most one
item of each of the four types, and only a Lord or a Warlock can use a staff (R11)."""


class ItemSuggestion(NamedTuple):
    """A magic item a campaign may hand out as a reward: name, R11 type and what it does."""

    name: str
    type: str
    description: str
    charges: int | None = None
    """Uses before it leaves play (R11); None when it lasts."""


SUGGESTED_ITEMS: tuple[ItemSuggestion, ...] = (
    ItemSuggestion(
        "Gold Armor",
        "cloak",
        "Worn by a humanoid, Centaur or Gorilla: absorbs 10 extra hits, but its wearer rolls 4 "
        "fewer attack dice. It cannot be taken off during a Battle.",
    ),
    ItemSuggestion(
        "Bronze Armor",
        "cloak",
        "Worn by a humanoid, Centaur or Gorilla: absorbs 8 extra hits, but its wearer rolls 2 "
        "fewer attack dice. It cannot be taken off during a Battle.",
    ),
    ItemSuggestion(
        "Helmet of Invisibility",
        "crown",
        "Worn by a humanoid: shields its wearer from 4 hits, gives 4 extra attack dice and +1 "
        "Skill-factor, and a non-magical rangestrike of 4 dice at Skill-factor 5.",
    ),
    ItemSuggestion(
        "Golden Fleece",
        "cloak",
        "Its Legion may join another Legion of the same player as one passes through the "
        "other's space, if stacking limits allow. No piece may move twice in a turn.",
    ),
    ItemSuggestion(
        "Golden Bough",
        "talisman",
        "Carried by a piece with hands: doubles the dice it rolls when striking and striking "
        "back, but not when rangestriking.",
    ),
    ItemSuggestion(
        "Nepenth",
        "talisman",
        "Carried by a piece with hands: +1 Skill-factor.",
    ),
    ItemSuggestion(
        "Divine Sword",
        "other",
        "Carried by a piece with hands: extra dice when striking and striking back (as printed "
        "on the counter), and +1 Skill-factor when attacking (to at most 5), not when defending.",
    ),
    ItemSuggestion(
        "Shield",
        "other",
        "Carried by a piece with hands: blocks a number of hits in each Battle (as printed on "
        "the counter); as good as new for the next Battle if its bearer survives.",
    ),
    ItemSuggestion(
        "Cornucopia",
        "other",
        "Its Legion may hold 8 characters.",
    ),
    ItemSuggestion(
        "Golden Apples",
        "other",
        "Its Legion may roll again for movement; it must then use the second roll or not move.",
    ),
    ItemSuggestion(
        "Golden Bridle",
        "other",
        "A humanoid may ride a Creature it could mount (Centaur, Lion, Griffon, Dragon, ...); a "
        "Legion with a rider and a mount may hold 8 characters. Lost with the mount.",
    ),
    ItemSuggestion(
        "Winged Sandals",
        "other",
        "Worn by a humanoid: it cannot be pinned in Battle, and its Legion may move one extra "
        "space on the Masterboard.",
    ),
    ItemSuggestion(
        "Potion",
        "other",
        "Drunk at the start of a Battle by the character carrying it: for the rest of the "
        "Battle it rangestrikes like a Warlock with 2 dice at Skill-factor 3.",
        charges=1,
    ),
    ItemSuggestion(
        "Moly",
        "other",
        "Drunk at the start of a Battle by the character carrying it: for the rest of the "
        "Battle it rangestrikes like a Warlock with 4 dice at Skill-factor 5.",
        charges=1,
    ),
)
"""Suggested magic items from Mytho Titan (R11): wearable or carried, never living beings."""

_ITEM_INDEX: NameIndex[ItemSuggestion] = NameIndex.build(
    "suggested item", ((item.name, (), item) for item in SUGGESTED_ITEMS)
)
_TYPE_INDEX: NameIndex[str] = NameIndex.build(
    "item type",
    ((item_type, (), item_type) for item_type in ITEM_TYPES),
    listing=f"The item types are {', '.join(ITEM_TYPES[:-1])} and {ITEM_TYPES[-1]}.",
)


def find_suggested_item(name: str) -> ItemSuggestion:
    """The suggested item a player named; else UnknownName (free-form items need no lookup)."""
    return _ITEM_INDEX.find(name)


def suggested_item(name: str) -> ItemSuggestion | None:
    """The suggested item named so (spaces, case and a plural's "s" aside: Mytho Titan's
    headings say "Divine Swords" and "Potions"), or None for a free-form name: a near miss
    is a new item, never taken for a suggestion (``near_suggestions`` names it).

    >>> suggested_item("Divine Swords").name, suggested_item("golden apple").name
    ('Divine Sword', 'Golden Apples')
    """
    wanted = _singular(name)
    return next((item for item in SUGGESTED_ITEMS if _singular(item.name) == wanted), None)


def _singular(name: str) -> str:
    return " ".join(name.split()).casefold().removesuffix("s")


def near_suggestions(name: str) -> tuple[str, ...]:
    """The suggested items a free-form name is close to, to tell the player who meant one of
    them: those whose name holds it, or is held in it, word for word ("Armor": Gold Armor and
    Bronze Armor; "Shield of Ajax": Shield), or differs from it by a slip of the keys ("Divne
    Sword"). None for a suggested item's own name."""
    if suggested_item(name):
        return ()
    typed = f" {_singular(name)} "
    return tuple(
        item.name
        for item in SUGGESTED_ITEMS
        if (held := f" {_singular(item.name)} ") in typed
        or (typed in held and len(typed.strip()) >= _WORD)  # "of" is in many a name
        or difflib.SequenceMatcher(None, typed, held).ratio() >= _SLIP
    )


_WORD = 4
"""The shortest name taken as a word of a suggested item's ("Gold", "Bough"; not "of")."""
_SLIP = 0.85
"""How alike two names are (``difflib``'s ratio) when one is the other mistyped."""


def filled_item(
    name: str,
    type: str | None = None,
    description: str | None = None,
    charges: int | None = None,
) -> ItemSuggestion:
    """An item as the player gave it, with what they left out filled in from the suggested
    item of that name (R11): its type, its effect and its charges, as the app's suggestion
    list fills them. A free-form item gets type "other", no description and no charges.

    >>> filled_item("gold armor").type, filled_item("Potion").charges
    ('cloak', 1)
    >>> filled_item("Lucky Pebble")
    ItemSuggestion(name='Lucky Pebble', type='other', description='', charges=None)
    """
    found = suggested_item(name)
    if found is None:
        return ItemSuggestion(name, type or "other", description or "", charges)
    return ItemSuggestion(
        found.name,
        type or found.type,
        found.description if description is None else description,
        found.charges if charges is None else charges,
    )


def find_item_type(name: str) -> str:
    """The ITEM_TYPES key of a type a player named ("Cloak", " STAFF "); else UnknownName."""
    return _TYPE_INDEX.find(name)


__all__ = [
    "ITEM_TYPES",
    "SUGGESTED_ITEMS",
    "ItemSuggestion",
    "filled_item",
    "find_item_type",
    "find_suggested_item",
    "near_suggestions",
    "suggested_item",
]
