"""Once a change is in the file it is saved: when syncing the folder, unlocking or showing the
result fails afterwards, the command says the change was saved and what failed, and exits 0,
so that the player does not enter it again (a game recorded twice)."""

from __future__ import annotations

import errno
import io
import json
import sys

import filelock
import pytest

from titan_campaign.store import files

AWARD = ("award", "Thorn", "--result", "won", "--score", "40", "--date", "2026-10-08")


def _games(cli) -> list[int]:
    return [game["game"] for game in json.loads(cli.ok("campaign", "games", "--json"))]


def _saved_then(err: str, failed: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning: the change was saved"), err
    assert failed in lines[0] and "do not enter it again" in lines[0], err


def test_a_folder_that_cannot_be_synced_after_the_save_keeps_the_game_once(
    crown, monkeypatch, run_cli
) -> None:
    before = crown.db.read_bytes()
    sync = files.sync_folder

    def failing(folder) -> None:
        if crown.db.read_bytes() != before:  # the change is in the file: only what follows fails
            raise OSError(errno.EIO, "Input/output error")
        sync(folder)

    monkeypatch.setattr(files, "sync_folder", failing)
    code, out, err = run_cli(crown.db, crown.capsys, *AWARD)
    monkeypatch.undo()
    assert code == 0, err
    assert "game 2 on 2026-10-08 recorded" in out
    _saved_then(err, "syncing the folder")
    assert _games(crown) == [1, 2]


def test_a_lock_that_cannot_be_released_after_the_save_keeps_the_game_once(
    crown, monkeypatch, run_cli
) -> None:
    class StuckLock(filelock.FileLock):
        def release(self, force: bool = False) -> None:
            held = self.is_locked
            super().release(force)
            if held and not force:
                raise OSError(errno.EBADF, "Bad file descriptor")

    monkeypatch.setattr(filelock, "FileLock", StuckLock)
    code, _, err = run_cli(crown.db, crown.capsys, *AWARD)
    monkeypatch.undo()
    assert code == 0, err
    _saved_then(err, "unlocking")
    assert _games(crown) == [1, 2]


class _BrokenTerminal(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.EIO, "Input/output error")


def test_a_result_that_cannot_be_shown_after_the_save_keeps_the_game_once(
    crown, monkeypatch, run_cli
) -> None:
    def broken(*argv: str) -> tuple[int, str, str]:
        with monkeypatch.context() as patched:
            patched.setattr(sys, "stdout", _BrokenTerminal())
            return run_cli(crown.db, crown.capsys, *argv)

    code, _, err = broken(*AWARD)
    assert code == 0, err
    _saved_then(err, "showing the result")
    assert _games(crown) == [1, 2]


def test_a_refused_change_still_says_error_whatever_fails_after(crown, monkeypatch) -> None:
    def failing(folder) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(files, "sync_folder", failing)
    assert "Nobody" in crown.refused("award", "Nobody", "--result", "won")


def test_nothing_saved_and_the_result_cannot_be_shown_is_an_error(
    crown, monkeypatch, run_cli
) -> None:
    with monkeypatch.context() as patched:
        patched.setattr(sys, "stdout", _BrokenTerminal())
        code, _, err = run_cli(crown.db, crown.capsys, "titan", "list")
    assert code == 1 and err.startswith("error: ") and "saved" not in err, err


@pytest.mark.parametrize("failing", ["sync", "unlock"])
def test_the_app_keeps_what_failed_after_the_save_for_the_player(
    crown, monkeypatch, failing
) -> None:
    from titan_campaign import actions
    from titan_campaign.store import Database

    before = crown.db.read_bytes()
    if failing == "sync":
        sync = files.sync_folder

        def broken(folder) -> None:
            if crown.db.read_bytes() != before:
                raise OSError(errno.EIO, "Input/output error")
            sync(folder)

        monkeypatch.setattr(files, "sync_folder", broken)
    else:

        class StuckLock(filelock.FileLock):
            def release(self, force: bool = False) -> None:
                held = self.is_locked
                super().release(force)
                if held and not force:
                    raise OSError(errno.EBADF, "Bad file descriptor")

        monkeypatch.setattr(filelock, "FileLock", StuckLock)
    db = Database(crown.db)
    done = actions.change_gold(db, actions.find_titan(db, "Thorn"), 5, "", None)
    assert done.state.gold == 5
    assert len(db.saved) == 1 and "Thorn" in db.saved[0]
    assert len(db.after_save) == 1
    assert ("syncing the folder" if failing == "sync" else "unlocking") in db.after_save[0]


def test_a_saved_change_exits_0_with_its_output_full_and_no_standard_error(crown) -> None:
    """`gold Thorn 1 >/dev/full 2>&-`: the change is saved, and the exit code says so (it said
    1, and a script that retries on failure entered it twice)."""
    import subprocess
    from pathlib import Path

    program = Path(sys.executable).parent / "titan-campaign"
    command = f"'{program}' --db '{crown.db}' gold Thorn 1 >/dev/full 2>&-"
    done = subprocess.run(["sh", "-c", command], check=False)
    assert done.returncode == 0
    assert "gold +1" in crown.ok("history", "Thorn").splitlines()[-1]
