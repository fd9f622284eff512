"""The checker of events used before pydantic (``rules/shapes.py`` and ``rules/events.py`` as
they were), kept only for ``test_events_equivalence.py``: the pydantic models must accept and
refuse every event as it did. Remove with that test once the switch is settled."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, TypeVar, dataclass_transform

from titan_campaign.rules.printable import printable
from titan_campaign.rules.wording import field_name, problem_words

Loc = tuple[str | int, ...]
Check = Callable[[Any], Any]
"""Takes a value, returns it as kept (e.g. a list as a tuple), or raises ``Invalid``."""


class Problem(NamedTuple):
    loc: Loc
    type: str
    ctx: Mapping[str, object] = MappingProxyType({})


class Invalid(ValueError):
    """One value refused by a check."""

    def __init__(self, kind: str, **ctx: object) -> None:
        super().__init__(kind)
        self.kind = kind
        self.ctx = ctx


class ShapeError(ValueError):
    """Facts refused, with every problem found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__(self.problems[0].type if self.problems else "")

    def __str__(self) -> str:
        """The first problem in one line, in a player's words, e.g.
        "event 2 (ability_bought), ability: one of power, skill, ..." """
        if not self.problems:
            return "not accepted"
        first = self.problems[0]
        where: list[str] = []
        loc = list(first.loc)
        if loc and isinstance(loc[0], int):
            number = int(loc.pop(0)) + 1
            kind = f" ({loc.pop(0)})" if loc and isinstance(loc[0], str) else ""
            where.append(f"event {number}{kind}")
        if loc:
            where.append(".".join(str(part) for part in loc))
        message = problem_words(field_name(first.loc), first.type, first.ctx)
        return f"{', '.join(where)}: {message}" if where else message


def _located(loc: Loc, error: ShapeError) -> list[Problem]:
    return [Problem(loc + p.loc, p.type, p.ctx) for p in error.problems]


REFUSED = object()
"""What ``run`` gives for a refused value."""


def run(check: Check, value: Any, loc: Loc, problems: list[Problem]) -> Any:
    """``check(value)``, or REFUSED with its problems added to ``problems`` under ``loc``."""
    try:
        return check(value)
    except Invalid as error:
        problems.append(Problem(loc, error.kind, error.ctx))
    except ShapeError as error:
        problems.extend(_located(loc, error))
    return REFUSED


def checking(check: Check, value: Any) -> Any:
    """``check(value)`` for a caller outside the checks: any problem is a ShapeError."""
    problems: list[Problem] = []
    kept = run(check, value, (), problems)
    if problems:
        raise ShapeError(problems)
    return kept


class _Field(NamedTuple):
    check: Check
    default: Any


_REQUIRED = object()


