"""The file's version: a counter in its ``meta`` document, one more with every version written
(a change, an undo or redo, a restore, an import, a merge, an upgrade), and what each of the
latest versions changed. A program that holds the file open asks "what changed since version
N" and redraws only what it must; nothing has to guess from the file's inode or time."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Any, NamedTuple

VERSION = "version"
"""A key of the ``meta`` document: the file's version, one more with every version written."""

RECENT = "recent"
"""A key of the ``meta`` document: what the latest versions changed, oldest first (at most
``KEPT``): ``{"version", "text", "campaigns": {ID: [TITAN, ...]}, "whole"}``; a campaign with
no Titans listed changed itself (its name, or it was added or deleted)."""

KEPT = 50


class Announced(NamedTuple):
    """What one version of the file changed: its change's line, the campaigns (by id) and
    their Titans (by id) it touched; ``whole``: the file was replaced whole (a restore, an
    upgrade, a merge undone), so anything may have changed."""

    version: int
    text: str
    campaigns: Mapping[str, frozenset[int]]
    whole: bool = False


class Changes(NamedTuple):
    """What changed in the file after a version: ``version`` is the file's version now, and
    ``announced`` each later version's changes, oldest first. ``whole``: the versions in
    between are no longer all told (or the file went back to an earlier version), so
    anything may have changed."""

    version: int
    announced: tuple[Announced, ...]
    whole: bool

    @property
    def campaigns(self) -> set[str]:
        """The campaigns (by id) any of these versions touched."""
        return {key for told in self.announced for key in told.campaigns}

    @property
    def titans(self) -> set[tuple[str, int]]:
        """The Titans (campaign id, Titan id) any of these versions touched."""
        return {
            (key, tid)
            for told in self.announced
            for key, ids in told.campaigns.items()
            for tid in ids
        }


def _meta(tables: Mapping[str, Any]) -> dict[str, Any]:
    meta = tables.get("meta", {})
    first: Any = next(iter(meta.values()), {}) if isinstance(meta, dict) else {}
    return first if isinstance(first, dict) else {}


def version_of(tables: Mapping[str, Any]) -> int:
    """The file's version (0 for a file written before versions were counted)."""
    found = _meta(tables).get(VERSION, 0)
    return found if type(found) is int and found >= 0 else 0


def _told(raw: Any) -> Announced | None:
    if not isinstance(raw, dict) or type(raw.get(VERSION)) is not int:
        return None
    campaigns = raw.get("campaigns", {})
    if not isinstance(campaigns, dict):
        return None
    touched = {
        str(key): frozenset(tid for tid in ids if type(tid) is int)
        for key, ids in campaigns.items()
        if isinstance(ids, list)
    }
    return Announced(raw[VERSION], str(raw.get("text", "")), touched, raw.get("whole") is True)


def changes_since(tables: Mapping[str, Any], since: int) -> Changes:
    """What the versions after ``since`` changed, as the file tells it."""
    now = version_of(tables)
    recent = _meta(tables).get(RECENT, [])
    told = [found for raw in recent if (found := _told(raw))] if isinstance(recent, list) else []
    later = tuple(found for found in told if found.version > since)
    numbers = {found.version for found in later}
    complete = numbers == set(range(since + 1, now + 1))
    return Changes(now, later, since > now or not complete or any(t.whole for t in later))


def with_version(
    tables: dict[str, Any],
    version: int,
    text: str,
    touched: Mapping[str, AbstractSet[int]],
    whole: bool = False,
) -> dict[str, Any]:
    """The tables as version ``version`` of the file, which says ``text`` and changed
    ``touched`` (campaign id: its Titans' ids), or, ``whole``, replaced everything."""
    meta = dict(tables.get("meta", {}))
    first = next(iter(meta), "1")
    doc = dict(meta.get(first, {}))
    recent = doc.get(RECENT, [])
    told: dict[str, Any] = {
        VERSION: version,
        "text": text,
        "campaigns": {key: sorted(ids) for key, ids in touched.items()},
    }
    if whole:
        told["whole"] = True
    kept = [*(recent if isinstance(recent, list) else []), told][-KEPT:]
    meta[first] = {**doc, VERSION: version, RECENT: kept}
    return {**tables, "meta": meta}
