"""The whole suite: the app's Pilot tests, the browser tests and the printing tests that run
Chromium are marked ``slow``, as the crash, race and fuzz tests mark themselves, so that
``pytest -m "not slow"`` is a quick loop over the rules, the store and the command line.
CI runs everything, in four processes (pytest-xdist, ``-n 4`` in pyproject.toml; ``-n 0`` runs
in this one process): so a test keeps its files in its own ``tmp_path``, its settings and
caches in folders of its own, and its servers on ports the system hands out."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

# The user's own folders stay as they were: what this run's tests, and the programs they
# start, keep in the user's data, settings, cache and log folders goes to folders of the run's
# own (a test that needs folders of its own sets its own). Served tabs wrote crash reports to
# the user's log folder, printouts font caches to the user's cache.
RUN_FOLDERS = Path(tempfile.mkdtemp(prefix="titan-campaign-tests-"))
for _kind in ("DATA", "CONFIG", "CACHE", "STATE"):
    os.environ[f"XDG_{_kind}_HOME"] = str(RUN_FOLDERS / _kind.lower())


def pytest_sessionfinish() -> None:
    shutil.rmtree(RUN_FOLDERS, ignore_errors=True)


SLOW_PLACES = ("tui", "serve")
SLOW_FILES = ("test_print_chromium.py", "test_progress_chart.py", "test_print_examples.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        if path.parent.name in SLOW_PLACES or path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)


# Property tests give the same answer on every run in CI (a failure there can be run again as it
# was); elsewhere they draw new examples and print what reproduces a failure. No example is
# judged by its wall-clock time (Hypothesis's deadline): the suite shares its cores.
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("dev", print_blob=True, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

FIGURE = "figure"
"""A line a test measured (``record_property(FIGURE, line)``), shown at the end of the run:
the report travels with the test's result, so it arrives from any worker process."""
FIGURES: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call":
        FIGURES.extend(str(value) for name, value in report.user_properties if name == FIGURE)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if FIGURES:
        terminalreporter.section("figures the tests measured")
        for line in FIGURES:
            terminalreporter.write_line(line)
