"""Golden files for one fixed Titan (Thorn): a layout change shows up as a diff.

Regenerate after an intended change with ``UPDATE_GOLDEN=1 pytest tests/printing/test_print_golden.py``
and review the diff of ``tests/printing/golden/``. The PDF golden holds the page's drawing
commands (decompressed), not the file bytes, which carry a creation date. The embedded font
of the HTML and SVG files is left out of their goldens (``base64,...``): it is the shipped
font, cut down to the characters used.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from helpers_print import pdf_drawing

from titan_campaign.printing.game_card import game_card_text
from titan_campaign.printing.html import sheet_html
from titan_campaign.printing.pdf import sheet_pdf
from titan_campaign.printing.svg import sheet_svg
from titan_campaign.printing.text import sheet_text
from titan_campaign.rules.sheet import SheetView

GOLDEN = Path(__file__).parent / "golden"
CREATED = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

RENDERERS: dict[str, Callable[[SheetView], str]] = {
    "thorn-sheet.txt": sheet_text,
    "thorn-sheet.html": lambda data: sheet_html(data, "a4"),
    "thorn-sheet.svg": lambda data: sheet_svg(data, "a4"),
    "thorn-sheet.pdf-drawing.txt": lambda data: pdf_drawing(sheet_pdf(data, "a4", created=CREATED)),
    "thorn-game-card.txt": game_card_text,
    "blank-sheet.svg": lambda data: sheet_svg(None, "letter"),
}


def without_font(document: str) -> str:
    return re.sub(r"base64,[A-Za-z0-9+/=]+", "base64,...", document)


@pytest.mark.parametrize("name", sorted(RENDERERS))
def test_thorn_prints_as_the_golden_file(name: str, example_sheets: dict[str, SheetView]) -> None:
    rendered = without_font(RENDERERS[name](example_sheets["thorn"]))
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(rendered, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run with UPDATE_GOLDEN=1"
    assert rendered == path.read_text(encoding="utf-8"), (
        f"{name} changed: review, then UPDATE_GOLDEN=1"
    )


def test_the_pdf_is_the_same_bytes_when_its_creation_date_is_fixed(
    example_sheets: dict[str, SheetView],
) -> None:
    data = example_sheets["thorn"]
    assert sheet_pdf(data, created=CREATED) == sheet_pdf(data, created=CREATED)
    assert (
        "re" in pdf_drawing(sheet_pdf(data, created=CREATED)).split()
    )  # boxes are drawn as rectangles
