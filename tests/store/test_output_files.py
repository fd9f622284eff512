"""A printout or an export never lands on the database or its files: the file is compared by
what it really is (links followed, the same inode), an existing file is replaced whole, a stream
(``-``, /dev/stdout, /dev/null) is written as a stream, and a missing folder is not made."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.store import Database, StoreError

# Every command that writes a file with -o, as a player would type it.
WRITERS = {
    "sheet pdf": ("sheet", "Thorn", "--format", "pdf"),
    "sheet json": ("sheet", "Thorn", "--format", "json"),
    "blank sheet": ("sheet", "--blank", "--format", "html"),
    "cards": ("cards", "--all", "--format", "html"),
    "game card": ("game-card", "Thorn", "--format", "text"),
    "print campaign": ("print-campaign", "--format", "html"),
    "progress svg": ("progress", "Thorn", "--format", "svg"),
    "progress json": ("progress", "Thorn", "--format", "json"),
    "export": ("export",),
    "titan export": ("titan", "export", "Thorn"),
}


def _database_files(db: Path) -> dict[str, Path]:
    """The places that are the database's own, as a printout's -o could name them."""
    (db.parent / "campaigns.json.refused").write_text("a change refused earlier")
    backups = sorted((db.parent / "campaigns.json.backups").glob("*.json"))
    return {
        "the database": db,
        "the database by another path": db.parent / ".." / db.parent.name / db.name,
        "a backup": backups[0],
        "the backups folder": db.parent / "campaigns.json.backups",
        "the backup index": db.parent / "campaigns.json.backups" / "index.tsv",
        "the lock": db.parent / "campaigns.json.lock",
        "the lock holder": db.parent / "campaigns.json.lock.holder",
        "a refused change": db.parent / "campaigns.json.refused",
    }


@pytest.mark.parametrize("command", WRITERS, ids=str)
def test_no_printout_or_export_is_written_over_the_database(crown, command) -> None:
    for what, target in _database_files(crown.db).items():
        message = crown.refused(*WRITERS[command], "-o", str(target))
        assert "database" in message and str(target) in message, (what, message)


def test_a_link_or_a_hard_link_to_the_database_is_the_database(crown, tmp_path) -> None:
    link = tmp_path / "sheet.pdf"
    link.symlink_to(crown.db)
    hard = tmp_path / "hard.pdf"
    os.link(crown.db, hard)
    folder_link = tmp_path / "elsewhere"
    folder_link.symlink_to(crown.db.parent)
    for target in (link, hard, folder_link / "campaigns.json", folder_link / "campaigns.json.lock"):
        assert "database" in crown.refused("sheet", "Thorn", "--format", "pdf", "-o", str(target))
    assert link.is_symlink() and hard.read_bytes() == crown.db.read_bytes()


def test_the_sheet_printed_onto_the_database_keeps_the_last_change(crown) -> None:
    crown.ok("gold", "Thorn", "30")
    crown.refused("sheet", "Thorn", "--format", "pdf", "-o", str(crown.db))
    assert json.loads(crown.ok("sheet", "Thorn", "--format", "json"))["gold"] == 30


def test_the_app_prints_and_exports_through_the_same_check(crown) -> None:
    db = Database(crown.db)
    before = crown.db.read_bytes()
    with pytest.raises(StoreError, match="database"):
        actions.print_to_file(
            db, "sheet", "pdf", output=crown.db, titan=actions.find_titan(db, "Thorn")
        )
    with pytest.raises(StoreError, match="database"):
        actions.export_titan(db, actions.find_titan(db, "Thorn"), crown.db)
    with pytest.raises(StoreError, match="database"):
        actions.export_campaigns(db, crown.db.parent / "campaigns.json.backups" / "x.json")
    assert crown.db.read_bytes() == before


def test_an_existing_file_is_replaced_whole_never_written_into(crown, tmp_path) -> None:
    target = tmp_path / "thorn.pdf"
    target.write_bytes(b"last week's sheet")
    kept = tmp_path / "kept.pdf"
    os.link(target, kept)  # a copy made with `cp -al`, say
    crown.ok("sheet", "Thorn", "--format", "pdf", "-o", str(target))
    assert target.read_bytes().startswith(b"%PDF")
    assert kept.read_bytes() == b"last week's sheet"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("command", ["sheet pdf", "export", "titan export", "progress svg"])
def test_dev_null_is_written_as_a_stream_and_stays_a_device(crown, command) -> None:
    out = crown.ok(*WRITERS[command], "-o", "/dev/null")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)  # not replaced by a file
    assert "%PDF" not in out and "titan-campaign export" not in out


@pytest.mark.parametrize("name", ["-", "/dev/stdout"])
def test_dash_and_dev_stdout_write_to_standard_output(crown, name) -> None:
    code, out, _ = crown_run(crown, "sheet", "Thorn", "--format", "json", "-o", name)
    assert code == 0
    assert json.loads(out)["name"] == "Thorn"  # the sheet alone: no "wrote ..." mixed into it
    code, out, _ = crown_run(crown, "export", "-o", name)
    assert code == 0 and json.loads(out)["format"] == "titan-campaign export"
    assert not Path("-").exists()


def crown_run(cli, *argv: str) -> tuple[int, str, str]:
    from .conftest import run

    return run(cli.db, cli.capsys, *argv)


@pytest.mark.parametrize("command", ["sheet pdf", "export", "titan export", "progress json"])
def test_a_folder_that_does_not_exist_is_refused_not_made(crown, tmp_path, command) -> None:
    missing = tmp_path / "no-such-folder" / "deeper"
    message = crown.refused(*WRITERS[command], "-o", str(missing / "out.file"))
    assert f"{missing} does not exist" in message
    assert not (tmp_path / "no-such-folder").exists()


@pytest.mark.parametrize("command", ["sheet pdf", "export"])
def test_a_path_through_a_missing_folder_and_back_makes_no_folder(crown, tmp_path, command) -> None:
    """ "missing/../x.pdf" wrote x.pdf here, and made the folder "missing" on the way."""
    crown.ok(*WRITERS[command], "-o", str(tmp_path / "missing" / ".." / "out.file"))
    assert (tmp_path / "out.file").stat().st_size > 0
    assert not (tmp_path / "missing").exists()


def test_the_app_may_make_the_missing_folder_when_the_player_agrees(crown, tmp_path) -> None:
    missing = tmp_path / "prints"
    db = Database(crown.db)
    thorn = actions.find_titan(db, "Thorn")
    with pytest.raises(actions.MissingFolder) as refused:
        actions.print_to_file(db, "sheet", "html", output=missing / "t.html", titan=thorn)
    assert refused.value.folder == missing
    written = actions.print_to_file(
        db, "sheet", "html", output=missing / "t.html", titan=thorn, make_folder=True
    )
    assert written == missing / "t.html" and "Thorn" in written.read_text()


def test_a_folder_is_not_a_file_to_print_to(crown, tmp_path) -> None:
    assert "is a folder" in crown.refused("sheet", "Thorn", "--format", "pdf", "-o", str(tmp_path))


@pytest.mark.parametrize(
    "argv",
    [
        ["export", "-o", "-"],
        ["export"],  # the sheet, its JSON, the progress, the card and an export: a traceback
        ["sheet", "Thorn"],
        ["sheet", "Thorn", "--format", "json"],
        ["progress", "Thorn"],
        ["game-card", "Thorn", "--format", "text"],
    ],
)
def test_a_closed_standard_output_is_refused_in_one_line(crown, argv: list[str]) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "titan_campaign", "--db", str(crown.db), *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        check=False,
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 1
    assert done.stderr == "error: standard output is closed: nothing to write to\n"


@pytest.fixture
def umask_022() -> object:
    """The usual umask of a player's shell: new files readable by all, writable by their owner."""
    was = os.umask(0o022)
    yield
    os.umask(was)


@pytest.mark.parametrize("command", ["sheet pdf", "export", "titan export"])
def test_a_new_printout_or_export_gets_the_permissions_the_players_umask_gives(
    crown, tmp_path, umask_022, command
) -> None:
    out = tmp_path / "new-file"
    crown.ok(*WRITERS[command], "-o", str(out))
    assert stat.S_IMODE(out.stat().st_mode) == 0o644


def test_a_new_database_gets_the_permissions_the_players_umask_gives(cli, umask_022) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    assert stat.S_IMODE(cli.db.stat().st_mode) == 0o644


def test_a_printout_replacing_a_file_keeps_that_file_s_permissions(crown, tmp_path) -> None:
    out = tmp_path / "sheet.pdf"
    out.write_bytes(b"old")
    out.chmod(0o640)
    crown.ok(*WRITERS["sheet pdf"], "-o", str(out))
    assert stat.S_IMODE(out.stat().st_mode) == 0o640 and out.read_bytes() != b"old"
