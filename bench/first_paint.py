"""Run an app from process start to its first painted screen, then end the process at once.

``python bench/first_paint.py`` (valgrind installed) counts the instructions of the app's first
painted sheet, opened by ``titan-campaign --campaign Bench --titan "Titan 1"`` on the campaigns
of ``bench_tui.py`` (4 Titans; 50 Titans x 100 events), and of the one-Label Textual app, and
prints their ratios. Instruction counts are not disturbed by other work on the machine, so a
change of a few percent shows, which wall times on a shared machine hide.

For counting one start-up (valgrind's cachegrind counts a whole process's instructions):

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/cg.label \
        python bench/first_paint.py --slow label
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/cg.sheet \
        python bench/first_paint.py --slow app --db FILE --campaign Bench --titan "Titan 1"
    grep ^summary /tmp/cg.label /tmp/cg.sheet

``label`` is the one-Label Textual app of ``bench_tui.py``; ``app`` starts ``titan-campaign``
through its real entry point with the words after it. Both run headless, and both end the
process as soon as the screen on top when the app is ready has been painted once (after its
compose and mount), as ``bench_tui.py``'s figures stop there.

``--slow``: under valgrind a process runs some 50 times slower, so a timer of half a second or
more (the app's watcher of the database, a cursor's blink) would fire before the first paint,
which it never does at real speed; ``--slow`` stretches those timers 100 times, in both apps
alike. Textual's own frame timers (a 60th of a second) are left as they are.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from textual.app import App
from textual.message_pump import MessagePump
from textual.pilot import Pilot


async def paint_then_end(pilot: Pilot[Any]) -> None:
    """End the process right after the screen on top is composed, mounted and painted."""
    app = pilot.app

    def painted() -> None:
        print("painted", type(app.screen).__name__, flush=True)
        os._exit(0)

    app.screen.call_after_refresh(painted)  # handled after its compose and mount


run = App.run


def run_to_first_paint(app: App[Any], *args: Any, **kwargs: Any) -> Any:
    return run(app, headless=True, auto_pilot=paint_then_end)


def stretch_long_timers() -> None:
    set_timer, set_interval = MessagePump.set_timer, MessagePump.set_interval

    def stretched(seconds: float) -> float:
        return seconds * 100 if seconds >= 0.5 else seconds

    def slow_timer(self: MessagePump, delay: float, *args: Any, **kwargs: Any) -> Any:
        return set_timer(self, stretched(delay), *args, **kwargs)

    def slow_interval(self: MessagePump, interval: float, *args: Any, **kwargs: Any) -> Any:
        return set_interval(self, stretched(interval), *args, **kwargs)

    MessagePump.set_timer = slow_timer  # type: ignore[method-assign]
    MessagePump.set_interval = slow_interval  # type: ignore[method-assign]


def label_app() -> None:
    from textual.widgets import Label

    class One(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield Label("Campaign Titan")

    One().run()


def instructions(*words: str) -> int:
    """Instructions of one start-up of ``words`` (as given to this script), under valgrind."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, __file__, *words]
    subprocess.run(command, env=env, capture_output=True, check=True)  # compiled modules cached
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "cachegrind.out"
        subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}"]
            + [sys.executable, __file__, "--slow", *words],
            env=env,
            capture_output=True,
            check=True,
        )
        summary = next(line for line in out.read_text().splitlines() if line.startswith("summary"))
    return int(summary.split()[1])


def count_all() -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_tui import build_campaign

    with tempfile.TemporaryDirectory() as folder:
        small, large = Path(folder) / "small.json", Path(folder) / "large.json"
        build_campaign(small, 4, small=True)
        build_campaign(large, 50)
        label = instructions("label")
        print(f"one-Label app:            {label / 1e6:7.0f}M instructions")
        for title, path in (("sheet, 4 Titans:", small), ("sheet, 50 x 100 events:", large)):
            sheet = instructions(
                "app", "--db", str(path), "--campaign", "Bench", "--titan", "Titan 1"
            )
            print(f"{title:<25} {sheet / 1e6:7.0f}M instructions   ratio {sheet / label:.2f}x")


if __name__ == "__main__":
    words = sys.argv[1:]
    if not words:
        count_all()
        raise SystemExit(0)
    if words[:1] == ["--slow"]:
        stretch_long_timers()
        words = words[1:]
    App.run = run_to_first_paint  # type: ignore[method-assign]
    if words[0] == "label":
        label_app()
    else:
        import titan_campaign.cli
        from titan_campaign.start import entry

        titan_campaign.cli.has_terminal = lambda: True  # headless here, as in a terminal
        sys.argv = ["titan-campaign", *words[1:]]
        entry()
    raise SystemExit("the app ended without painting")
