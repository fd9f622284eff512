"""The shape of facts that come from outside (a file, a form, a command): each field of a
``Checked`` class carries its check, and building one runs them all.

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
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, TypeVar, dataclass_transform

from .printable import printable
from .wording import field_name, problem_words

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
