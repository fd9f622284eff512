"""Plain text measured in terminal cells, as a terminal shows it: a Chinese, Japanese or Korean
letter takes two cells, a combining accent none. wcwidth measures, wraps and pads; a text
printout never passes ``WIDTH`` cells and never cuts a word off."""

from __future__ import annotations

import wcwidth

WIDTH = 80


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes."""
    return max(wcwidth.width(text), 0)


def wrap(text: str, width: int = WIDTH, indent: str = "", more: str | None = None) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken at spaces (a word wider than a line,
    or a run of Chinese letters, is broken between letters); ``more`` indents the lines after
    the first (``indent`` by default). Nothing is left out."""
    lines: list[str] = wcwidth.wrap(
        text, width, initial_indent=indent, subsequent_indent=indent if more is None else more
    )
    return lines or [indent.rstrip()]


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` cells (left-aligned)."""
    return str(wcwidth.ljust(text, width))


def right(text: str, width: int) -> str:
    """``text`` padded on the left to ``width`` cells (right-aligned)."""
    return str(wcwidth.rjust(text, width))


def apart(left: str, far: str, width: int = WIDTH) -> list[str]:
    """``left`` and ``far`` on one line, ``far`` right-aligned, when both fit with a space
    between them; otherwise ``far`` wraps onto lines of its own under ``left``."""
    if cells(left) + 1 + cells(far) <= width:
        return [left + right(far, width - cells(left))]
    return [left, *wrap(far, width)]
