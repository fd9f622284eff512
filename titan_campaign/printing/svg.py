"""SVG output: laid-out pages (``canvas.Page``) as SVG drawn in millimetres.

The standalone SVG (``sheet --format svg``) and every page of the HTML printouts are the same
drawing as the PDF page, set in the fonts the PDF embeds, which the SVG carries as embedded
subsets (``fonts.font_face_css``). The markup keeps every letter as typed, and its font list
names installed fonts a browser can fall back on (``fonts.font_family``). A sheet that runs to two pages is drawn as two pages one under the
other in the standalone SVG.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..rules.sheet import SheetView
from .canvas import PT, Box, Chart, Page, Shape, Text
from .fonts import font_face_css, font_family
from .progress_chart import chart_svg_elements, chart_texts
from .sheet_layout import sheet_pages

PAGE_GAP = 6.0  # mm between pages stacked in one standalone SVG
_ANCHOR = {"left": "start", "right": "end", "center": "middle"}


def _attr(value: str) -> str:
    """``value`` as a quoted XML attribute value."""
    return '"' + escape(value, quote=False).replace('"', "&quot;") + '"'


def _text(value: str) -> str:
    """``value`` as XML text."""
    return escape(value, quote=False)


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _shape(shape: Shape, dy: float = 0.0) -> str:
    if isinstance(shape, Text):
        attrs = f'x="{_n(shape.x)}" y="{_n(shape.y + dy)}" font-size="{_n(shape.size * PT)}"'
        if shape.bold:
            attrs += ' font-weight="bold"'
        elif shape.italic:
            attrs += ' font-style="italic"'
        if shape.align != "left":
            attrs += f' text-anchor="{_ANCHOR[shape.align]}"'
        if shape.figure:
            attrs += f" data-figure={_attr(shape.figure)}"
        return f"<text {attrs}>{_text(shape.text)}</text>"
    if isinstance(shape, Chart):
        return chart_svg_elements(shape.rows, shape.title, shape.w, shape.h, shape.x, shape.y + dy)
    if isinstance(shape, Box):
        fill = "#000" if shape.filled else "none"
        kind = "box checked" if shape.filled else "box"
        return (
            f'<rect class="{kind}" x="{_n(shape.x)}" y="{_n(shape.y + dy)}" width="{_n(shape.w)}" '
            f'height="{_n(shape.h)}" fill="{fill}" stroke="#000" stroke-width="{_n(shape.stroke)}"/>'
        )
    dash = ' stroke-dasharray="1.2 1"' if shape.dashed else ""
    return (
        f'<line x1="{_n(shape.x1)}" y1="{_n(shape.y1 + dy)}" x2="{_n(shape.x2)}" '
        f'y2="{_n(shape.y2 + dy)}" stroke="#000" stroke-width="{_n(shape.stroke)}"{dash}/>'
    )


def page_texts(pages: Sequence[Page]) -> str:
    """Every character the pages draw (to cut the embedded font down to)."""
    texts = [s.text for page in pages for s in page.shapes if isinstance(s, Text)]
    texts += [
        chart_texts(s.rows, s.title) for page in pages for s in page.shapes if isinstance(s, Chart)
    ]
    return "".join(texts)


def page_element(page: Page) -> str:
    """One page as an ``<svg>`` element sized in millimetres (for inline use in HTML)."""
    fonts = font_family(page_texts([page]))
    width, height = _n(page.width), _n(page.height)
    shapes = "\n".join(_shape(shape) for shape in page.shapes)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
        f'viewBox="0 0 {width} {height}" font-family={_attr(fonts)} role="img" '
        f"aria-label={_attr(page.title)}>\n"
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>\n{shapes}\n</svg>'
    )


def pages_svg(pages: Sequence[Page]) -> str:
    """The pages as one SVG document, one under the other, with the font embedded."""
    width = max(page.width for page in pages)
    text = page_texts(pages)
    height = sum(page.height for page in pages) + PAGE_GAP * (len(pages) - 1)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}mm" height="{_n(height)}mm" '
            f'viewBox="0 0 {_n(width)} {_n(height)}" font-family={_attr(font_family(text))}>'
        ),
        f"<title>{_text(pages[0].title)}</title>",
        f"<style>{font_face_css(text)}text {{ white-space: pre; }}</style>",
    ]
    top = 0.0
    for page in pages:
        lines.append(
            f'<rect x="0" y="{_n(top)}" width="{_n(page.width)}" height="{_n(page.height)}" '
            'fill="#fff"/>'
        )
        lines += [_shape(shape, top) for shape in page.shapes]
        top += page.height + PAGE_GAP
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def page_svg(page: Page) -> str:
    """One page as an SVG document sized in millimetres, black on white."""
    return pages_svg([page])


def sheet_svg(data: SheetView | None, paper: str = "a4") -> str:
    """The Titan Character Sheet (or the blank sheet, with None) as SVG (pages stacked)."""
    return pages_svg(sheet_pages(data, paper))
