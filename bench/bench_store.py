"""Time to save one change, for databases of 10, 100 and 1,000 Titans with 100 events each,
next to the same change written with the standard library's sqlite3 (one committed transaction,
default journal) as the baseline. Prints a table and the ratios the speed budget asks for, for
a running program (the app) and for a program that has nothing in memory yet (a command):

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
from titan_campaign.store.repository import forget_everything

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


def store_change(store: CampaignStore, name: str, number: int, kind: str) -> float:
    """Seconds for one change: the Titan looked up, the rules asked, the change saved.

    ``kind``: ``new`` nothing is in memory yet, as in a command just started (the index and the
    Titan's history are read and checked); ``first`` the program has read the index but not
    this Titan; ``again`` the Titan was read a moment ago by the same program (the app).
    """
    if kind == "new":
        forget_everything()
    elif kind == "first":
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


def sqlite_change(path: Path, connection: sqlite3.Connection | None, titan: int, number: int) -> float:
    """The same change with sqlite3: on an open connection, or (None) a new one, as a command."""
    event = json.dumps(event_to_json(GoldChanged(amount=1, note=f"bench {number}")))
    started = time.perf_counter()
    db = connection or sqlite3.connect(path)
    db.execute("insert into events (titan, event) values (?, ?)", (titan, event))
    db.commit()
    if connection is None:
        db.close()
    return time.perf_counter() - started


KINDS = ("new", "first", "again", "sqlite3 new", "sqlite3")


def measure(
    setups: dict[int, tuple[CampaignStore, sqlite3.Connection]], changes: int, rng: random.Random
) -> dict[int, dict[str, float]]:
    """Medians per size and kind. Sizes and kinds are timed in turn, change after change, so
    that they all share the machine's ups and downs."""
    times: dict[int, dict[str, list[float]]] = {size: {kind: [] for kind in KINDS} for size in setups}
    for number in range(changes):
        for size, (store, connection) in setups.items():
            titan, timed = rng.randrange(size), times[size]
            for kind in ("new", "first", "again"):
                timed[kind].append(store_change(store, f"Titan {titan}", number, kind))
            sqlite_path = store.path.with_name("campaigns.sqlite")
            timed["sqlite3 new"].append(sqlite_change(sqlite_path, None, titan + 1, number))
            timed["sqlite3"].append(sqlite_change(sqlite_path, connection, titan + 1, number))
    return {size: {kind: statistics.median(values) for kind, values in timed.items()} for size, timed in times.items()}


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
    print(f"one change saved (median of {args.changes}), Titans with {EVENTS_PER_TITAN} events each, in ms")
    print("  again:      the Titan was read a moment ago by the same program (the app), vs sqlite3 on an open connection")
    print("  first read: the program has the index but reads the Titan's history (kept state, no replay), vs the same")
    print("  new:        nothing in memory: the index and the history read and checked (a command after")
    print("              its start-up), vs sqlite3 opening a new connection, changing and closing it")
    print(
        f"{'Titans':>7} {'again':>7} {'first':>7} {'sqlite3':>8} {'ratio again':>12} {'ratio first':>12}"
        f" {'new':>7} {'sqlite3 new':>12} {'ratio new':>10}"
    )
    for size, t in results.items():
        print(
            f"{size:>7} {t['again'] * 1000:>7.2f} {t['first'] * 1000:>7.2f} {t['sqlite3'] * 1000:>8.2f}"
            f" {t['again'] / t['sqlite3']:>12.2f} {t['first'] / t['sqlite3']:>12.2f}"
            f" {t['new'] * 1000:>7.2f} {t['sqlite3 new'] * 1000:>12.2f} {t['new'] / t['sqlite3 new']:>10.2f}"
        )
    print(f"for scale, the rules core's replay of one {EVENTS_PER_TITAN}-event history (which no change above needs): {replay_time(template) * 1000:.2f} ms")
    print("targets: ratio <= 3.0 at every size; flat: largest size <= 2.0 x smallest")
    if len(sizes) > 1:
        big, small = results[sizes[-1]], results[sizes[0]]
        print(
            f"flatness ({sizes[-1]} Titans / {sizes[0]} Titans): "
            + ", ".join(f"{kind} {big[kind] / small[kind]:.2f}" for kind in KINDS)
        )


if __name__ == "__main__":
    main()
