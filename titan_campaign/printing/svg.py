"""SVG output: one ``canvas.Page`` as a standalone SVG in millimetres (the sheet fits one page)."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from .canvas import PT, Box, Line, Page, Text

FONT = "Helvetica, Arial, 'Liberation Sans', sans-serif"
_ANCHOR = {"left": "start", "right": "end", "center": "middle"}


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _shape(shape: Text | Box | Line) -> str:
    if isinstance(shape, Text):
        attrs = f'x="{_n(shape.x)}" y="{_n(shape.y)}" font-size="{_n(shape.size * PT)}"'
        if shape.bold:
            attrs += ' font-weight="bold"'
        if shape.italic:
            attrs += ' font-style="italic"'
        if shape.align != "left":
            attrs += f' text-anchor="{_ANCHOR[shape.align]}"'
        return f"<text {attrs}>{escape(shape.text)}</text>"
    if isinstance(shape, Box):
        fill = "#000" if shape.filled else "none"
        return (
            f'<rect x="{_n(shape.x)}" y="{_n(shape.y)}" width="{_n(shape.w)}" height="{_n(shape.h)}" '
            f'fill="{fill}" stroke="#000" stroke-width="{_n(shape.stroke)}"/>'
        )
    dash = ' stroke-dasharray="1.2 1"' if shape.dashed else ""
    return (
        f'<line x1="{_n(shape.x1)}" y1="{_n(shape.y1)}" x2="{_n(shape.x2)}" y2="{_n(shape.y2)}" '
        f'stroke="#000" stroke-width="{_n(shape.stroke)}"{dash}/>'
    )


def page_svg(page: Page) -> str:
    """The page as an SVG document sized in millimetres, black on white."""
    width, height = _n(page.width), _n(page.height)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
            f'viewBox="0 0 {width} {height}" font-family={quoteattr(FONT)}>'
        ),
        f"<title>{escape(page.title)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>',
    ]
    lines += [_shape(shape) for shape in page.shapes]
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def sheet_svg(data: dict[str, Any] | None, paper: str = "a4") -> str:
    """The Titan Character Sheet (or the blank sheet, with None) as one SVG page."""
    from .sheet_layout import sheet_page

    return page_svg(sheet_page(data, paper))
