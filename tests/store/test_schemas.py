"""The JSON Schema of the database file and of the export files is made from the models that
check them: the published files under docs/schema/ are what the models say, and the files
titan-campaign writes are what the models (and so the schema) describe."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from titan_campaign.cli import main
from titan_campaign.store.exchange import ExportFile, TitanFile
from titan_campaign.store.schemas import DatabaseFile, schema_text

DOCS = Path(__file__).parents[2] / "docs" / "schema"


def run(*words: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(words)) == 0
    return out.getvalue()


@pytest.mark.parametrize("which", ["database", "export", "titan"])
def test_the_published_schema_is_the_one_the_models_give(which: str) -> None:
    published = (DOCS / f"{which}.schema.json").read_text(encoding="utf-8")
    assert published == schema_text(which), (
        f"docs/schema/{which}.schema.json is out of date: "
        f"titan-campaign schema {which} > docs/schema/{which}.schema.json"
    )


def test_the_schema_command_prints_the_published_schema(tmp_path: Path) -> None:
    printed = run("--db", str(tmp_path / "campaigns.json"), "schema", "database")
    assert printed == (DOCS / "database.schema.json").read_text(encoding="utf-8")
    schema = json.loads(printed)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert set(schema["properties"]) == {"meta", "campaigns", "changes", "deleted"}
    assert not (tmp_path / "campaigns.json").exists()  # no database is made to print it


def test_the_schema_is_printed_whatever_the_database_setting_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It reads no database, but refused a TITAN_CAMPAIGN_DB in a folder not there."""
    monkeypatch.setenv("TITAN_CAMPAIGN_DB", str(tmp_path / "nowhere" / "x.json"))
    assert run("schema", "titan") == (DOCS / "titan.schema.json").read_text(encoding="utf-8")
    assert not (tmp_path / "nowhere").exists()


def test_the_files_titan_campaign_writes_are_what_the_schema_describes(tmp_path: Path) -> None:
    db = str(tmp_path / "campaigns.json")
    run("--db", db, "campaign", "new", "Autumn", "--base-xp", "200")
    run("--db", db, "titan", "add", "Thorn", "--player", "Ann")
    run("--db", db, "spend", "Thorn", "ability", "power")
    run("--db", db, "game", "Thorn:won:score=120")
    run("--db", db, "undo")
    run("--db", db, "campaign", "new", "Side Quest", "--base-xp", "0")
    run("--db", db, "campaign", "delete", "Side Quest", "--yes")
    run("--db", db, "export", "-o", str(tmp_path / "export.json"))
    run("--db", db, "titan", "export", "Thorn", "-o", str(tmp_path / "thorn.json"))
    database = DatabaseFile.model_validate_json((tmp_path / "campaigns.json").read_bytes())
    assert [c.name for c in database.campaigns.values()] == ["Autumn"]
    assert [d.name for d in database.deleted.values()] == ["Side Quest"]
    exported = ExportFile.model_validate_json((tmp_path / "export.json").read_bytes())
    assert [c.name for c in exported.campaigns] == ["Autumn"]
    titan = TitanFile.model_validate_json((tmp_path / "thorn.json").read_bytes())
    assert titan.titan == "Thorn"


def test_the_command_line_offers_every_file_schema() -> None:
    from titan_campaign import actions
    from titan_campaign.cli.parser import FILE_SCHEMAS

    assert FILE_SCHEMAS == actions.FILE_SCHEMAS


def test_the_schema_says_a_moment_has_its_offset_from_utc(tmp_path: Path) -> None:
    """An editor checking campaigns.json by the schema flags "at": "yesterday", as the
    program does (the schema said only: text of at most 40 characters)."""
    import re

    db = tmp_path / "campaigns.json"
    run("--db", str(db), "campaign", "new", "Autumn", "--base-xp", "200")
    run("--db", str(db), "titan", "add", "Thorn", "--player", "Ann")
    schema = json.loads(run("schema", "database"))
    pattern = schema["$defs"]["ChangeDoc"]["properties"]["at"]["pattern"]
    written = [change["at"] for change in json.loads(db.read_text())["changes"].values()]
    assert written and all(re.search(pattern, at) for at in written)
    for wrong in ("yesterday", "2026-12-06T20:00:00", "2026-12-06"):
        assert not re.search(pattern, wrong), wrong


def test_the_schema_says_a_titan_is_kept_under_its_number(tmp_path: Path) -> None:
    """An editor flags a change whose Titan key is no number ("5x"), as the program does (the
    schema took any key)."""
    import re

    schema = json.loads(run("schema", "database"))
    names = schema["$defs"]["ChangeDoc"]["properties"]["titans"]["propertyNames"]
    for number in ("1", "12", "999999999"):
        assert re.search(names["pattern"], number), number
    for wrong in ("5x", "0", "01", "", "-1", "1.0"):
        assert not re.search(names["pattern"], wrong), wrong


def test_the_schema_says_a_games_date_is_a_date() -> None:
    """An editor flags a game played in month 13 or on day 32, as the program does."""
    import re

    schema = json.loads(run("schema", "database"))
    pattern = schema["$defs"]["GameRecorded"]["properties"]["date"]["pattern"]
    for day in ("2026-01-31", "2026-12-01", "1999-02-28"):
        assert re.search(pattern, day), day
    for wrong in ("2026-13-01", "2026-00-10", "2026-12-32", "2026-12-00", "2026-1-1"):
        assert not re.search(pattern, wrong), wrong


def test_the_schema_says_a_tables_documents_are_numbered() -> None:
    """A document under "x" or "01" is flagged by an editor, as the program refuses it (the
    schema checked numbered documents only and let any other key through)."""
    import re

    schema = json.loads(run("schema", "database"))
    for table in ("meta", "campaigns", "changes", "deleted"):
        found = schema["properties"][table]
        assert found["additionalProperties"] is False, table
        [pattern] = found["patternProperties"]
        assert re.search(pattern, "12") and not re.search(pattern, "01"), table


def test_a_note_added_to_meta_by_hand_is_kept_by_the_program_and_allowed_by_the_schema(
    tmp_path: Path,
) -> None:
    """`"editor": "vim"` added to meta was read and kept by every command, but the schema
    refused it ("Additional properties are not allowed"): the two disagreed."""
    db = tmp_path / "campaigns.json"
    run("--db", str(db), "campaign", "new", "Autumn", "--base-xp", "200")
    data = json.loads(db.read_text())
    data["meta"]["1"]["editor"] = "vim"
    data["meta"]["1"]["recent"][0]["comment"] = "made on Ann's laptop"
    db.write_text(json.dumps(data))
    run("--db", str(db), "titan", "add", "Thorn", "--player", "Ann")
    kept = json.loads(db.read_text())["meta"]["1"]
    assert kept["editor"] == "vim"
    DatabaseFile.model_validate_json(db.read_bytes())  # what the published schema describes
    published = json.loads(schema_text("database"))
    meta = published["$defs"]["MetaDoc"]
    assert meta.get("additionalProperties") is True, meta.get("additionalProperties")
