"""The sheet's boxes read the same on screen and on paper: the box of a Titan's figures in
play has one title in the app's sheet, the text sheet, the HTML sheet and the PDF; a choice
still to make has a box to tick drawn as a shape, not a ballot box character (STYLE.md: a core
PDF font has no such glyph, and a fresh machine may have no font that does)."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from helpers_print import parse_html, pdf_drawing

from titan_campaign.printing.canvas import Box, Page, Text
from titan_campaign.printing.figures import IN_PLAY, SKILL_USES_LABEL
from titan_campaign.printing.game_card import game_card_text
from titan_campaign.printing.game_card_page import game_card_html, game_card_pages
from titan_campaign.printing.html import sheet_html
from titan_campaign.printing.pdf import pages_pdf, sheet_pdf
from titan_campaign.printing.sheet_layout import sheet_pages
from titan_campaign.printing.text import sheet_text
from titan_campaign.rules.sheet import ChoiceLine, SheetView
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


TEXT_FORMS = ("app's sheet", "text sheet", "game card text")


@pytest.fixture(scope="module")
def veteran_printed(
    example_sheets: dict[str, SheetView], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, str]:
    """What the veteran's printouts and the app's sheet box read, each printed once."""
    veteran = example_sheets["veteran"]  # one Skill box
    folder = tmp_path_factory.mktemp("printed")
    return {
        "app's sheet": derived_panel(veteran).plain,
        "text sheet": sheet_text(veteran),
        "game card text": game_card_text(veteran),
        "html sheet": "\n".join(parse_html(sheet_html(veteran)).text),
        "pdf sheet": pdftotext(sheet_pdf(veteran), folder),
        "html game card": "\n".join(parse_html(game_card_html(veteran)).text),
        "pdf game card": pdftotext(pages_pdf(game_card_pages(veteran)), folder),
    }


def test_the_box_of_figures_in_play_has_one_title_in_the_app_and_on_every_printout(
    veteran_printed: dict[str, str],
) -> None:
    titles = {
        name: title_over_mana(veteran_printed[name].splitlines())
        for name in ("app's sheet", "text sheet", "html sheet", "pdf sheet")
    }
    assert set(titles.values()) == {IN_PLAY}, titles


def skill_labels(printed: str) -> set[str]:
    """Every label in ``printed`` that starts "Skill-5", without its colon and figure (the game
    card's tracker heads, "Skill-5 strikes (1 a Battle)", are not labels of the figure)."""
    cells = (cell.strip() for line in printed.splitlines() for cell in re.split(r"\s{2,}", line))
    return {
        re.sub(r":?\s*\d*$", "", cell)
        for cell in cells
        if cell.startswith("Skill-5") and "(" not in cell
    }


def test_the_figure_of_skill_5_strikes_has_one_label_in_the_app_and_on_every_printout(
    veteran_printed: dict[str, str],
) -> None:
    """One Strike Phase at Skill-factor 5 per Battle for each Skill box (the rulebook's Skill):
    the app's IN PLAY box, the text, HTML and PDF sheets and the game-night card (text, HTML
    and PDF) all call the figure ``SKILL_USES_LABEL``; the text forms keep it on one line with
    its figure, inside their columns."""
    labels = {name: skill_labels(shown) for name, shown in veteran_printed.items()}
    assert labels == {name: {SKILL_USES_LABEL} for name in veteran_printed}, labels
    for name in TEXT_FORMS:
        found = re.search(rf"(^|\s){SKILL_USES_LABEL}:\s+1$", veteran_printed[name], re.MULTILINE)
        assert found, name


CHOICES = (
    ChoiceLine("school", None, None, "choose a school level"),
    ChoiceLine("spell", "fire", 2, "choose a Fire spell of level 2"),
)
PRINTOUTS: dict[str, tuple[Callable[[SheetView], list[Page]], int]] = {
    # each printout's pages, and the frames it draws round its choices (the card's warning)
    "sheet": (sheet_pages, 0),
    "game card": (game_card_pages, 1),
}


@pytest.mark.parametrize("printout", sorted(PRINTOUTS))
def test_each_choice_to_make_has_a_box_to_tick_drawn_as_a_rectangle_not_a_character(
    printout: str, example_sheets: dict[str, SheetView], tmp_path: Path
) -> None:
    pages, frames = PRINTOUTS[printout]
    thorn = example_sheets["thorn"]
    pending = pages(replace(thorn, pending=CHOICES))
    printed = [pages_pdf(pending), pages_pdf(pages(thorn))]
    text = pdftotext(printed[0], tmp_path)
    assert all(choice.text in text for choice in CHOICES)
    assert "\u2610" not in text
    rectangles = [pdf_drawing(pdf).split().count("re") for pdf in printed]
    assert rectangles[0] - rectangles[1] == len(CHOICES) + frames
    shapes = [shape for page in pending for shape in page.shapes]
    lines = [s for s in shapes if isinstance(s, Text) and s.text.startswith("choose a")]
    boxes = [s for s in shapes if isinstance(s, Box)]
    for line in lines:  # a box just left of the line, standing on its baseline
        assert any(
            0 < line.x - (box.x + box.w) < 2 and abs(box.y + box.h - line.y) < 0.2 for box in boxes
        ), line.text
    assert len(lines) == len(CHOICES)


def test_an_items_many_charge_boxes_make_an_even_grid_with_its_rows_apart() -> None:
    """25 charges: a row of 15 and a row of 10 starting further right, the rows touching
    (0.3 mm apart), the description pushed down a line."""
    from titan_campaign.printing.sheet_items import BOX, item_block
    from titan_campaign.rules.sheet import ItemLine

    page = Page(210, 297, "t")
    item = ItemLine("Amulet of Many Charges", "other", 20, 25, "Lots of charges.", None)
    height = item_block(page, item, 10, 10, 120)
    boxes = [s for s in page.shapes if isinstance(s, Box) and round(s.w, 1) == BOX]
    assert len(boxes) == 25 and sum(b.filled for b in boxes) == 5  # 20 left of 25: 5 used
    rows = sorted({b.y for b in boxes})
    assert len(rows) > 1
    assert len({min(b.x for b in boxes if b.y == row) for row in rows}) == 1  # one left edge
    assert all(later - earlier >= BOX + 0.5 for earlier, later in itertools.pairwise(rows))
    description = next(
        s for s in page.shapes if isinstance(s, Text) and s.text == "Lots of charges."
    )
    assert rows[-1] + BOX < description.y - 2 < 10 + height
