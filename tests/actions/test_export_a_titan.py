"""A player exports a Titan to take it to another campaign: the file is the same whether the
command line writes it or a served tab downloads it, and names the campaign it was played in."""

from __future__ import annotations

import json
from pathlib import Path

from titan_campaign import actions
from titan_campaign.store import Database


def test_a_titan_downloaded_from_a_tab_names_its_campaign_as_the_command_lines_file_does(
    tmp_path: Path,
) -> None:
    db = Database(tmp_path / "campaigns.json")
    crown = actions.new_campaign(db, "The Iron Crown", 200).ref
    thorn = actions.add_titan(db, crown, "Thorn", "Ann").titan
    written = tmp_path / "thorn.json"
    actions.export_titan(db, thorn, written)
    _, downloaded = actions.titan_export(db, thorn)
    on_disk, in_tab = json.loads(written.read_bytes()), json.loads(downloaded)
    assert on_disk["campaign"] == in_tab["campaign"] == "The Iron Crown"
    on_disk.pop("exported"), in_tab.pop("exported")
    assert on_disk == in_tab
