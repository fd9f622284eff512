"""The sheet's boxes read the same on screen and on paper: the box of a Titan's figures in
play has one title in the app's sheet, the text sheet, the HTML sheet and the PDF; a choice
still to make has a box to tick drawn as a shape, not a ballot box character (STYLE.md: a core
PDF font has no such glyph, and a fresh machine may have no font that does)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers_print import parse_html

from titan_campaign.printing.figures import IN_PLAY
from titan_campaign.printing.html import sheet_html
from titan_campaign.printing.pdf import sheet_pdf
from titan_campaign.printing.text import sheet_text
from titan_campaign.rules.sheet import SheetView
from titan_campaign.tui.screens.sheet import derived_panel

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) missing"
)


def pdftotext(pdf: bytes, folder: Path) -> str:
    """A PDF's text as poppler reads it, laid out in columns as on the page."""
    path = folder / "printout.pdf"
    path.write_bytes(pdf)
    found = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    )
    return found.stdout


def title_over_mana(lines: list[str]) -> str:
    """The title of the box whose first figure is "Mana per turn": the last column of the
    nearest line above it with any text."""
    row = next(index for index, line in enumerate(lines) if "Mana per turn" in line)
    above = next(line for line in reversed(lines[:row]) if line.strip())
    return re.split(r"\s{2,}", above.strip())[-1]


def test_the_box_of_figures_in_play_has_one_title_in_the_app_and_on_every_printout(
    example_sheets: dict[str, SheetView], tmp_path: Path
) -> None:
    thorn = example_sheets["thorn"]
    html_texts = [text for text in parse_html(sheet_html(thorn)).text if text.strip()]
    titles = {
        "app's sheet": title_over_mana(derived_panel(thorn).plain.splitlines()),
        "text": title_over_mana(sheet_text(thorn).splitlines()),
        "html": title_over_mana(html_texts),
        "pdf": title_over_mana(pdftotext(sheet_pdf(thorn), tmp_path).splitlines()),
    }
    assert set(titles.values()) == {IN_PLAY}, titles
