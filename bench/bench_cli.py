"""Every command a player runs, as a whole process, against ``python -c "import tinydb; from
pydantic import BaseModel"`` on the same machine (target: every command at most 2.5x), on a
campaign of 50 Titans x 100 events. Printouts are written to files in a scratch folder.

    python bench/bench_cli.py [--runs 11] [--only "sheet T" --only "gold T 1" ...]
    python bench/bench_cli.py --instructions [--only ...]

``--instructions`` counts each command's machine instructions once with valgrind (cachegrind)
instead of timing it: the same count on a busy machine as on a quiet one, for comparing two
versions of the program while other work runs.

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

TARGET = 2.5
COMMANDS = {
    "sheet T": ["sheet", "Titan 25"],
    "sheet T --format json": ["sheet", "Titan 25", "--format", "json"],
    "sheet T --format pdf -o F": ["sheet", "Titan 25", "--format", "pdf", "-o", "{out}/t.pdf"],
    "sheet T --format html -o F": ["sheet", "Titan 25", "--format", "html", "-o", "{out}/t.html"],
    "sheet T --format svg -o F": ["sheet", "Titan 25", "--format", "svg", "-o", "{out}/t.svg"],
    "sheet --blank --format pdf -o F": ["sheet", "--blank", "--format", "pdf", "-o", "{out}/b.pdf"],
    "cards T -o F": ["cards", "Titan 25", "-o", "{out}/cards.pdf"],
    "game-card T -o F": ["game-card", "Titan 25", "-o", "{out}/card.pdf"],
    "game-card T --format text": ["game-card", "Titan 25", "--format", "text"],
    "history T": ["history", "Titan 25"],
    "history": ["history"],
    "choices T": ["choices", "Titan 25"],
    "goal T --school fire=3": ["goal", "Titan 25", "--school", "fire=3"],
    "progress T": ["progress", "Titan 25"],
    "progress T --format svg -o F": [
        "progress",
        "Titan 25",
        "--format",
        "svg",
        "-o",
        "{out}/p.svg",
    ],
    "plan T": ["plan", "Titan 25"],
    "titan list": ["titan", "list"],
    "campaign list": ["campaign", "list"],
    "campaign games": ["campaign", "games"],
    "backups": ["backups"],
    "export -o F": ["export", "-o", "{out}/export.json"],
    "gold T 1": ["gold", "Titan 25", "1"],
    "spend T ability skill": ["spend", "Titan 25", "ability", "skill"],
    "award T ...": ["award", "Titan 25", "--result", "won", "--score", "120", "--battle-won", "2"],
    "game T:won U:lost": ["game", "Titan 25:won:score=120", "Titan 26:lost"],
}
CHANGES = ("gold", "spend", "award", "game")  # each followed by an undo, untimed
PDF_FLOOR = "baseline + import fpdf"
"""What a PDF command cannot go below: fpdf2, the PDF library, imports fontTools and Pillow
(about 250 ms here, 2.7x the baseline on its own)."""
MODEL_FLOOR = "baseline + one model checked"
MODEL_CHECKED = """
from pydantic import Field
class Checked(BaseModel):
    x: int = Field(ge=0)
Checked(x=1)"""
"""What a command that checks anything with pydantic cannot go below: the baseline imports
``BaseModel`` but defines no model, so it loads neither pydantic's field types nor the plugin
loader (``importlib.metadata``) that the first model checked brings (1.5x the baseline in
instructions). Shown for reference, with each command's ratio against it."""


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


def instructions(command: list[str], env: dict[str, str]) -> int:
    """The machine instructions the process ran, as valgrind counts them."""
    with tempfile.NamedTemporaryFile(prefix="titan-bench-cg-") as counts:
        subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={counts.name}",
                *command,
            ],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        summary = next(
            line
            for line in Path(counts.name).read_text().splitlines()
            if line.startswith("summary:")
        )
    return int(summary.split()[1])


