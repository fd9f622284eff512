"""Time to save one change, for databases of 10, 100 and 1,000 Titans with 100 events each,
next to the same change written with the standard library's sqlite3 (one committed transaction,
default journal) as the baseline. Prints a table and the ratios the speed budget asks for:

    python bench/bench_store.py [--changes 60] [--sizes 10,100,1000]

Targets: within 3x of sqlite3 at every size, and flat (the 1,000-Titan time at most 2x the
10-Titan one).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from titan_campaign.rules.events import (
    EVENTS_ADAPTER,
    Event,
    GameOutcome,
    GameRecorded,
    GoldChanged,
    event_to_json,
)
from titan_campaign.rules.titan import TitanLog
from titan_campaign.store import CampaignStore
from titan_campaign.store.histories import forget_all

EVENTS_PER_TITAN = 100


def titan_history(name: str) -> TitanLog:
    """A Titan with 100 events: created, then games and gold lines in turn."""
    log = TitanLog.create(name, "Player", 100, at="2026-01-01T20:00:00+00:00")
    for number in range(1, EVENTS_PER_TITAN):
        event: Event
        if number % 2:
            outcome = GameOutcome(
                result="won" if number % 3 else "lost", score=number * 7, battle_won=number % 4
            )
            event = GameRecorded(
                game=number,
                date="2026-02-01",
                scenario="Standard",
                outcome=outcome,
                at="2026-02-01T22:00:00+00:00",
            )
        else:
            event = GoldChanged(
                amount=10,
                note=f"loot of game {number - 1}",
                game=number - 1,
                at="2026-02-01T22:00:00+00:00",
            )
        log, _ = log.do(event)
    return log


def build_store(folder: Path, titans: int, template: TitanLog) -> CampaignStore:
    store = CampaignStore(folder / "campaigns.json")
    with store.writing() as session:
        campaign = session.add_campaign("Benchmark", 100)
        for number in range(titans):
            created = template.events[0].model_copy(update={"name": f"Titan {number}"})
            session.insert_titan(campaign, TitanLog((created, *template.events[1:])))
    return store


def build_sqlite(folder: Path, titans: int, template: TitanLog) -> sqlite3.Connection:
    connection = sqlite3.connect(folder / "campaigns.sqlite")
    connection.execute("create table titans (id integer primary key, campaign integer, name text)")
    connection.execute("create table events (id integer primary key, titan integer, event text)")
    rows = [json.dumps(event_to_json(e)) for e in template.events]
    with connection:
        for number in range(titans):
            titan = connection.execute(
                "insert into titans (campaign, name) values (1, ?)", (f"Titan {number}",)
            ).lastrowid
            connection.executemany(
                "insert into events (titan, event) values (?, ?)", [(titan, row) for row in rows]
            )
    return connection


def store_change(store: CampaignStore, name: str, number: int, first_read: bool) -> float:
    """Seconds for one change: the Titan looked up, the rules asked, the change saved.

    ``first_read``: the Titan's history is read and replayed from its file (what a command pays);
    otherwise the Titan was read a moment ago by the same program (what the app pays).
    """
    if first_read:
        forget_all()
    else:
        with store.reading() as session:
            session.titan(name)
    started = time.perf_counter()
    with store.writing() as session:
        record = session.titan(name)
        log, _ = record.log.do(GoldChanged(amount=1, note=f"bench {number}"))
        session.save(record, log)
    return time.perf_counter() - started


def sqlite_change(connection: sqlite3.Connection, titan: int, number: int) -> float:
    event = json.dumps(event_to_json(GoldChanged(amount=1, note=f"bench {number}")))
    started = time.perf_counter()
    connection.execute("insert into events (titan, event) values (?, ?)", (titan, event))
    connection.commit()
    return time.perf_counter() - started


def measure(
    setups: dict[int, tuple[CampaignStore, sqlite3.Connection]], changes: int, rng: random.Random
) -> dict[int, tuple[float, float, float]]:
    """Medians (first read, again, sqlite3) per size. Sizes and kinds are timed in turn, change
    after change, so that they all share the machine's ups and downs."""
    times: dict[int, tuple[list[float], list[float], list[float]]] = {
        size: ([], [], []) for size in setups
    }
    for number in range(changes):
        for size, (store, connection) in setups.items():
            titan = rng.randrange(size)
            first, again, baseline = times[size]
            first.append(store_change(store, f"Titan {titan}", 3 * number, first_read=True))
            again.append(store_change(store, f"Titan {titan}", 3 * number + 1, first_read=False))
            baseline.append(sqlite_change(connection, titan + 1, 3 * number + 2))
    return {
        size: (statistics.median(first), statistics.median(again), statistics.median(baseline))
        for size, (first, again, baseline) in times.items()
    }


def replay_time(template: TitanLog, runs: int = 50) -> float:
    """Median seconds the rules core takes to check and replay one history (no files involved)."""
    stored = [event_to_json(event) for event in template.events]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        TitanLog(tuple(EVENTS_ADAPTER.validate_python(stored))).state  # noqa: B018 - replayed for its cost
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--changes", type=int, default=100, help="changes timed at each size (median reported)"
    )
    parser.add_argument("--sizes", default="10,100,1000", help="numbers of Titans, comma-separated")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    template = titan_history("Template")
    rng = random.Random(5)
    with tempfile.TemporaryDirectory(prefix="titan-bench-") as scratch:
        setups = {}
        for size in sizes:
            folder = Path(scratch) / str(size)
            folder.mkdir()
            setups[size] = (
                build_store(folder, size, template),
                build_sqlite(folder, size, template),
            )
        os.sync()  # start from a quiet disk: the files just built are written out first
        measure(setups, 5, rng)  # warm up: imports, file system
        results = measure(setups, args.changes, rng)
        for _, connection in setups.values():
            connection.close()
    print(
        f"one change saved (median of {args.changes}), Titans with {EVENTS_PER_TITAN} events each"
    )
    print(
        "  first read: the Titan's history read from its file and replayed by the rules (a command)"
    )
    print("  again:      the same Titan changed again by a running program (the app)")
    print(
        f"{'Titans':>7} {'first read':>11} {'again':>9} {'sqlite3':>9} {'ratio first':>12} {'ratio again':>12}"
    )
    for size, (first, again, baseline) in results.items():
        print(
            f"{size:>7} {first * 1000:>8.2f} ms {again * 1000:>6.2f} ms {baseline * 1000:>6.2f} ms"
            f" {first / baseline:>12.2f} {again / baseline:>12.2f}"
        )
    print(f"of which the rules core's replay of one {EVENTS_PER_TITAN}-event history (first read only): {replay_time(template) * 1000:.2f} ms")
    print("targets: ratio <= 3.0 at every size; flat: largest size <= 2.0 x smallest")
    if len(sizes) > 1:
        big, small = results[sizes[-1]], results[sizes[0]]
        print(
            f"flatness ({sizes[-1]} Titans / {sizes[0]} Titans): first read {big[0] / small[0]:.2f}, "
            f"again {big[1] / small[1]:.2f}, sqlite3 {big[2] / small[2]:.2f}"
        )


if __name__ == "__main__":
    main()
