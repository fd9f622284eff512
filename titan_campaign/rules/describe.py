"""One line of history per event, in a player's words."""

from __future__ import annotations

from collections.abc import Sequence

from .events import (
    AbilityBought,
    Archived,
    BonusSwapped,
    Created,
    Event,
    GameCorrected,
    GameRecorded,
    GameRemoved,
    GoalSet,
    GoldChanged,
    HonorGuardSet,
    ItemAdded,
    ItemBought,
    ItemRemoved,
    ItemUsed,
    PlanSet,
    PlayerChanged,
    Renamed,
    SchoolGained,
    SpellBought,
    SpellBoughtWithGold,
    SpellChosen,
    SwapDeclined,
    Unarchived,
)
from .game_log import entry_text
from .legions import LegionPlan
from .names import article


def describe(event: Event) -> str:
    match event:
        case Created():
            return f"{event.name} created for {event.player} with {event.base_xp} base XP"
        case AbilityBought():
            return f"bought {article(event.ability)} {event.ability.title()} box (100 XP)"
        case SchoolGained(free=True):
            return f"free school level: {event.school.title()} level {event.level}"
        case SchoolGained():
            return f"bought {event.school.title()} level {event.level} (100 XP)"
        case SpellBought():
            return f"bought the spell {event.spell} (100 XP)"
        case SpellChosen():
            kind = {
                "school": "learned",
                "free": "learned (free pick)",
                "bonus": "learned as a bonus spell",
            }[event.pick]
            return f"{kind}: {event.spell}"
        case BonusSwapped():
            return f"swapped bonus spell {event.old} for {event.new}"
        case SwapDeclined():
            return f"declined the bonus swap for {event.school.title()} level {event.level}"
        case GameRecorded():
            scenario = f" ({event.scenario})" if event.scenario else ""
            where = f" in {event.played_in}" if event.played_in else ""
            return f"game {event.game}{where} on {event.date}{scenario}: {_entry(event)}"
        case GameCorrected():
            scenario = f" ({event.scenario})" if event.scenario else ""
            where = f" in {event.played_in}" if event.played_in else ""
            return f"game {event.game}{where} corrected, on {event.date}{scenario}: {_entry(event)}"
        case GameRemoved():
            where = f" in {event.played_in}" if event.played_in else ""
            return f"taken out of game {event.game}{where}"
        case GoldChanged():
            parts = [event.note] if event.note else []
            if event.game is not None:
                where = f" in {event.played_in}" if event.played_in else ""
                parts.append(f"game {event.game}{where}")
            return f"gold {event.amount:+d}" + (f" ({', '.join(parts)})" if parts else "")
        case ItemAdded():
            return f"magic item added: {event.item.name} ({event.item.type})"
        case ItemBought():
            return f"bought magic item {event.item.name} for {event.price} gold"
        case SpellBoughtWithGold():
            return f"bought the spell {event.spell} for {event.price} gold"
        case ItemUsed():
            return f"used a charge of {event.name}"
        case ItemRemoved():
            return f"magic item removed: {event.name}"
        case HonorGuardSet():
            return "honor guard: " + (", ".join(event.members) if event.members else "cleared")
        case PlanSet():
            planned = LegionPlan(event.charisma, event.upgrades, event.placement).parts()
            said = f" ({'; '.join(planned)})" if planned else ""
            return f"next game's starting legions planned{said}"
        case Archived():
            return "archived (dead or retired)"
        case Unarchived():
            return "brought back from the archive"
        case Renamed():
            return f"renamed {event.name}"
        case PlayerChanged():
            return f"now played by {event.player}"
        case GoalSet(abilities=(), schools=(), spells=()):
            return "build goal cleared"
        case GoalSet():
            wanted = [f"{n.title()} {v}" for n, v in (*event.abilities, *event.schools)] + list(
                event.spells
            )
            return "build goal: " + ", ".join(wanted)
    return event.kind  # pragma: no cover


def _entry(event: GameRecorded | GameCorrected) -> str:
    return entry_text(event.outcome, event.survivors)


def change_text(name: str, events: Sequence[Event]) -> str:
    """The line a change log shows for one Titan's change: "Thorn: bought a Power box (100 XP)"."""
    if events and isinstance(events[0], Created):
        return "; ".join(describe(event) for event in events)
    return f"{name}: " + "; ".join(describe(event) for event in events)
