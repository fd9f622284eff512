"""Run an app from process start to its first painted screen, then end the process at once.

For counting the work of a start-up with a tool that watches a whole process (valgrind's
cachegrind counts instructions, which other work on the machine does not disturb):

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
import sys
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


if __name__ == "__main__":
    words = sys.argv[1:]
    if words[:1] == ["--slow"]:
        stretch_long_timers()
        words = words[1:]
    App.run = run_to_first_paint  # type: ignore[method-assign]
    if words[0] == "label":
        label_app()
    else:
        from titan_campaign.cli import entry

        sys.argv = ["titan-campaign", *words[1:]]
        entry()
    raise SystemExit("the app ended without painting")
