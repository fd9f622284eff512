"""A damaged or foreign database is refused with one line naming the file, and left untouched."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from titan_campaign.store.documents import SCHEMA_VERSION

from .conftest import Cli, run

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
        {**GOOD, "meta": {"1": {"schema_version": SCHEMA_VERSION + 1}}, "future": {}}
    ).encode(),
    "a schema version as text": json.dumps(
        {**GOOD, "meta": {"1": {"schema_version": "4"}}}
    ).encode(),
    "a table misspelled": json.dumps(
        {"meta": GOOD["meta"], "campaigns": CAMPAIGN, "Changes": {"1": {"campaign": 1}}}
    ).encode(),
    "deeply nested": b'{"meta":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "a campaigns export": json.dumps(
        {"format": "titan-campaign export", "schema_version": 3, "campaigns": []}
    ).encode(),
    "a Titan file": json.dumps(
        {"format": "titan-campaign titan", "schema_version": 1, "events": []}
    ).encode(),
}

EXPECTED = {
    "empty": "is empty",
    "only spaces": "is empty",
    "truncated": "not valid JSON",
    "not JSON": "is not a campaign database: it is not JSON",
    "binary": "is not a campaign database: it is not JSON",
    "a JSON list": "not a titan-campaign database",
    "no schema version": "has lost its meta document (its schema version)",
    "wrong shape": "damaged at campaigns 1: name: text (left untouched): mend it by hand, or"
    " restore a backup (see `titan-campaign backups`)",
    "table of the wrong kind": "not a titan-campaign database",
    "change of a bad shape": "damaged at changes 1",
    "newer schema": f"newer titan-campaign (schema {SCHEMA_VERSION + 1}",
    "a schema version as text": 'damaged at meta: schema_version is "4", not a whole number',
    "a table misspelled": 'holds a table "Changes", which this program does not know (its tables'
    " are meta, campaigns, changes, deleted) (left untouched): mend it by hand, or restore",
    "deeply nested": "nests too deeply",
    "a campaigns export": "is a campaigns export, not a database: `titan-campaign import ",
    "a Titan file": "is a Titan file, not a database: `titan-campaign titan import ",
}

DAMAGED = (
    "empty",
    "only spaces",
    "truncated",
    "deeply nested",
    "wrong shape",
)
"""The contents a damaged database has (a hand edit, a write cut short by a full disk)."""
MEND = ": mend it by hand, or restore a backup (see `titan-campaign backups`)"

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
    if kind in DAMAGED and argv[0] != "restore":  # what the player can do about it
        assert message.endswith(MEND), message
    if kind in ("not JSON", "binary") and argv[0] != "restore":  # no mending: it is no JSON
        assert message.endswith("or restore a backup if it was one (see `titan-campaign backups`)")


@pytest.mark.parametrize("argv", [*COMMANDS, ("backups",)], ids=lambda argv: " ".join(argv[:2]))
def test_a_folder_in_place_of_the_database_is_refused(cli, argv) -> None:
    """``backups`` listed none and ``restore`` said there were none yet, as of a new file."""
    cli.db.mkdir()
    (cli.db / "keep.txt").write_text("mine")
    message = cli.refused(*argv)
    assert message == f"{cli.db} is a folder, not a campaign database"
    assert (cli.db / "keep.txt").read_text() == "mine"


@pytest.mark.parametrize(
    "argv",
    [*COMMANDS, ("titan", "add", "Bex", "--player", "Bo"), ("gold", "Bex", "5")],
    ids=lambda argv: " ".join(argv[:2]),
)
@pytest.mark.parametrize("kind", ["a folder", "not JSON", "a campaigns export", "newer schema"])
def test_a_refused_database_gets_no_lock_files_beside_it(cli, kind, argv) -> None:
    """A mistyped ``--db ~/Documents`` was refused, and left ``Documents.lock`` and
    ``Documents.lock.holder`` in the home folder."""
    if kind == "a folder":
        cli.db.mkdir()
    else:
        cli.db.write_bytes(BAD_CONTENTS[kind])
    cli.refused(*argv)
    assert os.listdir(cli.db.parent) == [cli.db.name]


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
    assert (
        str(crown.db) in message
        and 'change 1 "Thorn created for Ann' in message
        and "(Thorn)" in message
    )


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
    assert f'change {number} "Thorn: bought a Power box' in crown.ok("history", "Thorn")
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


@pytest.mark.parametrize(
    "argv",
    [
        ("titan", "add", "Neu", "--player", "X"),
        ("gold", "Thorn", "5"),
        ("titan", "list"),
        ("history",),
        ("sheet", "Bex"),
        ("campaign", "list"),
    ],
    ids=" ".join,
)
def test_a_change_whose_campaign_is_missing_is_refused_by_every_command(crown, argv) -> None:
    _edit(crown.db, lambda data: data["changes"]["3"].update(campaign=7))
    before = crown.db.read_bytes()
    message = crown.refused(*argv)
    assert "changes 3 names campaign 7, which is missing" in message, message
    assert crown.db.read_bytes() == before


def _schema_1(v1_database, change) -> bytes:
    data = json.loads(v1_database.read_text())
    change(data)
    raw = json.dumps(data, ensure_ascii=False).encode()
    v1_database.write_bytes(raw)
    return raw


DAMAGED_SCHEMA_1 = {
    "a Titan's campaign is a word": lambda data: data["titans"]["1"].update(campaign="one"),
    "a Titan's key is a superscript digit": lambda data: data["titans"].update(
        {"²": data["titans"].pop("2")}
    ),
    "a campaign's key is a word": lambda data: data["campaigns"].update(
        abc=data["campaigns"].pop("1")
    ),
    "a Titan's campaign is missing": lambda data: data["titans"]["2"].update(campaign=7),
    "a Titan's campaign is true": lambda data: data["titans"]["2"].update(campaign=True),
}


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:2]))
@pytest.mark.parametrize("damage", DAMAGED_SCHEMA_1)
def test_a_damaged_schema_1_file_is_refused_by_every_command(
    v1_database, capsys, run_cli, snapshot, damage, argv
) -> None:
    raw = _schema_1(v1_database, DAMAGED_SCHEMA_1[damage])
    code, _, err = run_cli(v1_database, capsys, *argv)
    assert code == 1 and err.count("\n") == 1 and err.startswith("error: "), err
    if argv[0] != "restore":
        assert f"{v1_database} is damaged" in err, err
    assert v1_database.read_bytes() == raw
    assert list(snapshot(v1_database.parent)) == ["campaigns.json"]  # no backup made


@pytest.mark.parametrize(
    "argv",
    [
        ("gold", "Th\udcf6rn", "1"),
        ("titan", "add", "Th\udcf6rn", "--player", "Ann"),
        ("gold", "Thorn", "5", "--note", "loot \udcff"),
        ("sheet", "Thorn", "-o", "th\udcf6rn.pdf", "--format", "pdf"),
    ],
)
def test_an_argument_that_is_not_utf8_text_is_refused_and_makes_no_backup(crown, argv) -> None:
    assert "not UTF-8 text" in crown.refused(*argv)


def test_a_real_command_line_with_latin_1_bytes_is_refused_in_one_line(crown) -> None:
    before = snapshot_of(crown)
    done = subprocess.run(
        [sys.executable, "-m", "titan_campaign", "--db", str(crown.db), "gold", b"Th\xf6rn", "1"],
        capture_output=True,
        timeout=60,
        check=False,
        env={**os.environ, "LC_ALL": "C.UTF-8"},
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr.count(b"\n") == 1 and b"not UTF-8 text" in done.stderr, done.stderr
    assert snapshot_of(crown) == before


def snapshot_of(cli) -> dict[str, bytes]:
    from .conftest import snapshot

    return snapshot(cli.db.parent)


def _main(*argv: str, capsys) -> tuple[int, str]:
    from titan_campaign.cli import main

    capsys.readouterr()
    code = main(list(argv))
    return code, capsys.readouterr().err


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:2]))
def test_a_database_path_in_a_loop_of_links_is_refused(tmp_path, capsys, argv) -> None:
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    code, err = _main("--db", str(tmp_path / "a.json"), *argv, capsys=capsys)
    assert code == 1 and err.count("\n") == 1 and err.startswith("error: "), err
    assert "loop of links" in err or "no backups" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]


def test_a_database_name_too_long_for_the_system_is_said_so(tmp_path, capsys) -> None:
    db = tmp_path / ("a" * 300 + ".json")
    code, err = _main("--db", str(db), "campaign", "new", "X", "--base-xp", "0", capsys=capsys)
    assert code == 1 and err.endswith("cannot be used: File name too long\n"), err
    assert list(tmp_path.iterdir()) == []


def test_a_database_path_in_the_home_of_an_unknown_user_is_refused(capsys) -> None:
    code, err = _main("--db", "~nosuchuser/c.json", "titan", "list", capsys=capsys)
    assert code == 1 and err.strip() == (
        "error: --db ~nosuchuser/c.json: there is no user called nosuchuser"
    )


def test_an_empty_db_is_refused_not_taken_for_the_usual_database(crown, monkeypatch) -> None:
    monkeypatch.setenv("TITAN_CAMPAIGN_DB", str(crown.db))
    before = snapshot_of(crown)
    code, err = _main("--db", "", "gold", "Thorn", "5", capsys=crown.capsys)
    assert code == 1 and err.strip() == "error: --db names no file: give the database's file name"
    assert snapshot_of(crown) == before


@pytest.mark.parametrize(
    ("value", "said"),
    [
        (" ", "names no file (only spaces)"),
        ("-", "- reads as an option"),
        ("--help", "--help reads as an option"),
    ],
)
def test_a_database_variable_naming_no_file_is_refused_and_makes_none(
    tmp_path, monkeypatch, capsys, value: str, said: str
) -> None:
    """TITAN_CAMPAIGN_DB=" " made a database called " " where the command ran, as "-" and
    "--help" made files of those names; --db " " was refused."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TITAN_CAMPAIGN_DB", value)
    code, err = _main("campaign", "new", "Z", "--base-xp", "0", capsys=capsys)
    assert code == 1 and err.startswith(f"error: TITAN_CAMPAIGN_DB {said}")
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_database_is_refused_by_name(crown) -> None:
    os.chmod(crown.db, 0o444)
    message = crown.refused("gold", "Thorn", "5")
    assert message == f"{crown.db} is read-only: make it writable to change it; nothing was saved"
    assert crown.refused("restore", "1") == message
    assert os.stat(crown.db).st_mode & 0o777 == 0o444
    assert "Thorn" in crown.ok("sheet", "Thorn")  # reading it is fine


