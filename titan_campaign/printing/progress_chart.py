"""A Titan's progress as a line chart drawn with plain shapes: XP earned, XP spent and level
by game (see ``rules/progress.py`` for the figures).

``chart_shapes`` lays the chart out once as lines, marks and texts in a box of any size;
``progress_svg`` and ``draw_progress_pdf`` only translate those shapes, so an HTML page (inline
SVG) and a PDF show the same chart. Each series has its own dash pattern and mark as well as
its colour, so the chart reads in black and white too. No image library is used.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Literal

from ..rules.progress import ProgressRow, by_campaign, level_scale_top
from ..rules.state import XP_PER_LEVEL
from .canvas import FONT, PT, fit_text, register_fonts, text_width
from .fonts import font_face_css, font_family
from .pdf_text import place_text

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = [
    "ChartLine",
    "ChartMark",
    "ChartText",
    "Shape",
    "chart_shapes",
    "chart_svg_elements",
    "chart_texts",
    "draw_progress_pdf",
    "progress_svg",
]

Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True, slots=True)
class ChartLine:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 1.0
    colour: str = "#000000"
    dash: tuple[float, ...] = ()
    """Dash and gap lengths; empty for a solid line."""


@dataclass(frozen=True, slots=True)
class ChartMark:
    """A point of a series: a ``circle``, ``square`` or ``diamond`` of half-size ``size``."""

    x: float
    y: float
    size: float
    shape: Literal["circle", "square", "diamond"]
    colour: str


@dataclass(frozen=True, slots=True)
class ChartText:
    x: float
    y: float  # baseline
    text: str
    size: float
    anchor: Anchor = "start"
    colour: str = "#000000"
    bold: bool = False


Shape = ChartLine | ChartMark | ChartText


@dataclass(frozen=True, slots=True)
class _Series:
    label: str
    colour: str
    dash: tuple[float, ...]
    mark: Literal["circle", "square", "diamond"]


EARNED = _Series("XP earned", "#1f5fa8", (), "circle")
SPENT = _Series("XP spent", "#b8461b", (6.0, 3.0), "square")
LEVEL = _Series("Level (right scale)", "#2e7d32", (2.0, 2.5), "diamond")
GRID = "#d0d0d0"
INK = "#222222"


def nice_step(largest: float, ticks: int = 5) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` steps to ``largest``."""
    if largest <= 0:
        return 1
    raw = largest / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return max(1, int(factor * power))
    return max(1, int(10 * power))  # pragma: no cover - the loop always returns


