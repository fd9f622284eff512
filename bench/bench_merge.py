"""Merging two copies of the example campaign, each with N changes made after they parted
(target: under 1 s for 200 each), and the merge's peak memory for 200 and 400 (it must grow
with the changes, not with their square: the ratio for twice the changes stays near 2).

    python bench/bench_merge.py [--changes 200]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from titan_campaign import actions
from titan_campaign.store import Database

EXAMPLE = Path(__file__).parents[1] / "sheets" / "example-campaign.json"
TARGET = 1.0


def _copies(folder: Path, changes: int) -> tuple[Database, Path]:
    """Ann's file and Bo's copy, each with ``changes`` changes made after they parted."""
    ann = Database(folder / "campaigns.json")
    actions.import_campaigns(ann, EXAMPLE)
    copy = folder / "campaigns (Bo's conflicted copy).json"
    shutil.copyfile(ann.path, copy)
    bo = Database(copy)
    anns = [actions.find_titan(ann, name) for name in ("Thorn", "Osk")]
    bos = [actions.find_titan(bo, name) for name in ("Mira", "Osk")]
    for number in range(changes):
        actions.change_gold(ann, anns[number % 2], 1)
        actions.change_gold(bo, bos[number % 2], 2)
    return ann, copy


def measure(changes: int) -> tuple[float, int]:
    """Seconds and peak bytes of one merge of two copies with ``changes`` changes each."""
    with tempfile.TemporaryDirectory() as scratch:
        ann, copy = _copies(Path(scratch), changes)
        tracemalloc.start()
        started = time.perf_counter()
        merged = actions.merge_copy(ann, copy)
        seconds = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert len(merged.brought) == changes and not merged.refused
        started = time.perf_counter()
        actions.merge_copy(ann, copy)
        untimed = time.perf_counter() - started
        print(f"  {changes} changes each: merged in {seconds:.2f} s ({untimed:.2f} s again)")
    return seconds, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=200, help="N: merges of N and 2N each")
    few = parser.parse_args().changes
    print("merge of two copies of the example campaign")
    timed: dict[int, tuple[float, int]] = {}
    for changes in (few, 2 * few):
        # time without tracing (tracemalloc slows every allocation), memory with it
        with tempfile.TemporaryDirectory() as scratch:
            ann, copy = _copies(Path(scratch), changes)
            started = time.perf_counter()
            actions.merge_copy(ann, copy)
            seconds = time.perf_counter() - started
        _, peak = measure(changes)
        timed[changes] = (seconds, peak)
        print(f"{changes} changes each: {seconds:.2f} s, peak memory {peak / 2**20:.1f} MiB")
    ratio = timed[2 * few][1] / timed[few][1]
    print(
        f"memory for {2 * few} / memory for {few}: {ratio:.2f} (linear: about 2; square: about 4)"
    )
    ok = timed[few][0] < TARGET and ratio < 3
    print("target met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