def test_a_database_of_another_user_is_refused_by_name(crown, monkeypatch) -> None:
    if os.geteuid() == 0:
        os.chown(crown.db, 4242, 4242)
    else:  # only root gives files away: the program is told it runs as someone else
        monkeypatch.setattr(os, "getuid", lambda: os.stat(crown.db).st_uid + 1)
    message = crown.refused("gold", "Thorn", "5")
    assert message.startswith(f"{crown.db} belongs to another user (uid ")
    assert message.endswith("nothing was saved")
    assert "Thorn" in crown.ok("sheet", "Thorn")


def test_a_db_holding_a_nul_character_is_refused(capsys) -> None:
    code, err = _main("--db", "c\x00.json", "titan", "list", capsys=capsys)
    assert code == 1 and err.strip() == "error: --db holds a NUL character: no file is called that"


def test_a_rule_breaking_hand_edit_leaves_the_other_titans_games_readable(crown) -> None:
    crown.ok("spend", "Thorn", "ability", "power")
    _edit(
        crown.db,
        lambda data: data["changes"][str(len(data["changes"]))]["titans"]["1"].extend(
            {"kind": "ability_bought", "ability": a} for a in ("skill", "spirit", "luck", "wisdom")
        ),
    )
    number = len(json.loads(crown.db.read_text())["changes"])
    listed = crown.ok("campaign", "games")
    assert "game 1  2026-10-01" in listed and "  Bex: " in listed  # Bex's entry still reads
    assert f'Thorn: cannot be read: change {number} "Thorn: bought a Power box' in listed
    assert "  Thorn: " not in listed
    code, out, err = run(crown.db, crown.capsys, "campaign", "games", "--json")
    assert code == 0
    games = json.loads(out)
    assert [p["titan"] for p in games[0]["participants"]] == ["Bex"]
    assert err.startswith("warning: Thorn cannot be read: change") and f"change {number}" in err


