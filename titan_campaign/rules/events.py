"""The events a Titan's history is made of.

A Titan's state is never stored: it is replayed from these facts (see ``titan.py``). Each event
is a frozen pydantic model; names are checked against the catalogue and stored in their
corrected spelling, so an imported file with "Regneration" reads as "Regeneration".
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
)

from .abilities import ABILITIES
from .characters import find_character
from .items import ITEM_TYPES
from .names import UnknownName, check_name
from .spells import SCHOOLS, find_spell
from .wording import problem_words

MAX_COUNT = 1000  # engagements of one kind in one game
MAX_XP = 100_000  # a single award part or score
MAX_GOLD = 1_000_000
MAX_GAMES = 10_000

Name = Annotated[str, Field(min_length=1, max_length=60), AfterValidator(check_name)]
Note = Annotated[str, Field(max_length=200)]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]

AbilityName = Literal[
    "power", "skill", "intelligence", "spirit", "charisma", "leadership", "luck", "wisdom"
]
SchoolName = Literal["water", "air", "earth", "fire", "summoning", "sorcery", "nature", "divine"]
ItemType = Literal["cloak", "talisman", "crown", "staff", "other"]

assert tuple(AbilityName.__args__) == ABILITIES  # type: ignore[attr-defined]
assert tuple(SchoolName.__args__) == SCHOOLS  # type: ignore[attr-defined]
assert tuple(ItemType.__args__) == ITEM_TYPES  # type: ignore[attr-defined]


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


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    at: Annotated[str, Field(max_length=40)] = ""
    """When it happened (ISO 8601); for the history only, never for a rule."""


class Created(_Event):
    kind: Literal["created"] = "created"
    name: Name
    player: Name
    base_xp: Literal[0, 100, 200]


class AbilityBought(_Event):
    """100 XP for one ability box (R1, R3)."""

    kind: Literal["ability_bought"] = "ability_bought"
    ability: AbilityName


class SchoolGained(_Event):
    """One spell-school level: bought for 100 XP, or ``free`` from a level-up (R2, R4)."""

    kind: Literal["school_gained"] = "school_gained"
    school: SchoolName
    level: Annotated[int, Field(ge=1, le=3)]
    free: bool = False


class SpellBought(_Event):
    """100 XP for any unknown spell of a mastered school (R5)."""

    kind: Literal["spell_bought"] = "spell_bought"
    spell: str

    _canonical = field_validator("spell")(_spell_name)


class SpellChosen(_Event):
    """A pending pick resolved: a school pick (R5), a free pick (R2) or a bonus pick (R6)."""

    kind: Literal["spell_chosen"] = "spell_chosen"
    spell: str
    pick: Literal["school", "free", "bonus"]

    _canonical = field_validator("spell")(_spell_name)


class BonusSwapped(_Event):
    """The optional swap of a bonus spell for one of a newly gained school level (R6)."""

    kind: Literal["bonus_swapped"] = "bonus_swapped"
    old: str
    new: str

    _canonical = field_validator("old", "new")(_spell_name)


class SwapDeclined(_Event):
    kind: Literal["swap_declined"] = "swap_declined"
    school: SchoolName
    level: Annotated[int, Field(ge=1, le=3)]


class GameOutcome(BaseModel):
    """What happened to one Titan in one game (R8)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    result: Literal["won", "lost"]
    score: Annotated[int, Field(ge=0, le=MAX_XP * 10)] = 0
    battle_won: Count = 0
    battle_lost: Count = 0
    agreement: Count = 0
    agreement_eliminated: Count = 0
    fled: Count = 0
    scenario_xp: Annotated[int, Field(ge=0, le=MAX_XP)] = 0


class GameRecorded(_Event):
    """A game the Titan took part in, with its end-of-game XP (R8) and survivors (R9)."""

    kind: Literal["game_recorded"] = "game_recorded"
    game: Annotated[int, Field(ge=1, le=MAX_GAMES)]
    date: Annotated[
        str,
        Field(min_length=10, max_length=10, pattern=r"^\d{4}-\d{2}-\d{2}$"),
        AfterValidator(_real_date),
    ]
    scenario: Note = ""
    outcome: GameOutcome
    survivors: tuple[str, ...] | None = Field(default=None, max_length=50)

    @field_validator("survivors")
    @classmethod
    def _survivor_names(cls, value: tuple[str, ...] | None) -> tuple[str, ...] | None:
        return None if value is None else tuple(_character_name(name) for name in value)


class GoldChanged(_Event):
    """A line of the gold ledger (R11)."""

    kind: Literal["gold_changed"] = "gold_changed"
    amount: Annotated[int, Field(ge=-MAX_GOLD, le=MAX_GOLD)]
    note: Note = ""
    game: Annotated[int, Field(ge=1, le=MAX_GAMES)] | None = None


