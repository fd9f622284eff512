"""The JSON Schema of the files titan-campaign writes, made from the models that check them:
the database (``campaigns.json``), an export of campaigns and a Titan file. Published under
``docs/schema/`` (and by ``titan-campaign schema database``) so that a player's editor can check
a file edited by hand; a test keeps the published files equal to the models.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import ConfigDict, Field, StringConstraints

from ..rules.facts import Facts, Whole
from .documents import CampaignDoc, ChangeDoc, DeletionDoc, Line
from .exchange import ExportFile, TitanFile

DocNumber = Annotated[str, StringConstraints(pattern=r"^[1-9][0-9]{0,8}$")]
"""A document's number in its table (tinydb's document id, as text)."""
NUMBERED: dict[str, Any] = {"additionalProperties": False}
"""A table's schema: no key but a document's number."""


class Announced(Facts):
    """What one version of the file changed (see ``store.versions``)."""

    model_config = ConfigDict(extra="allow")  # the file's own notes: the program reads only these

    version: Annotated[Whole, Field(ge=1)]
    text: str = ""
    campaigns: dict[str, list[Whole]] = Field(default_factory=dict)
    """By campaign id, the ids of its Titans the version touched (none: the campaign itself)."""
    whole: bool = False
    """The file was replaced whole (a restore, an upgrade, a merge undone)."""


class MetaDoc(Facts):
    """The file's own facts: its schema version, its version (one more with every version
    written) and what the latest versions changed, and what ``undo`` needs to know of the
    file's latest change when it is not a change of one campaign."""

    model_config = ConfigDict(extra="allow")  # the file's own notes: the program reads only these

    schema_version: Annotated[Whole, Field(ge=1)]
    version: Whole = 0
    recent: list[Announced] = Field(default_factory=list)
    """What the latest versions changed, oldest first."""
    not_undoable: Line = ""
    """The line of the latest change when ``undo`` cannot take it back."""
    merged: dict[str, Any] | None = None
    """After a merge: its line and the documents it changed, as they were."""
    merge_undone: Line = ""
    """After a merge was undone: the merge's line (``redo`` does not bring a merge back)."""
    sealed: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")] | None = None
    """The SHA-256 of the file as titan-campaign wrote it, with these digits read as zeros: a
    file changed since (by hand, say) no longer matches, and is checked whole when read."""


class DatabaseFile(Facts):
    """A titan-campaign database (``campaigns.json``): a tinydb file of three tables, and a
    fourth once a campaign is deleted."""

    meta: dict[DocNumber, MetaDoc] = Field(json_schema_extra=NUMBERED)
    campaigns: dict[DocNumber, CampaignDoc] = Field(
        default_factory=dict, json_schema_extra=NUMBERED
    )
    changes: dict[DocNumber, ChangeDoc] = Field(default_factory=dict, json_schema_extra=NUMBERED)
    deleted: dict[DocNumber, DeletionDoc] = Field(default_factory=dict, json_schema_extra=NUMBERED)


SCHEMAS: dict[str, type[Facts]] = {
    "database": DatabaseFile,
    "export": ExportFile,
    "titan": TitanFile,
}
"""Each file's model, by the name ``titan-campaign schema`` takes."""


def schema_text(which: str) -> str:
    """The JSON Schema of one kind of file, as published (``docs/schema/WHICH.schema.json``)."""
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **SCHEMAS[which].model_json_schema(),
    }
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
