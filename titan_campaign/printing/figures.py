"""How each printed form words the sheet's figures: spell marks, item lines, honor guard slots.

Every figure comes from ``rules.sheet.sheet_data``; this module only phrases them, once, so the
text, HTML, PDF and SVG forms say the same thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules.honor_guard import SLOT_OPENS_AT
from ..rules.spells import SCHOOLS, Spell


@dataclass(frozen=True, slots=True)
class GuardSlot:
    """One of the three honor guard slots (R9): open (with its point cap) or locked."""

    number: int
    cap: int | None  # None: locked
    member: str
    opens_at: int

    @property
    def caption(self) -> str:
        if self.cap is None:
            return f"locked: opens at level {self.opens_at}"
        return f"up to {self.cap} points"


XP_LABELS = (
    ("Base XP:", "base"),
    ("Earned XP:", "earned"),
    ("Spent XP:", "spent"),
    ("Available:", "available"),
    ("To next level:", "to_next_level"),
)
"""The experience lines of the sheet, in the paper sheet's order, with their key in ``xp``."""


def guard_slots(data: dict[str, Any] | None) -> list[GuardSlot]:
    """The three slots of the sheet's HONOR GUARD box; with no data, the blank sheet's."""
    caps = data["honor_guard_slots"] if data else []
    members = data["honor_guard"] if data else []
    return [
        GuardSlot(
            number=index + 1,
            cap=caps[index] if index < len(caps) else None,
            member=members[index] if index < len(members) else "",
            opens_at=opens_at,
        )
        for index, opens_at in enumerate(SLOT_OPENS_AT)
    ]


def spell_mark(spell: dict[str, Any]) -> str:
    """ "bonus" for an Intelligence spell (R6), "bought" for one paid in gold (R11)."""
    return "bonus" if spell["bonus"] else "bought" if spell["bought"] else ""


def charges_text(item: dict[str, Any]) -> str:
    if item["charges"] is None:
        return ""
    return f"{item['charges']}/{item['max_charges']} charges"


def item_facts(item: dict[str, Any]) -> str:
    """ "staff, 3/3 charges, legion 2": the item's type, charges and starting legion (R10, R11)."""
    parts = [item["type"], charges_text(item)]
    if item.get("legion"):
        parts.append(f"legion {item['legion']}")
    return ", ".join(part for part in parts if part)


def legion_items(data: dict[str, Any], number: int) -> list[str]:
    """Names of the magic items allocated to starting legion ``number`` (R10)."""
    return [item["name"] for item in data["magic_items"] if item.get("legion") == number]


def spell_order(spell: Spell) -> tuple[int, int, str]:
    """Cards and lists go by school (sheet order), then level, then name."""
    return (SCHOOLS.index(spell.school), spell.level, spell.name)


def attack_text(spell: Spell) -> str:
    """The spell's attack notation with its area, e.g. "6d3/3d3 explosion"."""
    if not spell.attack:
        return ""
    return f"{spell.attack} {spell.area}" if spell.area in ("explosion", "blast") else spell.attack


def file_stem(name: str) -> str:
    """A file-name-safe form of a Titan or campaign name: "Mira Stormcaller" -> "mira-stormcaller"."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return stem or "titan"


def default_path(name: str, kind: str, fmt: str) -> Path:
    """Where a printout goes without ``-o``: the current folder, e.g. ``thorn-sheet.pdf``."""
    return Path(f"{file_stem(name)}-{kind}.{fmt}")
