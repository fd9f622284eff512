"""Two programs changing one database never lose an update: the lock takes them in turn."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from titan_campaign.rules.events import GoldChanged
from titan_campaign.store import CampaignStore, StoreError
from titan_campaign.store.files import exclusive_lock

CHANGES = 200


def _writer(db: Path, titan: str, tag: str, report_fd: int) -> None:
    store = CampaignStore(db, lock_timeout=30.0)
    for number in range(CHANGES):
        with store.writing() as session:
            record = session.titan(titan)
            log, _ = record.log.do(GoldChanged(amount=1, note=f"{tag} {number}"))
            session.save(record, log)
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


@pytest.mark.parametrize("same_titan", [True, False], ids=["same Titan", "different Titans"])
def test_two_writers_racing_200_changes_each_lose_nothing(tmp_path, report, same_titan) -> None:
    db = tmp_path / "campaigns.json"
    with CampaignStore(db).writing() as session:
        campaign = session.add_campaign("Race", 0)
        session.add_titan(campaign, "Thorn", "Ann")
        session.add_titan(campaign, "Bex", "Bo")
    started = time.monotonic()
    writers = [_fork(_writer, db, "Thorn", "a"), _fork(_writer, db, "Thorn" if same_titan else "Bex", "b")]
    lines = [line for _, read_fd in writers for line in _collect(read_fd)]
    statuses = [os.waitpid(pid, 0)[1] for pid, _ in writers]
    elapsed = time.monotonic() - started
    assert not [line for line in lines if line.startswith("ERROR")], lines
    assert statuses == [0, 0]
    with CampaignStore(db).reading() as session:
        notes = {line.note for name in ("Thorn", "Bex") for line in session.titan(name).log.state.gold_ledger}
        revision = session.revision
    missing = set(lines) - notes
    report.append(
        f"concurrent use ({'same Titan' if same_titan else 'different Titans'}): 2 writers x {CHANGES} changes in "
        f"{elapsed:.1f} s, {len(lines)} reported saved, {len(notes)} in the database, {len(missing)} lost"
    )
    assert len(lines) == 2 * CHANGES and not missing
    assert revision == 1 + 2 * CHANGES  # every change was its own write, none overwrote another


def _hold_lock(db: Path, report_fd: int) -> None:
    with exclusive_lock(db):
        os.write(report_fd, b"locked\n")
        time.sleep(30)


def test_a_second_writer_waits_a_bounded_time_then_says_who_holds_the_database(tmp_path) -> None:
    db = tmp_path / "campaigns.json"
    with CampaignStore(db).writing() as session:
        session.add_campaign("Busy", 0)
    before = db.read_bytes()
    pid, read_fd = _fork(_hold_lock, db)
    try:
        assert os.read(read_fd, 7) == b"locked\n"
        started = time.monotonic()
        with pytest.raises(StoreError) as refused, CampaignStore(db, lock_timeout=0.3).writing() as session:
            session.add_campaign("Second", 0)
        waited = time.monotonic() - started
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(read_fd)
    assert str(refused.value) == f"database {db} is in use by titan-campaign pid {pid}; try again"
    assert 0.3 <= waited < 2.0
    assert db.read_bytes() == before
    with CampaignStore(db, lock_timeout=0.3).writing() as session:  # a killed holder releases the lock
        session.add_campaign("Second", 0)


def test_a_change_made_elsewhere_since_loading_is_refused_when_the_caller_asks(tmp_path) -> None:
    db = tmp_path / "campaigns.json"
    store = CampaignStore(db)
    with store.writing() as session:
        session.add_campaign("Shared", 0)
    with store.reading() as session:
        loaded_at = session.revision
    with store.writing() as session:  # another program, in between
        session.add_campaign("Other", 0)
    with pytest.raises(StoreError, match="changed by someone else"), store.writing(expect_revision=loaded_at) as session:
        session.add_campaign("Mine", 0)
