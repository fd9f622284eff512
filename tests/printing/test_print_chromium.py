"""The HTML printouts as a browser prints them: the PDF's pages, every letter, in the embedded
font. Skipped where Chromium is absent."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from helpers_print import pdf_fonts, pdf_pages
from PIL import Image

from titan_campaign.printing.canvas import PAPER_MM
from titan_campaign.printing.cards import card_spells, cards_html
from titan_campaign.printing.game_card_page import game_card_html, game_card_pages
from titan_campaign.printing.html import sheet_html
from titan_campaign.printing.sheet_layout import sheet_pages
from titan_campaign.rules.sheet import SheetView

CHROMIUM = next(
    (
        found
        for name in ("chromium", "chromium-browser", "google-chrome")
        if (found := shutil.which(name))
    ),
    None,
)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
PX_PER_MM = 96 / 25.4


def _chromium(*args: str) -> None:
    assert CHROMIUM is not None
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *args]
    subprocess.run(command, check=True, capture_output=True, timeout=90)


def page_height_px(png: Path) -> int:
    """Height of the white page on the grey screen background, measured down its left edge."""
    image = Image.open(png).convert("L")
    height = 0
    while height < image.height and image.getpixel((3, height)) > 200:  # type: ignore[operator]
        height += 1
    return height


@pytest.mark.parametrize(
    ("example", "paper"),
    [("lukasz", "letter"), ("lukasz", "a4"), ("thorn", "a4"), ("blank", "letter")],
)
def test_the_html_sheet_prints_the_pdfs_pages_with_every_letter_in_chromium(
    tmp_path: Path,
    example_sheets: dict[str, SheetView],
    lukasz_sheet: SheetView,
    example: str,
    paper: str,
) -> None:
    data = {"lukasz": lukasz_sheet, "blank": None}.get(example, example_sheets.get(example))
    html = tmp_path / "sheet.html"
    html.write_text(sheet_html(data, paper), encoding="utf-8")
    pages = len(sheet_pages(data, paper))
    width_mm, height_mm = PAPER_MM[paper]
    png = tmp_path / "sheet.png"
    _chromium(
        f"--window-size={round(width_mm * PX_PER_MM)},{round(height_mm * PX_PER_MM) + 200}",
        f"--screenshot={png}",
        html.as_uri(),
    )
    first = page_height_px(png)
    assert first == pytest.approx(height_mm * PX_PER_MM, abs=2), f"{first / PX_PER_MM:.0f} mm"
    pdf = tmp_path / "sheet.pdf"
    _chromium("--no-pdf-header-footer", f"--print-to-pdf={pdf}", html.as_uri())
    printed = pdf_pages(pdf.read_bytes())
    assert len(printed) == pages
    assert all("DejaVuSansCondensed" in font for font in pdf_fonts(pdf.read_bytes()))
    if data:
        words = " ".join(" ".join(printed).split())
        assert data.name in words and data.campaign in words
        for item in data.magic_items:
            assert " ".join(item.description.split()) in words


def test_the_html_game_card_and_spell_cards_print_on_the_expected_pages_in_chromium(
    tmp_path: Path, hoarder_sheet: SheetView
) -> None:
    for name, document, pages in (
        (
            "card",
            game_card_html(hoarder_sheet, "letter"),
            len(game_card_pages(hoarder_sheet, "letter")),
        ),
        ("cards", cards_html(card_spells(every=True), "a4"), 8),  # nine cards a page
    ):
        html = tmp_path / f"{name}.html"
        html.write_text(document, encoding="utf-8")
        pdf = tmp_path / f"{name}.pdf"
        _chromium("--no-pdf-header-footer", f"--print-to-pdf={pdf}", html.as_uri())
        assert len(pdf_pages(pdf.read_bytes())) == pages, name