class ItemFacts(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: Name
    type: ItemType = "other"
    description: Annotated[str, Field(max_length=1000)] = ""
    charges: Annotated[int, Field(ge=1, le=1000)] | None = None


class ItemAdded(_Event):
    kind: Literal["item_added"] = "item_added"
    item: ItemFacts


class ItemBought(_Event):
    """A magic item paid for with gold at the campaign's price (R11)."""

    kind: Literal["item_bought"] = "item_bought"
    item: ItemFacts
    price: Annotated[int, Field(ge=0, le=MAX_GOLD)]


class SpellBoughtWithGold(_Event):
    """Any unknown spell, paid for with gold and marked "bought" (R11)."""

    kind: Literal["spell_bought_with_gold"] = "spell_bought_with_gold"
    spell: str
    price: Annotated[int, Field(ge=0, le=MAX_GOLD)]

    _canonical = field_validator("spell")(_spell_name)


class ItemUsed(_Event):
    kind: Literal["item_used"] = "item_used"
    name: Name


class ItemRemoved(_Event):
    kind: Literal["item_removed"] = "item_removed"
    name: Name


class HonorGuardSet(_Event):
    """The whole honor guard, replacing the previous one; empty clears it (R9)."""

    kind: Literal["honor_guard_set"] = "honor_guard_set"
    members: tuple[str, ...] = Field(default=(), max_length=3)

    @field_validator("members")
    @classmethod
    def _member_names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_character_name(name) for name in value)


class PlanSet(_Event):
    """The player's picks for the next game's starting legions (R10)."""

    kind: Literal["plan_set"] = "plan_set"
    charisma: tuple[str, ...] = Field(default=(), max_length=3)
    upgrades: tuple[str, ...] = Field(default=(), max_length=3)
    placement: tuple[tuple[Name, Literal[1, 2]], ...] = Field(default=(), max_length=20)

    @field_validator("charisma", "upgrades")
    @classmethod
    def _creature_names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_character_name(name) for name in value)


class Archived(_Event):
    """Dead or retired: hidden from the roster, never deleted."""

    kind: Literal["archived"] = "archived"


class Unarchived(_Event):
    """An archived Titan brought back to the roster."""

    kind: Literal["unarchived"] = "unarchived"


class Renamed(_Event):
    """The Titan's new name (unique in its campaign)."""

    kind: Literal["renamed"] = "renamed"
    name: Name


class PlayerChanged(_Event):
    """The player who now plays the Titan."""

    kind: Literal["player_changed"] = "player_changed"
    player: Name


class GoalSet(_Event):
    """The build goal kept with the Titan (see ``goals.py``); all empty clears it."""

    kind: Literal["goal_set"] = "goal_set"
    abilities: tuple[tuple[AbilityName, Annotated[int, Field(ge=0, le=3)]], ...] = Field(
        default=(), max_length=8
    )
    schools: tuple[tuple[SchoolName, Annotated[int, Field(ge=0, le=3)]], ...] = Field(
        default=(), max_length=8
    )
    spells: tuple[str, ...] = Field(default=(), max_length=72)

    @field_validator("spells")
    @classmethod
    def _spell_names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_spell_name(name) for name in value)


Event = Annotated[
    Created
    | AbilityBought
    | SchoolGained
    | SpellBought
    | SpellChosen
    | BonusSwapped
    | SwapDeclined
    | GameRecorded
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
    | GoalSet,
    Field(discriminator="kind"),
]


class LazyAdapter:
    """A TypeAdapter built on first use, so importing the rules core stays cheap."""

    def __init__(self, kind: Any) -> None:
        self._kind = kind
        self._adapter: TypeAdapter[Any] | None = None

    def validate_python(self, data: Any) -> Any:
        if self._adapter is None:
            self._adapter = TypeAdapter(self._kind)
        return self._adapter.validate_python(data)


EVENT_ADAPTER = LazyAdapter(Event)
EVENTS_ADAPTER = LazyAdapter(list[Event])


def event_to_json(event: _Event) -> dict[str, object]:
    """The stored form of an event: plain JSON, defaults left out (except ``kind``)."""
    data = event.model_dump(mode="json", exclude_defaults=True)
    data["kind"] = event.kind  # type: ignore[attr-defined]
    return data


def explain(error: ValidationError) -> str:
    """The first problem of a failed validation in one line, in a player's words, e.g.
    "event 2 (ability_bought), ability: one of power, skill, ..." """
    first = error.errors()[0]
    where: list[str] = []
    loc = list(first["loc"])
    if loc and isinstance(loc[0], int):
        number = int(loc.pop(0)) + 1
        where.append(
            f"event {number}" + (f" ({loc.pop(0)})" if loc and isinstance(loc[0], str) else "")
        )
    if loc:
        where.append(".".join(str(part) for part in loc))
    names = [part for part in first["loc"] if isinstance(part, str)]
    message = problem_words(names[-1] if names else "", first["type"], dict(first.get("ctx") or {}))
    return f"{', '.join(where)}: {message}" if where else message
