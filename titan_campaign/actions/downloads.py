"""Printouts and exports made in memory, for a browser tab to download: a served tab never
writes the host's disk, so these return the file's bytes and write nothing."""

from ..rules.titan import TitanState
from ..store import Database, now_iso
from ..store.exchange import titan_export_text
from .common import _partial
from .ids import CampaignRef, TitanRef
from .printing import print_data


def printout(
    db: Database,
    what: str,
    format: str,
    paper: str = "a4",
    campaign: CampaignRef | None = None,
    titan: TitanRef | None = None,
) -> bytes:
    """What ``print_to_file`` would write, as bytes (the same printouts and refusals)."""
    from ..printing.render import render  # PDF and fonts load only when printing

    data, campaign_name = print_data(db, what, campaign, titan)
    made = render(what, format, data, paper, campaign=campaign_name)
    return made if isinstance(made, bytes) else made.encode()


def titan_export(db: Database, titan: TitanRef) -> tuple[TitanState, bytes]:
    """What ``export_titan`` writes: the Titan with its whole history and the campaign it was
    played in, as bytes."""
    found = _partial(db, [titan])
    titan_id = titan.titan
    state = found.state(titan_id)
    text = titan_export_text(
        state,
        found.histories[titan_id],
        now_iso(),
        found.name,
        titan.campaign.id,
        found.origin(titan_id),
    )
    return state, text.encode()
