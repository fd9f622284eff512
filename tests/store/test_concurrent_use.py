"""Two programs changing one database never lose an update: the lock takes them in turn."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.store import Database, StoreError
from titan_campaign.store.files import _holder, writers_lock

CHANGES = 200


def _writer(db: Path, titan: str, tag: str, report_fd: int) -> None:
    store = Database(db, lock_timeout=30.0)
    found = actions.find_titan(store, titan)
    for number in range(CHANGES):
        actions.change_gold(store, found, 1, f"{tag} {number}")
        os.write(report_fd, f"{tag} {number}\n".encode())


def _fork(target, *args) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        code = 1
        try:
            target(*args, write_fd)
            code = 0
        except BaseException as error:  # noqa: BLE001 - reported to the test
            os.write(write_fd, f"ERROR {error}\n".encode())
        finally:
            os._exit(code)
    os.close(write_fd)
    return pid, read_fd


def _collect(read_fd: int) -> list[str]:
    data = b""
    while chunk := os.read(read_fd, 65536):
        data += chunk
    os.close(read_fd)
    return data.decode().splitlines()


@pytest.mark.slow
@pytest.mark.parametrize("same_titan", [True, False], ids=["same Titan", "different Titans"])
def test_two_writers_racing_200_changes_each_lose_nothing(tmp_path, report, same_titan) -> None:
    db = tmp_path / "campaigns.json"
    actions.new_campaign(Database(db), "Race", 0)
    actions.add_titan(Database(db), actions.find_campaign(Database(db)), "Thorn", "Ann")
    actions.add_titan(Database(db), actions.find_campaign(Database(db)), "Bex", "Bo")
    started = time.monotonic()
    writers = [
        _fork(_writer, db, "Thorn", "a"),
        _fork(_writer, db, "Thorn" if same_titan else "Bex", "b"),
    ]
    lines = [line for _, read_fd in writers for line in _collect(read_fd)]
    statuses = [os.waitpid(pid, 0)[1] for pid, _ in writers]
    elapsed = time.monotonic() - started
    assert not [line for line in lines if line.startswith("ERROR")], lines
    assert statuses == [0, 0]
    campaign = actions.read_campaign(Database(db), actions.find_campaign(Database(db)))
    notes = {
        line.note for titan in campaign.titan_ids for line in campaign.state(titan).gold_ledger
    }
    missing = set(lines) - notes
    report.append(
        f"concurrent use ({'same Titan' if same_titan else 'different Titans'}): 2 writers x {CHANGES} changes in "
        f"{elapsed:.1f} s, {len(lines)} reported saved, {len(notes)} in the database, {len(missing)} lost"
    )
    assert len(lines) == 2 * CHANGES and not missing
    assert (
        len(campaign.history()) == 2 + 2 * CHANGES
    )  # every change was its own, none overwrote another


def _hold_lock(db: Path, report_fd: int) -> None:
    with writers_lock(db):
        os.write(report_fd, b"locked\n")
        time.sleep(30)


def test_a_second_writer_waits_a_bounded_time_then_says_who_holds_the_database(tmp_path) -> None:
    db = tmp_path / "campaigns.json"
    actions.new_campaign(Database(db), "Busy", 0)
    before = db.read_bytes()
    pid, read_fd = _fork(_hold_lock, db)
    try:
        assert os.read(read_fd, 7) == b"locked\n"
        started = time.monotonic()
        with pytest.raises(StoreError) as refused:
            actions.new_campaign(Database(db, lock_timeout=0.3), "Second", 0)
        waited = time.monotonic() - started
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(read_fd)
    message = str(refused.value)
    assert (
        message.startswith(f"{db} is busy: another program (")
        and f"process {pid}) is saving a change; try again" in message
    )
    assert 0.3 <= waited < 2.0
    assert db.read_bytes() == before
    actions.new_campaign(
        Database(db, lock_timeout=0.3), "Second", 0
    )  # a killed holder releases the lock
    (db.parent / "campaigns.json.lock.holder").write_text(f"{pid} titan-campaign gold")
    assert _holder(db) == "another program"  # a holder that is gone is never named