def test_a_file_a_tool_rewrote_with_its_keys_sorted_reads_in_the_order_of_its_changes(
    crown,
) -> None:
    """jq -S (or json.dump(sort_keys=True)) puts change 10 before change 2: the changes are
    still replayed, and undone, in the order of their numbers."""
    for _ in range(12):
        crown.ok("gold", "Thorn", "1")
    crown.ok("spend", "Thorn", "ability", "power")
    listed = crown.ok("titan", "list")
    data = json.loads(crown.db.read_text())
    crown.db.write_text(json.dumps(data, sort_keys=True, indent=1))
    assert list(json.loads(crown.db.read_text())["changes"])[:3] == ["1", "10", "11"]
    assert crown.ok("titan", "list") == listed
    assert "undone: Thorn: bought a Power box" in crown.ok("undo")


def test_a_change_pasted_twice_by_hand_is_refused_not_counted_twice(crown) -> None:
    """A change's line copied under a new number (a careless hand merge) was read as a second
    change: "Thorn: gold +5" counted twice, without a word, and sealed so at the next change."""
    crown.ok("gold", "Thorn", "5")

    def paste_again(data: dict) -> None:
        changes = data["changes"]
        last = str(len(changes))
        changes[str(len(changes) + 1)] = dict(changes[last])

    _edit(crown.db, paste_again)
    pasted = crown.db.read_bytes()
    count = len(json.loads(pasted)["changes"])
    said = crown.refused("sheet", "Thorn")
    assert f"is damaged: changes {count - 1} and {count} are one change" in said
    assert crown.refused("gold", "Thorn", "1") == said
    assert crown.db.read_bytes() == pasted


