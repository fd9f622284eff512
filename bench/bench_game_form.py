"""How long the record-game form takes to open for 6 Titans, against the sheet screen, side
by side in one process (a benchmark: prints figures and the ratio; target: at most 3x).

Each run opens the screen on a running headless app and waits until it is mounted and drawn.

Run: ``python bench/bench_game_form.py`` (``--runs N``).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from textual.screen import Screen

from titan_campaign import actions
from titan_campaign.store import Database
from titan_campaign.tui.app import TitanCampaignApp
from titan_campaign.tui.screens.game import RecordGameScreen
from titan_campaign.tui.screens.sheet import SheetScreen

TITANS = 6


def campaign(path: Path) -> None:
    db = Database(path)
    bench = actions.find_campaign(db, actions.new_campaign(db, "Bench", 200).name)
    for number in range(1, TITANS + 1):
        titan = actions.add_titan(db, bench, f"Titan {number}", f"Player {number}").titan
        actions.buy_ability(db, titan, "power")


async def opening(app: TitanCampaignApp, make: type[Screen[None]] | object) -> float:
    """Seconds from asking for the screen to its first frame."""
    start = time.perf_counter()
    screen = make() if callable(make) else make
    await app.push_screen(screen)  # type: ignore[arg-type]
    done = asyncio.get_running_loop().create_future()
    app.call_after_refresh(lambda: done.set_result(time.perf_counter()))
    finished: float = await done
    await app.pop_screen()
    return finished - start


async def measure(path: Path, runs: int) -> tuple[list[float], list[float]]:
    app = TitanCampaignApp(path, open_campaign="Bench", settings_path=path.parent / "s.json")
    sheets: list[float] = []
    forms: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        db = app.db
        bench = actions.find_campaign(db, "Bench")
        first = actions.find_titan(db, "Titan 1", bench)
        for _ in range(runs):
            view = actions.read_titan(db, first)
            sheets.append(await opening(app, SheetScreen(first, view.state)))
            await pilot.pause()
            found = actions.read_campaign(db, bench)
            forms.append(await opening(app, RecordGameScreen(bench, found)))
            await pilot.pause()
    return sheets, forms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        campaign(path)
        sheets, forms = asyncio.run(measure(path, runs))
    sheet, form = statistics.median(sheets), statistics.median(forms)
    print(f"sheet screen opens in      {sheet * 1000:7.1f} ms (median of {runs})")
    print(f"game form ({TITANS} Titans) opens in {form * 1000:7.1f} ms (median of {runs})")
    print(f"ratio game form / sheet:   {form / sheet:7.2f}x (target: at most 3x)")


if __name__ == "__main__":
    main()
