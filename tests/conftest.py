"""The whole suite: the app's Pilot tests, the browser tests and the printing tests that run
Chromium are marked ``slow``, as the crash, race and fuzz tests mark themselves, so that
``pytest -m "not slow"`` is a quick loop over the rules, the store and the command line.
CI runs everything."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

SLOW_PLACES = ("tui", "serve")
SLOW_FILES = ("test_print_chromium.py", "test_progress_chart.py", "test_print_examples.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        if path.parent.name in SLOW_PLACES or path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)


# Property tests give the same answer on every run in CI (a failure there can be run again as it
# was); elsewhere they draw new examples and print what reproduces a failure.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
