"""The events a Titan's history is made of.

A Titan's state is never stored: it is replayed from these facts (see ``titan.py``). An event
is a frozen pydantic model (``facts.py``), checked field by field when it is built, from a
command, a form or a file alike; names are checked against the catalogue and kept in their
corrected spelling, so an imported file with "Regneration" reads as "Regeneration". The events
are one union told apart by ``kind``.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import (
    AfterValidator,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)

from .abilities import ABILITIES
from .characters import find_character
from .facts import PRINTABLE, Facts, Flag, OneOf, ShapeError, Text, Whole, to_json
from .items import ITEM_TYPES
from .names import UnknownName, check_name
from .spells import SCHOOLS, find_spell

MAX_COUNT = 1000  # engagements of one kind in one game
MAX_XP = 100_000  # a single award part or score
MAX_GOLD = 1_000_000
MAX_GAMES = 10_000
MAX_EVENTS = 100_000  # in one list of a file

F = TypeVar("F", bound=Facts)


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


Name = Annotated[
    Text,
    StringConstraints(min_length=1, max_length=60),
    PRINTABLE,
    AfterValidator(check_name),
]
"""A Titan's, player's, campaign's or item's name: 1 to 60 characters, no control characters."""
Note = Annotated[Text, StringConstraints(max_length=200), PRINTABLE]
Scenario = Annotated[Text, StringConstraints(max_length=200, strip_whitespace=True), PRINTABLE]
"""A game's scenario: spaces alone name none (R8's rules on a game hold without a scenario)."""
ID_PATTERN = "[0-9a-f]{32}"
"""A campaign's or change's id: the same in every copy of the file."""
Origin = Annotated[
    Text,
    StringConstraints(max_length=32),
    PRINTABLE,
    StringConstraints(pattern=f"^({ID_PATTERN})?$"),
]
"""A change's id, or "" for none."""
TIME_LENGTH = 40


def is_moment(value: str) -> bool:
    """A moment as recorded, with its offset from UTC (what orders two copies' changes in a
    merge)."""
    try:
        return datetime.fromisoformat(value).utcoffset() is not None
    except ValueError:
        return False


def _moment(value: str) -> str:
    """``is_moment``, or "" where none was kept."""
    if value and not is_moment(value):
        raise ValueError(
            f"{value} is not a moment with its offset from UTC (2026-11-30T20:00:00+01:00)"
        )
    return value


MOMENT_PATTERN = (
    r"^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}(:[0-9]{2}([.,][0-9]+)?)?"
    r"(Z|[+-][0-9]{2}(:?[0-9]{2})?)$"
)
"""A moment with its offset from UTC, as ``is_moment`` reads it, for an editor's schema: the
schema can say the shape, ``_moment`` also refuses a month 13."""
Time = Annotated[
    Text,
    StringConstraints(max_length=TIME_LENGTH),
    PRINTABLE,
    AfterValidator(_moment),
    Field(json_schema_extra={"pattern": MOMENT_PATTERN}),
]
"""A moment as ISO 8601 text (``2026-11-30T20:00:00+01:00``): for the history, never for a rule."""
SHORT = 60
Short = Annotated[Text, StringConstraints(max_length=SHORT), PRINTABLE]
Count = Annotated[Whole, Field(ge=0, le=MAX_COUNT)]
Game = Annotated[Whole, Field(ge=1, le=MAX_GAMES)]
Level = Annotated[Whole, Field(ge=1, le=3)]
Ability = Annotated[str, OneOf(ABILITIES)]
School = Annotated[str, OneOf(SCHOOLS)]
Spell = Annotated[Short, AfterValidator(_spell_name)]
Character = Annotated[Short, AfterValidator(_character_name)]
Gold = Annotated[Whole, Field(ge=0, le=MAX_GOLD)]
BaseXp = Annotated[int, OneOf((0, 100, 200))]
DATE_PATTERN = r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"
"""A date's shape for an editor's schema (``_real_date`` also refuses February 30)."""
Date = Annotated[
    Text,
    StringConstraints(min_length=10, max_length=10),
    PRINTABLE,
    StringConstraints(pattern=r"^\d{4}-\d{2}-\d{2}$"),
    AfterValidator(_real_date),
    Field(json_schema_extra={"pattern": DATE_PATTERN}),
]
Survivors = Annotated[tuple[Character, ...], Field(max_length=50)] | None
Picks = Annotated[tuple[Character, ...], Field(max_length=3)]


class _Event(Facts):
    kind: str
    at: Time = ""
    """When it happened (ISO 8601); for the history only, never for a rule."""