def count_instructions(
    commands: dict[str, list[str]], env: dict[str, str], undo: list[str]
) -> None:
    counted = {}
    for name, command in commands.items():
        counted[name] = instructions(command, env)
        if command[3:4] and command[3] in CHANGES:
            wall_time(undo, env)
    base = counted.pop("baseline")
    floor = counted.pop(PDF_FLOOR)
    checked = counted.pop(MODEL_FLOOR)
    print(f"baseline: {base / 1e6:.0f} M instructions")
    print(f"{PDF_FLOOR}: {floor / 1e6:.0f} M instructions {floor / base:4.2f}x (for reference)")
    print(
        f"{MODEL_FLOOR}: {checked / 1e6:.0f} M instructions {checked / base:4.2f}x (for reference)"
    )
    for name, count in counted.items():
        print(
            f"{'titan-campaign ' + name:44} {count / 1e6:6.0f} M instructions {count / base:4.2f}x"
            f"  ({count / checked:4.2f}x {MODEL_FLOOR})"
        )
    over = [name for name, count in counted.items() if count / base > TARGET]
    print(f"over the {TARGET}x target: {', '.join(over) or 'none'}")
    over = [name for name, count in counted.items() if count / checked > TARGET]
    print(f"over {TARGET}x {MODEL_FLOOR}: {', '.join(over) or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument(
        "--only", action="append", choices=COMMANDS, metavar="NAME", help="time only these commands"
    )
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions with valgrind instead"
    )
    args = parser.parse_args()
    chosen = {name: argv for name, argv in COMMANDS.items() if name in (args.only or COMMANDS)}
    with tempfile.TemporaryDirectory(prefix="titan-bench-cli-") as scratch:
        db = Path(scratch) / "campaigns.json"
        build(db)
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["TITAN_CAMPAIGN_DB"] = str(db)
        env["TITAN_CAMPAIGN_BACKUPS"] = "0"  # the benchmark's own changes need no backups
        tool = [sys.executable, "-m", "titan_campaign"]
        undo = [*tool, "undo"]
        baseline = [sys.executable, "-c", "import tinydb; from pydantic import BaseModel"]
        commands = {
            name: [*tool, *(part.format(out=scratch) for part in argv)]
            for name, argv in chosen.items()
        }
        commands["baseline"] = baseline
        commands[PDF_FLOOR] = [*baseline[:2], f"{baseline[2]}; import fpdf"]
        commands[MODEL_FLOOR] = [*baseline[:2], baseline[2] + MODEL_CHECKED]
        for command in commands.values():  # warm the file cache and compiled modules
            wall_time(command, env)
            if command[3:4] and command[3] in CHANGES:
                wall_time(undo, env)
        if args.instructions:
            count_instructions(commands, env, undo)
            return
        wall: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                wall[name].append(wall_time(command, env))
                if command[3:4] and command[3] in CHANGES:
                    wall_time(undo, env)
                cpu[name].append(cpu_time(command, env))
                if command[3:4] and command[3] in CHANGES:
                    wall_time(undo, env)
        size = db.stat().st_size // 1024
        print(f"database: 50 Titans x 100 events ({size} KB); medians of {args.runs} runs")
        base_wall, base_cpu = (
            statistics.median(wall["baseline"]),
            statistics.median(cpu["baseline"]),
        )
        label = 'python -c "import tinydb; from pydantic import BaseModel"'
        print(f"baseline: {label}: wall {base_wall * 1000:.1f} ms, cpu {base_cpu * 1000:.1f} ms")
        over = []
        for name in chosen:
            w, c = statistics.median(wall[name]), statistics.median(cpu[name])
            print(
                f"{'titan-campaign ' + name:44} wall {w * 1000:6.1f} ms {w / base_wall:4.2f}x"
                f"  cpu {c * 1000:6.1f} ms {c / base_cpu:4.2f}x"
            )
            if w / base_wall > TARGET:
                over.append(name)
        print(f"over the {TARGET}x target: {', '.join(over) or 'none'}")
        checked = statistics.median(wall[MODEL_FLOOR])
        over = [name for name in chosen if statistics.median(wall[name]) / checked > TARGET]
        print(
            f"for reference, {MODEL_FLOOR}: wall {checked * 1000:.1f} ms"
            f" {checked / base_wall:4.2f}x; over {TARGET}x it: {', '.join(over) or 'none'}"
        )
        floor = statistics.median(wall[PDF_FLOOR])
        print(
            f"for reference, the PDF library alone ({PDF_FLOOR}): wall {floor * 1000:.1f} ms"
            f" {floor / base_wall:4.2f}x; each PDF command against it:"
        )
        for name in chosen:
            if "pdf" in name or name.startswith(("cards", "game-card T -o")):
                w = statistics.median(wall[name])
                print(f"{'titan-campaign ' + name:44} {w / floor:4.2f}x the PDF library alone")


if __name__ == "__main__":
    main()
