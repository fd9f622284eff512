"""Speed of the Textual UI, printed as figures and ratios (a benchmark, not a timed test).

1. Process start to the first painted frame of a Titan's sheet, opened by the command line
   `titan-campaign --campaign Bench --titan "Titan 1"`, against a minimal Textual app
   showing one Label (target: at most 1.7x). Both run headless in a fresh interpreter, and both
   stop as soon as their first frame has been composed.
2. Median time of one box purchase (click to saved and redrawn) on a campaign of 50 Titans
   with 100 events each (target: under 50 ms).

Run: ``python bench/bench_tui.py`` (``--runs N`` to change the number of start-ups measured,
``--purchases N`` the box purchases, ``--titans N`` the large campaign's Titans).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LABEL_APP = """
import time
from textual.app import App
from textual.widgets import Label

class One(App):
    def compose(self):
        yield Label("Campaign Titan")
    def on_mount(self):
        self.call_after_refresh(self.painted)
    def painted(self):
        print("FRAME", time.time(), flush=True)
        self.exit()

One().run(headless=True)
"""

FLOOR_APP = LABEL_APP.replace(
    "from textual.app import App",
    "from textual.app import App\nimport titan_campaign.actions",
)
"""The one-Label app that also imports ``actions`` (the rules core, the store, and what actions
import): no sheet drawn through actions can start faster."""

SHEET_APP = """
import sys
import time
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens import sheet

shown = sheet.SheetScreen.on_mount

def on_mount(self):
    shown(self)
    self.call_after_refresh(painted, self)

def painted(screen):
    print("FRAME", time.time(), flush=True)
    screen.app.exit()