def chart_shapes(
    rows: Sequence[ProgressRow], title: str, width: float = 640.0, height: float = 360.0
) -> list[Shape]:
    """The chart as shapes in a ``width`` x ``height`` box (any unit; text sizes in that unit).

    No game draws the empty axes and says so; one game draws its points with a note that the
    lines start with a second game.
    """
    unit = min(width / 640.0, height / 360.0)
    text, small = 13.0 * unit, 10.5 * unit
    left, right = 58.0 * unit, width - 48.0 * unit
    named = any(row.played_in for row in rows)  # room over the plot for where games were played
    top, bottom = (72.0 if named else 62.0) * unit, height - 44.0 * unit
    title, size = _fitted(title, width - 16.0 * unit, unit)
    shapes: list[Shape] = [ChartText(width / 2, 20.0 * unit, title, size, "middle", INK, True)]

    xp_top = max([row.earned for row in rows] + [row.spent for row in rows] + [100])
    xp_step = nice_step(xp_top)
    xp_max = xp_step * math.ceil(xp_top / xp_step)
    level_top = level_scale_top(row.level for row in rows)  # as the app's chart
    level_step = nice_step(level_top, 4)
    level_max = level_step * math.ceil(level_top / level_step)
    if 0.75 <= level_max * XP_PER_LEVEL / xp_max <= 1.34:
        # a level is spent XP // 200 (R2): on scales of that ratio the level line lay on the
        # XP spent line and hid it, though the legend listed it; at half the height, apart
        level_max *= 2

    def y_xp(xp: float) -> float:
        return bottom - (bottom - top) * xp / xp_max

    def y_level(level: float) -> float:
        return bottom - (bottom - top) * level / level_max

    for xp in range(0, xp_max + 1, xp_step):  # left scale and grid
        y = y_xp(xp)
        shapes.append(ChartLine(left, y, right, y, 0.6 * unit, GRID))
        shapes.append(ChartText(left - 6 * unit, y + 4 * unit, str(xp), small, "end", INK))
    for level in range(0, level_max + 1, level_step):  # right scale
        y = y_level(level)
        shapes.append(ChartLine(right, y, right + 4 * unit, y, 1.0 * unit, LEVEL.colour))
        shapes.append(
            ChartText(right + 7 * unit, y + 4 * unit, str(level), small, "start", LEVEL.colour)
        )
    shapes += [
        ChartLine(left, top, left, bottom, 1.2 * unit, INK),
        ChartLine(right, top, right, bottom, 1.2 * unit, LEVEL.colour),
        ChartLine(left, bottom, right, bottom, 1.2 * unit, INK),
        ChartText(14 * unit, (top + bottom) / 2, "XP", small, "middle", INK, True),
        ChartText((left + right) / 2, height - 8 * unit, "Game", small, "middle", INK, True),
    ]
    shapes += _legend(width, 42.0 * unit, unit)

    if not rows:
        note = "No games recorded yet: the chart starts after the first game."
        shapes.append(ChartText((left + right) / 2, (top + bottom) / 2, note, text, "middle", INK))
        return shapes

    span = right - left
    xs = [left + span * (index + 0.5) / len(rows) for index in range(len(rows))]
    every = max(1, math.ceil(len(rows) * 34 * unit / span))  # game labels at least 34 apart
    labelled = set(range(len(rows) - 1, -1, -every))  # the last game always has its number
    for index, (x, row) in enumerate(zip(xs, rows, strict=True)):
        shapes.append(ChartLine(x, bottom, x, bottom + 4 * unit, 1.0 * unit, INK))
        if index in labelled:
            shapes.append(ChartText(x, bottom + 17 * unit, str(row.game), small, "middle", INK))
    shapes += _campaigns(rows, (left, top, bottom, width), span / len(rows), small, unit)
    # each series a little apart, so that marks of one height never hide one another
    apart = min(3.0 * unit, span / len(rows) / 8)
    for side, (series, ys) in enumerate(
        (
            (EARNED, [y_xp(row.earned) for row in rows]),
            (SPENT, [y_xp(row.spent) for row in rows]),
            (LEVEL, [y_level(row.level) for row in rows]),
        ),
        start=-1,
    ):
        xs_of = [x + side * apart for x in xs]
        for x1, y1, x2, y2 in zip(xs_of, ys, xs_of[1:], ys[1:], strict=False):
            shapes.append(
                ChartLine(
                    x1, y1, x2, y2, 2.2 * unit, series.colour, tuple(d * unit for d in series.dash)
                )
            )
        shapes += [
            ChartMark(x, y, 3.6 * unit, series.mark, series.colour)
            for x, y in zip(xs_of, ys, strict=True)
        ]
    if len(rows) == 1:  # left of the game's marks, which stand in the middle: never over them
        for number, note in enumerate(("One game so far:", "lines start with a second game.")):
            y = top + (16 + 14 * number) * unit
            shapes.append(ChartText(left + 8 * unit, y, note, small, "start", INK))
    return shapes


