"""The whole suite: the app's Pilot tests, the browser tests and the printing tests that run
Chromium are marked ``slow``, as the crash, race and fuzz tests mark themselves, so that
``pytest -m "not slow"`` is a quick loop over the rules, the store and the command line.
CI runs everything."""

from __future__ import annotations

from pathlib import Path

import pytest

SLOW_PLACES = ("tui", "serve")
SLOW_FILES = ("test_print_chromium.py", "test_progress_chart.py", "test_print_examples.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        if path.parent.name in SLOW_PLACES or path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
