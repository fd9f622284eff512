"""The shape of facts that come from outside (a file, a form, a command): each field of a frozen
dataclass carries its check, and building the dataclass runs them all.

A refusal is a ``ShapeError`` holding every problem at once, each with its place (``loc``), its
kind and what it needed (``ctx``); ``wording.py`` says them in a player's words. The kinds are
the usual validation names (``missing``, ``less_than_equal``, ``literal_error``...).

    >>> class Gold(Checked):
    ...     amount: int = checked(whole(-10, 10))
    >>> Gold(amount=11)
    Traceback (most recent call last):
    titan_campaign.rules.shapes.ShapeError: amount: 10 or less
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, TypeVar, dataclass_transform

from .wording import field_name, problem_words

Loc = tuple[str | int, ...]
Check = Callable[[Any], Any]
"""Takes a value, returns it as kept (e.g. a list as a tuple), or raises ``Invalid``."""


@dataclass(frozen=True)
class Problem:
    loc: Loc
    type: str
    ctx: Mapping[str, object] = field(default_factory=dict)


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


def run(check: Check, value: Any, loc: Loc, problems: list[Problem]) -> Any:
    """``check(value)``, its problems added to ``problems`` under ``loc``."""
    try:
        return check(value)
    except Invalid as error:
        problems.append(Problem(loc, error.kind, error.ctx))
    except ShapeError as error:
        problems.extend(_located(loc, error))
    return None


def checked(check: Check, *, default: Any = MISSING) -> Any:
    """A field kept only when ``check`` accepts it."""
    return field(default=default, metadata={"check": check})


@dataclass(frozen=True)
class _Fields:
    """A checked dataclass's fields: each name with its check, and which have no default."""

    checks: tuple[tuple[str, Check], ...]
    names: frozenset[str]
    required: frozenset[str]


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(checked,))
class Checked:
    """Facts: each subclass is a frozen dataclass (keyword arguments only) whose fields are
    declared with ``checked(...)``, all checked when it is built."""

    _known: ClassVar[dict[type, _Fields]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True, kw_only=True)(cls)
        declared = [f for f in fields(cls) if f.metadata]  # type: ignore[arg-type]
        Checked._known[cls] = _Fields(
            tuple((f.name, f.metadata["check"]) for f in declared),
            frozenset(f.name for f in declared),
            frozenset(
                f.name for f in declared if f.default is MISSING and f.default_factory is MISSING
            ),
        )

    def __post_init__(self) -> None:
        problems: list[Problem] = []
        for name, check in Checked._known[type(self)].checks:
            value = getattr(self, name)
            kept = run(check, value, (name,), problems)
            if kept is not value and not problems:
                object.__setattr__(self, name, kept)
        if problems:
            raise ShapeError(problems)


C = TypeVar("C", bound=Checked)


def parse(kind: type[C], data: Any) -> C:
    """A ``kind`` built from plain JSON (a dict), or ShapeError with every problem."""
    if isinstance(data, kind):
        return data
    if not isinstance(data, dict):
        raise ShapeError([Problem((), "model_type")])
    known = Checked._known[kind]
    if data.keys() <= known.names and known.required <= data.keys():
        return kind(**data)  # which checks every field
    problems: list[Problem] = []
    for name, check in known.checks:
        if name in data:
            run(check, data[name], (name,), problems)
        elif name in known.required:
            problems.append(Problem((name,), "missing"))
    problems += [Problem((str(k),), "extra_forbidden") for k in data if k not in known.names]
    raise ShapeError(problems)


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
    matches = re.compile(pattern).fullmatch if pattern else None

    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise Invalid("string_type")
        if len(value) < min_length:
            raise Invalid("string_too_short", min_length=min_length)
        if len(value) > max_length:
            raise Invalid("string_too_long", max_length=max_length)
        if matches and not matches(value):
            raise Invalid("string_pattern_mismatch", pattern=pattern)
        return value

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
    """A dataclass of ``kind``, or a dict of its fields."""
    return lambda value: parse(kind, value)


def by_kind(kinds: Mapping[str, type[C]]) -> Callable[[Any], C]:
    """One of several dataclasses, told apart by the dict's ``kind``; its problems are placed
    under the kind, e.g. ``("ability_bought", "ability")``."""

    def checks(value: Any) -> C:
        if not isinstance(value, dict):
            raise Invalid("model_type")
        kind = value.get("kind")
        if not isinstance(kind, str) or kind not in kinds:
            raise Invalid("union_tag_invalid" if "kind" in value else "union_tag_not_found")
        try:
            return parse(kinds[kind], {k: v for k, v in value.items() if k != "kind"})
        except ShapeError as error:
            raise ShapeError(_located((kind,), error)) from None

    return checks


def to_json(value: Any) -> Any:
    """A checked dataclass as plain JSON, fields at their defaults left out."""
    if isinstance(value, Checked):
        data = {}
        for f in fields(value):  # type: ignore[arg-type]
            kept = getattr(value, f.name)
            if f.default is MISSING or kept != f.default:
                data[f.name] = to_json(kept)
        return data
    if isinstance(value, tuple):
        return [to_json(item) for item in value]
    return value
