"""Crash safety: a writer killed with SIGKILL at random moments never loses a saved change.

The writer is a separate process (forked from this one, so it starts in a millisecond) doing
real changes through the store: gold for one Titan, a game recorded for two Titans at once (one
change), a new Titan now and then. After each committed change it reports the change's number
on a pipe. After each kill the database must parse, pass validation, replay every Titan, and
hold every reported change; a game is in both Titans' histories or in neither.
"""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

from titan_campaign.rules.events import GameOutcome, GameRecorded, GoldChanged
from titan_campaign.store import CampaignStore
from titan_campaign.store.backups import list_backups
from titan_campaign.store.files import read_json
from titan_campaign.store.histories import forget_all
from titan_campaign.store.layout import SPARES, referenced_histories, spare_history, titans_folder

KILLS = 220
TIME_BUDGET = 45.0  # seconds for the kill loop


def change(store: CampaignStore, number: int) -> None:
    """Change ``number``: which kind it is follows from the number, so a checker can look for it."""
    with store.writing() as session:
        campaign = session.campaign()
        titans = session.titans(campaign)
        if number % 40 == 0 and len(titans) < 8:
            session.add_titan(campaign, f"Titan {number}", "Crash")
        elif number % 3 == 0:
            first, second = titans[number % len(titans)], titans[(number + 1) % len(titans)]
            outcome = GameOutcome(result="won", score=number % 500)
            for record in {first.id: first, second.id: second}.values():
                log, _ = record.log.do(GameRecorded(game=number, date="2026-11-29", outcome=outcome))
                session.save(record, log)
        else:
            record = titans[number % len(titans)]
            log, _ = record.log.do(GoldChanged(amount=1, note=f"change {number}"))
            session.save(record, log)


def run_writer(db: Path, first: int, report_fd: int) -> None:
    """The writer process: changes ``first``, ``first + 1``... until killed."""
    store = CampaignStore(db)
    number = first
    try:
        while True:
            change(store, number)
            os.write(report_fd, f"{number}\n".encode())
            number += 1
    except BaseException as error:  # noqa: BLE001 - reported to the test, which fails
        os.write(report_fd, f"ERROR {type(error).__name__}: {error}\n".encode())
        os._exit(1)


def start_writer(db: Path, first: int) -> tuple[int, int]:
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the writer
        os.close(read_fd)
        try:
            run_writer(db, first, write_fd)
        finally:
            os._exit(1)
    os.close(write_fd)
    return pid, read_fd


def reported(read_fd: int) -> tuple[list[int], list[str]]:
    chunks = []
    while chunk := os.read(read_fd, 65536):
        chunks.append(chunk)
    os.close(read_fd)
    lines = b"".join(chunks).decode().split("\n")
    complete = lines[:-1]  # a line cut by the kill was not reported
    errors = [line for line in complete if line.startswith("ERROR")]
    return [int(line) for line in complete if not line.startswith("ERROR")], errors


def changes_present(db: Path) -> tuple[set[int], list[str]]:
    """Every change number the database holds, and any half-recorded game."""
    present: set[int] = set()
    games: dict[int, int] = {}
    with CampaignStore(db).reading() as session:
        campaign = session.campaign()
        titans = session.titans(campaign, include_archived=True)
        for record in titans:
            state = record.log.state  # replays and checks the whole history
            present |= {int(line.note.removeprefix("change ")) for line in state.gold_ledger}
            for played in state.games:
                games[played.game] = games.get(played.game, 0) + 1
            if record.name.startswith("Titan "):
                present.add(int(record.name.removeprefix("Titan ")))
    present |= set(games)
    halves = [f"game {number} recorded for one Titan only" for number, count in games.items() if count < 2 and len(titans) > 1]
    return present, halves


def backups_restorable(db: Path) -> bool:
    folder = titans_folder(db)
    return all((folder / name).exists() for backup in list_backups(db) for name in referenced_histories(read_json(backup.path)))


def test_a_writer_killed_at_random_moments_never_loses_a_saved_change(tmp_path, report) -> None:
    db = tmp_path / "campaigns.json"
    with CampaignStore(db).writing() as session:
        campaign = session.add_campaign("Crash Test", 100)
        session.add_titan(campaign, "Thorn", "Ann")
        session.add_titan(campaign, "Bex", "Bo")
    saved: set[int] = set()
    rng = random.Random(20261129)
    kills = checks = lost = 0
    leftovers: set[str] = set()
    next_number = 1
    started = time.monotonic()
    while kills < KILLS and time.monotonic() - started < TIME_BUDGET:
        pid, read_fd = start_writer(db, next_number)
        time.sleep(rng.uniform(0.0, 0.06))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        kills += 1
        numbers, errors = reported(read_fd)
        assert not errors, errors
        saved |= set(numbers)
        next_number = max(numbers, default=next_number) + 2  # the change in progress may or may not be saved
        forget_all()  # read and replay every history from disk, as a new program would
        present, halves = changes_present(db)  # raises if the database does not parse or validate
        checks += 1
        assert not halves, halves
        lost += len(saved - present)
        assert saved <= present, f"changes reported saved but missing: {sorted(saved - present)[:10]}"
        assert backups_restorable(db)
        leftovers |= {p.name for p in [*db.parent.glob(".*.tmp"), *titans_folder(db).glob(".*.tmp")]}
    elapsed = time.monotonic() - started
    change(CampaignStore(db), next_number)  # the next writer clears what a kill left
    assert not list(db.parent.glob(".*.tmp")) and not list(titans_folder(db).glob(".*.tmp"))
    named = referenced_histories(read_json(db)).union(
        *(referenced_histories(read_json(backup.path)) for backup in list_backups(db))
    )
    files = {file.name for file in titans_folder(db).iterdir()}
    spares = {spare_history(db, number).name for number in range(SPARES)}
    assert files - spares <= named, "history files nothing names"
    report.append(
        f"crash safety: {kills} SIGKILLs in {elapsed:.1f} s, {checks} databases checked, "
        f"{len(saved)} changes reported saved, {lost} lost; {len(leftovers)} temporary files left by kills, "
        "all cleared by the next writer"
    )
    assert kills >= 200, f"only {kills} kills in {TIME_BUDGET} s"
    assert len(saved) >= 100, "the writer should save changes between kills, not just start"
    assert lost == 0
