"""A refused form or file in a player's words: each problem named by its field's label, all at once.

Nothing of the validation library's wording reaches the screen: each kind of problem has its
own sentence ("Battles lost: at least 0", "Date: YYYY-MM-DD").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .facts import ShapeError

FORMATS = {"date": "a day of the calendar, as YYYY-MM-DD"}
"""Fields whose every problem is said by the form they take."""

RULED = {
    ("charisma", "too_long"): "one per Charisma box (R3, R10)",
    ("upgrades", "too_long"): "one per Leadership box (R3, R10)",
    ("members", "too_long"): "the slots of level 10 and above (R9)",
    ("charges", "greater_than_equal"): "as an item with none left leaves play (R11)",
}
"""Bounds a rule sets, said with the rule: ``at most 3, one per Charisma box (R3, R10)``."""


def _label(field: str, labels: Mapping[str, str]) -> str:
    return labels.get(field, field.replace("_", " ").capitalize())


def problem_text(field: str, kind: str, context: Mapping[str, object], label: str) -> str:
    """One problem of one field, e.g. ``Score: at least 0``."""
    return f"{label}: {problem_words(field, kind, context)}"


def problem_words(field: str, kind: str, context: Mapping[str, object]) -> str:
    """What a field must be, in a player's words: ``at least 0``, ``YYYY-MM-DD``."""
    if field in FORMATS:
        return FORMATS[field]
    said: dict[str, Callable[[], str]] = {
        "greater_than_equal": lambda: f"at least {context.get('ge')}",
        "greater_than": lambda: f"more than {context.get('gt')}",
        "less_than_equal": lambda: f"at most {context.get('le')}",
        "less_than": lambda: f"less than {context.get('lt')}",
        "string_too_short": lambda: (
            "empty"  # there but empty: "required" read as if it were missing
            if context.get("min_length") == 1
            else f"at least {context.get('min_length')} characters"
        ),
        "string_too_long": lambda: f"at most {context.get('max_length')} characters",
        "too_long": lambda: f"at most {context.get('max_length')}",
        "too_short": lambda: f"at least {context.get('min_length')}",
        "int_parsing": lambda: "a whole number",
        "int_type": lambda: "a whole number",
        "int_from_float": lambda: "a whole number",
        "missing": lambda: "required",
        "string_type": lambda: "text",
        "string_unicode": lambda: (
            "text with half of a character's code (such as \\ud83d), its other half deleted"
        ),
        "bool_type": lambda: "true or false",
        "list_type": lambda: "a list",
        "tuple_type": lambda: "a list",
        "dict_type": lambda: "an object",
        "model_type": lambda: "an object",
        "model_attributes_type": lambda: "an object",
        "extra_forbidden": lambda: "not one of its fields",
        "union_tag_invalid": lambda: (
            f"a kind this version knows, not {context.get('tag')!r} (a newer version's, or"
            " mistyped)"
        ),
        "union_tag_not_found": lambda: "its kind (which event it is)",
        "finite_number": lambda: "a finite number",
        "literal_error": lambda: "one of " + str(context.get("expected", "")).replace("'", ""),
        "value_error": lambda: str(context.get("error", "not accepted")),
    }
    words = said.get(kind, lambda: "not accepted")()
    ruled = RULED.get((field, kind))
    return f"{words}, {ruled}" if ruled else words


def field_name(loc: Sequence[str | int]) -> str:
    """The name of the field a problem is in: the last name of its place."""
    names = [part for part in loc if isinstance(part, str)]
    return names[-1] if names else ""


def field_problems(error: ShapeError, labels: Mapping[str, str]) -> dict[str, str]:
    """Every problem of a refused form, by field name (the last name in the problem's place;
    the first problem of a field is kept)."""
    problems: dict[str, str] = {}
    for problem in error.problems:
        field = field_name(problem.loc)
        if field not in problems:
            label = _label(field, labels)
            problems[field] = problem_text(field, problem.type, problem.ctx, label)
    return problems


def in_one_line(error: ShapeError, labels: Mapping[str, str]) -> str:
    """Every field's problem in one line, each field named as ``labels`` says (as the player
    typed it: ``battle-won``, ``--battle-won``)."""
    return "; ".join(field_problems(error, labels).values())
