"""A check box that reads ``✓`` when ticked and blank when not, so the difference never rests
on the colour of the mark alone (Textual's own box shows the same ``X`` either way)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox

TICKED = "✓"
UNTICKED = " "


class Tick(Checkbox):
    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = TICKED if self.value else UNTICKED
        return super()._button
