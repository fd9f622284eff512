"""Bar charts drawn with block characters, for the terminal: no plotting library.

``bar_chart`` draws groups of bars (a group a game, a bar a series), each bar as tall as its
value in eighths of a row (``▁▂▃▄▅▆▇█``), standing on the axis (``AXIS``) beside a scale on
the left, the group labels under the axis. A bar's place in its group says which series it
is, and bars wider than a column stand a column apart, so the chart reads without colour;
colour only helps.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

EIGHTHS = " ▁▂▃▄▅▆▇█"
AXIS = "▔"
"""The axis under the bars and the scale's ticks, drawn at the top of their row: the bars stand
on the axis, and a bar of a tick's figure ends level with the tick (a box-drawing line sits in
the middle of its row, half a row off)."""
DIVIDER = "┆"
"""A group of no bars is drawn as a dashed line across the plot (games of another campaign
set apart)."""


@dataclass(frozen=True, slots=True)
class Series:
    """One kind of bar: its name in the legend, its style and the mark the legend shows."""

    label: str
    style: str


def round_top(largest: int, rows: int) -> int:
    """The top of the scale: ``largest`` or more, a round number of steps of 1, 2 or 5 x 10^n
    per row pair, so the labels read well."""
    if largest <= 0:
        return rows
    raw = largest / max(1, rows // 2)
    power = 10 ** math.floor(math.log10(raw))
    step = next(f * power for f in (1, 2, 5, 10) if f * power >= raw)
    return int(step * math.ceil(largest / step))


def groups_that_fit(bars: int, width: int, label_width: int, bar_width: int = 1) -> int:
    """How many groups of ``bars`` bars (and a gap) fit in ``width`` beside the scale."""
    return max(1, (width - label_width - 1) // (bars * bar_width + 1))


def widest_bars(groups: int, bars: int, width: int, label_width: int, widest: int = 4) -> int:
    """The widest bars (up to ``widest`` columns) with which ``groups`` groups fit ``width``."""
    for bar_width in range(widest, 1, -1):
        if groups_that_fit(bars, width, label_width, bar_width) >= groups:
            return bar_width
    return 1


def bar_chart(
    groups: Sequence[tuple[str, Sequence[int | None]]],
    series: Sequence[Series],
    height: int,
    top: int | None = None,
    bar_width: int = 1,
    scale_width: int = 5,
) -> list[Text]:
    """The chart as lines: ``groups`` are (label, one value a series, None for no bar), each
    bar ``bar_width`` columns wide; a group of no values is a divider (``DIVIDER``). The scale
    runs from 0 to ``top`` (rounded up from the largest value when not given).
    """
    largest = max((v for _, values in groups for v in values if v is not None), default=0)
    top = top or round_top(largest, height)
    labels = {height - 1: str(top), (height - 1) // 2: str(top * ((height + 1) // 2) // height)}
    label_width = max(len(str(top)) + 1, scale_width)  # charts drawn one under another align
    lines: list[Text] = []
    for row in range(height - 1, -1, -1):  # top row first
        # a figure's tick at the top of its row, where a bar of that figure ends
        line = Text(labels.get(row, "").rjust(label_width - 1))
        line.append(AXIS if row in labels else " ", style="dim").append("│", style="dim")
        for _, values in groups:
            if not values:  # a divider
                line.append(DIVIDER, style="dim").append(" ")
                continue
            for value, kind in zip(values, series, strict=True):
                filled = 0 if value is None else round(value * height * 8 / top) - row * 8
                mark = EIGHTHS[min(8, max(0, filled))]
                if bar_width > 1:  # a gap after each: bars apart without colour, all as wide
                    line.append(mark * (bar_width - 1), style=kind.style).append(" ")
                else:
                    line.append(mark, style=kind.style)
            line.append(" ")
        lines.append(line)
    axis = Text("0".rjust(label_width - 1) + AXIS * 2, style="dim")
    names = Text(" " * (label_width + 1))
    for label, values in groups:
        if not values:
            axis.append(AXIS * 2, style="dim")
            names.append("  ")
            continue
        span = len(values) * bar_width
        axis.append(AXIS * (span + 1), style="dim")
        names.append(label[: span + 1].ljust(span + 1))
    return [*lines, axis, names]


def legend(series: Sequence[Series], width: int) -> Text:
    """Which bar of a group is which: "█ bar 1: XP earned" and so on, a line holding as many
    as fit in ``width`` cells: an entry is never split from its colour."""
    text = Text()
    line = 0
    for place, kind in enumerate(series, start=1):
        entry = Text.assemble(("█", kind.style), f" bar {place}: {kind.label}")
        if line and line + 3 + entry.cell_len > width:
            text.append("\n")
            line = 0
        elif line:
            text.append("   ")
            line += 3
        text.append_text(entry)
        line += entry.cell_len
    return text
