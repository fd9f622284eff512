"""Text in a PDF in any script: fallback fonts for the letters DejaVu lacks, right-to-left order.

fpdf2's ``text()`` sets a string in one font, left to right. A string with a letter only a
fallback font draws (Chinese, Japanese, Korean) or in a right-to-left script (Arabic, Hebrew)
goes through ``cell()`` instead, where fpdf2 switches to the fallback fonts given with
``set_fallback_fonts`` letter by letter, and shapes and orders the text (HarfBuzz, the Unicode
bidirectional algorithm) when text shaping is on.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from .fonts import (
    FILES,
    WEIGHTS,
    drawable,
    fallback_needs,
    fallback_subset,
    in_shipped_font,
    pdf_font,
)

if TYPE_CHECKING:
    from fpdf import FPDF

FALLBACK_UPRIGHT = "dejavu upright"
"""The upright shipped font as a fallback: italic Arabic is set upright (no oblique has it)."""

_RIGHT_TO_LEFT = {"R", "AL", "AN"}


def right_to_left(text: str) -> bool:
    """True when ``text`` has a letter written right to left (Hebrew, Arabic)."""
    return any(unicodedata.bidirectional(char) in _RIGHT_TO_LEFT for char in text)


def add_fonts(pdf: FPDF, family: str, text: str, folder: Path) -> None:
    """Register, in ``pdf``, the shipped font as ``family`` (regular, bold, italic) cut down
    for ``text`` (``fonts.pdf_font``), and the fallback fonts ``text`` needs, if any. The font
    files are written in ``folder``, which must last until the PDF is output."""
    shipped = {style: folder / f"shipped{style}.ttf" for style in FILES}
    for style, path in shipped.items():
        path.write_bytes(pdf_font(style, text))
        pdf.add_font(family, style, path)
    if not all(in_shipped_font(char) for char in text):
        _add_fallback_fonts(pdf, text, folder, shipped)


def _add_fallback_fonts(pdf: FPDF, text: str, folder: Path, shipped: dict[str, Path]) -> None:
    """Register the fallback fonts ``text`` needs, each cut to the letters it draws, after the
    upright shipped font (``shipped``: its files by style)."""
    families = [FALLBACK_UPRIGHT]
    pdf.add_font(FALLBACK_UPRIGHT, "", shipped[""])
    pdf.add_font(FALLBACK_UPRIGHT, "B", shipped["B"])
    for index, (fallback, chars) in enumerate(fallback_needs(text).items()):
        family = fallback.family.lower()
        for style, weight in WEIGHTS.items():
            path = folder / f"fallback-{index}{style}.ttf"
            path.write_bytes(fallback_subset(fallback, chars, weight))
            pdf.add_font(family, style, path)
        families.append(family)
    pdf.set_fallback_fonts(families, exact_match=False)
    pdf.c_margin = 0


def _direction(text: str) -> str:
    """A text of a right-to-left script alone (a note in Hebrew, its figures in their place)
    reads right to left; one with a left-to-right letter is a line of the left-to-right page
    (an Arabic name first in it, "صلاح الدين: 175 XP"): its name keeps its place, first."""
    return "ltr" if any(unicodedata.bidirectional(char) == "L" for char in text) else "rtl"


def place_text(pdf: FPDF, x: float, y: float, text: str, align: str = "left") -> None:
    """Set ``text`` in ``pdf``'s current font with its baseline at ``y``; ``x`` is its left,
    right or centre as ``align`` says. A letter no font has prints as a white square."""
    text = drawable(text)
    plain = all(in_shipped_font(char) for char in text) and not right_to_left(text)
    if plain:
        if align != "left":
            width = pdf.get_string_width(text)
            x -= width if align == "right" else width / 2
        pdf.text(x, y, text)
        return
    if right_to_left(text):
        pdf.set_text_shaping(True, direction=_direction(text))
    width = pdf.get_string_width(text)
    if align != "left":
        x -= width if align == "right" else width / 2
    size = pdf.font_size
    pdf.set_xy(x, y - 0.8 * size)  # fpdf2 sets a cell's baseline 0.8 of the size below its top
    pdf.cell(w=width, h=size, text=text)
    pdf.set_text_shaping(False)
