"""Long names in tables: cut to the column's width with an ellipsis (in full on the sheet)."""

from __future__ import annotations

from rich.cells import cell_len, chop_cells

ELLIPSIS = "…"


def shorten(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells (a Chinese letter takes two): cut with an ellipsis
    when longer."""
    if cell_len(text) <= width:
        return text
    kept = chop_cells(text, max(width - 1, 1))[0]
    while kept and cell_len(kept) > width - 1:  # a wide letter alone on a line of one cell
        kept = kept[:-1]
    return kept + ELLIPSIS