class Created(_Event):
    kind: Literal["created"] = "created"
    name: Name
    player: Name
    base_xp: BaseXp
    origin: Origin = ""
    """Which Titan she is, in every campaign and copy of the file: the id of the change she
    first joined a campaign in, kept when she is imported ("" where she first joined)."""


class AbilityBought(_Event):
    """100 XP for one ability box (R1, R3)."""

    kind: Literal["ability_bought"] = "ability_bought"
    ability: Ability


class SchoolGained(_Event):
    """One spell-school level: bought for 100 XP, or ``free`` from a level-up (R2, R4)."""

    kind: Literal["school_gained"] = "school_gained"
    school: School
    level: Level
    free: Flag = False


class SpellBought(_Event):
    """100 XP for any unknown spell of a mastered school (R5)."""

    kind: Literal["spell_bought"] = "spell_bought"
    spell: Spell


class SpellChosen(_Event):
    """A pending pick resolved: a school pick (R5), a free pick (R2) or a bonus pick (R6)."""

    kind: Literal["spell_chosen"] = "spell_chosen"
    spell: Spell
    pick: Annotated[str, OneOf(("school", "free", "bonus"))]


class BonusSwapped(_Event):
    """The optional swap of a bonus spell for one of a newly gained school level (R6)."""

    kind: Literal["bonus_swapped"] = "bonus_swapped"
    old: Spell
    new: Spell


class SwapDeclined(_Event):
    kind: Literal["swap_declined"] = "swap_declined"
    school: School
    level: Level


class GameOutcome(Facts):
    """What happened to one Titan in one game (R8)."""

    result: Annotated[str, OneOf(("won", "lost"))]
    score: Annotated[Whole, Field(ge=0, le=MAX_XP * 10)] = 0
    battle_won: Count = 0
    battle_lost: Count = 0
    agreement: Count = 0
    agreement_eliminated: Count = 0
    fled: Count = 0
    scenario_xp: Annotated[Whole, Field(ge=0, le=MAX_XP)] = 0
    scenario_replaces: Flag = False
    """The scenario's award replaces the standard one: ``scenario_xp`` is the whole award
    before the wisdom bonus (R8: "XP are awarded according to the rules of the scenario")."""


class GameRecorded(_Event):
    """A game the Titan took part in, with its end-of-game XP (R8) and survivors (R9).
    ``played_in`` names the campaign it was played in when that is not the Titan's campaign
    now (a Titan imported with its own past); such a game is not one of this campaign's."""

    kind: Literal["game_recorded"] = "game_recorded"
    game: Game
    date: Date
    scenario: Scenario = ""
    outcome: GameOutcome
    survivors: Survivors = None
    played_in: Short = ""
    wisdom: Annotated[Whole, Field(ge=0, le=3)] | None = None
    """The Titan's Wisdom in the game when it had less then than when the game was entered
    (a game entered after a later one, ``wisdom_in_game``); else its Wisdom now (R8)."""


class GameCorrected(_Event):
    """The Titan's entry in game ``game`` replaced by what it should have been: every figure,
    the survivors, the game's date and scenario; the award is judged again (R8, R9)."""

    kind: Literal["game_corrected"] = "game_corrected"
    game: Game
    date: Date
    scenario: Scenario = ""
    outcome: GameOutcome
    survivors: Survivors = None
    played_in: Short = ""


class GameRemoved(_Event):
    """The Titan taken out of game ``game`` (recorded by mistake): its award is taken back (R8)."""

    kind: Literal["game_removed"] = "game_removed"
    game: Game
    played_in: Short = ""


class GoldChanged(_Event):
    """A line of the gold ledger (R11)."""

    kind: Literal["gold_changed"] = "gold_changed"
    amount: Annotated[Whole, Field(ge=-MAX_GOLD, le=MAX_GOLD)]
    note: Note = ""
    game: Game | None = None
    played_in: Short = ""
    """The campaign ``game`` was played in, when not this one (an imported Titan's past)."""


class ItemFacts(Facts):
    name: Name
    type: Annotated[str, OneOf(ITEM_TYPES)] = "other"
    description: Annotated[Text, StringConstraints(max_length=1000), PRINTABLE] = ""
    charges: Annotated[Whole, Field(ge=1, le=1000)] | None = None


class ItemAdded(_Event):
    kind: Literal["item_added"] = "item_added"
    item: ItemFacts


class ItemBought(_Event):
    """A magic item paid for with gold at the campaign's price (R11)."""

    kind: Literal["item_bought"] = "item_bought"
    item: ItemFacts
    price: Gold


class SpellBoughtWithGold(_Event):
    """Any unknown spell, paid for with gold and marked "bought" (R11)."""

    kind: Literal["spell_bought_with_gold"] = "spell_bought_with_gold"
    spell: Spell
    price: Gold


class ItemUsed(_Event):
    kind: Literal["item_used"] = "item_used"
    name: Name


