"""The events a Titan's history is made of.

A Titan's state is never stored: it is replayed from these facts (see ``titan.py``). An event
never changes, and each of its fields is checked when it is built (``shapes.py``), from a
command, a form or a file alike; names are checked against the catalogue and kept in their
corrected spelling, so an imported file with "Regneration" reads as "Regeneration".
"""

from __future__ import annotations

from datetime import date
from typing import Any, ClassVar, get_args

from .abilities import ABILITIES
from .characters import find_character
from .items import ITEM_TYPES
from .names import UnknownName, check_name
from .shapes import (
    Checked,
    by_kind,
    checked,
    checking,
    flag,
    many,
    nested,
    one_of,
    optional,
    pair,
    text,
    then,
    to_json,
    whole,
)
from .spells import SCHOOLS, find_spell

MAX_COUNT = 1000  # engagements of one kind in one game
MAX_XP = 100_000  # a single award part or score
MAX_GOLD = 1_000_000
MAX_GAMES = 10_000
MAX_EVENTS = 100_000  # in one list of a file


def _spell_name(value: str) -> str:
    try:
        return find_spell(value).name
    except UnknownName as error:
        raise ValueError(str(error)) from None


def _real_date(value: str) -> str:
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        raise ValueError(f"{value} is not a date (YYYY-MM-DD)") from None


def _character_name(value: str) -> str:
    try:
        return find_character(value).name
    except UnknownName as error:
        raise ValueError(str(error)) from None


NAME = then(text(60, min_length=1), check_name)
"""A Titan's, player's, campaign's or item's name: 1 to 60 characters, no control characters."""
NOTE = text(200)
TIME_LENGTH = 40
TIME = text(TIME_LENGTH)
"""A moment as ISO 8601 text (``2026-11-30T20:00:00+01:00``): for the history, never for a rule."""
COUNT = whole(0, MAX_COUNT)
GAME = whole(1, MAX_GAMES)
LEVEL = whole(1, 3)
ABILITY = one_of(ABILITIES)
SCHOOL = one_of(SCHOOLS)
SPELL = then(text(60), _spell_name)
CHARACTER = then(text(60), _character_name)
GOLD = whole(0, MAX_GOLD)


class _Event(Checked):
    kind: ClassVar[str]
    at: str = checked(TIME, default="")
    """When it happened (ISO 8601); for the history only, never for a rule."""


class Created(_Event):
    kind = "created"
    name: str = checked(NAME)
    player: str = checked(NAME)
    base_xp: int = checked(one_of((0, 100, 200)))


class AbilityBought(_Event):
    """100 XP for one ability box (R1, R3)."""

    kind = "ability_bought"
    ability: str = checked(ABILITY)


class SchoolGained(_Event):
    """One spell-school level: bought for 100 XP, or ``free`` from a level-up (R2, R4)."""

    kind = "school_gained"
    school: str = checked(SCHOOL)
    level: int = checked(LEVEL)
    free: bool = checked(flag, default=False)


class SpellBought(_Event):
    """100 XP for any unknown spell of a mastered school (R5)."""

    kind = "spell_bought"
    spell: str = checked(SPELL)


class SpellChosen(_Event):
    """A pending pick resolved: a school pick (R5), a free pick (R2) or a bonus pick (R6)."""

    kind = "spell_chosen"
    spell: str = checked(SPELL)
    pick: str = checked(one_of(("school", "free", "bonus")))


class BonusSwapped(_Event):
    """The optional swap of a bonus spell for one of a newly gained school level (R6)."""

    kind = "bonus_swapped"
    old: str = checked(SPELL)
    new: str = checked(SPELL)


class SwapDeclined(_Event):
    kind = "swap_declined"
    school: str = checked(SCHOOL)
    level: int = checked(LEVEL)


class GameOutcome(Checked):
    """What happened to one Titan in one game (R8)."""

    result: str = checked(one_of(("won", "lost")))
    score: int = checked(whole(0, MAX_XP * 10), default=0)
    battle_won: int = checked(COUNT, default=0)
    battle_lost: int = checked(COUNT, default=0)
    agreement: int = checked(COUNT, default=0)
    agreement_eliminated: int = checked(COUNT, default=0)
    fled: int = checked(COUNT, default=0)
    scenario_xp: int = checked(whole(0, MAX_XP), default=0)
    scenario_replaces: bool = checked(flag, default=False)
    """The scenario's award replaces the standard one: ``scenario_xp`` is the whole award
    before the wisdom bonus (R8: "XP are awarded according to the rules of the scenario")."""


DATE = then(text(10, 10, r"\d{4}-\d{2}-\d{2}"), _real_date)
SURVIVORS = optional(many(CHARACTER, 50))


class GameRecorded(_Event):
    """A game the Titan took part in, with its end-of-game XP (R8) and survivors (R9).
    ``played_in`` names the campaign it was played in when that is not the Titan's campaign
    now (a Titan imported with its own past); such a game is not one of this campaign's."""

    kind = "game_recorded"
    game: int = checked(GAME)
    date: str = checked(DATE)
    scenario: str = checked(NOTE, default="")
    outcome: GameOutcome = checked(nested(GameOutcome))
    survivors: tuple[str, ...] | None = checked(SURVIVORS, default=None)
    played_in: str = checked(text(60), default="")


