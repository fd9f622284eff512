"""A damaged or foreign database is refused with one line naming the file, and left untouched."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

GOOD_INDEX = {"meta": {"1": {"schema_version": 2, "revision": 3}}, "campaigns": {}, "titans": {}}

BAD_CONTENTS = {
    "empty": b"",
    "only spaces": b"   \n",
    "truncated": json.dumps(GOOD_INDEX).encode()[:-7],
    "not JSON": b"campaign: Iron Crown\nTitans: Thorn\n",
    "binary": bytes(range(256)),
    "a JSON list": b"[1, 2, 3]",
    "no schema version": json.dumps({"campaigns": {}, "titans": {}}).encode(),
    "wrong shape": json.dumps({**GOOD_INDEX, "campaigns": {"1": {"name": 7, "base_xp": 55}}}).encode(),
    "Titan of a missing campaign": json.dumps(
        {**GOOD_INDEX, "titans": {"1": {"campaign": 4, "name": "Thorn", "key": "thorn", "events": 1, "file": 1}}}
    ).encode(),
    "newer schema": json.dumps({**GOOD_INDEX, "meta": {"1": {"schema_version": 3, "revision": 9}}, "future": {}}).encode(),
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
    "wrong shape": "wrong shape at campaigns.1",
    "Titan of a missing campaign": "names campaign 4, which does not exist",
    "newer schema": "newer titan-campaign (schema 3",
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


def test_a_missing_history_file_is_named_and_nothing_is_written(crown) -> None:
    history = next((crown.db.parent / "campaigns.json.titans").glob("titan-1-*.json"))
    for stale in history.parent.glob("titan-1-*.json"):
        stale.unlink()
    message = crown.refused("gold", "Thorn", "10")
    assert "titan-1-" in message and "is missing" in message and "backups" in message
    assert "Bex" in crown.ok("sheet", "Bex")  # the other Titans still read


def test_a_damaged_history_file_is_named(crown) -> None:
    index = json.loads(crown.db.read_text())
    history = crown.db.parent / "campaigns.json.titans" / f"titan-2-r{index['titans']['2']['file']}.json"
    history.write_text('{"titan": 2, "events": [{"kind": "created", "name": "Bex"')
    message = crown.refused("spend", "Bex", "ability", "power")
    assert str(history) in message and "not valid JSON" in message


def test_a_history_that_breaks_the_rules_is_reported_as_damage(crown) -> None:
    index = json.loads(crown.db.read_text())
    history = crown.db.parent / "campaigns.json.titans" / f"titan-1-r{index['titans']['1']['file']}.json"
    data = json.loads(history.read_text())
    data["events"] += [{"kind": "ability_bought", "ability": a} for a in ("power", "skill", "spirit", "luck")]  # 400 of 312 XP
    history.write_text(json.dumps(data))
    message = crown.refused("sheet", "Thorn")
    assert "Titan record 1 is damaged" in message and "needs 100 XP" in message


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
                pytest.skip("running as root without setpriv: root reads files whatever their permissions")
            command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", sys.executable, "-m", "titan_campaign", *argv]
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
    listing = crown.ok("backups").splitlines()
    assert "unusable" in listing[1] and "not valid JSON" in listing[1]


def test_restore_never_overwrites_a_newer_schema(crown) -> None:
    newer = json.dumps({"meta": {"1": {"schema_version": 7, "revision": 99}}}).encode()
    crown.db.write_bytes(newer)
    assert "newer titan-campaign (schema 7" in crown.refused("restore", "1")
    assert crown.db.read_bytes() == newer