class ItemRemoved(_Event):
    kind: Literal["item_removed"] = "item_removed"
    name: Name


class HonorGuardSet(_Event):
    """The whole honor guard, replacing the previous one; empty clears it (R9)."""

    kind: Literal["honor_guard_set"] = "honor_guard_set"
    members: Picks = ()


class PlanSet(_Event):
    """The player's picks for the next game's starting legions (R10)."""

    kind: Literal["plan_set"] = "plan_set"
    charisma: Picks = ()
    upgrades: Picks = ()
    placement: Annotated[
        tuple[tuple[Name, Annotated[int, OneOf((1, 2))]], ...], Field(max_length=20)
    ] = ()


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


Box = Annotated[Whole, Field(ge=0, le=3)]


class GoalSet(_Event):
    """The build goal kept with the Titan (see ``goals.py``); all empty clears it."""

    kind: Literal["goal_set"] = "goal_set"
    abilities: Annotated[tuple[tuple[Ability, Box], ...], Field(max_length=8)] = ()
    schools: Annotated[tuple[tuple[School, Box], ...], Field(max_length=8)] = ()
    spells: Annotated[tuple[Spell, ...], Field(max_length=72)] = ()


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

EVENT_KINDS: dict[str, type[Event]] = {
    kind.model_fields["kind"].default: kind for kind in get_args(Event)
}
AnyEvent = Annotated[Event, Field(discriminator="kind")]
"""An event as stored: told apart by its ``kind``, e.g. ``{"kind": "ability_bought", ...}``."""
Events = Annotated[tuple[AnyEvent, ...], Field(max_length=MAX_EVENTS)]
# built when first used: a command that checks no event pays nothing for them
_EVENT: TypeAdapter[Event] = TypeAdapter(AnyEvent, config=ConfigDict(defer_build=True))
_EVENTS: TypeAdapter[tuple[Event, ...]] = TypeAdapter(Events, config=ConfigDict(defer_build=True))


def event_from_json(data: Any) -> Event:
    """An event from its stored form (``{"kind": "ability_bought", "ability": "luck"}``), or
    ShapeError."""
    try:
        return _EVENT.validate_python(data)
    except ValidationError as error:
        raise ShapeError.of(error) from None


def events_from_json(data: Any) -> tuple[Event, ...]:
    """Events from their stored forms, or ShapeError placing each problem by event number."""
    try:
        return _EVENTS.validate_python(data)
    except ValidationError as error:
        raise ShapeError.of(error) from None


_NESTED: dict[type[Facts], dict[str, type[Facts]]] = {
    kind: {
        name: field.annotation
        for name, field in kind.model_fields.items()
        if isinstance(field.annotation, type) and issubclass(field.annotation, Facts)
    }
    for kind in (*EVENT_KINDS.values(), GameOutcome, ItemFacts)
}
"""The fields of each kind that hold facts of their own (a game's outcome, an item)."""
_FIELDS: dict[type[Facts], dict[str, Any]] = {
    kind: {name: field.default for name, field in kind.model_fields.items()} for kind in _NESTED
}
"""Each kind's fields in order, at their defaults (text, numbers, tuples or None: never changed
in place); a required one's is a placeholder that a stored event always fills."""


def events_as_written(data: list[dict[str, Any]]) -> tuple[Event, ...]:
    """Events as this program wrote them, each checked before it was (a database whose seal
    holds, see ``store/files.py``): built without checking them again, each equal to the event
    checked from the same JSON."""
    return tuple(_as_written(EVENT_KINDS[doc["kind"]], doc) for doc in data)


def _as_written(kind: type[F], doc: dict[str, Any]) -> F:
    """What pydantic's ``model_construct`` builds, without its look-up of each field's default
    and alias: a third of reading a campaign of 5,000 events (bench/bench_cli.py)."""
    nested = _NESTED[kind]
    fields = _FIELDS[kind] | {
        name: _as_written(nested[name], value)
        if name in nested
        else _tuples(value)
        if type(value) is list
        else value
        for name, value in doc.items()
    }
    event = kind.__new__(kind)
    object.__setattr__(event, "__dict__", fields)
    object.__setattr__(event, "__pydantic_fields_set__", set(doc))
    object.__setattr__(event, "__pydantic_extra__", None)
    object.__setattr__(event, "__pydantic_private__", None)
    return event


def _tuples(value: Any) -> Any:
    """JSON's lists as the tuples the events hold."""
    return tuple(_tuples(part) for part in value) if type(value) is list else value


def event_to_json(event: _Event) -> dict[str, object]:
    """The stored form of an event: plain JSON, defaults left out, ``kind`` first."""
    return {"kind": event.kind, **to_json(event)}
