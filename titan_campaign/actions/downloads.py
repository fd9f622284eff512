"""Printouts and exports made in memory, for a browser tab to download: a served tab never
writes the host's disk, so these return the file's bytes and write nothing."""

from typing import Any

from ..rules.titan import TitanState
from ..store import Database, now_iso
from ..store.exchange import titan_export_text
from .common import _campaign_of, _printed_sheet, read_campaign, titan_sheet


def printout(
    db: Database,
    what: str,
    format: str,
    paper: str = "a4",
    campaign: str | None = None,
    titan: str | None = None,
) -> bytes:
    """What ``print_to_file`` would write, as bytes (the same printouts and refusals)."""
    from ..printing.render import render  # PDF and fonts load only when printing

    data: dict[str, Any] | list[dict[str, Any]] | None = None
    campaign_name = ""
    if what == "campaign":
        found = read_campaign(db, campaign)
        campaign_name = found.name
        data = [
            _printed_sheet(found.state(t), found.name, found.histories[t])
            for t in found.titan_ids
            if not found.state(t).archived
        ]
    elif titan and what != "blank":
        data = titan_sheet(db, titan, campaign)
    made = render(what, format, data, paper, campaign=campaign_name)
    return made if isinstance(made, bytes) else made.encode()


def titan_export(db: Database, titan: str, campaign: str | None = None) -> tuple[TitanState, bytes]:
    """What ``export_titan`` would write: the Titan with its whole history, as bytes."""
    with db.reading() as session:
        found = _campaign_of(session, titan, campaign).campaign
    titan_id = found.titan_id(titan)
    state = found.state(titan_id)
    return state, titan_export_text(state, found.histories[titan_id], now_iso()).encode()
