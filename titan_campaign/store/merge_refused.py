"""The file beside the database where merges keep what they refused
(``campaigns.json.refused.json``) and the campaigns they kept deleted: written whole, read back
so that what an earlier merge refused is not told again, and marked when a merge is undone or a
backup restored, so that the next merge tells it again."""

from __future__ import annotations

import json
from collections.abc import Mapping
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any

from .documents import REFUSED_FORMAT
from .files import StoreError, parse_json, read_bytes, write_atomically
from .merge_order import _moment
from .merge_result import Merged


def refused_file(database: Path) -> Path:
    """Where a database's refused changes are kept (one of the database's own files)."""
    return database.with_name(database.name + ".refused.json")


UNDONE = "merge_undone_at"
"""A key of a refused change kept beside the database: when the merge that refused it was
undone (the next merge of the copy tells it again, and keeps it again)."""


def _refusal(what: str, kept: Any) -> str:
    return json.dumps([what, kept], sort_keys=True, ensure_ascii=False)


def _refusals_in_force(found: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The refusals kept in the file of refused changes (``found``, as ``check_refused``
    reads it), but for those of a merge undone since."""
    entries = found.get("refused")
    return [
        e
        for e in (entries if isinstance(entries, list) else [])
        if isinstance(e, dict) and UNDONE not in e
    ]


def refused_before(found: Mapping[str, Any]) -> set[str]:
    """The refusals kept in the file of refused changes (``_refusal``)."""
    return {_refusal(str(e.get("what")), e.get("change")) for e in _refusals_in_force(found)}


def refused_ids(found: Mapping[str, Any]) -> set[str]:
    """The ids of the changes earlier merges refused (``_refusals_in_force``; not those made
    alike on both copies, which are judged alike again)."""
    return {
        str(e["change"]["id"])
        for e in _refusals_in_force(found)
        if isinstance(e.get("change"), dict) and e["change"].get("id") and not e.get("alike")
    }


def _refused_data(database: Path) -> dict[str, Any] | None:
    try:
        return check_refused(database)
    except StoreError:
        return None


def check_refused(database: Path) -> dict[str, Any] | None:
    """The file of refused changes beside the database (None if there is none); StoreError
    if it cannot be read as one (a folder, a damaged file): what earlier merges refused is
    then unknown, and what a merge refuses could not be kept."""
    path = refused_file(database)
    raw = read_bytes(path, "file of refused changes")
    if raw is None:
        return None
    found = parse_json(path, raw, "file of refused changes")
    if not isinstance(found, dict) or found.get("format") != REFUSED_FORMAT:
        raise StoreError(f"{path} is not a file of refused changes")
    return found


def kept_deleted(found: Mapping[str, Any]) -> set[str]:
    """The campaigns merges kept deleted, against each copy's version of them (``_kept_key``),
    as remembered beside the database, in its file of refused changes (``found``)."""
    entries = found.get("kept_deleted")
    return {str(e) for e in (entries if isinstance(entries, list) else []) if isinstance(e, str)}


def keep_refused(database: Path, merged: Merged, at: str) -> None:
    """Add the merge's refused changes to the file beside the database (each kept once), and
    the campaigns it kept deleted (``kept_deleted``)."""
    data: dict[str, Any] = {"format": REFUSED_FORMAT, "refused": []}
    found = check_refused(database)
    if found is not None and isinstance(found.get("refused"), list):
        data = found
    for refused in merged.refused:
        data["refused"].append(
            {
                "merged_at": at,
                "from": merged.source,
                "campaign": refused.campaign,
                "what": refused.what,
                "reason": refused.reason,
                "change": refused.kept,
                **({"alike": True} if refused.alike else {}),
            }
        )
    if merged.kept_deleted:
        told = data.get("kept_deleted")
        told = told if isinstance(told, list) else []
        data["kept_deleted"] = [*told, *(key for key in merged.kept_deleted if key not in told)]
    _write_refused(database, data)


def _write_refused(database: Path, data: Mapping[str, Any]) -> None:
    """The file of refused changes beside the database, written whole."""
    payload = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    write_atomically(refused_file(database), payload.encode())


def forget_refused_since(database: Path, taken: datetime, at: str) -> None:
    """A backup taken at ``taken`` restored at ``at``: the changes merges refused since it was
    taken (their merges are taken back too) are marked as refused by a merge undone, as an
    undo of those merges marks them (kept whole, never removed), so that merging the copy
    again judges them again. A file of refused changes that cannot be read or written is
    left as it is: those changes are then told as refused before, and still kept there."""
    found = _refused_data(database)
    if found is None:
        return
    taken_back = [
        entry
        for entry in _refusals_in_force(found)
        if _moment(str(entry.get("merged_at", ""))) >= taken
    ]
    for entry in taken_back:
        entry[UNDONE] = at
    if taken_back:
        with suppress(StoreError):
            _write_refused(database, found)


def forget_kept_deleted(database: Path, merge: Mapping[str, Any], at: str) -> None:
    """A merge undone (``merge`` its note, ``Session.merge_note``) at time ``at``: the
    campaigns it was the first to keep deleted are forgotten beside the database, and the
    changes it was the first to refuse are marked as refused by a merge undone (kept whole, never
    removed), so that merging the same copy again says both again, as a first merge does."""
    undone = merge.get("kept_deleted")
    refusals = merge.get("refused")
    undone = undone if isinstance(undone, list) else []
    refusals = {r for r in refusals if isinstance(r, str)} if isinstance(refusals, list) else set()
    found = _refused_data(database)
    if (not undone and not refusals) or found is None:
        return
    told = found.get("kept_deleted")
    if isinstance(told, list):
        found["kept_deleted"] = [key for key in told if key not in undone]
    for entry in _refusals_in_force(found):
        if _refusal(str(entry.get("what")), entry.get("change")) in refusals:
            entry[UNDONE] = at
    _write_refused(database, found)