def checked(check: Check, *, default: Any = _REQUIRED) -> Any:
    """A field of a ``Checked`` class, kept only when ``check`` accepts it."""
    return _Field(check, default)


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(checked,))
class Checked:
    """Facts: each subclass declares its fields with ``checked(...)``; it is built from keyword
    arguments, every field checked (all problems at once), and never changes. Equal when of
    the same class with equal fields, and hashable.

    Plain code rather than a dataclass: a command builds about 25 of these classes when it
    starts, and a dataclass takes 0.3 ms each to make (it compiles its methods)."""

    _fields: ClassVar[dict[str, _Field]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = {k: v for k, v in vars(cls).items() if isinstance(v, _Field)}
        for name in declared:
            delattr(cls, name)
        cls._fields = {**cls._fields, **declared}

    def __init__(self, **values: Any) -> None:
        if not values.keys() <= self._fields.keys():
            unknown = ", ".join(sorted(values.keys() - self._fields.keys()))
            raise TypeError(f"{type(self).__name__} has no field {unknown}")
        problems = self._set(values)
        if problems:
            raise ShapeError(problems)

    def _set(self, values: dict[str, Any]) -> list[Problem]:
        problems: list[Problem] = []
        for name, declared in self._fields.items():
            if name in values:
                value = run(declared.check, values[name], (name,), problems)
                if value is REFUSED:
                    continue
            elif declared.default is _REQUIRED:
                problems.append(Problem((name,), "missing"))
                continue
            else:
                value = declared.default
            object.__setattr__(self, name, value)
        return problems

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} cannot be changed: build a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} cannot be changed: build a new one")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(other) == vars(self)

    def __hash__(self) -> int:
        return hash((type(self), *vars(self).values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in vars(self).items())
        return f"{type(self).__name__}({shown})"


C = TypeVar("C", bound=Checked)


def parse(kind: type[C], data: Any) -> C:
    """A ``kind`` built from plain JSON (a dict), or ShapeError with every problem."""
    if isinstance(data, kind):
        return data
    if not isinstance(data, dict):
        raise ShapeError([Problem((), "model_type")])
    if data.keys() <= kind._fields.keys():
        return kind(**data)
    built = kind.__new__(kind)
    problems = built._set({k: v for k, v in data.items() if k in kind._fields})
    problems += [Problem((str(k),), "extra_forbidden") for k in data if k not in kind._fields]
    raise ShapeError(problems)


def replaced(facts: C, **changes: Any) -> C:
    """``facts`` with some fields changed, checked again."""
    return type(facts)(**{**vars(facts), **changes})


# The checks


def whole(ge: int, le: int) -> Check:
    """A whole number from ``ge`` to ``le``."""

    def check(value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise Invalid("int_type")
        if value < ge:
            raise Invalid("greater_than_equal", ge=ge)
        if value > le:
            raise Invalid("less_than_equal", le=le)
        return value

    return check


def text(max_length: int, min_length: int = 0, pattern: str | None = None) -> Check:
    """Text of ``min_length`` to ``max_length`` characters, never holding a character that acts
    on a terminal or hides (``printable.py``)."""
    matches = re.compile(pattern).fullmatch if pattern else None

    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise Invalid("string_type")
        if len(value) < min_length:
            raise Invalid("string_too_short", min_length=min_length)
        if len(value) > max_length:
            raise Invalid("string_too_long", max_length=max_length)
        try:
            kept = printable(value)
        except ValueError as error:
            raise Invalid("value_error", error=str(error)) from None
        if matches and not matches(kept):
            raise Invalid("string_pattern_mismatch", pattern=pattern)
        return kept

    return check


def then(check: Check, meaning: Callable[[Any], Any]) -> Check:
    """``check``, then ``meaning`` (which says what is wrong with a ValueError)."""

    def checks(value: Any) -> Any:
        value = check(value)
        try:
            return meaning(value)
        except ValueError as error:
            raise Invalid("value_error", error=str(error)) from None

    return checks


def one_of(values: Iterable[object]) -> Check:
    allowed = tuple(values)
    said = [repr(v) for v in allowed]
    expected = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]

    def check(value: Any) -> Any:
        for choice in allowed:
            if value == choice and type(value) is type(choice):
                return choice
        raise Invalid("literal_error", expected=expected)

    return check


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise Invalid("bool_type")
    return value


def optional(check: Check) -> Check:
    return lambda value: None if value is None else check(value)


def many(check: Check, max_length: int, min_length: int = 0) -> Check:
    """A list (kept as a tuple) of ``min_length`` to ``max_length`` values, each checked."""

    def checks(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise Invalid("tuple_type")
        if len(value) < min_length:
            raise Invalid("too_short", min_length=min_length)
        if len(value) > max_length:
            raise Invalid("too_long", max_length=max_length)
        problems: list[Problem] = []
        kept = tuple(run(check, item, (i,), problems) for i, item in enumerate(value))
        if problems:
            raise ShapeError(problems)
        return kept

    return checks


def pair(first: Check, second: Check) -> Check:
    """Two values, e.g. ``["Titan", 2]``, kept as a tuple."""

    def checks(value: Any) -> tuple[Any, Any]:
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise Invalid("tuple_type")
        problems: list[Problem] = []
        kept = (run(first, value[0], (0,), problems), run(second, value[1], (1,), problems))
        if problems:
            raise ShapeError(problems)
        return kept

    return checks


def nested(kind: type[Checked]) -> Check:
    """Facts of ``kind``, or a dict of their fields."""
    return lambda value: parse(kind, value)


def by_kind(kinds: Mapping[str, type[C]]) -> Callable[[Any], C]:
    """Facts of one of several kinds, told apart by the dict's ``kind``; their problems are
    placed under the kind, e.g. ``("ability_bought", "ability")``."""

    def checks(value: Any) -> C:
        if not isinstance(value, dict):
            raise Invalid("model_type")
        kind = value.get("kind")
        if not isinstance(kind, str) or kind not in kinds:
            raise Invalid("union_tag_invalid" if "kind" in value else "union_tag_not_found")
        facts = dict(value)
        del facts["kind"]
        try:
            return parse(kinds[kind], facts)
        except ShapeError as error:
            raise ShapeError(_located((kind,), error)) from None

    return checks


def to_json(value: Any) -> Any:
    """Checked facts as plain JSON, fields at their defaults left out."""
    if isinstance(value, Checked):
        return {
            name: to_json(kept)
            for name, kept in vars(value).items()
            if kept != value._fields[name].default
        }
    if isinstance(value, tuple):
        return [to_json(item) for item in value]
    return value


# --- the events, as checked before ---


from datetime import date
from typing import Any, get_args

from titan_campaign.rules.abilities import ABILITIES
from titan_campaign.rules.characters import find_character
from titan_campaign.rules.items import ITEM_TYPES
from titan_campaign.rules.names import UnknownName, check_name
from titan_campaign.rules.spells import SCHOOLS, find_spell

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
