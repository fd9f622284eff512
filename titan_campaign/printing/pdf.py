"""PDF output with fpdf2: pure Python, the shipped font embedded, check boxes drawn as shapes.

Any list of ``canvas.Page`` becomes one PDF document. The shipped DejaVu font is embedded (only
the glyphs used), so every Latin, Greek or Cyrillic letter prints as typed; a character the
font lacks prints as a white square (``fonts.font_warning`` names it). A fresh machine needs no
installed font and no browser.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from fpdf import FPDF

from .canvas import FONT, PT, Box, Chart, Line, Page, Text, font_style, register_fonts
from .fonts import drawable
from .progress_chart import draw_progress_pdf
from .sheet_layout import sheet_pages

PRODUCER = "titan-campaign"


def _draw(pdf: FPDF, page: Page) -> None:
    for shape in page.shapes:
        if isinstance(shape, Text):
            pdf.set_font(FONT, font_style(shape.bold, shape.italic), shape.size)
            text = drawable(shape.text)
            x = shape.x
            if shape.align != "left":
                width = pdf.get_string_width(text)
                x -= width if shape.align == "right" else width / 2
            pdf.text(x, shape.y, text)
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
    register_fonts(pdf)
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0)
    pdf.set_creator(PRODUCER)
    pdf.set_title(drawable(title or (pages[0].title if pages else "")))
    pdf.set_creation_date(created or datetime.now(UTC))
    pdf.set_draw_color(0)
    pdf.set_fill_color(0)
    pdf.set_text_color(0)
    for page in pages:
        pdf.add_page(format=(page.width, page.height))
        _draw(pdf, page)
    return bytes(pdf.output())


def sheet_pdf(
    data: dict[str, Any] | None, paper: str = "a4", created: datetime | None = None
) -> bytes:
    """The Titan Character Sheet (or the blank sheet, with None): one page, or more if needed."""
    return pages_pdf(sheet_pages(data, paper), created=created)


def campaign_pdf(
    sheets: Sequence[dict[str, Any]],
    campaign: str,
    paper: str = "a4",
    created: datetime | None = None,
) -> bytes:
    """Every given Titan's sheet, each on its own page (or pages), in one PDF."""
    return pages_pdf(
        [page for data in sheets for page in sheet_pages(data, paper)],
        f"{campaign} - Titan Character Sheets",
        created,
    )


__all__ = ["PT", "campaign_pdf", "pages_pdf", "sheet_pdf"]
