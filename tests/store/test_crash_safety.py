"""Crash safety: a writer killed with SIGKILL at random moments never loses a saved change.

The writer is a separate process (forked from this one, so it starts in a millisecond) doing
real changes through the store: gold for one Titan, a game recorded for two Titans at once (one
change), a new Titan now and then. After each committed change it reports the change's number
on a pipe. After each kill the database must parse, pass validation, replay every Titan, and
hold every reported change; a game is in both Titans' histories or in neither.
"""

from __future__ import annotations

import hashlib
import os
import random
import select
import signal
import time
from pathlib import Path

import pytest

from titan_campaign import actions
from titan_campaign.rules.events import GameOutcome
from titan_campaign.store import Database
from titan_campaign.store.backups import contents, list_backups

KILLS = 220
MIN_SAVED = 100  # changes saved between kills, so kills land mid-change too
STUCK = 60.0  # seconds without a saved change: the writer is stuck (never reached when well)


def change(db: Database, number: int) -> None:
    """Change ``number``: which kind it is follows from the number, so a checker can look for it."""
    campaign = actions.find_campaign(db)
    ids = actions.read_campaign(db, campaign).names()  # without replaying anyone
    names = [actions.TitanRef(campaign, titan_id) for titan_id in ids]
    if number % 40 == 0 and len(names) < 8:
        actions.add_titan(db, campaign, f"Titan {number}", "Crash")
    elif number % 3 == 0:
        first, second = names[number % len(names)], names[(number + 1) % len(names)]
        outcome = GameOutcome(result="won", score=number % 500)
        parts = [actions.Participant(titan, outcome) for titan in dict.fromkeys((first, second))]
        actions.record_game(db, campaign, parts, "2026-11-29", scenario=f"change {number}")
    else:
        actions.change_gold(db, names[number % len(names)], 1, f"change {number}")


def run_writer(db: Path, first: int, report_fd: int) -> None:
    """The writer process: changes ``first``, ``first + 1``... until killed."""
    store = Database(db)
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


def await_saved(read_fd: int, count: int) -> bytes:
    """What the writer reports until it has saved ``count`` changes (or stopped), so that the
    kill comes after them however busy the machine is."""
    got = b""
    while got.count(b"\n") < count and b"ERROR" not in got:
        ready, _, _ = select.select([read_fd], [], [], STUCK)
        assert ready, f"the writer saved no change in {STUCK:.0f} s"
        if not (chunk := os.read(read_fd, 65536)):
            break
        got += chunk
    return got


def reported(read_fd: int, early: bytes = b"") -> tuple[list[int], list[str]]:
    chunks = [early]
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
    halves = []
    store = Database(db)  # one read of the file, checked, for both questions
    campaign = actions.read_campaign(store, actions.find_campaign(store))
    for titan_id in campaign.titan_ids:
        state = campaign.state(titan_id)  # replays and checks the whole history
        present |= {int(line.note.removeprefix("change ")) for line in state.gold_ledger}
        if state.name.startswith("Titan "):
            present.add(int(state.name.removeprefix("Titan ")))
    for game in campaign.games():
        present.add(int(game.scenario.removeprefix("change ")))
        if len(campaign.titan_ids) > 1 and len(game.participants) < 2:
            halves.append(f"game {game.game} recorded for one Titan only")
    return present, halves


def backups_restorable(db: Path, restorable: set[bytes]) -> bool:
    """The three newest backups each parse, validate and replay every Titan. Each is read
    again after every kill; contents found restorable after an earlier kill (the same bytes,
    by their SHA-256, kept as they were or compressed since) are not checked again, as the
    same bytes give the same verdict: most kills leave the newest three as they were, and a
    backup a kill did change is checked anew."""
    for backup in list_backups(db)[:3]:
        raw = contents(backup)
        seen = hashlib.sha256(raw).digest()
        if seen not in restorable:
            if not Database(backup.file).checked_tables(database=db, raw=raw):
                return False
            restorable.add(seen)
    return True


@pytest.mark.slow
def test_a_writer_killed_at_random_moments_never_loses_a_saved_change(tmp_path, report) -> None:
    db = tmp_path / "campaigns.json"
    actions.new_campaign(Database(db), "Crash Test", 100)
    actions.add_titan(Database(db), actions.find_campaign(Database(db)), "Thorn", "Ann")
    actions.add_titan(Database(db), actions.find_campaign(Database(db)), "Bex", "Bo")
    saved: set[int] = set()
    rng = random.Random(20261129)
    kills = checks = lost = 0
    leftovers: set[str] = set()
    next_number = 1
    restorable: set[bytes] = set()
    started = time.monotonic()
    # Every other kill on average waits for a saved change first, then each comes at a random
    # moment: while the writer starts, mid-change, or between two. What the writer gets done
    # follows from its progress, not the clock, so a busy machine kills at the same points.
    while kills < KILLS or len(saved) < MIN_SAVED:
        pid, read_fd = start_writer(db, next_number)
        early = await_saved(read_fd, rng.randint(0, 1))
        time.sleep(rng.uniform(0.0, 0.06))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        kills += 1
        numbers, errors = reported(read_fd, early)
        assert not errors, errors
        saved |= set(numbers)
        next_number = (
            max(numbers, default=next_number) + 2
        )  # the change in progress may or may not be saved
        present, halves = changes_present(db)  # raises if the database does not parse or validate
        checks += 1
        assert not halves, halves
        lost += len(saved - present)
        assert saved <= present, (
            f"changes reported saved but missing: {sorted(saved - present)[:10]}"
        )
        assert backups_restorable(db, restorable)
        leftovers |= {p.name for p in db.parent.glob(".*.tmp")}
    elapsed = time.monotonic() - started
    change(Database(db), next_number)  # the next writer clears what a kill left
    assert not list(db.parent.glob(".*.tmp"))
    report.append(
        f"crash safety: {kills} SIGKILLs in {elapsed:.1f} s, {checks} databases checked, "
        f"{len(saved)} changes reported saved, {lost} lost; {len(leftovers)} temporary files left by kills, "
        "all cleared by the next writer"
    )
    assert kills >= KILLS and len(saved) >= MIN_SAVED
    assert lost == 0