sheet.SheetScreen.on_mount = on_mount
run = TitanCampaignApp.run
TitanCampaignApp.run = lambda app: run(app, headless=True)
import titan_campaign.cli
from titan_campaign.cli import main
titan_campaign.cli.has_terminal = lambda: True  # headless here, as in a player's terminal
main(["--db", sys.argv[1], "--campaign", "Bench", "--titan", "Titan 1"])
"""
"""The app as ``titan-campaign --campaign Bench --titan "Titan 1"`` starts it: through the
command line, which reads its arguments and opens the app (headless here, with no terminal)."""


# Measure as on a player's machine: Python caches compiled modules, so don't forbid it.
USER_ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def first_frame(source: str, *args: str) -> tuple[float, float]:
    """Seconds from starting a fresh interpreter to its first painted frame: wall time, and
    the CPU time the process used (less disturbed by other work on the machine)."""
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    try:
        done = subprocess.run(
            [sys.executable, "-c", source, *args],
            env=USER_ENV,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise SystemExit("an app did not paint its first frame within 60 s") from None
    stamps = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("FRAME ")]
    if not stamps:
        raise SystemExit(f"the app ended without painting a frame:\n{done.stderr[-2000:]}")
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    return float(stamps[0]) - start, cpu


def titan_history(game_count: int = 10) -> list[object]:
    """100 events of a played Titan: games, 16 boxes, 8 free school levels and picks, gold."""
    from titan_campaign.rules.abilities import ABILITIES
    from titan_campaign.rules.events import (
        AbilityBought,
        GameOutcome,
        GameRecorded,
        GoldChanged,
        SchoolGained,
        SpellChosen,
    )
    from titan_campaign.rules.spells import SCHOOLS, spells_of

    events: list[object] = [
        GameRecorded(
            game=n,
            date="2026-01-01",
            scenario="Bench",  # every Titan wins: a scenario that allows several winners (R8)
            outcome=GameOutcome(result="won", scenario_xp=200),
        )
        for n in range(1, game_count + 1)
    ]
    events += [AbilityBought(ability=a) for a in ABILITIES] * 2  # type: ignore[arg-type]
    for school in SCHOOLS:
        events += [
            SchoolGained(school=school, level=1, free=True),  # type: ignore[arg-type]
            SpellChosen(spell=spells_of(school, 1)[0].name, pick="school"),
        ]
    events += [
        GoldChanged(amount=-3 if n % 2 else 5, note=f"line {n}") for n in range(99 - len(events))
    ]
    return events


def build_campaign(path: Path, titans: int, small: bool = False) -> None:
    """Campaign "Bench": ``titans`` Titans, each with the history above (its first 12 events
    if ``small``), saved as one change per Titan."""
    from titan_campaign import actions
    from titan_campaign.store import Database

    history = titan_history()[: 12 if small else None]
    db = Database(path)
    bench = actions.find_campaign(db, actions.new_campaign(db, "Bench", 200).name)
    for number in range(1, titans + 1):
        name = f"Titan {number}"
        titan = actions.add_titan(db, bench, name, f"Player {number}").titan
        actions.change_titans(db, bench, {titan.titan: lambda _: history}, text=f"{name}'s history")  # type: ignore[arg-type,return-value]


async def purchase_times(path: Path, purchases: int, titan: str) -> list[float]:
    """Click a box; time from the click reaching the sheet until the purchase is saved and the
    sheet's next frame is composed. Undo (not timed) and repeat.

    The clicks are driven by Textual's Pilot, whose own waiting is left out of the figure.
    """
    from titan_campaign.tui.app import TitanCampaignApp
    from titan_campaign.tui.screens.sheet import SheetScreen
    from titan_campaign.tui.widgets.box_grid import BOX_X, BoxGrid

    clicked: list[float] = []
    times: list[float] = []
    on_click, on_pressed = BoxGrid.on_click, SheetScreen.on_box_grid_box_pressed

    def timed_click(grid: BoxGrid, event: object) -> None:
        clicked.append(time.perf_counter())
        on_click(grid, event)  # type: ignore[arg-type]

    def timed_pressed(screen: SheetScreen, message: object) -> None:
        on_pressed(screen, message)  # type: ignore[arg-type]
        screen.call_after_refresh(lambda: times.append(time.perf_counter() - clicked[-1]))

    BoxGrid.on_click = timed_click  # type: ignore[method-assign]
    SheetScreen.on_box_grid_box_pressed = timed_pressed  # type: ignore[method-assign]
    app = TitanCampaignApp(path, open_campaign="Bench", open_titan=titan)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            grid = app.screen.query_one("#abilities", BoxGrid)
            for _ in range(purchases):
                before = path.stat().st_mtime_ns
                await pilot.click(grid, offset=(BOX_X + 7, 1))  # POWER's third box
                await pilot.pause()
                assert path.stat().st_mtime_ns != before, "the purchase was not saved"
                assert "[X][X][X] POWER" in str(grid.render())
                await pilot.press("ctrl+z")
                await pilot.pause()
    finally:
        BoxGrid.on_click, SheetScreen.on_box_grid_box_pressed = on_click, on_pressed  # type: ignore[method-assign]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--purchases", type=int, default=21)
    parser.add_argument("--titans", type=int, default=50, help="Titans of the large campaign")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        small, large = Path(folder) / "small.json", Path(folder) / "large.json"
        build_campaign(small, 4, small=True)
        build_campaign(large, args.titans)
        first_frame(LABEL_APP)  # warm the file cache for both
        first_frame(SHEET_APP, str(small))
        runs: dict[str, list[tuple[float, float]]] = {
            "label": [],
            "floor": [],
            "sheet": [],
            "large": [],
        }
        for _ in range(args.runs):  # interleaved, so that all meet the same machine load
            runs["label"].append(first_frame(LABEL_APP))
            runs["floor"].append(first_frame(FLOOR_APP))
            runs["sheet"].append(first_frame(SHEET_APP, str(small)))
            runs["large"].append(first_frame(SHEET_APP, str(large)))
        buys = asyncio.run(purchase_times(large, args.purchases, f"Titan {(args.titans + 1) // 2}"))
    wall = {name: statistics.median(r[0] for r in found) for name, found in runs.items()}
    cpu = {name: statistics.median(r[1] for r in found) for name, found in runs.items()}
    print(f"first frame (median of {args.runs}; wall time, and CPU time of the process):")
    print(
        f"  one-Label app:               {wall['label'] * 1000:6.0f} ms wall  {cpu['label'] * 1000:6.0f} ms CPU"
    )
    for name, title in (
        ("floor", "one Label + core imports:"),
        ("sheet", "sheet, 4 Titans:"),
        ("large", f"sheet, {args.titans} x 100 events:"),
    ):
        print(
            f"  {title:<28} {wall[name] * 1000:6.0f} ms wall  {cpu[name] * 1000:6.0f} ms CPU   "
            f"ratio {wall[name] / wall['label']:.2f}x wall, {cpu[name] / cpu['label']:.2f}x CPU (target <= 1.7x)"
        )
    print(
        f"box purchase, {args.titans} Titans x 100 events:   {statistics.median(buys) * 1000:7.1f} ms median "
        f"(min {min(buys) * 1000:.1f}, max {max(buys) * 1000:.1f}; target < 50 ms)"
    )


if __name__ == "__main__":
    main()
