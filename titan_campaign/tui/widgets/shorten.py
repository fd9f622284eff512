"""Long names in tables: cut to the column's width with an ellipsis (in full on the sheet)."""

from __future__ import annotations

ELLIPSIS = "…"


def shorten(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells: cut with an ellipsis when longer."""
    if len(text) <= width:
        return text
    return text[: max(width - 1, 0)] + ELLIPSIS
