"""PDF output with fpdf2: pure Python, the fonts embedded, check boxes drawn as shapes.

Any list of ``canvas.Page`` becomes one PDF document. The shipped DejaVu font is embedded (only
the glyphs used), and for the letters it lacks the fallback fonts (``fonts.FALLBACKS``), so a
letter of any script prints as typed, right-to-left text in its order (``pdf_text``); a
character no font has prints as a white square (``fonts.font_warning`` names it). A fresh
machine needs no installed font and no browser.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from fpdf import FPDF

from ..rules.sheet import SheetView
from .campaign import campaign_pages
from .canvas import FONT, PT, Box, Chart, Line, Page, Text, font_style
from .fonts import drawable
from .kinds import CampaignPrint
from .pdf_text import add_fonts, place_text
from .progress_chart import chart_texts, draw_progress_pdf
from .sheet_layout import sheet_pages

PRODUCER = "titan-campaign"


def _draw(pdf: FPDF, page: Page) -> None:
    for shape in page.shapes:
        if isinstance(shape, Text):
            pdf.set_font(FONT, font_style(shape.bold, shape.italic), shape.size)
            place_text(pdf, shape.x, shape.y, shape.text, shape.align)
        elif isinstance(shape, Box):
            pdf.set_line_width(shape.stroke)
            pdf.rect(shape.x, shape.y, shape.w, shape.h, style="FD" if shape.filled else "D")
        elif isinstance(shape, Line):
            pdf.set_line_width(shape.stroke)
            if shape.dashed:
                pdf.set_dash_pattern(dash=1.2, gap=1.0)
            pdf.line(shape.x1, shape.y1, shape.x2, shape.y2)
            if shape.dashed:
                pdf.set_dash_pattern()
        elif isinstance(shape, Chart):
            draw_progress_pdf(pdf, shape.rows, shape.x, shape.y, shape.w, shape.h, shape.title)
            pdf.set_fill_color(0)


def pages_pdf(pages: Sequence[Page], title: str = "", created: datetime | None = None) -> bytes:
    """One PDF page per ``Page``, in order; ``created`` fixes the creation date (for tests)."""
    pdf = FPDF(unit="mm")
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0)
    pdf.set_creator(PRODUCER)
    pdf.set_title(drawable(title or (pages[0].title if pages else "")))
    pdf.set_creation_date(created or datetime.now(UTC))
    pdf.set_draw_color(0)
    pdf.set_fill_color(0)
    pdf.set_text_color(0)
    with tempfile.TemporaryDirectory(prefix="titan-fonts-") as folder:
        add_fonts(pdf, FONT, _page_text(pages), Path(folder))
        for page in pages:
            pdf.add_page(format=(page.width, page.height))
            _draw(pdf, page)
        return bytes(pdf.output())


def _page_text(pages: Sequence[Page]) -> str:
    """Every letter the pages set (to choose the fallback fonts they need)."""
    texts = [shape.text for page in pages for shape in page.shapes if isinstance(shape, Text)]
    texts += [
        chart_texts(shape.rows, shape.title)
        for page in pages
        for shape in page.shapes
        if isinstance(shape, Chart)
    ]
    return drawable("".join(texts))


def sheet_pdf(data: SheetView | None, paper: str = "a4", created: datetime | None = None) -> bytes:
    """The Titan Character Sheet (or the blank sheet, with None): one page, or more if needed."""
    return pages_pdf(sheet_pages(data, paper), created=created)


def campaign_pdf(
    sheets: Sequence[SheetView] | CampaignPrint,
    campaign: str = "",
    paper: str = "a4",
    created: datetime | None = None,
) -> bytes:
    """The campaign printout (``campaign.campaign_pages``): every sheet whole, each Titan from
    an odd page, then the game log. Plain sheets (without a game log) may be given instead."""
    printout = (
        sheets if isinstance(sheets, CampaignPrint) else CampaignPrint(campaign, tuple(sheets))
    )
    return pages_pdf(
        campaign_pages(printout, paper), f"{printout.name} - Titan Character Sheets", created
    )


__all__ = ["PT", "campaign_pdf", "pages_pdf", "sheet_pdf"]
