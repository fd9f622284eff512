"""How each printed form words the sheet's figures: spell marks, item lines, honor guard slots.

Every figure comes from ``rules.sheet.sheet_view``; this module only phrases them, once, so the
text, HTML, PDF and SVG forms say the same thing.
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from ..rules.honor_guard import SLOT_OPENS_AT, honor_guard_slots
from ..rules.names import games_wording, plural
from ..rules.sheet import GoalView, ItemLine, SheetView, SpellLine
from ..rules.spells import SCHOOLS, Spell


class GuardSlot(NamedTuple):
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

    @property
    def blank_caption(self) -> str:
        """The slot's point cap from each level where it changes (R9): for the blank sheet.

        >>> guard_slots(None)[0].blank_caption
        'slot 1: 30 pts from level 4, 50 from 7, 75 from 10'
        """
        steps: list[str] = []
        last = None
        for level in SLOT_OPENS_AT:
            caps = honor_guard_slots(level)
            if len(caps) >= self.number and caps[self.number - 1] != last:
                last = caps[self.number - 1]
                steps.append(f"{last} from {level}" if steps else f"{last} pts from level {level}")
        return f"slot {self.number}: " + ", ".join(steps)


ARCHIVED = "ARCHIVED (dead or retired)"
"""What the sheet and the game-night card of an archived Titan say under its name, so a
printout of a Titan out of play is never taken for one in play."""


IN_PLAY = "IN PLAY"
"""The title of the sheet's box of what the Titan's boxes give it in a game (Mana per turn,
Titan Power-factor, Skill-5 per Battle, re-rolls, XP bonus): one name on the app's sheet and on
every printout, so the screen and the paper read alike."""


SKILL_USES_LABEL = "Skill-5 per Battle"
"""The label of the Skill ability's figure: for each Skill box the Titan has Skill-factor 5 for
one Strike Phase per Battle (the rulebook's Skill). One label in the app's IN PLAY box and on
every printout, worded like its neighbours ("Mana per turn", "Re-rolls per turn") and short
enough for the text sheet's right column with its figure."""


XP_LABELS = (
    ("Base XP:", "base"),
    ("Earned XP:", "earned"),
    ("Spent XP:", "spent"),
    ("Available:", "available"),
    ("To next level:", "to_next_level"),
)
"""The experience lines of the sheet, in the paper sheet's order, with their field's name in
``Experience`` (each figure is marked with it in HTML and SVG: ``data-figure="xp.base"``)."""


def xp_figures(sheet: SheetView | None) -> tuple[str, ...]:
    """The experience figures in ``XP_LABELS`` order, as printed ("" on the blank sheet)."""
    if sheet is None:
        return ("",) * len(XP_LABELS)
    xp = sheet.xp
    return (*(str(n) for n in (xp.base, xp.earned, xp.spent, xp.available)), xp.next_level_text)


def guard_slots(data: SheetView | None) -> list[GuardSlot]:
    """The three slots of the sheet's HONOR GUARD box; with no data, the blank sheet's."""
    caps = data.honor_guard_slots if data else ()
    members = data.honor_guard if data else ()
    return [
        GuardSlot(
            number=index + 1,
            cap=caps[index] if index < len(caps) else None,
            member=members[index] if index < len(members) else "",
            opens_at=opens_at,
        )
        for index, opens_at in enumerate(SLOT_OPENS_AT)
    ]


def spell_mark(spell: SpellLine) -> str:
    """ "bonus" for an Intelligence spell (R6), "bought" for one paid in gold (R11)."""
    return "bonus" if spell.bonus else "bought" if spell.bought else ""


MAX_CHARGE_BOXES = 30
"""Charge boxes drawn for an item; an item with more charges gets a write-in line instead."""


def charges_text(item: ItemLine) -> str:
    if item.charges is None:
        return ""
    return f"{item.charges} of {item.max_charges} charges left"


def charge_boxes(item: ItemLine) -> tuple[int, int]:
    """(used, total) charge boxes to draw: one per charge, the used ones ticked (R11).

    (0, 0) for an item without charges or with more than ``MAX_CHARGE_BOXES``.
    """
    if item.charges is None or item.max_charges is None or item.max_charges > MAX_CHARGE_BOXES:
        return (0, 0)
    return (item.max_charges - item.charges, item.max_charges)


def item_facts(item: ItemLine) -> str:
    """ "staff, 2 of 3 charges left, legion 2": type, charges, starting legion (R10, R11)."""
    parts = [item.type, charges_text(item)]
    if item.legion:
        parts.append(f"legion {item.legion}")
    return ", ".join(part for part in parts if part)


def legion_items(data: SheetView, number: int) -> list[str]:
    """Names of the magic items allocated to starting legion ``number`` (R10)."""
    return [item.name for item in data.magic_items if item.legion == number]


def spell_order(spell: Spell) -> tuple[int, int, str]:
    """Cards and lists go by school (sheet order), then level, then name."""
    return (SCHOOLS.index(spell.school), spell.level, spell.name)


def attack_text(spell: Spell) -> str:
    """The spell's attack notation with its area, e.g. "6d3/3d3 explosion"."""
    if not spell.attack:
        return ""
    return f"{spell.attack} {spell.area}" if spell.area in ("explosion", "blast") else spell.attack


def file_stem(name: str) -> str:
    """A file-name-safe form of a Titan or campaign name that keeps letters of any script.

    Words (letters and digits of any script) are joined with "-". When that loses anything but
    spaces and case (punctuation, signs), a short fingerprint of the whole name is added, so
    two different names never share a file name.

    >>> file_stem("Mira Stormcaller"), file_stem("Łukasz Żółć"), file_stem("Αθηνά")
    ('mira-stormcaller', 'łukasz-żółć', 'αθηνά')
    >>> file_stem("Thorn-X") != file_stem("Thorn X")
    True
    """
    normal = unicodedata.normalize("NFC", name).lower()
    words = re.findall(r"[^\W_]+", normal)
    stem = "-".join(words)
    if " ".join(words) != " ".join(normal.split()):
        digest = f"{zlib.crc32(name.encode('utf-8')):08x}"
        stem = f"{stem}-{digest}" if stem else f"titan-{digest}"
    return stem


def default_path(name: str, kind: str, fmt: str) -> Path:
    """Where a printout goes without ``-o``: the current folder, e.g. ``thorn-sheet.pdf``."""
    return Path(f"{file_stem(name)}-{kind}.{fmt}")


def printout_name(kind: str, ext: str, titan: str = "", campaign: str = "") -> str:
    """A printout's file name, the same from the command line, the app and a served tab:
    ``thorn-sheet.pdf``, ``blank-sheet.pdf``, ``thorn-cards.pdf``, ``spell-cards.pdf`` (no one
    Titan's), ``thorn-game-card.pdf``, ``the-iron-crown-campaign.pdf``."""
    if kind == "blank":
        return f"blank-sheet.{ext}"
    if kind == "campaign":
        return default_path(campaign, kind, ext).name
    if kind == "cards" and not titan:
        return f"spell-cards.{ext}"
    return default_path(titan, kind, ext).name


def spell_effect(spell: Spell, schools: Mapping[str, int] | None = None) -> str:
    """The spell's whole text in the rulebook's words, for the game-night card, with the
    Titan's own figure worked in where the text has one: an Affinity spell adds +1 to the roll
    for each school level beyond the first, so +N at school level N + 1.

    >>> from titan_campaign.rules.spells import find_spell
    >>> spell_effect(find_spell("Bog Lord"))
    "All characters in the spellcaster's Legion are native to bog for the duration of the Battle."
    >>> spell_effect(find_spell("Fire Affinity"), {"fire": 3}).endswith(
    ...     "(Your Fire School level 3: +2 to the roll.)")
    True
    """
    if schools is None or not spell.name.endswith(" Affinity"):
        return spell.text
    level = schools.get(spell.school, 0)
    return f"{spell.text} (Your {spell.school.title()} School level {level}: +{max(level - 1, 0)} to the roll.)"


def mana_short(cost: int, mana: int) -> str:
    """What a spell costing more Mana than the Titan has a turn says (R7: a spell costs its
    level, a Titan has its level plus Spirit a turn), or nothing.

    >>> mana_short(2, 1)
    '(Your 1 Mana a turn is short of the 2 it costs: not castable until your level or Spirit rises, R7.)'
    >>> mana_short(2, 2)
    ''
    """
    if cost <= mana:
        return ""
    return (
        f"(Your {mana} Mana a turn is short of the {cost} it costs:"
        " not castable until your level or Spirit rises, R7.)"
    )


def not_castable(cost: int, mana: int) -> str:
    """The sheet's own line under a spell costing more Mana than the Titan has a turn (R7), or
    nothing: shorter than the game card's ``mana_short``, to fit under the spell.

    >>> not_castable(2, 1)
    'not castable yet: 2 Mana, 1 a turn now (R7)'
    >>> not_castable(1, 1)
    ''
    """
    return f"not castable yet: {cost} Mana, {mana} a turn now (R7)" if cost > mana else ""


def progress_now(data: SheetView) -> str:
    """Where the sheet stands now, for under the progress table, when it has changed since the
    last game's row (a row is the sheet right after its game; what is bought since counts in
    no row yet): "now, since game 4: 950 XP earned, 900 spent, level 4, 5 Mana". "" otherwise.
    """
    if not data.progress:
        return ""
    last = data.progress[-1]
    now = (data.xp.earned, data.xp.spent, data.level, data.mana)
    if now == (last.earned, last.spent, last.level, last.mana):
        return ""
    earned, spent, level, mana = now
    return (
        f"now, since game {last.label}: {earned} XP earned, {spent} spent, level {level}, "
        f"{mana} Mana"
    )


def goal_summary(goal: GoalView) -> str:
    """What remains of the kept build goal in one line: reached, or the XP it spends and the XP
    still to earn, in games at the Titan's average award."""
    if goal.note:
        return goal.note
    if goal.met:
        return "reached: every box, level and spell of the goal is on the sheet"
    spend = f"{goal.xp_cost} XP to spend in {plural(len(goal.steps), 'step')}"
    if not goal.xp_needed:
        return f"{spend}, all available now"
    about = games_wording(goal.games)
    games = f" ({about})" if about else ""
    return f"{spend}; {goal.xp_needed} XP still to earn{games}"


def goal_steps(goal: GoalView) -> list[str]:
    """The goal's steps numbered in order: "1. spend ability spirit"."""
    return [f"{number}. {step}" for number, step in enumerate(goal.steps, start=1)]


LEFT_TO_RIGHT_MARK = "\u200e"


def named(name: str) -> str:
    """A player's ``name`` as it starts a printed line ("صلاح الدين: 175 XP: lost"): a name
    written right to left is followed by a left-to-right mark, so the colon and the figure
    after it stay after it (read as Arabic's own, they moved before the name, "175 :صلاح")."""
    written = {unicodedata.bidirectional(char) for char in name}
    return name + LEFT_TO_RIGHT_MARK if written & {"R", "AL"} else name