def _campaigns(
    rows: Sequence[ProgressRow],
    box: tuple[float, float, float, float],
    step: float,
    size: float,
    unit: float,
) -> list[Shape]:
    """An imported Titan's games of another campaign set apart as the table sets them
    (``by_campaign``): a dashed divider across the plot and the game numbers where the
    campaign changes, and over each campaign's games a bracket and where they were played
    ("played in The Iron Crown", "played in this campaign"), as large as the game numbers,
    never over another campaign's games: too wide for its bracket, it goes without "played
    in", then is shortened with "…"; over a bracket too short for a few letters, the bracket
    and the table below say it alone. ``box``: the plot's left, top and bottom, and the
    chart's width."""
    if not any(row.played_in for row in rows):
        return []  # every game played in this campaign
    left, top, bottom, _width = box
    spans: list[list[float]] = []  # each campaign's games: where they start and end
    names: list[str] = []
    for line in by_campaign(rows):
        if isinstance(line, str):
            start = spans[-1][1] if spans else left
            spans.append([start, start])
            names.append(line.rstrip(":"))
        else:
            spans[-1][1] += step
    y = top - 9 * unit
    labels: list[Shape] = []
    for (start, stop), name in zip(spans, names, strict=True):
        room = (stop - start - 4 * unit) * PT  # its bracket's width
        if text_width(name, size) > room:
            name = name.removeprefix("played in ")
        shown = fit_text(name, room, size)
        if len(shown.rstrip("\u2026")) >= 3:  # a few letters at least, or none
            labels.append(ChartText(start + 2 * unit, y, shown, size))
    shapes = labels
    for start, stop in spans:
        a, b, rule = start + 2 * unit, stop - 2 * unit, top - 4.5 * unit
        shapes += [
            ChartLine(a, rule, b, rule, 1.4 * unit, INK),
            ChartLine(a, rule, a, top - 1 * unit, 1.4 * unit, INK),
            ChartLine(b, rule, b, top - 1 * unit, 1.4 * unit, INK),
        ]
        if start > left:
            dash = (3.0 * unit, 2.0 * unit)
            shapes.append(ChartLine(start, rule, start, bottom + 20 * unit, 1.2 * unit, INK, dash))
    return shapes


def _fitted(title: str, room: float, unit: float) -> tuple[str, float]:
    """The title and its size, in the chart's ``unit``, to fit ``room``: from 15 units down to
    the chart's small text (10.5), then without what the chart is ("Thorn: XP and level by
    game"), then shortened with "…" (a name is 60 letters at most)."""
    size = 15.0 * unit
    # the font's widths are in ems: a size in the chart's unit measures in that unit too
    if text_width(title, 10.5 * unit, bold=True) / PT > room and ": " in title:
        title = title.rpartition(": ")[0]  # a long name: what the chart is goes, not the name
    while size > 10.5 * unit and text_width(title, size, bold=True) / PT > room:
        size -= 0.5 * unit
    return fit_text(title, room * PT, size, bold=True), size


def chart_texts(rows: Sequence[ProgressRow], title: str) -> str:
    """Every character the chart writes (for cutting an embedded font down to)."""
    words = [shape.text for shape in chart_shapes(rows, title) if isinstance(shape, ChartText)]
    return "".join(words) + "0123456789"


def _legend(width: float, y: float, unit: float) -> list[Shape]:
    shapes: list[Shape] = []
    entry = 170.0 * unit
    x = width / 2 - 1.5 * entry
    for series in (EARNED, SPENT, LEVEL):
        dash = tuple(d * unit for d in series.dash)
        shapes.append(
            ChartLine(x, y - 4 * unit, x + 30 * unit, y - 4 * unit, 2.2 * unit, series.colour, dash)
        )
        shapes.append(
            ChartMark(x + 15 * unit, y - 4 * unit, 3.6 * unit, series.mark, series.colour)
        )
        shapes.append(ChartText(x + 36 * unit, y, series.label, 11.0 * unit, "start", INK))
        x += entry
    return shapes


