"""Reading and checking the other copy a merge takes in: a campaign database or an export of
one, every campaign replayed through the rules, and no campaign holding changes of one of this
file's under another campaign id."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..rules.printable import shown
from .database import Database
from .documents import EXPORT_FORMAT
from .exchange import ExportFile, check_export, export_tables, read_export
from .files import NotJson, StoreError, read_bytes
from .upgrade import NoSchema


def read_copy(path: Path) -> dict[str, Any]:
    """The other copy's tables, every campaign replayed through the rules; StoreError in one
    line if it is neither a campaign database nor an export of one (saying what to give
    instead), is damaged or newer than this version."""
    try:
        raw = read_bytes(path, "campaign database or an export")
        if raw is None:
            raise StoreError(f"{path} does not exist")
        if _is_export(raw):
            return export_copy(path, read_export(path))
        return Database(path).checked_tables(raw=raw)
    except (NotJson, NoSchema) as error:
        why = f": {error.why};" if isinstance(error, NotJson) else ":"
        raise StoreError(
            f"{path} is neither a campaign database nor an export{why} give a copy of the"
            " database or a file `titan-campaign export` wrote; nothing merged"
        ) from None
    except StoreError as error:
        message = str(error).removesuffix(" (left untouched)").removesuffix("; left untouched")
        message = message.removesuffix(": upgrade titan-campaign").removesuffix(
            "; nothing imported"
        )
        raise StoreError(f"{message}; nothing merged") from None


def _is_export(raw: bytes) -> bool:
    """Whether a file reads as an export (``titan-campaign export``) rather than a database."""
    try:
        found = json.loads(raw)
    except ValueError:
        return False
    return isinstance(found, dict) and found.get("format") == EXPORT_FORMAT


def export_copy(path: Path, exported: ExportFile) -> dict[str, Any]:
    """An export as a copy of the database it was made from (``export_tables``), every
    campaign checked as an import checks it (``check_export``: a text that would act on a
    terminal is refused, as in any file imported); StoreError if anything is wrong."""
    check_export(path, exported)
    tables = export_tables(path, exported)
    return Database(path).checked_tables(raw=json.dumps(tables, ensure_ascii=False).encode())


def _check_same_ids(mine: dict[str, Any], theirs: dict[str, Any], source: str) -> None:
    """StoreError if a campaign holds changes of one of this file's under another campaign id
    (an id edited or removed by hand): merged, it would come in as a second campaign."""

    def owners(tables: dict[str, Any]) -> dict[str, tuple[str, str]]:
        """Each change's id: its campaign's id and name."""
        campaigns = tables.get("campaigns", {})
        found = {}
        for change in tables.get("changes", {}).values():
            campaign = campaigns.get(str(change.get("campaign")), {})
            found[change.get("id", "")] = (str(campaign.get("id", "")), str(campaign.get("name")))
        return found

    here = owners(mine)
    for change, (theirs_id, theirs_name) in owners(theirs).items():
        mine_id, mine_name = here.get(change, (theirs_id, ""))
        if change and mine_id != theirs_id:
            raise StoreError(
                f'{source}: its campaign "{shown(theirs_name)}" holds changes of'
                f' "{shown(mine_name)}" here, under another campaign id ({theirs_id or "none"}'
                f" there, {mine_id or 'none'} here: edited by hand?); give both the same id"
                " and merge again; nothing merged"
            )
