"""The file is only ever replaced whole: links are followed, hard-linked copies and files put
back by hand stay as they were, and exports are written atomically too."""

from __future__ import annotations

import json
import os


def gold(cli, titan: str = "Thorn") -> int:
    return json.loads(cli.ok("sheet", titan, "--format", "json"))["gold"]


def test_a_symlinked_database_is_followed_and_its_target_replaced(crown, tmp_path) -> None:
    real = crown.db.with_name("real.json")
    os.replace(crown.db, real)
    crown.db.symlink_to(real)
    crown.ok("gold", "Thorn", "30")
    assert crown.db.is_symlink() and os.readlink(crown.db) == str(real)
    assert json.loads(real.read_text())["changes"]  # the target holds the change
    assert gold(crown) == 30


def test_a_hard_linked_copy_keeps_the_version_it_was_made_from(crown, tmp_path) -> None:
    snapshot = tmp_path / "snapshot.json"
    os.link(crown.db, snapshot)  # as `cp -al` makes
    before = snapshot.read_bytes()
    crown.ok("gold", "Thorn", "30")
    assert snapshot.read_bytes() == before


def test_an_older_file_put_back_by_hand_is_simply_the_database_again(crown, tmp_path) -> None:
    older = crown.db.read_bytes()
    crown.ok("gold", "Thorn", "30")
    crown.db.write_bytes(older)  # a sync tool or a file-level restore
    assert gold(crown) == 0
    crown.ok("gold", "Thorn", "5")
    assert gold(crown) == 5
    crown.ok("restore", "1")  # the file as it was put back is the newest backup, and restores
    assert gold(crown) == 0
    crown.ok("restore", "1")  # and the restore itself can be taken back
    assert gold(crown) == 5


def test_export_to_a_file_is_atomic_and_a_failed_export_keeps_the_old_file(crown, tmp_path) -> None:
    target = tmp_path / "out" / "export.json"
    target.parent.mkdir()
    target.write_text("my earlier export")
    os.chmod(target.parent, 0o500)
    try:
        if os.geteuid() != 0:  # root writes anywhere: the permission part is for other users
            assert "nothing was saved" in crown.refused("export", "-o", str(target))
            assert target.read_text() == "my earlier export"
    finally:
        os.chmod(target.parent, 0o700)
    crown.ok("export", "-o", str(target))
    assert json.loads(target.read_text())["format"] == "titan-campaign export"
    assert not [p for p in target.parent.iterdir() if p.name.endswith(".tmp")]
