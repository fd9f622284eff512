"""Start-up budget of the command line: ``titan-campaign sheet T --format json`` against
``python -c "import pydantic, tinydb"`` on the same machine (target: at most 1.5x).

    python bench/bench_cli.py [--runs 15]

Each run is a fresh process; the two commands are timed in turn and the medians compared. The
sheet is printed from a database of 100 Titans with 100 events each (one campaign).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_store import build_store, titan_history


def wall_time(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--titans", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="titan-bench-cli-") as scratch:
        build_store(Path(scratch), args.titans, titan_history("Template"))
        # As on a player's machine: Python caches compiled modules, so don't forbid it.
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["TITAN_CAMPAIGN_DB"] = str(Path(scratch) / "campaigns.json")
        cli = [
            sys.executable,
            "-m",
            "titan_campaign",
            "sheet",
            f"Titan {args.titans // 2}",
            "--format",
            "json",
        ]
        baseline = [sys.executable, "-c", "import pydantic, tinydb"]
        bare = [sys.executable, "-c", "pass"]
        for command in (cli, baseline, bare):  # warm the file cache
            wall_time(command, env)
        times: dict[str, list[float]] = {"cli": [], "baseline": [], "bare": []}
        for _ in range(args.runs):
            times["cli"].append(wall_time(cli, env))
            times["baseline"].append(wall_time(baseline, env))
            times["bare"].append(wall_time(bare, env))
    cli_time, base_time, bare_time = (
        statistics.median(times[key]) for key in ("cli", "baseline", "bare")
    )
    print(f"median of {args.runs} runs, database of {args.titans} Titans with 100 events each")
    print(f"  titan-campaign sheet T --format json   {cli_time * 1000:7.1f} ms")
    print(f"  python -c 'import pydantic, tinydb'     {base_time * 1000:7.1f} ms")
    print(f"  python -c 'pass' (interpreter alone)    {bare_time * 1000:7.1f} ms")
    print(f"ratio: {cli_time / base_time:.2f}   (target: <= 1.5)")


if __name__ == "__main__":
    main()
