"""Every screen module imports on its own, first of the package: no screen depends on being
imported after another (a circle of screens importing each other fails with a partially
initialized module when entered at the wrong one)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import titan_campaign.tui.screens

SCREENS_DIR = Path(titan_campaign.tui.screens.__file__).parent
SCREEN_MODULES = sorted(
    f"titan_campaign.tui.screens.{path.stem}"
    for path in SCREENS_DIR.glob("*.py")
    if path.stem != "__init__"
)

PROBE = """
import importlib, json, sys
failed = {}
for name in json.loads(sys.argv[1]):
    for loaded in [m for m in sys.modules if m.startswith("titan_campaign")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as error:
        failed[name] = f"{type(error).__name__}: {error}"
print(json.dumps(failed))
"""


def test_there_are_screens_to_import():
    assert {
        "titan_campaign.tui.screens.sheet",
        "titan_campaign.tui.screens.roster",
        "titan_campaign.tui.screens.backups",
    } <= set(SCREEN_MODULES)


def test_each_screen_module_imports_first_in_a_fresh_interpreter():
    result = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(SCREEN_MODULES)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == {}
