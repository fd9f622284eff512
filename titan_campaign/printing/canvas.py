"""A printed page as shapes in millimetres: text, boxes, lines and progress charts.

The sheet, the blank sheet, the spell cards and the game-night card are laid out once as a
``Page``; ``pdf.py``, ``svg.py`` and ``html.py`` only translate its shapes. Text is measured
with the metrics of the shipped font (``fonts.py``), which every format embeds or names, so what
fits in the PDF fits in the SVG and the HTML too. No text is set below ``MIN_SIZE``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from ..rules.errors import RuleError
from ..rules.progress import ProgressRow
from .fonts import (
    FILES,
    advance_widths,
    drawable,
    fallback_advance,
    fallback_for,
    font_path,
    in_shipped_font,
)

if TYPE_CHECKING:
    from fpdf import FPDF

FONT = "dejavu"
"""The name the shipped font is registered under in fpdf2."""

PAPER_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Width and height of each paper size, in millimetres."""

PT = 25.4 / 72  # one typographic point in millimetres
POINTS_PER_MM = 72 / 25.4  # fpdf2 divides by this (its scale factor ``k``) to measure in mm
Align = Literal["left", "right", "center"]

MIN_SIZE = 7.0
"""The smallest type any printout uses, in points: what does not fit at this size goes on."""

BALLOT_BOX = (0.081, 0.646, 0.729, 0.048)
"""The shipped font's ballot box (U+2610), in ems: its left edge from the pen, width, height
up from the baseline and line weight: ``Page.tick_box`` draws a box to tick in its place."""


def register_fonts(pdf: FPDF) -> None:
    """Make the shipped font (regular, bold, italic) available to ``pdf`` as ``FONT``."""
    for style in FILES:
        pdf.add_font(FONT, style, font_path(style))


def font_style(bold: bool, italic: bool) -> str:
    """The fpdf2 style of the shipped font (bold italic is set bold)."""
    return "B" if bold else "I" if italic else ""


@lru_cache(maxsize=8192)
def text_width(text: str, size: float, bold: bool = False, italic: bool = False) -> float:
    """Width in millimetres of ``text`` set at ``size`` points: the shipped font's letters in
    it, a Chinese, Japanese or Korean letter in its fallback font (``fonts.FALLBACKS``)."""
    shown = drawable(text)
    if all(in_shipped_font(char) for char in shown):
        return _shipped_width(shown, size, font_style(bold, italic))
    width = 0.0
    for char in shown:
        if fallback_for(char) is not None:
            width += fallback_advance(char) * size * PT
        else:  # a letter only the upright shipped font has (Arabic in italic text)
            width += _shipped_width(char, size, font_style(bold, italic and in_shipped_font(char)))
    return width


def _shipped_width(text: str, size: float, style: str) -> float:
    """Width in millimetres of ``text`` in the shipped font, as fpdf2 measures it (its advance
    widths in thousandths of an em, so what fits here fits in the PDF too)."""
    widths, missing = advance_widths(style)
    return sum(widths.get(ord(char), missing) for char in text) * size * 0.001 / POINTS_PER_MM


def fit_text(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text`` shortened with "…" so that it fits ``width`` millimetres."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "\u2026", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def fit_size(text: str, width: float, largest: float, smallest: float, bold: bool = False) -> float:
    """The largest point size (down to ``smallest``) at which ``text`` fits ``width``."""
    size = largest
    while size > smallest and text_width(text, size, bold) > width:
        size -= 0.5
    return max(size, smallest, MIN_SIZE)


def _pieces(word: str, width: float, size: float, bold: bool, italic: bool) -> list[str]:
    """A word too long for a line, cut into pieces that each fit (no letter is lost)."""
    pieces, current = [], ""
    for char in word:
        if current and text_width(current + char, size, bold, italic) > width:
            pieces.append(current)
            current = ""
        current += char
    return pieces + [current]


def wrap_text(
    text: str, width: float, size: float, bold: bool = False, italic: bool = False
) -> list[str]:
    """``text`` broken into lines of at most ``width`` millimetres, at spaces; every word kept."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and text_width(trial, size, bold, italic) > width:
            lines.append(current)
            current = word
        else:
            current = trial
        if text_width(current, size, bold, italic) > width:
            *full, current = _pieces(current, width, size, bold, italic)
            lines += full
    if current:
        lines.append(current)
    return lines


@dataclass(frozen=True, slots=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float
    bold: bool = False
    italic: bool = False
    align: Align = "left"
    figure: str = ""  # names the figure a text shows (HTML ``data-figure``), e.g. "gold"


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    filled: bool = False
    stroke: float = 0.3


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: float = 0.2
    dashed: bool = False


@dataclass(frozen=True, slots=True)
class Chart:
    """A Titan's progress chart (``progress_chart.chart_shapes``) in the box (x, y, w, h)."""

    x: float
    y: float
    w: float
    h: float
    title: str
    rows: tuple[ProgressRow, ...]


Shape = Text | Box | Line | Chart


@dataclass
class Page:
    """One printed page: its size in millimetres and the shapes drawn on it, in order."""

    width: float
    height: float
    title: str = ""
    shapes: list[Shape] = field(default_factory=list)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        bold: bool = False,
        italic: bool = False,
        align: Align = "left",
        figure: str = "",
    ) -> None:
        if text:
            self.shapes.append(Text(x, y, text, size, bold, italic, align, figure))

    def box(
        self, x: float, y: float, w: float, h: float, filled: bool = False, stroke: float = 0.3
    ) -> None:
        self.shapes.append(Box(x, y, w, h, filled, stroke))

    def line(
        self, x1: float, y1: float, x2: float, y2: float, stroke: float = 0.2, dashed: bool = False
    ) -> None:
        self.shapes.append(Line(x1, y1, x2, y2, stroke, dashed))

    def chart(
        self, x: float, y: float, w: float, h: float, title: str, rows: tuple[ProgressRow, ...]
    ) -> None:
        self.shapes.append(Chart(x, y, w, h, title, rows))

    def check_boxes(
        self, x: float, y: float, checked: int, total: int = 3, side: float = 3.6, gap: float = 1.2
    ) -> float:
        """``total`` square boxes from (x, y) top-left, the first ``checked`` filled; the end x."""
        for index in range(total):
            self.box(x + index * (side + gap), y, side, side, filled=index < checked, stroke=0.35)
        return x + total * (side + gap)

    def tick_box(self, x: float, baseline: float, size: float) -> float:
        """An empty box to tick before a line of ``size``-point text on ``baseline``: drawn as
        a shape where the ballot box character (U+2610) and a space would stand at ``x``, and
        of that glyph's size in the shipped font. Returns the x where the line's text starts."""
        em = size * PT
        stroke = BALLOT_BOX[3] * em
        left, width, height = (part * em for part in BALLOT_BOX[:3])
        self.box(
            x + left + stroke / 2,
            baseline - height + stroke / 2,
            width - stroke,
            height - stroke,
            stroke=stroke,
        )
        return x + text_width("\u2610 ", size)


def paper_size(paper: str) -> tuple[float, float]:
    try:
        return PAPER_MM[paper]
    except KeyError:
        raise RuleError(f"unknown paper size {paper!r}: choose a4 or letter") from None
