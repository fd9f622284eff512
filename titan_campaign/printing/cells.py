"""Plain text measured in terminal cells, as a terminal shows it: a Chinese, Japanese or Korean
letter takes two cells, a combining accent none. Rich measures (``cell_len``) and cuts
(``chop_cells``); a text printout never passes ``WIDTH`` cells and never cuts a word off."""

from __future__ import annotations

import re

from rich.cells import cell_len, chop_cells

WIDTH = 80
_SPACES = re.compile(r"([ \t\n\v\f\r]+)")
"""What breaks a line, as in Python's textwrap (a no-break space does not)."""


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes."""
    return cell_len(text)


def wrap(text: str, width: int = WIDTH, indent: str = "", more: str | None = None) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken at spaces (a word wider than a line,
    or a run of Chinese letters, is broken between letters); ``more`` indents the lines after
    the first (``indent`` by default). The spaces between words on a line and before the
    first stay as they are (columns line up), those at a break go. Nothing is left out."""
    lines: list[str] = []
    line, gap, words = indent, "", 0
    for at, part in enumerate(_SPACES.split(text.expandtabs())):
        if at % 2:  # the spaces between two words
            gap = " " * len(part)
            continue
        while part:
            joined = line + gap + part
            if cell_len(joined) <= width:
                line, gap, words, part = joined, "", words + 1, ""
                continue
            if not words:  # wider than a line: what fits here (a letter at least), then the rest
                fits = chop_cells(part, max(width - cell_len(line + gap), 1))
                head = next(piece for piece in fits if piece)
                line, part = line + gap + head, part[len(head) :]
            lines.append(line)
            line, gap, words = indent if more is None else more, "", 0
    if words:
        lines.append(line)
    return lines or [indent.rstrip()]


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` cells (left-aligned)."""
    return text + " " * (width - cell_len(text))


def right(text: str, width: int) -> str:
    """``text`` padded on the left to ``width`` cells (right-aligned)."""
    return " " * (width - cell_len(text)) + text


def apart(left: str, far: str, width: int = WIDTH) -> list[str]:
    """``left`` and ``far`` on one line, ``far`` right-aligned, when both fit with a space
    between them; otherwise ``far`` wraps onto lines of its own under ``left``."""
    if cells(left) + 1 + cells(far) <= width:
        return [left + right(far, width - cells(left))]
    return [left, *wrap(far, width)]
