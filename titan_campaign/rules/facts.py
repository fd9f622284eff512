"""Facts that come from outside (a file, a form, a command) are pydantic models: frozen, no
field but their own, every field checked when one is built.

A refusal is a ``ShapeError`` holding every problem pydantic found at once, each with its place
(``loc``), its kind and what it needed (``ctx``); ``wording.py`` says them in a player's words,
so nothing of pydantic's own wording reaches a player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Any, NamedTuple, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    GetCoreSchemaHandler,
    Strict,
    ValidationError,
)
from pydantic_core import PydanticCustomError, core_schema

from .printable import printable
from .wording import field_name, problem_words

Loc = tuple[str | int, ...]


class Problem(NamedTuple):
    loc: Loc
    type: str
    ctx: Mapping[str, object] = MappingProxyType({})


class ShapeError(ValueError):
    """Facts refused, with every problem found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__(self.problems[0].type if self.problems else "")

    @classmethod
    def of(cls, error: ValidationError) -> ShapeError:
        """pydantic's refusal as ours: each problem placed as pydantic places it, but a dict's
        key is named by the dict (``titans``, not ``titans.5x.[key]``)."""
        problems: list[Problem] = []
        found_all = error.errors()
        short = {  # a pair with an item missing: a list of the wrong length, said of the pair
            tuple(found["loc"][:-1])
            for found in found_all
            if found["type"] == "missing" and found["loc"] and isinstance(found["loc"][-1], int)
        }
        for found in found_all:
            loc = list(found["loc"])
            if any(tuple(loc[: len(pair)]) == pair for pair in short):
                pair_problem = Problem(tuple(loc[:-1]), "tuple_type", {})
                if found["type"] == "missing" and pair_problem not in problems:
                    problems.append(pair_problem)
                continue
            if "[key]" in loc:
                at = loc.index("[key]")
                del loc[at - 1 : at + 1]
            problems.append(Problem(tuple(loc), found["type"], found.get("ctx", {})))
        return cls(problems)

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
        # a value's own words name it: its place in a list adds nothing
        if first.type == "value_error":
            loc = [part for part in loc if isinstance(part, str)]
        if loc:
            where.append(".".join(str(part) for part in loc))
        message = problem_words(field_name(first.loc), first.type, first.ctx)
        return f"{', '.join(where)}: {message}" if where else message


class Facts(BaseModel):
    """Facts from outside: built from plain JSON (``parse``: all problems at once, as a
    ``ShapeError``) or from keyword arguments (pydantic's ``ValidationError``, said as a
    ``ShapeError`` by ``ShapeError.of``), every field checked, and never changed."""

    # each kind's validator is built when it is first used, not when the program starts: a
    # command pays only for the kinds it checks (bench/bench_cli.py)
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


F = TypeVar("F", bound=Facts)


def parse(kind: type[F], data: Any) -> F:
    """A ``kind`` built from plain JSON (a dict), or ShapeError with every problem."""
    try:
        return kind.model_validate(data)
    except ValidationError as error:
        raise ShapeError.of(error) from None


def replaced(facts: F, **changes: Any) -> F:
    """``facts`` with some fields changed, checked again."""
    return parse(type(facts), {**dict(facts), **changes})


def to_json(facts: Facts) -> dict[str, Any]:
    """Facts as plain JSON, fields at their defaults left out."""
    return facts.model_dump(mode="json", exclude_defaults=True)


# The kinds of field

Whole = Annotated[int, Strict()]
"""A whole number (neither ``true`` nor ``2.0``); its bounds are given by ``Field(ge=, le=)``."""
Flag = Annotated[bool, Strict()]
Text = Annotated[str, Strict()]
PRINTABLE = AfterValidator(printable)
"""Refuses text holding a character that acts on a terminal or hides (``printable.py``)."""


def _said(values: tuple[object, ...]) -> str:
    said = [repr(v) for v in values]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]


@dataclass(frozen=True)
class OneOf:
    """One of these values, of the same type (``100``, not ``100.0`` or ``true``): pydantic's
    literal, which alone would take ``100.0`` for ``100``.

    >>> class Start(Facts):
    ...     base_xp: Annotated[int, OneOf((0, 100, 200))]
    >>> Start(base_xp=100.0)
    Traceback (most recent call last):
    titan_campaign.rules.facts.ShapeError: base_xp: one of 0, 100 or 200
    """

    values: tuple[object, ...]

    def _same_type(self, value: Any) -> Any:
        if not any(value == v and type(value) is type(v) for v in self.values):
            raise PydanticCustomError(
                "literal_error", "Input should be {expected}", {"expected": _said(self.values)}
            )
        return value

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_before_validator_function(
            self._same_type, core_schema.literal_schema(list(self.values))
        )
