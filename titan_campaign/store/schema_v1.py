"""The layout of a schema-version-1 database: one tinydb file holding every Titan's history.
Read only to upgrade such a file (``migrations.py``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .checks import MAX_HISTORY


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class V1Campaign(_Strict):
    name: Annotated[str, Field(min_length=1, max_length=60)]
    base_xp: Literal[0, 100, 200]
    created: Annotated[str, Field(max_length=40)] = ""


class V1Titan(_Strict):
    campaign: int
    events: Annotated[list[dict[str, Any]], Field(min_length=1, max_length=MAX_HISTORY)]
    undone: Annotated[list[dict[str, Any]], Field(max_length=MAX_HISTORY)] = []


class V1Meta(_Strict):
    schema_version: Literal[1]
    revision: Annotated[int, Field(ge=0)] = 0


class V1Database(BaseModel):
    model_config = ConfigDict(extra="allow")

    meta: dict[str, V1Meta]
    campaigns: dict[str, V1Campaign] = {}
    titans: dict[str, V1Titan] = {}
