"""A table whose cursor picks a row (the roster, the history, the backups, the gold ledger)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import DataTable
from textual.widgets.data_table import RowKey


class RowTable(DataTable[Any]):
    """Home and End go to the first and the last row (a table's own go to the first and last
    column, which a row cursor does not have: they did nothing)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "scroll_top", "First", show=False),
        Binding("end", "scroll_bottom", "Last", show=False),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", **kwargs)

    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        """Measure the new rows, then draw them again: rows drawn under columns just added anew
        (before they were measured) stayed cut at the headers' widths when the table came out
        as wide as before (a roster refreshed with the same Titans)."""
        super()._update_dimensions(new_rows)
        self.refresh()