def test_a_backup_holding_a_broken_hand_edit_is_restored_naming_the_line_and_how_to_mend_it(
    crown,
) -> None:
    """Backups taken after a hand edit the rules refuse (Bex's gold made negative) could not
    be restored, saying "Iron Crown, Titan 2: Bex: change ..." and nothing of what to do; then
    they were refused whole, though the database itself reads past that line. They are
    restored as the database reads them, naming Bex's line and how to mend it."""
    crown.ok("gold", "Bex", "5")
    _edit(
        crown.db,
        lambda data: data["changes"][str(len(data["changes"]))]["titans"]["2"][0].update(amount=-5),
    )
    crown.ok("gold", "Thorn", "1")  # Bex is named unreadable; the others go on
    said = crown.ok("restore", "1")
    assert said.startswith("restored backup 1") and "Titan 2" not in said
    assert '\n  Bex (in "Iron Crown") cannot be read: change ' in said
    assert said.endswith(": mend it by hand, or restore a backup (see `titan-campaign backups`)\n")
    assert "restored backup 3" in crown.ok("restore", "3")  # taken before the gold and the edit
    assert "Bex" in crown.ok("sheet", "Bex")


def test_a_file_that_is_no_json_at_all_is_said_to_be_no_database(cli) -> None:
    """`echo "hello not json" > x.json; --db x.json` was "not valid JSON at line 1, column 1
    (a value expected: a comma after the last item of a list?)", mend it by hand."""
    cli.db.write_text("hello not json\n")
    message = cli.refused("campaign", "list")
    assert message.startswith(
        f'{cli.db} is not a campaign database: it is not JSON (it begins "hello not json")'
    ), message
    assert "comma" not in message and "mend" not in message
    assert cli.db.read_text() == "hello not json\n"


def test_a_value_missing_is_told_a_comma_only_after_a_comma(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.db.write_text(cli.db.read_text().replace('"player": "Ann"', '"player": '))
    message = cli.refused("titan", "list")
    assert "(a value expected)" in message and "comma" not in message, message


@pytest.mark.parametrize(
    ("file", "said"),
    [
        ("campaigns.json.lock", "the lock file of campaigns.json"),
        ("campaigns.json.lock.holder", "the lock file of campaigns.json"),
        ("campaigns.json.backups/index.tsv", "the list of backups of campaigns.json"),
    ],
)
def test_the_databases_own_files_given_as_the_database_are_said_to_be_its_files(
    crown, file: str, said: str
) -> None:
    """`--db campaigns.json.lock` said "is empty ... mend it by hand, or restore a backup"."""
    own = crown.db.parent / file
    if not own.exists():
        own.write_text("4242 titan-campaign gold Thorn 5\n")  # the lock's holder, as written
    before = own.read_bytes()
    message = Cli(own, crown.capsys).refused("campaign", "list")
    assert message == f"{own} is {said}, not a campaign database: give the database itself"
    assert own.read_bytes() == before