class GameCorrected(_Event):
    """The Titan's entry in game ``game`` replaced by what it should have been: every figure,
    the survivors, the game's date and scenario; the award is judged again (R8, R9)."""

    kind = "game_corrected"
    game: int = checked(GAME)
    date: str = checked(DATE)
    scenario: str = checked(NOTE, default="")
    outcome: GameOutcome = checked(nested(GameOutcome))
    survivors: tuple[str, ...] | None = checked(SURVIVORS, default=None)
    played_in: str = checked(text(60), default="")


class GameRemoved(_Event):
    """The Titan taken out of game ``game`` (recorded by mistake): its award is taken back (R8)."""

    kind = "game_removed"
    game: int = checked(GAME)
    played_in: str = checked(text(60), default="")


class GoldChanged(_Event):
    """A line of the gold ledger (R11)."""

    kind = "gold_changed"
    amount: int = checked(whole(-MAX_GOLD, MAX_GOLD))
    note: str = checked(NOTE, default="")
    game: int | None = checked(optional(GAME), default=None)


class ItemFacts(Checked):
    name: str = checked(NAME)
    type: str = checked(one_of(ITEM_TYPES), default="other")
    description: str = checked(text(1000), default="")
    charges: int | None = checked(optional(whole(1, 1000)), default=None)


class ItemAdded(_Event):
    kind = "item_added"
    item: ItemFacts = checked(nested(ItemFacts))


class ItemBought(_Event):
    """A magic item paid for with gold at the campaign's price (R11)."""

    kind = "item_bought"
    item: ItemFacts = checked(nested(ItemFacts))
    price: int = checked(GOLD)


class SpellBoughtWithGold(_Event):
    """Any unknown spell, paid for with gold and marked "bought" (R11)."""

    kind = "spell_bought_with_gold"
    spell: str = checked(SPELL)
    price: int = checked(GOLD)


class ItemUsed(_Event):
    kind = "item_used"
    name: str = checked(NAME)


class ItemRemoved(_Event):
    kind = "item_removed"
    name: str = checked(NAME)


class HonorGuardSet(_Event):
    """The whole honor guard, replacing the previous one; empty clears it (R9)."""

    kind = "honor_guard_set"
    members: tuple[str, ...] = checked(many(CHARACTER, 3), default=())


class PlanSet(_Event):
    """The player's picks for the next game's starting legions (R10)."""

    kind = "plan_set"
    charisma: tuple[str, ...] = checked(many(CHARACTER, 3), default=())
    upgrades: tuple[str, ...] = checked(many(CHARACTER, 3), default=())
    placement: tuple[tuple[str, int], ...] = checked(
        many(pair(NAME, one_of((1, 2))), 20), default=()
    )


class Archived(_Event):
    """Dead or retired: hidden from the roster, never deleted."""

    kind = "archived"


class Unarchived(_Event):
    """An archived Titan brought back to the roster."""

    kind = "unarchived"


class Renamed(_Event):
    """The Titan's new name (unique in its campaign)."""

    kind = "renamed"
    name: str = checked(NAME)


class PlayerChanged(_Event):
    """The player who now plays the Titan."""

    kind = "player_changed"
    player: str = checked(NAME)


class GoalSet(_Event):
    """The build goal kept with the Titan (see ``goals.py``); all empty clears it."""

    kind = "goal_set"
    abilities: tuple[tuple[str, int], ...] = checked(
        many(pair(ABILITY, whole(0, 3)), 8), default=()
    )
    schools: tuple[tuple[str, int], ...] = checked(many(pair(SCHOOL, whole(0, 3)), 8), default=())
    spells: tuple[str, ...] = checked(many(SPELL, 72), default=())


Event = (
    Created
    | AbilityBought
    | SchoolGained
    | SpellBought
    | SpellChosen
    | BonusSwapped
    | SwapDeclined
    | GameRecorded
    | GameCorrected
    | GameRemoved
    | GoldChanged
    | ItemAdded
    | ItemBought
    | SpellBoughtWithGold
    | ItemUsed
    | ItemRemoved
    | HonorGuardSet
    | PlanSet
    | Archived
    | Unarchived
    | Renamed
    | PlayerChanged
    | GoalSet
)

EVENT_KINDS: dict[str, type[Event]] = {kind.kind: kind for kind in get_args(Event)}
_EVENT = by_kind(EVENT_KINDS)
_EVENTS = many(_EVENT, MAX_EVENTS)


def event_from_json(data: Any) -> Event:
    """An event from its stored form (``{"kind": "ability_bought", "ability": "luck"}``), or
    ShapeError."""
    return checking(_EVENT, data)  # type: ignore[no-any-return]


def events_from_json(data: Any) -> tuple[Event, ...]:
    """Events from their stored forms, or ShapeError placing each problem by event number."""
    return checking(_EVENTS, data)  # type: ignore[no-any-return]


def event_to_json(event: _Event) -> dict[str, object]:
    """The stored form of an event: plain JSON, defaults left out, ``kind`` first."""
    return {"kind": event.kind, **to_json(event)}
