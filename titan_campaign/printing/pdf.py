"""PDF output with fpdf2: pure Python, core fonts only, check boxes drawn as rectangles.

Any list of ``canvas.Page`` becomes one PDF document. Text is made latin-1 safe first, since
the core fonts cannot encode other characters; a fresh machine needs no font and no browser.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from fpdf import FPDF

from .canvas import PT, Box, Line, Page, Text, latin1

PRODUCER = "titan-campaign"


def _draw(pdf: FPDF, page: Page) -> None:
    for shape in page.shapes:
        if isinstance(shape, Text):
            style = ("B" if shape.bold else "") + ("I" if shape.italic else "")
            pdf.set_font("helvetica", style, shape.size)
            text = latin1(shape.text)
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


def pages_pdf(pages: Sequence[Page], title: str = "", created: datetime | None = None) -> bytes:
    """One PDF page per ``Page``, in order; ``created`` fixes the creation date (for tests)."""
    pdf = FPDF(unit="mm")
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0)
    pdf.set_creator(PRODUCER)
    pdf.set_title(latin1(title or (pages[0].title if pages else "")))
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
    """The Titan Character Sheet (or the blank sheet, with None) as a one-page PDF."""
    from .sheet_layout import sheet_page

    return pages_pdf([sheet_page(data, paper)], created=created)


def campaign_pdf(
    sheets: Sequence[dict[str, Any]],
    campaign: str,
    paper: str = "a4",
    created: datetime | None = None,
) -> bytes:
    """Every given Titan's sheet, one page each, in one PDF."""
    from .sheet_layout import sheet_page

    return pages_pdf(
        [sheet_page(data, paper) for data in sheets],
        f"{campaign} - Titan Character Sheets",
        created,
    )


__all__ = ["PT", "campaign_pdf", "pages_pdf", "sheet_pdf"]
