"""A damaged or foreign database is refused with one line naming the file, and left untouched."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

GOOD = {"meta": {"1": {"schema_version": 3}}, "campaigns": {}, "changes": {}}
CAMPAIGN = {"1": {"name": "Iron Crown", "base_xp": 0}}

BAD_CONTENTS = {
    "empty": b"",
    "only spaces": b"   \n",
    "truncated": json.dumps(GOOD).encode()[:-7],
    "not JSON": b"campaign: Iron Crown\nTitans: Thorn\n",
    "binary": bytes(range(256)),
    "a JSON list": b"[1, 2, 3]",
    "no schema version": json.dumps({"campaigns": {}, "changes": {}}).encode(),
    "wrong shape": json.dumps({**GOOD, "campaigns": {"1": {"name": 7, "base_xp": 55}}}).encode(),
    "table of the wrong kind": json.dumps({**GOOD, "changes": [1, 2]}).encode(),
    "change of a bad shape": json.dumps(
        {**GOOD, "campaigns": CAMPAIGN, "changes": {"1": {"campaign": 1, "titans": {"1": "Thorn"}}}}
    ).encode(),
    "newer schema": json.dumps(
        {**GOOD, "meta": {"1": {"schema_version": 4}}, "future": {}}
    ).encode(),
    "deeply nested": b'{"meta":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
}

EXPECTED = {
    "empty": "is empty",
    "only spaces": "is empty",
    "truncated": "not valid JSON",
    "not JSON": "not valid JSON",
    "binary": "not valid JSON",
    "a JSON list": "not a titan-campaign database",
    "no schema version": "not a titan-campaign database",
    "wrong shape": "damaged at campaigns 1",
    "table of the wrong kind": "not a titan-campaign database",
    "change of a bad shape": "damaged at changes 1",
    "newer schema": "newer titan-campaign (schema 4",
    "deeply nested": "nests too deeply",
}

# A command that only reads, one that would write, and the backup commands.
COMMANDS = [
    ("titan", "list"),
    ("campaign", "new", "Fresh", "--base-xp", "0"),
    ("restore", "1"),
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:2]))
@pytest.mark.parametrize("kind", BAD_CONTENTS)
def test_a_bad_database_file_is_refused_by_name_and_left_untouched(cli, kind, argv) -> None:
    cli.db.write_bytes(BAD_CONTENTS[kind])
    message = cli.refused(*argv)
    expected = "has no backups yet" if argv[0] == "restore" else EXPECTED[kind]
    assert str(cli.db) in message and expected in message, message
    assert cli.db.read_bytes() == BAD_CONTENTS[kind]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:2]))
def test_a_folder_in_place_of_the_database_is_refused(cli, argv) -> None:
    cli.db.mkdir()
    (cli.db / "keep.txt").write_text("mine")
    message = cli.refused(*argv)
    assert f"{cli.db} is a folder" in message or "no backups" in message
    assert (cli.db / "keep.txt").read_text() == "mine"


def _edit(db, change) -> None:
    data = json.loads(db.read_text())
    change(data)
    db.write_text(json.dumps(data))


def test_a_hand_edited_change_that_breaks_the_rules_is_named_by_every_command(crown) -> None:
    crown.ok("spend", "Thorn", "ability", "power")
    _edit(
        crown.db,
        lambda data: data["changes"][str(len(data["changes"]))]["titans"]["1"].extend(
            {"kind": "ability_bought", "ability": a} for a in ("skill", "spirit", "luck", "wisdom")
        ),
    )
    text = crown.refused("sheet", "Thorn")
    assert "needs 100 XP" in text and "event" in text
    assert (
        crown.refused("sheet", "Thorn", "--format", "json") == text
    )  # every way of reading agrees
    assert crown.refused("gold", "Thorn", "5") == text
    assert "Bex" in crown.ok("sheet", "Bex")  # the other Titans still read


def test_a_hand_edited_event_of_an_unknown_kind_names_the_change_and_titan(crown) -> None:
    _edit(crown.db, lambda data: data["changes"]["1"]["titans"]["1"].append({"kind": "teleported"}))
    message = crown.refused("sheet", "Thorn")
    assert str(crown.db) in message and "changes 1, Titan 1" in message


def _can_drop_root_privileges() -> bool:
    return shutil.which("setpriv") is not None


def test_an_unreadable_database_is_refused(cli, tmp_path) -> None:
    """Runs as an ordinary user if we can; as root (which reads anything), the command line runs
    in a child process that has given up root's right to ignore file permissions."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    before = cli.db.read_bytes()
    os.chmod(cli.db, 0)
    try:
        argv = ["--db", str(cli.db), "titan", "add", "Thorn", "--player", "Ann"]
        if os.geteuid() == 0:
            if not _can_drop_root_privileges():
                pytest.skip(
                    "running as root without setpriv: root reads files whatever their permissions"
                )
            command = [
                "setpriv",
                "--bounding-set=-dac_override,-dac_read_search",
                sys.executable,
                "-m",
                "titan_campaign",
                *argv,
            ]
            done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
            code, err = done.returncode, done.stderr
        else:
            from titan_campaign.cli import main

            cli.capsys.readouterr()
            code = main(argv)
            err = cli.capsys.readouterr().err
        assert code == 1, err
        assert err.strip() == f"error: {cli.db} cannot be read: permission denied"
    finally:
        os.chmod(cli.db, 0o600)
    assert cli.db.read_bytes() == before


