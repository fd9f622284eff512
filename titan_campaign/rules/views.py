"""What every view shares: its JSON, made from the view's own fields, so a printed key can
never drift from the field a printer or a screen reads.

A view is a frozen dataclass (``slots``) whose fields are plain figures, text, other views,
tuples of them, or mappings of names to figures. ``view_json`` turns one into JSON-ready
data (tuples become lists), its fields in order; a field named in ``OMITTED_WHEN_EMPTY`` is
left out while it is empty (a game's ``played_in``, set only for another campaign's games).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Json: TypeAlias = "str | int | float | bool | None | list[Json] | dict[str, Json]"
JsonObject: TypeAlias = "dict[str, Json]"

OMITTED_WHEN_EMPTY = frozenset({"played_in"})
"""Fields left out of the JSON while empty: a game played in this campaign has no
``played_in`` key at all."""


def view_json(view: DataclassInstance) -> JsonObject:
    """The view as JSON-ready data: each field under its own name, in order."""
    data: JsonObject = {}
    for field in fields(view):
        value = _json(getattr(view, field.name))
        if value or field.name not in OMITTED_WHEN_EMPTY:
            data[field.name] = value
    return data


def _json(value: object) -> Json:
    if is_dataclass(value) and not isinstance(value, type):
        return view_json(value)
    if isinstance(value, tuple | list):
        return [_json(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _json(item) for key, item in value.items()}
    if value is None or isinstance(value, str | int | float):
        return value
    raise TypeError(f"a view holds plain values, not {type(value).__name__}")
