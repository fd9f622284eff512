"""Schema versions: a version-1 database (every history in one file) is read as it is, upgraded
on its first change, and kept as a backup; a newer schema is refused and never overwritten."""

from __future__ import annotations

import json

from titan_campaign.store import CampaignStore
from titan_campaign.store.backups import list_backups
from titan_campaign.store.layout import SCHEMA_VERSION, titans_folder
from titan_campaign.store.migrations import MIGRATIONS


def sheets(cli) -> dict[str, dict]:
    return {name: json.loads(cli.ok("sheet", name, "--format", "json")) for name in ("Thorn", "Bex")}


def test_every_older_schema_has_a_step_to_the_next() -> None:
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA_VERSION))


def test_a_version_1_database_is_read_without_being_written(cli, v1_database) -> None:
    cli.db = v1_database
    original = v1_database.read_bytes()
    thorn = json.loads(cli.ok("sheet", "Thorn", "--format", "json"))
    assert thorn["campaign"] == "Iron Crown" and [g["game"] for g in thorn["games"]] == [1]
    assert "Thorn" in cli.ok("titan", "list") and "Bex" in cli.ok("titan", "list")
    assert "gold" in cli.refused("gold", "Thorn", "-1000")  # a refused change writes nothing, not even the upgrade
    assert v1_database.read_bytes() == original
    assert not titans_folder(v1_database).exists()


def test_the_first_change_upgrades_it_and_keeps_the_version_1_file_as_a_backup(cli, v1_database) -> None:
    cli.db = v1_database
    original = v1_database.read_bytes()
    before = sheets(cli)
    revision = json.loads(original)["meta"]["1"]["revision"]
    cli.ok("redo", "Thorn")  # Thorn's last change was undone in the old file: the redo stack came along
    after = sheets(cli)
    assert after["Thorn"]["gold"] == before["Thorn"]["gold"] + 40
    assert after["Bex"] == before["Bex"]
    index = json.loads(v1_database.read_text())
    meta = index["meta"]["1"]
    assert (meta["schema_version"], meta["revision"]) == (SCHEMA_VERSION, revision + 1)
    assert {entry["name"] for entry in index["titans"].values()} == {"Thorn", "Bex"}
    assert "events" not in json.dumps(index["titans"]).replace('"events":', "")  # histories left the index
    kept = list_backups(v1_database)
    assert len(kept) == 1 and kept[0].path.read_bytes() == original
    assert "(schema 1, upgraded when restored)" in kept[0].summary
    cli.ok("restore", "1")  # back to the version-1 contents, upgraded again
    assert sheets(cli) == before


def test_a_newer_schema_is_refused_and_never_overwritten(cli) -> None:
    newer = {"meta": {"1": {"schema_version": SCHEMA_VERSION + 1, "revision": 40}}, "campaigns": {}, "titans": {}, "quests": {}}
    cli.db.write_text(json.dumps(newer))
    original = cli.db.read_bytes()
    for argv in (("titan", "list"), ("campaign", "new", "Mine", "--base-xp", "0"), ("export",)):
        message = cli.refused(*argv)
        assert f"written by a newer titan-campaign (schema {SCHEMA_VERSION + 1}" in message and str(cli.db) in message
    assert cli.db.read_bytes() == original


def test_a_store_opened_on_a_version_1_file_finds_its_titans_by_name(v1_database) -> None:
    with CampaignStore(v1_database).reading() as session:
        assert session.titan("bex").log.state.name == "Bex"
        assert session.migrated_from == 1
