"""Every command a player runs, as a whole process, against ``python -c "import pydantic,
tinydb"`` on the same machine (target: at most 2x for reading or changing one Titan), on a
campaign of 50 Titans x 100 events. ``titan list`` replays every Titan, so it is shown for
comparison, with no target.

    python bench/bench_cli.py [--runs 11]

Each run starts fresh processes; the commands and the baseline are timed in turn and the
medians compared. Changing commands are followed by an undo, so the database stays the same.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from campaign_50 import build

COMMANDS = {
    "sheet T": ["sheet", "Titan 25"],
    "sheet T --format json": ["sheet", "Titan 25", "--format", "json"],
    "history T": ["history", "Titan 25"],
    "gold T 1": ["gold", "Titan 25", "1"],
    "award T ...": ["award", "Titan 25", "--result", "won", "--score", "120", "--battle-won", "2"],
    "titan list": ["titan", "list"],
}
TARGETED = set(COMMANDS) - {"titan list"}


def wall_time(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def cpu_time(command: list[str], env: dict[str, str]) -> float:
    """The CPU time the process used (less disturbed than wall time on a busy machine)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="titan-bench-cli-") as scratch:
        db = Path(scratch) / "campaigns.json"
        build(db)
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["TITAN_CAMPAIGN_DB"] = str(db)
        env["TITAN_CAMPAIGN_BACKUPS"] = "0"  # the benchmark's own changes need no backups
        tool = [sys.executable, "-m", "titan_campaign"]
        undo = [*tool, "undo"]
        baseline = [sys.executable, "-c", "import pydantic, tinydb"]
        for argv in COMMANDS.values():  # warm the file cache and compiled modules
            wall_time([*tool, *argv], env)
            if argv[0] in ("gold", "award"):
                wall_time(undo, env)
        names = [*COMMANDS, "baseline"]
        wall: dict[str, list[float]] = {name: [] for name in names}
        cpu: dict[str, list[float]] = {name: [] for name in names}
        for _ in range(args.runs):
            for name in names:
                command = baseline if name == "baseline" else [*tool, *COMMANDS[name]]
                wall[name].append(wall_time(command, env))
                cpu[name].append(cpu_time(command, env))
                if command[3:4] in (["gold"], ["award"]):
                    wall_time(undo, env)
        size = db.stat().st_size // 1024
        print(f"database: 50 Titans x 100 events ({size} KB); medians of {args.runs} runs")
        base_wall, base_cpu = (
            statistics.median(wall["baseline"]),
            statistics.median(cpu["baseline"]),
        )
        label = 'python -c "import pydantic, tinydb"'
        print(
            f"{'baseline: ' + label:48} wall {base_wall * 1000:6.1f} ms  cpu {base_cpu * 1000:6.1f} ms"
        )
        for name in COMMANDS:
            w, c = statistics.median(wall[name]), statistics.median(cpu[name])
            print(
                f"{'titan-campaign ' + name:48} wall {w * 1000:6.1f} ms {w / base_wall:4.2f}x"
                f"  cpu {c * 1000:6.1f} ms {c / base_cpu:4.2f}x"
                + ("  (target 2x)" if name in TARGETED else "  (every Titan replayed)")
            )


if __name__ == "__main__":
    main()
