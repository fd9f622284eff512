"""A printed page as shapes in millimetres: text, boxes and lines.

The sheet, the blank sheet, the spell cards and the game-night card are laid out once as a
``Page``; ``pdf.py`` and ``svg.py`` only translate its shapes. Text is measured with the metrics
of the PDF core font Helvetica (metric-compatible with Arial and Liberation Sans), so what fits
in the PDF fits in the SVG too.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from fpdf import FPDF

from ..rules.errors import RuleError

PAPER_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Width and height of each paper size, in millimetres."""

PT = 25.4 / 72  # one typographic point in millimetres
Align = Literal["left", "right", "center"]

_TYPOGRAPHY = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2013": "-",
    "\u2014": "-",
    "\u2026": "...",
    "\u2022": "*",
    "\u2212": "-",
    "\u00a0": " ",
    "\u0141": "L",
    "\u0142": "l",
    "\u0110": "D",
    "\u0111": "d",
    "\u0152": "OE",
    "\u0153": "oe",
    "\u0131": "i",
}


def latin1(text: str) -> str:
    """``text`` with every character the PDF core fonts cannot encode replaced (accents kept)."""
    out = []
    for char in text:
        char = _TYPOGRAPHY.get(char, char)
        if len(char) == 1 and ord(char) > 255:
            decomposed = unicodedata.normalize("NFKD", char)
            char = "".join(c for c in decomposed if ord(c) < 256) or "?"
        out.append(char)
    return "".join(out)


@lru_cache(maxsize=1)
def _meter() -> FPDF:
    return FPDF(unit="mm")


@lru_cache(maxsize=4096)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in millimetres of ``text`` set in Helvetica at ``size`` points."""
    meter = _meter()
    meter.set_font("helvetica", "B" if bold else "", size)
    return float(meter.get_string_width(latin1(text)))


def fit_text(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text`` shortened with "..." so that it fits ``width`` millimetres."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "...", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "..."


def fit_size(text: str, width: float, largest: float, smallest: float, bold: bool = False) -> float:
    """The largest point size (down to ``smallest``) at which ``text`` fits ``width``."""
    size = largest
    while size > smallest and text_width(text, size, bold) > width:
        size -= 0.5
    return max(size, smallest)


def wrap_text(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines of at most ``width`` millimetres, at spaces."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and text_width(trial, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return [fit_text(line, width, size, bold) for line in lines]


@dataclass(frozen=True, slots=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float
    bold: bool = False
    italic: bool = False
    align: Align = "left"


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


Shape = Text | Box | Line


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
    ) -> None:
        if text:
            self.shapes.append(Text(x, y, text, size, bold, italic, align))

    def box(
        self, x: float, y: float, w: float, h: float, filled: bool = False, stroke: float = 0.3
    ) -> None:
        self.shapes.append(Box(x, y, w, h, filled, stroke))

    def line(
        self, x1: float, y1: float, x2: float, y2: float, stroke: float = 0.2, dashed: bool = False
    ) -> None:
        self.shapes.append(Line(x1, y1, x2, y2, stroke, dashed))

    def check_boxes(
        self, x: float, y: float, checked: int, total: int = 3, side: float = 3.6, gap: float = 1.2
    ) -> float:
        """``total`` square boxes from (x, y) top-left, the first ``checked`` filled; the end x."""
        for index in range(total):
            self.box(x + index * (side + gap), y, side, side, filled=index < checked, stroke=0.35)
        return x + total * (side + gap)


def paper_size(paper: str) -> tuple[float, float]:
    try:
        return PAPER_MM[paper]
    except KeyError:
        raise RuleError(f"unknown paper size {paper!r}: choose a4 or letter") from None
