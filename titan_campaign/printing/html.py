"""HTML output: one self-contained file (inline CSS and font, no script, nothing fetched) that
a browser prints one sheet page per printed page, with ``@page`` size for A4 or Letter.

Each page is the PDF's own drawing as inline SVG (``svg.page_element``), set in the shipped
font, embedded as a subset: what prints from the browser is what the PDF shows, type never
below 7 points, every name as typed. Figures are also in the markup (``data-figure``), and
checked boxes are ``rect`` elements of class ``box checked``.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..rules.sheet import SheetView
from .campaign import campaign_pages
from .canvas import Page
from .fonts import font_face_css
from .kinds import CampaignPrint
from .sheet_layout import sheet_pages
from .svg import page_element, page_texts

CSS = """
@page { size: %(width)smm %(height)smm; margin: 0; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; }
.page { width: %(width)smm; height: %(height)smm; overflow: hidden; background: #fff;
  break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
.page svg { display: block; }
.page text { white-space: pre; }
@media screen { body { background: #777; } .page { margin: 0 0 6mm 0; } }
"""


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def pages_html(title: str, pages: Sequence[Page], kind: str = "sheet") -> str:
    """A complete HTML file of ``pages``, one printed page each; ``kind`` classes each page."""
    width, height = (pages[0].width, pages[0].height) if pages else (210.0, 297.0)
    css = CSS % {"width": f"{width:g}", "height": f"{height:g}"}
    sections = "\n".join(
        f'<section class="page {kind}" data-page="{number}">\n{page_element(page)}\n</section>'
        for number, page in enumerate(pages, start=1)
    )
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{_e(title)}</title>\n'
        f"<style>{font_face_css(page_texts(pages))}{css}</style>\n</head>\n<body>\n{sections}\n"
        "</body>\n</html>\n"
    )


def sheet_html(data: SheetView | None, paper: str = "a4") -> str:
    """The Titan Character Sheet (or the blank sheet, with None) as a self-contained HTML file."""
    title = f"{data.name} - Titan Character Sheet" if data else "Titan Character Sheet (blank)"
    return pages_html(title, sheet_pages(data, paper))


def campaign_html(
    sheets: Sequence[SheetView] | CampaignPrint, campaign: str = "", paper: str = "a4"
) -> str:
    """The campaign printout (``campaign.campaign_pages``) as one HTML file, a page a page."""
    printout = (
        sheets if isinstance(sheets, CampaignPrint) else CampaignPrint(campaign, tuple(sheets))
    )
    return pages_html(f"{printout.name} - Titan Character Sheets", campaign_pages(printout, paper))