def test_restore_recovers_a_damaged_database_and_keeps_the_damaged_file(crown) -> None:
    crown.ok("gold", "Thorn", "25")
    crown.ok("gold", "Thorn", "5")  # backup 1 is the database as it was before this change
    crown.db.write_bytes(b'{"meta": {"1": {"schema_ver')  # say, a copy cut short
    assert "not valid JSON" in crown.refused("sheet", "Thorn")
    crown.ok("restore", "1")
    assert '"gold": 25' in crown.ok("sheet", "Thorn", "--format", "json")
    assert crown.ok("backups").splitlines()[1].split()[0] == "1"


def test_restore_never_overwrites_a_newer_schema(crown) -> None:
    newer = json.dumps({"meta": {"1": {"schema_version": 7}}}).encode()
    crown.db.write_bytes(newer)
    assert "newer titan-campaign (schema 7" in crown.refused("restore", "1")
    assert crown.db.read_bytes() == newer


def test_a_rule_breaking_hand_edit_names_its_change_and_titan(crown) -> None:
    crown.ok("spend", "Thorn", "ability", "power")
    _edit(
        crown.db,
        lambda data: data["changes"][str(len(data["changes"]))]["titans"]["1"].extend(
            {"kind": "ability_bought", "ability": a} for a in ("skill", "spirit", "luck", "wisdom")
        ),
    )
    number = len(json.loads(crown.db.read_text())["changes"])
    message = crown.refused("sheet", "Thorn")
    assert f'change {number} "Thorn: bought a Power box (100 XP)"' in message, message
    assert "Thorn" in message.split("change")[0] and "needs 100 XP" in message
    assert crown.refused("history", "Thorn") == message
    rows = json.loads(crown.ok("titan", "list", "--json"))  # the others stay readable
    assert [row["name"] for row in rows] == ["Thorn", "Bex"]
    assert f"change {number}" in rows[0]["damaged"] and "damaged" not in rows[1]
    listed = crown.ok("titan", "list")
    assert "Bex (Bo): level" in listed and f"Thorn: cannot be read: change {number}" in listed


def test_an_export_refuses_a_change_whose_campaign_is_missing(crown, tmp_path) -> None:
    _edit(crown.db, lambda data: data["changes"]["3"].update(campaign=7))
    message = crown.refused("export", "-o", str(tmp_path / "out.json"))
    assert "changes 3" in message and "campaign 7" in message
    assert not (tmp_path / "out.json").exists()