# --- SVG ----------------------------------------------------------------------------------


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _svg_shape(shape: Shape) -> str:
    if isinstance(shape, ChartText):
        weight = ' font-weight="bold"' if shape.bold else ""
        return (
            f'<text x="{_n(shape.x)}" y="{_n(shape.y)}" font-size="{_n(shape.size)}" '
            f'text-anchor="{shape.anchor}" fill="{shape.colour}"{weight}>{escape(shape.text, quote=False)}</text>'
        )
    if isinstance(shape, ChartLine):
        dash = f' stroke-dasharray="{" ".join(_n(d) for d in shape.dash)}"' if shape.dash else ""
        return (
            f'<line x1="{_n(shape.x1)}" y1="{_n(shape.y1)}" x2="{_n(shape.x2)}" y2="{_n(shape.y2)}" '
            f'stroke="{shape.colour}" stroke-width="{_n(shape.width)}"{dash}/>'
        )
    x, y, s = shape.x, shape.y, shape.size
    if shape.shape == "circle":
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(s)}" fill="{shape.colour}"/>'
    if shape.shape == "square":
        return f'<rect x="{_n(x - s)}" y="{_n(y - s)}" width="{_n(2 * s)}" height="{_n(2 * s)}" fill="{shape.colour}"/>'
    points = " ".join(f"{_n(px)},{_n(py)}" for px, py in _diamond(x, y, s))
    return f'<polygon points="{points}" fill="{shape.colour}"/>'


def _diamond(x: float, y: float, size: float) -> list[tuple[float, float]]:
    reach = size * 1.3
    return [(x, y - reach), (x + reach, y), (x, y + reach), (x - reach, y)]


def chart_svg_elements(
    rows: Sequence[ProgressRow], title: str, width: float, height: float, x: float, y: float
) -> str:
    """The chart's shapes as SVG elements in a group placed at (x, y), to draw on a page."""
    body = "\n".join(_svg_shape(shape) for shape in chart_shapes(rows, title, width, height))
    return f'<g transform="translate({_n(x)} {_n(y)})">\n{body}\n</g>'


def progress_svg(
    rows: Sequence[ProgressRow], title: str, width: float = 640.0, height: float = 360.0
) -> str:
    """The chart as a standalone SVG document (also fit to inline in HTML)."""
    body = "\n".join(_svg_shape(shape) for shape in chart_shapes(rows, title, width, height))
    letters = chart_texts(rows, title)  # the fonts embedded, cut down to the chart's letters
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="{escape(font_family(letters))}" '
        f'role="img">\n<title>{escape(title, quote=False)}</title>\n'
        f"<style>{font_face_css(letters)}</style>\n"
        f'<rect width="100%" height="100%" fill="#ffffff"/>\n{body}\n</svg>\n'
    )


# --- PDF ----------------------------------------------------------------------------------

_PT_PER_MM = 72 / 25.4


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def draw_progress_pdf(
    pdf: FPDF,
    rows: Sequence[ProgressRow],
    x: float,
    y: float,
    w: float,
    h: float,
    title: str = "Progress",
) -> None:
    """Draw the chart on ``pdf``'s current page in the box (x, y, w, h), in the PDF's unit
    (millimetres for ``FPDF(unit="mm")``), in the shipped font (registered here if needed)."""
    if FONT not in pdf.fonts:
        register_fonts(pdf)
    scale = pdf.k  # points per user unit
    for shape in chart_shapes(rows, title, w, h):
        if isinstance(shape, ChartText):
            pdf.set_text_color(*_rgb(shape.colour))
            pdf.set_font(FONT, "B" if shape.bold else "", shape.size * scale)
            align = {"start": "left", "middle": "center", "end": "right"}[shape.anchor]
            place_text(pdf, x + shape.x, y + shape.y, shape.text, align)
        elif isinstance(shape, ChartLine):
            pdf.set_draw_color(*_rgb(shape.colour))
            pdf.set_line_width(shape.width)
            if shape.dash:
                pdf.set_dash_pattern(dash=shape.dash[0], gap=shape.dash[1])
            pdf.line(x + shape.x1, y + shape.y1, x + shape.x2, y + shape.y2)
            if shape.dash:
                pdf.set_dash_pattern()
        else:
            pdf.set_fill_color(*_rgb(shape.colour))
            px, py, s = x + shape.x, y + shape.y, shape.size
            if shape.shape == "circle":
                pdf.ellipse(px - s, py - s, 2 * s, 2 * s, style="F")
            elif shape.shape == "square":
                pdf.rect(px - s, py - s, 2 * s, 2 * s, style="F")
            else:
                pdf.polygon(_diamond(px, py, s), style="F")
    pdf.set_text_color(0, 0, 0)
    pdf.set_draw_color(0, 0, 0)
