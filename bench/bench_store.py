"""One saved change, as the app makes it (the program already running), on a campaign of 50
Titans x 100 events (target: under 50 ms median), against the same process writing the same
bytes atomically with nothing else (the floor any one-file store pays).

    python bench/bench_store.py [--runs 40]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from campaign_50 import build

from titan_campaign import actions
from titan_campaign.store import Database
from titan_campaign.store.files import write_atomically


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="titan-bench-store-") as scratch:
        path = Path(scratch) / "campaigns.json"
        build(path)
        db = Database(path)
        titans = [actions.find_titan(db, f"Titan {number}") for number in range(1, 51)]
        actions.change_gold(db, titans[24], 1)  # warm: schemas built, file cached
        changes, floors = [], []
        for number in range(args.runs):
            started = time.perf_counter()
            actions.change_gold(db, titans[number % 50], 1, f"run {number}")
            changes.append(time.perf_counter() - started)
            payload = path.read_bytes()
            started = time.perf_counter()
            write_atomically(path.with_name("floor.json"), payload)
            floors.append(time.perf_counter() - started)
        change, floor = statistics.median(changes), statistics.median(floors)
        print(
            f"database: 50 Titans x 100 events ({path.stat().st_size // 1024} KB), median of {args.runs}"
        )
        print(
            f"one saved change (read, judge, back up, write):  {change * 1000:6.1f} ms  (target under 50 ms)"
        )
        print(
            f"writing the same bytes atomically, nothing else: {floor * 1000:6.1f} ms  ratio {change / floor:4.1f}x"
        )


if __name__ == "__main__":
    main()
