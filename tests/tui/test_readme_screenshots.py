"""The README's screenshots are the app's own snapshots: Thorn's sheet of the example campaign
at 80x24 and at 120x40, as ``test_every_screen_snapshots`` pins them. After an intended change
to the sheet, update the snapshots, then copy them:

    cp "tests/tui/__snapshots__/test_every_screen_snapshots/test_screen[sheet-80x24].svg" \\
       docs/screenshots/sheet-80x24.svg   (and the same for 120x40)
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOTS = ROOT / "tests" / "tui" / "__snapshots__" / "test_every_screen_snapshots"
SCREENSHOTS = ROOT / "docs" / "screenshots"


@pytest.mark.parametrize("size", ["80x24", "120x40"])
def test_the_readme_shows_the_sheet_as_the_snapshot_pins_it(size: str) -> None:
    screenshot = SCREENSHOTS / f"sheet-{size}.svg"
    snapshot = SNAPSHOTS / f"test_screen[sheet-{size}].svg"
    assert screenshot.read_bytes() == snapshot.read_bytes(), f"copy {snapshot} to {screenshot}"
    assert f"docs/screenshots/sheet-{size}.svg" in (ROOT / "README.md").read_text()
