"""The game-night card: what a player needs at the table, with boxes to tick during the game.

A warning when choices are still to make; the Titan's figures; a Mana and re-roll tracker per
Game-Turn and Skill-5 boxes per Battle; the two starting legions (R10) with honor guard
members marked and their magic items in full with a box per charge; every spell with its Mana,
dice and whole text (the rulebook's words, with the Titan's Affinity bonus worked in), grouped by the phase in which it is cast; this game's engagements
(for the XP award, R8) and notes. Here the card's contents and its text (80 columns); its
PDF and HTML page is ``game_card_page`` (which loads the PDF library).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..rules.sheet import ItemLine, SheetView, SpellLine
from ..rules.spells import CAST_PHASES, find_spell
from .cells import WIDTH, wrap
from .figures import (
    ARCHIVED,
    SKILL_USES_LABEL,
    attack_text,
    charge_boxes,
    charges_text,
    legion_items,
    mana_short,
    spell_effect,
)
from .text import boxes


def table_figures(data: SheetView) -> list[tuple[str, str, str]]:
    """The four figures a player looks up during a game: label, sheet field, value."""
    return [
        ("Titan Power-factor", "titan_power", str(data.titan_power)),
        ("Mana per turn", "mana", str(data.mana)),
        (SKILL_USES_LABEL, "skill_uses", str(data.skill_uses)),
        ("Re-rolls per turn", "rerolls", str(data.rerolls)),
    ]


@dataclass(frozen=True, slots=True)
class CardSpell:
    """A spell of the Titan's as the card gives it: its sheet line, the attack notation with
    its area, the dice alone, and the whole effect with the Titan's figures worked in."""

    line: SpellLine
    attack: str
    dice: str
    effect: str


def spells_by_phase(data: SheetView) -> list[CardSpell]:
    """The Titan's spells ordered by when they are cast, then Mana, then name; with the attack
    notation and the one-line effect."""
    rows = []
    for spell in data.spells:
        known = find_spell(spell.name)
        rows.append(
            CardSpell(
                spell,
                attack=attack_text(known),
                dice=known.attack or "",
                effect=" ".join(
                    part
                    for part in (
                        spell_effect(known, data.schools),
                        mana_short(spell.mana, data.mana),
                    )
                    if part
                ),
            )
        )
    return sorted(
        rows,
        key=lambda s: (
            CAST_PHASES.index(s.line.cast) if s.line.cast in CAST_PHASES else 99,
            s.line.mana,
            s.line.name,
        ),
    )


def legion_members(data: SheetView) -> list[list[tuple[str, bool]]]:
    """Each starting legion's characters, each with True if it is an honor guard member (R9;
    the members are the last of their legion, R10)."""
    return [
        [(name, at >= len(legion) - guard) for at, name in enumerate(legion)]
        for legion, guard in zip(data.starting_legions, data.starting_legion_guard, strict=True)
    ]


def pending_warning(data: SheetView) -> list[str]:
    """What to do before the game starts, one line each: the base XP to spend (R2), then the
    choices still to make, the same choice made several times said once ("6 waiting")."""
    spend = data.base_unspent
    first = [f"spend the {spend} base XP (the rules spend it before the first game, R2)"]
    counts = Counter(choice.text for choice in data.pending)
    return [*(first if spend else []), *(_waiting(text, n) for text, n in counts.items())]


def _waiting(text: str, count: int) -> str:
    return f"{text}, {count} waiting" if count > 1 else text


def legion_items_of(data: SheetView, number: int) -> list[ItemLine]:
    by_name = {item.name: item for item in data.magic_items}
    return [by_name[name] for name in legion_items(data, number)]


def unplaced_items(data: SheetView) -> list[ItemLine]:
    return [item for item in data.magic_items if item.legion not in (1, 2)]


def _item_text(item: ItemLine) -> list[str]:
    used, total = charge_boxes(item)
    charges = f"  charges {boxes(used, total)}" if total else ""
    if item.charges is not None and not total:
        charges = f"  {charges_text(item)}"
    out = wrap(f"  item: {item.name} ({item.type}){charges}", more="    ")
    if item.description:
        out += wrap(item.description, indent="    ")
    return out


def game_card_text(data: SheetView) -> str:
    """The card as plain text, every line at most 80 columns."""
    out = wrap(f"GAME NIGHT: {data.name}", more="  ")
    out += wrap(f"level {data.level}, player {data.player}, campaign {data.campaign}", more="  ")
    out += [ARCHIVED] if data.archived else []  # as the sheet says it
    out.append("=" * WIDTH)
    for choice in pending_warning(data):
        out += wrap(f"CHOICE TO MAKE FIRST: {choice}", more="  ")
    out += [f"{label + ':':<28}{value}" for label, _, value in table_figures(data)]
    for number, legion in enumerate(legion_members(data), start=1):
        names = ", ".join(f"{name} (honor guard)" if guard else name for name, guard in legion)
        out += ["", *wrap(f"LEGION {number}: {names}", more="  ")]
        for item in legion_items_of(data, number):
            out += _item_text(item)
    unplaced = unplaced_items(data)
    if unplaced:
        out += ["", "ITEMS NOT YET GIVEN TO A LEGION"]
        for item in unplaced:
            out += _item_text(item)
    out += [line for note in data.starting_legion_notes for line in wrap(f"! {note}", more="  ")]
    out += ["", f"SPELLS ({len(data.spells)})"]
    if not data.spells:
        out.append("  (none yet)")
    phase = None
    for spell in spells_by_phase(data):
        known = spell.line
        if known.cast != phase:
            phase = known.cast
            out.append(f"  {phase}")
        attack = f"  {spell.attack}" if spell.attack else ""
        school = f"{known.school.title()} {known.level}"  # as the printed card says it
        line = f"    {known.mana} Mana  {known.name:<24} {school:<12}{attack}"
        out += wrap(line, more=" " * 12)
        out += wrap(spell.effect, indent=" " * 12)
    return "\n".join(line.rstrip() for line in out) + "\n"
