"""Schema versions: files written by earlier releases (schema 1: every history in one file;
schema 2: an index, one history file per Titan, backups) are read as they are, upgraded on
their first change with the old file kept as a backup, and give the very same sheets. A newer
schema is refused and never overwritten."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from titan_campaign.store.backups import list_backups
from titan_campaign.store.documents import SCHEMA_VERSION

FIXTURES = Path(__file__).parent / "fixtures"


def sheets(cli, *names: str) -> dict[str, dict]:
    """The sheets as the release that wrote the fixture showed them (figures added to the sheet
    since then are left out)."""
    fixture = json.loads((FIXTURES / "v2-sheets.json").read_text())
    known = fixture["Thorn"].keys()
    known_game = {key for sheet in fixture.values() for game in sheet["games"] for key in game}
    shown = {}
    for name in names:
        sheet = json.loads(cli.ok("sheet", name, "--format", "json"))
        sheet["games"] = [
            {key: value for key, value in game.items() if key in known_game}
            for game in sheet["games"]
        ]
        shown[name] = {key: value for key, value in sheet.items() if key in known}
    return shown


def v2_database(tmp_path: Path) -> Path:
    """A copy of the schema-2 database written by the release before the change log."""
    folder = tmp_path / "v2"
    shutil.copytree(FIXTURES / "v2", folder)
    return folder / "campaigns.json"


def test_a_schema_2_database_reads_as_the_release_that_wrote_it_showed_it(cli, tmp_path) -> None:
    cli.db = v2_database(tmp_path)
    original = cli.db.read_bytes()
    expected = json.loads((FIXTURES / "v2-sheets.json").read_text())
    assert sheets(cli, "Thorn", "Bex", "Ula") == expected
    assert "gold" in cli.refused(
        "gold", "Thorn", "-1000"
    )  # a refused change writes nothing, not even the upgrade
    assert cli.db.read_bytes() == original


def test_the_first_change_upgrades_a_schema_2_database_and_keeps_the_old_index(
    cli, tmp_path
) -> None:
    cli.db = v2_database(tmp_path)
    original = cli.db.read_bytes()
    expected = json.loads((FIXTURES / "v2-sheets.json").read_text())
    assert "redone: Thorn: gold +25 (more)" in cli.ok("redo", "Thorn")  # the redo stack came along
    data = json.loads(cli.db.read_text())
    assert data["meta"]["1"]["schema_version"] == SCHEMA_VERSION
    assert data["meta"]["1"]["recent"][-1]["whole"] is True  # an upgrade may change anything
    assert set(data) == {"meta", "campaigns", "changes"}
    assert sheets(cli, "Thorn")["Thorn"]["gold"] == expected["Thorn"]["gold"] + 25
    assert sheets(cli, "Bex", "Ula") == {name: expected[name] for name in ("Bex", "Ula")}
    games = json.loads(cli.ok("campaign", "games", "--json", "--campaign", "Iron Crown"))
    assert [[p["titan"] for p in g["participants"]] for g in games] == [["Thorn", "Bex"]]
    kept = list_backups(cli.db)
    assert kept[0].file.read_bytes() == original and "upgrade from schema 2" in kept[0].before
    cli.ok(
        "restore", "1"
    )  # back to the schema-2 contents, upgraded again from the history files kept
    assert sheets(cli, "Thorn", "Bex", "Ula") == expected


def test_a_schema_1_database_is_upgraded_on_its_first_change(cli, v1_database) -> None:
    cli.db = v1_database
    original = v1_database.read_bytes()
    before = sheets(cli, "Thorn", "Bex")
    assert before["Thorn"]["campaign"] == "Iron Crown" and [
        g["game"] for g in before["Thorn"]["games"]
    ] == [1]
    cli.ok("redo", "Thorn")  # Thorn's last change was undone in the old file
    after = sheets(cli, "Thorn", "Bex")
    assert after["Thorn"]["gold"] == before["Thorn"]["gold"] + 40
    assert after["Bex"] == before["Bex"]
    assert json.loads(v1_database.read_text())["meta"]["1"]["schema_version"] == SCHEMA_VERSION
    assert list_backups(v1_database)[0].file.read_bytes() == original


def test_a_newer_schema_is_refused_and_never_overwritten(cli) -> None:
    newer = {"meta": {"1": {"schema_version": SCHEMA_VERSION + 1}}, "campaigns": {}, "quests": {}}
    cli.db.write_text(json.dumps(newer))
    original = cli.db.read_bytes()
    for argv in (("titan", "list"), ("campaign", "new", "Mine", "--base-xp", "0"), ("export",)):
        message = cli.refused(*argv)
        assert (
            f"written by a newer titan-campaign (schema {SCHEMA_VERSION + 1}" in message
            and str(cli.db) in message
        )
    assert cli.db.read_bytes() == original


def test_the_database_is_plain_json_tinydb_reads_with_one_line_per_change(crown) -> None:
    from tinydb import TinyDB

    text = crown.db.read_text(encoding="utf-8")
    lines = text.splitlines()
    changes = [line for line in lines if '"campaign": 1' in line]
    assert len(changes) == 4 and all(line.strip().startswith('"') for line in changes)
    with TinyDB(crown.db, access_mode="r") as db:  # tinydb's own JSON storage opens it as it is
        assert db.table("campaigns").all()[0]["name"] == "Iron Crown"
        assert [doc["text"] for doc in db.table("changes").all()][-1] == "Bex added to game 1"
